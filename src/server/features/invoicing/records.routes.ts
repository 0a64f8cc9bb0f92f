import type { FastifyInstance } from 'fastify';
import { endpoints } from '@contracts/api';
import { RECORDS_MESSAGES } from '@contracts/records';
import { CSV_TYPE, sendAttachment } from '../../platform/attachment';
import { defineRoute } from '../../platform/define-route';
import { onlyRoles, requireUser, SIGNED_IN } from '../../platform/sessions/session.plugin';
import type { RecordsService } from './records.service';

/**
 * The money records (decision 0041): the carer's own earnings (carers only), and the family's
 * monthly statement per carer, read by whoever may read the invoices between that family and carer
 * on the family side (404 to anyone else); the holder and "can arrange" set the CEST reference.
 */
export function registerRecordsRoutes(app: FastifyInstance, records: RecordsService) {
  const tags = ['invoicing'];
  const carers = onlyRoles(['carer'], RECORDS_MESSAGES.onlyCarers);
  defineRoute(
    app,
    endpoints.records.getEarnings,
    {
      config: carers,
      schema: { tags, summary: "The carer's earnings: this month, a tax year's payments, fees and payouts" },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return records.earnings(requireUser(request), request.query.taxYear);
    },
  );

  defineRoute(
    app,
    endpoints.records.getEarningsCsv,
    { config: carers, schema: { tags, summary: "A tax year's payments as CSV, for self-assessment" } },
    async (request, reply) => {
      const { filename, csv } = await records.earningsCsv(requireUser(request), request.query.taxYear);
      return sendAttachment(reply, { type: CSV_TYPE, filename, body: csv });
    },
  );

  defineRoute(
    app,
    endpoints.records.getStatementsByArrangementId,
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary:
          "The family's monthly statement for the arrangement's carer: visits, invoices, payments, checks",
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return records.statement(requireUser(request), request.params.arrangementId, request.query.month);
    },
  );

  defineRoute(
    app,
    endpoints.records.getStatementsByArrangementIdPdf,
    { config: SIGNED_IN, schema: { tags, summary: 'The monthly statement as an A4 PDF' } },
    async (request, reply) => {
      const { filename, bytes } = await records.statementPdf(
        requireUser(request),
        request.params.arrangementId,
        request.query.month,
      );
      return sendAttachment(reply, { type: 'application/pdf', filename, body: bytes });
    },
  );

  defineRoute(
    app,
    endpoints.records.getStatementsByArrangementIdCsv,
    { config: SIGNED_IN, schema: { tags, summary: 'The monthly statement as CSV' } },
    async (request, reply) => {
      const { filename, csv } = await records.statementCsv(
        requireUser(request),
        request.params.arrangementId,
        request.query.month,
      );
      return sendAttachment(reply, { type: CSV_TYPE, filename, body: csv });
    },
  );

  defineRoute(
    app,
    endpoints.records.putStatementsByArrangementIdReference,
    {
      config: { ...SIGNED_IN, keepsAccount: true },
      schema: { tags, summary: "Set the family's employment-status (HMRC CEST) reference for this carer" },
    },
    async (request) =>
      records.saveReference(requireUser(request), request.params.arrangementId, request.body),
  );
}
