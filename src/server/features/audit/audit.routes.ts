import type { FastifyInstance } from 'fastify';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';
import { sendCursorHeaders } from '../../platform/admin-paging';
import { requireRole } from '../../platform/sessions/session.plugin';
import type { AuditService } from './audit.service';

export function registerAuditRoutes(app: FastifyInstance, audit: AuditService) {
  defineRoute(
    app,
    endpoints.audit.getAdminAuditLog,
    {
      schema: {
        tags: ['admin'],
        summary:
          'The audit log of admin changes, newest first (filters; `q` searches the actor’s and the subject’s names and emails; keyset pages by `cursor` or `before`)',
        description:
          'X-Total-Count: every match; X-Next-Cursor (the same as `nextBefore`) and Link rel="next" while more follow.',
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('cache-control', 'no-store');
      const { items, nextBefore, total } = await audit.list(request.query);
      sendCursorHeaders(
        request,
        reply,
        { limit: request.query.limit, total, cursor: nextBefore === null ? null : String(nextBefore) },
        ['before'],
      );
      return { items, nextBefore };
    },
  );
}
