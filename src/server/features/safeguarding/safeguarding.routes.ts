import type { FastifyInstance } from 'fastify';
import { sendPagingHeaders } from '../../platform/admin-paging';
import { requireRole } from '../../platform/sessions/session.plugin';
import type { SafeguardingService } from './safeguarding.service';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';

export function registerSafeguardingRoutes(app: FastifyInstance, safeguarding: SafeguardingService) {
  const actor = (request: Parameters<typeof requireRole>[0]) => ({
    user: requireRole(request, 'admin'),
    ipAddress: request.ip,
  });

  defineRoute(
    app,
    endpoints.safeguarding.getAdminReports,
    {
      schema: {
        tags: ['admin'],
        summary:
          'The safeguarding queue: reports with their context (open oldest first; others newest first), a page at a time; `q` searches the reporter’s and the reported account’s names and emails',
        description:
          'The body is the page’s array. X-Total-Count: every match; X-Next-Cursor and Link rel="next" while more follow.',
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
    app,
    endpoints.safeguarding.postAdminReportsByIdResolve,
    {
      schema: {
        tags: ['admin'],
        summary: 'Resolve a report: dismiss it, warn the reported account, or suspend it',
      },
    },
    async (request) => safeguarding.resolve(request.params.id, actor(request), request.body),
  );

  defineRoute(
    app,
    endpoints.safeguarding.postAdminUsersByIdUnsuspend,
    {
      schema: {
        tags: ['admin'],
        summary: 'Lift a suspension: the account signs in again, a carer profile is listed again',
      },
    },
    async (request) => safeguarding.unsuspend(request.params.id, actor(request)),
  );

  defineRoute(
    app,
    endpoints.safeguarding.deleteAdminUsersByIdSessions,
    {
      schema: {
        tags: ['admin'],
        summary: 'Sign an account out on every device (it stays active and can sign in again)',
      },
    },
    async (request) => safeguarding.endSessions(request.params.id, actor(request)),
  );
}
