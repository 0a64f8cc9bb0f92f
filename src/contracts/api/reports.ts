import { ReportInput, ReportReceipt } from '../reports';
import { endpoint, IdParams } from './endpoint';

const report = {
  params: IdParams,
  body: ReportInput,
  responses: { 201: ReportReceipt },
  errors: [400, 401, 403, 404, 429],
} as const;

export const reportsEndpoints = {
  postConversationsByIdReport: endpoint({
    method: 'POST',
    path: '/api/conversations/:id/report',
    ...report,
  }),
  postReviewsByIdReport: endpoint({ method: 'POST', path: '/api/reviews/:id/report', ...report }),
  postCarersByIdReport: endpoint({ method: 'POST', path: '/api/carers/:id/report', ...report }),
};
