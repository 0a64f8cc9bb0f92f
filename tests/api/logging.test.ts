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
  // Registering signs nobody in (issue 17): the session comes from signing in.
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
