import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCustomer } from '@contracts/admin';
import type { OwnCarerProfile } from '@contracts/carers';
import {
  SUBSCRIPTION_MESSAGES,
  type CancelLinkDetails,
  type PaymentHistory,
  type StartMembershipResponse,
  type SubscriptionStatus,
} from '@contracts/subscriptions';
import { auditLog, billingSubscriptions, payments, users } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/demo-seed/seed';
import { addCalendarMonths } from '../../src/server/platform/calendar';
import { createSubscriptionEndingService } from '../../src/server/features/subscriptions/subscription-ending.service';
import { createDemoProvider } from '../../src/server/platform/payments/demo-provider';
import { approveChecks, validProfile } from '../support/carer-fixtures';
import {
  billingSubscriptionsOf,
  confirmDemo,
  createFakeStripe,
  demoRenewals,
  paymentIntentObject,
  paymentsOf,
  postWebhook,
  receiptsTo,
  STRIPE_ENV,
  stripeEvent,
} from '../support/payments';
import { createTestApp, signInDemoAccounts, type TestApp } from '../support/test-app';

const DAY_MS = 86_400_000;
let t: TestApp;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db);
  Object.assign(cookies, await signInDemoAccounts(t));
});
afterAll(() => t.close());

/** The ending service on the test app's database with its own clock (as housekeeping runs it). */
const endingAt = (at: Date | number) =>
  createSubscriptionEndingService({
    db: t.database.db,
    provider: createDemoProvider({ secret: t.config.sessionSecret }),
    mailer: t.app.mailer,
    log: t.app.log,
    secret: t.config.sessionSecret,
    publicUrl: t.config.publicUrl,
    now: () => new Date(at),
  });

const emailsTo = async (email: string, subject: string) =>
  (await t.outbox()).filter((mail) => mail.toAddress === email && mail.subject.includes(subject));

const statusOf = async (cookie: string) =>
  (await t.injectAs(cookie, { url: '/api/subscription/status' })).json<SubscriptionStatus>();

const cancel = (cookie: string) => t.injectAs(cookie, { method: 'POST', url: '/api/subscription/cancel' });

