import { z } from 'zod';
import {
  AdminMoneyOverview,
  AdminMoneyQuery,
  DisputeHandledInput,
  Earnings,
  EarningsQuery,
  Statement,
  StatementParams,
  StatementQuery,
  StatementReferenceInput,
} from '../records';
import { CardDispute } from '../care-payments';
import { clientTypes, endpoint, IdParams } from './endpoint';

// The records people need about money for care. The carer's earnings (carers only: each reads
// their own). The family's monthly statement per carer, reached from an arrangement: whoever may
// read the invoices between that family and carer on the family side (holder, "can arrange",
// "can see"); anyone else 404; only the holder and "can arrange" set the CEST reference (403).
// The admins' payments, fees and payouts overview, and marking a closed card dispute handled.
export const recordsEndpoints = {
  getEarnings: endpoint({
    method: 'GET',
    path: '/api/earnings',
    query: EarningsQuery,
    responses: { 200: Earnings },
    errors: [400, 401, 403],
  }),
  /** The tax year's payments as CSV, for self-assessment. */
  getEarningsCsv: endpoint({
    method: 'GET',
    path: '/api/earnings/csv',
    query: EarningsQuery,
    produces: ['text/csv'],
    responses: { 200: z.any() },
    errors: [400, 401, 403],
    clientTypes: clientTypes<{ response: Blob }>(),
  }),
  getStatementsByArrangementId: endpoint({
    method: 'GET',
    path: '/api/statements/:arrangementId',
    params: StatementParams,
    query: StatementQuery,
    responses: { 200: Statement },
    errors: [400, 401, 404],
  }),
  getStatementsByArrangementIdPdf: endpoint({
    method: 'GET',
    path: '/api/statements/:arrangementId/pdf',
    params: StatementParams,
    query: StatementQuery,
    produces: ['application/pdf'],
    responses: { 200: z.any() },
    errors: [400, 401, 404],
    clientTypes: clientTypes<{ response: Blob }>(),
  }),
  getStatementsByArrangementIdCsv: endpoint({
    method: 'GET',
    path: '/api/statements/:arrangementId/csv',
    params: StatementParams,
    query: StatementQuery,
    produces: ['text/csv'],
    responses: { 200: z.any() },
    errors: [400, 401, 404],
    clientTypes: clientTypes<{ response: Blob }>(),
  }),
  putStatementsByArrangementIdReference: endpoint({
    method: 'PUT',
    path: '/api/statements/:arrangementId/reference',
    params: StatementParams,
    body: StatementReferenceInput,
    responses: { 200: StatementReferenceInput },
    errors: [400, 401, 403, 404],
  }),
  getAdminCarePaymentsOverview: endpoint({
    method: 'GET',
    path: '/api/admin/care-payments/overview',
    query: AdminMoneyQuery,
    responses: { 200: AdminMoneyOverview },
    errors: [400, 401, 403],
  }),
  getAdminCarePaymentsOverviewCsv: endpoint({
    method: 'GET',
    path: '/api/admin/care-payments/overview/csv',
    query: AdminMoneyQuery,
    produces: ['text/csv'],
    responses: { 200: z.any() },
    errors: [400, 401, 403],
    clientTypes: clientTypes<{ response: Blob }>(),
  }),
  // 409: still open (the carer answers it at Stripe), or already handled.
  postAdminCarePaymentsDisputesByIdHandled: endpoint({
    method: 'POST',
    path: '/api/admin/care-payments/disputes/:id/handled',
    params: IdParams,
    body: DisputeHandledInput,
    responses: { 200: CardDispute },
    errors: [400, 401, 403, 404, 409],
  }),
};
