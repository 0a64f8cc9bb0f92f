import { z } from 'zod';
import {
  AdminReport,
  ReportAccount,
  ReportQueueQuery,
  ResolveReportInput,
  SessionsEnded,
} from '../safeguarding';
import { endpoint, IdParams } from './endpoint';

const errors = [400, 401, 403, 404, 409] as const;

export const safeguardingEndpoints = {
  /** A page of the queue: the body is the page's array, the paging in headers. */
  getAdminReports: endpoint({
    method: 'GET',
    path: '/api/admin/reports',
    query: ReportQueueQuery,
    responses: { 200: z.array(AdminReport) },
    errors,
  }),
  postAdminReportsByIdResolve: endpoint({
    method: 'POST',
    path: '/api/admin/reports/:id/resolve',
    params: IdParams,
    body: ResolveReportInput,
    responses: { 200: AdminReport },
    errors,
  }),
  postAdminUsersByIdUnsuspend: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/unsuspend',
    params: IdParams,
    responses: { 200: ReportAccount },
    errors,
  }),
  deleteAdminUsersByIdSessions: endpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id/sessions',
    params: IdParams,
    responses: { 200: SessionsEnded },
    errors,
  }),
};
