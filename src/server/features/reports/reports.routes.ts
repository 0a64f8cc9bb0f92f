import type { FastifyInstance } from 'fastify';
import { requireUser, SIGNED_IN } from '../../platform/sessions/session.plugin';
import type { ReportsService } from './reports.service';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';

export function registerReportsRoutes(app: FastifyInstance, reports: ReportsService) {
  defineRoute(
    app,
    endpoints.reports.postConversationsByIdReport,
    {
      config: { ...SIGNED_IN, creates: true },
      schema: { tags: ['reports'], summary: 'Report a conversation you are in to the CareMatch team' },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reports.reportConversation(request.params.id, requireUser(request), request.body)),
  );

  defineRoute(
    app,
    endpoints.reports.postReviewsByIdReport,
    {
      config: { ...SIGNED_IN, creates: true },
      schema: { tags: ['reports'], summary: 'Report a review to the CareMatch team (signed-in users)' },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reports.reportReview(request.params.id, requireUser(request), request.body)),
  );

  defineRoute(
    app,
    endpoints.reports.postCarersByIdReport,
    {
      config: { ...SIGNED_IN, creates: true },
      schema: {
        tags: ['reports'],
        summary: "Report a carer's profile to the CareMatch team (signed-in users)",
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reports.reportCarer(request.params.id, requireUser(request), request.body)),
  );
}
