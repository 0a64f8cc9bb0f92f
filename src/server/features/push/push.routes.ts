import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@contracts/api';
import { AppError } from '../../platform/errors';
import { defineRoute } from '../../platform/define-route';
import { onlyRoles, requireUser, SIGNED_IN } from '../../platform/sessions/session.plugin';
import { PUSH_MESSAGES } from '@contracts/push';
import type { PushService } from './push.service';

const tags = ['push'];

function sessionOf(request: FastifyRequest) {
  const user = requireUser(request);
  if (!request.session) throw AppError.unauthorized();
  return { user, session: request.session };
}

export function registerPushRoutes(app: FastifyInstance, push: PushService) {
  defineRoute(
    app,
    endpoints.push.getKey,
    { config: SIGNED_IN, schema: { tags, summary: 'Whether push works here, and the VAPID public key' } },
    async () => push.key(),
  );

  defineRoute(
    app,
    endpoints.push.postSubscriptions,
    {
      // Admins get no notices; refused before the body is read.
      config: onlyRoles(['customer', 'carer'], PUSH_MESSAGES.onlyFamiliesAndCarers),
      schema: { tags, summary: 'Turn push on for this browser' },
    },
    async (request, reply) => {
      const { user, session } = sessionOf(request);
      const device = await push.subscribe(user, session, request.body, request.headers['user-agent']);
      return reply.status(201).send(device);
    },
  );

  defineRoute(
    app,
    endpoints.push.postSubscriptionsRemove,
    { config: SIGNED_IN, schema: { tags, summary: 'Turn push off for this browser' } },
    async (request, reply) => {
      await push.unsubscribe(requireUser(request), request.body.endpoint);
      return reply.status(204).send(null);
    },
  );

  defineRoute(
    app,
    endpoints.push.deleteSubscriptionsById,
    { config: SIGNED_IN, schema: { tags, summary: 'Turn push off for one of your devices' } },
    async (request, reply) => {
      await push.removeDevice(requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  defineRoute(
    app,
    endpoints.push.getSettingsPush,
    { config: SIGNED_IN, schema: { tags, summary: 'Your push settings and devices' } },
    async (request) => {
      const { user, session } = sessionOf(request);
      return push.settings(user, session);
    },
  );

  defineRoute(
    app,
    endpoints.push.putSettingsPush,
    { config: SIGNED_IN, schema: { tags, summary: 'Change which kinds are pushed, and previews' } },
    async (request) => {
      const { user, session } = sessionOf(request);
      return push.saveSettings(user, session, request.body);
    },
  );
}
