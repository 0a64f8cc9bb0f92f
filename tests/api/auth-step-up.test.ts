import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@contracts/errors';
import { STEP_UP_FRESH_SIGN_IN_MINUTES } from '@contracts/limits';
import { SETTINGS_MESSAGES } from '@contracts/settings';
import { sessions, twoFactorChallenges, twoFactorSecrets, users } from '../../src/server/db/schema';
import { createTestApp, sessionCookieFrom, TEST_PASSWORD, type TestApp } from '../support/test-app';

// Decision 0017: every change to how an account signs in asks for the current password (or, for
// an account without one, a fresh sign-in), so a stolen session cannot make it; a password reset by
// email does not turn two-factor off.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let address = 0;
const nextAddress = () => `192.0.2.${(address += 1)}`;
const NEW_PASSWORD = 'Granite-Lantern-Orchard-77';

const appCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

const login = (email: string, password = TEST_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: nextAddress(),
  });

/** A second session of the same account: what a thief holds after stealing a cookie. */
async function secondSession(email: string): Promise<string> {
  const response = await login(email);
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookieFrom(t.config, response);
}

const setup = async (cookie: string) => {
  const response = await t.injectAs(cookie, { method: 'POST', url: '/api/settings/two-factor/setup' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ secret: string }>().secret;
};

const enable = (cookie: string, payload: Record<string, unknown>) =>
  t.injectAs(cookie, { method: 'POST', url: '/api/settings/two-factor/enable', payload });

const status = async (cookie: string) =>
  (await t.injectAs(cookie, { method: 'GET', url: '/api/settings/two-factor' })).json<{ enabled: boolean }>();

function expectPasswordRefused(response: LightMyRequestResponse, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().fieldErrors).toMatchObject({ currentPassword: message });
}

describe('turning two-factor on', () => {
  it('cannot be done by a stolen session without the password', async () => {
    const { user, cookie: owner } = await t.register();
    const thief = await secondSession(user.email);
    const secret = await setup(thief);

    const missing = await enable(thief, { code: appCode(secret) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.currentPassword).toBeDefined();
    expectPasswordRefused(
      await enable(thief, { code: appCode(secret), currentPassword: 'Guessed-Password-1' }),
      SETTINGS_MESSAGES.currentPasswordWrong,
    );
    expect((await status(owner)).enabled).toBe(false);
    // The owner still signs in with the password alone.
    expect((await login(user.email)).statusCode).toBe(200);

    // With the password it turns on.
    const enabled = await enable(thief, { code: appCode(secret), currentPassword: TEST_PASSWORD });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await status(owner)).enabled).toBe(true);
  });

  it('checks the password before the code, so a right code alone gives nothing', async () => {
    const { user, cookie } = await t.register();
    const secret = await setup(cookie);
    expectPasswordRefused(
      await enable(cookie, { code: appCode(secret), currentPassword: 'Not-The-Password-9' }),
      SETTINGS_MESSAGES.currentPasswordWrong,
    );
    const [row] = await t.database.db
      .select()
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, user.id));
    expect(row?.enabledAt).toBeNull();
    expect((await status(cookie)).enabled).toBe(false);
  });
});

describe('every other change to how the account signs in', () => {
  it.each([
    ['POST', '/api/settings/two-factor/recovery-codes', {}],
    ['DELETE', '/api/settings/two-factor', {}],
    ['POST', '/api/settings/email', { newEmail: 'stolen.inbox@example.org' }],
    ['POST', '/api/settings/password', { newPassword: NEW_PASSWORD }],
  ] as const)('%s %s asks for the current password', async (method, url, rest) => {
    const { user } = await t.register();
    const thief = await secondSession(user.email);
    const withoutPassword = await t.injectAs(thief, { method, url, payload: { ...rest } });
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json().fieldErrors.currentPassword).toBeDefined();
    const wrong = await t.injectAs(thief, {
      method,
      url,
      payload: { ...rest, currentPassword: 'Guessed-Password-1' },
    });
    expectPasswordRefused(wrong, SETTINGS_MESSAGES.currentPasswordWrong);
  });
});

describe('an account without a password (OpenID Connect only)', () => {
  async function passwordless() {
    const { user, cookie } = await t.register();
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    return { user, cookie };
  }
  const ageSession = (userId: string, minutes: number) =>
    t.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(sessions.userId, userId));

  it('makes the change right after signing in, whatever is typed as the password', async () => {
    const { cookie } = await passwordless();
    const secret = await setup(cookie);
    const enabled = await enable(cookie, { code: appCode(secret), currentPassword: 'anything' });
    expect(enabled.statusCode, enabled.body).toBe(200);
  });

  it(`asks to sign in again when the session began over ${STEP_UP_FRESH_SIGN_IN_MINUTES} minutes ago (403)`, async () => {
    const { user, cookie } = await passwordless();
    const secret = await setup(cookie);
    await ageSession(user.id, STEP_UP_FRESH_SIGN_IN_MINUTES + 1);
    const refused = await enable(cookie, { code: appCode(secret), currentPassword: 'anything' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ERROR_MESSAGES.signInAgainToChange });
    expect((await status(cookie)).enabled).toBe(false);
    const email = await t.injectAs(cookie, {
      method: 'POST',
      url: '/api/settings/email',
      payload: { newEmail: 'elsewhere@example.org', currentPassword: 'anything' },
    });
    expect(email.statusCode).toBe(403);
  });
});

describe('a password reset by email', () => {
  async function resetTokenFor(email: string): Promise<string> {
    const sent = (await t.outbox()).filter(
      (e) => e.toAddress === email && /reset-password\?token=/.test(e.bodyText),
    );
    const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(sent.at(-1)!.bodyText);
    return decodeURIComponent(match![1]!);
  }

  it('leaves two-factor on, and ends half-done sign-ins that got past the old password', async () => {
    const { user, cookie } = await t.register();
    const secret = await setup(cookie);
    expect((await enable(cookie, { code: appCode(secret), currentPassword: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    // Someone who knows the old password is at the code step.
    expect((await login(user.email)).statusCode).toBe(202);

    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: nextAddress(),
    });
    expect(forgot.statusCode).toBe(202);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: await resetTokenFor(user.email), newPassword: NEW_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    expect(
      await t.database.db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id)),
    ).toHaveLength(0);
    const [row] = await t.database.db
      .select()
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, user.id));
    expect(row?.enabledAt).not.toBeNull();
    // The new password leads to the code step, not to a session.
    const signIn = await login(user.email, NEW_PASSWORD);
    expect(signIn.statusCode).toBe(202);
    expect(signIn.json()).toEqual({ twoFactor: 'code' });
    expect(
      signIn.cookies.find((c) => c.name === t.config.session.cookieName && c.value !== ''),
    ).toBeUndefined();
  });
});
