import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, EMAIL_VERIFICATION_MESSAGES, type CurrentUser } from '@contracts/auth';
import { ERROR_MESSAGES } from '@contracts/errors';
import { sessions, users } from '../../src/server/db/schema';
import { hashPassword, usePasswordHashing } from '../../src/server/features/auth/password';
import {
  createTestApp,
  PRODUCTION_TEST_ENV,
  sessionCookieFrom,
  TEST_PASSWORD,
  type TestApp,
} from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  // Whatever each test asked, no answer in this file may have carried a password hash.
  expect(t.bodies.length).toBeGreaterThan(20);
  for (const body of t.bodies) expect(body).not.toMatch(/\$argon2|passwordHash|password_hash/);
  await t.close();
});

const login = (email: string, password: string, remoteAddress = '203.0.113.7', cookie?: string) =>
  t.injectAs(cookie, { method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('registration', () => {
  it('creates an unconfirmed account without signing in; the emailed link confirms and signs in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'Nadia.Hussain@Example.org',
        password: TEST_PASSWORD,
        firstName: ' Nadia ',
        lastName: 'Hussain',
        userType: 'carer',
      },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      message: EMAIL_VERIFICATION_MESSAGES.registrationAccepted,
      email: 'Nadia.Hussain@Example.org',
    });
    expect(response.cookies).toHaveLength(0);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: await t.verificationToken('nadia.hussain@example.org') },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: EMAIL_VERIFICATION_MESSAGES.confirmed,
      email: 'Nadia.Hussain@Example.org',
      signedIn: true,
      continuePath: '/carer-signup',
    });
    const me = await t.injectAs(sessionCookieFrom(t.config, confirmed), {
      method: 'GET',
      url: '/api/auth/user',
    });
    expect(me.statusCode).toBe(200);
    const user = me.json<CurrentUser>();
    expect(user).toMatchObject({
      firstName: 'Nadia',
      lastName: 'Hussain',
      email: 'Nadia.Hussain@Example.org',
      userType: 'carer',
      role: 'carer',
      subscriptionStatus: null,
      emailVerified: true,
    });
    expect(Object.keys(user).sort()).toEqual([
      'createdAt',
      'email',
      'emailVerified',
      'firstName',
      'id',
      'lastName',
      'profileImageUrl',
      'role',
      'subscriptionExpiresAt',
      'subscriptionStatus',
      'subscriptionType',
      'userType',
    ]);
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('treats an email in another case as the same account: the same 202, nothing created', async () => {
    await t.register({ email: 'olu.adeyemi@example.org' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'OLU.ADEYEMI@example.org',
        password: TEST_PASSWORD,
        firstName: 'Olu',
        lastName: 'Adeyemi',
        userType: 'customer',
      },
    });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({
      message: EMAIL_VERIFICATION_MESSAGES.registrationAccepted,
      email: 'OLU.ADEYEMI@example.org',
    });
    const rows = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'olu.adeyemi@example.org'`);
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ password: 'short1' }, 'password', AUTH_MESSAGES.passwordTooShort],
    [{ password: 'x'.repeat(129) }, 'password', AUTH_MESSAGES.passwordTooLong],
    [{ password: 'password123' }, 'password', AUTH_MESSAGES.passwordTooCommon],
    [{ password: 'Qwertyuiop' }, 'password', AUTH_MESSAGES.passwordTooCommon],
    [{ email: 'not-an-email' }, 'email', AUTH_MESSAGES.emailInvalid],
    [{ firstName: '   ' }, 'firstName', AUTH_MESSAGES.firstNameRequired],
    [{ lastName: undefined }, 'lastName', AUTH_MESSAGES.lastNameRequired],
    [{ userType: 'admin' }, 'userType', AUTH_MESSAGES.userTypeRequired],
  ])('refuses %o with 400 and the field message', async (override, field, message) => {
    const payload = {
      email: `v${Math.random()}@example.org`,
      password: TEST_PASSWORD,
      firstName: 'Val',
      lastName: 'Idate',
      userType: 'customer',
      ...override,
    };
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: message, fieldErrors: { [field]: message } });
    expect(response.cookies).toHaveLength(0);
  });

  it('accepts a 64-character passphrase', async () => {
    const { user } = await t.register({
      password: 'correct horse battery staple and a long walk by the river Wharfe',
    });
    expect(user.role).toBe('customer');
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: ERROR_MESSAGES.invalidJson });
  });
});

describe('registration limit per network (REGISTRATIONS_PER_HOUR)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ REGISTRATIONS_PER_HOUR: '3' });
  });
  afterAll(() => limited.close());

  const registerFrom = (remoteAddress: string, email: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress,
      payload: { email, password: TEST_PASSWORD, firstName: 'Rhys', lastName: 'Evans', userType: 'customer' },
    });
  const accountsNamed = async (email: string) =>
    (await limited.database.db.select().from(users).where(eq(users.email, email))).length;

  it('answers 429 with Retry-After past the limit, counting taken addresses, and creates nothing', async () => {
    expect((await registerFrom('198.51.100.4', 'rhys.one@example.org')).statusCode).toBe(202);
    expect((await registerFrom('198.51.100.4', 'rhys.two@example.org')).statusCode).toBe(202);
    // An address already taken counts too (and is answered the same way).
    expect((await registerFrom('198.51.100.4', 'rhys.one@example.org')).statusCode).toBe(202);

    const refused = await registerFrom('198.51.100.4', 'rhys.three@example.org');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: ERROR_MESSAGES.tooManyRegistrations });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(refused.cookies).toHaveLength(0);
    expect(await accountsNamed('rhys.three@example.org')).toBe(0);

    // Another network is not held back by this one.
    expect((await registerFrom('198.51.100.5', 'rhys.three@example.org')).statusCode).toBe(202);
  });

  it('counts an IPv6 network as one, whichever address in its /64 is used', async () => {
    for (const [i, address] of ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:aaaa::3'].entries()) {
      expect((await registerFrom(address, `ipv6.${i}@example.org`)).statusCode).toBe(202);
    }
    expect((await registerFrom('2001:db8:5:6:ffff::9', 'ipv6.3@example.org')).statusCode).toBe(429);
    expect((await registerFrom('2001:db8:5:7::1', 'ipv6.4@example.org')).statusCode).toBe(202);
  });

  it('is off unless set outside production', () => {
    expect(t.config.registrationsPerHour).toBe(0);
  });

  it("hashes at OWASP's baseline in production, at the light cost in tests", async () => {
    const storedHash = async (email: string) =>
      (await t.database.db.select().from(users).where(eq(users.email, email)))[0]?.passwordHash;
    await t.register({ email: 'light.hash@example.org' });
    expect(await storedHash('light.hash@example.org')).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);

    const production = await createTestApp(PRODUCTION_TEST_ENV, undefined, { database: t.database });
    try {
      const response = await production.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          email: 'standard.hash@example.org',
          password: TEST_PASSWORD,
          firstName: 'Standard',
          lastName: 'Hash',
          userType: 'customer',
        },
      });
      expect(response.statusCode).toBe(202);
      expect(await storedHash('standard.hash@example.org')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    } finally {
      await production.close();
      // The production app set its cost for this process; the rest of the file's tests run at the tests' own.
      usePasswordHashing(t.config.passwordHashing);
    }
  });
});

describe('sign-in', () => {
  it('signs in with the right password, whatever the case of the email', async () => {
    const { user } = await t.register({ email: 'gwen.evans@example.org' });
    const response = await login('Gwen.Evans@example.org', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json<CurrentUser>().id).toBe(user.id);
  });

  it('gives unknown email and wrong password the identical answer', async () => {
    await t.register({ email: 'tomasz.nowak@example.org' });
    const unknown = await login('nobody.here@example.org', TEST_PASSWORD, '198.51.100.1');
    const wrong = await login('tomasz.nowak@example.org', 'Wrong-password-123', '198.51.100.1');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual({ message: ERROR_MESSAGES.invalidCredentials });
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
  });

  it('answers 429 with Retry-After from the 11th attempt after 10 failures, for that account and address only', async () => {
    const email = 'locked.out@example.org';
    await t.register({ email });
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await login(email, `Wrong-${attempt}-password`, '192.0.2.10')).statusCode).toBe(401);
    }
    const blocked = await login(email, `Wrong-11-password`, '192.0.2.10');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(blocked.json()).toEqual({ message: ERROR_MESSAGES.tooManyLoginAttempts });
    // Even the right password waits: otherwise guessing could go on and learn when it hit.
    expect((await login(email, TEST_PASSWORD, '192.0.2.10')).statusCode).toBe(429);
    // Another address is not locked out by someone else's flood.
    expect((await login(email, TEST_PASSWORD, '192.0.2.99')).statusCode).toBe(200);
  });

  it('counts only failures of the last 15 minutes', async () => {
    const email = 'old.failures@example.org';
    await t.register({ email });
    for (let attempt = 1; attempt <= 10; attempt += 1) await login(email, 'Wrong-password-x', '192.0.2.20');
    // The sign-in counters' window (they are keyed by an HMAC, so all of this file's): 16 minutes ago.
    await t.database.db.execute(
      sql`update rate_limit_counters set window_start = now() - interval '16 minutes', expires_at = now() - interval '1 minute' where bucket like 'sign-in%'`,
    );
    expect((await login(email, TEST_PASSWORD, '192.0.2.20')).statusCode).toBe(200);
  });

  it('gives admins short sessions (8 hours absolute, 30 minutes idle)', async () => {
    await t.database.db.insert(users).values({
      email: 'ops.admin@example.org',
      passwordHash: await hashPassword(TEST_PASSWORD),
      role: 'admin',
      firstName: 'Ops',
      lastName: 'Admin',
    });
    const response = await login('ops.admin@example.org', TEST_PASSWORD);
    expect(response.json<CurrentUser>().role).toBe('admin');
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, 'ops.admin@example.org'));
    const created = session!.sessions.createdAt.getTime();
    expect(session!.sessions.absoluteExpiresAt.getTime() - created).toBe(8 * 3600_000);
    expect(session!.sessions.idleExpiresAt.getTime() - created).toBe(30 * 60_000);
  });
});

describe('sessions', () => {
  it('sets an HttpOnly, SameSite=Lax, host-wide cookie in demo mode', async () => {
    const response = await login((await t.register()).user.email, TEST_PASSWORD);
    const cookie = response.cookies.find((c) => c.name === 'cm_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.domain).toBeUndefined();
    expect(cookie!.value.length).toBeGreaterThanOrEqual(43); // 256 random bits in base64url
  });

  it('stores only a hash of the token', async () => {
    const { cookie } = await t.register();
    const token = cookie.split('=')[1]!;
    const stored = await t.database.db.select({ idHash: sessions.idHash }).from(sessions);
    expect(stored.some((row) => row.idHash === token)).toBe(false);
  });

  it('ends the session on POST /api/auth/logout; the old cookie replayed gets 401', async () => {
    const { cookie } = await t.register();
    const out = await t.injectAs(cookie, { method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'cm_session')?.value).toBe('');
    // The browser also forgets what the site kept in its storage.
    expect(out.headers['clear-site-data']).toBe('"storage"');
    expect((await t.injectAs(cookie, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
  });

  it('ends the session on the GET /api/logout navigation and redirects home', async () => {
    const { cookie } = await t.register();
    const out = await t.injectAs(cookie, { method: 'GET', url: '/api/logout' });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    expect(out.headers['clear-site-data']).toBe('"storage"');
    expect((await t.injectAs(cookie, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
  });

  it('does not sign out on a GET /api/logout started by another site (a link or an image)', async () => {
    const { cookie } = await t.register();
    for (const site of ['cross-site', 'same-site']) {
      const out = await t.injectAs(cookie, {
        method: 'GET',
        url: '/api/logout',
        headers: { 'sec-fetch-site': site, 'sec-fetch-mode': 'no-cors' },
      });
      expect(out.statusCode).toBe(302);
      expect(out.headers.location).toBe('/');
      expect(out.headers['clear-site-data']).toBeUndefined();
      expect(out.cookies).toHaveLength(0);
      expect((await t.injectAs(cookie, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
    }
    // The Sign out menu item is a navigation from our own page.
    const own = await t.injectAs(cookie, {
      method: 'GET',
      url: '/api/logout',
      headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
    });
    expect(own.headers['clear-site-data']).toBe('"storage"');
    expect((await t.injectAs(cookie, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
  });

  it('rotates the session at sign-in: the cookie held before no longer works', async () => {
    const { user, cookie: before } = await t.register();
    const again = await login(user.email, TEST_PASSWORD, '203.0.113.8', before);
    const after = sessionCookieFrom(t.config, again);
    expect(after).not.toBe(before);
    expect((await t.injectAs(before, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    expect((await t.injectAs(after, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
  });

  it('refuses a session past its idle or absolute expiry', async () => {
    const idle = await t.register();
    const absolute = await t.register();
    await t.database.db
      .update(sessions)
      .set({ idleExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, idle.user.id));
    await t.database.db
      .update(sessions)
      .set({ absoluteExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, absolute.user.id));
    expect((await t.injectAs(idle.cookie, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    expect((await t.injectAs(absolute.cookie, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(
      401,
    );
  });

  it('answers 401 with a JSON message when signed out or with a forged cookie', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: ERROR_MESSAGES.unauthorized });
    const forged = await t.injectAs('cm_session=made-up-token', { method: 'GET', url: '/api/auth/user' });
    expect(forged.statusCode).toBe(401);
  });
});

// The web app's sign-in check answers every state 200, so a visitor's pages
// log no failed request; GET /api/auth/user (above) keeps the spec's 401 for API clients.
describe('GET /api/auth/session', () => {
  it('answers a visitor, or a forged or ended session, 200 with no user and no-store', async () => {
    const { cookie } = await t.register();
    await t.injectAs(cookie, { method: 'POST', url: '/api/auth/logout' });
    for (const jar of [undefined, 'cm_session=made-up-token', cookie]) {
      const response = await t.injectAs(jar, { method: 'GET', url: '/api/auth/session' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user: null });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers a signed-in account with the same user GET /api/auth/user gives', async () => {
    const { cookie } = await t.register({ firstName: 'Ines' });
    const session = await t.injectAs(cookie, { method: 'GET', url: '/api/auth/session' });
    const user = await t.injectAs(cookie, { method: 'GET', url: '/api/auth/user' });
    expect(session.statusCode).toBe(200);
    expect(session.json<{ user: CurrentUser }>().user).toEqual(user.json<CurrentUser>());
    expect(session.json<{ user: CurrentUser }>().user.firstName).toBe('Ines');
  });
});

describe('cross-site protection', () => {
  const payload = { email: 'someone@example.org', password: TEST_PASSWORD };

  it('refuses a POST whose Origin is another site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: ERROR_MESSAGES.crossSite });
  });

  it('refuses a POST marked Sec-Fetch-Site: cross-site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses an opaque "null" origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'null' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('lets the site itself through', async () => {
    const { user } = await t.register();
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe('the /api/login navigation', () => {
  it('sends the browser to the sign-in page with a same-site return address', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/login?returnTo=%2Fsubscribe' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?returnTo=%2Fsubscribe');
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example'])(
    'drops the foreign return address %s',
    async (returnTo) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/login?returnTo=${encodeURIComponent(returnTo)}`,
      });
      expect(response.headers.location).toBe('/login');
    },
  );

  // Decision 0020: each as the raw query text a tester would type and encoded once more.
  const HOSTILE_QUERIES = [
    '//evil.example',
    '/%5Cevil.example',
    '/%09/evil.example',
    '%2F%09%2Fevil.example',
    '/%0a',
    '%2F%0A',
    '/%0d%0aSet-Cookie:%20x=1',
    '%09',
    'https://evil.example',
    '/%E2%80%A8',
    '//%2fevil.example',
    '%2F%2F%252fevil.example',
    '/.//evil.example',
    '/%00',
    '/%C2%85',
  ];
  it.each(HOSTILE_QUERIES.flatMap((raw) => [raw, encodeURIComponent(raw)]))(
    'keeps the hostile return address ?returnTo=%s on this site, without a 5xx',
    async (raw) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/login?returnTo=${raw}` });
      expect(response.statusCode, response.body).toBeLessThan(500);
      if (response.statusCode !== 302) return;
      const origin = 'https://carematch.example';
      const location = new URL(String(response.headers.location), origin);
      expect(location.origin).toBe(origin);
      expect(location.pathname).toBe('/login');
      // What the sign-in page will go back to once signed in: a path of this site or nothing.
      const back = location.searchParams.get('returnTo');
      if (back !== null) {
        expect(new URL(back, origin).origin).toBe(origin);
        // eslint-disable-next-line no-control-regex -- the control characters are what this finds
        expect(back).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]|^\/\//);
      }
    },
  );
});
