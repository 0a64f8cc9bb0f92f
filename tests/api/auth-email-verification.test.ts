// Decision 0019: an email address belongs to whoever proves it. Registration answers the same
// for new and taken addresses and signs nobody in; a single-use, expiring link confirms the
// address; messaging, reviews, payments and verification wait for it; demo mode has a mailbox;
// the data export never joins records to an account by email address.
import { strFromU8, unzipSync } from 'fflate';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_VERIFICATION_MESSAGES,
  EMAIL_VERIFICATION_RESENDS_PER_HOUR,
  type CurrentUser,
} from '@contracts/auth';
import type { DemoMailbox } from '@contracts/demo';
import { ERROR_MESSAGES } from '@contracts/errors';
import { DELETE_CONFIRMATION_WORD } from '@contracts/settings';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../src/server/demo-seed/seed';
import { contactEnquiries, emailVerificationTokens, users } from '../../src/server/db/schema';
import { carer, customer, reply, setSubscription, startConversation } from '../support/messaging-fixtures';
import { confirmDemo } from '../support/payments';
import { submitChecks } from '../support/verification-fixtures';
import {
  createTestApp,
  sessionCookieFrom,
  TEST_PASSWORD,
  type TestApp,
  PRODUCTION_TEST_ENV,
} from '../support/test-app';
import { validProfile } from '../support/carer-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
const uniqueEmail = (prefix: string) => {
  counter += 1;
  return `${prefix}.${counter}.${Date.now().toString(36)}@example.org`;
};
const registration = (email: string, overrides: Record<string, string> = {}) => ({
  email,
  password: TEST_PASSWORD,
  firstName: 'Imogen',
  lastName: 'Hart',
  userType: 'customer',
  ...overrides,
});
const register = (payload: Record<string, string>, remoteAddress = '203.0.113.50') =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });
const verify = (token: string, cookie?: string) =>
  t.injectAs(cookie, { method: 'POST', url: '/api/auth/verify-email', payload: { token } });
