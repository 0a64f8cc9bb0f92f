import type { FastifyInstance } from 'fastify';
import { CARE_REQUEST_MESSAGES } from '@contracts/care-requests';
import { onlyRoles, requireUser } from '../../platform/sessions/session.plugin';
import type { CareRequestsService } from './care-requests.service';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';

const customers = onlyRoles(['customer'], CARE_REQUEST_MESSAGES.onlyCustomers);
const carers = onlyRoles(['carer'], CARE_REQUEST_MESSAGES.onlyCarers);

/** Care requests (decision 0024): families post what they need, carers near them answer. */
export function registerCareRequestsRoutes(app: FastifyInstance, careRequests: CareRequestsService) {
  defineRoute(
    app,
    endpoints.careRequests.post,
    {
      config: { ...customers, creates: true },
      schema: { tags: ['care-requests'], summary: 'Post a care request (families; free)' },
    },
    async (request, reply) =>
      reply.status(201).send(await careRequests.post(requireUser(request), request.body)),
  );

  defineRoute(
    app,
    endpoints.careRequests.getMine,
    {
      config: customers,
      schema: { tags: ['care-requests'], summary: 'Your care requests and the carers who answered' },
    },
    async (request) => ({ items: await careRequests.mine(requireUser(request)) }),
  );

  defineRoute(
    app,
    endpoints.careRequests.getNearby,
    {
      config: carers,
      schema: {
        tags: ['care-requests'],
        summary: 'Open care requests near you that fit your care type and week (carers)',
      },
    },
    async (request) => ({ items: await careRequests.nearby(requireUser(request)) }),
  );

  defineRoute(
    app,
    endpoints.careRequests.patchById,
    {
      config: customers,
      schema: {
        tags: ['care-requests'],
        summary: 'Change your care request, or close it (filled, no longer needed)',
      },
    },
    async (request) => careRequests.update(requireUser(request), request.params.id, request.body),
  );

  defineRoute(
    app,
    endpoints.careRequests.getSettingsRequestAlerts,
    {
      config: carers,
      schema: {
        tags: ['care-requests'],
        summary: 'Whether you are emailed about new care requests near you (carers)',
      },
    },
    async (request) => careRequests.alerts(requireUser(request)),
  );

  defineRoute(
    app,
    endpoints.careRequests.putSettingsRequestAlerts,
    {
      config: carers,
      schema: { tags: ['care-requests'], summary: 'Turn the care request emails on or off (carers)' },
    },
    async (request) => careRequests.setAlerts(requireUser(request), request.body.on),
  );

  defineRoute(
    app,
    endpoints.careRequests.postByIdResponses,
    {
      config: { ...carers, creates: true },
      schema: {
        tags: ['care-requests'],
        summary: 'Answer a care request near you with a message (carers; once per request)',
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await careRequests.respond(requireUser(request), request.params.id, request.body)),
  );
}
