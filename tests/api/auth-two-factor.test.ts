import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@contracts/errors';
import { LOGIN_MAX_FAILURES } from '@contracts/limits';
import { SETTINGS_MESSAGES } from '@contracts/settings';
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_ATTEMPTS_PER_CHALLENGE,
  TWO_FACTOR_MAX_FAILURES,
  TWO_FACTOR_MESSAGES,
} from '@contracts/auth-two-factor';
import {
  auditLog,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  twoFactorSecrets,
  users,
} from '../../src/server/db/schema';
import { createSignInThrottle } from '../../src/server/features/auth/sign-in-throttle';
import { createRateLimiter } from '../../src/server/platform/rate-limit';
import { createLoginFailureRepository } from '../../src/server/features/auth/login-failure.repository';
import { createTwoFactorRepository } from '../../src/server/features/auth/two-factor.repository';
import { createTwoFactorService } from '../../src/server/features/auth/two-factor.service';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import {
  createTestApp,
  sessionCookieFrom,
  TEST_PASSWORD,
  type TestApp,
  PRODUCTION_TEST_ENV,
} from '../support/test-app';

// Two-factor sign-in (decision 0012). The acceptance line "two-factor cannot be skipped by
// calling later steps directly" is the describe block of that name.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  // No secret, hash or recovery code hash ever leaves the server except where shown once.
  for (const body of t.bodies) expect(body).not.toMatch(/\$argon2|secretEncrypted|secret_encrypted|codeHash/);
  await t.close();
});

let addressCounter = 0;
const nextAddress = () => `203.0.113.${(addressCounter += 1) % 250}`;

/** The code the app would show now, or `steps` periods later (the server accepts ±1). */
const appCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

