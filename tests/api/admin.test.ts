import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_CARER_MESSAGES,
  ADMIN_MESSAGES,
  ADMIN_TOASTS,
  CUSTOMER_EDIT_MESSAGES,
  SAMPLE_CUSTOMER_COUNT,
  type AdminCarer,
  type AdminCustomer,
} from '@contracts/admin';
import type { AuditLogPage } from '@contracts/audit';
import type { CurrentUser } from '@contracts/auth';
import { ERROR_MESSAGES } from '@contracts/errors';
import { CARER_MESSAGES } from '@contracts/carers';
import { DELETED_USER_NAME, type ConversationThread } from '@contracts/messaging';
import {
  auditLog,
  carerProfiles,
  carerVerifications,
  sessions,
  uploads,
  users,
} from '../../src/server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/demo-seed/seed';
import { photoWithGps } from '../support/carer-fixtures';
import {
  admin as makeAdmin,
  carer as makeCarer,
  customer,
  startConversation,
  uncheckedCarer,
} from '../support/messaging-fixtures';
import {
  createTestApp,
  sessionCookieFrom,
  TEST_PASSWORD,
  type TestApp,
  PRODUCTION_TEST_ENV,
} from '../support/test-app';
import { TEXT_MESSAGES } from '@contracts/text';
import { submitValidChecks } from '../support/verification-fixtures';

let t: TestApp;
/** The server's clock for the admin tools; each expiry test sets it. */
let clock = new Date('2027-01-31T10:00:00Z');
let adminCookie: string;
let adminUser: CurrentUser;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { adminClock: () => clock });
  const admin = await makeAdmin(t);
  adminCookie = admin.cookie;
  adminUser = admin.user;
});
afterAll(() => t.close());

const asAdmin = (options: Parameters<TestApp['injectAs']>[1]) => t.injectAs(adminCookie, options);
const db = () => t.database.db;
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];
const carerRow = async (id: string) =>
  (await db().select().from(carerProfiles).where(eq(carerProfiles.id, id)))[0];
const auditFor = async (entityId: string) =>
  db().select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.id);

