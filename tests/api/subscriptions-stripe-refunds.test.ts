import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSummary } from '@contracts/audit-words';
import { MESSAGE_MESSAGES } from '@contracts/messaging';
import type { CarerMembership, PaymentHistory, SubscriptionStatus } from '@contracts/subscriptions';
import { auditLog, carerProfiles } from '../../src/server/db/schema';
import { addCalendarMonths } from '../../src/server/platform/calendar';
import { carer, reply, startConversation, type Person } from '../support/messaging-fixtures';
import { threadOf } from '../support/paywall-fixtures';
import {
  billingSubscriptionsOf,
  chargeObject,
  createFakeStripe,
  disputeObject,
  invoiceObject,
  paymentIntentObject,
  paymentsOf,
  postWebhook,
  STRIPE_ENV,
  stripeEvent,
  userRow,
} from '../support/payments';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Decision 0029, point 8: money given back outside CareMatch (a refund made in Stripe's dashboard,
 * a card dispute lost) takes back what the payment bought, exactly as a cooling-off refund does.
 * Every payment here is made and given back through signed Stripe webhooks.
 */

let t: TestApp;
const stripe = createFakeStripe();

beforeAll(async () => {
  t = await createTestApp(STRIPE_ENV, undefined, { stripeClient: stripe.client });
});
afterAll(() => t.close());

const statusOf = async (who: Person) =>
  (await t.injectAs(who.cookie, { url: '/api/subscription/status' })).json<SubscriptionStatus>();
const historyOf = async (who: Person) =>
  (await t.injectAs(who.cookie, { url: '/api/payments' })).json<PaymentHistory>().payments;
const outsideRefundEmails = async (who: Person) =>
  (await t.outbox()).filter(
    (row) =>
      row.toAddress === who.user.email && /^Your CareMatch payment was (refunded|reversed)/.test(row.subject),
  );
const auditOf = (userId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'payment.refunded'), eq(auditLog.entityId, userId)));
const refunded = (intent: string, amountPence: number, amountRefunded: number, created?: Date) =>
  stripeEvent('charge.refunded', chargeObject(intent, amountPence, amountRefunded), created);

/** A family that bought 3-Month Access through Stripe (£49) and got a carer's answer. */
async function paidFamilyInTouch(name: string) {
  const family = await t.register({ firstName: name, lastName: 'Refunded' });
  const started = await t.injectAs(family.cookie, { method: 'POST', url: '/api/create-subscription' });
  expect(started.statusCode, started.body).toBe(200);
  const [payment] = await paymentsOf(t, family.user.id);
  const intent = payment!.providerReference!;
  const paid = await postWebhook(t, stripeEvent('payment_intent.succeeded', paymentIntentObject(intent)));
  expect(paid.statusCode).toBe(200);
  expect((await statusOf(family)).hasActiveSubscription).toBe(true);
  const partner = await carer(t, { firstName: `${name}Carer`, lastName: 'Kind' });
  const id = await startConversation(t, family, partner, 'Could you help my mother on Fridays?');
  expect((await reply(t, partner, id, 'Yes, Fridays suit me: 07700 900471.')).statusCode).toBe(201);
  expect((await threadOf(t, family, id)).messages.map((m) => m.locked)).toEqual([false, false]);
  return { family, partner, id, intent, paymentId: payment!.id };
}

/** The family reads no carer's words, as a family that never paid, and has no plan. */
async function expectLockedAgain(family: Person, conversationId: string) {
  const thread = await threadOf(t, family, conversationId);
  expect(thread.messages.map((m) => [m.fromMe, m.locked, m.content])).toEqual([
    [true, false, 'Could you help my mother on Fridays?'],
    [false, true, MESSAGE_MESSAGES.subscribeToRead],
  ]);
  expect(JSON.stringify(thread)).not.toContain('07700 900471');
  expect(thread.replyBlockedBy).toBe('subscription');
  expect(await statusOf(family)).toMatchObject({ hasActiveSubscription: false, subscriptionType: null });
  expect((await userRow(t, family.user.id)).subscriptionStatus).toBe('inactive');
}

