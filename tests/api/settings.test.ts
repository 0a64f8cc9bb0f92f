import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, type CurrentUser } from '@contracts/auth';
import { CARER_MESSAGES } from '@contracts/carers';
import { ERROR_MESSAGES } from '@contracts/errors';
import { LOGIN_MAX_FAILURES } from '@contracts/limits';
import { SETTINGS_MESSAGES, type ActiveSession } from '@contracts/settings';
import { carerProfiles, emailChangeRequests, sessions, uploads, users } from '../../src/server/db/schema';
import { rankScoreSql } from '../../src/server/features/carers/carer-ranking';
import { deviceName } from '../../src/server/features/settings/device-name';
import { createSettingsRepository } from '../../src/server/features/settings/settings.repository';
import { multipart, photoWithGps, validProfile } from '../support/carer-fixtures';
import { createTestApp, sessionCookieFrom, TEST_PASSWORD, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const body of t.bodies) expect(body).not.toMatch(/\$argon2|passwordHash|idHash|id_hash|tokenHash/);
  await t.close();
});

const NEW_PASSWORD = 'Granite-Lantern-Orchard-77';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
let addressCounter = 0;
const nextAddress = () => `192.0.2.${(addressCounter += 1)}`;

const as = (cookie: string | undefined, options: InjectOptions) => t.injectAs(cookie, options);
const me = (cookie: string) => as(cookie, { method: 'GET', url: '/api/auth/user' });
const login = async (email: string, password = TEST_PASSWORD, userAgent = SAFARI_IPHONE) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: nextAddress(),
  });
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('authorization: every settings route needs a session (401)', () => {
  it.each([
    ['PUT', '/api/settings/profile', { firstName: 'A', lastName: 'B' }],
    ['POST', '/api/settings/photo', undefined],
    ['POST', '/api/settings/email', { newEmail: 'x@example.org', currentPassword: 'x' }],
    ['POST', '/api/settings/password', { currentPassword: 'x', newPassword: NEW_PASSWORD }],
    ['GET', '/api/settings/sessions', undefined],
    ['DELETE', '/api/settings/sessions/abc', undefined],
    ['POST', '/api/settings/sessions/sign-out-others', undefined],
  ] as const)('%s %s', async (method, url, payload) => {
    const response = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: ERROR_MESSAGES.unauthorized });
  });
});

