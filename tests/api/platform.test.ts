import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@contracts/errors';
import {
  CONTENT_SECURITY_POLICY,
  STRIPE_CONTENT_SECURITY_POLICY,
} from '../../src/server/platform/security-headers';
import { createFakeStripe, STRIPE_ENV } from '../support/payments';
import { startDiscoveryOnlyProvider } from '../support/oidc-provider';
import { createTestApp, TEST_PASSWORD, type TestApp, PRODUCTION_TEST_ENV } from '../support/test-app';

describe('platform (demo mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 on /readyz while the database is unreachable', async () => {
    const down = await createTestApp();
    await down.database.close();
    const ready = await down.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable' });
    await down.app.close();
  });

  it.each(['/api/auth/user', '/api/no-such-route', '/healthz'])(
    'sends the security headers on %s',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
      expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: ERROR_MESSAGES.notFound });
  });

  it('answers an oversized body with 413 and a message, not a stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(2_000_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: ERROR_MESSAGES.payloadTooLarge });
  });

  it('answers a wrong content type with 415 and a message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('words schema failures so the caller knows which field and what to send', async () => {
    const { cookie } = await t.register();
    const post = (url: string, payload: unknown) =>
      t.injectAs(cookie, {
        method: 'POST',
        url,
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
    const notObject = await post('/api/subscribe', []);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().message).toBe('The request body must be an object.');
    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.password).toBe('The field "password" is required.');
    const tooLong = await t.injectAs(cookie, { url: `/api/carers/${'x'.repeat(65)}` });
    expect(tooLong.statusCode).toBeLessThan(500);
    expect(tooLong.json().message).not.toMatch(/^Too big|^Invalid input/);
    // The contracts' own messages are kept.
    const badEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'not-an-email', password: 'x' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).not.toMatch(/^The field/);
  });

  it('serves the OpenAPI description generated from the route schemas', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/register',
        '/api/auth/login',
        '/api/auth/user',
        '/api/login',
        '/api/logout',
      ]),
    );
    expect(spec.paths['/api/auth/register']?.post?.requestBody).toBeDefined();
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });
});

describe('platform (production mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ...PRODUCTION_TEST_ENV,
      PUBLIC_URL: 'https://carematch.example',
    });
  });
  afterAll(() => t.close());

  it('sets a Secure, HttpOnly, SameSite=Lax cookie with the __Host- prefix', async () => {
    const { user } = await t.register();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const cookie = response.cookies.find((c) => c.name === '__Host-cm_session');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.domain).toBeUndefined();
    expect(response.cookies.find((c) => c.name === 'cm_session')).toBeUndefined();
  });

  it('sends HSTS', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('trusts its public origin for state-changing requests and refuses others', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://carematch.example' },
    });
    expect(ok.statusCode).toBe(204);
    const sibling = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.carematch.example.net' },
    });
    expect(sibling.statusCode).toBe(403);
  });
});

describe('platform (Stripe mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(STRIPE_ENV, undefined, { stripeClient: createFakeStripe().client });
  });
  afterAll(() => t.close());

  it.each(['/api/auth/user', '/healthz', '/api/payments/config'])(
    'allows Stripe.js, its frames and its API in the CSP on %s, and nothing else more',
    async (url) => {
      const policy = (await t.app.inject({ url })).headers['content-security-policy'] as string;
      expect(policy).toBe(STRIPE_CONTENT_SECURITY_POLICY);
      const directive = (name: string) =>
        policy
          .split('; ')
          .find((part) => part.startsWith(`${name} `))!
          .split(' ')
          .slice(1);
      expect(directive('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
      expect(directive('frame-src')).toEqual([
        "'self'",
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://hooks.stripe.com',
      ]);
      expect(directive('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
      // Everything else is the demo policy unchanged.
      const others = (p: string) =>
        p.split('; ').filter((part) => !/^(script|frame|connect)-src /.test(part));
      expect(others(policy)).toEqual(others(CONTENT_SECURITY_POLICY));
    },
  );
});

describe('OpenID Connect sign-in', () => {
  let provider: { issuer: string; close(): void };
  let issuer: string;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startDiscoveryOnlyProvider();
    issuer = provider.issuer;
    t = await createTestApp({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'carematch',
      OIDC_CLIENT_SECRET: 'provider-secret',
    });
  });
  afterAll(async () => {
    await t.close();
    provider.close();
  });

  it('redirects /api/login to the provider with PKCE and state, keeping both in a signed cookie', async () => {
    const response = await t.app.inject({ url: '/api/login?returnTo=%2Fsubscribe' });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(location.origin + location.pathname).toBe(`${issuer}/authorize`);
    expect(location.searchParams.get('client_id')).toBe('carematch');
    expect(location.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}/api/auth/oidc/callback`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('state')).toBeTruthy();
    const cookie = response.cookies.find((c) => c.name === 'cm_oidc');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/auth/oidc' });
  });

  it('sends a callback with a missing or tampered cookie back to the sign-in page', async () => {
    const missing = await t.app.inject({ url: '/api/auth/oidc/callback?code=abc&state=xyz' });
    expect(missing.headers.location).toBe('/login?error=oidc');
    const tampered = await t.app.inject({
      url: '/api/auth/oidc/callback?code=abc&state=xyz',
      cookies: { cm_oidc: 'forged.value' },
    });
    expect(tampered.headers.location).toBe('/login?error=oidc');
  });

  // Decision 0020: the return path kept for after the provider's sign-in accepted '/\t/host'
  // (browsers drop the tab: another site) and '/%0a' (a newline in the Location header: a 500).
  it.each([
    '/%09/evil.example',
    '/%0a',
    '%2F%5Cevil.example',
    '//evil.example',
    '/.//evil.example',
    '/%E2%80%A8',
  ])('keeps only a same-site path for after the provider sign-in (returnTo=%s)', async (raw) => {
    const response = await t.app.inject({ url: `/api/login?returnTo=${raw}` });
    expect(response.statusCode).toBe(302);
    const cookie = response.cookies.find((c) => c.name === 'cm_oidc')!;
    const unsigned = t.app.unsignCookie(cookie.value);
    expect(unsigned.valid).toBe(true);
    expect(JSON.parse(unsigned.value!)).toMatchObject({ returnTo: '/' });
  });

  it('keeps a plain same-site path for after the provider sign-in', async () => {
    const response = await t.app.inject({ url: '/api/login?returnTo=%2Fmessages%3Ftab%3D1' });
    const cookie = response.cookies.find((c) => c.name === 'cm_oidc')!;
    expect(JSON.parse(t.app.unsignCookie(cookie.value).value!)).toMatchObject({
      returnTo: '/messages?tab=1',
    });
  });
});
