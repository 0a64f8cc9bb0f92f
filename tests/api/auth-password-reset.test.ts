import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@contracts/auth';
import {
  PASSWORD_RESET_MAX_PER_HOUR,
  PASSWORD_RESET_TTL_MINUTES,
  SETTINGS_MESSAGES,
} from '@contracts/settings';
import { passwordResetTokens, users } from '../../src/server/db/schema';
import { createPasswordResetRepository } from '../../src/server/features/auth/password-reset.repository';
import { createTestApp, sessionCookieFrom, TEST_PASSWORD, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const body of t.bodies) expect(body).not.toMatch(/\$argon2|passwordHash|token_hash|tokenHash/);
  await t.close();
});

const NEW_PASSWORD = 'Granite-Lantern-Orchard-77';
let addressCounter = 0;
const nextAddress = () => `198.51.100.${(addressCounter += 1)}`;

const forgot = (email: string, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });
const reset = (token: string, newPassword = NEW_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: nextAddress(),
  });
const me = (cookie: string) => t.injectAs(cookie, { method: 'GET', url: '/api/auth/user' });

/** The token of the newest reset link emailed to `email`. */
async function resetTokenFor(email: string): Promise<string> {
  const emails = (await t.outbox()).filter(
    (e) => e.toAddress === email && /reset-password\?token=/.test(e.bodyText),
  );
  const last = emails.at(-1);
  if (!last) throw new Error(`no reset email to ${email}`);
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(last.bodyText);
  expect(last.bodyText).toContain(`${t.config.publicUrl}/reset-password?token=`);
  return decodeURIComponent(match![1]!);
}

describe('forgotten password: the request', () => {
  it('answers 202 with the same body whether or not the email has an account', async () => {
    const { user } = await t.register();
    const known = await forgot(user.email);
    const unknown = await forgot(`nobody.${Date.now()}@example.org`);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: SETTINGS_MESSAGES.resetRequestedBody });
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    expect(known.cookies).toHaveLength(0);
    // Only the known address was written to; the token is stored hashed.
    const token = await resetTokenFor(user.email);
    const [row] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBe(PASSWORD_RESET_TTL_MINUTES);
  });

  it('refuses a missing or malformed email with 400 and the field message', async () => {
    for (const payload of [{}, { email: 'not-an-email' }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors.email).toBeDefined();
    }
  });

  it(`limits requests to ${PASSWORD_RESET_MAX_PER_HOUR} an hour per network and per email (429)`, async () => {
    const address = nextAddress();
    for (let i = 0; i < PASSWORD_RESET_MAX_PER_HOUR; i += 1) {
      expect((await forgot(`flood${i}.${Date.now()}@example.org`, address)).statusCode).toBe(202);
    }
    const network = await forgot(`flood-last.${Date.now()}@example.org`, address);
    expect(network.statusCode).toBe(429);
    expect(network.json()).toEqual({ message: SETTINGS_MESSAGES.tooManyResetRequests });
    expect(Number(network.headers['retry-after'])).toBeGreaterThan(0);

    const { user } = await t.register();
    for (let i = 0; i < PASSWORD_RESET_MAX_PER_HOUR; i += 1) {
      expect((await forgot(user.email)).statusCode).toBe(202);
    }
    // Another network, the same (known) address: still 429, and the same for an unknown address.
    expect((await forgot(user.email.toUpperCase())).statusCode).toBe(429);
    const stranger = `stranger.${Date.now()}@example.org`;
    for (let i = 0; i < PASSWORD_RESET_MAX_PER_HOUR; i += 1) await forgot(stranger);
    const strangerAnswer = await forgot(stranger);
    expect(strangerAnswer.statusCode).toBe(429);
    expect(strangerAnswer.body).toBe(network.body);
  });
});