describe('name and photo', () => {
  it('changes the name and answers the current user', async () => {
    const { user, cookie } = await t.register();
    const response = await as(cookie, {
      method: 'PUT',
      url: '/api/settings/profile',
      payload: { firstName: ' Amara ', lastName: 'Okafor' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<CurrentUser>()).toMatchObject({
      id: user.id,
      firstName: 'Amara',
      lastName: 'Okafor',
    });
    expect((await me(cookie)).json()).toMatchObject({ firstName: 'Amara', lastName: 'Okafor' });
  });

  it('refuses a blank name with 400 and changes nothing', async () => {
    const { user, cookie } = await t.register();
    const response = await as(cookie, {
      method: 'PUT',
      url: '/api/settings/profile',
      payload: { firstName: '   ', lastName: 'x'.repeat(81) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({ firstName: AUTH_MESSAGES.firstNameRequired });
    expect(response.json().fieldErrors.lastName).toBeDefined();
    expect((await userRow(user.id)).firstName).toBe(user.firstName);
  });

  it('stores a re-encoded photo, and deletes the old file when a new one replaces it', async () => {
    const { user, cookie } = await t.register();
    const upload = async () =>
      as(cookie, {
        method: 'POST',
        url: '/api/settings/photo',
        ...multipart('photo', 'me.jpg', 'image/jpeg', await photoWithGps(400, 300)),
      });
    const first = await upload();
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json<CurrentUser>().profileImageUrl!;
    expect(firstUrl).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}\.webp$/);
    const served = await t.app.inject({ url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const second = await upload();
    const secondUrl = second.json<CurrentUser>().profileImageUrl!;
    expect(secondUrl).not.toBe(firstUrl);
    const firstKey = `photos/${firstUrl.split('/').at(-1)}`;
    expect(await t.storage.get(firstKey)).toBeUndefined();
    expect(await t.storage.get(`photos/${secondUrl.split('/').at(-1)}`)).toBeDefined();
    const rows = await t.database.db.select().from(uploads).where(eq(uploads.ownerId, user.id));
    expect(rows.map((r) => r.storageKey)).toEqual([`photos/${secondUrl.split('/').at(-1)}`]);
  });

  it("puts a carer's new photo on their profile with its ranking at once, not at the hourly sweep", async () => {
    const { cookie } = await t.register({ userType: 'carer' });
    const created = await as(cookie, { method: 'POST', url: '/api/carers', payload: validProfile() });
    expect(created.statusCode).toBe(201);
    const profileId = created.json<{ id: string }>().id;
    const scores = async () => {
      const [row] = await t.database.db
        .select({
          stored: carerProfiles.rankScore,
          due: sql<number>`${rankScoreSql}`,
          photo: carerProfiles.photoUrl,
        })
        .from(carerProfiles)
        .where(eq(carerProfiles.id, profileId));
      return row!;
    };
    const before = await scores();
    expect(before.photo).toBeNull();
    const response = await as(cookie, {
      method: 'POST',
      url: '/api/settings/photo',
      ...multipart('photo', 'me.jpg', 'image/jpeg', await photoWithGps(400, 300)),
    });
    expect(response.statusCode).toBe(200);
    const after = await scores();
    expect(after.photo).toBe(response.json<CurrentUser>().profileImageUrl);
    // A photo is part of the profile's completeness: the stored score is the score now.
    expect(after.stored).toBeCloseTo(Number(after.due), 9);
    expect(after.stored).toBeGreaterThan(before.stored);
  });

  it('refuses a missing file or one that is not an image with 400 and keeps the photo', async () => {
    const { user, cookie } = await t.register();
    const notImage = await as(cookie, {
      method: 'POST',
      url: '/api/settings/photo',
      ...multipart('photo', 'me.jpg', 'image/jpeg', Buffer.from('not an image at all')),
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toEqual({
      message: CARER_MESSAGES.photoType,
      fieldErrors: { photo: CARER_MESSAGES.photoType },
    });
    const wrongField = await as(cookie, {
      method: 'POST',
      url: '/api/settings/photo',
      ...multipart('picture', 'me.jpg', 'image/jpeg', await photoWithGps(100, 100)),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().fieldErrors.photo).toBe(CARER_MESSAGES.photoMissing);
    expect((await userRow(user.id)).profileImageUrl).toBeNull();
  });
});

describe('email change', () => {
  const requestChange = (
    cookie: string,
    newEmail: string,
    currentPassword = TEST_PASSWORD,
    remoteAddress?: string,
  ) =>
    as(cookie, {
      method: 'POST',
      url: '/api/settings/email',
      payload: { newEmail, currentPassword },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const confirm = (token: string, cookie?: string) =>
    as(cookie, { method: 'POST', url: '/api/settings/email/confirm', payload: { token } });
  async function confirmTokenFor(email: string): Promise<string> {
    const last = (await t.outbox())
      .filter((e) => e.toAddress === email && /confirm-email/.test(e.bodyText))
      .at(-1);
    if (!last) throw new Error(`no confirmation email to ${email}`);
    expect(last.bodyText).toContain(`${t.config.publicUrl}/confirm-email?token=`);
    return decodeURIComponent(/\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(last.bodyText)![1]!);
  }

  it('emails a link to the new address and a notice to the old; the link changes the email once', async () => {
    const { user, cookie } = await t.register();
    const newEmail = `moved.${Date.now()}@example.net`;
    const response = await requestChange(cookie, newEmail);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ pendingEmail: newEmail });
    // Nothing changes until the link is opened.
    expect((await me(cookie)).json().email).toBe(user.email);
    const outbox = await t.outbox();
    expect(outbox.some((e) => e.toAddress === user.email && e.bodyText.includes(newEmail))).toBe(true);
    expect(outbox.some((e) => e.toAddress === user.email && /confirm-email/.test(e.bodyText))).toBe(false);
    const token = await confirmTokenFor(newEmail);

    // Opened signed out (another device): the token alone is enough.
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: SETTINGS_MESSAGES.emailChangedBody });
    expect((await me(cookie)).json().email).toBe(newEmail); // this session stays
    expect((await login(newEmail)).statusCode).toBe(200);
    expect((await login(user.email)).statusCode).toBe(401);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: SETTINGS_MESSAGES.emailChangeLinkInvalid,
      fieldErrors: { token: SETTINGS_MESSAGES.emailChangeLinkInvalid },
    });
  });

  it('refuses a wrong current password (400 on currentPassword) and throttles guesses (429)', async () => {
    const { user, cookie } = await t.register();
    const address = nextAddress();
    const wrong = await requestChange(cookie, `new.${Date.now()}@example.net`, 'Not-My-Password-1', address);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: SETTINGS_MESSAGES.currentPasswordWrong,
      fieldErrors: { currentPassword: SETTINGS_MESSAGES.currentPasswordWrong },
    });
    for (let i = 1; i < LOGIN_MAX_FAILURES; i += 1) {
      await requestChange(cookie, `new.${Date.now()}@example.net`, 'Not-My-Password-1', address);
    }
    const throttled = await requestChange(cookie, `new.${Date.now()}@example.net`, TEST_PASSWORD, address);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ message: ERROR_MESSAGES.tooManyLoginAttempts });
    const pending = await t.database.db
      .select()
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.userId, user.id));
    expect(pending).toHaveLength(0);
  });

  it('refuses the same address (400), a taken one (409) and bad input (400)', async () => {
    const { user, cookie } = await t.register();
    const other = await t.register();
    const same = await requestChange(cookie, user.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json().fieldErrors).toEqual({ newEmail: SETTINGS_MESSAGES.sameEmail });
    const taken = await requestChange(cookie, other.user.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: ERROR_MESSAGES.emailTaken,
      fieldErrors: { newEmail: ERROR_MESSAGES.emailTaken },
    });
    const bad = await as(cookie, {
      method: 'POST',
      url: '/api/settings/email',
      payload: { newEmail: 'nope', currentPassword: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      newEmail: AUTH_MESSAGES.emailInvalid,
      currentPassword: SETTINGS_MESSAGES.currentPasswordRequired,
    });
    expect((await confirm('')).statusCode).toBe(400);
  });

  it('refuses an expired link, and a link whose address was taken meanwhile (409)', async () => {
    const { user, cookie } = await t.register();
    const expiring = `expiring.${Date.now()}@example.net`;
    await requestChange(cookie, expiring);
    const expiredToken = await confirmTokenFor(expiring);
    await t.database.db
      .update(emailChangeRequests)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailChangeRequests.userId, user.id));
    expect((await confirm(expiredToken)).statusCode).toBe(400);

    const contested = `contested.${Date.now()}@example.net`;
    await requestChange(cookie, contested);
    const token = await confirmTokenFor(contested);
    await t.register({ email: contested });
    const taken = await confirm(token);
    expect(taken.statusCode).toBe(409);
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it('keeps only the newest request of an account', async () => {
    const { cookie } = await t.register();
    const first = `first.${Date.now()}@example.net`;
    const second = `second.${Date.now()}@example.net`;
    await requestChange(cookie, first);
    const firstToken = await confirmTokenFor(first);
    await requestChange(cookie, second);
    expect((await confirm(firstToken)).statusCode).toBe(400);
    expect((await confirm(await confirmTokenFor(second))).statusCode).toBe(200);
  });
});

