// Decision 0011: "Delete my account" (DELETE /api/settings/account) erases the person's data in
// one transaction, cancels a recurring plan with the provider first, deletes their files after
// commit and ends every session; the other party keeps the conversation under 'Deleted user'.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_USER_NAME, type ConversationThread } from '@contracts/messaging';
import { DELETE_CONFIRMATION_WORD, SETTINGS_MESSAGES } from '@contracts/settings';
import { billingSubscriptions, carerProfiles, payments, reviews, users } from '../../src/server/db/schema';
import { PRIVACY_MESSAGES } from '@contracts/settings';
import { admin, customer } from '../support/messaging-fixtures';
import { createFakeStripe, demoRenewals, STRIPE_ENV } from '../support/payments';
import { carerWithData, familyWithData, tablesHolding } from '../support/privacy-fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const deleteAccount = (
  app: TestApp,
  cookie: string | undefined,
  payload: Record<string, unknown> = { password: TEST_PASSWORD, confirmation: DELETE_CONFIRMATION_WORD },
) => app.injectAs(cookie, { method: 'DELETE', url: '/api/settings/account', payload });

const userExists = async (app: TestApp, id: string) =>
  (await app.database.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;

const signIn = (app: TestApp, email: string) =>
  app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD } });

describe('DELETE /api/settings/account: refusals', () => {
  it('answers 401 signed out', async () => {
    expect((await deleteAccount(t, undefined)).statusCode).toBe(401);
  });

  it.each([
    [
      { password: TEST_PASSWORD, confirmation: 'delete' },
      'confirmation',
      SETTINGS_MESSAGES.deleteConfirmationWrong,
    ],
    [{ password: TEST_PASSWORD }, 'confirmation', SETTINGS_MESSAGES.deleteConfirmationWrong],
    [
      { password: '', confirmation: DELETE_CONFIRMATION_WORD },
      'password',
      SETTINGS_MESSAGES.currentPasswordRequired,
    ],
    [
      { password: 'Not-The-Password-99', confirmation: DELETE_CONFIRMATION_WORD },
      'password',
      SETTINGS_MESSAGES.currentPasswordWrong,
    ],
  ])('refuses %j with 400 on %s and deletes nothing', async (payload, field, message) => {
    const { family } = await familyWithData(t);
    const response = await deleteAccount(t, family.cookie, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors[field]).toBe(message);
    expect(await userExists(t, family.user.id)).toBe(true);
    expect((await t.injectAs(family.cookie, { url: '/api/auth/user' })).statusCode).toBe(200);
    expect(await tablesHolding(t, family.user.email)).toEqual(
      expect.arrayContaining([expect.objectContaining({ table: 'users' })]),
    );
  });

  it('refuses an admin with 403', async () => {
    const someone = await admin(t);
    const response = await deleteAccount(t, someone.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: SETTINGS_MESSAGES.adminCannotSelfDelete });
    expect(await userExists(t, someone.user.id)).toBe(true);
  });

  it('stops password guessing after 5 attempts with 429', async () => {
    const person = await customer(t, 'none');
    const wrong = { password: 'Wrong-Password-123', confirmation: DELETE_CONFIRMATION_WORD };
    for (let index = 0; index < 5; index += 1)
      expect((await deleteAccount(t, person.cookie, wrong)).statusCode).toBe(400);
    expect((await deleteAccount(t, person.cookie)).statusCode).toBe(429);
    expect(await userExists(t, person.user.id)).toBe(true);
  });
});

describe('DELETE /api/settings/account: a family with data everywhere', () => {
  it('erases every trace of their email, names and phone; the carer keeps the thread from "Deleted user"', async () => {
    const { family, phone, newEmail, partner, conversationId } = await familyWithData(t);
    const { email, firstName, lastName } = family.user;
    expect(await tablesHolding(t, phone)).not.toEqual([]);
    expect(await tablesHolding(t, newEmail)).toEqual(
      expect.arrayContaining([expect.objectContaining({ table: 'outbox_emails' })]),
    );
    const [paymentBefore] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.userId, family.user.id));
    const second = await signIn(t, email);
    expect(second.statusCode).toBe(200);

    const response = await deleteAccount(t, family.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deleted: true });
    expect(response.headers['set-cookie']).toBeDefined();

    for (const needle of [email, firstName!, lastName!, family.user.id]) {
      expect(await tablesHolding(t, needle), needle).toEqual(
        // The account's id stays only where the schema keeps it as a plain value: the audit
        // entry of the deletion itself.
        needle === family.user.id ? [{ table: 'audit_log', rows: expect.any(Number) }] : [],
      );
    }

    // Signed out everywhere, and the password no longer opens anything.
    expect((await t.injectAs(family.cookie, { url: '/api/auth/user' })).statusCode).toBe(401);
    expect((await signIn(t, email)).statusCode).toBe(401);

    // The payment stays for the accounts, anonymous.
    const [paymentAfter] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, paymentBefore!.id));
    expect(paymentAfter).toMatchObject({
      userId: null,
      amountPence: paymentBefore!.amountPence,
      plan: 'monthly',
      status: 'succeeded',
      clientSecret: null,
    });
    expect(paymentAfter!.createdAt).toEqual(paymentBefore!.createdAt);

    // The Monthly plan no longer renews: the demo renewal ends it and charges nothing.
    const [subscription] = await t.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, paymentBefore!.billingSubscriptionId!));
    expect(subscription).toMatchObject({ userId: null, cancelAtPeriodEnd: true });

    // The review they wrote is gone and the carer's rating recounted in the same transaction.
    expect(await t.database.db.select().from(reviews).where(eq(reviews.carerId, partner.carerId))).toEqual(
      [],
    );
    const [profile] = await t.database.db
      .select()
      .from(carerProfiles)
      .where(eq(carerProfiles.id, partner.carerId));
    expect(profile).toMatchObject({ reviewCount: 0, rating: '0.00' });

    const thread = await t.injectAs(partner.cookie, { url: `/api/conversations/${conversationId}` });
    expect(thread.statusCode, thread.body).toBe(200);
    const body = thread.json<ConversationThread>();
    expect(body.partner).toMatchObject({ userId: null, name: DELETED_USER_NAME });
    expect(body.messages.map((m) => [m.senderId, m.content])).toEqual([
      [null, 'Can you help my mother on Tuesdays?'],
      [partner.user.id, 'Yes, mornings suit me.'],
      [null, '=HYPERLINK("http://evil.example")'],
    ]);
  });
});