/** A multipart body of text fields and an optional `photo` file, as the test admin page sends it. */
function form(fields: Record<string, string>, photo?: { content: Buffer; type?: string; name?: string }) {
  const boundary = `----carematch${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (photo) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${photo.name ?? 'me.jpg'}"\r\nContent-Type: ${photo.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      photo.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const carerFields = (overrides: Record<string, string> = {}) => ({
  firstName: 'Bronwen',
  lastName: 'Pryce',
  specialization: 'Dementia Care',
  experience: '12 years',
  location: 'Cardiff CF10',
  hourlyRateMin: '18',
  hourlyRateMax: '25.50',
  description: 'Calm, patient support for people living with dementia, at home in their own routine.',
  qualifications: JSON.stringify(['Manual Handling', 'Dementia Care Training']),
  availability: JSON.stringify(['Weekdays', 'Evenings']),
  isVerified: 'true',
  ...overrides,
});

const jsonCarer = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Bronwen',
  lastName: 'Pryce-Evans',
  specialization: 'Companionship',
  experience: '15+ years',
  location: 'Swansea SA1',
  hourlyRateMin: 20,
  hourlyRateMax: 28,
  description: 'Company, conversation and outings for older people who live alone.',
  qualifications: ['Manual Handling', 'First Aid Certified'],
  availability: ['Weekends'],
  isVerified: false,
  ...overrides,
});

async function createCarer(
  fields: Record<string, string> = carerFields(),
  photo?: Buffer,
): Promise<AdminCarer> {
  const response = await asAdmin({
    method: 'POST',
    url: '/api/test/carers',
    ...form(fields, photo ? { content: photo } : undefined),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AdminCarer>();
}

describe('admin sign-in (POST /api/admin/login)', () => {
  it('signs in an admin by email and password with a session that opens the admin API', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: adminUser.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CurrentUser>()).toMatchObject({ id: adminUser.id, role: 'admin' });
    const cookie = sessionCookieFrom(t.config, response);
    expect((await t.injectAs(cookie, { method: 'GET', url: '/api/admin/users' })).statusCode).toBe(200);
    // The admin session has the admin lifetimes (30 minutes idle by default).
    const [session] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.userId, adminUser.id))
      .orderBy(sessions.createdAt);
    expect(session).toBeDefined();
  });

  it.each([
    ['an unknown account', async () => ({ username: 'nobody@example.com', password: TEST_PASSWORD })],
    ['a wrong password', async () => ({ username: adminUser.email, password: 'Not-The-Password-1' })],
    [
      'a customer with the right password',
      async () => ({ username: (await customer(t, 'none')).user.email, password: TEST_PASSWORD }),
    ],
    [
      'a carer with the right password',
      async () => ({ username: (await makeCarer(t)).user.email, password: TEST_PASSWORD }),
    ],
  ])('answers %s with 401 and the spec’s message, and starts no session', async (_what, body) => {
    const payload = await body();
    const before = (await db().select().from(sessions)).length;
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: ADMIN_TOASTS.loginFailedBody });
    expect(response.cookies.find((c) => c.name === t.config.session.cookieName)).toBeUndefined();
    expect((await db().select().from(sessions)).length).toBe(before);
  });

  it('refuses a suspended admin', async () => {
    const suspended = await makeAdmin(t);
    await db().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.user.id));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: suspended.user.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: ADMIN_TOASTS.loginFailedBody });
  });

  it('answers an empty form with 400 and field messages', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ fieldErrors: object }>().fieldErrors)).toEqual(
      expect.arrayContaining(['username', 'password']),
    );
  });

  it('shows the demo credentials in demo mode', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/login-hint' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ username: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD });
  });

  it('hides them in production (404)', async () => {
    const production = await createTestApp({
      ...PRODUCTION_TEST_ENV,
    });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/api/admin/login-hint' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(DEMO_PASSWORD);
    } finally {
      await production.close();
    }
  });
});

describe('customers', () => {
  it('lists customer accounts only, newest first, without secrets', async () => {
    const older = await customer(t, 'none');
    const newer = await customer(t, 'active');
    const someCarer = await makeCarer(t);
    const response = await asAdmin({ method: 'GET', url: '/api/admin/users' });
    expect(response.statusCode).toBe(200);
    const list = response.json<AdminCustomer[]>();
    const ids = list.map((c) => c.id);
    expect(ids.indexOf(newer.user.id)).toBeLessThan(ids.indexOf(older.user.id));
    expect(ids).not.toContain(someCarer.user.id);
    expect(ids).not.toContain(adminUser.id);
    expect(list.every((c) => c.userType === 'customer')).toBe(true);
    expect(list.find((c) => c.id === newer.user.id)).toMatchObject({
      email: newer.user.email,
      subscriptionStatus: 'active',
      subscriptionType: 'annual',
      suspendedAt: null,
    });
    expect(response.body).not.toMatch(/password/i);
    const test = await asAdmin({ method: 'GET', url: '/api/test/users' });
    expect(test.json()).toEqual(list);
  });

  it('edits names and email (PUT /api/test/users/{id}) with an audit entry of what changed', async () => {
    const person = await customer(t, 'none', { firstName: 'Ann', lastName: 'Lee' });
    const email = `ann.lee.${randomUUID().slice(0, 8)}@example.com`;
    const response = await asAdmin({
      method: 'PUT',
      url: `/api/test/users/${person.user.id}`,
      payload: { firstName: ' Anne ', lastName: 'Lee', email },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminCustomer>()).toMatchObject({ firstName: 'Anne', lastName: 'Lee', email });
    const [entry] = await auditFor(person.user.id);
    expect(entry).toMatchObject({
      actorId: adminUser.id,
      action: 'customer.updated',
      entityType: 'user',
      before: { firstName: 'Ann', email: person.user.email },
      after: { firstName: 'Anne', email },
    });
    expect(entry?.after).not.toHaveProperty('lastName');
  });

  it.each([
    [
      { firstName: '', lastName: 'Lee', email: 'a@example.com' },
      'firstName',
      CUSTOMER_EDIT_MESSAGES.firstNameRequired,
    ],
    [
      { firstName: 'Ann', lastName: ' ', email: 'a@example.com' },
      'lastName',
      CUSTOMER_EDIT_MESSAGES.lastNameRequired,
    ],
    [
      { firstName: 'Ann', lastName: 'Lee', email: 'not-an-email' },
      'email',
      CUSTOMER_EDIT_MESSAGES.emailInvalid,
    ],
    [{ firstName: 'Ann', lastName: 'Lee' }, 'email', CUSTOMER_EDIT_MESSAGES.emailInvalid],
  ])('refuses %j with 400 and changes nothing', async (payload, field, message) => {
    const person = await customer(t, 'none');
    const response = await asAdmin({ method: 'PUT', url: `/api/test/users/${person.user.id}`, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors[field]).toBe(message);
    expect(await userRow(person.user.id)).toMatchObject({ email: person.user.email, firstName: 'Test' });
    expect(await auditFor(person.user.id)).toEqual([]);
  });

  it('answers an address another account uses with 409, whatever its case', async () => {
    const person = await customer(t, 'none');
    const other = await makeCarer(t);
    const response = await asAdmin({
      method: 'PUT',
      url: `/api/test/users/${person.user.id}`,
      payload: { firstName: 'A', lastName: 'B', email: other.user.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: CUSTOMER_EDIT_MESSAGES.emailTaken,
      fieldErrors: { email: CUSTOMER_EDIT_MESSAGES.emailTaken },
    });
    expect((await userRow(person.user.id))?.email).toBe(person.user.email);
  });

  it('answers an unknown id with 404 and a carer’s account with 400', async () => {
    const payload = { firstName: 'A', lastName: 'B', email: 'x@example.com' };
    const unknown = await asAdmin({ method: 'PUT', url: `/api/test/users/${randomUUID()}`, payload });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: ADMIN_MESSAGES.customerNotFound });
    const notUuid = await asAdmin({ method: 'PUT', url: '/api/test/users/nope', payload });
    expect(notUuid.statusCode).toBe(404);
    const someCarer = await makeCarer(t);
    const carerAccount = await asAdmin({
      method: 'PUT',
      url: `/api/test/users/${someCarer.user.id}`,
      payload,
    });
    expect(carerAccount.statusCode).toBe(400);
    expect(carerAccount.json()).toEqual({ message: ADMIN_MESSAGES.notACustomer });
  });

  it('creates sample customers (POST /api/test/create-sample-users)', async () => {
    const response = await asAdmin({ method: 'POST', url: '/api/test/create-sample-users' });
    expect(response.statusCode).toBe(201);
    const created = response.json<AdminCustomer[]>();
    expect(created).toHaveLength(SAMPLE_CUSTOMER_COUNT);
    expect(new Set(created.map((c) => c.email)).size).toBe(SAMPLE_CUSTOMER_COUNT);
    for (const sample of created) {
      expect(sample.email).toMatch(/@example\.com$/);
      expect(sample.firstName).toBeTruthy();
      expect(sample.subscriptionStatus).toBeNull();
      expect((await userRow(sample.id))?.passwordHash).toBeNull();
    }
    const again = await asAdmin({ method: 'POST', url: '/api/test/create-sample-users' });
    expect(again.statusCode).toBe(201);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sample-customers.created'))
      .orderBy(auditLog.id);
    expect(entry?.after).toEqual(created.map((c) => ({ id: c.id, email: c.email })));
  });
});

describe('subscription changes: the server’s clock and the route’s rule decide the expiry', () => {
  let person: Awaited<ReturnType<typeof customer>>;
  beforeEach(async () => {
    person = await customer(t, 'none');
  });

  const change = (method: 'PATCH' | 'PUT', url: string, payload: object) =>
    asAdmin({ method, url: url.replace('{id}', person.user.id), payload });

  it.each([
    // [now, route, type, expected expiry]
    [
      '2027-01-31T10:00:00Z',
      'PATCH /api/admin/users/{id}/subscription',
      'monthly',
      '2027-02-28T10:00:00.000Z',
    ],
    [
      '2028-01-31T10:00:00Z',
      'PATCH /api/admin/users/{id}/subscription',
      'monthly',
      '2028-02-29T10:00:00.000Z',
    ],
    [
      '2027-03-15T09:30:00Z',
      'PATCH /api/admin/users/{id}/subscription',
      'annual',
      '2028-03-15T09:30:00.000Z',
    ],
    [
      '2028-02-29T12:00:00Z',
      'PATCH /api/admin/users/{id}/subscription',
      'annual',
      '2029-02-28T12:00:00.000Z',
    ],
    [
      '2027-01-31T10:00:00Z',
      'PATCH /api/test/users/{id}/subscription',
      'monthly',
      '2027-02-28T10:00:00.000Z',
    ],
    ['2027-12-31T23:00:00Z', 'PATCH /api/test/users/{id}/subscription', 'annual', '2028-12-31T23:00:00.000Z'],
    ['2027-01-31T10:00:00Z', 'PUT /api/test/users/{id}/subscription', 'monthly', '2027-03-02T10:00:00.000Z'],
    ['2027-02-01T08:00:00Z', 'PUT /api/test/users/{id}/subscription', 'annual', '2028-02-01T08:00:00.000Z'],
    ['2028-02-01T08:00:00Z', 'PUT /api/test/users/{id}/subscription', 'annual', '2029-01-31T08:00:00.000Z'],
  ] as const)('at %s, %s %s → expires %s', async (now, route, type, expected) => {
    clock = new Date(now);
    const [method, url] = route.split(' ') as ['PATCH' | 'PUT', string];
    // A client's expiry is ignored.
    const response = await change(method, url, { status: 'active', type, expiresAt: '2099-01-01T00:00:00Z' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminCustomer>()).toMatchObject({
      id: person.user.id,
      subscriptionStatus: 'active',
      subscriptionType: type,
      subscriptionExpiresAt: expected,
    });
    expect((await userRow(person.user.id))?.subscriptionExpiresAt?.toISOString()).toBe(expected);
    const [entry] = await auditFor(person.user.id);
    expect(entry).toMatchObject({
      action: 'subscription.activated',
      entityType: 'subscription',
      actorId: adminUser.id,
      before: { subscriptionStatus: null, subscriptionType: null, subscriptionExpiresAt: null },
      after: { subscriptionStatus: 'active', subscriptionType: type, subscriptionExpiresAt: expected },
    });
  });

  it.each(['PATCH /api/admin/users/{id}/subscription', 'PUT /api/test/users/{id}/subscription'])(
    'deactivates: %s sets inactive with no type and no expiry',
    async (route) => {
      const [method, url] = route.split(' ') as ['PATCH' | 'PUT', string];
      await change(method, url, { status: 'active', type: 'annual' });
      const response = await change(method, url, { status: 'inactive', type: 'annual', expiresAt: null });
      expect(response.statusCode).toBe(200);
      expect(response.json<AdminCustomer>()).toMatchObject({
        subscriptionStatus: 'inactive',
        subscriptionType: null,
        subscriptionExpiresAt: null,
      });
      const entries = await auditFor(person.user.id);
      expect(entries.at(-1)).toMatchObject({
        action: 'subscription.deactivated',
        before: { subscriptionStatus: 'active', subscriptionType: 'annual' },
        after: { subscriptionStatus: 'inactive', subscriptionType: null, subscriptionExpiresAt: null },
      });
    },
  );

  it.each([
    [{ status: 'active' }, 'type', ADMIN_MESSAGES.subscriptionTypeRequired],
    [{ status: 'paused', type: 'monthly' }, 'status', ADMIN_MESSAGES.statusInvalid],
    [{ status: 'active', type: 'three_month' }, 'type', undefined],
  ])('refuses %j with 400 and changes nothing', async (payload, field, message) => {
    const response = await change('PATCH', '/api/admin/users/{id}/subscription', payload);
    expect(response.statusCode).toBe(400);
    const { fieldErrors } = response.json<{ fieldErrors: Record<string, string> }>();
    expect(fieldErrors).toHaveProperty(field);
    if (message) expect(fieldErrors[field]).toBe(message);
    expect((await userRow(person.user.id))?.subscriptionStatus).toBeNull();
    expect(await auditFor(person.user.id)).toEqual([]);
  });

  it('answers an unknown customer with 404', async () => {
    const response = await asAdmin({
      method: 'PUT',
      url: `/api/test/users/${randomUUID()}/subscription`,
      payload: { status: 'inactive' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: ADMIN_MESSAGES.customerNotFound });
  });
});

describe('carers', () => {
  it('creates a profile without an account from the multipart form, with a re-encoded photo', async () => {
    const created = await createCarer(carerFields(), await photoWithGps());
    expect(created).toMatchObject({
      userId: null,
      email: null,
      firstName: 'Bronwen',
      specialization: 'Dementia Care',
      experience: '12 years',
      hourlyRateMin: '18.00',
      hourlyRateMax: '25.50',
      qualifications: ['Manual Handling', 'Dementia Care Training'],
      availability: ['Weekdays', 'Evenings'],
      isVerified: true,
      isActive: true,
      isListed: true,
      verificationStatus: 'none',
      user: null,
    });
    expect(created.photoUrl).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}\.webp$/);
    const photo = await t.app.inject({ method: 'GET', url: created.photoUrl! });
    expect(photo.statusCode).toBe(200);
    const metadata = await sharp(photo.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    // Listed far ahead, so it shows to the public like any listed profile.
    const row = await carerRow(created.id);
    expect(row!.listedUntil.getTime()).toBeGreaterThan(Date.now() + 50 * 365 * 86_400_000);
    expect(row!.rankScore).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/carers/${created.id}` })).statusCode).toBe(200);
    const [entry] = await auditFor(created.id);
    expect(entry).toMatchObject({ action: 'carer.created', entityType: 'carer', before: null });
  });

  it('takes comma-separated lists and no photo; isVerified defaults to false', async () => {
    const { isVerified: _omit, ...fields } = carerFields({
      qualifications: 'Manual Handling, First Aid Certified ,',
      availability: 'Weekends',
    });
    const created = await createCarer(fields);
    expect(created).toMatchObject({
      qualifications: ['Manual Handling', 'First Aid Certified'],
      availability: ['Weekends'],
      isVerified: false,
      photoUrl: null,
    });
  });

  it.each([
    [{ firstName: '' }, 'firstName', ADMIN_CARER_MESSAGES.firstNameRequired],
    [{ hourlyRateMin: '' }, 'hourlyRateMin', ADMIN_CARER_MESSAGES.minRateRequired],
    [{ hourlyRateMin: '30', hourlyRateMax: '20' }, 'hourlyRateMax', ADMIN_CARER_MESSAGES.minAboveMax],
    [{ qualifications: '[]' }, 'qualifications', ADMIN_CARER_MESSAGES.qualificationsRequired],
    [{ availability: '[1, 2' }, 'availability', ADMIN_CARER_MESSAGES.listsInvalid],
    // Checks come only from verification (decision 0026), typed or ticked.
    [
      { qualifications: 'First Aid Certified, DBS Checked' },
      'qualifications',
      ADMIN_CARER_MESSAGES.checksNotQualifications,
    ],
  ])('refuses %j with 400 and creates nothing', async (overrides, field, message) => {
    const before = (await db().select().from(carerProfiles)).length;
    const response = await asAdmin({
      method: 'POST',
      url: '/api/test/carers',
      ...form(carerFields(overrides)),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors[field]).toBe(message);
    expect((await db().select().from(carerProfiles)).length).toBe(before);
  });

  it('refuses a file that is not an image, creating nothing and storing nothing', async () => {
    const before = (await db().select().from(carerProfiles)).length;
    const files = (await db().select().from(uploads)).length;
    const response = await asAdmin({
      method: 'POST',
      url: '/api/test/carers',
      ...form(carerFields(), { content: Buffer.from('%PDF-1.4 not a photo'), type: 'image/jpeg' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: CARER_MESSAGES.photoType,
      fieldErrors: { photo: CARER_MESSAGES.photoType },
    });
    expect((await db().select().from(carerProfiles)).length).toBe(before);
    expect((await db().select().from(uploads)).length).toBe(files);
  });

  it('refuses a NUL character in a form field with 400, creating nothing and keeping no photo', async () => {
    const before = (await db().select().from(carerProfiles)).length;
    const files = (await db().select().from(uploads)).length;
    const response = await asAdmin({
      method: 'POST',
      url: '/api/test/carers',
      // In the description: a one-line field (the location) refuses control characters itself
      // with its field message (decision 0020); a free-text one reaches the database's refusal.
      ...form(
        carerFields({
          description: 'Calm, patient support for people living with dementia.\u0000 At home in Swansea.',
        }),
        { content: await photoWithGps() },
      ),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: ERROR_MESSAGES.nulCharacter });
    expect((await db().select().from(carerProfiles)).length).toBe(before);
    expect((await db().select().from(uploads)).length).toBe(files);
  });

  it('refuses a NUL character in a one-line form field with its field message', async () => {
    const before = (await db().select().from(carerProfiles)).length;
    const response = await asAdmin({
      method: 'POST',
      url: '/api/test/carers',
      ...form(carerFields({ location: 'Swansea\u0000SA1' }), { content: await photoWithGps() }),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors).toEqual({ location: TEXT_MESSAGES.notOneLine });
    expect((await db().select().from(carerProfiles)).length).toBe(before);
  });

  it('lists every profile with the account’s email and the latest verification state', async () => {
    const someCarer = await makeCarer(t);
    await db().update(carerProfiles).set({ isActive: false }).where(eq(carerProfiles.id, someCarer.carerId));
    await db().insert(carerVerifications).values({
      carerId: someCarer.carerId,
      status: 'pending',
      dbsLevel: 'enhanced',
      dbsIssueDate: '2026-03-01',
      dbsCertificateNumber: '001234567890',
      dbsUpdateService: true,
      rightToWorkMethod: 'share_code',
      rightToWorkShareCode: 'W12345678',
      references: [],
    });
    const created = await createCarer();
    for (const url of ['/api/admin/carers', '/api/test/carers']) {
      const response = await asAdmin({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const list = response.json<AdminCarer[]>();
      expect(list.find((c) => c.id === someCarer.carerId)).toMatchObject({
        email: someCarer.user.email,
        isListed: false,
        isActive: false,
        verificationStatus: 'pending',
        suspendedAt: null,
      });
      expect(list.findIndex((c) => c.id === created.id)).toBeLessThan(
        list.findIndex((c) => c.id === someCarer.carerId),
      );
    }
  });

  it('updates from Admin Management’s JSON, recomputing the ranking and auditing only what changed', async () => {
    const created = await createCarer(carerFields({ isVerified: 'false' }));
    const scoreBefore = (await carerRow(created.id))!.rankScore;
    const response = await asAdmin({
      method: 'PUT',
      url: `/api/test/carers/${created.id}`,
      payload: jsonCarer({ isVerified: true }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminCarer>()).toMatchObject({
      lastName: 'Pryce-Evans',
      specialization: 'Companionship',
      hourlyRateMin: '20.00',
      hourlyRateMax: '28.00',
      qualifications: ['Manual Handling', 'First Aid Certified'],
      isVerified: true,
    });
    const row = await carerRow(created.id);
    expect(row!.postcodeDistrict).toBe('SA1');
    // Verified is worth 20 points of the score; the shorter description and lists cost a little.
    expect(row!.rankScore).toBeGreaterThan(scoreBefore + 10);
    const entries = await auditFor(created.id);
    const entry = entries.at(-1)!;
    expect(entry.action).toBe('carer.updated');
    expect(entry.before).toMatchObject({ lastName: 'Pryce', isVerified: false });
    expect(entry.after).toMatchObject({ lastName: 'Pryce-Evans', isVerified: true });
    expect(entry.after).not.toHaveProperty('firstName');
  });

  it('updates from the test admin page’s multipart form, replacing the photo', async () => {
    const created = await createCarer(carerFields(), await photoWithGps(400, 300));
    const oldKey = `photos/${created.photoUrl!.split('/').pop()}`;
    expect(await t.storage.get(oldKey)).toBeDefined();
    const response = await asAdmin({
      method: 'PUT',
      url: `/api/test/carers/${created.id}`,
      ...form(carerFields({ experience: '8 years' }), { content: await photoWithGps(300, 300) }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<AdminCarer>();
    expect(updated.experience).toBe('8 years');
    expect(updated.photoUrl).not.toBe(created.photoUrl);
    expect(await t.storage.get(oldKey)).toBeUndefined();
    expect(await t.storage.get(`photos/${updated.photoUrl!.split('/').pop()}`)).toBeDefined();
    expect(await db().select().from(uploads).where(eq(uploads.storageKey, oldKey))).toEqual([]);
  });

  it('refuses a bad update with 400 and changes nothing; an unknown carer gets 404', async () => {
    const created = await createCarer();
    const bad = await asAdmin({
      method: 'PUT',
      url: `/api/test/carers/${created.id}`,
      payload: jsonCarer({ location: '', hourlyRateMax: 'lots' }),
    });
    expect(bad.statusCode).toBe(400);
    const { fieldErrors } = bad.json<{ fieldErrors: Record<string, string> }>();
    expect(fieldErrors.location).toBe(ADMIN_CARER_MESSAGES.locationRequired);
    expect(fieldErrors.hourlyRateMax).toBe(ADMIN_CARER_MESSAGES.rateFormat);
    expect((await carerRow(created.id))!.location).toBe('Cardiff CF10');
    const unknown = await asAdmin({
      method: 'PUT',
      url: `/api/test/carers/${randomUUID()}`,
      payload: jsonCarer(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: ADMIN_MESSAGES.carerNotFound });
  });

  it('deletes a profile and its photo; the carer’s account stays', async () => {
    const someCarer = await makeCarer(t);
    const withPhoto = await asAdmin({
      method: 'PUT',
      url: `/api/test/carers/${someCarer.carerId}`,
      ...form(carerFields(), { content: await photoWithGps(200, 200) }),
    });
    const photoKey = `photos/${withPhoto.json<AdminCarer>().photoUrl!.split('/').pop()}`;
    expect((await userRow(someCarer.user.id))?.profileImageUrl).toBe(withPhoto.json<AdminCarer>().photoUrl);
    const response = await asAdmin({ method: 'DELETE', url: `/api/test/carers/${someCarer.carerId}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: someCarer.carerId, deleted: true });
    expect(await carerRow(someCarer.carerId)).toBeUndefined();
    expect(await t.storage.get(photoKey)).toBeUndefined();
    const account = await userRow(someCarer.user.id);
    expect(account).toMatchObject({ role: 'carer', profileImageUrl: null });
    const [entry] = (await auditFor(someCarer.carerId)).filter((e) => e.action === 'carer.deleted');
    expect(entry).toMatchObject({ before: { userId: someCarer.user.id, firstName: 'Bronwen' }, after: null });
    const again = await asAdmin({ method: 'DELETE', url: `/api/test/carers/${someCarer.carerId}` });
    expect(again.statusCode).toBe(404);
  });
});

describe('deleting a customer (DELETE /api/test/users/{id})', () => {
  it('removes the account and its sessions; the carer still reads its messages from "Deleted user"', async () => {
    const family = await customer(t, 'active');
    const someCarer = await makeCarer(t);
    const conversationId = await startConversation(t, family, someCarer, 'Hello, can you help on Mondays?');
    const response = await asAdmin({ method: 'DELETE', url: `/api/test/users/${family.user.id}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: family.user.id, deleted: true });
    expect(await userRow(family.user.id)).toBeUndefined();
    expect(await db().select().from(sessions).where(eq(sessions.userId, family.user.id))).toEqual([]);
    expect((await t.injectAs(family.cookie, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);

    const thread = await t.injectAs(someCarer.cookie, {
      method: 'GET',
      url: `/api/conversations/${conversationId}`,
    });
    expect(thread.statusCode, thread.body).toBe(200);
    const body = thread.json<ConversationThread>();
    expect(body.partner).toMatchObject({ userId: null, name: DELETED_USER_NAME });
    expect(body.messages[0]).toMatchObject({ senderId: null, content: 'Hello, can you help on Mondays?' });

    const [entry] = await auditFor(family.user.id);
    expect(entry).toMatchObject({
      action: 'customer.deleted',
      before: { email: family.user.email },
      after: null,
    });
    expect(JSON.stringify(entry?.before)).not.toMatch(/password/i);
  });

  it('refuses the admin’s own account, and answers unknown or non-customer ids', async () => {
    const self = await asAdmin({ method: 'DELETE', url: `/api/test/users/${adminUser.id}` });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: ADMIN_MESSAGES.cannotChangeOwnAccount });
    expect(await userRow(adminUser.id)).toBeDefined();
    const unknown = await asAdmin({ method: 'DELETE', url: `/api/test/users/${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    const someCarer = await makeCarer(t);
    const carerAccount = await asAdmin({ method: 'DELETE', url: `/api/test/users/${someCarer.user.id}` });
    expect(carerAccount.statusCode).toBe(400);
    expect(await userRow(someCarer.user.id)).toBeDefined();
  });
});

describe('paging and search of the admin lists (issue 21 point 11)', () => {
  type Listed = { id: string; email: string | null; firstName: string | null };
  const list = async (url: string) => {
    const response = await asAdmin({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return {
      items: response.json<Listed[]>(),
      total: Number(response.headers['x-total-count']),
      next: response.headers['x-next-cursor'] as string | undefined,
      link: response.headers.link as string | undefined,
    };
  };
  /** Every page of a list, following the cursors. */
  const everyPage = async (base: string) => {
    const pages = [await list(base)];
    while (pages.at(-1)!.next) pages.push(await list(`${base}&cursor=${pages.at(-1)!.next}`));
    return pages;
  };

  for (const base of ['/api/test/users', '/api/admin/users']) {
    it(`pages ${base} newest first with a total, and searches names and emails in any case`, async () => {
      const tag = `Keyset${base.includes('admin') ? 'A' : 'T'}${Date.now().toString(36)}`;
      const made: string[] = [];
      for (let index = 0; index < 7; index += 1) {
        made.push((await customer(t, 'none', { firstName: `${tag}`, lastName: `Number${index}` })).user.id);
      }
      // Same instant for all: the id breaks the tie, so paging neither skips nor repeats.
      await db()
        .update(users)
        .set({ createdAt: new Date('2026-05-01T12:00:00.123456Z') })
        .where(inArray(users.id, made.slice(2, 6)));

      const pages = await everyPage(`${base}?q=${tag.toUpperCase()}&limit=3`);
      expect(pages.map((page) => page.items.length)).toEqual([3, 3, 1]);
      expect(pages.every((page) => page.total === 7)).toBe(true);
      const ids = pages.flatMap((page) => page.items.map((item) => item.id));
      expect(new Set(ids)).toEqual(new Set(made));
      expect(pages[0]!.link).toMatch(
        new RegExp(`^<${base}\\?q=${tag.toUpperCase()}&cursor=[\\w-]+&limit=3>; rel="next"$`),
      );
      expect(pages[2]!.next).toBeUndefined();

      // Part of an email, and of a full name across first and last.
      const one = await userRow(made[0]!);
      const byEmail = await list(`${base}?q=${encodeURIComponent(one!.email.slice(0, -4).toUpperCase())}`);
      expect(byEmail.items.map((item) => item.id)).toEqual([made[0]]);
      const byName = await list(`${base}?q=${encodeURIComponent(`${tag.toLowerCase()} number6`)}`);
      expect(byName.items.map((item) => item.id)).toEqual([made[6]]);

      // Without paging parameters: the first page of the spec's array, with the total.
      const plain = await list(base);
      expect(plain.items.length).toBeLessThanOrEqual(50);
      expect(plain.total).toBeGreaterThanOrEqual(7);
    });
  }

  it('takes search text literally: LIKE wildcards and SQL match nothing, and change nothing', async () => {
    for (const q of ['%', '_', '\\', "'; drop table users; --", "x' or '1'='1"]) {
      const found = await list(`/api/test/users?q=${encodeURIComponent(q)}`);
      expect(found.items, q).toEqual([]);
      expect(found.total).toBe(0);
    }
    expect((await list('/api/test/users')).total).toBeGreaterThan(0);
  });

  it.each([
    'cursor=not-a-cursor',
    `cursor=${Buffer.from('["yesterday","x"]').toString('base64url')}`,
    'limit=0',
    'limit=201',
    `q=${'x'.repeat(101)}`,
  ])('answers ?%s with 400', async (query) => {
    for (const base of ['/api/test/users', '/api/test/carers']) {
      const response = await asAdmin({ method: 'GET', url: `${base}?${query}` });
      expect(response.statusCode, `${base}?${query}`).toBe(400);
      if (query.startsWith('cursor')) expect(response.json().fieldErrors).toHaveProperty('cursor');
    }
  });

  it('pages and searches the carers by name and by their account’s email', async () => {
    const tag = `Carerkey${Date.now().toString(36)}`;
    const made: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      made.push((await createCarer(carerFields({ firstName: tag, lastName: `Pryce${index}` }))).id);
    }
    const withAccount = await makeCarer(t, { firstName: 'Ifeoma', lastName: `${tag}Account` });
    for (const base of ['/api/test/carers', '/api/admin/carers']) {
      const pages = await everyPage(`${base}?q=${tag.toLowerCase()}&limit=2`);
      expect(pages.map((page) => page.items.length)).toEqual([2, 2, 1]);
      expect(pages[0]!.total).toBe(5);
      expect(new Set(pages.flatMap((page) => page.items.map((item) => item.id)))).toEqual(
        new Set([...made, withAccount.carerId]),
      );
      const byEmail = await list(`${base}?q=${encodeURIComponent(withAccount.user.email.toUpperCase())}`);
      expect(byEmail.items.map((item) => item.id)).toEqual([withAccount.carerId]);
    }
  });
});

describe('the audit log (GET /api/admin/audit-log)', () => {
  it('filters, pages newest first, and names the actor', async () => {
    const other = await makeAdmin(t);
    const person = await customer(t, 'none');
    for (const firstName of ['One', 'Two', 'Three']) {
      await t.injectAs(other.cookie, {
        method: 'PUT',
        url: `/api/test/users/${person.user.id}`,
        payload: { firstName, lastName: 'Page', email: person.user.email },
      });
    }
    const page = async (query: string) => {
      const response = await asAdmin({ method: 'GET', url: `/api/admin/audit-log?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AuditLogPage>();
    };
    const first = await page(`entityId=${person.user.id}&limit=2`);
    expect(first.items.map((e) => (e.after as { firstName: string }).firstName)).toEqual(['Three', 'Two']);
    expect(first.items[0]).toMatchObject({
      action: 'customer.updated',
      entityType: 'user',
      actorId: other.user.id,
      actorName: `Admin: ${other.user.firstName} ${other.user.lastName} (${other.user.email})`,
    });
    expect(first.nextBefore).toBe(first.items[1]!.id);
    const second = await page(`entityId=${person.user.id}&limit=2&before=${first.nextBefore}`);
    expect(second.items.map((e) => (e.after as { firstName: string }).firstName)).toEqual(['One']);
    expect(second.nextBefore).toBeNull();

    const byActor = await page(`actorId=${other.user.id}`);
    expect(byActor.items).toHaveLength(3);
    const byAction = await page(`action=customer.updated&entityType=user`);
    expect(byAction.items.every((e) => e.action === 'customer.updated')).toBe(true);
    const future = await page(`from=${encodeURIComponent('2999-01-01T00:00:00Z')}`);
    expect(future.items).toEqual([]);
    const past = await page(`to=${encodeURIComponent('2000-01-01T00:00:00Z')}`);
    expect(past.items).toEqual([]);

    // The entries outlive the admin who made them.
    await db().delete(users).where(eq(users.id, other.user.id));
    const orphaned = await page(`entityId=${person.user.id}`);
    expect(orphaned.items).toHaveLength(3);
    expect(orphaned.items.every((e) => e.actorName === 'Deleted admin account' && e.actorId === null)).toBe(
      true,
    );
  });

  it('names the people and says what changed in plain words, a deleted person as "deleted account" (issue 21 point 11)', async () => {
    const jane = await customer(t, 'none', { firstName: 'Jane', lastName: 'Doe' });
    const id = jane.user.id;
    const email = jane.user.email;
    await asAdmin({
      method: 'PUT',
      url: `/api/test/users/${id}`,
      payload: { firstName: 'Jane', lastName: 'Smith', email },
    });
    clock = new Date('2027-01-31T10:00:00Z');
    for (const type of ['monthly', 'annual']) {
      const response = await asAdmin({
        method: 'PUT',
        url: `/api/test/users/${id}/subscription`,
        payload: { status: 'active', type },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    await asAdmin({
      method: 'PUT',
      url: `/api/test/users/${id}`,
      payload: { firstName: 'Janet', lastName: 'Smith', email },
    });
    const carerPerson = await uncheckedCarer(t, { firstName: 'Chidi', lastName: 'Okafor' });
    const submitted = await submitValidChecks(t, carerPerson.cookie);
    expect(
      (await asAdmin({ method: 'POST', url: `/api/admin/verifications/${submitted.id}/approve` })).statusCode,
    ).toBe(200);

    const entriesAbout = async (entityId: string) => {
      const response = await asAdmin({ method: 'GET', url: `/api/admin/audit-log?entityId=${entityId}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AuditLogPage>().items;
    };
    const [renamed, annual, monthly, named] = await entriesAbout(id);
    // People are named as they are now: the earlier entry names her by her present name too.
    expect(named).toMatchObject({
      subjectName: `Janet Smith (${email})`,
      summary: 'Changed Janet Smith’s details',
    });
    expect(named!.changes.map((change) => change.text)).toContain('Changed last name from Doe to Smith');
    expect(renamed).toMatchObject({
      subjectName: `Janet Smith (${email})`,
      summary: 'Changed Janet Smith’s details',
      changes: [
        {
          field: 'first name',
          before: 'Jane',
          after: 'Janet',
          text: 'Changed first name from Jane to Janet',
        },
      ],
    });
    expect(monthly!.summary).toBe('Gave Janet Smith the Monthly plan until 2 Mar 2027');
    expect(annual!.summary).toBe('Gave Janet Smith the Annual plan until 31 Jan 2028');
    expect(annual!.changes.map((change) => change.text)).toEqual([
      'Changed plan from Monthly to Annual',
      'Changed subscription end date from 2 Mar 2027 to 31 Jan 2028',
      'Set expiry rule to 30 or 365 days',
    ]);
    // No record ids or field names left in the words.
    for (const entry of [renamed, annual, monthly, named]) {
      expect(JSON.stringify([entry!.summary, entry!.changes.map((c) => c.text)])).not.toMatch(
        /subscriptionExpiresAt|firstName|[0-9a-f]{8}-[0-9a-f]{4}/,
      );
    }

    const [approved] = await entriesAbout(submitted.id);
    expect(approved).toMatchObject({
      summary: 'Approved Chidi Okafor’s checks',
      subjectName: `Chidi Okafor (${carerPerson.user.email})`,
    });
    expect(approved!.changes.map((change) => change.text)).toContain(
      'Changed status from pending to approved',
    );
    expect(approved!.changes.map((change) => change.text)).toContain('Changed Verified badge from no to yes');

    // Once deleted, the entries about her say so; the deletion itself lists what there was.
    expect((await asAdmin({ method: 'DELETE', url: `/api/test/users/${id}` })).statusCode).toBe(200);
    const [deleted, ...earlier] = await entriesAbout(id);
    expect(deleted).toMatchObject({ summary: 'Deleted a customer account', subjectName: 'deleted account' });
    expect(deleted!.changes.map((change) => change.text)).toContain('First name was Janet');
    expect(earlier.every((entry) => entry.subjectName === 'deleted account')).toBe(true);
    expect(earlier[1]!.summary).toBe('Gave a deleted account the Annual plan until 31 Jan 2028');
  });

  it.each(['from=yesterday', 'entityType=planet', 'limit=0', 'before=-3'])(
    'answers ?%s with 400',
    async (query) => {
      const response = await asAdmin({ method: 'GET', url: `/api/admin/audit-log?${query}` });
      expect(response.statusCode).toBe(400);
    },
  );
});

describe('searching the audit log by the people in it (issue 21 point 11)', () => {
  type Found = { items: AuditLogPage['items']; nextBefore: number | null };
  const search = async (query: string) => {
    const response = await asAdmin({ method: 'GET', url: `/api/admin/audit-log?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return {
      ...response.json<Found>(),
      total: Number(response.headers['x-total-count']),
      next: response.headers['x-next-cursor'] as string | undefined,
      link: response.headers.link as string | undefined,
    };
  };
  const ids = (found: Found) => found.items.map((entry) => entry.id);

  it('finds entries by the actor’s or the subject’s name or email, any case, and pages them by cursor', async () => {
    const tag = `Audittag${Date.now().toString(36)}`;
    const other = await makeAdmin(t);
    const jane = await customer(t, 'none', { firstName: `${tag}Jane`, lastName: 'Doe' });
    for (const firstName of [`${tag}Jane`, `${tag}Janet`, `${tag}Janine`]) {
      const response = await t.injectAs(other.cookie, {
        method: 'PUT',
        url: `/api/test/users/${jane.user.id}`,
        payload: { firstName, lastName: 'Doe', email: jane.user.email },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const madeCarer = await createCarer(carerFields({ firstName: tag, lastName: 'Profile' }));
    const checked = await uncheckedCarer(t, { firstName: `${tag}Checked`, lastName: 'Carer' });
    const submitted = await submitValidChecks(t, checked.cookie);
    expect(
      (await asAdmin({ method: 'POST', url: `/api/admin/verifications/${submitted.id}/approve` })).statusCode,
    ).toBe(200);
    // A report entry is about the account reported.
    await db()
      .insert(auditLog)
      .values({
        actorId: adminUser.id,
        action: 'report.warned',
        entityType: 'report',
        entityId: randomUUID(),
        after: { reportedAccountId: jane.user.id, note: 'Be polite.' },
      });

    // The subject's name across first and last, in any case: the three edits and the report.
    const aboutJane = await search(`q=${encodeURIComponent(`${tag}janine doe`.toUpperCase())}`);
    expect(aboutJane.total).toBe(4);
    expect(aboutJane.items.map((entry) => entry.action)).toEqual([
      'report.warned',
      'customer.updated',
      'customer.updated',
      'customer.updated',
    ]);
    // The subject's email; the carer profile by its name; the verification by its carer's email.
    expect((await search(`q=${encodeURIComponent(jane.user.email.toUpperCase())}`)).total).toBe(4);
    expect((await search(`q=${tag}%20profile`)).items.map((e) => [e.action, e.entityId])).toEqual([
      ['carer.created', madeCarer.id],
    ]);
    const byCarerEmail = await search(`q=${encodeURIComponent(checked.user.email)}`);
    expect(byCarerEmail.items.map((e) => [e.action, e.entityId])).toEqual([
      ['verification.approved', submitted.id],
    ]);
    // The actor's email: only what that admin did, with the other filters still applying.
    const byActor = await search(`q=${encodeURIComponent(other.user.email.toUpperCase())}`);
    expect(byActor.total).toBe(3);
    expect(byActor.items.every((entry) => entry.actorId === other.user.id)).toBe(true);
    expect((await search(`q=${encodeURIComponent(other.user.email)}&action=carer.created`)).total).toBe(0);

    // Pages of two by the cursor: every entry once, newest first, and the old `before` still works.
    const first = await search(`q=${tag}&limit=2`);
    expect(first.total).toBe(6);
    expect(first.next).toBe(String(first.nextBefore));
    const link = /^<([^>]+)>; rel="next"$/.exec(first.link ?? '')?.[1] ?? '';
    const next = new URL(link, 'http://localhost');
    expect(next.pathname).toBe('/api/admin/audit-log');
    expect(Object.fromEntries(next.searchParams)).toEqual({ q: tag, cursor: first.next, limit: '2' });
    const pages = [first];
    while (pages.at(-1)!.next) pages.push(await search(`q=${tag}&limit=2&cursor=${pages.at(-1)!.next}`));
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 2]);
    const listed = pages.flatMap(ids);
    expect(listed).toEqual([...new Set(listed)].sort((a, b) => b - a));
    expect(ids(await search(`q=${tag}&limit=2&before=${first.nextBefore}`))).toEqual(ids(pages[1]!));
  });

  it('takes search text literally: LIKE wildcards and SQL match nothing, and change nothing', async () => {
    for (const q of ['%', '_', '\\', "'; drop table audit_log; --", "x' or '1'='1"]) {
      const found = await search(`q=${encodeURIComponent(q)}`);
      expect(found.items, q).toEqual([]);
      expect(found.total).toBe(0);
    }
    expect((await search('')).total).toBeGreaterThan(0);
  });

  it.each(['cursor=not-a-cursor', 'cursor=0', 'cursor=-5', 'cursor=1%20or%201%3D1', `q=${'x'.repeat(101)}`])(
    'answers ?%s with 400',
    async (query) => {
      const response = await asAdmin({ method: 'GET', url: `/api/admin/audit-log?${query}` });
      expect(response.statusCode).toBe(400);
      if (query.startsWith('cursor')) expect(response.json().fieldErrors).toHaveProperty('cursor');
    },
  );
});
