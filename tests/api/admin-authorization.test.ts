import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@contracts/errors';
import { createPeople, type Person } from '../support/review-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Every route under /api/admin and /api/test, for every role (product.md, differences 1, 2 and 6): a
 * visitor gets 401, a customer or carer 403, an admin gets through (whatever the route then says:
 * 200, 400, 404…). The last test walks the routes the app actually registered and fails when one
 * is missing here: a new admin route needs a row. Ids are random, so admin calls change nothing
 * that matters; bodies are empty or invalid on purpose: the guard answers before validation.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Row {
  method: Method;
  /** The registered pattern, as Fastify reports it. */
  pattern: string;
  /** A body to send (JSON), if any. */
  body?: object;
}

const row = (method: Method, pattern: string, body?: object): Row => ({ method, pattern, body });

const ROUTES: Row[] = [
  // Admin dashboard, Admin Management, test pages (product §7)
  row('GET', '/api/admin/overview'),
  row('GET', '/api/admin/users'),
  row('GET', '/api/admin/users/csv'),
  row('GET', '/api/test/users'),
  row('PUT', '/api/test/users/:id', { firstName: 'A', lastName: 'B', email: 'a@example.com' }),
  row('DELETE', '/api/test/users/:id'),
  row('PATCH', '/api/admin/users/:userId/subscription', { status: 'active', type: 'monthly' }),
  row('PATCH', '/api/test/users/:userId/subscription', { status: 'active', type: 'monthly' }),
  row('PUT', '/api/test/users/:userId/subscription', { status: 'inactive' }),
  row('POST', '/api/test/create-sample-users'),
  row('GET', '/api/admin/carers'),
  row('GET', '/api/admin/carers/csv'),
  row('GET', '/api/test/carers'),
  row('POST', '/api/test/carers', {}),
  row('PUT', '/api/test/carers/:id', {}),
  row('DELETE', '/api/test/carers/:id'),
  // Audit log
  row('GET', '/api/admin/audit-log'),
  // Card payment disputes (decision 0039)
  row('GET', '/api/admin/care-payments/disputes'),
  row('POST', '/api/admin/care-payments/disputes/:id/handled', {}),
  // Payments, fees and payouts overview (decision 0041)
  row('GET', '/api/admin/care-payments/overview'),
  row('GET', '/api/admin/care-payments/overview/csv'),
  // Carer verification queue and private documents
  row('GET', '/api/admin/verifications'),
  row('GET', '/api/admin/verifications/:id'),
  row('POST', '/api/admin/verifications/:id/approve'),
  row('POST', '/api/admin/verifications/:id/reject', {}),
  row('GET', '/api/admin/verification-documents/:id'),
  // Insurance, the due queue and DBS Update Service status checks
  row('GET', '/api/admin/insurance'),
  row('POST', '/api/admin/insurance/:id/approve'),
  row('POST', '/api/admin/insurance/:id/reject', {}),
  row('GET', '/api/admin/compliance/due'),
  row('POST', '/api/admin/verifications/:id/status-checks', {}),
  // Safeguarding queue
  row('GET', '/api/admin/reports'),
  row('POST', '/api/admin/reports/:id/resolve', {}),
  row('POST', '/api/admin/users/:id/unsuspend'),
  row('DELETE', '/api/admin/users/:id/sessions'),
  // Care arrangements of an account, each look audited
  row('GET', '/api/admin/users/:id/arrangements'),
];

/** The two routes open to everyone (the admin sign-in itself). */
const PUBLIC_ROUTES = ['POST /api/admin/login', 'GET /api/admin/login-hint'];

const urlOf = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, () => randomUUID());

let t: TestApp;
let people: Record<'customer' | 'subscriber' | 'carer' | 'admin', Person>;

beforeAll(async () => {
  t = await createTestApp();
  const make = createPeople(t);
  people = {
    customer: await make.customer(),
    subscriber: await make.customer('active'),
    carer: await make.carer(),
    admin: await make.admin(),
  };
});
afterAll(() => t.close());

