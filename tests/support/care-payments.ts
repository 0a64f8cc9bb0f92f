import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import {
  carePaymentAccounts,
  carePaymentAttempts,
  carePayouts,
  type CarePaymentAttemptRow,
} from '../../src/server/db/schema';
import type {
  InvoiceLedger,
  InvoicePaid,
  InvoiceRefund,
  PayableInvoice,
} from '../../src/server/features/care-payments';
import { AppError } from '../../src/server/platform/errors';
import type { TestApp } from './test-app';

/** The Connect webhook endpoint's secret in Stripe-mode tests. */
export const CONNECT_WEBHOOK_SECRET = 'whsec_carematch_connect_secret';

export interface TestInvoice extends PayableInvoice {
  frozen: boolean;
  payments: InvoicePaid[];
  refunds: InvoiceRefund[];
}

/**
 * A small invoice ledger kept in memory, standing in for the invoicing feature: an invoice is
 * payable by its family only, and not while frozen by a dispute.
 */
export function createTestLedger() {
  const invoices = new Map<string, TestInvoice>();
  let number = 0;
  const ledger: InvoiceLedger = {
    async invoiceForPayment(_db, invoiceId, payerUserId) {
      const invoice = invoices.get(invoiceId);
      if (!invoice || invoice.familyUserId !== payerUserId) throw AppError.notFound('Invoice not found.');
      if (invoice.frozen) throw AppError.conflict('This invoice is on hold.');
      const { id, number: invoiceNumber, carerUserId, familyUserId, totalPence, status } = invoice;
      return { id, number: invoiceNumber, carerUserId, familyUserId, totalPence, status };
    },
    async recordInvoicePaid(_tx, invoiceId, payment) {
      const invoice = invoices.get(invoiceId)!;
      invoice.status = 'paid';
      invoice.payments.push(payment);
    },
    async recordInvoiceRefunded(_tx, invoiceId, refund) {
      invoices.get(invoiceId)!.refunds.push(refund);
    },
    async freezeInvoice(_tx, invoiceId) {
      invoices.get(invoiceId)!.frozen = true;
    },
    async unfreezeInvoice(_tx, invoiceId) {
      invoices.get(invoiceId)!.frozen = false;
    },
  };
  return {
    ledger,
    invoices,
    add(carerUserId: string, familyUserId: string, totalPence: number): TestInvoice {
      number += 1;
      const invoice: TestInvoice = {
        id: randomUUID(),
        number: `INV-${String(number).padStart(4, '0')}`,
        carerUserId,
        familyUserId,
        totalPence,
        status: 'sent',
        frozen: false,
        payments: [],
        refunds: [],
      };
      invoices.set(invoice.id, invoice);
      return invoice;
    },
  };
}

let eventCounter = 0;
/** A Connect event: from the connected account `account`. */
export function connectEvent(
  type: string,
  account: string,
  object: Record<string, unknown>,
  created = new Date(),
) {
  eventCounter += 1;
  return {
    id: `evt_connect_${eventCounter.toString().padStart(6, '0')}_${Date.now()}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    account,
    created: Math.floor(created.getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** Posts an event to the Connect webhook, signed with `secret`. */
export function postConnectWebhook(t: TestApp, event: unknown, secret = CONNECT_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe/connect',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

export const accountObject = (
  id: string,
  state: { charges: boolean; payouts: boolean; submitted: boolean; due?: string[] },
) => ({
  id,
  object: 'account',
  charges_enabled: state.charges,
  payouts_enabled: state.payouts,
  details_submitted: state.submitted,
  requirements: { currently_due: state.due ?? [], past_due: [] },
});

export const intentObject = (
  id: string,
  amount: number,
  metadata: Record<string, string>,
  error?: { code: string; message: string },
) => ({
  id,
  object: 'payment_intent',
  amount,
  amount_received: error ? 0 : amount,
  metadata,
  last_payment_error: error ?? null,
});

export async function accountRowOf(t: TestApp, userId: string) {
  const [row] = await t.database.db
    .select()
    .from(carePaymentAccounts)
    .where(eq(carePaymentAccounts.userId, userId));
  return row;
}

export const attemptsOf = (t: TestApp, invoiceId: string): Promise<CarePaymentAttemptRow[]> =>
  t.database.db.select().from(carePaymentAttempts).where(eq(carePaymentAttempts.invoiceId, invoiceId));

export const payoutsOf = (t: TestApp, carerId: string) =>
  t.database.db.select().from(carePayouts).where(eq(carePayouts.carerId, carerId));

export const emailsTo = async (t: TestApp, email: string) =>
  (await t.outbox()).filter((row) => row.toAddress === email);