function challengeCookieFrom(app: TestApp, response: LightMyRequestResponse): string {
  const name = app.config.session.secureCookie ? '__Host-cm_2fa' : 'cm_2fa';
  const cookie = response.cookies.find((c) => c.name === name && c.value !== '');
  if (!cookie) throw new Error(`no challenge cookie in ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

const login = (app: TestApp, email: string, password = TEST_PASSWORD) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: nextAddress(),
  });
const verify = (app: TestApp, cookie: string | undefined, code: string) =>
  app.injectAs(cookie, { method: 'POST', url: '/api/auth/two-factor/verify', payload: { code } });
const me = (cookie: string) => t.injectAs(cookie, { method: 'GET', url: '/api/auth/user' });

/** Turns two-factor on for a signed-in account; returns the key and the recovery codes. */
async function enrol(app: TestApp, cookie: string): Promise<{ secret: string; codes: string[] }> {
  const setup = await app.injectAs(cookie, { method: 'POST', url: '/api/settings/two-factor/setup' });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const enable = await app.injectAs(cookie, {
    method: 'POST',
    url: '/api/settings/two-factor/enable',
    payload: { code: appCode(secret), currentPassword: TEST_PASSWORD },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  return { secret, codes: enable.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** A customer with two-factor on, signed out: the email, key and recovery codes. */
async function enrolledCustomer() {
  const { user, cookie } = await t.register();
  const enrolled = await enrol(t, cookie);
  return { user, cookie, ...enrolled };
}

describe('turning two-factor on from settings', () => {
  it('shows a key, its otpauth URL and QR code, and turns on with the first code and 10 recovery codes', async () => {
    const { user, cookie } = await t.register();
    const before = await t.injectAs(cookie, { method: 'GET', url: '/api/settings/two-factor' });
    expect(before.json()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });

    const setup = await t.injectAs(cookie, { method: 'POST', url: '/api/settings/two-factor/setup' });
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const enrolment = setup.json<{ secret: string; otpauthUrl: string; qrCodeDataUrl: string }>();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(enrolment.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(enrolment.secret);
    expect(url.searchParams.get('issuer')).toBe('CareMatch');
    expect(decodeURIComponent(url.pathname)).toContain(user.email);
    expect(enrolment.qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(enrolment.qrCodeDataUrl.split(',')[1]!, 'base64').toString();
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(svg).not.toMatch(/<script|on\w+=/i);

    // The key is stored encrypted, never as written.
    const [stored] = await t.database.db
      .select()
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, user.id));
    expect(stored!.secretEncrypted).not.toContain(enrolment.secret);
    expect(stored!.enabledAt).toBeNull();

    // Pending, sign-in is not yet affected.
    expect((await login(t, user.email)).statusCode).toBe(200);

    const wrong = await t.injectAs(cookie, {
      method: 'POST',
      url: '/api/settings/two-factor/enable',
      payload: { code: appCode(enrolment.secret, 5), currentPassword: TEST_PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ code: TWO_FACTOR_MESSAGES.codeWrong });

    const enable = await t.injectAs(cookie, {
      method: 'POST',
      url: '/api/settings/two-factor/enable',
      payload: {
        code: ` ${appCode(enrolment.secret).replace(/(\d{3})/, '$1 ')} `,
        currentPassword: TEST_PASSWORD,
      },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const codes = enable.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Only their HMACs are kept.
    const hashes = await t.database.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(hashes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const row of hashes)
      for (const code of codes) expect(row.codeHash).not.toContain(code.replace('-', ''));

    const after = (await t.injectAs(cookie, { method: 'GET', url: '/api/settings/two-factor' })).json();
    expect(after).toMatchObject({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT, required: false });
    expect(Date.parse(after.enabledAt)).not.toBeNaN();

    const again = await t.injectAs(cookie, { method: 'POST', url: '/api/settings/two-factor/setup' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.alreadyOn);

    const notice = (await t.outbox()).filter(
      (e) => e.toAddress === user.email && /Two-factor sign-in is on/.test(e.subject),
    );
    expect(notice).toHaveLength(1);
  });

  it('refuses a malformed code with the field message, and enabling without a set-up with 409', async () => {
    const { cookie } = await t.register();
    for (const code of ['', '12345', '1234567', 'abc', '<script>']) {
      const response = await t.injectAs(cookie, {
        method: 'POST',
        url: '/api/settings/two-factor/enable',
        payload: { code, currentPassword: TEST_PASSWORD },
      });
      expect(response.statusCode, code).toBe(400);
      expect(response.json().fieldErrors.code).toBeDefined();
    }
    const response = await t.injectAs(cookie, {
      method: 'POST',
      url: '/api/settings/two-factor/enable',
      payload: { code: '123456', currentPassword: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(TWO_FACTOR_MESSAGES.noEnrolment);
  });

  it('needs a signed-in user for every settings call', async () => {
    for (const [method, url] of [
      ['GET', '/api/settings/two-factor'],
      ['POST', '/api/settings/two-factor/setup'],
      ['POST', '/api/settings/two-factor/enable'],
      ['POST', '/api/settings/two-factor/recovery-codes'],
      ['DELETE', '/api/settings/two-factor'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: { code: '123456', currentPassword: 'x' } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('signing in with two-factor on', () => {
  it('asks for a code after the password (202, no session), then signs in with it', async () => {
    const { user, secret } = await enrolledCustomer();
    const first = await login(t, user.email);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ twoFactor: 'code' });
    expect(first.cookies.find((c) => c.name === t.config.session.cookieName)).toBeUndefined();
    const challenge = challengeCookieFrom(t, first);
    expect(first.cookies.find((c) => c.name === 'cm_2fa')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });

    const step = await t.injectAs(challenge, { method: 'GET', url: '/api/auth/two-factor' });
    expect(step.json()).toEqual({ twoFactor: 'code' });

    const done = await verify(t, challenge, appCode(secret, 1));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ user: { id: user.id, email: user.email }, recoveryCodes: null });
    const session = sessionCookieFrom(t.config, done);
    expect((await me(session)).statusCode).toBe(200);
    // The challenge cookie is cleared and the challenge gone.
    expect(done.cookies.find((c) => c.name === 'cm_2fa')?.value).toBe('');
    expect((await verify(t, challenge, appCode(secret, 1))).statusCode).toBe(401);
  });

  it('takes a recovery code once', async () => {
    const { user, codes, cookie } = await enrolledCustomer();
    const challenge = challengeCookieFrom(t, await login(t, user.email));
    const done = await verify(t, challenge, codes[3]!.toUpperCase().replace('-', ' '));
    expect(done.statusCode, done.body).toBe(200);
    const status = await t.injectAs(cookie, { method: 'GET', url: '/api/settings/two-factor' });
    expect(status.json().recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);

    const again = challengeCookieFrom(t, await login(t, user.email));
    const reused = await verify(t, again, codes[3]!);
    expect(reused.statusCode).toBe(400);
    // Said as it is: spent already, use another, not "not right".
    expect(reused.json().fieldErrors.code).toBe(TWO_FACTOR_MESSAGES.recoveryCodeUsed);
    const made = await verify(t, again, 'abcde-23456');
    expect(made.json().fieldErrors.code).toBe(TWO_FACTOR_MESSAGES.recoveryCodeWrong);
    expect((await verify(t, again, codes[4]!)).statusCode).toBe(200);
  });

  it('refuses a code used once already (replay), and another account’s code', async () => {
    const { user, secret } = await enrolledCustomer();
    const other = await enrolledCustomer();
    const code = appCode(secret, 1);
    const first = await verify(t, challengeCookieFrom(t, await login(t, user.email)), code);
    expect(first.statusCode).toBe(200);
    const challenge = challengeCookieFrom(t, await login(t, user.email));
    // The same code again says so, not "not right".
    const replayed = await verify(t, challenge, code);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().fieldErrors).toEqual({ code: TWO_FACTOR_MESSAGES.codeUsed });
    const others = await verify(t, challenge, appCode(other.secret, 1));
    expect(others.statusCode).toBe(400);
    expect(others.json().fieldErrors).toEqual({ code: TWO_FACTOR_MESSAGES.codeWrong });
    // An earlier step than the last one used is refused too, as used.
    const earlier = await verify(t, challenge, appCode(secret, 0));
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().fieldErrors).toEqual({ code: TWO_FACTOR_MESSAGES.codeUsed });
  });

  it('ends a sign-in after 5 wrong codes, and locks the second step after 10 across sign-ins', async () => {
    const { user, secret } = await enrolledCustomer();
    const wrong = appCode(secret, 10);
    const challenge = challengeCookieFrom(t, await login(t, user.email));
    for (let attempt = 1; attempt < TWO_FACTOR_ATTEMPTS_PER_CHALLENGE; attempt += 1) {
      expect((await verify(t, challenge, wrong)).statusCode).toBe(400);
    }
    const last = await verify(t, challenge, wrong);
    expect(last.statusCode).toBe(401);
    expect(last.json().message).toBe(TWO_FACTOR_MESSAGES.challengeAttemptsUsed);
    // The challenge is gone: even the right code cannot use it.
    expect((await verify(t, challenge, appCode(secret, 1))).json().message).toBe(
      TWO_FACTOR_MESSAGES.challengeExpired,
    );

    const second = challengeCookieFrom(t, await login(t, user.email));
    for (
      let failures = TWO_FACTOR_ATTEMPTS_PER_CHALLENGE + 1;
      failures < TWO_FACTOR_MAX_FAILURES;
      failures += 1
    ) {
      expect((await verify(t, second, wrong)).statusCode).toBe(400);
    }
    const locked = await verify(t, second, wrong);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(TWO_FACTOR_MESSAGES.tooManyAttempts);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // While locked, a new sign-in with the right code is refused as well.
    const third = challengeCookieFrom(t, await login(t, user.email));
    expect((await verify(t, third, appCode(secret, 1))).statusCode).toBe(429);
  });

  it('expires a half-done sign-in after its ten minutes', async () => {
    const { user, secret } = await enrolledCustomer();
    const challenge = challengeCookieFrom(t, await login(t, user.email));
    await t.database.db
      .update(twoFactorChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(twoFactorChallenges.userId, user.id));
    const response = await verify(t, challenge, appCode(secret, 1));
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    expect((await t.injectAs(challenge, { method: 'GET', url: '/api/auth/two-factor' })).statusCode).toBe(
      401,
    );
  });

  it('refuses the second step of an account suspended between the two steps', async () => {
    const { user, secret } = await enrolledCustomer();
    const challenge = challengeCookieFrom(t, await login(t, user.email));
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    const response = await verify(t, challenge, appCode(secret, 1));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ERROR_MESSAGES.accountSuspended);
    expect(response.cookies.find((c) => c.name === t.config.session.cookieName)).toBeUndefined();
  });
});

describe('two-factor cannot be skipped by calling later steps directly', () => {
  it('gives nothing signed-in to the half-done sign-in', async () => {
    const { user } = await enrolledCustomer();
    const first = await login(t, user.email);
    const challenge = challengeCookieFrom(t, first);
    const token = challenge.split('=')[1]!;
    // The challenge cookie, or its token put in the session cookie, is no session.
    for (const cookie of [challenge, `${t.config.session.cookieName}=${token}`]) {
      for (const [method, url] of [
        ['GET', '/api/auth/user'],
        ['GET', '/api/settings/sessions'],
        ['GET', '/api/settings/two-factor'],
        ['GET', '/api/conversations'],
        ['POST', '/api/settings/export'],
      ] as const) {
        expect((await t.injectAs(cookie, { method, url })).statusCode, `${method} ${url}`).toBe(401);
      }
      const disable = await t.injectAs(cookie, {
        method: 'DELETE',
        url: '/api/settings/two-factor',
        payload: { currentPassword: TEST_PASSWORD },
      });
      expect(disable.statusCode).toBe(401);
    }
    // No session row was made by the password step.
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from sessions where user_id = ${user.id}`,
    );
    const count = (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(count).toBe(1); // the registration's own
  });

  it('refuses the code step without a challenge, with a forged one, and the set-up step of a code challenge', async () => {
    const { user, secret } = await enrolledCustomer();
    expect((await verify(t, undefined, appCode(secret, 1))).statusCode).toBe(401);
    expect((await verify(t, 'cm_2fa=forged-token', appCode(secret, 1))).statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'GET', url: '/api/auth/two-factor' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    const challenge = challengeCookieFrom(t, await login(t, user.email));
    const setup = await t.injectAs(challenge, { method: 'POST', url: '/api/auth/two-factor/setup' });
    expect(setup.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/two-factor/setup' })).statusCode).toBe(401);
  });

  it('keeps asking for the code whatever session the browser had before', async () => {
    const { user, cookie } = await enrolledCustomer();
    const other = await t.register();
    // Signing in from a browser holding another account's session: that session ends, none starts.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { cookie: other.cookie },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(202);
    expect(response.cookies.find((c) => c.name === t.config.session.cookieName)).toBeUndefined();
    // The account's own earlier session (from registering) is untouched.
    expect((await me(cookie)).statusCode).toBe(200);
  });
});

