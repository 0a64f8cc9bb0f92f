import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MESSAGES } from '@contracts/messaging';
import { PLANS } from '@contracts/pricing';
import type { CarerSearchResult } from '@contracts/carers';
import {
  DEMO_CARDS,
  PLAN_RENEWAL_WINDOW_DAYS,
  SUBSCRIPTION_MESSAGES,
  type PaymentHistory,
  type PaymentsConfig,
  type PlanOption,
  type SubscriptionPlans,
  type SubscribeResponse,
  type SubscriptionStatus,
} from '@contracts/subscriptions';
import { billingSubscriptions, payments, users } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/demo-seed/seed';
import { addCalendarMonths } from '../../src/server/platform/calendar';
import { CONTENT_SECURITY_POLICY } from '../../src/server/platform/security-headers';
import {
  billingSubscriptionsOf,
  confirmDemo,
  demoCard,
  demoRenewals,
  expectNear,
  paymentsOf,
  receiptsTo,
  userRow,
} from '../support/payments';
import { createTestApp, signInDemoAccounts, type TestApp } from '../support/test-app';

let t: TestApp;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db);
  Object.assign(cookies, await signInDemoAccounts(t));
});
afterAll(() => t.close());

const customer = () => t.register();
const createThreeMonth = (cookie: string | undefined, payload?: { extend: boolean }) =>
  t.injectAs(cookie, { method: 'POST', url: '/api/create-subscription', ...(payload ? { payload } : {}) });
const plansOf = async (cookie: string) => {
  const response = await t.injectAs(cookie, { url: '/api/subscription/plans' });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return Object.fromEntries(
    response.json<SubscriptionPlans>().plans.map((plan) => [plan.type, plan]),
  ) as Record<PlanOption['type'], PlanOption>;
};
const subscribe = (cookie: string | undefined, payload: Record<string, unknown>) =>
  t.injectAs(cookie, { method: 'POST', url: '/api/subscribe', payload });
const statusOf = async (cookie: string) =>
  (await t.injectAs(cookie, { url: '/api/subscription/status' })).json<SubscriptionStatus>();

