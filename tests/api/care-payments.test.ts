import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardPaymentsAccount, InvoiceCardPayment, SavedCardState } from '@contracts/care-payments';
import { paymentEventCount, STRIPE_ENV } from '../support/payments';
import {
  accountObject,
  accountRowOf,
  attemptsOf,
  connectEvent,
  CONNECT_WEBHOOK_SECRET,
  createTestLedger,
  emailsTo,
  intentObject,
  payoutsOf,
  postConnectWebhook,
} from '../support/care-payments';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe-server';
import { createTestApp, type TestApp } from '../support/test-app';

// Paying carers by card through Stripe Connect (decision 0039), against a fake Stripe server
// spoken to by the real SDK, with an in-memory invoice ledger standing in for the invoicing feature.

let t: TestApp;
let noFee: TestApp;
let stripe: FakeStripe;
const invoices = createTestLedger();

beforeAll(async () => {
  stripe = await startFakeStripe();
  const env = { ...STRIPE_ENV, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET };
  t = await createTestApp(env, undefined, { stripeClient: stripe.client(), invoiceLedger: invoices.ledger });
  noFee = await createTestApp({ ...env, PLATFORM_FEE_PERCENT: '0' }, undefined, {
    stripeClient: stripe.client(),
    invoiceLedger: invoices.ledger,
    database: t.database,
  });
});
afterAll(async () => {
  await noFee?.close();
  await t?.close();
  await stripe?.close();
});

const get = <T>(app: TestApp, cookie: string, url: string) =>
  app.injectAs(cookie, { method: 'GET', url }).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  });

/** A carer whose connected account Stripe has made ready (by webhook). */
async function readyCarer(app: TestApp = t) {
  const carer = await app.register({ userType: 'carer' });
  const started = await app.injectAs(carer.cookie, {
    method: 'POST',
    url: '/api/care-payments/account/onboarding',
  });
  expect(started.statusCode, started.body).toBe(200);
  const account = (await accountRowOf(app, carer.user.id))!.accountId;
  const ready = connectEvent(
    'account.updated',
    account,
    accountObject(account, { charges: true, payouts: true, submitted: true }),
  );
  expect((await postConnectWebhook(app, ready)).statusCode).toBe(200);
  return { ...carer, account };
}

async function invoiceToPay(totalPence = 12_345, app: TestApp = t) {
  const carer = await readyCarer(app);
  const family = await app.register();
  const invoice = invoices.add(carer.user.id, family.user.id, totalPence);
  return { carer, family, invoice };
}

const pay = (app: TestApp, cookie: string, invoiceId: string) =>
  app.injectAs(cookie, { method: 'POST', url: `/api/invoices/${invoiceId}/card-payment` });

