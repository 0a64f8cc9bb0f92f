import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { sessions, users } from '../../src/server/db/schema';
import { ensureAdminAccount } from '../../src/server/features/admin/admin-accounts';
import { verifyPassword } from '../../src/server/features/auth/password';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/test-app';

// Admin accounts in production (product.md, difference 2): ADMIN_EMAIL/ADMIN_PASSWORD at start, npm run admin:create.

const ADMIN_PASSWORD = 'Lantern-Orchard-Violet-77';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const byEmail = async (app: TestApp, email: string) =>
  (await app.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('are both or neither, with a valid email and password, checked at boot', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'ops@example.com' })).toThrow(/ADMIN_EMAIL, ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_PASSWORD })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD })).toThrow(/ADMIN_EMAIL/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'short' })).toThrow(
      /ADMIN_PASSWORD/,
    );
    expect(loadConfig({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }).admin).toBeUndefined();
    expect(loadConfig({ ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD }).admin).toEqual({
      email: 'ops@example.com',
      password: ADMIN_PASSWORD,
    });
  });

  it('create the admin at start when missing, who can then sign in at /admin-login', async () => {
    t = await createTestApp({ ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD });
    expect(await byEmail(t, 'ops@example.com')).toMatchObject({ role: 'admin' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'ops@example.com', password: ADMIN_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('refuse a common password at start (a ConfigError naming ADMIN_PASSWORD)', async () => {
    t = await createTestApp();
    const attempt = ensureAdminAccount(
      t.database.db,
      { email: 'ops@example.com', password: 'password123', firstName: 'A', lastName: 'B' },
      { promote: false },
    );
    await expect(attempt).rejects.toThrow(ConfigError);
    await expect(attempt).rejects.toThrow(/ADMIN_PASSWORD/);
    expect(await byEmail(t, 'ops@example.com')).toBeUndefined();
  });

  it('never promote an existing account nor reset its password', async () => {
    t = await createTestApp();
    const { user } = await t.register({ email: 'lookalike@example.com' });
    const outcome = await ensureAdminAccount(
      t.database.db,
      { email: 'LOOKALIKE@example.com', password: ADMIN_PASSWORD, firstName: 'A', lastName: 'B' },
      { promote: false },
    );
    expect(outcome.outcome).toBe('exists-not-admin');
    const row = await byEmail(t, user.email);
    expect(row?.role).toBe('customer');
    expect(await verifyPassword(row!.passwordHash!, TEST_PASSWORD)).toBe(true);
  });
});

describe('npm run admin:create (ensureAdminAccount with promote)', () => {
  it('makes an existing account an admin with the new password and ends its sessions', async () => {
    t = await createTestApp();
    const { user, cookie } = await t.register({ email: 'promote.me@example.com' });
    const outcome = await ensureAdminAccount(
      t.database.db,
      { email: user.email, password: ADMIN_PASSWORD, firstName: 'A', lastName: 'B' },
      { promote: true },
    );
    expect(outcome.outcome).toBe('promoted');
    const row = await byEmail(t, user.email);
    expect(row?.role).toBe('admin');
    expect(await verifyPassword(row!.passwordHash!, ADMIN_PASSWORD)).toBe(true);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await t.injectAs(cookie, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
  });

  it('creates a new admin', async () => {
    t = await createTestApp();
    const outcome = await ensureAdminAccount(
      t.database.db,
      { email: 'new.admin@example.com', password: ADMIN_PASSWORD, firstName: 'Ada', lastName: 'Lovelace' },
      { promote: true },
    );
    expect(outcome.outcome).toBe('created');
    expect(await byEmail(t, 'new.admin@example.com')).toMatchObject({
      role: 'admin',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });
});
