import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditLogPage, AuditLogQuery } from '@contracts/admin';
import { ErrorBody } from '@contracts/errors';
import { requireRole } from '../../platform/sessions/session.plugin';
import type { AuditService } from './audit.service';

export function registerAuditRoutes(app: FastifyInstance, audit: AuditService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log of admin changes, newest first (filters; keyset pages by `before`)',
        querystring: AuditLogQuery,
        response: { 200: AuditLogPage, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('cache-control', 'no-store');
      return audit.list(request.query);
    },
  );
}
