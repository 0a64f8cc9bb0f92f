import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@contracts/errors';
import type { DatabaseHandle } from '../../src/server/db/client';
import { idempotentRequests } from '../../src/server/db/schema';
import { registerIdempotency } from '../../src/server/platform/idempotency';
import { createTestDatabase } from '../support/test-database';

// Decision 0033: a creating route's reads may start beside its claim (`readsBeside`), one round
// trip less for the person waiting; the handler gets them, a repeat never runs the handler, and
// the answer is stored once it has gone out.

let database: DatabaseHandle;
let app: FastifyInstance;
const readsStarted: string[] = [];
const handled: Array<{ body: string; reads: unknown }> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify();
  // The app's multipart plugin gives requests this; these routes take JSON only.
  app.decorateRequest('isMultipart', () => false);
  registerIdempotency(app, { db: database.db, secret: 'idempotency-reads-beside-secret-0123456789' });
  app.post(
    '/things',
    {
      config: {
        creates: true,
        readsBeside: async (request) => {
          readsStarted.push((request.body as { name: string }).name);
          return { read: (request.body as { name: string }).name };
        },
      },
    },
    async (request, reply) => {
      const reads = await request.readsBeside;
      handled.push({ body: (request.body as { name: string }).name, reads });
      return reply.status(201).send({ made: (request.body as { name: string }).name });
    },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const post = (name: string, key: string) =>
  app.inject({
    method: 'POST',
    url: '/things',
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    payload: { name },
  });

describe('reads beside the claim', () => {
  it('hands the route the reads it started, runs it once for repeats, and stores the answer', async () => {
    const first = await post('kettle', 'key-kettle-0001');
    expect(first.statusCode).toBe(201);
    expect(handled).toEqual([{ body: 'kettle', reads: { read: 'kettle' } }]);

    // A repeat (sequential here, so possibly before the answer is stored): the first answer, no second run.
    const again = await post('kettle', 'key-kettle-0001');
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
    expect(again.json()).toEqual({ made: 'kettle' });
    expect(handled).toHaveLength(1);
    expect(readsStarted).toEqual(['kettle', 'kettle']);

    // Parallel repeats: one run, every answer the same.
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('teapot', 'key-teapot-0001')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(handled.filter((one) => one.body === 'teapot')).toEqual([
      { body: 'teapot', reads: { read: 'teapot' } },
    ]);

    await expect
      .poll(async () =>
        (await database.db.select().from(idempotentRequests)).map((row) => [row.key, row.statusCode]).sort(),
      )
      .toEqual([
        ['key-kettle-0001', 201],
        ['key-teapot-0001', 201],
      ]);
  });
});
