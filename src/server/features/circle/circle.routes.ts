import type { FastifyInstance } from 'fastify';
import { CIRCLE_MESSAGES } from '@contracts/circle';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';
import { onlyRoles, requireUser, SIGNED_IN } from '../../platform/sessions/session.plugin';
import type { CircleService } from './circle.service';

const tags = ['family circle'];
const FAMILIES = onlyRoles(['customer'], CIRCLE_MESSAGES.onlyFamilies);

/** The family circle (decision 0036); its access to arrangements is the arrangements feature's. */
export function registerCircleRoutes(app: FastifyInstance, circle: CircleService) {
  defineRoute(
    app,
    endpoints.circle.get,
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Your family circle (families) and the circles you are in' },
    },
    async (request) => circle.circleOf(requireUser(request)),
  );

  defineRoute(
    app,
    endpoints.circle.postInvitations,
    {
      config: { ...FAMILIES, creates: true },
      schema: { tags, summary: 'Invite a relative by email, as "can see" or "can arrange" (families)' },
    },
    async (request, reply) => reply.status(201).send(await circle.invite(requireUser(request), request.body)),
  );

  defineRoute(
    app,
    endpoints.circle.deleteInvitationsById,
    { config: FAMILIES, schema: { tags, summary: 'Take back an open invitation (families)' } },
    async (request) => {
      await circle.cancelInvitation(requireUser(request), request.params.id);
      return { done: true as const };
    },
  );

  defineRoute(
    app,
    endpoints.circle.postInvitationsPreview,
    {
      config: { anonymous: true },
      schema: { tags, summary: 'Whose family circle an invitation link is for (anyone holding the link)' },
    },
    async (request) => circle.preview(request.body.token),
  );

  defineRoute(
    app,
    endpoints.circle.postInvitationsAccept,
    {
      // Who may join is answered before what the body holds (decision 0020).
      config: { ...onlyRoles(['customer'], CIRCLE_MESSAGES.onlyFamiliesJoin), keepsAccount: true },
      schema: { tags, summary: 'Join a family circle with the invited, confirmed email address (families)' },
    },
    async (request) => circle.accept(requireUser(request), request.body.token),
  );

  defineRoute(
    app,
    endpoints.circle.patchMembersById,
    { config: FAMILIES, schema: { tags, summary: 'Change what a member may do (families)' } },
    async (request) => circle.setRole(requireUser(request), request.params.id, request.body.role),
  );

  defineRoute(
    app,
    endpoints.circle.deleteMembersById,
    { config: FAMILIES, schema: { tags, summary: 'Remove a member; their access ends at once (families)' } },
    async (request) => {
      await circle.remove(requireUser(request), request.params.id);
      return { done: true as const };
    },
  );

  defineRoute(
    app,
    endpoints.circle.deleteMembershipsById,
    { config: SIGNED_IN, schema: { tags, summary: 'Leave a family circle you are in' } },
    async (request) => {
      await circle.leave(requireUser(request), request.params.id);
      return { done: true as const };
    },
  );

  defineRoute(
    app,
    endpoints.circle.getSettingsNotifications,
    { config: SIGNED_IN, schema: { tags, summary: 'Which kinds of event you are emailed about' } },
    async (request) => circle.notificationSettings(requireUser(request)),
  );

  defineRoute(
    app,
    endpoints.circle.putSettingsNotifications,
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Turn one kind of email on or off (security emails are always sent)' },
    },
    async (request) => circle.setNotification(requireUser(request), request.body),
  );
}
