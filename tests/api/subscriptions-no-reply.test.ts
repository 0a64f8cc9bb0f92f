import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_REPLY_PROTECTION_DAYS, type SubscriptionStatus } from '@contracts/subscriptions';
import { auditLog, billingSubscriptions, users } from '../../src/server/db/schema';
import { addCalendarMonths } from '../../src/server/platform/calendar';
import { createSubscriptionEndingService } from '../../src/server/features/subscriptions/subscription-ending.service';
import { createDemoProvider } from '../../src/server/platform/payments/demo-provider';
import { carer, reply, startConversation, type Carer, type Person } from '../support/messaging-fixtures';
import { billingSubscriptionsOf, confirmDemo, demoRenewals, paymentsOf } from '../support/payments';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * No-reply protection (decision 0029, point 9): a family no carer answers in the 7 days after
 * paying gets those days added to its access, or, in the cooling-off period of a one-time plan,
 * its whole payment back; by housekeeping, with an email, once per payment. The clock is the
 * service's own (as housekeeping runs it), moved past the 7 days.
 */

const DAY_MS = 86_400_000;
let t: TestApp;
let helper: Carer;

beforeAll(async () => {
  t = await createTestApp();
  helper = await carer(t, { firstName: 'Ffion', lastName: 'Replies' });
});
afterAll(() => t.close());

/** Housekeeping's service with its clock `days` ahead of now. */
const protectionIn = (days: number) =>
  createSubscriptionEndingService({
    db: t.database.db,
    provider: createDemoProvider({ secret: t.config.sessionSecret }),
    mailer: t.app.mailer,
    log: t.app.log,
    secret: t.config.sessionSecret,
    publicUrl: t.config.publicUrl,
    now: () => new Date(Date.now() + days * DAY_MS),
  }).protectUnanswered();

const statusOf = async (person: Person) =>
  (await t.injectAs(person.cookie, { url: '/api/subscription/status' })).json<SubscriptionStatus>();
const emailsTo = async (person: Person, subject: string) =>
  (await t.outbox()).filter((mail) => mail.toAddress === person.user.email && mail.subject.includes(subject));
const auditOf = (person: Person) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.entityId, person.user.id));

