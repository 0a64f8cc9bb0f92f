import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@contracts/errors';
import { ReportInput, ReportReceipt } from '@contracts/reports';
import { requireUser, SIGNED_IN } from '../../platform/sessions/session.plugin';
import type { ReportsService } from './reports.service';
import { endpoints } from '@contracts/endpoints';
import { defineRoute } from '../../platform/define-route';

const IdParams = z.object({ id: z.string().max(64) });
const responses = {
  201: ReportReceipt,
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  429: ErrorBody,
};

export function registerReportsRoutes(app: FastifyInstance, reports: ReportsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  defineRoute(
    api,
    endpoints.reports.postConversationsByIdReport,
    {
      config: { ...SIGNED_IN, creates: true },
      schema: {
        tags: ['reports'],
        summary: 'Report a conversation you are in to the CareMatch team',
        params: IdParams,
        body: ReportInput,
        response: responses,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reports.reportConversation(request.params.id, requireUser(request), request.body)),
  );

  defineRoute(
    api,
    endpoints.reports.postReviewsByIdReport,
    {
      config: { ...SIGNED_IN, creates: true },
      schema: {
        tags: ['reports'],
        summary: 'Report a review to the CareMatch team (signed-in users)',
        params: IdParams,
        body: ReportInput,
        response: responses,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reports.reportReview(request.params.id, requireUser(request), request.body)),
  );
}
