import type * as Argon2 from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TOASTS } from '@contracts/admin';
import { ERROR_MESSAGES } from '@contracts/errors';
import { LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_NETWORK } from '@contracts/limits';
import { SETTINGS_MESSAGES } from '@contracts/settings';
import {
  TWO_FACTOR_ATTEMPTS_PER_CHALLENGE,
  TWO_FACTOR_MAX_FAILURES,
  TWO_FACTOR_MESSAGES,
} from '@contracts/auth-two-factor';
import { twoFactorSecrets, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/features/auth/password';
import { createTestApp, sessionCookieFrom, TEST_PASSWORD, type TestApp } from '../support/test-app';

// Decision 0017: every limit on a secret check reserves the attempt before the check, in the one
// statement that counts it, so a burst of parallel requests evaluates at most the limit. "Evaluated"
// is observed twice: by the answers (at most the limit are anything but 429), and by counting the
// library calls that check a secret (argon2 verify, TOTP validate), wrapped without changing them.

const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof Argon2>();
  return {
    ...actual,
    verify: (...args: Parameters<typeof actual.verify>) => {
      argon2.verifications += 1;
      return actual.verify(...args);
    },
  };
});

const BURST = 60;

let t: TestApp;
let passwordHash: string;
beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPassword(TEST_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

let totpChecks: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  argon2.verifications = 0;
  totpChecks?.mockRestore();
  totpChecks = vi.spyOn(TOTP.prototype, 'validate');
});

// Each test its own client network, so one test's counters never reach another's.
let network = 0;
const nextAddress = () => `198.51.${(network += 1)}.7`;

let accounts = 0;
/** A customer (or admin) with TEST_PASSWORD, made directly: 60 registrations would be slow. */
async function account(role: 'customer' | 'admin' = 'customer') {
  accounts += 1;
  const [user] = await t.database.db
    .insert(users)
    .values({
      email: `throttle.${accounts}.${role}@example.org`,
      passwordHash,
      role,
      firstName: 'Throttle',
      lastName: `Person${accounts}`,
    })
    .returning();
  return user!;
}

const signIn = (email: string, password: string, remoteAddress: string, url = '/api/auth/login') =>
  t.app.inject({
    method: 'POST',
    url,
    payload: url === '/api/auth/login' ? { email, password } : { username: email, password },
    remoteAddress,
  });

const statuses = (responses: LightMyRequestResponse[]) =>
  responses.reduce<Record<number, number>>((counts, response) => {
    counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
    return counts;
  }, {});

function expectThrottled(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ message: ERROR_MESSAGES.tooManyLoginAttempts });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

const wrong = (n: number) => `Wrong-guess-${n}-password`;

describe('sign-in under a parallel burst', () => {
  it(`checks at most ${LOGIN_MAX_FAILURES} of ${BURST} parallel wrong passwords for one account`, async () => {
    const user = await account();
    const address = nextAddress();
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, n) => signIn(user.email, wrong(n), address)),
    );
    expect(statuses(responses)).toEqual({ 401: LOGIN_MAX_FAILURES, 429: BURST - LOGIN_MAX_FAILURES });
    expect(argon2.verifications).toBe(LOGIN_MAX_FAILURES);
    for (const response of responses.filter((r) => r.statusCode === 429)) expectThrottled(response);
  });

  it('refuses the right password in a parallel burst once the limit is reached (59 wrong + 1 right)', async () => {
    const user = await account();
    const address = nextAddress();
    // The case: the attempts that used up the limit, then a burst with the right one last.
    for (let n = 0; n < LOGIN_MAX_FAILURES; n += 1) {
      expect((await signIn(user.email, wrong(n), address)).statusCode).toBe(401);
    }
    argon2.verifications = 0;
    const burst = [
      ...Array.from({ length: BURST - 1 }, (_, n) => signIn(user.email, wrong(100 + n), address)),
      signIn(user.email, TEST_PASSWORD, address),
    ];
    const responses = await Promise.all(burst);
    expect(statuses(responses)).toEqual({ 429: BURST });
    expect(argon2.verifications).toBe(0);
    expect(responses.at(-1)!.cookies.find((c) => c.name === t.config.session.cookieName)).toBeUndefined();
    // Another network is not locked out by this one's flood.
    expect((await signIn(user.email, TEST_PASSWORD, nextAddress())).statusCode).toBe(200);
  });

  it('never signs in the right password that arrives past the limit inside one burst', async () => {
    const user = await account();
    const address = nextAddress();
    const responses = await Promise.all([
      ...Array.from({ length: BURST - 1 }, (_, n) => signIn(user.email, wrong(n), address)),
      signIn(user.email, TEST_PASSWORD, address),
    ]);
    const right = responses.at(-1)!;
    const wrongOnes = statuses(responses.slice(0, -1));
    if (right.statusCode === 429) {
      // The right one came after the limit: refused like the rest, at most the limit checked.
      expectThrottled(right);
      expect(wrongOnes[401]).toBe(LOGIN_MAX_FAILURES);
      expect(argon2.verifications).toBe(LOGIN_MAX_FAILURES);
    } else {
      // It was among the first LOGIN_MAX_FAILURES reserved, so it was within the limit; a success
      // forgives only the attempts counted before it, never more than the limit in all before it.
      expect(right.statusCode).toBe(200);
      expect(wrongOnes[401]! + 1).toBeLessThanOrEqual(2 * LOGIN_MAX_FAILURES);
    }
  });

  it('holds the admin sign-in to the same limit', async () => {
    const admin = await account('admin');
    const address = nextAddress();
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, n) => signIn(admin.email, wrong(n), address, '/api/admin/login')),
    );
    expect(statuses(responses)).toEqual({ 401: LOGIN_MAX_FAILURES, 429: BURST - LOGIN_MAX_FAILURES });
    expect(argon2.verifications).toBe(LOGIN_MAX_FAILURES);
    for (const response of responses) {
      if (response.statusCode === 401)
        expect(response.json()).toEqual({ message: ADMIN_TOASTS.loginFailedBody });
      else expectThrottled(response);
    }
    // Past the limit even the right password waits.
    expectThrottled(await signIn(admin.email, TEST_PASSWORD, address, '/api/admin/login'));
  });
});