async function paidFamily(type: 'three_month' | 'monthly', firstName: string): Promise<Person> {
  const person = await t.register({ firstName, lastName: 'Waits' });
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

describe('no-reply protection', () => {
  it('adds the days waited to a Monthly plan no carer answered, emails once, and keeps them past the renewal', async () => {
    const family = await paidFamily('monthly', 'Gwenllian');
    await startConversation(t, family, helper, 'Could you help my mother on Tuesday mornings?');
    const before = new Date((await statusOf(family)).expiresAt!).getTime();

    // Not before the 7 days are over.
    expect(await protectionIn(NO_REPLY_PROTECTION_DAYS - 1)).toBe(0);
    expect(new Date((await statusOf(family)).expiresAt!).getTime()).toBe(before);

    expect(await protectionIn(NO_REPLY_PROTECTION_DAYS + 1)).toBeGreaterThanOrEqual(1);
    const status = await statusOf(family);
    expect(status.hasActiveSubscription).toBe(true);
    expect(new Date(status.expiresAt!).getTime()).toBe(before + NO_REPLY_PROTECTION_DAYS * DAY_MS);
    // The added days are free: the next payment is still taken at the billing period's end.
    expect(status.renews).toBe(true);
    expect(new Date(status.nextPaymentAt!).getTime()).toBe(before);
    const [email] = await emailsTo(family, 'No carer replied yet');
    expect(email?.subject).toBe('No carer replied yet: we added 7 days to your CareMatch access');
    expect(email?.bodyText).toContain('we have added those 7 days to your access, free');
    // The renewal stays where it was, and the email says so.
    expect(email?.bodyText).toMatch(
      /^Your next payment is still on \d{1,2} [A-Z][a-z]+ \d{4}: the added days are free\.$/m,
    );
    expect((await auditOf(family)).map((row) => row.action)).toContain('subscription.no-reply-extended');

    // Once per payment: later rounds change nothing and send nothing.
    await protectionIn(NO_REPLY_PROTECTION_DAYS + 2);
    await protectionIn(NO_REPLY_PROTECTION_DAYS + 5);
    expect(new Date((await statusOf(family)).expiresAt!).getTime()).toBe(
      before + NO_REPLY_PROTECTION_DAYS * DAY_MS,
    );
    expect(await emailsTo(family, 'No carer replied yet')).toHaveLength(1);
    const [payment] = await paymentsOf(t, family.user.id);
    expect(payment!.noReplyExtendedDays).toBe(NO_REPLY_PROTECTION_DAYS);

    // The renewal does not swallow the added days: access runs that far past the next period too.
    const [subscription] = await billingSubscriptionsOf(t, family.user.id);
    const ended = new Date(Date.now() - 60_000);
    await t.database.db
      .update(billingSubscriptions)
      .set({ currentPeriodEnd: ended })
      .where(eq(billingSubscriptions.id, subscription!.id));
    await t.database.db
      .update(users)
      .set({ subscriptionExpiresAt: new Date(ended.getTime() + NO_REPLY_PROTECTION_DAYS * DAY_MS) })
      .where(eq(users.id, family.user.id));
    await demoRenewals(t).run();
    expect(new Date((await statusOf(family)).expiresAt!).getTime()).toBe(
      addCalendarMonths(ended, 1).getTime() + NO_REPLY_PROTECTION_DAYS * DAY_MS,
    );
  });

  it('does nothing when a carer replied within the 7 days, or the family wrote to nobody', async () => {
    const answered = await paidFamily('monthly', 'Heledd');
    const conversation = await startConversation(t, answered, helper, 'Are you free at weekends?');
    const answer = await reply(t, helper, conversation, 'Yes, Saturdays suit me well.');
    expect(answer.statusCode, answer.body).toBe(201);
    const silent = await paidFamily('monthly', 'Tegwen');
    const expiries = [(await statusOf(answered)).expiresAt, (await statusOf(silent)).expiresAt];

    await protectionIn(NO_REPLY_PROTECTION_DAYS + 1);
    expect([(await statusOf(answered)).expiresAt, (await statusOf(silent)).expiresAt]).toEqual(expiries);
    expect(await emailsTo(answered, 'No carer replied yet')).toEqual([]);
    expect(await emailsTo(silent, 'No carer replied yet')).toEqual([]);
    for (const person of [answered, silent]) {
      const [payment] = await paymentsOf(t, person.user.id);
      expect(payment!.status).toBe('succeeded');
      expect(payment!.noReplyExtendedDays).toBeNull();
    }
  });

  it('refunds a one-time plan in full within its cooling-off period, and ends the access it bought', async () => {
    const family = await paidFamily('three_month', 'Lowri');
    await startConversation(t, family, helper, 'Could you visit my father in the evenings?');
    expect((await statusOf(family)).hasActiveSubscription).toBe(true);

    await protectionIn(NO_REPLY_PROTECTION_DAYS + 1);
    const [payment] = await paymentsOf(t, family.user.id);
    expect(payment).toMatchObject({ status: 'refunded', refundedPence: payment!.amountPence });
    expect(payment!.refundReference).toBe(`demo_re_${payment!.id}`);
    expect((await statusOf(family)).hasActiveSubscription).toBe(false);
    const [email] = await emailsTo(family, 'No carer replied yet');
    expect(email?.subject).toBe('No carer replied yet: your CareMatch 3-Month Access is refunded');
    expect(email?.bodyText).toContain('Amount refunded: £49.00');
    expect((await auditOf(family)).map((row) => row.action)).toContain('subscription.no-reply-refunded');

    await protectionIn(NO_REPLY_PROTECTION_DAYS + 3);
    expect(await emailsTo(family, 'No carer replied yet')).toHaveLength(1);
  });
});
