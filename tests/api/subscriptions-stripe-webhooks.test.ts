import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@contracts/auth';
import {
  SUBSCRIPTION_MESSAGES,
  type PaymentsConfig,
  type SubscribeResponse,
  type SubscriptionStatus,
} from '@contracts/subscriptions';
import { payments, users } from '../../src/server/db/schema';
import { addCalendarMonths } from '../../src/server/platform/calendar';
import { STRIPE_CONTENT_SECURITY_POLICY } from '../../src/server/platform/security-headers';
import {
  billingSubscriptionsOf,
  createFakeStripe,
  demoCard,
  expectNear,
  invoiceObject,
  paymentEventCount,
  paymentIntentObject,
  paymentsOf,
  postWebhook,
  receiptsTo,
  shuffled,
  STRIPE_ENV,
  stripeEvent,
  subscriptionObject,
  userRow,
} from '../support/payments';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const stripe = createFakeStripe();

beforeAll(async () => {
  t = await createTestApp(STRIPE_ENV, undefined, { stripeClient: stripe.client });
});
afterAll(() => t.close());

const createThreeMonth = (cookie: string) =>
  t.injectAs(cookie, { method: 'POST', url: '/api/create-subscription' });
const subscribe = (cookie: string, type: string) =>
  t.injectAs(cookie, { method: 'POST', url: '/api/subscribe', payload: { type } });
const statusOf = async (cookie: string) =>
  (await t.injectAs(cookie, { url: '/api/subscription/status' })).json<SubscriptionStatus>();

/** A customer with a started 3-Month payment: the PaymentIntent's id and our row. */
async function startedThreeMonth() {
  const person = await t.register();
  const response = await createThreeMonth(person.cookie);
  expect(response.statusCode, response.body).toBe(200);
  const [payment] = await paymentsOf(t, person.user.id);
  return { person, payment: payment!, intentId: payment!.providerReference! };
}

const succeeded = (intentId: string, created?: Date) =>
  stripeEvent('payment_intent.succeeded', paymentIntentObject(intentId), created);

describe('Stripe mode', () => {
  it('answers the publishable key, opens the CSP to Stripe only, and has no demo confirm', async () => {
    const config = await t.app.inject({ url: '/api/payments/config' });
    expect(config.json<PaymentsConfig>()).toEqual({
      provider: 'stripe',
      publishableKey: STRIPE_ENV.STRIPE_PUBLISHABLE_KEY,
    });
    const policy = config.headers['content-security-policy'] as string;
    expect(policy).toBe(STRIPE_CONTENT_SECURITY_POLICY);
    expect(policy).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com [^;]*https:\/\/hooks\.stripe\.com/);
    expect(policy).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
    expect(policy).not.toMatch(/unsafe-inline[^;]*;[^;]*script|script-src[^;]*unsafe/);
    const person = await t.register();
    const demo = await t.injectAs(person.cookie, {
      method: 'POST',
      url: '/api/payments/demo/confirm',
      payload: { clientSecret: 'pi_1_secret_2', ...demoCard() },
    });
    expect(demo.statusCode).toBe(404);
  });

  it('creates a PaymentIntent for £49 in pounds for a Stripe Customer, with idempotency keys from our row', async () => {
    const { person, payment, intentId } = await startedThreeMonth();
    expect(intentId).toMatch(/^pi_/);
    const intentCall = stripe.calls.find(
      (c) => c.method === 'paymentIntents.create' && c.idempotencyKey === `payment-${payment.id}`,
    );
    expect(intentCall?.params).toMatchObject({
      amount: 4900,
      currency: 'gbp',
      customer: expect.stringMatching(/^cus_/),
      automatic_payment_methods: { enabled: true },
      metadata: { paymentId: payment.id, userId: person.user.id, plan: 'three_month' },
    });
    const customerCall = stripe.calls.find(
      (c) => c.method === 'customers.create' && c.idempotencyKey === `customer-${person.user.id}`,
    );
    expect(customerCall?.params).toMatchObject({ email: person.user.email });
    expect((await userRow(t, person.user.id)).stripeCustomerId).toMatch(/^cus_/);
    expect(payment).toMatchObject({
      provider: 'stripe',
      status: 'pending',
      clientSecret: `${intentId}_secret_fake`,
    });
  });

  it('two rapid create calls create one payment and ask Stripe with one idempotency key', async () => {
    const person = await t.register();
    const answers = await Promise.all([createThreeMonth(person.cookie), createThreeMonth(person.cookie)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[1]!.json().clientSecret).toBe(answers[0]!.json().clientSecret);
    const rows = await paymentsOf(t, person.user.id);
    expect(rows).toHaveLength(1);
    const keys = stripe.calls
      .filter(
        (c) =>
          c.method === 'paymentIntents.create' &&
          (c.params as { metadata: { userId: string } }).metadata.userId === person.user.id,
      )
      .map((c) => c.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`payment-${rows[0]!.id}`]));
    // Every create call Stripe saw carried an idempotency key.
    for (const call of stripe.calls.filter((c) => /\.(create|update)$/.test(c.method))) {
      expect(call.idempotencyKey, call.method).toBeTruthy();
    }
  });
});

