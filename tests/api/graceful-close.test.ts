import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/client';
import { createMemoryStorage } from '../../src/server/platform/storage';
import { createTestDatabase } from '../support/test-database';

let database: DatabaseHandle;
let app: FastifyInstance;
let release: () => void;
let entered: Promise<void>;
let closing: Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    database,
    storage: createMemoryStorage(),
  });
  // A request that is still being answered when the shutdown starts.
  const gate = new Promise<void>((resolve) => (release = resolve));
  entered = new Promise<void>((resolve) => {
    app.get('/slow-answer-for-test', async () => {
      resolve();
      await gate;
      return { answered: true };
    });
  });
  closing = new Promise<void>((resolve) => app.addHook('preClose', async () => resolve()));
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => database.close());

it('shuts down without waiting for the keep-alive timeout of a load balancer connection (issue 9 point 8)', async () => {
  // nginx keeps its connections to each instance alive; here, one such connection is busy.
  const agent = new http.Agent({ keepAlive: true });
  const { port } = app.server.address() as AddressInfo;
  const response = new Promise<IncomingMessage>((resolve, reject) =>
    http.get(`http://127.0.0.1:${port}/slow-answer-for-test`, { agent }, resolve).on('error', reject),
  );
  await entered;
  const closed = app.close();
  await closing;
  release();

  const answer = await response;
  let body = '';
  for await (const chunk of answer) body += String(chunk);
  // The request in flight is answered in full, and told the connection ends with it...
  expect(answer.statusCode).toBe(200);
  expect(JSON.parse(body)).toEqual({ answered: true });
  expect(answer.headers.connection).toBe('close');
  // ...which the server then closes, so close() finishes now rather than after 72 idle seconds.
  await new Promise<void>((resolve) => {
    if (answer.socket.destroyed) resolve();
    else answer.socket.once('close', () => resolve());
  });
  await closed;
  agent.destroy();
});
