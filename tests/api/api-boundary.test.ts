import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@contracts/endpoints';
import { STRIPE_ENV } from '../support/payments';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Decisions 0031 and 0034: each endpoint is declared once (src/contracts/api), the routes are
 * registered from the declarations (defineRoute) and the web calls the table derived from them
 * (src/contracts/endpoints.ts). This compares the app's registered routes with the contract:
 * a route added without its endpoint, or an endpoint without its route, fails here. The app is
 * built twice, so every optional route is seen: in demo mode (the demo card's confirmation) and
 * with Stripe and OpenID Connect configured (the webhook, the sign-in callback).
 */

/** Routes that are not the API: the OpenAPI viewer's files and the web app's files and pages. */
const NOT_API = (url: string) =>
  url.startsWith('/api/docs') || !/^\/(api|uploads)\/|^\/(healthz|readyz)$/.test(url);

const key = (method: string, url: string) => `${method} ${url}`;

function contractRoutes(): string[] {
  const found: string[] = [];
  for (const group of Object.values(endpoints))
    for (const endpoint of Object.values(group) as Endpoint[])
      found.push(key(endpoint.method, endpoint.path));
  return found.sort();
}

let demo: TestApp;
let configured: TestApp;
beforeAll(async () => {
  demo = await createTestApp();
  configured = await createTestApp(
    {
      ...STRIPE_ENV,
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_carematch_connect_secret',
      OIDC_ISSUER: 'https://id.example',
      OIDC_CLIENT_ID: 'carematch',
      OIDC_CLIENT_SECRET: 'a-client-secret',
    },
    undefined,
    { database: demo.database },
  );
});
afterAll(async () => {
  await configured?.close();
  await demo?.close();
});

/** The API routes one app registered (HEAD routes are Fastify's own copies of the GET routes). */
const apiRoutes = (app: TestApp) =>
  app.routes
    .flatMap((route) => [route.method].flat().map((method) => key(method, route.url)))
    .filter((route) => !route.startsWith('HEAD ') && !NOT_API(route.slice(route.indexOf(' ') + 1)));

describe('the typed API boundary', () => {
  it('registers exactly the routes of the contract, each once', () => {
    for (const app of [demo, configured]) {
      const routes = apiRoutes(app);
      expect(new Set(routes).size).toBe(routes.length);
    }
    const registered = [...new Set([...apiRoutes(demo), ...apiRoutes(configured)])].sort();
    expect(registered).toEqual(contractRoutes());
  });

  it('names every endpoint once', () => {
    const all = contractRoutes();
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(100);
  });

  it('keeps the contract plain data at runtime: a method and a path, nothing else', () => {
    for (const group of Object.values(endpoints))
      for (const endpoint of Object.values(group) as Endpoint[])
        expect(Object.keys(endpoint).sort()).toEqual(['method', 'path']);
  });
});