describe('POST /api/webhooks/stripe: signatures', () => {
  it('applies a validly signed payment_intent.succeeded', async () => {
    const { person, intentId } = await startedThreeMonth();
    const response = await postWebhook(t, succeeded(intentId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    const status = await statusOf(person.cookie);
    expect(status).toMatchObject({ hasActiveSubscription: true, subscriptionType: 'three_month' });
    expectNear(status.expiresAt, addCalendarMonths(new Date(), 3));
    expect(await receiptsTo(t, person.user.email)).toHaveLength(1);
  });

  it.each([
    [
      'a tampered body',
      (event: ReturnType<typeof succeeded>) => ({ body: JSON.stringify({ ...event, id: 'evt_forged' }) }),
    ],
    ['a wrong secret', () => ({ secret: 'whsec_not_the_right_one' })],
    ['a timestamp older than 5 minutes', () => ({ timestamp: new Date(Date.now() - 6 * 60_000) })],
  ])('refuses %s with 400 and changes nothing', async (_name, options) => {
    const { person, intentId } = await startedThreeMonth();
    const eventsBefore = await paymentEventCount(t);
    const event = succeeded(intentId);
    const response = await postWebhook(t, event, options(event));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The webhook signature is missing, invalid or too old.' });
    expect(await paymentEventCount(t)).toBe(eventsBefore);
    expect((await statusOf(person.cookie)).hasActiveSubscription).toBe(false);
    expect((await paymentsOf(t, person.user.id))[0]!.status).toBe('pending');
  });

  it('refuses an unsigned request and acknowledges unknown event types without acting', async () => {
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(succeeded('pi_unknown')),
    });
    expect(unsigned.statusCode).toBe(400);
    const before = await paymentEventCount(t);
    const unknown = await postWebhook(
      t,
      stripeEvent('charge.refund.updated', { id: 're_1', object: 'refund' }),
    );
    expect(unknown.statusCode).toBe(200);
    expect(await paymentEventCount(t)).toBe(before);
  });

  it('leaves every other route on the JSON parser', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "nobody@example.org", "password": "x"}',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('idempotent, order-independent events', () => {
  it('one-time PaymentIntent: each event 3 times, shuffled, gives one activation and the right expiry', async () => {
    const { person, payment, intentId } = await startedThreeMonth();
    const t0 = new Date(Date.now() - 120_000);
    const failed = stripeEvent(
      'payment_intent.payment_failed',
      paymentIntentObject(intentId, { paymentId: payment.id }, 'Your card was declined.'),
      t0,
    );
    const paid = succeeded(intentId, new Date(t0.getTime() + 30_000));
    const deliveries = shuffled([failed, paid, failed, paid, failed, paid], 7);
    // The failure must also arrive after the success at least once.
    expect(deliveries.lastIndexOf(failed)).toBeGreaterThan(deliveries.indexOf(paid));
    const before = new Date();
    for (const event of deliveries) expect((await postWebhook(t, event)).statusCode).toBe(200);

    const [row] = await paymentsOf(t, person.user.id);
    expect(row).toMatchObject({ status: 'succeeded', failureMessage: null });
    const user = await userRow(t, person.user.id);
    expect(user.subscriptionType).toBe('three_month');
    expectNear(user.subscriptionExpiresAt, addCalendarMonths(before, 3));
    expect(await receiptsTo(t, person.user.email)).toHaveLength(1);
  });

  it('the same event delivered concurrently is applied once', async () => {
    const { person, intentId } = await startedThreeMonth();
    const event = succeeded(intentId);
    const answers = await Promise.all([postWebhook(t, event), postWebhook(t, event), postWebhook(t, event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await receiptsTo(t, person.user.email)).toHaveLength(1);
    expectNear((await userRow(t, person.user.id)).subscriptionExpiresAt, addCalendarMonths(new Date(), 3));
  });

  // Decision 0018. With Stripe the card is charged in the browser, before the server hears of
  // it: a payment the purchase rules refuse (checked on the locked account) is refunded, never kept.
  it('Monthly, Annual and 3-Month paid at once: one plan; the other two are refunded through Stripe', async () => {
    const person = await t.register();
    const monthly = await subscribe(person.cookie, 'monthly');
    const annual = await subscribe(person.cookie, 'annual');
    const threeMonth = await createThreeMonth(person.cookie);
    expect([monthly, annual, threeMonth].map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const rows = await paymentsOf(t, person.user.id);
    const byPlan = Object.fromEntries(rows.map((row) => [row.plan, row]));
    const [subscription] = await billingSubscriptionsOf(t, person.user.id);
    const periodEnd = addCalendarMonths(new Date(Math.floor(Date.now() / 1000) * 1000), 1);
    const events = [
      stripeEvent(
        'invoice.paid',
        invoiceObject({
          id: byPlan.monthly!.providerReference!,
          subscription: subscription!.providerSubscriptionId,
          periodEnd,
          metadata: { paymentId: byPlan.monthly!.id },
        }),
      ),
      succeeded(byPlan.annual!.providerReference!),
      succeeded(byPlan.three_month!.providerReference!),
    ];
    const answers = await Promise.all(events.map((event) => postWebhook(t, event)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);

    const after = await paymentsOf(t, person.user.id);
    const paid = after.filter((row) => row.status === 'succeeded');
    const refunded = after.filter((row) => row.status === 'refunded');
    expect(paid).toHaveLength(1);
    expect(refunded).toHaveLength(2);
    const user = await userRow(t, person.user.id);
    expect(user.subscriptionType).toBe(paid[0]!.plan);
    expectNear(
      user.subscriptionExpiresAt,
      addCalendarMonths(new Date(), { monthly: 1, annual: 12, three_month: 3 }[paid[0]!.plan]!),
    );
    // Each refused payment is refunded once, with a key fixed by our row; a refused Monthly plan
    // is ended at once at Stripe (it must never renew) and here.
    const refunds = stripe.calls.filter(
      (c) =>
        c.method === 'refunds.create' &&
        refunded.some((row) => c.idempotencyKey?.startsWith(`refund-${row.id}-`)),
    );
    expect(refunds).toHaveLength(2);
    for (const row of refunded) {
      const intent = row.plan === 'monthly' ? `pi_for_${row.providerReference}` : row.providerReference;
      expect(refunds.map((c) => c.params)).toContainEqual(
        expect.objectContaining({ payment_intent: intent, metadata: { paymentId: row.id } }),
      );
    }
    const monthlyRefused = refunded.some((row) => row.plan === 'monthly');
    const ended = stripe.calls.filter(
      (c) =>
        c.method === 'subscriptions.cancel' &&
        (c.params as { id: string }).id === subscription!.providerSubscriptionId,
    );
    expect(ended).toHaveLength(monthlyRefused ? 1 : 0);
    expect((await billingSubscriptionsOf(t, person.user.id))[0]!.status).toBe(
      monthlyRefused ? 'canceled' : 'active',
    );
    expect(await receiptsTo(t, person.user.email)).toHaveLength(1);
    const refundEmails = (await t.outbox()).filter(
      (row) =>
        row.toAddress === person.user.email && row.subject.startsWith('Your CareMatch payment was refunded'),
    );
    expect(refundEmails).toHaveLength(2);

    // Stripe delivers again: nothing changes, nothing is refunded twice.
    for (const event of events) expect((await postWebhook(t, event)).statusCode).toBe(200);
    expect((await paymentsOf(t, person.user.id)).filter((row) => row.status === 'refunded')).toHaveLength(2);
    expect(stripe.calls.filter((c) => c.method === 'refunds.create' && refunds.includes(c))).toHaveLength(2);
  });

  it('a refund Stripe does not take is tried again on redelivery, and the plan is never granted meanwhile', async () => {
    const person = await t.register();
    const annual = await subscribe(person.cookie, 'annual');
    const threeMonth = await createThreeMonth(person.cookie);
    expect([annual.statusCode, threeMonth.statusCode]).toEqual([200, 200]);
    const rows = await paymentsOf(t, person.user.id);
    const byPlan = Object.fromEntries(rows.map((row) => [row.plan, row]));
    expect((await postWebhook(t, succeeded(byPlan.annual!.providerReference!))).statusCode).toBe(200);
    const expiresAt = (await userRow(t, person.user.id)).subscriptionExpiresAt;

    const create = stripe.client.refunds.create;
    stripe.client.refunds.create = () => Promise.reject(new Error('Stripe is unreachable'));
    const late = succeeded(byPlan.three_month!.providerReference!);
    try {
      expect((await postWebhook(t, late)).statusCode).toBe(500);
    } finally {
      stripe.client.refunds.create = create;
    }
    expect((await paymentsOf(t, person.user.id)).find((r) => r.plan === 'three_month')!.status).toBe(
      'pending',
    );
    expect((await postWebhook(t, late)).statusCode).toBe(200);
    expect((await paymentsOf(t, person.user.id)).find((r) => r.plan === 'three_month')).toMatchObject({
      status: 'refunded',
      failureMessage: SUBSCRIPTION_MESSAGES.planStillActive,
    });
    expect((await userRow(t, person.user.id)).subscriptionExpiresAt).toEqual(expiresAt);
  });

  it('a payment that succeeded before Stripe answered our create call is still found (metadata)', async () => {
    const person = await t.register();
    const [row] = await t.database.db
      .insert(payments)
      .values({
        userId: person.user.id,
        provider: 'stripe',
        plan: 'annual',
        amountPence: 10000,
        status: 'pending',
      })
      .returning();
    const event = stripeEvent(
      'payment_intent.succeeded',
      paymentIntentObject('pi_early', { paymentId: row!.id }),
    );
    expect((await postWebhook(t, event)).statusCode).toBe(200);
    const [stored] = await paymentsOf(t, person.user.id);
    expect(stored).toMatchObject({ providerReference: 'pi_early', status: 'succeeded' });
    expect((await userRow(t, person.user.id)).subscriptionType).toBe('annual');
  });

  it('Monthly invoice flow: each event 3 times, shuffled, gives one activation; renewals and cancelling follow', async () => {
    const person = await t.register();
    const started = await subscribe(person.cookie, 'monthly');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<SubscribeResponse>()).toEqual({
      subscriptionType: 'monthly',
      clientSecret: expect.stringMatching(/^pi_for_in_.+_secret_fake$/),
    });
    expect((await statusOf(person.cookie)).hasActiveSubscription).toBe(false);
    const [first] = await paymentsOf(t, person.user.id);
    const [subscription] = await billingSubscriptionsOf(t, person.user.id);
    expect(subscription).toMatchObject({
      provider: 'stripe',
      purpose: 'customer_monthly',
      status: 'incomplete',
    });
    expect(first).toMatchObject({
      plan: 'monthly',
      amountPence: 1000,
      providerSubscriptionId: subscription!.providerSubscriptionId,
    });
    const subscriptionCall = stripe.calls.find(
      (c) => c.method === 'subscriptions.create' && c.idempotencyKey === `payment-${first!.id}`,
    );
    expect(subscriptionCall?.params).toMatchObject({
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
      items: [
        {
          price_data: {
            currency: 'gbp',
            product: 'carematch_customer_monthly',
            unit_amount: 1000,
            recurring: { interval: 'month' },
          },
        },
      ],
    });

    const subId = subscription!.providerSubscriptionId;
    const invoiceId = first!.providerReference!;
    const t0 = new Date(Date.now() - 120_000);
    const periodEnd = addCalendarMonths(new Date(Math.floor(Date.now() / 1000) * 1000), 1);
    const meta = { paymentId: first!.id };
    const failed = stripeEvent(
      'invoice.payment_failed',
      invoiceObject({ id: invoiceId, subscription: subId, periodEnd, metadata: meta }),
      t0,
    );
    const paid = stripeEvent(
      'invoice.paid',
      invoiceObject({ id: invoiceId, subscription: subId, periodEnd, metadata: meta }),
      new Date(t0.getTime() + 20_000),
    );
    const incomplete = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject(subId, 'incomplete'),
      new Date(t0.getTime() + 20_000),
    );
    const active = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject(subId, 'active'),
      new Date(t0.getTime() + 20_000),
    );
    const all = [failed, paid, incomplete, active];
    for (const event of shuffled([...all, ...all, ...all], 11))
      expect((await postWebhook(t, event)).statusCode).toBe(200);

    expect((await paymentsOf(t, person.user.id)).map((p) => p.status)).toEqual(['succeeded']);
    expect((await billingSubscriptionsOf(t, person.user.id))[0]).toMatchObject({ status: 'active' });
    expect(await statusOf(person.cookie)).toEqual({
      hasActiveSubscription: true,
      subscriptionType: 'monthly',
      expiresAt: periodEnd.toISOString(),
      renews: true,
      nextPaymentAt: periodEnd.toISOString(),
      cancelAtPeriodEnd: false,
      refundIfCancelledPence: null,
      refundableUntil: null,
    });
    expect(await receiptsTo(t, person.user.email)).toHaveLength(1);

    // Any other plan waits until the Monthly plan is cancelled.
    const blocked = await createThreeMonth(person.cookie);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.monthlyAlreadyRenews });

    // A renewal invoice (Stripe charged the saved card), delivered twice.
    const nextEnd = addCalendarMonths(periodEnd, 1);
    const renewal = stripeEvent(
      'invoice.paid',
      invoiceObject({ id: 'in_renewal_1', subscription: subId, periodEnd: nextEnd, metadata: meta }),
    );
    await postWebhook(t, renewal);
    await postWebhook(t, renewal);
    expect((await paymentsOf(t, person.user.id)).map((p) => [p.status, p.providerReference])).toEqual([
      ['succeeded', 'in_renewal_1'],
      ['succeeded', invoiceId],
    ]);
    expect((await statusOf(person.cookie)).expiresAt).toBe(nextEnd.toISOString());
    // An older invoice paid late never shortens access.
    await postWebhook(
      t,
      stripeEvent('invoice.paid', invoiceObject({ id: 'in_old', subscription: subId, periodEnd })),
    );
    expect((await statusOf(person.cookie)).expiresAt).toBe(nextEnd.toISOString());

    // Cancelling asks Stripe to stop at the period end; access remains.
    const cancelled = await t.injectAs(person.cookie, { method: 'POST', url: '/api/subscription/cancel' });
    expect(cancelled.json<SubscriptionStatus>()).toMatchObject({
      hasActiveSubscription: true,
      renews: false,
      cancelAtPeriodEnd: true,
    });
    const update = stripe.calls.find(
      (c) => c.method === 'subscriptions.update' && (c.params as { id: string }).id === subId,
    );
    expect(update).toMatchObject({
      params: { cancel_at_period_end: true },
      idempotencyKey: `cancel-${subId}`,
    });
    await postWebhook(
      t,
      stripeEvent('customer.subscription.updated', subscriptionObject(subId, 'active', true)),
    );
    // The subscription ends at the period end: access already paid for is untouched.
    await postWebhook(t, stripeEvent('customer.subscription.deleted', subscriptionObject(subId, 'canceled')));
    // An older "active" update arriving late does not bring it back.
    await postWebhook(
      t,
      stripeEvent('customer.subscription.updated', subscriptionObject(subId, 'active'), t0),
    );
    expect((await billingSubscriptionsOf(t, person.user.id))[0]).toMatchObject({ status: 'canceled' });
    expect(await statusOf(person.cookie)).toMatchObject({
      hasActiveSubscription: true,
      expiresAt: nextEnd.toISOString(),
      renews: false,
      cancelAtPeriodEnd: false,
    });
  });

  it('records a failed renewal and keeps access to the end of the paid period', async () => {
    const person = await t.register();
    await subscribe(person.cookie, 'monthly');
    const [first] = await paymentsOf(t, person.user.id);
    const subId = first!.providerSubscriptionId!;
    const periodEnd = addCalendarMonths(new Date(Math.floor(Date.now() / 1000) * 1000), 1);
    await postWebhook(
      t,
      stripeEvent(
        'invoice.paid',
        invoiceObject({ id: first!.providerReference!, subscription: subId, periodEnd }),
      ),
    );
    await postWebhook(
      t,
      stripeEvent(
        'invoice.payment_failed',
        invoiceObject({
          id: 'in_declined_renewal',
          subscription: subId,
          periodEnd: addCalendarMonths(periodEnd, 1),
        }),
      ),
    );
    await postWebhook(t, stripeEvent('customer.subscription.updated', subscriptionObject(subId, 'past_due')));
    expect((await paymentsOf(t, person.user.id)).map((p) => p.status)).toEqual(['failed', 'succeeded']);
    expect(await statusOf(person.cookie)).toMatchObject({
      hasActiveSubscription: true,
      expiresAt: periodEnd.toISOString(),
    });
  });

  it('ignores events for PaymentIntents and subscriptions it does not know', async () => {
    const count = async () =>
      (await t.database.db.select({ id: users.id }).from(users).where(eq(users.subscriptionStatus, 'active')))
        .length;
    const before = await count();
    expect((await postWebhook(t, succeeded('pi_someone_elses'))).statusCode).toBe(200);
    expect(
      (
        await postWebhook(
          t,
          stripeEvent(
            'invoice.paid',
            invoiceObject({ id: 'in_x', subscription: 'sub_x', periodEnd: new Date() }),
          ),
        )
      ).statusCode,
    ).toBe(200);
    expect(await count()).toBe(before);
  });
});

