// Losing the database, the parts that are quick and deterministic: while the database cannot be
// reached, the API answers 503 with the ErrorBody message (never a 500 or a hang), signed-in
// requests included; a Stripe webhook is refused with a 5xx so Stripe delivers it again, and the
// redelivery, once the database answers, is applied exactly once. `npm run bench:faults` proves
// the same against a real PostgreSQL that is stopped and started in the middle of a load.

import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@contracts/errors';
import type { SubscriptionStatus } from '@contracts/subscriptions';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { isDatabaseUnavailable } from '../../src/server/platform/errors';
import { createMemoryStorage } from '../../src/server/platform/storage';
import {
  createFakeStripe,
  paymentEventCount,
  paymentIntentObject,
  paymentsOf,
  postWebhook,
  receiptsTo,
  STRIPE_ENV,
  stripeEvent,
} from '../support/payments';
import { createTestApp, type TestApp } from '../support/test-app';

/** A loopback port nothing listens on: every connection is refused at once (ECONNREFUSED). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const stripe = createFakeStripe();
let t: TestApp;
/** The same app (Stripe mode, same secrets) on a PostgreSQL pool whose server is away. */
let down: TestApp['app'];
let downDatabase: DatabaseHandle;

beforeAll(async () => {
  t = await createTestApp(STRIPE_ENV, undefined, { stripeClient: stripe.client });
  downDatabase = await openDatabase({
    kind: 'postgres',
    url: `postgres://postgres@127.0.0.1:${await closedPort()}/carematch`,
    poolSize: 2,
  });
  down = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...STRIPE_ENV }),
    database: downDatabase,
    storage: createMemoryStorage(),
    stripeClient: stripe.client,
  });
  await down.ready();
});

afterAll(async () => {
  await down?.close();
  await downDatabase?.close();
  await t?.close();
});

const unavailable = { message: ERROR_MESSAGES.serviceUnavailable };

describe('while the database is unreachable', () => {
  it.each([
    ['GET', '/api/carers'],
    ['GET', '/api/carers?location=leeds&careType=Elderly%20Care'],
    ['GET', '/api/carers/8f14e45f-ceea-467f-a8d5-1c2b3d4e5f60'],
  ] as const)('%s %s answers 503 with the service-unavailable message', async (method, url) => {
    const response = await down.inject({ method, url });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual(unavailable);
  });

  it('answers 503 to a signed-in request (the session cannot be looked up) and to a sign-in', async () => {
    const { cookie } = await t.register();
    const conversations = await down.inject({ url: '/api/conversations', headers: { cookie } });
    expect(conversations.statusCode).toBe(503);
    expect(conversations.json()).toEqual(unavailable);
    const login = await down.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'someone@example.org', password: 'Kettle-Harbour-Meadow-42' },
    });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toEqual(unavailable);
  });

  it('reports not ready on /readyz and alive on /healthz', async () => {
    expect((await down.inject({ url: '/readyz' })).statusCode).toBe(503);
    expect((await down.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('refuses a Stripe webhook with 503, and its redelivery is applied exactly once', async () => {
    const person = await t.register();
    expect(
      (await t.injectAs(person.cookie, { method: 'POST', url: '/api/create-subscription' })).statusCode,
    ).toBe(200);
    const [payment] = await paymentsOf(t, person.user.id);
    const event = stripeEvent('payment_intent.succeeded', paymentIntentObject(payment!.providerReference!));
    const eventsBefore = await paymentEventCount(t);

    const refused = await postWebhook({ ...t, app: down }, event);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(unavailable);
    expect(await paymentEventCount(t)).toBe(eventsBefore);

    // Stripe retries the same signed event: applied once, then acknowledged without acting.
    for (let delivery = 0; delivery < 3; delivery += 1) {
      const retried = await postWebhook(t, event);
      expect(retried.statusCode).toBe(200);
    }
    expect(await paymentEventCount(t)).toBe(eventsBefore + 1);
    const [paid] = await paymentsOf(t, person.user.id);
    expect(paid!.status).toBe('succeeded');
    const status = (
      await t.injectAs(person.cookie, { url: '/api/subscription/status' })
    ).json<SubscriptionStatus>();
    expect(status).toMatchObject({ hasActiveSubscription: true, subscriptionType: 'three_month' });
    expect(await receiptsTo(t, person.user.email)).toHaveLength(1);
  });
});

describe('isDatabaseUnavailable', () => {
  const withCode = (message: string, code?: string) => Object.assign(new Error(message), { code });
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['an administrator shutdown', withCode('terminating connection', '57P01')],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    [
      'a driver error wrapped by Drizzle',
      new Error('Failed query: select 1', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
    ],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key', '23505')],
    ['a plain bug', new TypeError('x is undefined')],
    ['a wrapped syntax error', new Error('Failed query', { cause: withCode('syntax error', '42601') })],
    ['not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
