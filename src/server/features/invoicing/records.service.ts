import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@contracts/invoicing';
import {
  csvDay,
  monthText,
  PAID_BY_LABELS,
  RECORDS_MESSAGES,
  taxYearLabel,
  taxYearOf,
  type Earnings,
  type EarningsRow,
  type PaidBy,
  type Statement,
  type StatementReferenceInput,
  type Totals,
} from '@contracts/records';
import type { Database } from '../../db/client';
import type { InvoiceRow, UserRow } from '../../db/schema';
import { toCsv } from '../../platform/csv';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { ukDate, ukInstant, ukTime } from '../../platform/uk-time';
import { createTimesheetSource } from '../arrangements';
import { assertEmailConfirmed } from '../auth';
import { createCardPaymentRecords, monthRange, type CardPaymentRecord } from '../care-payments';
import { carerChecksOf } from '../verification';
import { actsForFamily, viewerOf } from './access';
import { referenceOf } from './invoice-documents';
import { createInvoicingRepository, PAID_STATUSES, type InvoicingRepository } from './invoicing.repository';
import { statementPdf } from './statement-pdf';

const pounds = (pence: number) => (pence / 100).toFixed(2);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ').trim();

/** The tax year starting 6 April of `startYear`, as UK instants [from, to). */
export function taxYearRange(startYear: number): { from: Date; to: Date } {
  return {
    from: ukInstant(`${startYear}-04-06`, '00:00'),
    to: ukInstant(`${startYear + 1}-04-06`, '00:00'),
  };
}

/**
 * A paid invoice as money received: card payments less what went back (the carer's refunds and
 * disputes lost; the platform's fee is not returned with them), transfers less credit notes.
 */
function receivedOf(
  invoice: InvoiceRow,
  card: CardPaymentRecord | undefined,
  creditedPence: number,
): { grossPence: number; feePence: number; paidBy: PaidBy } {
  if (invoice.paidMethod === 'card' && card) {
    const back = Math.max(card.refundedPence, invoice.refundedPence) + invoice.chargedBackPence;
    return { grossPence: Math.max(0, card.amountPence - back), feePence: card.feePence, paidBy: 'card' };
  }
  return {
    grossPence: Math.max(0, invoice.totalPence - creditedPence),
    feePence: 0,
    paidBy: invoice.paidMethod === 'card' ? 'card' : 'bank_transfer',
  };
}

/**
 * The money records of timesheets and invoices: the carer's earnings and tax-year summary, and the
 * family's monthly statement per carer (decision 0041). Card payments and payouts come from the
 * care-payments feature, visits from arrangements, checks from verification, each through its index.
 */
