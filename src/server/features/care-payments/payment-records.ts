import { and, asc, eq, gt, gte, inArray, lt } from 'drizzle-orm';
import { formatPence } from '@contracts/invoicing';
import {
  RECORDS_MESSAGES,
  type AdminCardPayment,
  type AdminMoneyOverview,
  type DisputeHandledInput,
} from '@contracts/records';
import type { CardDispute } from '@contracts/care-payments';
import type { Database, Executor } from '../../db/client';
import {
  carePaymentAttempts as at,
  carePaymentDisputes as d,
  carePayouts as po,
  type CarePaymentAttemptRow,
  type CarePaymentDisputeRow,
  type UserRow,
} from '../../db/schema';
import { toCsv } from '../../platform/csv';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { ukDate, ukInstant } from '../../platform/uk-time';
import { createAccountsStore } from '../auth';
import { createAuditRecorder } from '../audit';
import type { InvoiceLedger } from './invoice-ledger';

/** A card payment that went through, as the records show it. */
export interface CardPaymentRecord {
  invoiceId: string;
  amountPence: number;
  feePence: number;
  refundedPence: number;
  paidAt: Date;
}

/** A payout to a carer's bank. */
export interface PayoutRecord {
  arrivalDate: Date;
  amountPence: number;
  status: 'in_transit' | 'paid' | 'failed';
}

const asRecord = (row: CarePaymentAttemptRow): CardPaymentRecord => ({
  invoiceId: row.invoiceId,
  amountPence: row.amountPence,
  feePence: row.feePence,
  refundedPence: row.refundedPence,
  paidAt: row.succeededAt ?? row.updatedAt,
});

/**
 * What the money records (the invoicing feature's earnings and statements) read of card payments:
 * the payments that went through, by invoice, and the payouts to a carer's bank. Reads only.
 */
export function createCardPaymentRecords(db: Executor) {
  return {
    async succeededFor(invoiceIds: string[]): Promise<CardPaymentRecord[]> {
      if (invoiceIds.length === 0) return [];
      const rows = await db
        .select()
        .from(at)
        .where(and(inArray(at.invoiceId, invoiceIds), eq(at.status, 'succeeded')));
      return rows.map(asRecord);
    },

    /** Payouts reaching the carer's bank in [from, to). */
    async payoutsOf(carerId: string, from: Date, to: Date): Promise<PayoutRecord[]> {
      const rows = await db
        .select()
        .from(po)
        .where(and(eq(po.carerId, carerId), gte(po.arrivalDate, from), lt(po.arrivalDate, to)))
        .orderBy(asc(po.arrivalDate));
      return rows.map((row) => ({
        arrivalDate: row.arrivalDate,
        amountPence: row.amountPence,
        status: row.status as PayoutRecord['status'],
      }));
    },
  };
}
export type CardPaymentRecords = ReturnType<typeof createCardPaymentRecords>;

/** 'YYYY-MM' → the UK month as instants [from, to): midnight UK time on the firsts. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const first = (y: number, mm: number) => ukInstant(`${y}-${String(mm).padStart(2, '0')}-01`, '00:00');
  return { from: first(year, m), to: m === 12 ? first(year + 1, 1) : first(year, m + 1) };
}

const DISPUTE_STATUS_WORDS: Record<string, string> = {
  warning_needs_response: 'early warning: needs the carer’s answer',
  warning_under_review: 'early warning: under review',
  warning_closed: 'early warning closed',
  needs_response: 'needs the carer’s answer',
  under_review: 'under review by the card issuer',
  won: 'won by the carer',
  lost: 'lost: the money went back to the family',
  charge_refunded: 'closed: the payment was refunded',
  prevented: 'prevented',
};
/** A dispute's state in words (never the provider's code). */
export const disputeStatusWords = (status: string) => DISPUTE_STATUS_WORDS[status] ?? 'in progress';