/** A customer who paid for `type` with the demo's success card. */
async function paidCustomer(type: 'three_month' | 'monthly' | 'annual') {
  const person = await customer();
  const started =
    type === 'three_month' ? await createThreeMonth(person.cookie) : await subscribe(person.cookie, { type });
  expect(started.statusCode, started.body).toBe(200);
  const confirmed = await confirmDemo(
    t,
    person.cookie,
    started.json<{ clientSecret: string }>().clientSecret,
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return person;
}

/** Moves the person's access to end `days` from now (into, or out of, the renewal window). */
async function expiringIn(userId: string, days: number): Promise<Date> {
  const expiresAt = new Date(Date.now() + days * 86_400_000);
  await t.database.db.update(users).set({ subscriptionExpiresAt: expiresAt }).where(eq(users.id, userId));
  return expiresAt;
}

describe('GET /api/payments/config', () => {
  it('tells everyone the demo provider is in use, with no key', async () => {
    const response = await t.app.inject({ url: '/api/payments/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json<PaymentsConfig>()).toEqual({ provider: 'demo', publishableKey: null });
    // Demo mode keeps the strict policy: no Stripe origin anywhere.
    expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe('authorization', () => {
  const signedInRoutes = [
    ['POST', '/api/create-subscription'],
    ['POST', '/api/subscribe'],
    ['GET', '/api/subscription/status'],
    ['POST', '/api/subscription/cancel'],
    ['GET', '/api/payments'],
    ['POST', '/api/payments/demo/confirm'],
    ['GET', '/api/carer-membership'],
    ['POST', '/api/carer-membership'],
    ['POST', '/api/carer-membership/cancel'],
  ] as const;

  it.each(signedInRoutes)('answers %s %s with 401 when signed out', async (method, url) => {
    const payload =
      url === '/api/subscribe' ? { type: 'annual' } : url.includes('demo') ? demoCard() : undefined;
    const response = await t.injectAs(undefined, {
      method,
      url,
      ...(payload ? { payload: url.includes('demo') ? { clientSecret: 'x', ...payload } : payload } : {}),
    });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['a carer', 'carer'],
    ['an admin', 'admin'],
  ])('refuses the customer plans to %s with 403 and a message', async (_who, who) => {
    for (const response of [
      await createThreeMonth(cookies[who]),
      await subscribe(cookies[who], { type: 'monthly' }),
      await subscribe(cookies[who], { type: 'annual' }),
      await t.injectAs(cookies[who], { method: 'POST', url: '/api/subscription/cancel' }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.onlyCustomers });
    }
  });

  it('lets any signed-in person read their status and payments', async () => {
    for (const who of ['family', 'carer', 'admin']) {
      expect((await t.injectAs(cookies[who], { url: '/api/subscription/status' })).statusCode).toBe(200);
      expect((await t.injectAs(cookies[who], { url: '/api/payments' })).statusCode).toBe(200);
    }
  });
});

describe('starting a payment never activates a plan by itself', () => {
  it('POST /api/create-subscription answers a client secret for £49 and leaves the user unsubscribed', async () => {
    const person = await customer();
    const response = await createThreeMonth(person.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ clientSecret: expect.stringMatching(/^demo_pi_.+_secret_.+$/) });
    expect(await statusOf(person.cookie)).toEqual({
      hasActiveSubscription: false,
      subscriptionType: null,
      expiresAt: null,
      renews: false,
      nextPaymentAt: null,
      cancelAtPeriodEnd: false,
      refundIfCancelledPence: null,
      refundableUntil: null,
    });
    const [payment] = await paymentsOf(t, person.user.id);
    expect(payment).toMatchObject({
      plan: 'three_month',
      amountPence: 4900,
      status: 'pending',
      provider: 'demo',
    });
  });

  it('POST /api/subscribe ignores an amount or price the client sends, and does not activate', async () => {
    const person = await customer();
    const response = await subscribe(person.cookie, {
      type: 'annual',
      amount: 1,
      amountPence: 1,
      price: 0.01,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<SubscribeResponse>()).toEqual({
      subscriptionType: 'annual',
      clientSecret: expect.any(String),
    });
    const [payment] = await paymentsOf(t, person.user.id);
    expect(payment).toMatchObject({
      plan: 'annual',
      amountPence: PLANS.annual.amountPence,
      status: 'pending',
    });
    expect((await statusOf(person.cookie)).hasActiveSubscription).toBe(false);
    expect((await userRow(t, person.user.id)).subscriptionStatus).toBeNull();
  });

  it.each([{}, { type: 'weekly' }, { type: 'three_month' }])(
    'refuses a subscribe body of %o with 400',
    async (body) => {
      const person = await customer();
      const response = await subscribe(person.cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Choose the Monthly or the Annual plan.');
    },
  );

  it('two rapid clicks create one payment with one client secret', async () => {
    const person = await customer();
    const [first, second, third] = await Promise.all([
      createThreeMonth(person.cookie),
      createThreeMonth(person.cookie),
      createThreeMonth(person.cookie),
    ]);
    expect([first!.statusCode, second!.statusCode, third!.statusCode]).toEqual([200, 200, 200]);
    expect(second!.json().clientSecret).toBe(first!.json().clientSecret);
    expect(third!.json().clientSecret).toBe(first!.json().clientSecret);
    expect(await paymentsOf(t, person.user.id)).toHaveLength(1);
    // A later click still gets the same pending payment.
    expect((await createThreeMonth(person.cookie)).json().clientSecret).toBe(first!.json().clientSecret);
    expect(await paymentsOf(t, person.user.id)).toHaveLength(1);
  });
});

describe('POST /api/payments/demo/confirm', () => {
  it('activates 3-Month Access for three calendar months with the success card, and emails a receipt', async () => {
    const person = await customer();
    const { clientSecret } = (await createThreeMonth(person.cookie)).json<{ clientSecret: string }>();
    const before = new Date();
    const response = await confirmDemo(t, person.cookie, clientSecret);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'succeeded' });

    const status = await statusOf(person.cookie);
    expect(status).toMatchObject({
      hasActiveSubscription: true,
      subscriptionType: 'three_month',
      renews: false,
    });
    expectNear(status.expiresAt, addCalendarMonths(before, 3));
    const [payment] = await paymentsOf(t, person.user.id);
    expect(payment).toMatchObject({ status: 'succeeded', amountPence: 4900 });
    expect(payment!.paidAt).toBeInstanceOf(Date);

    const receipts = await receiptsTo(t, person.user.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe('Your CareMatch receipt: 3-Month Access');
    expect(receipts[0]!.bodyText).toContain('Amount: £49.00');
    expect(receipts[0]!.bodyText).toMatch(/Your access lasts until: \d{1,2} \w+ \d{4}/);
    expect(receipts[0]!.bodyText).not.toMatch(/4242|cvc|card number/i);

    // Confirming again does nothing more.
    const again = await confirmDemo(t, person.cookie, clientSecret);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.paymentAlreadyDone });
    expect(await receiptsTo(t, person.user.email)).toHaveLength(1);
  });

  it.each([
    ['declined', DEMO_CARDS.declined, SUBSCRIPTION_MESSAGES.cardDeclined],
    ['insufficient funds', DEMO_CARDS.insufficientFunds, SUBSCRIPTION_MESSAGES.insufficientFunds],
  ])(
    'answers a %s card with 402 and leaves the user unsubscribed; a good card then succeeds',
    async (_name, card, message) => {
      const person = await customer();
      const { clientSecret } = (await subscribe(person.cookie, { type: 'annual' })).json<SubscribeResponse>();
      const declined = await confirmDemo(t, person.cookie, clientSecret, demoCard(card));
      expect(declined.statusCode).toBe(402);
      expect(declined.json()).toEqual({ message });
      expect((await statusOf(person.cookie)).hasActiveSubscription).toBe(false);
      const [failed] = await paymentsOf(t, person.user.id);
      expect(failed).toMatchObject({ status: 'failed', failureMessage: message });
      expect(await receiptsTo(t, person.user.email)).toHaveLength(0);

      // As on Stripe, the same payment can be retried with another card.
      expect((await confirmDemo(t, person.cookie, clientSecret)).statusCode).toBe(200);
      expect(await statusOf(person.cookie)).toMatchObject({
        hasActiveSubscription: true,
        subscriptionType: 'annual',
      });
      expect(await paymentsOf(t, person.user.id)).toHaveLength(1);
    },
  );

  it('accepts any other number that passes the Luhn check, as Stripe test mode does', async () => {
    const person = await customer();
    const { clientSecret } = (await createThreeMonth(person.cookie)).json<{ clientSecret: string }>();
    expect(
      (await confirmDemo(t, person.cookie, clientSecret, demoCard('5555-5555-5555-4444'))).statusCode,
    ).toBe(200);
  });

  it.each([
    [
      'a number failing the Luhn check',
      { cardNumber: '4242 4242 4242 4241' },
      'cardNumber',
      SUBSCRIPTION_MESSAGES.cardNumberInvalid,
    ],
    [
      'a number of the wrong length',
      { cardNumber: '4242 4242' },
      'cardNumber',
      SUBSCRIPTION_MESSAGES.cardNumberInvalid,
    ],
    ['letters', { cardNumber: '4242 abcd 4242 4242' }, 'cardNumber', SUBSCRIPTION_MESSAGES.cardNumberInvalid],
    ['an expiry in the past', { expiry: '01 / 20' }, 'expiry', SUBSCRIPTION_MESSAGES.expiryInvalid],
    ['an expiry not MM/YY', { expiry: '2030-01' }, 'expiry', SUBSCRIPTION_MESSAGES.expiryInvalid],
    ['month 13', { expiry: '13/30' }, 'expiry', SUBSCRIPTION_MESSAGES.expiryInvalid],
    ['a short CVC', { cvc: '12' }, 'cvc', SUBSCRIPTION_MESSAGES.cvcInvalid],
    ['a CVC with letters', { cvc: '12a' }, 'cvc', SUBSCRIPTION_MESSAGES.cvcInvalid],
  ])('refuses %s with 400 and a field message, changing nothing', async (_name, override, field, message) => {
    const person = await customer();
    const { clientSecret } = (await createThreeMonth(person.cookie)).json<{ clientSecret: string }>();
    const response = await confirmDemo(t, person.cookie, clientSecret, { ...demoCard(), ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fieldErrors: { [field]: message } });
    const [payment] = await paymentsOf(t, person.user.id);
    expect(payment!.status).toBe('pending');
  });

  it("answers 404 for another person's payment and for a made-up or altered secret", async () => {
    const owner = await customer();
    const stranger = await customer();
    const { clientSecret } = (await createThreeMonth(owner.cookie)).json<{ clientSecret: string }>();
    for (const [cookie, secret] of [
      [stranger.cookie, clientSecret],
      [owner.cookie, `${clientSecret.slice(0, -2)}xx`],
      [owner.cookie, 'demo_pi_00000000-0000-4000-8000-000000000000_secret_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
      [owner.cookie, 'pi_123_secret_456'],
    ] as const) {
      const response = await confirmDemo(t, cookie, secret);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.paymentNotFound });
    }
    expect((await statusOf(owner.cookie)).hasActiveSubscription).toBe(false);
    expect((await paymentsOf(t, owner.user.id))[0]!.status).toBe('pending');
  });
});

describe('extending and expiry', () => {
  it('buying 3-Month in the last 30 days of Annual extends from the current expiry, in calendar months', async () => {
    const person = await paidCustomer('annual');
    expectNear((await userRow(t, person.user.id)).subscriptionExpiresAt, addCalendarMonths(new Date(), 12));
    const annualExpiry = await expiringIn(person.user.id, PLAN_RENEWAL_WINDOW_DAYS - 1);
    const { clientSecret } = (await createThreeMonth(person.cookie, { extend: true })).json<{
      clientSecret: string;
    }>();
    expect((await confirmDemo(t, person.cookie, clientSecret)).statusCode).toBe(200);
    const status = await statusOf(person.cookie);
    expect(status.subscriptionType).toBe('three_month');
    expect(status.expiresAt).toBe(addCalendarMonths(annualExpiry, 3).toISOString());
  });

  // Decision 0027: a checkout that opens by itself never becomes a second payment.
  it('starts a payment during access only as an explicit extension (409 otherwise), on both routes', async () => {
    const person = await paidCustomer('annual');
    await expiringIn(person.user.id, PLAN_RENEWAL_WINDOW_DAYS - 1);
    for (const response of [
      await createThreeMonth(person.cookie),
      await createThreeMonth(person.cookie, { extend: false }),
      await subscribe(person.cookie, { type: 'annual' }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.extendRequired });
    }
    expect((await paymentsOf(t, person.user.id)).map((p) => p.plan)).toEqual(['annual']);
    expect((await createThreeMonth(person.cookie, { extend: true })).statusCode).toBe(200);
    expect((await subscribe(person.cookie, { type: 'annual', extend: true })).statusCode).toBe(200);
    // Outside the window the rule's own reason comes first, extension or not.
    await expiringIn(person.user.id, PLAN_RENEWAL_WINDOW_DAYS + 5);
    const early = await createThreeMonth(person.cookie, { extend: true });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.planStillActive });
  });

  it('refuses a second plan earlier than the last 30 days of the current one (409), when starting and when confirming', async () => {
    const person = await customer();
    const threeMonth = (await createThreeMonth(person.cookie)).json<{ clientSecret: string }>();
    const annual = (await subscribe(person.cookie, { type: 'annual' })).json<SubscribeResponse>();
    expect((await confirmDemo(t, person.cookie, annual.clientSecret)).statusCode).toBe(200);
    const expiresAt = (await userRow(t, person.user.id)).subscriptionExpiresAt;
    const late = await confirmDemo(t, person.cookie, threeMonth.clientSecret);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.planStillActive });
    const again = await createThreeMonth(person.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.planStillActive });
    expect((await userRow(t, person.user.id)).subscriptionExpiresAt).toEqual(expiresAt);
    // Nothing was charged for it: the payment is still waiting, and no receipt went out for it.
    expect((await paymentsOf(t, person.user.id)).map((p) => [p.plan, p.status])).toEqual([
      ['annual', 'succeeded'],
      ['three_month', 'pending'],
    ]);
    expect(await receiptsTo(t, person.user.email)).toHaveLength(1);
  });

  it('counts an expired plan as no subscription: status says so and messages are refused', async () => {
    const person = await paidCustomer('three_month');
    await t.database.db
      .update(users)
      .set({ subscriptionExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, person.user.id));
    expect(await statusOf(person.cookie)).toMatchObject({
      hasActiveSubscription: false,
      subscriptionType: 'three_month',
    });
    const carer = (
      await t.app.inject({ url: '/api/carers?location=leeds&limit=1' })
    ).json<CarerSearchResult>().items[0]!;
    const message = await t.injectAs(person.cookie, {
      method: 'POST',
      url: '/api/messages',
      payload: { receiverId: carer.userId, carerId: carer.id, content: 'Hello there' },
    });
    expect(message.statusCode).toBe(403);
    expect(message.json()).toEqual({ message: MESSAGE_MESSAGES.subscriptionRequired });
    // Buying again after expiry starts from today.
    const { clientSecret } = (await createThreeMonth(person.cookie)).json<{ clientSecret: string }>();
    await confirmDemo(t, person.cookie, clientSecret);
    expectNear((await statusOf(person.cookie)).expiresAt, addCalendarMonths(new Date(), 3));
  });

  it('applies the same rule when a Monthly payment started earlier is confirmed after another plan', async () => {
    const person = await customer();
    const monthly = (await subscribe(person.cookie, { type: 'monthly' })).json<SubscribeResponse>();
    const annual = (await subscribe(person.cookie, { type: 'annual' })).json<SubscribeResponse>();
    expect((await confirmDemo(t, person.cookie, annual.clientSecret)).statusCode).toBe(200);
    const late = await confirmDemo(t, person.cookie, monthly.clientSecret);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.accessStillActive });
    expect(await statusOf(person.cookie)).toMatchObject({ subscriptionType: 'annual', renews: false });
    expect(await billingSubscriptionsOf(t, person.user.id)).toMatchObject([{ status: 'incomplete' }]);
  });

  it('does not start a Monthly plan while other access is active (it would charge for time already paid)', async () => {
    const person = await paidCustomer('three_month');
    const response = await subscribe(person.cookie, { type: 'monthly' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.accessStillActive });
  });
});