describe('password change', () => {
  const change = (cookie: string, currentPassword: string, newPassword: string) =>
    as(cookie, {
      method: 'POST',
      url: '/api/settings/password',
      payload: { currentPassword, newPassword },
      remoteAddress: nextAddress(),
    });

  it('changes the password, ends every other session and keeps this one', async () => {
    const { user, cookie } = await t.register();
    const other = sessionCookieFrom(t.config, await login(user.email));
    const response = await change(cookie, TEST_PASSWORD, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SETTINGS_MESSAGES.passwordChangedBody });
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(user.email)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const notice = (await t.outbox()).filter(
      (e) => e.toAddress === user.email && /password was changed/.test(e.subject),
    );
    expect(notice).toHaveLength(1);
  });

  it.each([
    [TEST_PASSWORD, 'password123', 'newPassword', AUTH_MESSAGES.passwordTooCommon],
    [TEST_PASSWORD, 'short', 'newPassword', AUTH_MESSAGES.passwordTooShort],
    [TEST_PASSWORD, TEST_PASSWORD, 'newPassword', SETTINGS_MESSAGES.passwordsDiffer],
    ['', NEW_PASSWORD, 'currentPassword', SETTINGS_MESSAGES.currentPasswordRequired],
    ['Wrong-Password-99', NEW_PASSWORD, 'currentPassword', SETTINGS_MESSAGES.currentPasswordWrong],
  ])(
    'refuses current %j / new %j with 400 on %s and changes nothing',
    async (current, next, field, message) => {
      const { user, cookie } = await t.register();
      const other = sessionCookieFrom(t.config, await login(user.email));
      const response = await change(cookie, current, next);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(message);
      expect((await me(other)).statusCode).toBe(200);
      expect((await login(user.email)).statusCode).toBe(200);
    },
  );
});