describe('DELETE /api/settings/account: a carer with a photo and verification documents', () => {
  it('removes the profile, the verification and every file from storage', async () => {
    const { worker, fileKeys } = await carerWithData(t);
    for (const key of fileKeys) expect(await t.storage.get(key)).toBeDefined();
    const response = await deleteAccount(t, worker.cookie);
    expect(response.statusCode, response.body).toBe(200);
    for (const key of fileKeys) expect(await t.storage.get(key)).toBeUndefined();
    for (const needle of [worker.user.email, worker.user.firstName!, worker.user.lastName!, worker.carerId]) {
      expect(await tablesHolding(t, needle), needle).toEqual([]);
    }
    expect((await t.app.inject({ url: `/api/carers/${worker.carerId}` })).statusCode).toBe(404);
  });
});

describe('the demo renewal after a deletion', () => {
  it('ends the cancelled plan without a new payment', async () => {
    const { family } = await familyWithData(t);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.userId, family.user.id));
    expect((await deleteAccount(t, family.cookie)).statusCode).toBe(200);
    const subscriptionId = payment!.billingSubscriptionId!;
    await t.database.db
      .update(billingSubscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(billingSubscriptions.id, subscriptionId));
    await demoRenewals(t).run();
    const [after] = await t.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, subscriptionId));
    expect(after!.status).toBe('canceled');
    const related = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.billingSubscriptionId, subscriptionId));
    expect(related).toHaveLength(1);
  });
});

describe('with Stripe', () => {
  async function stripeApp(failCancel: boolean) {
    const stripe = createFakeStripe();
    if (failCancel) {
      stripe.client.subscriptions.update = () => Promise.reject(new Error('Stripe is unreachable'));
    }
    const app = await createTestApp(STRIPE_ENV, undefined, { stripeClient: stripe.client });
    const person = await app.register({ userType: 'customer' });
    await app.database.db.insert(billingSubscriptions).values({
      userId: person.user.id,
      purpose: 'customer_monthly',
      provider: 'stripe',
      providerSubscriptionId: 'sub_test_monthly',
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
    });
    return { app, stripe, person };
  }

  it('cancels a recurring subscription with the provider before deleting', async () => {
    const { app, stripe, person } = await stripeApp(false);
    try {
      const response = await deleteAccount(app, person.cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(stripe.calls.filter((call) => call.method === 'subscriptions.update')).toEqual([
        expect.objectContaining({ params: { id: 'sub_test_monthly', cancel_at_period_end: true } }),
      ]);
      const [row] = await app.database.db.select().from(billingSubscriptions);
      expect(row).toMatchObject({ userId: null, cancelAtPeriodEnd: true });
    } finally {
      await app.close();
    }
  });

  it('refuses with 502 and deletes nothing when the provider cannot cancel', async () => {
    const { app, person } = await stripeApp(true);
    try {
      const response = await deleteAccount(app, person.cookie);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ message: PRIVACY_MESSAGES.providerUnavailable });
      expect(await userExists(app, person.user.id)).toBe(true);
      const [row] = await app.database.db.select().from(billingSubscriptions);
      expect(row).toMatchObject({ userId: person.user.id, cancelAtPeriodEnd: false });
      expect((await app.injectAs(person.cookie, { url: '/api/auth/user' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("the admins' DELETE /api/test/users/{id}", () => {
  it('uses the same erasure: only the admin’s own audit entry still names the person', async () => {
    const theAdmin = await admin(t);
    const { family, phone } = await familyWithData(t);
    const response = await t.injectAs(theAdmin.cookie, {
      method: 'DELETE',
      url: `/api/test/users/${family.user.id}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await tablesHolding(t, phone)).toEqual([]);
    expect(await tablesHolding(t, family.user.email)).toEqual([{ table: 'audit_log', rows: 1 }]);
    const [subscription] = await t.database.db
      .select()
      .from(billingSubscriptions)
      .innerJoin(payments, eq(payments.billingSubscriptionId, billingSubscriptions.id))
      .where(eq(payments.plan, 'monthly'))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    expect(subscription?.billing_subscriptions).toMatchObject({ userId: null, cancelAtPeriodEnd: true });
  });
});
