import { AuditLogPage, AuditLogQuery } from '../audit';
import { endpoint } from './endpoint';

export const auditEndpoints = {
  getAdminAuditLog: endpoint({
    method: 'GET',
    path: '/api/admin/audit-log',
    query: AuditLogQuery,
    responses: { 200: AuditLogPage },
    errors: [400, 401, 403],
  }),
};