describe('charge.refunded: a refund made in Stripe’s dashboard', () => {
  it('locks the family out again, records the refund, emails and audits it; a redelivery is applied once', async () => {
    const { family, id, intent, paymentId } = await paidFamilyInTouch('Gwenllian');
    const event = refunded(intent, 4900, 4900);
    expect((await postWebhook(t, event)).statusCode).toBe(200);

    await expectLockedAgain(family, id);
    const [row] = await paymentsOf(t, family.user.id);
    expect(row).toMatchObject({ id: paymentId, status: 'refunded', refundedPence: 4900 });
    expect(row!.refundedAt).toBeInstanceOf(Date);
    expect(await historyOf(family)).toEqual([
      expect.objectContaining({ id: paymentId, status: 'refunded', refundedPence: 4900 }),
    ]);
    const emails = await outsideRefundEmails(family);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.bodyText).toContain('The access it paid for has ended.');
    expect(emails[0]!.bodyText).toContain('Amount given back: £49.00');
    const audit = await auditOf(family.user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBeNull();
    expect(
      auditSummary({
        action: 'payment.refunded',
        subject: { name: 'G R' },
        before: null,
        after: audit[0]!.after,
      }),
    ).toBe(
      'Recorded a refund made at the payment provider: £49.00 of G R’s 3-Month Access payment; what it paid for ended',
    );

    // Stripe delivers it again, and the same refund comes once more under another event (a
    // dispute closed in our favour, an older partial refund): nothing changes twice.
    expect((await postWebhook(t, event)).statusCode).toBe(200);
    expect(
      (await postWebhook(t, refunded(intent, 4900, 1000, new Date(Date.now() - 60_000)))).statusCode,
    ).toBe(200);
    expect(
      (await postWebhook(t, stripeEvent('charge.dispute.closed', disputeObject(intent, 4900, 'won'))))
        .statusCode,
    ).toBe(200);
    expect(await outsideRefundEmails(family)).toHaveLength(1);
    expect(await auditOf(family.user.id)).toHaveLength(1);
    expect((await paymentsOf(t, family.user.id))[0]).toMatchObject({
      status: 'refunded',
      refundedPence: 4900,
    });
    await expectLockedAgain(family, id);
  });

  it('a partial refund ends the access too and keeps the amount; a later larger refund records only the amount', async () => {
    const { family, id, intent } = await paidFamilyInTouch('Morfudd');
    expect((await postWebhook(t, refunded(intent, 4900, 1500))).statusCode).toBe(200);
    await expectLockedAgain(family, id);
    expect((await paymentsOf(t, family.user.id))[0]).toMatchObject({
      status: 'refunded',
      refundedPence: 1500,
    });
    expect((await historyOf(family))[0]).toMatchObject({ status: 'refunded', refundedPence: 1500 });

    // The rest refunded later: the amount grows, access stays ended; the earlier event, redelivered
    // late under its own id, changes nothing.
    const rest = refunded(intent, 4900, 4900);
    expect((await postWebhook(t, rest)).statusCode).toBe(200);
    expect((await postWebhook(t, refunded(intent, 4900, 1500))).statusCode).toBe(200);
    expect((await paymentsOf(t, family.user.id))[0]).toMatchObject({
      status: 'refunded',
      refundedPence: 4900,
    });
    expect(await outsideRefundEmails(family)).toHaveLength(2);
    await expectLockedAgain(family, id);
  });

  it('a refund CareMatch made itself (cooling-off) coming back as charge.refunded changes nothing more', async () => {
    const { family, id, intent, paymentId } = await paidFamilyInTouch('Heledd');
    const cancelled = await t.injectAs(family.cookie, { method: 'POST', url: '/api/subscription/cancel' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [ours] = await paymentsOf(t, family.user.id);
    expect(ours).toMatchObject({ status: 'refunded', refundedPence: expect.any(Number) });
    // The family pays again: the new plan is theirs, whatever the old refund's event does.
    const again = await t.injectAs(family.cookie, { method: 'POST', url: '/api/create-subscription' });
    expect(again.statusCode, again.body).toBe(200);
    const second = (await paymentsOf(t, family.user.id)).find((row) => row.id !== paymentId)!;
    await postWebhook(
      t,
      stripeEvent('payment_intent.succeeded', paymentIntentObject(second.providerReference!)),
    );
    const planBefore = await userRow(t, family.user.id);
    expect(planBefore.subscriptionStatus).toBe('active');

    expect((await postWebhook(t, refunded(intent, 4900, ours!.refundedPence!))).statusCode).toBe(200);
    expect((await paymentsOf(t, family.user.id)).find((row) => row.id === paymentId)).toEqual(ours);
    const planAfter = await userRow(t, family.user.id);
    expect(planAfter.subscriptionExpiresAt).toEqual(planBefore.subscriptionExpiresAt);
    expect(planAfter.subscriptionStatus).toBe('active');
    expect(await outsideRefundEmails(family)).toHaveLength(0);
    expect(await auditOf(family.user.id)).toHaveLength(0);
    expect((await threadOf(t, family, id)).messages.every((m) => !m.locked)).toBe(true);
  });
});

describe('card disputes (chargebacks)', () => {
  it('a dispute opened changes nothing; lost, it takes the access back like a refund', async () => {
    const { family, id, intent } = await paidFamilyInTouch('Nia');
    const opened = stripeEvent('charge.dispute.created', disputeObject(intent, 4900, 'needs_response'));
    expect((await postWebhook(t, opened)).statusCode).toBe(200);
    expect((await statusOf(family)).hasActiveSubscription).toBe(true);

    const lost = stripeEvent('charge.dispute.closed', disputeObject(intent, 4900, 'lost'));
    expect((await postWebhook(t, lost)).statusCode).toBe(200);
    expect((await postWebhook(t, lost)).statusCode).toBe(200);
    await expectLockedAgain(family, id);
    expect((await paymentsOf(t, family.user.id))[0]).toMatchObject({
      status: 'refunded',
      refundedPence: 4900,
    });
    const emails = await outsideRefundEmails(family);
    expect(emails.map((e) => e.subject)).toEqual(['Your CareMatch payment was reversed: 3-Month Access']);
  });
});

describe('recurring plans: the invoice a refunded charge paid', () => {
  it('a Monthly plan’s invoice refunded: access ends; the subscription stays as Stripe has it', async () => {
    const family = await t.register({ firstName: 'Elin', lastName: 'Monthly' });
    expect(
      (
        await t.injectAs(family.cookie, {
          method: 'POST',
          url: '/api/subscribe',
          payload: { type: 'monthly' },
        })
      ).statusCode,
    ).toBe(200);
    const [first] = await paymentsOf(t, family.user.id);
    const [subscription] = await billingSubscriptionsOf(t, family.user.id);
    const invoice = first!.providerReference!;
    const periodEnd = addCalendarMonths(new Date(Math.floor(Date.now() / 1000) * 1000), 1);
    await postWebhook(
      t,
      stripeEvent(
        'invoice.paid',
        invoiceObject({ id: invoice, subscription: subscription!.providerSubscriptionId, periodEnd }),
      ),
    );
    expect((await statusOf(family)).hasActiveSubscription).toBe(true);

    // The charge names the PaymentIntent that paid the invoice, never the invoice.
    expect((await postWebhook(t, refunded(`pi_for_${invoice}`, 1000, 1000))).statusCode).toBe(200);
    expect(await statusOf(family)).toMatchObject({ hasActiveSubscription: false });
    expect((await paymentsOf(t, family.user.id))[0]).toMatchObject({
      status: 'refunded',
      refundedPence: 1000,
    });
    expect((await billingSubscriptionsOf(t, family.user.id))[0]!.status).toBe('active');
  });

  it('a carer’s membership refunded: the profile is unlisted again', async () => {
    const member = await carer(t, { firstName: 'Siwan', lastName: 'Member' });
    // Past the free introductory listing: only the membership lists the profile.
    await t.database.db
      .update(carerProfiles)
      .set({ listedUntil: new Date(Date.now() - 86_400_000) })
      .where(eq(carerProfiles.userId, member.user.id));
    const publicProfile = () => t.app.inject({ url: `/api/carers/${member.carerId}` });
    expect((await publicProfile()).statusCode).toBe(404);

    const started = await t.injectAs(member.cookie, { method: 'POST', url: '/api/carer-membership' });
    expect(started.statusCode, started.body).toBe(200);
    const [payment] = await paymentsOf(t, member.user.id);
    const [subscription] = await billingSubscriptionsOf(t, member.user.id);
    const invoice = payment!.providerReference!;
    const periodEnd = addCalendarMonths(new Date(Math.floor(Date.now() / 1000) * 1000), 1);
    await postWebhook(
      t,
      stripeEvent(
        'invoice.paid',
        invoiceObject({
          id: invoice,
          subscription: subscription!.providerSubscriptionId,
          periodEnd,
          amountPence: 2900,
        }),
      ),
    );
    expect((await publicProfile()).statusCode).toBe(200);

    const event = refunded(`pi_for_${invoice}`, 2900, 2900);
    expect((await postWebhook(t, event)).statusCode).toBe(200);
    expect((await postWebhook(t, event)).statusCode).toBe(200);
    expect((await publicProfile()).statusCode).toBe(404);
    const state = (await t.injectAs(member.cookie, { url: '/api/carer-membership' })).json<CarerMembership>();
    expect(new Date(state.listedUntil!).getTime()).toBeLessThanOrEqual(Date.now());
    expect(state.payments[0]).toMatchObject({ status: 'refunded', refundedPence: 2900 });
    const emails = await outsideRefundEmails(member);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.bodyText).toContain('your profile is no longer shown to families');
    expect(await auditOf(member.user.id)).toHaveLength(1);
  });
});
