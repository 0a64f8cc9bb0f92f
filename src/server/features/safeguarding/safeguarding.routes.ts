import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminReport,
  ReportAccount,
  ReportQueueQuery,
  ResolveReportInput,
  SessionsEnded,
} from '@contracts/safeguarding';
import { ErrorBody } from '@contracts/errors';
import { sendPagingHeaders } from '../../platform/admin-paging';
import { requireRole } from '../../platform/sessions/session.plugin';
import type { SafeguardingService } from './safeguarding.service';
import { endpoints } from '@contracts/endpoints';
import { defineRoute } from '../../platform/define-route';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const IdParams = z.object({ id: z.string().max(64) });
export function registerSafeguardingRoutes(app: FastifyInstance, safeguarding: SafeguardingService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const actor = (request: Parameters<typeof requireRole>[0]) => ({
    user: requireRole(request, 'admin'),
    ipAddress: request.ip,
  });

  defineRoute(
    api,
    endpoints.safeguarding.getAdminReports,
    {
      schema: {
        tags: ['admin'],
        summary:
          'The safeguarding queue: reports with their context (open oldest first; others newest first), a page at a time; `q` searches the reporter’s and the reported account’s names and emails',
        description:
          'The body is the page’s array. X-Total-Count: every match; X-Next-Cursor and Link rel="next" while more follow.',
        querystring: ReportQueueQuery,
        response: { 200: z.array(AdminReport), ...errors },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('cache-control', 'no-store');
      const page = await safeguarding.list(request.query);
      sendPagingHeaders(request, reply, request.query, page);
      return page.rows;
    },
  );

  defineRoute(
    api,
    endpoints.safeguarding.postAdminReportsByIdResolve,
    {
      schema: {
        tags: ['admin'],
        summary: 'Resolve a report: dismiss it, warn the reported account, or suspend it',
        params: IdParams,
        body: ResolveReportInput,
        response: { 200: AdminReport, ...errors },
      },
    },
    async (request) => safeguarding.resolve(request.params.id, actor(request), request.body),
  );

  defineRoute(
    api,
    endpoints.safeguarding.postAdminUsersByIdUnsuspend,
    {
      schema: {
        tags: ['admin'],
        summary: 'Lift a suspension: the account signs in again, a carer profile is listed again',
        params: IdParams,
        response: { 200: ReportAccount, ...errors },
      },
    },
    async (request) => safeguarding.unsuspend(request.params.id, actor(request)),
  );

  defineRoute(
    api,
    endpoints.safeguarding.deleteAdminUsersByIdSessions,
    {
      schema: {
        tags: ['admin'],
        summary: 'Sign an account out on every device (it stays active and can sign in again)',
        params: IdParams,
        response: { 200: SessionsEnded, ...errors },
      },
    },
    async (request) => safeguarding.endSessions(request.params.id, actor(request)),
  );
}
