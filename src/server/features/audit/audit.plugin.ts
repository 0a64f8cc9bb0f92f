import { appPlugin } from '../../platform/app-plugin';
import { createAuditRepository } from './audit.repository';
import { registerAuditRoutes } from './audit.routes';
import { createAuditRecorder, createAuditService, type AuditRecorder } from './audit.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes an `audit_log` row (feature audit): admin sign-ins, arrangements' changes. */
    audit: AuditRecorder;
  }
}

/** The audit log: `app.audit` for the features that record in it, and the admins' view of it. */
export const auditPlugin = appPlugin(
  'features/audit',
  ['features/admin-guard'],
  async (app, { database: { db } }) => {
    app.decorate('audit', createAuditRecorder(db));
    registerAuditRoutes(app, createAuditService({ audit: createAuditRepository(db) }));
  },
);
