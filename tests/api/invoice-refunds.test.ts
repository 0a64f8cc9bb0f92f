import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Arrangement } from '@contracts/arrangements';
import type { CarerCardPayment } from '@contracts/care-payments';
import type { Invoice, Timesheet, TimesheetList } from '@contracts/invoicing';
import { visits as visitRows } from '../../src/server/db/schema';
import { ukDate } from '../../src/server/platform/uk-time';
import {
  accountObject,
  accountRowOf,
  attemptsOf,
  connectEvent,
  CONNECT_WEBHOOK_SECRET,
  intentObject,
  postConnectWebhook,
} from '../support/care-payments';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe-server';
import { carer, customer, startConversation, type Carer, type Person } from '../support/messaging-fixtures';
import { STRIPE_ENV } from '../support/payments';
import { createTestApp, type TestApp } from '../support/test-app';

// A card payment of an invoice that goes back to the family (decisions 0038 and 0039), through the
// invoicing feature's real ledger: refunds (Stripe's charge.refunded, cumulative) make the invoice
// partly refunded or refunded; a lost dispute takes the money back and keeps the invoice held; a
// won one gives it back. Never "paid" again, whatever the order or the replays of the events.

let t: TestApp;
let stripe: FakeStripe;
const DAY_MS = 24 * 3_600_000;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp(
    { ...STRIPE_ENV, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET },
    undefined,
    {
      stripeClient: stripe.client(),
    },
  );
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const call = (who: Person, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.injectAs(who.cookie, { method, url, ...(payload ? { payload } : {}) });

async function ok(response: Promise<{ statusCode: number; body: string }>, status = 200) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return JSON.parse(answer.body) as unknown;
}

/** A carer whose connected account Stripe made ready, and a family with an open invoice of £100. */
async function openInvoice(): Promise<{
  worker: Carer & { account: string };
  family: Person;
  invoiceId: string;
}> {
  const worker = await carer(t);
  await ok(call(worker, 'POST', '/api/care-payments/account/onboarding'));
  const account = (await accountRowOf(t, worker.user.id))!.accountId;
  await postConnectWebhook(
    t,
    connectEvent(
      'account.updated',
      account,
      accountObject(account, { charges: true, payouts: true, submitted: true }),
    ),
  );
  const family = await customer(t);
  const conversationId = await startConversation(t, family, worker);
  const proposed = (await ok(
    call(family, 'POST', '/api/bookings', {
      conversationId,
      startDate: ukDate(new Date(Date.now() + 3 * DAY_MS)),
      visits: [{ day: 'tuesday', start: '09:00', end: '13:00' }],
      hourlyRate: '25.00',
    }),
    201,
  )) as Arrangement;
  await ok(call(worker, 'POST', `/api/bookings/${proposed.id}/accept`));
  const start = new Date(Date.now() - 14 * DAY_MS);
  const end = new Date(start.getTime() + 4 * 3_600_000);
  await t.database.db.insert(visitRows).values({
    arrangementId: proposed.id,
    startsAt: start,
    endsAt: end,
    checkedInAt: start,
    checkedOutAt: end,
  });
  const list = (await ok(call(worker, 'GET', '/api/timesheets'))) as TimesheetList;
  const sheet = list.items.find((item) => item.arrangementId === proposed.id)!;
  await ok(call(worker, 'POST', `/api/timesheets/${sheet.id}/submit`));
  const approved = (await ok(call(family, 'POST', `/api/timesheets/${sheet.id}/approve`))) as Timesheet;
  return { worker: { ...worker, account }, family, invoiceId: approved.invoiceId! };
}

/** The family starts paying; the PaymentIntent on the carer's account. */
async function startPaying(family: Person, invoiceId: string) {
  await ok(call(family, 'POST', `/api/invoices/${invoiceId}/card-payment`));
  const [attempt] = await attemptsOf(t, invoiceId);
  return { intentId: attempt!.providerReference!, attemptId: attempt!.id };
}

function succeeded(account: string, intentId: string, attemptId: string) {
  stripe.confirmPayment(account, intentId);
  return connectEvent('payment_intent.succeeded', account, intentObject(intentId, 10_000, { attemptId }));
}

const refunded = (account: string, intentId: string, pence: number) =>
  connectEvent('charge.refunded', account, {
    id: `ch_${intentId}`,
    object: 'charge',
    amount: 10_000,
    amount_refunded: pence,
    payment_intent: intentId,
  });

const dispute = (account: string, intentId: string, type: 'created' | 'closed', status: string) =>
  connectEvent(`charge.dispute.${type}`, account, {
    id: `dp_${intentId}`,
    object: 'dispute',
    amount: 10_000,
    reason: 'fraudulent',
    status,
    payment_intent: intentId,
  });

async function send(event: unknown) {
  const answer = await postConnectWebhook(t, event);
  expect(answer.statusCode, answer.body).toBe(200);
}

const invoiceAs = async (who: Person, id: string) =>
  (await ok(call(who, 'GET', `/api/invoices/${id}`))) as Invoice;