describe('turning two-factor off and renewing recovery codes', () => {
  it('asks for the password, then signs in with the password alone', async () => {
    const { user, cookie } = await enrolledCustomer();
    const wrong = await t.injectAs(cookie, {
      method: 'DELETE',
      url: '/api/settings/two-factor',
      payload: { currentPassword: 'Not-The-Password-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ currentPassword: SETTINGS_MESSAGES.currentPasswordWrong });
    const off = await t.injectAs(cookie, {
      method: 'DELETE',
      url: '/api/settings/two-factor',
      payload: { currentPassword: TEST_PASSWORD },
    });
    expect(off.statusCode).toBe(204);
    expect(
      await t.database.db
        .select()
        .from(twoFactorRecoveryCodes)
        .where(eq(twoFactorRecoveryCodes.userId, user.id)),
    ).toHaveLength(0);
    expect((await login(t, user.email)).statusCode).toBe(200);
    const again = await t.injectAs(cookie, {
      method: 'DELETE',
      url: '/api/settings/two-factor',
      payload: { currentPassword: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(409);
  });

  it('counts wrong passwords as failed sign-ins, so turning it off is no faster way to guess', async () => {
    const { cookie } = await enrolledCustomer();
    const disable = (currentPassword: string) =>
      t.injectAs(cookie, { method: 'DELETE', url: '/api/settings/two-factor', payload: { currentPassword } });
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt += 1) {
      expect((await disable('Not-The-Password-1')).statusCode).toBe(400);
    }
    const throttled = await disable('Not-The-Password-1');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toBe(ERROR_MESSAGES.tooManyLoginAttempts);
    // Even the right password waits, and two-factor stays on.
    expect((await disable(TEST_PASSWORD)).statusCode).toBe(429);
    const status = await t.injectAs(cookie, { method: 'GET', url: '/api/settings/two-factor' });
    expect(status.json().enabled).toBe(true);
  });

  it('ends a half-done sign-in when two-factor is turned off meanwhile', async () => {
    const { user, cookie, secret } = await enrolledCustomer();
    const challenge = challengeCookieFrom(t, await login(t, user.email));
    await t.injectAs(cookie, {
      method: 'DELETE',
      url: '/api/settings/two-factor',
      payload: { currentPassword: TEST_PASSWORD },
    });
    expect((await verify(t, challenge, appCode(secret, 1))).statusCode).toBe(401);
  });

  it('replaces the recovery codes: the old ones stop working', async () => {
    const { user, cookie, codes } = await enrolledCustomer();
    const renewed = await t.injectAs(cookie, {
      method: 'POST',
      url: '/api/settings/two-factor/recovery-codes',
      payload: { currentPassword: TEST_PASSWORD },
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh).not.toContain(codes[0]);
    const challenge = challengeCookieFrom(t, await login(t, user.email));
    expect((await verify(t, challenge, codes[0]!)).statusCode).toBe(400);
    expect((await verify(t, challenge, fresh[0]!)).statusCode).toBe(200);
  });
});

describe('admins', () => {
  it('go through the code step at /api/admin/login too (demo mode: optional)', async () => {
    const admin = await t.register({ email: `admin.${Date.now()}@example.org` });
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const status = await t.injectAs(admin.cookie, { method: 'GET', url: '/api/settings/two-factor' });
    expect(status.json().required).toBe(false);
    const { secret } = await enrol(t, admin.cookie);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: admin.user.email, password: TEST_PASSWORD },
      remoteAddress: nextAddress(),
    });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ twoFactor: 'code' });
    const done = await verify(t, challengeCookieFrom(t, first), appCode(secret, 1));
    expect(done.statusCode).toBe(200);
    expect(done.json().user.role).toBe('admin');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, admin.user.id));
    expect(audit.filter((row) => row.action === 'admin.signed-in')).toHaveLength(1);
  });

  it('must enrol at their first sign-in in production, and cannot turn it off there', async () => {
    const ADMIN_PASSWORD = 'Lantern-Orchard-Violet-77';
    const production = await createTestApp({
      ...PRODUCTION_TEST_ENV,
      ADMIN_EMAIL: 'ops@example.com',
      ADMIN_PASSWORD,
    });
    try {
      const adminLogin = () =>
        production.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username: 'ops@example.com', password: ADMIN_PASSWORD },
          remoteAddress: nextAddress(),
        });
      const first = await adminLogin();
      expect(first.statusCode, first.body).toBe(202);
      expect(first.json()).toEqual({ twoFactor: 'setup' });
      expect(first.cookies.find((c) => c.name === production.config.session.cookieName)).toBeUndefined();
      const challenge = challengeCookieFrom(production, first);
      expect(challenge.startsWith('__Host-cm_2fa=')).toBe(true);
      expect(first.cookies.find((c) => c.name === '__Host-cm_2fa')).toMatchObject({
        secure: true,
        httpOnly: true,
      });

      // The plain sign-in of the same account takes the same path.
      const viaLogin = await login(production, 'ops@example.com', ADMIN_PASSWORD);
      expect(viaLogin.statusCode).toBe(202);
      expect(viaLogin.json()).toEqual({ twoFactor: 'setup' });

      // A code before the QR code exists is refused; the step stays open.
      const early = await verify(production, challenge, '123456');
      expect(early.statusCode).toBe(409);
      const setup = await production.injectAs(challenge, {
        method: 'POST',
        url: '/api/auth/two-factor/setup',
      });
      expect(setup.statusCode).toBe(200);
      const { secret } = setup.json<{ secret: string }>();
      const done = await verify(production, challenge, appCode(secret));
      expect(done.statusCode, done.body).toBe(200);
      const body = done.json<{ user: { role: string }; recoveryCodes: string[] }>();
      expect(body.user.role).toBe('admin');
      expect(body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
      const session = sessionCookieFrom(production.config, done);

      const status = await production.injectAs(session, { method: 'GET', url: '/api/settings/two-factor' });
      expect(status.json()).toMatchObject({ enabled: true, required: true });
      const off = await production.injectAs(session, {
        method: 'DELETE',
        url: '/api/settings/two-factor',
        payload: { currentPassword: ADMIN_PASSWORD },
      });
      expect(off.statusCode).toBe(403);
      expect(off.json().message).toBe(TWO_FACTOR_MESSAGES.requiredForAdmins);

      // From now on the code step, as for everyone with two-factor on.
      const next = await adminLogin();
      expect(next.json()).toEqual({ twoFactor: 'code' });
      expect(
        (await verify(production, challengeCookieFrom(production, next), appCode(secret, 1))).statusCode,
      ).toBe(200);
    } finally {
      await production.close();
    }
  });

  it('in production, customers stay free to use a password alone', async () => {
    const production = await createTestApp({
      ...PRODUCTION_TEST_ENV,
    });
    try {
      const { user } = await production.register();
      expect((await login(production, user.email)).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});

describe('changing SESSION_SECRET', () => {
  /** The app as it runs after SESSION_SECRET changed, on the same database. */
  async function afterRotation(env: Record<string, string>) {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'r'.repeat(40),
      ...env,
    });
    const app = await buildApp({ config, database: t.database, storage: t.storage });
    await app.ready();
    const secondStep = async (email: string, code: string) => {
      const first = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: TEST_PASSWORD },
        remoteAddress: nextAddress(),
      });
      expect(first.statusCode, first.body).toBe(202);
      const challenge = first.cookies.find((c) => c.name === 'cm_2fa' && c.value !== '')!;
      return app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/verify',
        headers: { cookie: `${challenge.name}=${challenge.value}` },
        payload: { code },
      });
    };
    return { app, secondStep };
  }

  it('keeps two-factor working when TWO_FACTOR_SECRET holds the old secret, while sessions end', async () => {
    expect(t.config.twoFactorSecret).toBe(t.config.sessionSecret);
    const { user, cookie, secret, codes } = await enrolledCustomer();
    const rotated = await afterRotation({ TWO_FACTOR_SECRET: t.config.sessionSecret });
    try {
      expect((await rotated.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
      // The next step's code: this one was spent turning two-factor on.
      expect((await rotated.secondStep(user.email, appCode(secret, 1))).statusCode).toBe(200);
      expect((await rotated.secondStep(user.email, codes[0]!)).statusCode).toBe(200);
    } finally {
      await rotated.app.close();
    }
  });

  it('cannot read the two-factor keys without it (a server error, logged with the fix)', async () => {
    const { user, secret } = await enrolledCustomer();
    const rotated = await afterRotation({});
    try {
      const refused = await rotated.secondStep(user.email, appCode(secret, 1));
      expect(refused.statusCode).toBe(500);
      expect(refused.json()).toEqual({ message: ERROR_MESSAGES.internal });
    } finally {
      await rotated.app.close();
    }
  });
});

