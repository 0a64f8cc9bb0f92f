// Decision 0018: a production start without Stripe keys ran the demo provider (anyone could
// confirm a demo card for a year of access). Production now runs it only when the operator writes
// PAYMENTS_PROVIDER=demo, and says so loudly at every start; config.ts refuses the start otherwise
// (tests/unit/config.test.ts).
import { PassThrough } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { PaymentsConfig } from '@contracts/subscriptions';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/client';
import { createFakeStripe, STRIPE_ENV } from '../support/payments';
import { createTestDatabase } from '../support/test-database';

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://unused@127.0.0.1:5432/unused', // the test database is injected instead
  SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
  LOG_LEVEL: 'warn',
};

const opened: Array<{ app: FastifyInstance; database: DatabaseHandle }> = [];
afterEach(async () => {
  for (const { app, database } of opened.splice(0)) {
    await app.close();
    await database.close();
  }
});

async function start(env: Record<string, string>) {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) =>
    lines.push(
      ...chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: number; msg: string }),
    ),
  );
  const database = await createTestDatabase();
  const app = await buildApp({
    config: loadConfig({ ...PRODUCTION, ...env }),
    database,
    logStream: stream,
    stripeClient: createFakeStripe().client,
  });
  await app.ready();
  opened.push({ app, database });
  return { app, lines };
}

it('runs the demo provider in production only with PAYMENTS_PROVIDER=demo, warning at start', async () => {
  const { app, lines } = await start({ PAYMENTS_PROVIDER: 'demo' });
  const warning = lines.find((line) => /PAYMENTS_PROVIDER=demo/.test(line.msg));
  expect(warning?.level).toBe(40); // pino's warn
  expect(warning?.msg).toMatch(/no card is charged/);
  expect(warning?.msg).toMatch(/paid access is given away/);
  const config = (await app.inject({ url: '/api/payments/config' })).json<PaymentsConfig>();
  expect(config).toEqual({ provider: 'demo', publishableKey: null });
});

it('takes payments through Stripe in production when its keys are set, with no warning', async () => {
  const { app, lines } = await start(STRIPE_ENV);
  expect(lines.some((line) => /PAYMENTS_PROVIDER|demo provider/.test(line.msg))).toBe(false);
  const config = (await app.inject({ url: '/api/payments/config' })).json<PaymentsConfig>();
  expect(config.provider).toBe('stripe');
});

it('does not start in production without Stripe keys or the opt-in', () => {
  expect(() => loadConfig(PRODUCTION)).toThrow(
    /STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET/,
  );
});
