import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import { SESSION_CHANGE_CHANNEL } from '../../src/server/platform/sessions/session-cache';
import { dropListeningConnection } from '../support/listen-connections';
import { carer, customer, reply, startConversation } from '../support/messaging-fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/test-app';

// Decision 0014: with SESSION_CACHE_SECONDS, an instance keeps the sessions it has read in
// memory; the database announces every change to a user or an ended session (migration 0011),
// and the copy goes on every instance. Changes here are made straight in the database, as another
// instance, an admin tool or a person at a SQL prompt would make them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_SECONDS: '60' });
});
afterAll(async () => {
  await t.close();
});

const me = (cookie: string) => t.injectAs(cookie, { method: 'GET', url: '/api/auth/user' });
/** The change notice travels asynchronously: the answer is the new one within a moment. */
const soon = { timeout: 3_000, interval: 20 };

/** A customer whose session this instance has already read (and so keeps). */
async function signedInAndCached() {
  const account = await t.register();
  expect((await me(account.cookie)).statusCode).toBe(200);
  return account;
}

describe('the session cache', () => {
  it('reuses a session it has read: a change the database does not announce is not seen', async () => {
    const account = await t.register();
    // Notices of the sign-up, if any, are delivered asynchronously: let them arrive first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await me(account.cookie)).statusCode).toBe(200);
    const { user, cookie } = account;
    // Sliding the idle expiry is not announced (every request would announce it); an instance
    // checks the expiries of its copy itself. So this change proves the copy is in use.
    await t.database.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.userId, user.id));
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('refuses a session deleted in the database', async () => {
    const { user, cookie } = await signedInAndCached();
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    await expect.poll(async () => (await me(cookie)).statusCode, soon).toBe(401);
  });

  it('refuses a user suspended in the database', async () => {
    const { user, cookie } = await signedInAndCached();
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    await expect.poll(async () => (await me(cookie)).statusCode, soon).toBe(401);
  });

  it('refuses a user deleted in the database', async () => {
    const { user, cookie } = await signedInAndCached();
    await t.database.db.delete(users).where(eq(users.id, user.id));
    await expect.poll(async () => (await me(cookie)).statusCode, soon).toBe(401);
  });

  it('shows a change to the user (role, name) made in the database', async () => {
    const { user, cookie } = await signedInAndCached();
    await t.database.db
      .update(users)
      .set({ firstName: 'Renamed', role: 'carer' })
      .where(eq(users.id, user.id));
    await expect
      .poll(async () => (await me(cookie)).json<{ firstName: string; userType: string }>(), soon)
      .toMatchObject({ firstName: 'Renamed', userType: 'carer' });
  });

  it("shows the user's own change on their very next request", async () => {
    const { cookie } = await signedInAndCached();
    const changed = await t.injectAs(cookie, {
      method: 'PUT',
      url: '/api/settings/profile',
      payload: { firstName: 'Imogen', lastName: 'Quill' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(cookie)).json()).toMatchObject({ firstName: 'Imogen', lastName: 'Quill' });
  });

  it('keeps its copy across a message, and drops it after any other write', async () => {
    const priya = await customer(t);
    const grace = await carer(t);
    const conversationId = await startConversation(t, priya, grace, 'Hello');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await me(priya.cookie)).statusCode).toBe(200);
    // Unannounced (as in the first test): seen only once the copy is dropped.
    await t.database.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.userId, priya.user.id));
    expect((await reply(t, priya, conversationId, 'Still there?')).statusCode).toBe(201);
    expect((await me(priya.cookie)).statusCode).toBe(200);

    const renamed = await t.injectAs(priya.cookie, {
      method: 'PUT',
      url: '/api/settings/profile',
      payload: { firstName: 'Priya', lastName: 'Shah' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await me(priya.cookie)).statusCode).toBe(401);
  });

  it('refuses a signed-out session on the very next request', async () => {
    const { cookie } = await signedInAndCached();
    expect((await t.injectAs(cookie, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBeLessThan(
      300,
    );
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('refuses the other sessions at once after a password change', async () => {
    const { user, cookie } = await signedInAndCached();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const other = login.headers['set-cookie'];
    const otherCookie = (Array.isArray(other) ? other[0]! : other!).split(';')[0]!;
    expect((await me(otherCookie)).statusCode).toBe(200);

    const changed = await t.injectAs(cookie, {
      method: 'POST',
      url: '/api/settings/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Lantern-Orchard-Pebble-77' },
    });
    expect(changed.statusCode).toBe(200);
    await expect.poll(async () => (await me(otherCookie)).statusCode, soon).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('the session cache without notices', () => {
  it('trusts nothing it holds while it cannot hear changes, and resumes once it listens again', async () => {
    const { user, cookie } = await signedInAndCached();
    await dropListeningConnection(t.database, SESSION_CHANGE_CHANNEL);
    // The drop is seen at once; the first reconnect waits at least 250 ms.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    expect((await me(cookie)).statusCode).toBe(401);

    // Listening again: copies are kept and dropped on notice as before.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const next = await signedInAndCached();
    await t.database.db.delete(sessions).where(eq(sessions.userId, next.user.id));
    await expect.poll(async () => (await me(next.cookie)).statusCode, soon).toBe(401);
  });
});
