import { INVOICING_MESSAGES } from '@contracts/invoicing';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { actsForFamily, viewerOf } from './access';
import { amountDueOf, referenceOf } from './invoice-documents';
import { createInvoicingRepository, PAID_STATUSES } from './invoicing.repository';

// What card payments (feature care-payments) use of invoices (decision 0038). Invoicing keeps the
// invoice's state; the payments side moves the money and tells it what happened, inside its own
// transaction, so the payment record and the invoice change together.

/** An invoice as the payments side needs it to take a card payment. */
export interface PayableInvoice {
  id: string;
  /** In the carer's own invoice sequence; `reference` is how it is printed ('INV-0007'). */
  number: number;
  reference: string;
  /** The carer's account: the seller, whose connected account is charged. */
  carerUserId: string;
  /** The family's account (the holder) the invoice is addressed to. */
  familyUserId: string;
  /** What is left to pay, in pence: the total less any credit notes. Always above 0. */
  totalPence: number;
  status: 'open';
}

/**
 * The invoice `invoiceId` if `payerUserId` may pay it by card now: the family holder or a "can
 * arrange" member of their circle, an invoice (not a credit note) that is open with something left
 * to pay and not on hold. Throws the AppError to answer otherwise: 404 when the payer is not on the
 * invoice at all (or it does not exist), 403 for the carer or a "can see" member, 409 when it is
 * paid, marked paid by transfer, credited in full, on hold, or its carer's account is gone.
 * Pass a transaction and lock nothing else first if the caller goes on to charge.
 */
export async function invoiceForPayment(
  db: Executor,
  invoiceId: string,
  payerUserId: string,
): Promise<PayableInvoice> {
  if (!isUuid(invoiceId)) throw AppError.notFound(INVOICING_MESSAGES.invoiceNotFound);
  const repository = createInvoicingRepository(db);
  const row = await repository.invoice(invoiceId);
  const viewer = row ? await viewerOf(db, row, payerUserId) : null;
  if (!row || !viewer) throw AppError.notFound(INVOICING_MESSAGES.invoiceNotFound);
  if (!actsForFamily(viewer)) throw AppError.forbidden(INVOICING_MESSAGES.notYours);
  if (row.kind !== 'invoice' || !row.carerUserId || !row.customerId) {
    throw AppError.conflict(INVOICING_MESSAGES.notPayable);
  }
  if (row.frozenAt) throw AppError.conflict(INVOICING_MESSAGES.frozen);
  if (row.status === 'paid') throw AppError.conflict(INVOICING_MESSAGES.alreadyPaid);
  if (row.status === 'marked_paid') throw AppError.conflict(INVOICING_MESSAGES.alreadyMarkedPaid);
  if (row.status === 'refunded' || row.status === 'partly_refunded') {
    throw AppError.conflict(INVOICING_MESSAGES.refunded);
  }
  const credited = (await repository.creditNotesOf([row.id])).reduce((sum, note) => sum + note.totalPence, 0);
  const due = amountDueOf(row, credited);
  if (row.status === 'credited' || due <= 0) throw AppError.conflict(INVOICING_MESSAGES.nothingToPay);
  return {
    id: row.id,
    number: row.number,
    reference: referenceOf('invoice', row.number),
    carerUserId: row.carerUserId,
    familyUserId: row.customerId,
    totalPence: due,
    status: 'open',
  };
}

/**
 * Records a confirmed payment of the invoice in the caller's transaction (the row locked). Safe to
 * repeat: an invoice already paid is left as it is (a replayed webhook) and `changed` is false. A
 * payment arriving while the family had marked it paid by transfer, or while it is on hold, still
 * records: the money moved. Throws 404 for an unknown invoice or a credit note.
 */