describe('the carer onboards to a connected account', () => {
  it('goes from not started to needs details, pending and ready as Stripe says, whatever the order', async () => {
    const carer = await t.register({ userType: 'carer' });
    const url = '/api/care-payments/account';
    expect((await get<CardPaymentsAccount>(t, carer.cookie, url)).status).toBe('not_started');

    const first = await t.injectAs(carer.cookie, {
      method: 'POST',
      url: '/api/care-payments/account/onboarding',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ url: string }>().url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/acct_/);
    // Onboarding again: the same account, a new single-use link.
    const again = await t.injectAs(carer.cookie, {
      method: 'POST',
      url: '/api/care-payments/account/onboarding',
    });
    expect(again.json<{ url: string }>().url).not.toBe(first.json<{ url: string }>().url);
    const account = (await accountRowOf(t, carer.user.id))!.accountId;
    expect(stripe.created('account').filter((made) => made.id === account)).toHaveLength(1);
    const made = stripe.account(account)!;
    expect(made.controller).toEqual({
      fees: { payer: 'account' },
      losses: { payments: 'stripe' },
      requirement_collection: 'stripe',
      stripe_dashboard: { type: 'full' },
    });
    expect(stripe.requests.find((request) => request.path === '/v1/accounts')?.idempotencyKey).toBe(
      `connect-account-${carer.user.id}`,
    );
    const link = stripe.requests.filter((request) => request.path === '/v1/account_links').at(-1)!;
    expect(link.params).toMatchObject({ account, type: 'account_onboarding' });
    expect(String(link.params.return_url)).toContain('/carer-dashboard');

    let status = await get<CardPaymentsAccount>(t, carer.cookie, url);
    expect(status).toMatchObject({ status: 'needs_details', chargesEnabled: false, feePercent: 5 });

    const at = (seconds: number) => new Date(Date.now() - 600_000 + seconds * 1000);
    const submitted = connectEvent(
      'account.updated',
      account,
      accountObject(account, { charges: false, payouts: false, submitted: true }),
      at(10),
    );
    const ready = connectEvent(
      'account.updated',
      account,
      accountObject(account, { charges: true, payouts: true, submitted: true }),
      at(20),
    );
    const stale = connectEvent(
      'account.updated',
      account,
      accountObject(account, { charges: false, payouts: false, submitted: false, due: ['external_account'] }),
      at(5),
    );
    expect((await postConnectWebhook(t, submitted)).statusCode).toBe(200);
    status = await get<CardPaymentsAccount>(t, carer.cookie, url);
    expect(status.status).toBe('pending');
    expect((await postConnectWebhook(t, ready)).statusCode).toBe(200);
    // An older description heard late, and a redelivery, change nothing.
    expect((await postConnectWebhook(t, stale)).statusCode).toBe(200);
    const events = await paymentEventCount(t);
    expect((await postConnectWebhook(t, submitted)).statusCode).toBe(200);
    expect(await paymentEventCount(t)).toBe(events);
    status = await get<CardPaymentsAccount>(t, carer.cookie, url);
    expect(status).toMatchObject({
      status: 'ready',
      chargesEnabled: true,
      payoutsEnabled: true,
      requirementsDue: [],
    });
  });

  it('lists what Stripe still needs while details are due', async () => {
    const carer = await t.register({ userType: 'carer' });
    await t.injectAs(carer.cookie, { method: 'POST', url: '/api/care-payments/account/onboarding' });
    const account = (await accountRowOf(t, carer.user.id))!.accountId;
    const event = connectEvent(
      'account.updated',
      account,
      accountObject(account, { charges: true, payouts: false, submitted: true, due: ['external_account'] }),
    );
    await postConnectWebhook(t, event);
    const status = await get<CardPaymentsAccount>(t, carer.cookie, '/api/care-payments/account');
    expect(status).toMatchObject({ status: 'needs_details', requirementsDue: ['external_account'] });
  });

  it('refuses a Connect event that is unsigned or signed with another secret', async () => {
    const event = connectEvent(
      'account.updated',
      'acct_x',
      accountObject('acct_x', { charges: true, payouts: true, submitted: true }),
    );
    expect((await postConnectWebhook(t, event, STRIPE_ENV.STRIPE_WEBHOOK_SECRET)).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe/connect',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
  });
});

describe('a family pays an invoice by card (a direct charge on the carer’s account)', () => {
  it('charges the carer’s account with the platform fee, and the invoice is paid once by webhook', async () => {
    const { carer, family, invoice } = await invoiceToPay(1_999);
    const started = await pay(t, family.cookie, invoice.id);
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json<InvoiceCardPayment>();
    expect(body).toMatchObject({
      state: 'requires_payment',
      stripeAccount: carer.account,
      totalPence: 1_999,
    });
    const [attempt] = await attemptsOf(t, invoice.id);
    const intent = stripe.paymentIntent(carer.account, attempt!.providerReference!)!;
    // 5% of £19.99 is 99.95p: the carer's favour, 99p.
    expect(intent).toMatchObject({ amount: 1_999, currency: 'gbp', application_fee_amount: 99 });
    expect(body.clientSecret).toBe(intent.client_secret);
    expect(attempt).toMatchObject({ amountPence: 1_999, feePence: 99, status: 'requires_payment' });
    const request = stripe.requests.find(
      (made) => made.path === '/v1/payment_intents' && made.account === carer.account,
    )!;
    expect(request.idempotencyKey).toBe(`care-invoice-${attempt!.id}`);

    stripe.confirmPayment(carer.account, intent.id as string);
    const succeeded = connectEvent(
      'payment_intent.succeeded',
      carer.account,
      intentObject(intent.id as string, 1_999, { attemptId: attempt!.id, invoiceId: invoice.id }),
    );
    expect((await postConnectWebhook(t, succeeded)).statusCode).toBe(200);
    expect((await postConnectWebhook(t, succeeded)).statusCode).toBe(200);
    // A failure heard after the success changes nothing.
    const failed = connectEvent(
      'payment_intent.payment_failed',
      carer.account,
      intentObject(
        intent.id as string,
        1_999,
        { attemptId: attempt!.id },
        { code: 'card_declined', message: 'Declined' },
      ),
    );
    expect((await postConnectWebhook(t, failed)).statusCode).toBe(200);

    expect(invoices.invoices.get(invoice.id)!.payments).toEqual([
      { method: 'card', reference: intent.id, paidAt: expect.any(Date) },
    ]);
    const state = await get<InvoiceCardPayment>(t, family.cookie, `/api/invoices/${invoice.id}/card-payment`);
    expect(state).toMatchObject({ state: 'paid', clientSecret: null, failureMessage: null });
    expect((await emailsTo(t, family.user.email)).map((row) => row.subject)).toContain(
      `Paid by card: invoice ${invoice.number}`,
    );
    const carerEmail = (await emailsTo(t, carer.user.email)).find((row) =>
      row.subject.includes(invoice.number),
    )!;
    expect(carerEmail.bodyText).toContain("CareMatch's fee: £0.99. Yours: £19.00");
    // Paying again: the paid state, no new charge.
    const before = stripe.created('payment_intent').length;
    expect((await pay(t, family.cookie, invoice.id)).json<InvoiceCardPayment>().state).toBe('paid');
    expect(stripe.created('payment_intent')).toHaveLength(before);
  });

  it('takes no fee at PLATFORM_FEE_PERCENT=0', async () => {
    const { carer, family, invoice } = await invoiceToPay(2_000, noFee);
    expect((await pay(noFee, family.cookie, invoice.id)).statusCode).toBe(200);
    const [attempt] = await attemptsOf(noFee, invoice.id);
    expect(attempt!.feePence).toBe(0);
    const request = stripe.requests.filter(
      (made) => made.path === '/v1/payment_intents' && made.account === carer.account,
    );
    expect(request).toHaveLength(1);
    expect(request[0]!.params.application_fee_amount).toBeUndefined();
  });

  it('gives one charge for many Pay clicks in two tabs at once', async () => {
    const { carer, family, invoice } = await invoiceToPay(4_500);
    // A second tab: another session of the same family.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: family.user.email, password: 'Kettle-Harbour-Meadow-42' },
    });
    const secondTab = String(signIn.headers['set-cookie']).split(';')[0]!;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        pay(t, index % 2 === 0 ? family.cookie : secondTab, invoice.id),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const secrets = new Set(answers.map((answer) => answer.json<InvoiceCardPayment>().clientSecret));
    expect(secrets.size).toBe(1);
    expect(await attemptsOf(t, invoice.id)).toHaveLength(1);
    const intents = stripe.created('payment_intent').filter((made) => made.account === carer.account);
    expect(intents).toHaveLength(1);
  });

  it('refuses a carer who cannot take cards yet, and an invoice that is not the payer’s', async () => {
    const carer = await t.register({ userType: 'carer' });
    const family = await t.register();
    const invoice = invoices.add(carer.user.id, family.user.id, 5_000);
    const refused = await pay(t, family.cookie, invoice.id);
    expect(refused.statusCode).toBe(409);
    const stranger = await t.register();
    expect((await pay(t, stranger.cookie, invoice.id)).statusCode).toBe(404);
    expect(
      (await t.injectAs(stranger.cookie, { url: `/api/invoices/${invoice.id}/card-payment` })).statusCode,
    ).toBe(404);
  });
});

