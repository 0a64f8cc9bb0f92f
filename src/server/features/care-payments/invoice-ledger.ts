import type { Executor } from '../../db/client';

/**
 * What card payments need of the invoices (owned by the invoicing feature): a port, so this
 * feature never reads or writes their tables. The composition root (app.ts) wires the invoicing
 * feature's; tests may bring their own.
 */
export interface PayableInvoice {
  id: string;
  number: string;
  carerUserId: string;
  familyUserId: string;
  totalPence: number;
  status: string;
}

export interface InvoicePaid {
  method: 'card' | 'bank_transfer';
  reference: string;
  paidAt: Date;
}

export interface InvoiceRefund {
  paidPence: number;
  refundedPence: number;
  chargedBackPence: number;
  at: Date;
}

export interface InvoiceLedger {
  /** The invoice `payerUserId` may pay; throws a 4xx AppError when they may not (not theirs, not payable). */
  invoiceForPayment(db: Executor, invoiceId: string, payerUserId: string): Promise<PayableInvoice>;
  /** Marks it paid inside the caller's transaction (once: the caller only calls on its own first success). */
  recordInvoicePaid(tx: Executor, invoiceId: string, payment: InvoicePaid): Promise<void>;
  /**
   * What of the invoice's card payment of `paidPence` went back to the family, cumulative:
   * refunds by the carer and what lost disputes took back. The invoice is then partly refunded or
   * refunded, never paid again. Safe to repeat and in any order (the largest totals are kept).
   */
  recordInvoiceRefunded(tx: Executor, invoiceId: string, refund: InvoiceRefund): Promise<void>;
  /** A card dispute holds the invoice as it is until the dispute closes. */
  freezeInvoice(tx: Executor, invoiceId: string): Promise<void>;
  unfreezeInvoice(tx: Executor, invoiceId: string): Promise<void>;
}