const carerPayment = async (worker: Carer, invoiceId: string) =>
  ((await ok(call(worker, 'GET', '/api/care-payments/payments'))) as CarerCardPayment[]).find(
    (payment) => payment.invoiceId === invoiceId,
  );

describe('refunds of a card-paid invoice', () => {
  it('is partly refunded, then refunded, whatever the order and the replays', async () => {
    const { worker, family, invoiceId } = await openInvoice();
    const { intentId, attemptId } = await startPaying(family, invoiceId);
    const success = succeeded(worker.account, intentId, attemptId);
    await send(success);
    expect(await invoiceAs(family, invoiceId)).toMatchObject({ status: 'paid', amountDuePence: 0 });

    await send(refunded(worker.account, intentId, 2_500));
    expect(await invoiceAs(family, invoiceId)).toMatchObject({
      status: 'partly_refunded',
      refundedPence: 2_500,
      chargedBackPence: 0,
      amountDuePence: 0,
      mayMarkPaid: false,
    });
    expect(await carerPayment(worker, invoiceId)).toMatchObject({
      amountPence: 10_000,
      feePence: 500,
      refundedPence: 2_500,
      keptPence: 7_000,
    });

    // The rest refunded, an older (smaller) total heard after it, and the success delivered again.
    const full = refunded(worker.account, intentId, 10_000);
    await send(full);
    await send(refunded(worker.account, intentId, 4_000));
    await send(full);
    await send(success);
    await send(succeeded(worker.account, intentId, attemptId));
    const after = await invoiceAs(worker, invoiceId);
    expect(after).toMatchObject({ status: 'refunded', refundedPence: 10_000, amountDuePence: 0 });
    // Not payable again, by card or by a transfer marked paid.
    expect((await call(family, 'POST', `/api/invoices/${invoiceId}/card-payment`)).statusCode).toBe(409);
    expect((await call(family, 'POST', `/api/invoices/${invoiceId}/mark-paid`, {})).statusCode).toBe(409);
    expect(await carerPayment(worker, invoiceId)).toMatchObject({ refundedPence: 10_000, keptPence: 0 });
  });

  it('is partly refunded when the refund is heard before the payment itself', async () => {
    const { worker, family, invoiceId } = await openInvoice();
    const { intentId, attemptId } = await startPaying(family, invoiceId);
    await send(refunded(worker.account, intentId, 1_000));
    expect((await invoiceAs(family, invoiceId)).status).toBe('open');
    await send(succeeded(worker.account, intentId, attemptId));
    expect(await invoiceAs(family, invoiceId)).toMatchObject({
      status: 'partly_refunded',
      refundedPence: 1_000,
    });
  });
});

describe('disputes of a card-paid invoice', () => {
  it('a lost dispute keeps it held and refunded: never paid again, not counted as kept', async () => {
    const { worker, family, invoiceId } = await openInvoice();
    const { intentId, attemptId } = await startPaying(family, invoiceId);
    const success = succeeded(worker.account, intentId, attemptId);
    await send(success);
    await send(dispute(worker.account, intentId, 'created', 'needs_response'));
    expect(await invoiceAs(family, invoiceId)).toMatchObject({ frozen: true });
    expect(await carerPayment(worker, invoiceId)).toMatchObject({ disputed: true });

    const lost = dispute(worker.account, intentId, 'closed', 'lost');
    await send(lost);
    await send(lost);
    await send(dispute(worker.account, intentId, 'created', 'needs_response'));
    await send(succeeded(worker.account, intentId, attemptId));
    expect(await invoiceAs(family, invoiceId)).toMatchObject({
      status: 'refunded',
      frozen: true,
      refundedPence: 0,
      chargedBackPence: 10_000,
    });
    expect(await carerPayment(worker, invoiceId)).toMatchObject({
      disputed: false,
      lostInDisputePence: 10_000,
      keptPence: 0,
    });
  });

  it('a lost dispute heard before the payment succeeded still leaves it refunded and held', async () => {
    const { worker, family, invoiceId } = await openInvoice();
    const { intentId, attemptId } = await startPaying(family, invoiceId);
    await send(dispute(worker.account, intentId, 'closed', 'lost'));
    await send(succeeded(worker.account, intentId, attemptId));
    expect(await invoiceAs(family, invoiceId)).toMatchObject({
      status: 'refunded',
      frozen: true,
      chargedBackPence: 10_000,
    });
  });

  it('a won dispute gives the invoice back as paid, counted in full', async () => {
    const { worker, family, invoiceId } = await openInvoice();
    const { intentId, attemptId } = await startPaying(family, invoiceId);
    await send(succeeded(worker.account, intentId, attemptId));
    await send(dispute(worker.account, intentId, 'created', 'needs_response'));
    await send(dispute(worker.account, intentId, 'closed', 'won'));
    await send(dispute(worker.account, intentId, 'created', 'needs_response'));
    expect(await invoiceAs(family, invoiceId)).toMatchObject({
      status: 'paid',
      frozen: false,
      chargedBackPence: 0,
    });
    expect(await carerPayment(worker, invoiceId)).toMatchObject({ disputed: false, keptPence: 9_500 });
  });
});