// Decision 0018: a purchase check that holds under concurrency. The confirmations queue on the
// account row (SELECT … FOR UPDATE in the transaction that checks the rules and activates).
describe('confirmations at the same time give at most one plan', () => {
  it('Monthly, Annual and 3-Month confirmed at once: one plan, the other two 409 and not charged', async () => {
    const person = await customer();
    const secrets = [
      (await subscribe(person.cookie, { type: 'monthly' })).json<SubscribeResponse>().clientSecret,
      (await subscribe(person.cookie, { type: 'annual' })).json<SubscribeResponse>().clientSecret,
      (await createThreeMonth(person.cookie)).json<{ clientSecret: string }>().clientSecret,
    ];
    const answers = await Promise.all(secrets.map((secret) => confirmDemo(t, person.cookie, secret)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const refusals = answers.filter((a) => a.statusCode === 409).map((a) => a.json<{ message: string }>());
    for (const refusal of refusals) {
      expect([
        SUBSCRIPTION_MESSAGES.monthlyAlreadyRenews,
        SUBSCRIPTION_MESSAGES.accessStillActive,
        SUBSCRIPTION_MESSAGES.planStillActive,
      ]).toContain(refusal.message);
    }
    const rows = await paymentsOf(t, person.user.id);
    const paid = rows.filter((p) => p.status === 'succeeded');
    expect(paid).toHaveLength(1);
    expect(rows.filter((p) => p.status === 'pending')).toHaveLength(2);
    const plan = paid[0]!.plan as 'monthly' | 'annual' | 'three_month';
    const months = { monthly: 1, annual: 12, three_month: 3 }[plan];
    const status = await statusOf(person.cookie);
    expect(status).toMatchObject({ hasActiveSubscription: true, subscriptionType: plan });
    expectNear(status.expiresAt, addCalendarMonths(new Date(), months));
    // Nothing renews unless the Monthly plan was the one that went through.
    const live = (await billingSubscriptionsOf(t, person.user.id)).filter((s) => s.status === 'active');
    expect(live).toHaveLength(plan === 'monthly' ? 1 : 0);
    expect(await receiptsTo(t, person.user.email)).toHaveLength(1);
  });

  it('the same payment confirmed three times at once: one activation, the others 409', async () => {
    const person = await customer();
    const { clientSecret } = (await createThreeMonth(person.cookie)).json<{ clientSecret: string }>();
    const answers = await Promise.all([1, 2, 3].map(() => confirmDemo(t, person.cookie, clientSecret)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.paymentAlreadyDone });
    }
    expectNear((await statusOf(person.cookie)).expiresAt, addCalendarMonths(new Date(), 3));
    expect(await receiptsTo(t, person.user.email)).toHaveLength(1);
  });
});

describe('the Monthly plan', () => {
  it('activates for a month once paid, renews, and blocks any other plan while it renews', async () => {
    const before = new Date();
    const person = await paidCustomer('monthly');
    const status = await statusOf(person.cookie);
    expect(status).toMatchObject({
      hasActiveSubscription: true,
      subscriptionType: 'monthly',
      renews: true,
      cancelAtPeriodEnd: false,
    });
    expectNear(status.expiresAt, addCalendarMonths(before, 1));
    const [subscription] = await billingSubscriptionsOf(t, person.user.id);
    expect(subscription).toMatchObject({ purpose: 'customer_monthly', provider: 'demo', status: 'active' });
    expect(subscription!.currentPeriodEnd!.toISOString()).toBe(status.expiresAt);

    for (const response of [
      await subscribe(person.cookie, { type: 'annual' }),
      await subscribe(person.cookie, { type: 'monthly' }),
      await createThreeMonth(person.cookie),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.monthlyAlreadyRenews });
    }
  });

  it('cancels at the end of the period: access stays until then, and nothing is renewed', async () => {
    const person = await paidCustomer('monthly');
    const paidUntil = (await statusOf(person.cookie)).expiresAt;
    const cancelled = await t.injectAs(person.cookie, { method: 'POST', url: '/api/subscription/cancel' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<SubscriptionStatus>()).toEqual({
      hasActiveSubscription: true,
      subscriptionType: 'monthly',
      expiresAt: paidUntil,
      renews: false,
      nextPaymentAt: null,
      cancelAtPeriodEnd: true,
      refundIfCancelledPence: null,
      refundableUntil: null,
    });
    const again = await t.injectAs(person.cookie, { method: 'POST', url: '/api/subscription/cancel' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.nothingToCancel });

    // The period ends: demo housekeeping ends the subscription instead of charging again.
    const [subscription] = await billingSubscriptionsOf(t, person.user.id);
    const ended = new Date(Date.now() - 60_000);
    await t.database.db
      .update(billingSubscriptions)
      .set({ currentPeriodEnd: ended })
      .where(eq(billingSubscriptions.id, subscription!.id));
    await t.database.db
      .update(users)
      .set({ subscriptionExpiresAt: ended })
      .where(eq(users.id, person.user.id));
    await demoRenewals(t).run();
    expect((await billingSubscriptionsOf(t, person.user.id))[0]!.status).toBe('canceled');
    expect(await paymentsOf(t, person.user.id)).toHaveLength(1);
    expect(await statusOf(person.cookie)).toMatchObject({
      hasActiveSubscription: false,
      renews: false,
      cancelAtPeriodEnd: false,
    });
    // With nothing renewing, the person may choose again.
    expect((await subscribe(person.cookie, { type: 'annual' })).statusCode).toBe(200);
  });

  it('renews an uncancelled plan at the end of its period, once, by charging the saved card', async () => {
    const person = await paidCustomer('monthly');
    const [subscription] = await billingSubscriptionsOf(t, person.user.id);
    const periodEnd = new Date(Date.now() - 60_000);
    await t.database.db
      .update(billingSubscriptions)
      .set({ currentPeriodEnd: periodEnd })
      .where(eq(billingSubscriptions.id, subscription!.id));
    await t.database.db
      .update(users)
      .set({ subscriptionExpiresAt: periodEnd })
      .where(eq(users.id, person.user.id));
    expect((await statusOf(person.cookie)).hasActiveSubscription).toBe(false);

    const renewals = demoRenewals(t);
    await Promise.all([renewals.run(), renewals.run()]);
    await renewals.run();

    const history = (await t.injectAs(person.cookie, { url: '/api/payments' })).json<PaymentHistory>()
      .payments;
    expect(history.map((p) => [p.plan, p.status, p.amountPence])).toEqual([
      ['monthly', 'succeeded', 1000],
      ['monthly', 'succeeded', 1000],
    ]);
    const status = await statusOf(person.cookie);
    expect(status).toMatchObject({ hasActiveSubscription: true, renews: true });
    expect(status.expiresAt).toBe(addCalendarMonths(periodEnd, 1).toISOString());
    expect((await billingSubscriptionsOf(t, person.user.id))[0]!.currentPeriodEnd!.toISOString()).toBe(
      status.expiresAt,
    );
    expect(await receiptsTo(t, person.user.email)).toHaveLength(2);
  });

  it('answers 409 to a cancel with nothing that renews', async () => {
    const person = await paidCustomer('annual');
    // Past its 14-day cooling-off period, a one-time plan has nothing left to cancel.
    await t.database.db
      .update(payments)
      .set({ paidAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(payments.userId, person.user.id));
    const response = await t.injectAs(person.cookie, { method: 'POST', url: '/api/subscription/cancel' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.nothingToCancel });
  });
});

describe('GET /api/subscription/plans', () => {
  it('offers a new customer all three plans with the end date paying now gives', async () => {
    const person = await customer();
    const plans = await plansOf(person.cookie);
    expect(Object.keys(plans)).toEqual(['three_month', 'monthly', 'annual']);
    for (const [type, months] of [
      ['three_month', 3],
      ['monthly', 1],
      ['annual', 12],
    ] as const) {
      expect(plans[type]).toMatchObject({ allowed: true, extendsAccess: false, reason: null });
      expectNear(new Date(plans[type].expiresAtIfPaid!), addCalendarMonths(new Date(), months));
    }
  });

  it('tells a subscriber why no plan can be bought yet, then offers the extension and its exact end date', async () => {
    const person = await paidCustomer('annual');
    const early = await plansOf(person.cookie);
    expect(early.three_month).toEqual({
      type: 'three_month',
      allowed: false,
      expiresAtIfPaid: null,
      extendsAccess: false,
      reason: SUBSCRIPTION_MESSAGES.planStillActive,
    });
    expect(early.annual.reason).toBe(SUBSCRIPTION_MESSAGES.planStillActive);
    expect(early.monthly.reason).toBe(SUBSCRIPTION_MESSAGES.accessStillActive);

    const expiry = await expiringIn(person.user.id, 10);
    const late = await plansOf(person.cookie);
    expect(late.three_month).toEqual({
      type: 'three_month',
      allowed: true,
      expiresAtIfPaid: addCalendarMonths(expiry, 3).toISOString(),
      extendsAccess: true,
      reason: null,
    });
    expect(late.annual.expiresAtIfPaid).toBe(addCalendarMonths(expiry, 12).toISOString());
    expect(late.monthly.allowed).toBe(false);
    // The date shown is the date given.
    const { clientSecret } = (await createThreeMonth(person.cookie, { extend: true })).json<{
      clientSecret: string;
    }>();
    expect((await confirmDemo(t, person.cookie, clientSecret)).statusCode).toBe(200);
    expect((await statusOf(person.cookie)).expiresAt).toBe(late.three_month.expiresAtIfPaid);
  });

  it('is for customers only', async () => {
    for (const who of ['carer', 'admin']) {
      const response = await t.injectAs(cookies[who], { url: '/api/subscription/plans' });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('GET /api/payments', () => {
  // Decision 0027: opening a checkout is not a payment; submitting the card is.
  it('shows no payment for a checkout opened and left; a submitted card shows, once, with its outcome', async () => {
    const person = await customer();
    const history = async () =>
      (await t.injectAs(person.cookie, { url: '/api/payments' }))
        .json<PaymentHistory>()
        .payments.map((p) => [p.plan, p.status]);
    const { clientSecret } = (await createThreeMonth(person.cookie)).json<{ clientSecret: string }>();
    await subscribe(person.cookie, { type: 'monthly' });
    await subscribe(person.cookie, { type: 'annual' });
    expect(await history()).toEqual([]);

    const declined = await confirmDemo(t, person.cookie, clientSecret, demoCard(DEMO_CARDS.declined));
    expect(declined.statusCode).toBe(402);
    expect(await history()).toEqual([['three_month', 'failed']]);
    expect((await confirmDemo(t, person.cookie, clientSecret)).statusCode).toBe(200);
    expect(await history()).toEqual([['three_month', 'succeeded']]);
    // The rows of the forms left open are still kept (the provider may hold them), just not shown.
    expect((await paymentsOf(t, person.user.id)).filter((p) => p.status === 'pending')).toHaveLength(2);
  });

  it("lists the person's own payments, newest first, and nobody else's", async () => {
    const person = await paidCustomer('three_month');
    await expiringIn(person.user.id, 10);
    const extension = await subscribe(person.cookie, { type: 'annual', extend: true });
    expect(
      (await confirmDemo(t, person.cookie, extension.json<SubscribeResponse>().clientSecret)).statusCode,
    ).toBe(200);
    const other = await paidCustomer('annual');
    const response = await t.injectAs(person.cookie, { url: '/api/payments' });
    expect(response.headers['cache-control']).toBe('no-store');
    const history = response.json<PaymentHistory>().payments;
    expect(history.map((p) => [p.plan, p.status])).toEqual([
      ['annual', 'succeeded'],
      ['three_month', 'succeeded'],
    ]);
    const ids = new Set((await paymentsOf(t, other.user.id)).map((p) => p.id));
    expect(history.some((p) => ids.has(p.id))).toBe(false);
  });

  it('shows the seeded subscriber their annual payment', async () => {
    const history = (await t.injectAs(cookies.subscribed, { url: '/api/payments' })).json<PaymentHistory>();
    expect(history.payments[0]).toMatchObject({ plan: 'annual', amountPence: 10000, status: 'succeeded' });
    const stored = await t.database.db.select().from(payments).where(eq(payments.plan, 'annual'));
    expect(stored.length).toBeGreaterThan(0);
  });
});
