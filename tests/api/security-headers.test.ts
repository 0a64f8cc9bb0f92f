import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminVerification } from '@contracts/verification';
import { multipart, photoWithGps } from '../support/carer-fixtures';
import {
  admin,
  carer,
  customer,
  startConversation,
  type Carer,
  type Person,
} from '../support/messaging-fixtures';
import { startDiscoveryOnlyProvider } from '../support/oidc-provider';
import { loadConfig } from '../../src/server/config';
import { registerSecurityHeaders } from '../../src/server/platform/security-headers';
import { createTestApp, PRODUCTION_TEST_ENV, TEST_PASSWORD, type TestApp } from '../support/test-app';
import { submitValidChecks } from '../support/verification-fixtures';

// Browser security: ASVS 5.0 V3.4 (browser security mechanism headers) and
// V3.3 (cookie setup): every kind of response the server makes carries the same protective
// headers, sensitive answers are never stored, and every cookie has the strictest flags it can.

const PRODUCTION_ENV = { ...PRODUCTION_TEST_ENV, PUBLIC_URL: 'https://carematch.example' };

type Headers = LightMyRequestResponse['headers'] | http.IncomingHttpHeaders;

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** The headers every answer must carry, whatever its kind (page, file, JSON, error, stream). */
function expectBrowserHeaders(
  headers: Headers,
  label: string,
  production = false,
  referrerPolicy = 'strict-origin-when-cross-origin',
) {
  const policy = String(headers['content-security-policy'] ?? '');
  const csp = directives(policy);
  expect(csp.get('default-src'), label).toEqual(["'self'"]);
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(scripts, label).toContain("'self'");
  for (const unsafe of [
    "'unsafe-inline'",
    "'unsafe-eval'",
    "'unsafe-hashes'",
    'data:',
    '*',
    'http:',
    'https:',
  ])
    expect(scripts, `${label}: script-src ${unsafe}`).not.toContain(unsafe);
  expect(csp.get('object-src'), label).toEqual(["'none'"]);
  // ASVS 5.0 3.4.3 asks for both of these to be 'none' (the app never uses a <base> element).
  expect(csp.get('base-uri'), label).toEqual(["'none'"]);
  expect(csp.get('form-action'), label).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['x-frame-options'], label).toBe('DENY');
  expect(headers['referrer-policy'], label).toBe(referrerPolicy);
  expect(headers['cross-origin-opener-policy'], label).toBe('same-origin');
  expect(headers['cross-origin-resource-policy'], label).toBe('same-origin');
  const permissions = String(headers['permissions-policy'] ?? '');
  for (const feature of ['camera=()', 'microphone=()', 'geolocation=()'])
    expect(permissions, label).toContain(feature);
  // No CORS: no other origin may read any answer (ASVS 3.4.2).
  expect(headers['access-control-allow-origin'], label).toBeUndefined();
  // Nothing names the server software or its version.
  expect(headers['x-powered-by'], label).toBeUndefined();
  expect(headers.server, label).toBeUndefined();
  if (production) {
    expect(headers['strict-transport-security'], label).toBe('max-age=31536000; includeSubDomains');
  } else {
    expect(headers['strict-transport-security'], label).toBeUndefined();
  }
}

/** A JSON error answer: `{ message }` only, no stack, no internals. */
function expectErrorBody(response: LightMyRequestResponse, status: number, label: string) {
  expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
  expect(response.headers['content-type'], label).toBe('application/json; charset=utf-8');
  const body = response.json<Record<string, unknown>>();
  expect(typeof body.message, label).toBe('string');
  expect(
    Object.keys(body).filter((key) => key !== 'message' && key !== 'fieldErrors'),
    label,
  ).toEqual([]);
  expect(response.body, label).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules|stack/i);
}

const appCode = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/** A miniature web build (index.html and one hashed asset), as web-app.test.ts serves. */
function writeWebDir(): string {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carematch-headers-'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>CareMatch</title><div id="root"></div>',
  );
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log("app");');
  fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return webDir;
}

