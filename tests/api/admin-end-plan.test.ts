import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, billingSubscriptions, users } from '../../src/server/db/schema';
import { admin, type Person } from '../support/messaging-fixtures';
import { createFakeStripe, STRIPE_ENV } from '../support/payments';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Admin "End plan" on a plan paid through Stripe: the plan ends here and its renewals stop at
 * Stripe too (against the Stripe fake), so billing does not continue after access ended.
 */

const DAY_MS = 86_400_000;
let t: TestApp;
let stripe: ReturnType<typeof createFakeStripe>;
let theAdmin: Person;

beforeAll(async () => {
  stripe = createFakeStripe();
  t = await createTestApp(STRIPE_ENV, undefined, { stripeClient: stripe.client });
  theAdmin = await admin(t);
});
afterAll(() => t.close());

async function monthlyFamily(subscriptionId: string) {
  const person = await t.register({ firstName: 'Carys', lastName: 'Monthly' });
  const periodEnd = new Date(Date.now() + 20 * DAY_MS);
  await t.database.db
    .update(users)
    .set({ subscriptionStatus: 'active', subscriptionType: 'monthly', subscriptionExpiresAt: periodEnd })
    .where(eq(users.id, person.user.id));
  await t.database.db.insert(billingSubscriptions).values({
    userId: person.user.id,
    purpose: 'customer_monthly',
    provider: 'stripe',
    providerSubscriptionId: subscriptionId,
    status: 'active',
    currentPeriodEnd: periodEnd,
  });
  return person;
}

const endPlan = (person: Person) =>
  t.injectAs(theAdmin.cookie, {
    method: 'PATCH',
    url: `/api/admin/users/${person.user.id}/subscription`,
    payload: { status: 'inactive' },
  });
const cancelCalls = () => stripe.calls.filter((call) => call.method === 'subscriptions.update');

describe('Admin "End plan" with Stripe', () => {
  it('ends the access and stops the Stripe subscription renewing, recorded in the audit entry', async () => {
    const family = await monthlyFamily('sub_admin_end');
    const response = await endPlan(family);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ subscriptionStatus: 'inactive', subscriptionExpiresAt: null });
    expect(cancelCalls()).toEqual([
      expect.objectContaining({ params: { id: 'sub_admin_end', cancel_at_period_end: true } }),
    ]);
    const [row] = await t.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, family.user.id));
    expect(row).toMatchObject({ cancelAtPeriodEnd: true });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, family.user.id));
    expect(entry).toMatchObject({ action: 'subscription.deactivated' });
    expect(entry!.after).toMatchObject({ renewalsStopped: true });

    // Ending it again asks Stripe nothing more.
    expect((await endPlan(family)).statusCode).toBe(200);
    expect(cancelCalls()).toHaveLength(1);
  });

  it('changes nothing when Stripe cannot be reached: 502, and the plan still runs', async () => {
    const family = await monthlyFamily('sub_admin_unreachable');
    const update = stripe.client.subscriptions.update;
    stripe.client.subscriptions.update = () => Promise.reject(new Error('Stripe is unreachable'));
    try {
      const response = await endPlan(family);
      expect(response.statusCode).toBe(502);
    } finally {
      stripe.client.subscriptions.update = update;
    }
    const [account] = await t.database.db.select().from(users).where(eq(users.id, family.user.id));
    expect(account).toMatchObject({ subscriptionStatus: 'active', subscriptionType: 'monthly' });
    const [row] = await t.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, family.user.id));
    expect(row).toMatchObject({ cancelAtPeriodEnd: false });
  });
});