export async function recordInvoicePaid(
  tx: Executor,
  invoiceId: string,
  payment: { method: 'card' | 'bank_transfer'; reference: string; paidAt: Date },
): Promise<{ changed: boolean }> {
  const repository = createInvoicingRepository(tx);
  const row = isUuid(invoiceId) ? await repository.invoice(invoiceId, true) : undefined;
  if (!row || row.kind !== 'invoice') throw AppError.notFound(INVOICING_MESSAGES.invoiceNotFound);
  // Paid once: a later success (a replay, an event heard late) never turns a refund back into paid.
  if (PAID_STATES.has(row.status)) return { changed: false };
  await repository.updateInvoice(row.id, {
    status: 'paid',
    paidMethod: payment.method,
    paidReference: payment.reference,
    paidAt: payment.paidAt,
  });
  return { changed: true };
}

/** The states of an invoice whose payment arrived (and may have gone back, in part or in full). */
const PAID_STATES = new Set(PAID_STATUSES);

/**
 * Records what of an invoice's card payment went back to the family, in the caller's transaction
 * (the row locked): `refundedPence` the carer gave back, `chargedBackPence` the family's bank took
 * back in disputes the carer lost, each the cumulative total so far. The largest total heard is
 * kept, so replayed or reordered events end the same. Something back makes the invoice partly
 * refunded; all of `paidPence` back, refunded. Nothing is left to pay either way (a refund is the
 * carer's choice; a new charge would need a new invoice). Only a paid invoice changes: `changed`
 * is false otherwise, or when nothing grew. 404 for an unknown invoice or a credit note.
 */
export async function recordInvoiceRefunded(
  tx: Executor,
  invoiceId: string,
  refund: { paidPence: number; refundedPence: number; chargedBackPence: number; at: Date },
): Promise<{ changed: boolean; status: string }> {
  const repository = createInvoicingRepository(tx);
  const row = isUuid(invoiceId) ? await repository.invoice(invoiceId, true) : undefined;
  if (!row || row.kind !== 'invoice') throw AppError.notFound(INVOICING_MESSAGES.invoiceNotFound);
  if (!PAID_STATES.has(row.status)) return { changed: false, status: row.status };
  const refundedPence = Math.min(row.totalPence, Math.max(row.refundedPence, refund.refundedPence));
  const chargedBackPence = Math.min(
    row.totalPence - refundedPence,
    Math.max(row.chargedBackPence, refund.chargedBackPence),
  );
  if (refundedPence === row.refundedPence && chargedBackPence === row.chargedBackPence) {
    return { changed: false, status: row.status };
  }
  const back = refundedPence + chargedBackPence;
  const status = back >= refund.paidPence ? 'refunded' : back > 0 ? 'partly_refunded' : 'paid';
  await repository.updateInvoice(row.id, { refundedPence, chargedBackPence, refundedAt: refund.at, status });
  return { changed: true, status };
}

/**
 * Puts the invoice on hold (a card payment disputed): no payment, credit note or mark changes it
 * until unfrozen. Idempotent; `changed` says whether it was not on hold before. 404 when unknown.
 */
export async function freezeInvoice(
  tx: Executor,
  invoiceId: string,
  at: Date = new Date(),
): Promise<{ changed: boolean }> {
  const repository = createInvoicingRepository(tx);
  const row = isUuid(invoiceId) ? await repository.invoice(invoiceId, true) : undefined;
  if (!row) throw AppError.notFound(INVOICING_MESSAGES.invoiceNotFound);
  if (row.frozenAt) return { changed: false };
  await repository.updateInvoice(row.id, { frozenAt: at });
  return { changed: true };
}

/** Takes the hold off (the dispute closed). Idempotent, like freezeInvoice. */
export async function unfreezeInvoice(tx: Executor, invoiceId: string): Promise<{ changed: boolean }> {
  const repository = createInvoicingRepository(tx);
  const row = isUuid(invoiceId) ? await repository.invoice(invoiceId, true) : undefined;
  if (!row) throw AppError.notFound(INVOICING_MESSAGES.invoiceNotFound);
  if (!row.frozenAt) return { changed: false };
  await repository.updateInvoice(row.id, { frozenAt: null });
  return { changed: true };
}