describe('sessions', () => {
  const list = async (cookie: string) => {
    const response = await as(cookie, { method: 'GET', url: '/api/settings/sessions' });
    expect(response.statusCode).toBe(200);
    return response.json<ActiveSession[]>();
  };

  it('lists live sessions, this one first, with plain device names and opaque ids', async () => {
    const { user } = await t.register();
    const phone = sessionCookieFrom(t.config, await login(user.email, TEST_PASSWORD, SAFARI_IPHONE));
    const desktop = sessionCookieFrom(t.config, await login(user.email, TEST_PASSWORD, CHROME_WINDOWS));
    const listed = await list(desktop);
    // The registration session (no user agent), the phone and the desktop.
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({ current: true, device: 'Chrome on Windows' });
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed.map((s) => s.device).sort()).toEqual([
      'Chrome on Windows',
      'Safari on iPhone',
      'Unknown device',
    ]);
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    for (const session of listed) {
      expect(Object.keys(session).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'lastSeenAt']);
      for (const row of stored) expect(row.idHash).not.toContain(session.id);
      for (const cookie of [phone, desktop]) expect(cookie).not.toContain(session.id);
    }
    expect((await list(phone))[0]).toMatchObject({ current: true, device: 'Safari on iPhone' });
  });

  it('signs out one other session, and answers 404 for an id that is not yours', async () => {
    const { user, cookie } = await t.register();
    const phone = sessionCookieFrom(t.config, await login(user.email));
    const target = (await list(cookie)).find((s) => !s.current)!;
    const ended = await as(cookie, { method: 'DELETE', url: `/api/settings/sessions/${target.id}` });
    expect(ended.statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
    const again = await as(cookie, { method: 'DELETE', url: `/api/settings/sessions/${target.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: SETTINGS_MESSAGES.sessionNotFound });

    const stranger = await t.register();
    const theirs = (await list(stranger.cookie))[0]!;
    const foreign = await as(cookie, { method: 'DELETE', url: `/api/settings/sessions/${theirs.id}` });
    expect(foreign.statusCode).toBe(404);
    expect((await me(stranger.cookie)).statusCode).toBe(200);
  });

  it('signing out the current session clears the cookie', async () => {
    const { cookie } = await t.register();
    const current = (await list(cookie))[0]!;
    const ended = await as(cookie, { method: 'DELETE', url: `/api/settings/sessions/${current.id}` });
    expect(ended.statusCode).toBe(204);
    const cleared = ended.cookies.find((c) => c.name === t.config.session.cookieName);
    expect(cleared?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('signs out everywhere else', async () => {
    const { user, cookie } = await t.register();
    const a = sessionCookieFrom(t.config, await login(user.email));
    const b = sessionCookieFrom(t.config, await login(user.email, TEST_PASSWORD, CHROME_WINDOWS));
    const response = await as(cookie, { method: 'POST', url: '/api/settings/sessions/sign-out-others' });
    expect(response.statusCode).toBe(204);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await list(cookie)).toHaveLength(1);
  });
});

describe('device names', () => {
  it.each([
    [CHROME_WINDOWS, 'Chrome on Windows'],
    [SAFARI_IPHONE, 'Safari on iPhone'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari on Mac',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', 'Unknown device'],
    [null, 'Unknown device'],
  ])('%s → %s', (userAgent, expected) => {
    expect(deviceName(userAgent)).toBe(expected);
  });
});

describe('retention', () => {
  it('deletes email change requests a day past their expiry or use, and keeps the rest', async () => {
    const { user } = await t.register();
    const hour = 3_600_000;
    const now = Date.now();
    const row = (tokenHash: string, expiresAgoMs: number, usedAgoMs?: number) => ({
      userId: user.id,
      newEmail: `${tokenHash}@example.net`,
      tokenHash,
      createdAt: new Date(now - expiresAgoMs - hour),
      expiresAt: new Date(now - expiresAgoMs),
      usedAt: usedAgoMs === undefined ? null : new Date(now - usedAgoMs),
    });
    await t.database.db
      .insert(emailChangeRequests)
      .values([
        row('retention-expired-long-ago', 25 * hour),
        row('retention-used-long-ago', -hour, 25 * hour),
        row('retention-expired-recently', hour),
        row('retention-live', -hour),
      ]);
    await createSettingsRepository(t.database.db).deleteStaleEmailRequests(new Date(now - 24 * hour));
    const left = await t.database.db
      .select({ tokenHash: emailChangeRequests.tokenHash })
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.userId, user.id));
    expect(left.map((r) => r.tokenHash).sort()).toEqual(['retention-expired-recently', 'retention-live']);
  });
});