describe('password spraying from one network', () => {
  it(`checks at most ${LOGIN_MAX_FAILURES_PER_NETWORK} of ${BURST} accounts tried with one password`, async () => {
    const targets: Awaited<ReturnType<typeof account>>[] = [];
    for (let n = 0; n < BURST; n += 1) targets.push(await account());
    const address = nextAddress();
    const responses = await Promise.all(
      targets.map((user) => signIn(user.email, 'Summer-2025-password', address)),
    );
    expect(statuses(responses)).toEqual({
      401: LOGIN_MAX_FAILURES_PER_NETWORK,
      429: BURST - LOGIN_MAX_FAILURES_PER_NETWORK,
    });
    expect(argon2.verifications).toBe(LOGIN_MAX_FAILURES_PER_NETWORK);
    for (const response of responses.filter((r) => r.statusCode === 429)) expectThrottled(response);
    // The network stays held, whoever signs in from it; other networks do not notice.
    expectThrottled(await signIn(targets[0]!.email, TEST_PASSWORD, address));
    expect((await signIn(targets[0]!.email, TEST_PASSWORD, nextAddress())).statusCode).toBe(200);
  });

  it('counts failures only: many people signing in from one network are not held', async () => {
    const address = nextAddress();
    const people: Awaited<ReturnType<typeof account>>[] = [];
    for (let n = 0; n < LOGIN_MAX_FAILURES_PER_NETWORK + 5; n += 1) people.push(await account());
    for (const person of people) {
      expect((await signIn(person.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    }
    // A few typos among them still leave room for the rest.
    for (const person of people.slice(0, 5)) {
      expect((await signIn(person.email, wrong(1), address)).statusCode).toBe(401);
    }
    expect((await signIn(people[5]!.email, TEST_PASSWORD, address)).statusCode).toBe(200);
  });

  it('counts a whole IPv6 /64 as one network', async () => {
    const targets: Awaited<ReturnType<typeof account>>[] = [];
    for (let n = 0; n < LOGIN_MAX_FAILURES_PER_NETWORK + 1; n += 1) targets.push(await account());
    const responses = await Promise.all(
      targets.map((user, n) =>
        signIn(user.email, 'Summer-2025-password', `2001:db8:77:1::${(n + 1).toString(16)}`),
      ),
    );
    expect(statuses(responses)).toEqual({ 401: LOGIN_MAX_FAILURES_PER_NETWORK, 429: 1 });
  });
});

describe('the current password in Settings under a parallel burst', () => {
  it(`checks at most ${LOGIN_MAX_FAILURES} of ${BURST} parallel wrong current passwords`, async () => {
    const { cookie } = await t.register();
    argon2.verifications = 0;
    const address = nextAddress();
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, n) =>
        t.injectAs(cookie, {
          method: 'POST',
          url: '/api/settings/password',
          payload: { currentPassword: wrong(n), newPassword: 'Granite-Lantern-Orchard-77' },
          remoteAddress: address,
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 400: LOGIN_MAX_FAILURES, 429: BURST - LOGIN_MAX_FAILURES });
    expect(argon2.verifications).toBe(LOGIN_MAX_FAILURES);
    for (const response of responses) {
      if (response.statusCode === 400) {
        expect(response.json().fieldErrors).toEqual({
          currentPassword: SETTINGS_MESSAGES.currentPasswordWrong,
        });
      } else expectThrottled(response);
    }
  });

  it('does not count a right current password as a failure', async () => {
    const { cookie } = await t.register();
    const address = nextAddress();
    for (let n = 0; n < LOGIN_MAX_FAILURES + 2; n += 1) {
      const response = await t.injectAs(cookie, {
        method: 'DELETE',
        url: '/api/settings/two-factor',
        payload: { currentPassword: TEST_PASSWORD },
        remoteAddress: address,
      });
      // Right password, but two-factor is not on: the password was checked and passed.
      expect(response.statusCode).toBe(409);
    }
  });
});

describe('two-factor codes under a parallel burst', () => {
  const appCode = (secret: string, steps = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: Date.now() + steps * 30_000,
    });

  async function enrolled() {
    const { user, cookie } = await t.register();
    const setup = await t.injectAs(cookie, { method: 'POST', url: '/api/settings/two-factor/setup' });
    const { secret } = setup.json<{ secret: string }>();
    const enable = await t.injectAs(cookie, {
      method: 'POST',
      url: '/api/settings/two-factor/enable',
      payload: { code: appCode(secret), currentPassword: TEST_PASSWORD },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    return { user, secret };
  }

  async function challenge(email: string): Promise<string> {
    const response = await signIn(email, TEST_PASSWORD, nextAddress());
    expect(response.statusCode, response.body).toBe(202);
    const name = t.config.session.secureCookie ? '__Host-cm_2fa' : 'cm_2fa';
    const cookie = response.cookies.find((c) => c.name === name && c.value !== '');
    return `${cookie!.name}=${cookie!.value}`;
  }

  const verify = (cookie: string, code: string) =>
    t.injectAs(cookie, { method: 'POST', url: '/api/auth/two-factor/verify', payload: { code } });

  const failedCount = async (userId: string) =>
    (await t.database.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)))[0]!
      .failedCount;

  it(`checks at most ${TWO_FACTOR_ATTEMPTS_PER_CHALLENGE} of ${BURST} parallel wrong codes on one sign-in`, async () => {
    const { user, secret } = await enrolled();
    const cookie = await challenge(user.email);
    totpChecks.mockClear();
    const responses = await Promise.all(
      Array.from({ length: BURST }, () => verify(cookie, appCode(secret, 10))),
    );
    expect(totpChecks).toHaveBeenCalledTimes(TWO_FACTOR_ATTEMPTS_PER_CHALLENGE);
    expect(await failedCount(user.id)).toBe(TWO_FACTOR_ATTEMPTS_PER_CHALLENGE);
    const counts = statuses(responses);
    expect(counts[400]).toBe(TWO_FACTOR_ATTEMPTS_PER_CHALLENGE - 1);
    expect(counts[401]).toBe(BURST - (TWO_FACTOR_ATTEMPTS_PER_CHALLENGE - 1));
    expect(counts[200]).toBeUndefined();
    // The sign-in is over: even the right code cannot finish it.
    expect((await verify(cookie, appCode(secret))).json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });

  it(`checks at most ${TWO_FACTOR_MAX_FAILURES} wrong codes across parallel sign-ins of one account`, async () => {
    const { user, secret } = await enrolled();
    const cookies: string[] = [];
    for (let n = 0; n < BURST / TWO_FACTOR_ATTEMPTS_PER_CHALLENGE; n += 1)
      cookies.push(await challenge(user.email));
    totpChecks.mockClear();
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, n) => verify(cookies[n % cookies.length]!, appCode(secret, 10))),
    );
    expect(totpChecks.mock.calls.length).toBeLessThanOrEqual(TWO_FACTOR_MAX_FAILURES);
    expect(await failedCount(user.id)).toBe(TWO_FACTOR_MAX_FAILURES);
    const counts = statuses(responses);
    expect(counts[200]).toBeUndefined();
    expect(counts[400] ?? 0).toBeLessThan(TWO_FACTOR_MAX_FAILURES);
    expect(counts[429]).toBeGreaterThan(0);
    // Locked: a new sign-in's right code waits too, and is not even checked.
    const fresh = await challenge(user.email);
    totpChecks.mockClear();
    const locked = await verify(fresh, appCode(secret));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(TWO_FACTOR_MESSAGES.tooManyAttempts);
    expect(totpChecks).not.toHaveBeenCalled();
  });

  it('takes a right code inside a burst of wrong ones only within the limit, and clears the count', async () => {
    const { user, secret } = await enrolled();
    const cookie = await challenge(user.email);
    totpChecks.mockClear();
    const responses = await Promise.all([
      verify(cookie, appCode(secret)),
      ...Array.from({ length: 9 }, () => verify(cookie, appCode(secret, 10))),
    ]);
    const signedIn = responses.filter((r) => r.statusCode === 200);
    expect(signedIn.length).toBeLessThanOrEqual(1);
    if (signedIn.length === 1) {
      expect(sessionCookieFrom(t.config, signedIn[0]!)).toBeTruthy();
      expect(await failedCount(user.id)).toBeLessThanOrEqual(TWO_FACTOR_ATTEMPTS_PER_CHALLENGE);
    }
    expect(totpChecks.mock.calls.length).toBeLessThanOrEqual(TWO_FACTOR_ATTEMPTS_PER_CHALLENGE);
  });
});