describe('security headers on every kind of response (demo mode)', () => {
  let t: TestApp;
  let webDir: string;
  let family: Person;
  let grace: Carer;
  let staff: Person;
  let conversationId: string;
  let photoUrl: string;

  beforeAll(async () => {
    webDir = writeWebDir();
    t = await createTestApp({}, webDir);
    [family, grace, staff] = await Promise.all([customer(t), carer(t), admin(t)]);
    conversationId = await startConversation(t, family, grace);
    const photo = await t.injectAs(grace.cookie, {
      method: 'POST',
      url: `/api/carers/${grace.carerId}/photo`,
      ...multipart('photo', 'me.jpg', 'image/jpeg', await photoWithGps(64, 64)),
    });
    expect(photo.statusCode, photo.body).toBe(200);
    photoUrl = photo.json<{ photoUrl: string }>().photoUrl;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('sends them with the HTML shell, for the landing page and for an unknown page (the 404 page)', async () => {
    for (const url of ['/', '/carers?location=Leeds', '/no-such-page']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expectBrowserHeaders(response.headers, url);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expectBrowserHeaders(head.headers, 'HEAD /');
  });

  // Decision 0020: the emailed links carry a secret in the address; the page's requests (its
  // scripts, the API, any link followed) must not send that address on as a Referer.
  it('sends Referrer-Policy: no-referrer with the pages opened from an emailed link, and only those', async () => {
    for (const url of [
      '/reset-password?token=abc123',
      '/reset-password',
      '/confirm-email?token=abc123',
      '/verify-email?token=abc123',
      '/cancel-plan?token=abc123',
      '/reset-password/?token=abc123',
      '/Reset-Password?token=abc123',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expectBrowserHeaders(response.headers, url, false, 'no-referrer');
    }
    for (const url of ['/forgot-password', '/reset-passwords', '/settings?token=abc123', '/api/auth/user'])
      expectBrowserHeaders((await t.app.inject({ url })).headers, url);
  });

  it('sends them with static files, hashed assets cached for a year, and JSON 404 for a missing one', async () => {
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/^application\/javascript|^text\/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectBrowserHeaders(asset.headers, 'asset');
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expectBrowserHeaders(icon.headers, 'favicon');
    // No directory listing, no TRACE (ASVS 13.4.3, 13.4.4).
    for (const url of ['/assets/', '/assets', '/.vite/']) {
      const listing = await t.app.inject({ url });
      expect(listing.body, url).not.toContain('app-abc123.js');
      expectBrowserHeaders(listing.headers, url);
    }
    const trace = await t.app.inject({ method: 'TRACE' as 'GET', url: '/api/auth/user' });
    expect(trace.statusCode).toBeGreaterThanOrEqual(400);
    expect(trace.body).not.toMatch(/cookie/i);
    const missing = await t.app.inject({ url: '/assets/missing.js' });
    expectErrorBody(missing, 404, 'missing asset');
    expectBrowserHeaders(missing.headers, 'missing asset');
  });

  it('sends them with API JSON, and no API answer may be stored by a browser or a shared cache', async () => {
    const publicAnswers = [
      '/api/carers',
      `/api/carers/${grace.carerId}`,
      `/api/carers/${grace.carerId}/reviews`,
    ];
    for (const url of publicAnswers) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expectBrowserHeaders(response.headers, url);
      expect(response.headers['cache-control'], url).toMatch(/no-store/);
    }
    // Personal answers: the browser's back button or a shared computer must not show them again.
    const personal: [Person, string][] = [
      [family, '/api/auth/user'],
      [family, '/api/conversations'],
      [family, `/api/conversations/${conversationId}`],
      [grace, '/api/messages/unread'],
      [family, '/api/saved-carers'],
      [family, '/api/settings/sessions'],
      [family, '/api/settings/two-factor'],
      [family, '/api/subscription/status'],
      [family, '/api/payments'],
      [family, `/api/carers/${grace.carerId}`],
      [family, `/api/carers/${grace.carerId}/reviews/mine`],
      [grace, '/api/carers/my-profile'],
      [grace, '/api/carer-membership'],
      [staff, '/api/admin/users'],
      [staff, '/api/admin/verifications'],
      [staff, '/api/admin/reports'],
      [staff, '/api/admin/audit-log'],
    ];
    for (const [who, url] of personal) {
      const response = await t.injectAs(who.cookie, { url });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expectBrowserHeaders(response.headers, url);
      expect(response.headers['cache-control'], url).toMatch(/no-store/);
    }
    const written = await t.injectAs(family.cookie, {
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      payload: { content: 'Thank you, Grace.' },
    });
    expect(written.statusCode).toBe(201);
    expectBrowserHeaders(written.headers, 'POST reply');
    expect(written.headers['cache-control']).toMatch(/no-store/);
  });

  it('sends them with every error: 400, 401, 403, 404, 413, 415, 429', async () => {
    const cases: [number, string, Promise<LightMyRequestResponse>][] = [
      [
        400,
        'invalid body',
        t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 1 } }),
      ],
      [
        400,
        'invalid JSON',
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"email":',
        }),
      ],
      [401, 'signed out', t.app.inject({ url: '/api/auth/user' })],
      [
        401,
        'wrong password',
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: family.user.email, password: 'Not-the-password-1' },
          remoteAddress: '198.51.100.77',
        }),
      ],
      [403, 'not an admin', t.injectAs(family.cookie, { url: '/api/admin/users' })],
      [
        403,
        'cross-site write',
        t.injectAs(family.cookie, {
          method: 'POST',
          url: `/api/conversations/${conversationId}/messages`,
          headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
          payload: { content: 'forged' },
        }),
      ],
      [404, 'unknown API route', t.app.inject({ method: 'DELETE', url: '/api/nothing/here' })],
      [
        404,
        'someone else’s conversation',
        t.injectAs(grace.cookie, { url: `/api/conversations/${crypto.randomUUID()}` }),
      ],
      [
        413,
        'body too large',
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'a@b.co', password: 'x'.repeat(1_100_000) },
        }),
      ],
      [
        415,
        'wrong content type',
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'text/xml' },
          payload: '<a/>',
        }),
      ],
      // The bodies another site's form could send without a preflight never reach a JSON route.
      [
        415,
        'form-encoded body',
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `email=${encodeURIComponent(family.user.email)}&password=x`,
        }),
      ],
      [
        400,
        'text/plain body',
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'text/plain' },
          payload: JSON.stringify({ email: family.user.email, password: TEST_PASSWORD }),
        }),
      ],
    ];
    for (const [status, label, pending] of cases) {
      const response = await pending;
      expectErrorBody(response, status, label);
      expectBrowserHeaders(response.headers, label);
      expect(response.headers['cache-control'], label).toMatch(/no-store/);
    }

    const noPhoto = await t.app.inject({ url: `/uploads/photos/${crypto.randomUUID()}.webp` });
    expectErrorBody(noPhoto, 404, 'unknown photo');
    expectBrowserHeaders(noPhoto.headers, 'unknown photo');

    // 429: the data export allows 5 downloads an hour.
    const someone = await t.register();
    let limited: LightMyRequestResponse | undefined;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      limited = await t.injectAs(someone.cookie, { method: 'POST', url: '/api/settings/export' });
    }
    expectErrorBody(limited!, 429, 'rate limited');
    expect(limited!.headers['retry-after']).toBeDefined();
    expectBrowserHeaders(limited!.headers, 'rate limited');
  });

  it('sends them with a 500 (ErrorBody, nothing of the failure) and a 503', async () => {
    const original = t.storage.get.bind(t.storage);
    const name = photoUrl.split('/').pop()!;
    try {
      t.storage.get = () => Promise.reject(new Error('secret internal detail /var/lib/storage'));
      const failed = await t.app.inject({ url: `/uploads/photos/${name}` });
      expectErrorBody(failed, 500, '500');
      expect(failed.body).not.toContain('secret internal detail');
      expectBrowserHeaders(failed.headers, '500');

      t.storage.get = () =>
        Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
      const unavailable = await t.app.inject({ url: `/uploads/photos/${name}` });
      expectErrorBody(unavailable, 503, '503');
      expectBrowserHeaders(unavailable.headers, '503');
    } finally {
      t.storage.get = original;
    }
  });

  it('sends them with the sign-in and sign-out redirects', async () => {
    const login = await t.app.inject({ url: '/api/login?returnTo=%2Fmessages' });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/login?returnTo=%2Fmessages');
    expectBrowserHeaders(login.headers, '/api/login');
    // An address elsewhere is never a redirect target.
    const away = await t.app.inject({ url: '/api/login?returnTo=https%3A%2F%2Fevil.example%2F' });
    expect(away.headers.location).toBe('/login');
    const protocolRelative = await t.app.inject({ url: '/api/login?returnTo=%2F%2Fevil.example' });
    expect(protocolRelative.headers.location).toBe('/login');

    const someone = await t.register();
    const logout = await t.injectAs(someone.cookie, { url: '/api/logout' });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe('/');
    expectBrowserHeaders(logout.headers, '/api/logout');
    const cleared = logout.cookies.find((c) => c.name === t.config.session.cookieName);
    expect(cleared).toMatchObject({ value: '', path: '/', httpOnly: true, sameSite: 'Lax' });
  });

  it('sends them with the live events stream (text/event-stream, never cached or transformed)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { status, headers } = await new Promise<{ status?: number; headers: http.IncomingHttpHeaders }>(
      (resolve, reject) => {
        const request = http.get(
          `http://127.0.0.1:${port}/api/events`,
          { agent: false, headers: { accept: 'text/event-stream', cookie: family.cookie } },
          (response) => {
            resolve({ status: response.statusCode, headers: response.headers });
            request.destroy();
          },
        );
        request.on('error', reject);
      },
    );
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(headers['cache-control']).toBe('no-cache, no-transform');
    expectBrowserHeaders(headers, 'event stream');
  });

  it('sends them with an uploaded photo, served as WebP inline and nothing else', async () => {
    const response = await t.app.inject({ url: photoUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['content-disposition']).toBe('inline');
    expectBrowserHeaders(response.headers, 'photo');
  });

  it('sends them with a verification document, only ever an attachment for admins, never stored', async () => {
    const checker = await carer(t);
    await submitValidChecks(t, checker.cookie);
    const queue = await t.injectAs(staff.cookie, { url: '/api/admin/verifications' });
    const item = queue.json<AdminVerification[]>().find((entry) => entry.carerId === checker.carerId)!;
    for (const document of item.documents) {
      const response = await t.injectAs(staff.cookie, { url: document.downloadUrl });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[^"/\\]+"$/);
      expect(response.headers['content-type']).not.toMatch(/html|svg|xml|javascript/);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expectBrowserHeaders(response.headers, document.downloadUrl);
      const asCarer = await t.injectAs(checker.cookie, { url: document.downloadUrl });
      expect(asCarer.statusCode).toBe(403);
      expectBrowserHeaders(asCarer.headers, 'document refused');
    }
  });

  // The calendar feed's address is its secret: its own no-referrer (and its own cache rule) must
  // not be overwritten by the general defaults.
  it('sends them with the calendar feed, whose own Referrer-Policy: no-referrer and cache rule win', async () => {
    const made = await t.injectAs(family.cookie, { method: 'POST', url: '/api/settings/calendar-feed' });
    const feed = await t.app.inject({ url: new URL(made.json<{ url: string }>().url).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, max-age=300');
    expectBrowserHeaders(feed.headers, 'calendar feed', false, 'no-referrer');
  });

  it('sends them with the data export ZIP, an attachment never stored', async () => {
    const response = await t.injectAs(family.cookie, { method: 'POST', url: '/api/settings/export' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.zip"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    expectBrowserHeaders(response.headers, 'export');
  });

  it('sends them with the OpenAPI description and its viewer', async () => {
    for (const url of ['/api/docs/json', '/api/docs/', '/api/docs/static/index.html']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBeLessThan(400);
      expectBrowserHeaders(response.headers, url);
    }
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/, host-only (plain http in demo: no Secure)', async () => {
    const { user } = await t.register();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const cookie = response.cookies.find((c) => c.name === 'cm_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.domain).toBeUndefined();
    expect(cookie?.expires).toBeInstanceOf(Date);
  });

  it('sets the two-factor challenge cookie the same way, and no session cookie before the code', async () => {
    const { user, cookie } = await t.register();
    const setup = await t.injectAs(cookie, { method: 'POST', url: '/api/settings/two-factor/setup' });
    const { secret } = setup.json<{ secret: string }>();
    const enable = await t.injectAs(cookie, {
      method: 'POST',
      url: '/api/settings/two-factor/enable',
      payload: { code: appCode(secret), currentPassword: TEST_PASSWORD },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '198.51.100.88',
    });
    expect(first.statusCode).toBe(202);
    expectBrowserHeaders(first.headers, 'two-factor pending');
    expect(first.headers['cache-control']).toMatch(/no-store/);
    const challenge = first.cookies.find((c) => c.name === 'cm_2fa');
    expect(challenge).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(challenge?.domain).toBeUndefined();
    expect(first.cookies.find((c) => c.name === 'cm_session')).toBeUndefined();
  });
});

describe('a route’s own security header wins over the default', () => {
  // Every header the defaults set, each given another value by the route: all must arrive as the
  // route wrote them; a route that sets none gets every default.
  const OWN: Record<string, string> = {
    'cache-control': 'private, max-age=60',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-site',
    'permissions-policy': 'camera=()',
    'strict-transport-security': 'max-age=600',
  };
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerSecurityHeaders(app, loadConfig({ ...PRODUCTION_ENV }));
    app.get('/api/own', async (_request, reply) => {
      for (const [name, value] of Object.entries(OWN)) reply.header(name, value);
      return { own: true };
    });
    app.get('/api/plain', async () => ({ own: false }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('keeps every header the route set, and fills in only the ones it did not', async () => {
    const own = await app.inject({ url: '/api/own' });
    for (const [name, value] of Object.entries(OWN)) expect(own.headers[name], name).toBe(value);
    const plain = await app.inject({ url: '/api/plain' });
    expectBrowserHeaders(plain.headers, 'a route that sets none', true);
    expect(plain.headers['cache-control']).toBe('no-store');
  });
});

describe('cookies and HSTS in production', () => {
  let t: TestApp;
  let provider: { issuer: string; close(): void };
  const ADMIN_PASSWORD = 'Lantern-Orchard-Violet-77';
  beforeAll(async () => {
    provider = await startDiscoveryOnlyProvider();
    t = await createTestApp({
      ...PRODUCTION_ENV,
      ADMIN_EMAIL: 'ops@example.com',
      ADMIN_PASSWORD,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'carematch',
      OIDC_CLIENT_SECRET: 'provider-secret',
    });
  });
  afterAll(async () => {
    await t.close();
    provider.close();
  });

  it('sends HSTS and the same headers on pages of the API, its errors and its redirects', async () => {
    for (const url of ['/healthz', '/api/carers', '/api/auth/user', '/api/nothing', '/api/logout']) {
      const response = await t.app.inject({ url });
      expectBrowserHeaders(response.headers, url, true);
    }
  });

  it('sets the session cookie Secure, HttpOnly, SameSite=Lax with the __Host- prefix, and clears it the same way', async () => {
    const { user, cookie } = await t.register();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const session = response.cookies.find((c) => c.name === '__Host-cm_session');
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.domain).toBeUndefined();
    expect(response.cookies.map((c) => c.name)).not.toContain('cm_session');

    const logout = await t.injectAs(cookie, { url: '/api/logout' });
    const cleared = logout.cookies.find((c) => c.name === '__Host-cm_session');
    // A __Host- cookie is only replaced (here: expired) by one with the same strict flags.
    expect(cleared).toMatchObject({ value: '', secure: true, httpOnly: true, path: '/' });
    expect(cleared?.domain).toBeUndefined();
  });

  it('sets the two-factor challenge cookie as __Host-cm_2fa, Secure, HttpOnly, SameSite=Lax', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'ops@example.com', password: ADMIN_PASSWORD },
      remoteAddress: '198.51.100.99',
    });
    expect(first.statusCode, first.body).toBe(202);
    const challenge = first.cookies.find((c) => c.name === '__Host-cm_2fa');
    expect(challenge).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(challenge?.domain).toBeUndefined();
    expect(first.cookies.map((c) => c.name)).not.toContain('cm_2fa');
    expectBrowserHeaders(first.headers, 'admin two-factor pending', true);
  });

  it('sends a fresh nonce to the provider with each sign-in and keeps it in the signed state cookie (ASVS 10.5.1)', async () => {
    const nonces = new Set<string>();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const start = await t.app.inject({ url: '/api/login' });
      const nonce = new URL(start.headers.location as string).searchParams.get('nonce');
      expect(nonce).toMatch(/^[\w-]{43,}$/);
      const state = start.cookies.find((c) => c.name === '__Secure-cm_oidc')!;
      const unsigned = t.app.unsignCookie(decodeURIComponent(state.value));
      expect(unsigned.valid).toBe(true);
      expect(JSON.parse(unsigned.value!)).toMatchObject({ nonce });
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(2);
  });

  it('sets the OpenID Connect state cookie Secure (__Secure- prefix), HttpOnly, SameSite=Lax, signed, short-lived, on its path only', async () => {
    const start = await t.app.inject({ url: '/api/login' });
    expect(start.statusCode).toBe(302);
    expectBrowserHeaders(start.headers, '/api/login to the provider', true);
    const state = start.cookies.find((c) => c.name === '__Secure-cm_oidc');
    expect(state).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth/oidc',
      maxAge: 600,
    });
    expect(state?.domain).toBeUndefined();
    // Signed: its value ends with the signature.
    expect(state?.value).toMatch(/\.[\w%+/=-]+$/);

    const callback = await t.app.inject({
      url: '/api/auth/oidc/callback?code=abc&state=xyz',
      cookies: { '__Secure-cm_oidc': state!.value },
    });
    expect(callback.statusCode).toBe(302);
    expectBrowserHeaders(callback.headers, 'OIDC callback', true);
    // Expired at once, with the flags a __Secure- cookie must keep to be replaced.
    const cleared = callback.cookies.find((c) => c.name === '__Secure-cm_oidc');
    expect(cleared).toMatchObject({ value: '', secure: true, path: '/api/auth/oidc' });
  });
});