export function createRecordsService({ db, now = () => new Date() }: { db: Database; now?: () => Date }) {
  const repository = createInvoicingRepository(db);
  const cards = createCardPaymentRecords(db);

  async function creditedOf(reader: InvoicingRepository, invoices: InvoiceRow[]) {
    const notes = await reader.creditNotesOf(invoices.map((row) => row.id));
    const credited = new Map<string, number>();
    for (const note of notes)
      credited.set(note.creditFor!, (credited.get(note.creditFor!) ?? 0) + note.totalPence);
    return credited;
  }

  async function earningsRows(invoices: InvoiceRow[]): Promise<EarningsRow[]> {
    const credited = await creditedOf(repository, invoices);
    const card = new Map(
      (await cards.succeededFor(invoices.map((row) => row.id))).map((c) => [c.invoiceId, c]),
    );
    return invoices.map((invoice) => {
      const received = receivedOf(invoice, card.get(invoice.id), credited.get(invoice.id) ?? 0);
      return {
        invoiceId: invoice.id,
        paidOn: ukDate(invoice.paidAt!),
        familyName: invoice.buyerName,
        invoiceNumber: referenceOf('invoice', invoice.number),
        grossPence: received.grossPence,
        feePence: received.feePence,
        netPence: received.grossPence - received.feePence,
        paidBy: received.paidBy,
      };
    });
  }

  const totalsOf = (rows: EarningsRow[]): Totals => ({
    grossPence: sum(rows.map((row) => row.grossPence)),
    feePence: sum(rows.map((row) => row.feePence)),
    netPence: sum(rows.map((row) => row.netPence)),
  });

  function requireCarer(user: UserRow) {
    if (user.role !== 'carer') throw AppError.forbidden(RECORDS_MESSAGES.onlyCarers);
  }

  async function earnings(user: UserRow, taxYear?: number): Promise<Earnings> {
    requireCarer(user);
    const today = ukDate(now());
    const current = taxYearOf(today);
    const year = taxYear ?? current;
    const { from, to } = taxYearRange(year);
    const rows = await earningsRows(await repository.paidInvoicesOf(user.id, from, to));
    const month = today.slice(0, 7);
    const thisMonth = monthRange(month);
    const monthRows = await earningsRows(
      await repository.paidInvoicesOf(user.id, thisMonth.from, thisMonth.to),
    );
    const unpaid = await repository.unpaidInvoicesOf(user.id);
    const credited = await creditedOf(repository, unpaid);
    const first = await repository.firstPaidAt(user.id);
    const firstYear = first ? Math.min(taxYearOf(ukDate(first)), current) : current;
    const taxYears: number[] = [];
    for (let y = Math.max(current, year); y >= Math.min(firstYear, year); y -= 1) taxYears.push(y);
    const payouts = await cards.payoutsOf(user.id, from, to);
    return {
      taxYear: { startYear: year, label: taxYearLabel(year), from: `${year}-04-06`, to: `${year + 1}-04-05` },
      taxYears,
      thisMonth: { month, ...totalsOf(monthRows) },
      awaitingPayment: {
        count: unpaid.length,
        amountPence: sum(unpaid.map((row) => Math.max(0, row.totalPence - (credited.get(row.id) ?? 0)))),
      },
      totals: totalsOf(rows),
      rows,
      payouts: payouts.map((payout) => ({
        arrivalOn: ukDate(payout.arrivalDate),
        amountPence: payout.amountPence,
        status: payout.status,
      })),
      payoutsPence: sum(payouts.filter((p) => p.status !== 'failed').map((p) => p.amountPence)),
    };
  }

  /** The family side of the arrangement's family and carer (404 to anyone else, the carer included). */
  async function statementAccess(user: UserRow, arrangementId: string) {
    if (!isUuid(arrangementId)) throw AppError.notFound(RECORDS_MESSAGES.statementNotFound);
    const [arrangement] = await createTimesheetSource(db).arrangements([arrangementId]);
    if (
      !arrangement?.customerId ||
      !arrangement.carerUserId ||
      !['accepted', 'ended'].includes(arrangement.status)
    ) {
      throw AppError.notFound(RECORDS_MESSAGES.statementNotFound);
    }
    const viewer = await viewerOf(
      db,
      { carerUserId: arrangement.carerUserId, customerId: arrangement.customerId },
      user.id,
    );
    if (!viewer || viewer === 'carer') throw AppError.notFound(RECORDS_MESSAGES.statementNotFound);
    return {
      arrangement: arrangement as typeof arrangement & { customerId: string; carerUserId: string },
      viewer,
    };
  }

  async function statement(user: UserRow, arrangementId: string, month: string): Promise<Statement> {
    const { arrangement, viewer } = await statementAccess(user, arrangementId);
    const { customerId, carerUserId } = arrangement;
    const { from, to } = monthRange(month);
    const at = now();
    const visits = await createTimesheetSource(db).visitsOf(from, to, { customerId, carerUserId });
    const list = visits.map((visit) => {
      const agreed = `${ukTime(visit.startsAt)}–${ukTime(visit.endsAt)}`;
      const happened =
        visit.status === 'scheduled' && !visit.covered && visit.checkedInAt && visit.checkedOutAt
          ? `${ukTime(visit.checkedInAt)}–${ukTime(visit.checkedOutAt)}`
          : null;
      let outcome: string;
      if (visit.status === 'cancelled') outcome = 'Cancelled';
      else if (visit.covered) outcome = 'Covered by a backup carer';
      else if (happened)
        outcome = visit.recordedAfterwards ? 'Happened (times recorded afterwards)' : 'Happened';
      else if (visit.startsAt > at) outcome = 'Still to come';
      else outcome = 'Not recorded';
      return { date: ukDate(visit.startsAt), agreed, happened, outcome };
    });

    const between = await repository.invoicesBetween(customerId, carerUserId);
    const inMonth = (instant: Date | null) => instant !== null && instant >= from && instant < to;
    const issued = between.filter((row) => inMonth(row.issuedAt));
    const paid = between.filter(
      (row) => row.kind === 'invoice' && PAID_STATUSES.includes(row.status) && inMonth(row.paidAt),
    );
    const credited = await creditedOf(repository, paid);
    const card = new Map((await cards.succeededFor(paid.map((row) => row.id))).map((c) => [c.invoiceId, c]));
    const payments = paid.map((row) => {
      const received = receivedOf(row, card.get(row.id), credited.get(row.id) ?? 0);
      return {
        invoiceNumber: referenceOf('invoice', row.number),
        paidOn: ukDate(row.paidAt!),
        amountPence: received.grossPence,
        paidBy: received.paidBy,
        reference: row.paidMethod === 'card' ? '' : (row.paidReference ?? ''),
      };
    });

    const [holder] = await repository.people([customerId]);
    const billing = await repository.settings(customerId);
    const carerSettings = await repository.settings(carerUserId);
    return {
      month,
      monthLabel: monthText(month),
      carerName:
        carerSettings?.tradingName || fullName(arrangement.carerFirstName, arrangement.carerLastName),
      familyName:
        billing?.billingName ||
        fullName(
          holder?.firstName ?? arrangement.customerFirstName,
          holder?.lastName ?? arrangement.customerLastName,
        ),
      careFor: arrangement.careFor,
      cestReference: await repository.cestReference(customerId, carerUserId),
      canEditReference: actsForFamily(viewer),
      visits: {
        agreed: visits.filter((visit) => visit.status === 'scheduled').length,
        happened: list.filter((visit) => visit.happened !== null).length,
        cancelled: visits.filter((visit) => visit.status === 'cancelled').length,
        covered: visits.filter((visit) => visit.status === 'scheduled' && visit.covered).length,
        list,
      },
      invoices: issued.map((row) => ({
        id: row.id,
        number: referenceOf(row.kind, row.number),
        kind: row.kind as 'invoice' | 'credit_note',
        issuedOn: ukDate(row.issuedAt),
        periodStart: row.periodStart,
        periodEnd: row.periodEnd,
        totalPence: row.totalPence,
        status:
          row.kind === 'credit_note' ? 'Credit note' : INVOICE_STATUS_LABELS[row.status as InvoiceStatus],
      })),
      payments,
      paidPence: sum(payments.map((payment) => payment.amountPence)),
      checks: await carerChecksOf(db, carerUserId),
    };
  }

  const fileStem = (statement: Statement) =>
    `statement-${statement.month}-${
      statement.carerName
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'carer'
    }`;

  return {
    earnings,

    /** The tax year's payments as CSV for self-assessment: one row a payment, then the totals. */
    async earningsCsv(user: UserRow, taxYear?: number): Promise<{ filename: string; csv: string }> {
      const data = await earnings(user, taxYear);
      const records: Array<Record<string, unknown>> = data.rows.map((row) => ({
        'Date paid': csvDay(row.paidOn),
        Family: row.familyName,
        'Invoice number': row.invoiceNumber,
        'Gross (£)': pounds(row.grossPence),
        'Platform fee (£)': pounds(row.feePence),
        'Net (£)': pounds(row.netPence),
        'How paid': PAID_BY_LABELS[row.paidBy],
      }));
      records.push({
        'Date paid': `Total, tax year ${data.taxYear.label} (6 April ${data.taxYear.startYear} to 5 April ${data.taxYear.startYear + 1})`,
        'Gross (£)': pounds(data.totals.grossPence),
        'Platform fee (£)': pounds(data.totals.feePence),
        'Net (£)': pounds(data.totals.netPence),
      });
      return { filename: `earnings-tax-year-${data.taxYear.label}.csv`, csv: toCsv(records) };
    },

    statement,

    async statementPdf(user: UserRow, arrangementId: string, month: string) {
      const data = await statement(user, arrangementId, month);
      return { filename: `${fileStem(data)}.pdf`, bytes: await statementPdf(data, now()) };
    },

    /** The statement as CSV: one table, each row saying which part of the statement it belongs to. */
    async statementCsv(user: UserRow, arrangementId: string, month: string) {
      const data = await statement(user, arrangementId, month);
      const rows: Array<Record<string, unknown>> = [];
      const row = (values: Record<string, unknown>) => rows.push(values);
      row({ Part: 'Statement', Detail: `Monthly statement for ${data.monthLabel}` });
      row({ Part: 'Carer', Detail: data.carerName });
      row({ Part: 'Family', Detail: data.familyName });
      row({ Part: 'Care for', Detail: data.careFor });
      row({ Part: 'Employment status (HMRC CEST) reference', Detail: data.cestReference || 'Not given' });
      for (const visit of data.visits.list) {
        row({
          Part: 'Visit',
          Date: csvDay(visit.date),
          Detail: visit.outcome,
          Agreed: visit.agreed,
          Happened: visit.happened ?? '',
        });
      }
      row({
        Part: 'Visits',
        Detail: `${data.visits.agreed} agreed, ${data.visits.happened} happened, ${data.visits.cancelled} cancelled, ${data.visits.covered} covered by a backup carer`,
        Agreed: data.visits.agreed,
        Happened: data.visits.happened,
      });
      for (const invoice of data.invoices) {
        row({
          Part: invoice.kind === 'invoice' ? 'Invoice' : 'Credit note',
          Date: csvDay(invoice.issuedOn),
          Detail: `${invoice.number} (${invoice.status}), for ${csvDay(invoice.periodStart)} to ${csvDay(invoice.periodEnd)}`,
          'Amount (£)': pounds(invoice.totalPence),
        });
      }
      for (const payment of data.payments) {
        row({
          Part: 'Payment',
          Date: csvDay(payment.paidOn),
          Detail: `${payment.invoiceNumber}, ${PAID_BY_LABELS[payment.paidBy]}${payment.reference ? `, reference ${payment.reference}` : ''}`,
          'Amount (£)': pounds(payment.amountPence),
        });
      }
      row({ Part: 'Total paid', 'Amount (£)': pounds(data.paidPence) });
      for (const check of data.checks) {
        row({
          Part: 'Check',
          Date: check.checkedOn ? csvDay(check.checkedOn) : '',
          Detail: `${check.check}: ${check.detail}`,
          'Runs out': check.expiresOn ? csvDay(check.expiresOn) : '',
        });
      }
      return { filename: `${fileStem(data)}.csv`, csv: toCsv(rows) };
    },

    /** The holder or a "can arrange" member sets the family's CEST reference for this carer. */
    async saveReference(
      user: UserRow,
      arrangementId: string,
      input: StatementReferenceInput,
    ): Promise<StatementReferenceInput> {
      const { arrangement, viewer } = await statementAccess(user, arrangementId);
      if (!actsForFamily(viewer)) throw AppError.forbidden(RECORDS_MESSAGES.onlyHolderOrArrange);
      assertEmailConfirmed(user);
      await repository.saveCestReference(
        arrangement.customerId,
        arrangement.carerUserId,
        input.cestReference,
        user.id,
        now(),
      );
      return { cestReference: input.cestReference };
    },
  };
}
export type RecordsService = ReturnType<typeof createRecordsService>;