const call = (route: Row, cookie?: string, headers: Record<string, string> = {}) =>
  t.injectAs(cookie, {
    method: route.method,
    url: urlOf(route.pattern),
    headers,
    ...(route.body ? { payload: route.body } : {}),
  });

const name = (route: Row) => `${route.method} ${route.pattern}`;

describe.each(ROUTES.map((route) => [name(route), route] as const))('%s', (_name, route) => {
  it('answers a visitor with 401', async () => {
    const response = await call(route);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: ERROR_MESSAGES.unauthorized });
  });

  it.each(['customer', 'subscriber', 'carer'] as const)('answers a %s with 403', async (role) => {
    const response = await call(route, people[role].cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: ERROR_MESSAGES.forbidden });
  });

  it('lets an admin through', async () => {
    const response = await call(route, people.admin.cookie);
    expect([401, 403], response.body).not.toContain(response.statusCode);
  });
});

describe('what a non-admin adds changes nothing', () => {
  // The spec's admin login set a browser flag; no cookie, header or query flag grants anything.
  const flags = {
    cookie: 'adminLoggedIn=true; isAdmin=true; role=admin',
    'x-admin': 'true',
    'x-admin-login': 'true',
    authorization: 'Bearer admin',
  };

  it.each(ROUTES.map((route) => [name(route), route] as const))('%s', async (_name, route) => {
    const { cookie, ...headers } = flags;
    const visitor = await t.injectAs(undefined, {
      method: route.method,
      url: `${urlOf(route.pattern)}?admin=true`,
      headers: { ...headers, cookie },
      ...(route.body ? { payload: route.body } : {}),
    });
    expect(visitor.statusCode).toBe(401);
    const customer = await t.injectAs(undefined, {
      method: route.method,
      url: `${urlOf(route.pattern)}?admin=true`,
      headers: { ...headers, cookie: `${people.customer.cookie}; ${cookie}` },
      ...(route.body ? { payload: route.body } : {}),
    });
    expect(customer.statusCode).toBe(403);
  });

  it('answers before the body is read: a malformed body still gets 401, not 400', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/test/users/${randomUUID()}`,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(401);
  });

  it('guards odd spellings of the paths too', async () => {
    for (const url of ['/api/admin/users?x=1', '/api/test/users/', '/api/admin/unknown-route']) {
      const response = await t.injectAs(people.customer.cookie, { method: 'GET', url });
      expect(response.statusCode, url).toBe(403);
    }
    // Percent-encoded letters either reach the route (and meet the guard) or no route at all.
    for (const url of ['/api/%61dmin/users', '/api/admin/%75sers', '/api/t%65st/carers']) {
      const response = await t.injectAs(people.customer.cookie, { method: 'GET', url });
      expect([403, 404], url).toContain(response.statusCode);
      expect(response.body, url).not.toContain(people.customer.user.email);
    }
  });
});

describe('the table', () => {
  it('covers every route registered under /api/admin and /api/test', () => {
    const registered = t.app.adminRoutes
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    expect(registered).toContain('GET /api/admin/users');
    const listed = new Set(ROUTES.map(name));
    expect(registered.filter((route) => !listed.has(route))).toEqual([]);
    // The sign-in routes are the only ones the guard lets through, and they exist.
    for (const route of PUBLIC_ROUTES) expect(registered).not.toContain(route);
    expect(t.app.hasRoute({ method: 'POST', url: '/api/admin/login' })).toBe(true);
    expect(t.app.hasRoute({ method: 'GET', url: '/api/admin/login-hint' })).toBe(true);
  });

  it('leaves the sign-in routes open', async () => {
    const hint = await t.app.inject({ method: 'GET', url: '/api/admin/login-hint' });
    expect(hint.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'nobody@example.com', password: 'wrong' },
    });
    expect(login.statusCode).toBe(401);
  });
});