describe('carer membership in Stripe mode', () => {
  it('starts a £29 monthly subscription for a carer with a profile', async () => {
    const carer = await t.register({ userType: 'carer' });
    expect(
      (await t.injectAs(carer.cookie, { method: 'POST', url: '/api/carer-membership' })).statusCode,
    ).toBe(404);
    const profile = await t.injectAs(carer.cookie, {
      method: 'POST',
      url: '/api/carers',
      payload: (await import('../support/carer-fixtures')).validProfile(),
    });
    expect(profile.statusCode).toBe(201);
    const started = await t.injectAs(carer.cookie, { method: 'POST', url: '/api/carer-membership' });
    expect(started.statusCode, started.body).toBe(200);
    const [payment] = await paymentsOf(t, carer.user.id);
    expect(payment).toMatchObject({ plan: 'carer_membership', amountPence: 2900, status: 'pending' });
    const call = stripe.calls.find(
      (c) => c.method === 'subscriptions.create' && c.idempotencyKey === `payment-${payment!.id}`,
    );
    expect(call?.params).toMatchObject({
      items: [{ price_data: { product: 'carematch_carer_membership', unit_amount: 2900, currency: 'gbp' } }],
      metadata: { purpose: 'carer_membership' },
    });
    const me = (await t.injectAs(carer.cookie, { url: '/api/auth/user' })).json<CurrentUser>();
    expect(me.userType).toBe('carer');
  });
});
