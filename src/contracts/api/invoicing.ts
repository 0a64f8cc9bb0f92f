import { z } from 'zod';
import {
  AddedLineInput,
  CarerInvoicingSettings,
  CarerInvoicingSettingsView,
  CreditNoteInput,
  FamilyBillingDetails,
  FamilyBillingDetailsView,
  Invoice,
  InvoiceList,
  LineUpdateInput,
  MarkPaidInput,
  QueryInput,
  Timesheet,
  TimesheetList,
} from '../invoicing';
import { clientTypes, endpoint, IdParams } from './endpoint';

// Timesheets and invoices (decision 0038): the carer edits and submits a week's timesheet, the
// family (holder or "can arrange") approves or queries a line; an approved timesheet is the carer's
// invoice to the family, a PDF both download; the family marks it paid by transfer, the carer
// confirms. Anyone outside the arrangement: 404; the family's circle "can see" reads only (403).
export const invoicingEndpoints = {
  getTimesheets: endpoint({
    method: 'GET',
    path: '/api/timesheets',
    responses: { 200: TimesheetList },
    errors: [401],
  }),
  getTimesheetsById: endpoint({
    method: 'GET',
    path: '/api/timesheets/:id',
    params: IdParams,
    responses: { 200: Timesheet },
    errors: [401, 404],
  }),
  // 403: not the carer; 409: submitted or approved; too many lines.
  postTimesheetsByIdLines: endpoint({
    method: 'POST',
    path: '/api/timesheets/:id/lines',
    params: IdParams,
    body: AddedLineInput,
    responses: { 201: Timesheet },
    errors: [400, 401, 403, 404, 409],
  }),
  putTimesheetLinesById: endpoint({
    method: 'PUT',
    path: '/api/timesheet-lines/:id',
    params: IdParams,
    body: LineUpdateInput,
    responses: { 200: Timesheet },
    errors: [400, 401, 403, 404, 409],
  }),
  // A visit line is taken off (kept, excluded); an added line goes.
  deleteTimesheetLinesById: endpoint({
    method: 'DELETE',
    path: '/api/timesheet-lines/:id',
    params: IdParams,
    responses: { 200: Timesheet },
    errors: [401, 403, 404, 409],
  }),
  postTimesheetsByIdSubmit: endpoint({
    method: 'POST',
    path: '/api/timesheets/:id/submit',
    params: IdParams,
    responses: { 200: Timesheet },
    errors: [401, 403, 404, 409],
  }),
  // 403: the carer or a "can see" member; 409: not waiting for approval.
  postTimesheetsByIdApprove: endpoint({
    method: 'POST',
    path: '/api/timesheets/:id/approve',
    params: IdParams,
    responses: { 200: Timesheet },
    errors: [401, 403, 404, 409],
  }),
  postTimesheetsByIdQuery: endpoint({
    method: 'POST',
    path: '/api/timesheets/:id/query',
    params: IdParams,
    body: QueryInput,
    responses: { 200: Timesheet },
    errors: [400, 401, 403, 404, 409],
  }),
  getInvoices: endpoint({
    method: 'GET',
    path: '/api/invoices',
    responses: { 200: InvoiceList },
    errors: [401],
  }),
  getInvoicesById: endpoint({
    method: 'GET',
    path: '/api/invoices/:id',
    params: IdParams,
    responses: { 200: Invoice },
    errors: [401, 404],
  }),
  /** The answer is the invoice as an A4 PDF, not JSON. */
  getInvoicesByIdPdf: endpoint({
    method: 'GET',
    path: '/api/invoices/:id/pdf',
    params: IdParams,
    produces: ['application/pdf'],
    responses: { 200: z.any() },
    errors: [401, 404],
    clientTypes: clientTypes<{ response: Blob }>(),
  }),
  // 403: not the issuing carer; 409: a credit note, more than is left, on hold.
  postInvoicesByIdCreditNotes: endpoint({
    method: 'POST',
    path: '/api/invoices/:id/credit-notes',
    params: IdParams,
    body: CreditNoteInput,
    responses: { 201: Invoice },
    errors: [400, 401, 403, 404, 409],
  }),
  postInvoicesByIdMarkPaid: endpoint({
    method: 'POST',
    path: '/api/invoices/:id/mark-paid',
    params: IdParams,
    body: MarkPaidInput,
    responses: { 200: Invoice },
    errors: [400, 401, 403, 404, 409],
  }),
  postInvoicesByIdConfirmPaid: endpoint({
    method: 'POST',
    path: '/api/invoices/:id/confirm-paid',
    params: IdParams,
    responses: { 200: Invoice },
    errors: [401, 403, 404, 409],
  }),
  getInvoicingSettings: endpoint({
    method: 'GET',
    path: '/api/invoicing/settings',
    responses: { 200: CarerInvoicingSettingsView },
    errors: [401, 403],
  }),
  putInvoicingSettings: endpoint({
    method: 'PUT',
    path: '/api/invoicing/settings',
    body: CarerInvoicingSettings,
    responses: { 200: CarerInvoicingSettingsView },
    errors: [400, 401, 403],
  }),
  getInvoicingBilling: endpoint({
    method: 'GET',
    path: '/api/invoicing/billing',
    responses: { 200: FamilyBillingDetailsView },
    errors: [401, 403],
  }),
  putInvoicingBilling: endpoint({
    method: 'PUT',
    path: '/api/invoicing/billing',
    body: FamilyBillingDetails,
    responses: { 200: FamilyBillingDetailsView },
    errors: [400, 401, 403],
  }),
};
