import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializedOnce } from '../../src/server/platform/serialized-once';

const Answer = z.object({
  name: z.string(),
  at: z.codec(z.iso.datetime(), z.date(), {
    decode: (text) => new Date(text),
    encode: (date) => date.toISOString(),
  }),
});

function appSending(answers: Map<string, object>) {
  const bodies = createSerializedOnce(Answer);
  let builds = 0;
  const app = Fastify();
  app.get<{ Params: { key: string } }>('/:key', (request, reply) => {
    const answer = answers.get(request.params.key)!;
    return bodies.send(reply, answer, () => {
      builds += 1;
      return answer as z.output<typeof Answer>;
    });
  });
  return { app, builds: () => builds };
}

describe('createSerializedOnce', () => {
  it("sends the schema's JSON encoding, built once per answer object", async () => {
    const shared = { name: 'Grace', at: new Date('2026-11-23T10:00:00Z') };
    const { app, builds } = appSending(new Map([['a', shared]]));
    const first = await app.inject('/a');
    const second = await app.inject('/a');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual({ name: 'Grace', at: '2026-11-23T10:00:00.000Z' });
    expect(second.body).toBe(first.body);
    expect(builds()).toBe(1);
  });

  it('serialises a different object anew, even when equal', async () => {
    const answers = new Map<string, object>([
      ['a', { name: 'Grace', at: new Date(0) }],
      ['b', { name: 'Grace', at: new Date(0) }],
    ]);
    const { app, builds } = appSending(answers);
    await app.inject('/a');
    await app.inject('/b');
    expect(builds()).toBe(2);
  });

  it('refuses an answer its schema does not allow, and keeps nothing of it', async () => {
    const bad = { name: 42, at: new Date(0) };
    const { app, builds } = appSending(new Map([['bad', bad]]));
    expect((await app.inject('/bad')).statusCode).toBe(500);
    expect((await app.inject('/bad')).statusCode).toBe(500);
    expect(builds()).toBe(2);
  });
});