const login = (email: string, password = TEST_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = async (cookie: string) =>
  (await t.injectAs(cookie, { method: 'GET', url: '/api/auth/user' })).json<CurrentUser>();
const emailsTo = async (email: string) =>
  (await t.outbox()).filter((row) => row.toAddress.toLowerCase() === email.toLowerCase());
const setVerified = (userId: string, verified: boolean) =>
  t.database.db
    .update(users)
    .set({ emailVerifiedAt: verified ? new Date() : null })
    .where(eq(users.id, userId));

const notConfirmed = { message: ERROR_MESSAGES.emailNotConfirmed };

describe('POST /api/auth/register reveals no accounts', () => {
  it('answers a new and a taken address identically, signs nobody in, and tells the owner', async () => {
    const taken = uniqueEmail('owner');
    const owner = await t.register({ email: taken });
    const fresh = uniqueEmail('fresh');

    const forNew = await register(registration(fresh));
    const forTaken = await register(registration(taken.toUpperCase(), { password: 'Another-Pass-9981' }));
    expect(forNew.statusCode).toBe(202);
    expect(forTaken.statusCode).toBe(202);
    expect(forNew.json()).toEqual({
      message: EMAIL_VERIFICATION_MESSAGES.registrationAccepted,
      email: fresh,
    });
    expect(forTaken.json()).toEqual({
      message: EMAIL_VERIFICATION_MESSAGES.registrationAccepted,
      email: taken.toUpperCase(),
    });
    expect(forNew.cookies).toHaveLength(0);
    expect(forTaken.cookies).toHaveLength(0);
    expect(Object.keys(forNew.headers).sort()).toEqual(Object.keys(forTaken.headers).sort());

    // The owner's account is untouched: one row, the old password still works, the new one not.
    const rows = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${taken})`);
    expect(rows.map((row) => row.id)).toEqual([owner.user.id]);
    expect((await login(taken)).statusCode).toBe(200);
    expect((await login(taken, 'Another-Pass-9981')).statusCode).toBe(401);

    // The owner hears of the attempt, with the way to sign in or reset.
    const [notice] = (await emailsTo(taken)).filter((row) => row.subject.includes('tried to create'));
    expect(notice?.bodyText).toContain(`${t.config.publicUrl}/login`);
    expect(notice?.bodyText).toContain(`${t.config.publicUrl}/forgot-password`);
    expect(notice?.bodyText).not.toContain('verify-email');

    // The new address got an unconfirmed account and its link.
    const [link] = await emailsTo(fresh);
    expect(link?.subject).toBe('Confirm your email address for CareMatch');
    expect(link?.bodyText).toContain(`${t.config.publicUrl}/verify-email?token=`);
    const signedIn = await login(fresh);
    expect(signedIn.json<CurrentUser>().emailVerified).toBe(false);
  });

  it('answers registrations racing for one new address the same, with one account and no 500', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(Array.from({ length: 6 }, () => register(registration(email))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(202));
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('still refuses a weak password with 400 (that says nothing about accounts)', async () => {
    const response = await register(registration(uniqueEmail('weak'), { password: 'password123' }));
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/auth/verify-email', () => {
  it('confirms, signs in a browser without a session, and works once', async () => {
    const email = uniqueEmail('once');
    expect((await register(registration(email, { userType: 'carer' }))).statusCode).toBe(202);
    const token = await t.verificationToken(email);

    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({
      message: EMAIL_VERIFICATION_MESSAGES.confirmed,
      email,
      signedIn: true,
      continuePath: '/carer-signup',
    });
    expect((await me(sessionCookieFrom(t.config, first))).emailVerified).toBe(true);

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: EMAIL_VERIFICATION_MESSAGES.linkInvalid });
    expect(again.cookies).toHaveLength(0);
  });

  it('refuses a wrong, empty or expired token with 400 and the resend hint', async () => {
    for (const token of ['not-a-real-token', 'x'.repeat(200)]) {
      const response = await verify(token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: EMAIL_VERIFICATION_MESSAGES.linkInvalid });
    }
    expect((await verify('')).statusCode).toBe(400);

    const email = uniqueEmail('expired');
    await register(registration(email));
    const token = await t.verificationToken(email);
    const [account] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationTokens.userId, account!.id));
    const expired = await verify(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ message: EMAIL_VERIFICATION_MESSAGES.linkInvalid });
    expect(EMAIL_VERIFICATION_MESSAGES.linkInvalid).toMatch(/send a new one/);
  });

  it('proves only the address it was sent to: after the address changed it is refused', async () => {
    const email = uniqueEmail('moved');
    await register(registration(email));
    const token = await t.verificationToken(email);
    await t.database.db
      .update(users)
      .set({ email: uniqueEmail('elsewhere') })
      .where(eq(users.email, email));
    expect((await verify(token)).statusCode).toBe(400);
  });

  it('starts no session for an admin account, and keeps the session a signed-in owner has', async () => {
    const adminEmail = uniqueEmail('admin');
    await register(registration(adminEmail));
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, adminEmail));
    const forAdmin = await verify(await t.verificationToken(adminEmail));
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json()).toMatchObject({ signedIn: false });
    expect(forAdmin.cookies).toHaveLength(0);

    const person = await t.register({}, { verified: false });
    const own = await verify(await t.verificationToken(person.user.email), person.cookie);
    expect(own.json()).toMatchObject({ signedIn: true });
    expect(own.cookies).toHaveLength(0);
    expect((await me(person.cookie)).emailVerified).toBe(true);
  });
});

describe('POST /api/auth/verify-email/resend', () => {
  it('sends a new working link, a few an hour, then 429; 401 signed out, 409 once confirmed', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend' })).statusCode).toBe(
      401,
    );
    const person = await t.register({}, { verified: false });
    const resend = () => t.injectAs(person.cookie, { method: 'POST', url: '/api/auth/verify-email/resend' });
    for (let i = 0; i < EMAIL_VERIFICATION_RESENDS_PER_HOUR; i += 1) {
      const response = await resend();
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.resent });
    }
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.tooManyResends });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const links = (await emailsTo(person.user.email)).filter((row) => row.bodyText.includes('verify-email'));
    expect(links).toHaveLength(1 + EMAIL_VERIFICATION_RESENDS_PER_HOUR);

    expect((await verify(await t.verificationToken(person.user.email), person.cookie)).statusCode).toBe(200);
    const confirmed = await t.register();
    const already = await t.injectAs(confirmed.cookie, {
      method: 'POST',
      url: '/api/auth/verify-email/resend',
    });
    expect(already.statusCode).toBe(409);
  });
});

describe('until the address is confirmed', () => {
  it('lets an account sign in and build a carer profile', async () => {
    const person = await t.register({ userType: 'carer' }, { verified: false });
    expect(person.user.emailVerified).toBe(false);
    const created = await t.injectAs(person.cookie, {
      method: 'POST',
      url: '/api/carers',
      payload: validProfile(),
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('refuses a first message with 403, and allows it once the link is opened', async () => {
    const listed = await carer(t);
    const family = await t.register({}, { verified: false });
    await setSubscription(t, family.user.id, new Date(Date.now() + 30 * 86_400_000));
    const send = () =>
      t.injectAs(family.cookie, {
        method: 'POST',
        url: '/api/messages',
        payload: { receiverId: listed.user.id, carerId: listed.carerId, content: 'Hello, can you help?' },
      });
    const refused = await send();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(notConfirmed);
    expect((await verify(await t.verificationToken(family.user.email), family.cookie)).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(201);
  });

  it('refuses replies, reviews, payments and checks with 403; each works once confirmed', async () => {
    const family = await customer(t, 'active');
    const listed = await carer(t);
    const conversationId = await startConversation(t, family, listed);
    expect((await reply(t, listed, conversationId, 'Yes, I can.')).statusCode).toBe(201);

    // Replies (either side).
    await setVerified(listed.user.id, false);
    const carerReply = await reply(t, listed, conversationId, 'Mornings suit me.');
    expect(carerReply.statusCode).toBe(403);
    expect(carerReply.json()).toEqual(notConfirmed);
    await setVerified(listed.user.id, true);
    expect((await reply(t, listed, conversationId, 'Mornings suit me.')).statusCode).toBe(201);

    // Reviews.
    const review = () =>
      t.injectAs(family.cookie, {
        method: 'PUT',
        url: `/api/carers/${listed.carerId}/reviews/mine`,
        payload: { rating: 5, comment: 'Kind, punctual and thoughtful with my father.' },
      });
    await setVerified(family.user.id, false);
    expect((await reply(t, family, conversationId, 'Thank you')).statusCode).toBe(403);
    const refusedReview = await review();
    expect(refusedReview.statusCode).toBe(403);
    expect(refusedReview.json()).toEqual(notConfirmed);
    await setVerified(family.user.id, true);
    expect((await review()).statusCode).toBe(201);

    // Payments: starting any plan, and confirming a payment started before.
    const buyer = await t.register();
    const started = await t.injectAs(buyer.cookie, {
      method: 'POST',
      url: '/api/subscribe',
      payload: { type: 'annual' },
    });
    expect(started.statusCode, started.body).toBe(200);
    await setVerified(buyer.user.id, false);
    for (const [url, payload] of [
      ['/api/subscribe', { type: 'monthly' }],
      ['/api/subscribe', { type: 'annual' }],
      ['/api/create-subscription', undefined],
    ] as const) {
      const response = await t.injectAs(buyer.cookie, { method: 'POST', url, payload });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual(notConfirmed);
    }
    const clientSecret = started.json<{ clientSecret: string }>().clientSecret;
    const confirmRefused = await confirmDemo(t, buyer.cookie, clientSecret);
    expect(confirmRefused.statusCode).toBe(403);
    expect(confirmRefused.json()).toEqual(notConfirmed);
    await setVerified(buyer.user.id, true);
    expect((await confirmDemo(t, buyer.cookie, clientSecret)).statusCode).toBe(200);

    // Carer membership and the carer's checks.
    const checking = await carer(t);
    await setVerified(checking.user.id, false);
    const membership = await t.injectAs(checking.cookie, { method: 'POST', url: '/api/carer-membership' });
    expect(membership.statusCode).toBe(403);
    expect(membership.json()).toEqual(notConfirmed);
    const checks = await submitChecks(t, checking.cookie);
    expect(checks.statusCode).toBe(403);
    expect(checks.json()).toEqual(notConfirmed);
    await setVerified(checking.user.id, true);
    expect(
      (await t.injectAs(checking.cookie, { method: 'POST', url: '/api/carer-membership' })).statusCode,
    ).toBe(200);
    expect((await submitChecks(t, checking.cookie)).statusCode).toBe(201);
  });

  it('confirms the address by a password reset link too (it proves the mailbox)', async () => {
    const person = await t.register({}, { verified: false });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: person.user.email },
      remoteAddress: '198.51.100.77',
    });
    const reset = (await emailsTo(person.user.email)).find((row) =>
      row.bodyText.includes('reset-password?token='),
    );
    const token = decodeURIComponent(reset!.bodyText.match(/reset-password\?token=(\S+)/)![1]!);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'Lantern-Orchard-Thistle-77' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const signedIn = await login(person.user.email, 'Lantern-Orchard-Thistle-77');
    expect(signedIn.json<CurrentUser>().emailVerified).toBe(true);
  });
});

describe('accounts that are confirmed from the start', () => {
  it('confirms the demo accounts, also ones seeded before addresses needed confirming', async () => {
    await seedDemoData(t.database.db);
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(eq(users.email, DEMO_ACCOUNTS.family.email));
    await seedDemoData(t.database.db);
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const signedIn = await login(account.email, DEMO_PASSWORD);
      expect(signedIn.json<CurrentUser>().emailVerified, account.email).toBe(true);
    }
  });
});

describe('GET /api/demo/mailbox', () => {
  it('answers the outbox to an address, newest first, with to, subject, text and createdAt', async () => {
    const person = await t.register({}, { verified: false });
    await t.injectAs(person.cookie, { method: 'POST', url: '/api/auth/verify-email/resend' });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/demo/mailbox?to=${encodeURIComponent(person.user.email.toUpperCase())}`,
    });
    expect(response.statusCode).toBe(200);
    const { emails } = response.json<DemoMailbox>();
    expect(emails).toHaveLength(2);
    for (const email of emails) {
      expect(Object.keys(email).sort()).toEqual(['createdAt', 'subject', 'text', 'to']);
      expect(email.to).toBe(person.user.email);
      expect(email.text).toContain('/verify-email?token=');
    }
    const times = emails.map((email) => Date.parse(email.createdAt));
    expect(times[0]).toBeGreaterThanOrEqual(times[1]!);
    // The newest is the link that works (the resend).
    const newest = emails[0]!.text.match(/verify-email\?token=(\S+)/)![1]!;
    expect(decodeURIComponent(newest)).toBe(await t.verificationToken(person.user.email));

    const all = (await t.app.inject({ method: 'GET', url: '/api/demo/mailbox' })).json<DemoMailbox>();
    expect(all.emails.length).toBeGreaterThan(2);
    expect(all.emails.length).toBeLessThanOrEqual(100);
    const allTimes = all.emails.map((email) => Date.parse(email.createdAt));
    expect(allTimes).toEqual([...allTimes].sort((a, b) => b - a));
  });

  it('does not exist in production (404)', async () => {
    const production = await createTestApp({
      ...PRODUCTION_TEST_ENV,
    });
    try {
      expect(production.routes.some((route) => route.url === '/api/demo/mailbox')).toBe(false);
      const response = await production.app.inject({ method: 'GET', url: '/api/demo/mailbox' });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('records are never joined to an account by email address', () => {
  it('leaves out of the export an enquiry sent from the address before the account existed', async () => {
    const email = uniqueEmail('enquirer');
    const secret = 'My mother has dementia and needs help with her medication.';
    const enquiry = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '198.51.100.201',
      payload: { firstName: 'Ruth', lastName: 'Cole', email, subject: 'Care question', message: secret },
    });
    expect(enquiry.statusCode, enquiry.body).toBe(201);

    // Someone else registers the address later (confirmed, even) and downloads "their" data.
    const other = await t.register({ email });
    const exported = await t.injectAs(other.cookie, { method: 'POST', url: '/api/settings/export' });
    expect(exported.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    const everything = Object.values(files)
      .map((file) => strFromU8(file))
      .join('\n');
    expect(everything).not.toContain(secret);
    expect(files['contact-enquiries.json']).toBeUndefined();
    // Nor the acknowledgement emailed to the address before the account existed.
    const sent = JSON.parse(strFromU8(files['emails-sent.json']!)) as Array<{ subject: string }>;
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((row) => !row.subject.includes('We have received your message'))).toBe(true);

    // Deleting that account leaves the enquiry (it was not the account's) in place.
    const deleted = await t.injectAs(other.cookie, {
      method: 'DELETE',
      url: '/api/settings/account',
      payload: { password: TEST_PASSWORD, confirmation: DELETE_CONFIRMATION_WORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(contactEnquiries)
      .where(eq(contactEnquiries.email, email));
    expect(row?.message).toBe(secret);
  });
});
