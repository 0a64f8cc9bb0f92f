import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/client';
import { createTestDatabase } from '../support/test-database';

let app: FastifyInstance;
let database: DatabaseHandle;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace' }),
    database,
    logStream: stream,
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

it('writes structured JSON logs with no password, hash or session token in them', async () => {
  const password = 'Very-Secret-Passphrase-991';
  await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      email: 'logged@example.org',
      password,
      firstName: 'Log',
      lastName: 'Check',
      userType: 'customer',
    },
  });
  // Registering signs nobody in (decision 0019): the session comes from signing in.
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'logged@example.org', password },
  });
  const token = signedIn.cookies.find((c) => c.name === 'cm_session')!.value;
  await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'logged@example.org', password: 'Wrong-Secret-Passphrase-1' },
  });
  await app.inject({
    method: 'GET',
    url: '/api/auth/user',
    headers: { cookie: `cm_session=${token}`, authorization: 'Bearer abc' },
  });

  expect(lines.length).toBeGreaterThan(4);
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  const all = lines.join('\n');
  expect(all).toContain('"url":"/api/auth/register"');
  expect(all).not.toContain(password);
  expect(all).not.toContain('Wrong-Secret-Passphrase-1');
  expect(all).not.toContain(token);
  expect(all).not.toMatch(/\$argon2/);
});

// Decision 0020: emailed links and sign-in providers put secrets in the query string; the
// request log keeps the path and the parameter names, and only allowlisted values.
it('logs no query value that may be a secret: emailed link tokens, provider codes and states', async () => {
  const secrets = {
    reset: 'ResetTokenSecretValue0123456789abcdef',
    verify: 'VerifyTokenSecretValue0123456789abcdef',
    confirm: 'ConfirmEmailTokenSecretValue0123456789',
    code: 'OidcCodeSecretValue0123456789abcdef',
    state: 'OidcStateSecretValue0123456789abcdef',
    stripe: 'pi_3Nabc_secret_StripeClientSecretValue01',
    hidden: 'SomeFutureSecretValue0123456789abcdef',
    postcode: 'LS1 4AP',
  };
  const from = lines.length;
  for (const url of [
    `/reset-password?token=${secrets.reset}`,
    `/verify-email?token=${secrets.verify}`,
    `/confirm-email?token=${encodeURIComponent(secrets.confirm)}&utm=x`,
    `/api/auth/oidc/callback?code=${secrets.code}&state=${secrets.state}`,
    `/api/auth/oidc/callback?state=${secrets.state}&code=${secrets.code}&iss=https%3A%2F%2Fid.example`,
    `/subscribe?payment_intent=pi_3Nabc&payment_intent_client_secret=${secrets.stripe}&redirect_status=succeeded`,
    `/api/carers?sort=rating&limit=5&location=${encodeURIComponent(secrets.postcode)}`,
    `/anything?x%ZZ=${secrets.hidden}&${secrets.hidden}`,
    `/api/no-such-route?Token=${secrets.hidden}`,
  ]) {
    await app.inject({ method: 'GET', url });
  }
  const logged = lines.slice(from);
  const all = logged.join('\n');
  for (const secret of Object.values(secrets)) {
    expect(all).not.toContain(secret);
    expect(all).not.toContain(encodeURIComponent(secret));
  }
  const urls = logged
    .map((line) => JSON.parse(line) as { req?: { url?: string } })
    .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
  // The address is still there to read: the path, every parameter's name, harmless values.
  expect(urls).toContain('/reset-password?token=[redacted]');
  expect(urls).toContain('/verify-email?token=[redacted]');
  expect(urls).toContain('/api/auth/oidc/callback?code=[redacted]&state=[redacted]');
  expect(urls).toContain(
    '/subscribe?payment_intent=[redacted]&payment_intent_client_secret=[redacted]&redirect_status=succeeded',
  );
  expect(urls).toContain('/api/carers?sort=rating&limit=5&location=[redacted]');
});