describe('forgotten password: the reset', () => {
  it('sets the password once, ends every session and does not sign in', async () => {
    const { user, cookie } = await t.register();
    const second = sessionCookieFrom(t.config, await login(user.email, TEST_PASSWORD));
    await forgot(user.email);
    const token = await resetTokenFor(user.email);

    const response = await reset(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SETTINGS_MESSAGES.passwordResetBody });
    expect(response.cookies).toHaveLength(0);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);

    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    // A notice goes to the account's address.
    expect((await t.outbox()).some((e) => e.toAddress === user.email && /was reset/.test(e.subject))).toBe(
      true,
    );

    const again = await reset(token, 'Another-Quiet-Harbour-19');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: SETTINGS_MESSAGES.resetLinkInvalid,
      fieldErrors: { token: SETTINGS_MESSAGES.resetLinkInvalid },
    });
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('voids the account’s other outstanding links when one is used', async () => {
    const { user } = await t.register();
    await forgot(user.email);
    const first = await resetTokenFor(user.email);
    await forgot(user.email);
    const second = await resetTokenFor(user.email);
    expect(second).not.toBe(first);
    expect((await reset(second)).statusCode).toBe(200);
    expect((await reset(first, 'Another-Quiet-Harbour-19')).statusCode).toBe(400);
  });

  it('refuses an expired link', async () => {
    const { user } = await t.register();
    await forgot(user.email);
    const token = await resetTokenFor(user.email);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, user.id));
    expect((await reset(token)).statusCode).toBe(400);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous uses of a token succeed', async () => {
    const { user } = await t.register();
    await forgot(user.email);
    const token = await resetTokenFor(user.email);
    const answers = await Promise.all([reset(token, NEW_PASSWORD), reset(token, 'Another-Quiet-Harbour-19')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a weak new password without spending the token', async () => {
    const { user } = await t.register();
    await forgot(user.email);
    const token = await resetTokenFor(user.email);
    const weak = await reset(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      message: AUTH_MESSAGES.passwordTooCommon,
      fieldErrors: { newPassword: AUTH_MESSAGES.passwordTooCommon },
    });
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.newPassword).toBe(AUTH_MESSAGES.passwordTooShort);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('refuses unknown and missing tokens with 400', async () => {
    expect((await reset('made-up-token')).json().message).toBe(SETTINGS_MESSAGES.resetLinkInvalid);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: NEW_PASSWORD },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.token).toBeDefined();
  });

  it('lets an account without a password (OpenID Connect only) set one', async () => {
    const { user } = await t.register();
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    await forgot(user.email);
    expect((await reset(await resetTokenFor(user.email))).statusCode).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('sign-in does not reveal whether an email exists', () => {
  it('answers an unknown email and a wrong password alike', async () => {
    const { user } = await t.register();
    const wrong = await login(user.email, 'Not-The-Password-123');
    const unknown = await login(`ghost.${Date.now()}@example.org`, 'Not-The-Password-123');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
  });
});

describe('retention', () => {
  it('deletes reset tokens a day past their expiry or use, and keeps live ones', async () => {
    const { user } = await t.register();
    const hour = 3_600_000;
    const now = Date.now();
    const row = (tokenHash: string, expiresAgoMs: number, usedAgoMs?: number) => ({
      userId: user.id,
      tokenHash,
      createdAt: new Date(now - expiresAgoMs - hour),
      expiresAt: new Date(now - expiresAgoMs),
      usedAt: usedAgoMs === undefined ? null : new Date(now - usedAgoMs),
    });
    await t.database.db
      .insert(passwordResetTokens)
      .values([
        row('retention-expired-long-ago', 25 * hour),
        row('retention-used-long-ago', -hour, 25 * hour),
        row('retention-expired-recently', hour),
        row('retention-live', -hour),
      ]);
    const deleted = await createPasswordResetRepository(t.database.db).deleteStale(new Date(now - 24 * hour));
    expect(deleted).toBeGreaterThanOrEqual(2);
    const left = await t.database.db
      .select({ tokenHash: passwordResetTokens.tokenHash })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(left.map((r) => r.tokenHash).sort()).toEqual(['retention-expired-recently', 'retention-live']);
  });
});