/** The admins' payments, fees and payouts overview, and what they do about card disputes. */
export function createCarePaymentsAdmin({
  db,
  ledger,
  now = () => new Date(),
}: {
  db: Database;
  ledger: InvoiceLedger;
  now?: () => Date;
}) {
  const accounts = createAccountsStore(db);
  const names = new Map<string, string | null>();
  const nameOf = async (id: string | null): Promise<string | null> => {
    if (!id) return null;
    if (!names.has(id)) {
      const user = await accounts.findById(id);
      names.set(id, user ? `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.email : null);
    }
    return names.get(id)!;
  };

  const paymentOf = async (row: CarePaymentAttemptRow): Promise<AdminCardPayment> => ({
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    carerName: await nameOf(row.carerId),
    familyName: await nameOf(row.familyId),
    paidAt: (row.succeededAt ?? row.updatedAt).toISOString(),
    amountPence: row.amountPence,
    feePence: row.feePence,
    refundedPence: row.refundedPence,
  });

  async function disputeOf(row: CarePaymentDisputeRow): Promise<CardDispute> {
    const [attempt] = await db.select().from(at).where(eq(at.id, row.attemptId)).limit(1);
    return {
      id: row.id,
      invoiceId: row.invoiceId,
      invoiceNumber: attempt?.invoiceNumber ?? '',
      amountPence: row.amountPence,
      reason: row.reason.replace(/_/g, ' '),
      status: disputeStatusWords(row.status),
      carerName: await nameOf(attempt?.carerId ?? null),
      familyName: await nameOf(attempt?.familyId ?? null),
      openedAt: row.openedAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
      handledAt: row.handledAt?.toISOString() ?? null,
      handledNote: row.handledNote,
    };
  }

  async function overview(month: string): Promise<AdminMoneyOverview> {
    names.clear();
    const { from, to } = monthRange(month);
    const paid = await db
      .select()
      .from(at)
      .where(and(eq(at.status, 'succeeded'), gte(at.succeededAt, from), lt(at.succeededAt, to)))
      .orderBy(asc(at.succeededAt), asc(at.id))
      .limit(5000);
    // Refunds are listed with the month the payment was made in; any month's with money given back.
    const refunded = await db
      .select()
      .from(at)
      .where(
        and(
          eq(at.status, 'succeeded'),
          gt(at.refundedPence, 0),
          gte(at.succeededAt, from),
          lt(at.succeededAt, to),
        ),
      )
      .orderBy(asc(at.succeededAt), asc(at.id));
    const payouts = await db
      .select()
      .from(po)
      .where(and(gte(po.arrivalDate, from), lt(po.arrivalDate, to)))
      .orderBy(asc(po.arrivalDate), asc(po.id))
      .limit(5000);
    const payments = [];
    for (const row of paid) payments.push(await paymentOf(row));
    const refunds = [];
    for (const row of refunded) refunds.push(await paymentOf(row));
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    return {
      month,
      totals: {
        payments: payments.length,
        amountPence: sum(payments.map((p) => p.amountPence)),
        feePence: sum(payments.map((p) => p.feePence)),
        refundedPence: sum(payments.map((p) => p.refundedPence)),
        payoutsPence: sum(payouts.filter((p) => p.status !== 'failed').map((p) => p.amountPence)),
      },
      payments,
      refunds,
      payouts: await Promise.all(
        payouts.map(async (row) => ({
          id: row.id,
          carerName: await nameOf(row.carerId),
          arrivalOn: ukDate(row.arrivalDate),
          amountPence: row.amountPence,
          status: row.status as 'in_transit' | 'paid' | 'failed',
        })),
      ),
    };
  }

  const pounds = (pence: number) => (pence / 100).toFixed(2);

  return {
    overview,

    /** The month's card payments and payouts as CSV, with a totals row for each. */
    async overviewCsv(month: string): Promise<string> {
      const data = await overview(month);
      const rows: Array<Record<string, unknown>> = data.payments.map((p) => ({
        Type: 'Card payment',
        Date: ukDate(new Date(p.paidAt)),
        Invoice: p.invoiceNumber,
        Carer: p.carerName ?? 'Deleted account',
        Family: p.familyName ?? 'Deleted account',
        'Amount (£)': pounds(p.amountPence),
        'Platform fee (£)': pounds(p.feePence),
        'Refunded (£)': pounds(p.refundedPence),
        Status: 'Paid',
      }));
      rows.push({
        Type: 'Total card payments',
        'Amount (£)': pounds(data.totals.amountPence),
        'Platform fee (£)': pounds(data.totals.feePence),
        'Refunded (£)': pounds(data.totals.refundedPence),
      });
      const PAYOUT_WORDS = { in_transit: 'On its way', paid: 'Paid out', failed: 'Failed' };
      for (const payout of data.payouts) {
        rows.push({
          Type: 'Payout',
          Date: payout.arrivalOn,
          Carer: payout.carerName ?? 'Deleted account',
          'Amount (£)': pounds(payout.amountPence),
          Status: PAYOUT_WORDS[payout.status],
        });
      }
      rows.push({ Type: 'Total payouts', 'Amount (£)': pounds(data.totals.payoutsPence) });
      return toCsv(rows);
    },

    async disputes(): Promise<CardDispute[]> {
      names.clear();
      const rows = await db.select().from(d).orderBy(asc(d.handledAt), asc(d.openedAt)).limit(200);
      const list = [];
      for (const row of rows) list.push(await disputeOf(row));
      // Not yet handled first, then newest first.
      return list.sort(
        (a, b) =>
          Number(a.handledAt !== null) - Number(b.handledAt !== null) || b.openedAt.localeCompare(a.openedAt),
      );
    },

    /**
     * An admin marks a closed dispute handled, saying what was done: recorded with the audit entry
     * in one transaction; an invoice a lost dispute still held is released (support settled it).
     */
    async markHandled(
      admin: UserRow,
      id: string,
      input: DisputeHandledInput,
      ipAddress: string | null,
    ): Promise<CardDispute> {
      if (!isUuid(id)) throw AppError.notFound(RECORDS_MESSAGES.disputeNotFound);
      names.clear();
      const handled = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(d).where(eq(d.id, id)).limit(1).for('update');
        if (!row) throw AppError.notFound(RECORDS_MESSAGES.disputeNotFound);
        if (!row.closedAt) throw AppError.conflict(RECORDS_MESSAGES.disputeStillOpen);
        if (row.handledAt) throw AppError.conflict(RECORDS_MESSAGES.disputeAlreadyHandled);
        const when = now();
        await tx
          .update(d)
          .set({ handledAt: when, handledBy: admin.id, handledNote: input.note })
          .where(eq(d.id, id));
        const [attempt] = await tx.select().from(at).where(eq(at.id, row.attemptId)).limit(1);
        // A won dispute released the invoice when it closed; any other close leaves it held until now.
        let released = row.status !== 'won';
        if (released) {
          try {
            await ledger.unfreezeInvoice(tx, row.invoiceId);
          } catch (error) {
            // The invoice is gone (kept six years): nothing to release.
            if (!(error instanceof AppError && error.statusCode === 404)) throw error;
            released = false;
          }
        }
        await recordHandled(tx, admin, row, attempt, input.note, released, ipAddress);
        const [after] = await tx.select().from(d).where(eq(d.id, id)).limit(1);
        return after!;
      });
      return disputeOf(handled);
    },
  };

  async function recordHandled(
    tx: Executor,
    admin: UserRow,
    row: CarePaymentDisputeRow,
    attempt: CarePaymentAttemptRow | undefined,
    note: string,
    released: boolean,
    ipAddress: string | null,
  ) {
    await createAuditRecorder(tx).record({
      actorId: admin.id,
      action: 'care-dispute.handled',
      entityType: 'user',
      entityId: attempt?.carerId ?? null,
      before: null,
      after: {
        invoiceNumber: attempt?.invoiceNumber ?? '',
        disputedAmount: formatPence(row.amountPence),
        disputeOutcome: disputeStatusWords(row.status),
        resolutionNote: note,
        ...(released ? { invoiceReleased: true } : {}),
      },
      ipAddress,
    });
  }
}
export type CarePaymentsAdmin = ReturnType<typeof createCarePaymentsAdmin>;