describe('a saved card pays approved invoices off-session', () => {
  async function saveCard(
    family: { cookie: string },
    card: { last4: string; authentication?: boolean; declines?: boolean },
  ) {
    const started = await t.injectAs(family.cookie, { method: 'POST', url: '/api/care-payments/saved-card' });
    expect(started.statusCode, started.body).toBe(200);
    const { clientSecret } = started.json<{ clientSecret: string }>();
    stripe.finishSetup(clientSecret.split('_secret_')[0]!, { brand: 'visa', ...card });
    const finished = await t.injectAs(family.cookie, {
      method: 'POST',
      url: '/api/care-payments/saved-card/finish',
      payload: { clientSecret, autoPay: true },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    return finished.json<SavedCardState>();
  }

  it('shares the platform card to the carer’s account and charges it when the invoice is approved', async () => {
    const { carer, family, invoice } = await invoiceToPay(8_001);
    expect(await saveCard(family, { last4: '4242' })).toEqual({
      card: { brand: 'visa', last4: '4242' },
      autoPay: true,
    });
    const paid = await t.app.carePayments.service.payApprovedInvoice(invoice.id, family.user.id);
    expect(paid).toMatchObject({ state: 'paid' });
    const shared = stripe.created('payment_method').filter((made) => made.account === carer.account);
    expect(shared).toHaveLength(1);
    const intent = stripe.created('payment_intent').find((made) => made.account === carer.account)!;
    expect(intent).toMatchObject({
      off_session: true,
      payment_method: shared[0]!.id,
      application_fee_amount: 400,
    });
    expect(invoices.invoices.get(invoice.id)!.status).toBe('paid');
    // Approved twice (a retry): still one charge.
    await t.app.carePayments.service.payApprovedInvoice(invoice.id, family.user.id);
    expect(stripe.created('payment_intent').filter((made) => made.account === carer.account)).toHaveLength(1);
  });

  it('emails a link to finish when the bank asks for authentication, and the pay page finishes it', async () => {
    const { carer, family, invoice } = await invoiceToPay(3_000);
    await saveCard(family, { last4: '3184', authentication: true });
    const answer = await t.injectAs(family.cookie, {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/card-payment/saved-card`,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const state = answer.json<InvoiceCardPayment>();
    expect(state).toMatchObject({ state: 'requires_payment', stripeAccount: carer.account });
    expect(state.clientSecret).toMatch(/^pi_/);
    expect(state.failureMessage).toContain('requires authentication');
    expect(invoices.invoices.get(invoice.id)!.status).toBe('sent');
    const email = (await emailsTo(t, family.user.email)).find((row) =>
      row.subject.startsWith('Please confirm'),
    )!;
    expect(email.bodyText).toContain(`/invoices/${invoice.id}/pay`);
    // The pay page shows the same payment to finish: no second charge.
    const page = await get<InvoiceCardPayment>(t, family.cookie, `/api/invoices/${invoice.id}/card-payment`);
    expect(page.clientSecret).toBe(state.clientSecret);
    expect((await pay(t, family.cookie, invoice.id)).json<InvoiceCardPayment>().clientSecret).toBe(
      state.clientSecret,
    );
    expect(stripe.created('payment_intent').filter((made) => made.account === carer.account)).toHaveLength(1);
  });

  it('does not save a card whose setup did not finish, nor someone else’s', async () => {
    const family = await t.register();
    const other = await t.register();
    const started = await t.injectAs(family.cookie, { method: 'POST', url: '/api/care-payments/saved-card' });
    const { clientSecret } = started.json<{ clientSecret: string }>();
    const unfinished = await t.injectAs(family.cookie, {
      method: 'POST',
      url: '/api/care-payments/saved-card/finish',
      payload: { clientSecret },
    });
    expect(unfinished.statusCode).toBe(409);
    stripe.finishSetup(clientSecret.split('_secret_')[0]!, { brand: 'visa', last4: '4242' });
    await t.injectAs(other.cookie, { method: 'POST', url: '/api/care-payments/saved-card' });
    const stolen = await t.injectAs(other.cookie, {
      method: 'POST',
      url: '/api/care-payments/saved-card/finish',
      payload: { clientSecret },
    });
    expect(stolen.statusCode).toBe(409);
  });
});

describe('refunds, disputes and payouts from Stripe', () => {
  async function paidInvoice(totalPence = 10_000) {
    const setup = await invoiceToPay(totalPence);
    await pay(t, setup.family.cookie, setup.invoice.id);
    const [attempt] = await attemptsOf(t, setup.invoice.id);
    const intentId = attempt!.providerReference!;
    stripe.confirmPayment(setup.carer.account, intentId);
    await postConnectWebhook(
      t,
      connectEvent(
        'payment_intent.succeeded',
        setup.carer.account,
        intentObject(intentId, totalPence, { attemptId: attempt!.id }),
      ),
    );
    return { ...setup, intentId, attemptId: attempt!.id };
  }

  it('keeps the largest refund total whatever the order', async () => {
    const { carer, invoice, intentId } = await paidInvoice();
    const charge = (refunded: number) => ({
      id: `ch_${intentId}`,
      object: 'charge',
      amount: 10_000,
      amount_refunded: refunded,
      payment_intent: intentId,
    });
    await postConnectWebhook(t, connectEvent('charge.refunded', carer.account, charge(5_000)));
    await postConnectWebhook(t, connectEvent('charge.refunded', carer.account, charge(3_000)));
    const [attempt] = await attemptsOf(t, invoice.id);
    expect(attempt).toMatchObject({ refundedPence: 5_000, status: 'succeeded' });
  });

  it('holds the invoice while a dispute is open, tells both, shows admins, and releases it when won', async () => {
    const { carer, family, invoice, intentId } = await paidInvoice();
    const dispute = (status: string) => ({
      id: `dp_${intentId}`,
      object: 'dispute',
      amount: 10_000,
      reason: 'fraudulent',
      status,
      payment_intent: intentId,
    });
    const opened = connectEvent('charge.dispute.created', carer.account, dispute('needs_response'));
    expect((await postConnectWebhook(t, opened)).statusCode).toBe(200);
    expect(invoices.invoices.get(invoice.id)!.frozen).toBe(true);
    for (const person of [family, carer]) {
      expect((await emailsTo(t, person.user.email)).map((row) => row.subject)).toContain(
        `Card dispute: invoice ${invoice.number}`,
      );
    }
    const admin = await t.register();
    const { users } = await import('../../src/server/db/schema');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const listed = await t.injectAs(admin.cookie, { url: '/api/admin/care-payments/disputes' });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<Array<{ invoiceId: string; status: string }>>()).toContainEqual(
      // In words, never the provider's codes.
      expect.objectContaining({
        invoiceId: invoice.id,
        status: 'needs the carer’s answer',
        reason: 'fraudulent',
        handledAt: null,
      }),
    );
    const won = connectEvent('charge.dispute.closed', carer.account, dispute('won'));
    await postConnectWebhook(t, won);
    expect(invoices.invoices.get(invoice.id)!.frozen).toBe(false);
    // The opening heard again (another delivery of the same news) does not hold it again.
    await postConnectWebhook(
      t,
      connectEvent('charge.dispute.created', carer.account, dispute('needs_response')),
    );
    expect(invoices.invoices.get(invoice.id)!.frozen).toBe(false);
  });

  it('keeps the invoice held when a lost dispute is heard before its opening', async () => {
    const { carer, invoice, intentId } = await paidInvoice();
    const dispute = (status: string) => ({
      id: `dp_lost_${intentId}`,
      object: 'dispute',
      amount: 10_000,
      reason: 'product_not_received',
      status,
      payment_intent: intentId,
    });
    await postConnectWebhook(t, connectEvent('charge.dispute.closed', carer.account, dispute('lost')));
    await postConnectWebhook(
      t,
      connectEvent('charge.dispute.created', carer.account, dispute('needs_response')),
    );
    expect(invoices.invoices.get(invoice.id)!.frozen).toBe(true);
  });

  it('ignores an event about a payment from another carer’s account', async () => {
    const { invoice, intentId, attemptId } = await paidInvoice();
    const other = await readyCarer();
    await postConnectWebhook(
      t,
      connectEvent('charge.refunded', other.account, {
        id: 'ch_other',
        object: 'charge',
        amount: 10_000,
        amount_refunded: 10_000,
        payment_intent: intentId,
      }),
    );
    const [attempt] = await attemptsOf(t, invoice.id);
    expect(attempt).toMatchObject({ id: attemptId, refundedPence: 0 });
  });

  it('records payouts to the carer’s bank', async () => {
    const carer = await readyCarer();
    const payout = (status: string) => ({
      id: `po_${carer.account}`,
      object: 'payout',
      amount: 9_500,
      arrival_date: Math.floor(Date.now() / 1000) + 86_400,
      status,
      failure_message: null,
    });
    await postConnectWebhook(t, connectEvent('payout.paid', carer.account, payout('paid')));
    expect(await payoutsOf(t, carer.user.id)).toEqual([
      expect.objectContaining({ amountPence: 9_500, status: 'paid', provider: 'stripe' }),
    ]);
  });
});