describe('data export, retention and deletion', () => {
  it('puts the two-factor dates in the data export, never the key or the codes', async () => {
    const { cookie, secret, codes } = await enrolledCustomer();
    const response = await t.injectAs(cookie, { method: 'POST', url: '/api/settings/export' });
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const rows = JSON.parse(strFromU8(files['two-factor.json']!)) as {
      kind: string;
      enabledAt: string | null;
    }[];
    expect(rows.filter((row) => row.kind === 'authenticator app')).toHaveLength(1);
    expect(rows.filter((row) => row.kind === 'recovery code')).toHaveLength(RECOVERY_CODE_COUNT);
    expect(files['two-factor.csv']).toBeDefined();
    const everything = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    expect(everything).not.toContain(secret);
    for (const code of codes) expect(everything).not.toContain(code);
  });

  it('deletes expired half-done sign-ins in housekeeping', async () => {
    const { user } = await enrolledCustomer();
    await login(t, user.email);
    await t.database.db
      .update(twoFactorChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(twoFactorChallenges.userId, user.id));
    const service = createTwoFactorService({
      repository: createTwoFactorRepository(t.database.db),
      db: t.database.db,
      signInThrottle: createSignInThrottle({
        rateLimiter: createRateLimiter(t.database.db, { secret: t.config.sessionSecret }),
        loginFailures: createLoginFailureRepository(t.database.db),
      }),
      mailer: t.app.mailer,
      secret: t.config.sessionSecret,
      keySecret: t.config.twoFactorSecret,
      mode: t.config.mode,
    });
    expect(await service.deleteExpiredChallenges()).toBeGreaterThanOrEqual(1);
    expect(
      await t.database.db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id)),
    ).toHaveLength(0);
  });

  it('removes every two-factor row with the account', async () => {
    const { user, cookie } = await enrolledCustomer();
    await login(t, user.email);
    const deleted = await t.injectAs(cookie, {
      method: 'DELETE',
      url: '/api/settings/account',
      payload: { password: TEST_PASSWORD, confirmation: 'DELETE' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const table of [twoFactorSecrets, twoFactorRecoveryCodes, twoFactorChallenges]) {
      expect(await t.database.db.select().from(table).where(eq(table.userId, user.id))).toHaveLength(0);
    }
  });
});