async function paidCustomer(type: 'three_month' | 'monthly' | 'annual') {
  const person = await t.register({ firstName: 'Gwen' });
  const started =
    type === 'three_month'
      ? await t.injectAs(person.cookie, { method: 'POST', url: '/api/create-subscription' })
      : await t.injectAs(person.cookie, { method: 'POST', url: '/api/subscribe', payload: { type } });
  expect(started.statusCode, started.body).toBe(200);
  const confirmed = await confirmDemo(
    t,
    person.cookie,
    started.json<{ clientSecret: string }>().clientSecret,
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return person;
}

async function paidCarer() {
  const carer = await t.register({ userType: 'carer', firstName: 'Iolo' });
  const created = await t.injectAs(carer.cookie, {
    method: 'POST',
    url: '/api/carers',
    payload: validProfile({ location: 'Fairshire, Testshire' }),
  });
  expect(created.statusCode, created.body).toBe(201);
  await approveChecks(t.database.db, created.json<OwnCarerProfile>().id);
  const started = await t.injectAs(carer.cookie, { method: 'POST', url: '/api/carer-membership' });
  expect(started.statusCode, started.body).toBe(200);
  const confirmed = await confirmDemo(t, carer.cookie, started.json<StartMembershipResponse>().clientSecret);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return carer;
}

async function adminRowOf(email: string): Promise<AdminCustomer | undefined> {
  const response = await t.injectAs(cookies.admin, {
    url: `/api/test/users?q=${encodeURIComponent(email)}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminCustomer[]>().find((row) => row.email === email);
}

const auditOf = (userId: string, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, action)));

/** The cancel link in the newest reminder to `email`, as its token. */
async function reminderToken(email: string): Promise<string> {
  const [reminder] = (await emailsTo(email, 'renews on')).slice(-1);
  const link = /https?:\/\/\S+\/cancel-plan\?token=(\S+)/.exec(reminder?.bodyText ?? '');
  if (!link?.[1]) throw new Error(`no cancel link in ${reminder?.bodyText}`);
  return decodeURIComponent(link[1]);
}

describe('cancelling a Monthly plan in Settings or on /subscribe', () => {
  it('stops renewals at the end of the paid period, emails a confirmation, audits it, and the admin list shows it', async () => {
    const person = await paidCustomer('monthly');
    expect((await adminRowOf(person.user.email))?.billing).toMatchObject({ state: 'renewing' });
    const paidUntil = (await statusOf(person.cookie)).expiresAt!;

    const cancelled = await cancel(person.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<SubscriptionStatus>()).toMatchObject({
      hasActiveSubscription: true,
      expiresAt: paidUntil,
      renews: false,
      cancelAtPeriodEnd: true,
    });
    const [email] = await emailsTo(person.user.email, 'Monthly Plan is cancelled');
    expect(email?.bodyText).toContain('It will not renew and nothing more will be taken.');
    expect(email?.bodyText).toContain(
      `You keep access until ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }).format(new Date(paidUntil))}.`,
    );
    const [entry] = await auditOf(person.user.id, 'subscription.cancelled');
    expect(entry).toMatchObject({ actorId: person.user.id, entityType: 'subscription' });
    const log = await t.injectAs(cookies.admin, {
      url: `/api/admin/audit-log?entityId=${person.user.id}&action=subscription.cancelled`,
    });
    expect(log.json<{ items: Array<{ summary: string }> }>().items.map((item) => item.summary)).toEqual([
      'Cancelled their plan',
    ]);
    expect(entry?.after).toMatchObject({ renews: false, paidUntil, via: 'settings' });
    expect((await adminRowOf(person.user.email))?.billing).toEqual({
      state: 'cancelled',
      until: paidUntil,
      refundedPence: null,
    });
    const [subscription] = await billingSubscriptionsOf(t, person.user.id);
    expect(subscription).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    expect(subscription!.cancelledAt).toBeInstanceOf(Date);

    // A second cancel changes nothing and sends nothing.
    expect((await cancel(person.cookie)).statusCode).toBe(409);
    expect(await emailsTo(person.user.email, 'is cancelled')).toHaveLength(1);
  });

  it("stops a carer's membership the same way: listed to the end of the month, confirmed by email", async () => {
    const carer = await paidCarer();
    const response = await t.injectAs(carer.cookie, { method: 'POST', url: '/api/carer-membership/cancel' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ state: 'cancelling', nextPaymentDate: null });
    const [email] = await emailsTo(carer.user.email, 'Carer Membership is cancelled');
    expect(email?.bodyText).toContain('Your profile stays listed until');
    expect(await auditOf(carer.user.id, 'subscription.cancelled')).toHaveLength(1);
  });
});

describe('renewal reminders (housekeeping)', () => {
  it('emails 3 days before each renewal, once per period, with a working receipt after the renewal', async () => {
    const person = await paidCustomer('monthly');
    const [subscription] = await billingSubscriptionsOf(t, person.user.id);
    const periodEnd = subscription!.currentPeriodEnd!.getTime();
    const reminders = () => emailsTo(person.user.email, 'Monthly Plan renews on');

    await endingAt(periodEnd - 3 * DAY_MS - 3_600_000).sendRenewalReminders();
    expect(await reminders()).toHaveLength(0);
    await endingAt(periodEnd - 3 * DAY_MS + 3_600_000).sendRenewalReminders();
    expect(await reminders()).toHaveLength(1);
    // Repeated rounds, or instances running at once, send it once.
    await Promise.all([
      endingAt(periodEnd - DAY_MS).sendRenewalReminders(),
      endingAt(periodEnd - DAY_MS).sendRenewalReminders(),
    ]);
    expect(await reminders()).toHaveLength(1);
    const [reminder] = await reminders();
    expect(reminder!.bodyText).toContain('£10.00 will be taken from your card');
    expect(reminder!.bodyText).toMatch(/\/cancel-plan\?token=/);

    // The renewal happens (demo housekeeping charges the saved card) and a receipt follows it.
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
    expect(await receiptsTo(t, person.user.email)).toHaveLength(2);
    const next = addCalendarMonths(ended, 1).getTime();

    // The next period gets its own reminder, once.
    await endingAt(next - 2 * DAY_MS).sendRenewalReminders();
    await endingAt(next - DAY_MS).sendRenewalReminders();
    expect(await reminders()).toHaveLength(2);
  });

  it('reminds a carer of the membership renewal, and never reminds of a cancelled plan', async () => {
    const carer = await paidCarer();
    const [membership] = await billingSubscriptionsOf(t, carer.user.id);
    const periodEnd = membership!.currentPeriodEnd!.getTime();
    await endingAt(periodEnd - 2 * DAY_MS).sendRenewalReminders();
    const [reminder] = await emailsTo(carer.user.email, 'Carer Membership renews on');
    expect(reminder?.bodyText).toContain('£29.00 will be taken from your card');

    const person = await paidCustomer('monthly');
    expect((await cancel(person.cookie)).statusCode).toBe(200);
    const [cancelled] = await billingSubscriptionsOf(t, person.user.id);
    await endingAt(cancelled!.currentPeriodEnd!.getTime() - DAY_MS).sendRenewalReminders();
    expect(await emailsTo(person.user.email, 'renews on')).toHaveLength(0);
  });
});

describe('renewal reminders follow the notification settings', () => {
  it('are not emailed to someone who turned renewal emails off, and are sent again once back on', async () => {
    const person = await paidCustomer('monthly');
    const off = await t.injectAs(person.cookie, {
      method: 'PUT',
      url: '/api/settings/notifications',
      payload: { kind: 'renewals', email: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const [subscription] = await billingSubscriptionsOf(t, person.user.id);
    const periodEnd = subscription!.currentPeriodEnd!.getTime();
    await endingAt(periodEnd - DAY_MS).sendRenewalReminders();
    expect(await emailsTo(person.user.email, 'renews on')).toHaveLength(0);

    // Turned on again, the next reminder due is sent (this period's was claimed already).
    await t.injectAs(person.cookie, {
      method: 'PUT',
      url: '/api/settings/notifications',
      payload: { kind: 'renewals', email: true },
    });
    await t.database.db
      .update(billingSubscriptions)
      .set({ remindedPeriodEnd: null })
      .where(eq(billingSubscriptions.id, subscription!.id));
    await endingAt(periodEnd - DAY_MS).sendRenewalReminders();
    expect(await emailsTo(person.user.email, 'renews on')).toHaveLength(1);
  });
});

describe('the reminder’s one-click cancel link', () => {
  async function remindedCustomer() {
    const person = await paidCustomer('monthly');
    const [subscription] = await billingSubscriptionsOf(t, person.user.id);
    const periodEnd = subscription!.currentPeriodEnd!;
    await endingAt(periodEnd.getTime() - DAY_MS).sendRenewalReminders();
    return { person, periodEnd, token: await reminderToken(person.user.email) };
  }
  const describeLink = (token: string, cookie?: string) =>
    t.injectAs(cookie, { url: `/api/subscription/cancel-link?token=${encodeURIComponent(token)}` });
  const confirmLink = (token: string) =>
    t.injectAs(undefined, { method: 'POST', url: '/api/subscription/cancel-link', payload: { token } });

  it('shows the plan without changing it (safe to prefetch); the POST cancels without signing in, once', async () => {
    const { person, periodEnd, token } = await remindedCustomer();
    for (let i = 0; i < 2; i += 1) {
      const shown = await describeLink(token);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json<CancelLinkDetails>()).toEqual({
        plan: 'monthly',
        planLabel: 'Monthly Plan',
        state: 'renewing',
        paidUntil: periodEnd.toISOString(),
      });
    }
    expect((await statusOf(person.cookie)).renews).toBe(true);

    const confirmed = await confirmLink(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<CancelLinkDetails>()).toMatchObject({ state: 'cancelled' });
    expect(await statusOf(person.cookie)).toMatchObject({ renews: false, cancelAtPeriodEnd: true });
    expect(await emailsTo(person.user.email, 'Monthly Plan is cancelled')).toHaveLength(1);
    const [entry] = await auditOf(person.user.id, 'subscription.cancelled');
    expect(entry?.after).toMatchObject({ via: 'email link' });

    // Opened again: it says so, and nothing more happens.
    expect((await confirmLink(token)).json<CancelLinkDetails>()).toMatchObject({ state: 'cancelled' });
    expect(await emailsTo(person.user.email, 'is cancelled')).toHaveLength(1);
  });

  it('refuses an altered, made-up or expired token with 400 and a message, changing nothing', async () => {
    const { person, periodEnd, token } = await remindedCustomer();
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [altered, 'made-up', `${token.split('.')[0]}.9999999999.${token.split('.')[2]}`]) {
      for (const response of [await describeLink(bad), await confirmLink(bad)]) {
        expect(response.statusCode, bad).toBe(400);
        expect(response.json()).toMatchObject({
          message: SUBSCRIPTION_MESSAGES.cancelLinkInvalid,
          fieldErrors: { token: SUBSCRIPTION_MESSAGES.cancelLinkInvalid },
        });
      }
    }
    const empty = await confirmLink('');
    expect(empty.statusCode).toBe(400);
    // A week after the renewal it announced, the link has expired.
    await expect(endingAt(periodEnd.getTime() + 8 * DAY_MS).cancelByLink(token)).rejects.toMatchObject({
      statusCode: 400,
    });
    expect((await statusOf(person.cookie)).renews).toBe(true);
  });
});

describe('cooling-off refunds of one-time plans', () => {
  it('an Annual plan cancelled 5 days after paying is refunded pro rata for the unused days, ends, and is audited', async () => {
    const person = await paidCustomer('annual');
    const [paid] = await paymentsOf(t, person.user.id);
    const paidAt = paid!.paidAt!;
    const periodEnd = paid!.periodEnd!;
    expect(periodEnd.toISOString()).toBe(addCalendarMonths(paidAt, 12).toISOString());
    const at = new Date(paidAt.getTime() + 5 * DAY_MS + 3_600_000);
    const totalDays = Math.round((periodEnd.getTime() - paidAt.getTime()) / DAY_MS);
    const unusedDays = Math.floor((periodEnd.getTime() - at.getTime()) / DAY_MS);
    expect(totalDays).toBeGreaterThanOrEqual(365);
    expect(unusedDays).toBe(totalDays - 6);
    const expected = Math.round((10000 * unusedDays) / totalDays);
    // 359 of 365 days: £98.36 of £100.
    if (totalDays === 365) expect(expected).toBe(9836);

    // Before cancelling, the status says what cancelling would give back.
    expect(await statusOf(person.cookie)).toMatchObject({
      refundIfCancelledPence: expect.any(Number),
      refundableUntil: new Date(paidAt.getTime() + 14 * DAY_MS).toISOString(),
    });

    const [user] = await t.database.db.select().from(users).where(eq(users.id, person.user.id));
    await endingAt(at).cancelCustomerPlan(user!);

    const [refunded] = await paymentsOf(t, person.user.id);
    expect(refunded).toMatchObject({
      status: 'refunded',
      amountPence: 10000,
      refundedPence: expected,
      refundReference: `demo_re_${refunded!.id}`,
    });
    expect(refunded!.refundedAt!.toISOString()).toBe(at.toISOString());
    const [after] = await t.database.db.select().from(users).where(eq(users.id, person.user.id));
    expect(after).toMatchObject({ subscriptionStatus: 'inactive', subscriptionType: null });
    const [email] = await emailsTo(person.user.email, 'Annual Plan is cancelled and refunded');
    expect(email?.bodyText).toContain(`Amount refunded: £${(expected / 100).toFixed(2)}`);
    expect(email?.bodyText).toContain(`We have refunded the ${unusedDays} of ${totalDays} days`);
    const [entry] = await auditOf(person.user.id, 'subscription.refunded');
    expect(entry).toMatchObject({ actorId: person.user.id });
    expect(entry?.after).toMatchObject({ refundedPence: expected, unusedDays, paymentId: refunded!.id });
    // The admin's audit log says it in words.
    const log = await t.injectAs(cookies.admin, {
      url: `/api/admin/audit-log?entityId=${person.user.id}&action=subscription.refunded`,
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json<{ items: Array<{ summary: string }> }>().items.map((item) => item.summary)).toEqual([
      `Cancelled their plan in the cooling-off period: refunded £${(expected / 100).toFixed(2)}`,
    ]);
    expect((await adminRowOf(person.user.email))?.billing).toEqual({
      state: 'refunded',
      until: at.toISOString(),
      refundedPence: expected,
    });
    // The history shows the payment as refunded; a second cancel has nothing to do.
    const history = (await t.injectAs(person.cookie, { url: '/api/payments' })).json<PaymentHistory>();
    expect(history.payments).toEqual([
      expect.objectContaining({ status: 'refunded', amountPence: 10000, refundedPence: expected }),
    ]);
    expect((await cancel(person.cookie)).statusCode).toBe(409);
  });

  it('refunds through the route too, and not after the 14 days', async () => {
    const person = await paidCustomer('annual');
    const response = await cancel(person.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SubscriptionStatus>()).toMatchObject({
      hasActiveSubscription: false,
      refundIfCancelledPence: null,
    });
    const [refunded] = await paymentsOf(t, person.user.id);
    // Paid today: today counts as used, the other days of the year come back.
    const totalDays = Math.round((refunded!.periodEnd!.getTime() - refunded!.paidAt!.getTime()) / DAY_MS);
    expect(refunded!.refundedPence).toBe(Math.round((10000 * (totalDays - 1)) / totalDays));

    const late = await paidCustomer('annual');
    const [payment] = await paymentsOf(t, late.user.id);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, late.user.id));
    await expect(
      endingAt(payment!.paidAt!.getTime() + 14 * DAY_MS + 60_000).cancelCustomerPlan(user!),
    ).rejects.toMatchObject({ statusCode: 409, message: SUBSCRIPTION_MESSAGES.nothingToCancel });
    expect((await paymentsOf(t, late.user.id))[0]).toMatchObject({
      status: 'succeeded',
      refundedPence: null,
    });
  });

  it('a 3-Month plan bought to extend access refunds only its own days: the earlier access stays', async () => {
    const person = await paidCustomer('annual');
    // The Annual plan is in its last 20 days; 3-Month Access extends it.
    const annualEnds = new Date(Date.now() + 20 * DAY_MS);
    await t.database.db
      .update(users)
      .set({ subscriptionExpiresAt: annualEnds })
      .where(eq(users.id, person.user.id));
    await t.database.db
      .update(payments)
      .set({ paidAt: new Date(Date.now() - 345 * DAY_MS) })
      .where(eq(payments.userId, person.user.id));
    const started = await t.injectAs(person.cookie, {
      method: 'POST',
      url: '/api/create-subscription',
      payload: { extend: true },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect((await confirmDemo(t, person.cookie, started.json().clientSecret)).statusCode).toBe(200);

    const response = await cancel(person.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SubscriptionStatus>()).toMatchObject({
      hasActiveSubscription: true,
      expiresAt: annualEnds.toISOString(),
    });
    const [threeMonth] = (await paymentsOf(t, person.user.id)).filter((p) => p.plan === 'three_month');
    // None of its days has begun: all of it comes back.
    expect(threeMonth).toMatchObject({ status: 'refunded', refundedPence: 4900 });
  });
});

describe('Stripe mode: the refund goes through the Stripe refunds API', () => {
  it('refunds the unused days of the PaymentIntent with a fixed idempotency key', async () => {
    const stripe = createFakeStripe();
    const s = await createTestApp(STRIPE_ENV, undefined, { stripeClient: stripe.client });
    try {
      const person = await s.register();
      const started = await s.injectAs(person.cookie, {
        method: 'POST',
        url: '/api/subscribe',
        payload: { type: 'annual' },
      });
      expect(started.statusCode, started.body).toBe(200);
      const [payment] = await paymentsOf(s, person.user.id);
      const intentId = payment!.providerReference!;
      expect(
        (await postWebhook(s, stripeEvent('payment_intent.succeeded', paymentIntentObject(intentId))))
          .statusCode,
      ).toBe(200);

      const response = await s.injectAs(person.cookie, { method: 'POST', url: '/api/subscription/cancel' });
      expect(response.statusCode, response.body).toBe(200);
      const [refunded] = await paymentsOf(s, person.user.id);
      const call = stripe.calls.find((c) => c.method === 'refunds.create');
      expect(call).toMatchObject({
        params: {
          payment_intent: intentId,
          amount: refunded!.refundedPence,
          reason: 'requested_by_customer',
        },
        idempotencyKey: `cooling-off-refund-${refunded!.id}`,
      });
      expect(refunded!.refundReference).toMatch(/^re_/);
    } finally {
      await s.close();
    }
  });
});
