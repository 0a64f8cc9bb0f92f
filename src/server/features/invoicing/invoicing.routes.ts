import type { FastifyInstance } from 'fastify';
import { endpoints } from '@contracts/api';
import { INVOICING_MESSAGES } from '@contracts/invoicing';
import { sendAttachment } from '../../platform/attachment';
import { defineRoute } from '../../platform/define-route';
import { onlyRoles, requireUser, SIGNED_IN } from '../../platform/sessions/session.plugin';
import type { InvoicesService } from './invoices.service';
import type { TimesheetsService } from './timesheets.service';

/**
 * Timesheets and invoices (decision 0038): only the carer and the family side (holder and circle)
 * of one reach it (404 to anyone else); the carer edits, submits and credits; the holder and
 * "can arrange" members approve, query and mark paid; "can see" members read (403 to act).
 */
export function registerInvoicingRoutes(
  app: FastifyInstance,
  timesheets: TimesheetsService,
  invoices: InvoicesService,
) {
  const tags = ['invoicing'];
  const write = { ...SIGNED_IN, keepsAccount: true };

  defineRoute(
    app,
    endpoints.invoicing.getTimesheets,
    {
      config: SIGNED_IN,
      schema: { tags, summary: "The caller's timesheets, as the carer or the family, newest week first" },
    },
    async (request) => timesheets.list(requireUser(request)),
  );

  defineRoute(
    app,
    endpoints.invoicing.getTimesheetsById,
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'A timesheet with its lines, totals and what the caller may do' },
    },
    async (request) => timesheets.get(requireUser(request), request.params.id),
  );

  defineRoute(
    app,
    endpoints.invoicing.postTimesheetsByIdLines,
    {
      config: { ...write, creates: true },
      schema: { tags, summary: 'Add mileage or an expense to a timesheet (the carer, before submitting)' },
    },
    async (request, reply) =>
      reply.status(201).send(await timesheets.addLine(requireUser(request), request.params.id, request.body)),
  );

  defineRoute(
    app,
    endpoints.invoicing.putTimesheetLinesById,
    {
      config: write,
      schema: { tags, summary: "Correct a line: a visit's times, or an added line (the carer)" },
    },
    async (request) => timesheets.updateLine(requireUser(request), request.params.id, request.body),
  );

  defineRoute(
    app,
    endpoints.invoicing.deleteTimesheetLinesById,
    {
      config: write,
      schema: { tags, summary: 'Take a visit off a timesheet, or delete an added line (the carer)' },
    },
    async (request) => timesheets.deleteLine(requireUser(request), request.params.id),
  );

  defineRoute(
    app,
    endpoints.invoicing.postTimesheetsByIdSubmit,
    {
      config: write,
      schema: {
        tags,
        summary: 'Send the timesheet to the family to approve (the carer, once the week is over)',
      },
    },
    async (request) => timesheets.submit(requireUser(request), request.params.id),
  );

  defineRoute(
    app,
    endpoints.invoicing.postTimesheetsByIdApprove,
    {
      config: write,
      schema: { tags, summary: "Approve a timesheet: the carer's invoice is issued (the family)" },
    },
    async (request) => timesheets.approve(requireUser(request), request.params.id),
  );

  defineRoute(
    app,
    endpoints.invoicing.postTimesheetsByIdQuery,
    {
      config: write,
      schema: { tags, summary: 'Query a line with a reason: back to the carer to correct (the family)' },
    },
    async (request) => timesheets.query(requireUser(request), request.params.id, request.body),
  );

  defineRoute(
    app,
    endpoints.invoicing.getInvoices,
    { config: SIGNED_IN, schema: { tags, summary: "The caller's invoices and credit notes, newest first" } },
    async (request) => invoices.list(requireUser(request)),
  );

  defineRoute(
    app,
    endpoints.invoicing.getInvoicesById,
    { config: SIGNED_IN, schema: { tags, summary: 'An invoice or credit note, with what is left to pay' } },
    async (request) => invoices.get(requireUser(request), request.params.id),
  );

  defineRoute(
    app,
    endpoints.invoicing.getInvoicesByIdPdf,
    { config: SIGNED_IN, schema: { tags, summary: 'The invoice or credit note as an A4 PDF (both sides)' } },
    async (request, reply) => {
      const { filename, bytes } = await invoices.pdf(requireUser(request), request.params.id);
      return sendAttachment(reply, { type: 'application/pdf', filename, body: bytes });
    },
  );

  defineRoute(
    app,
    endpoints.invoicing.postInvoicesByIdCreditNotes,
    {
      config: { ...write, creates: true },
      schema: { tags, summary: 'Correct a sent invoice with a credit note (the carer; never an edit)' },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await invoices.creditNote(requireUser(request), request.params.id, request.body)),
  );

  defineRoute(
    app,
    endpoints.invoicing.postInvoicesByIdMarkPaid,
    { config: write, schema: { tags, summary: 'Mark an invoice paid by bank transfer (the family)' } },
    async (request) => invoices.markPaid(requireUser(request), request.params.id, request.body),
  );

  defineRoute(
    app,
    endpoints.invoicing.postInvoicesByIdConfirmPaid,
    { config: write, schema: { tags, summary: 'Confirm the bank transfer arrived (the carer)' } },
    async (request) => invoices.confirmPaid(requireUser(request), request.params.id),
  );

  const carers = { ...onlyRoles(['carer'], INVOICING_MESSAGES.onlyCarers), keepsAccount: true };
  const families = { ...onlyRoles(['customer'], INVOICING_MESSAGES.onlyFamilies), keepsAccount: true };

  defineRoute(
    app,
    endpoints.invoicing.getInvoicingSettings,
    {
      config: carers,
      schema: { tags, summary: "The carer's invoicing details: name, business address, VAT, bank" },
    },
    async (request) => invoices.carerSettings(requireUser(request)),
  );

  defineRoute(
    app,
    endpoints.invoicing.putInvoicingSettings,
    {
      config: carers,
      schema: { tags, summary: "Set the carer's invoicing details (used on invoices from now on)" },
    },
    async (request) => invoices.saveCarerSettings(requireUser(request), request.body),
  );

  defineRoute(
    app,
    endpoints.invoicing.getInvoicingBilling,
    { config: families, schema: { tags, summary: "The family's billing name and address for invoices" } },
    async (request) => invoices.billing(requireUser(request)),
  );

  defineRoute(
    app,
    endpoints.invoicing.putInvoicingBilling,
    { config: families, schema: { tags, summary: "Set the family's billing name and address" } },
    async (request) => invoices.saveBilling(requireUser(request), request.body),
  );
}
