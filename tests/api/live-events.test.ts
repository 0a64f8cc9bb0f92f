import http, { type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@contracts/messaging';
import { buildApp } from '../../src/server/app';
import { LIVE_CHANNEL, MAX_STREAMS_PER_USER, publishLiveEvent } from '../../src/server/platform/live-events';
import {
  carer,
  customer,
  reply,
  startConversation,
  type Carer,
  type Person,
} from '../support/messaging-fixtures';
import { rowsOf } from '../support/privacy-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/** A response as the test reads it: status, headers, and the body as it arrives. */
interface Received {
  status: number;
  headers: IncomingHttpHeaders;
  response: IncomingMessage;
  request: ClientRequest;
}

/**
 * GET on its own connection (no keep-alive pool), so closing it really closes the socket, as a
 * browser does when a page closes its EventSource, and nothing lingers to hold up `app.close()`.
 */
function get(url: string, cookie?: string): Promise<Received> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent: false, headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) } },
      (response) =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, response, request }),
    );
    request.on('error', reject);
  });
}

async function jsonOf(received: Received): Promise<{ message: string }> {
  let text = '';
  for await (const chunk of received.response) text += String(chunk);
  return JSON.parse(text) as { message: string };
}

/** An open `GET /api/events` stream, read as it arrives. */
interface EventStream extends Received {
  /** Every `data:` event received so far, parsed. */
  events: LiveEvent[];
  /** Resolves with the first event (received from now on or already) that `match` accepts. */
  next(match: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  /** Resolves when the stream is over (the server ended it, or close()). */
  ended: Promise<void>;
  close(): Promise<void>;
}

async function openStream(baseUrl: string, who: Person): Promise<EventStream> {
  const received = await get(`${baseUrl}/api/events`, who.cookie);
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  received.response.setEncoding('utf8');
  received.response.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of block.split('\n')) {
        if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as LiveEvent);
      }
    }
    for (const wake of waiters) wake();
  });
  received.response.on('error', () => {});
  const ended = new Promise<void>((resolve) => received.response.on('close', resolve));
  return {
    ...received,
    events,
    ended,
    next(match, timeoutMs = 2_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      received.request.destroy();
      await ended;
    },
  };
}

const listen = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let baseUrl: string;
let priya: Person;
let grace: Carer;
let outsider: Person;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
  priya = await customer(t, 'active', { firstName: 'Priya' });
  grace = await carer(t, { firstName: 'Grace' });
  outsider = await customer(t);
});
afterAll(() => t.close());

describe('GET /api/events', () => {
  it('refuses visitors with 401 JSON', async () => {
    const response = await get(`${baseUrl}/api/events`);
    expect(response.status).toBe(401);
    expect(await jsonOf(response)).toEqual({ message: expect.any(String) });
  });

  it('streams unbuffered, with the security headers, and ends cleanly when the client leaves', async () => {
    const stream = await openStream(baseUrl, priya);
    const { headers, status } = stream;
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['cache-control']).toContain('no-cache');
    expect(headers['x-accel-buffering']).toBe('no');
    expect(headers['content-encoding']).toBeUndefined();
    expect(headers['content-length']).toBeUndefined();
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    await stream.close();
  });

  it('tells both people of a conversation about a new message and a read, and nobody else', async () => {
    const [forPriya, forGrace, forOutsider] = await Promise.all([
      openStream(baseUrl, priya),
      openStream(baseUrl, grace),
      openStream(baseUrl, outsider),
    ]);
    const started = Date.now();
    const id = await startConversation(t, priya, grace, 'Private words that never travel as events');
    const isMessage = (event: LiveEvent) => event.type === 'message' && event.conversationId === id;
    await forGrace.next(isMessage);
    await forPriya.next(isMessage);
    expect(Date.now() - started).toBeLessThan(2_000);

    expect((await reply(t, grace, id, 'An answer')).statusCode).toBe(201);
    const isRead = (event: LiveEvent) => event.type === 'read' && event.conversationId === id;
    expect(
      (await t.injectAs(priya.cookie, { method: 'POST', url: `/api/conversations/${id}/read` })).statusCode,
    ).toBe(200);
    await forGrace.next(isRead);
    await forPriya.next(isRead);

    await sleep(200);
    expect(forOutsider.events).toEqual([]);
    expect(forGrace.events.every((event) => Object.keys(event).sort().join() === 'conversationId,type')).toBe(
      true,
    );
    await Promise.all([forPriya.close(), forGrace.close(), forOutsider.close()]);
  });

  it('publishes only when the transaction commits', async () => {
    const stream = await openStream(baseUrl, outsider);
    const event: LiveEvent = { type: 'message', conversationId: '00000000-0000-4000-8000-000000000001' };
    await t.database.db
      .transaction(async (tx) => {
        await publishLiveEvent(tx, [outsider.user.id], event);
        throw new Error('roll back');
      })
      .catch(() => {});
    await t.database.db.transaction((tx) =>
      publishLiveEvent(tx, [outsider.user.id, null], { ...event, type: 'read' }),
    );
    await stream.next((received) => received.type === 'read');
    expect(stream.events).toEqual([{ ...event, type: 'read' }]);
    // A notice that is not ours (or is malformed) is ignored, not fatal.
    await t.database.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, 'not json')`);
    await stream.close();
  });

  it(`allows ${MAX_STREAMS_PER_USER} streams per user and refuses one more with 429`, async () => {
    const streams = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_USER }, () => openStream(baseUrl, outsider)),
    );
    expect(streams.every((stream) => stream.status === 200)).toBe(true);
    const refused = await get(`${baseUrl}/api/events`, outsider.cookie);
    expect(refused.status).toBe(429);
    expect((await jsonOf(refused)).message).toMatch(/too many/i);
    await streams[0]!.close();
    // The closed one's place is free again once the server has seen it go.
    let again: EventStream | undefined;
    for (let attempt = 0; attempt < 20 && again?.status !== 200; attempt += 1) {
      await again?.close();
      await sleep(50);
      again = await openStream(baseUrl, outsider);
    }
    expect(again?.status).toBe(200);
    await Promise.all([...streams.slice(1), again!].map((stream) => stream.close()));
  });
});

describe('streams of sessions that are over', () => {
  it('ends the stream at the next heartbeat once its session is gone, leaving other sessions’ streams open', async () => {
    const leaving = await customer(t, 'active');
    const staying = await customer(t, 'active');
    const ending = await openStream(baseUrl, leaving);
    const kept = await openStream(baseUrl, staying);
    expect([ending.status, kept.status]).toEqual([200, 200]);
    const lastSeen = async () =>
      rowsOf<{ last_seen_at: string }>(
        await t.database.db.execute(
          sql`select last_seen_at from sessions where user_id = ${leaving.user.id}`,
        ),
      ).map((row) => String(row.last_seen_at));

    // A check while still signed in ends nothing, and does not move the session's idle expiry.
    const seenBefore = await lastSeen();
    await t.app.liveEvents.recheck();
    expect(t.app.liveEvents.streamCount(leaving.user.id)).toBe(1);
    expect(await lastSeen()).toEqual(seenBefore);

    // Signed out (here: the session row goes, as with sign-out, suspension or an admin's sign-out).
    await t.injectAs(leaving.cookie, { method: 'POST', url: '/api/auth/logout' });
    await t.app.liveEvents.recheck();
    await ending.ended;
    expect(t.app.liveEvents.streamCount(leaving.user.id)).toBe(0);
    expect(t.app.liveEvents.streamCount(staying.user.id)).toBe(1);
    await kept.close();
  });
});

describe('two app instances on one database', () => {
  it('delivers a message sent through instance 1 to a stream open on instance 2', async () => {
    // A second, independent app on the same database: its own LISTEN, its own streams.
    const second = await buildApp({ config: t.config, database: t.database, storage: t.storage });
    let closed = false;
    try {
      const secondUrl = await listen(second);
      const onSecond = await openStream(secondUrl, grace);
      const started = Date.now();
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { cookie: priya.cookie },
        payload: { receiverId: grace.user.id, carerId: grace.carerId, content: 'Across instances' },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const conversationId = sent.json<{ conversationId: string }>().conversationId;
      await onSecond.next((event) => event.type === 'message' && event.conversationId === conversationId);
      expect(Date.now() - started).toBeLessThan(2_000);

      // Shutting down with a stream open ends the stream instead of hanging.
      const closing = second.close();
      closed = true;
      await onSecond.ended;
      await closing;
    } finally {
      if (!closed) await second.close();
    }
  });

  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'listens again after the LISTEN connection is cut (PostgreSQL)',
    async () => {
      const stream = await openStream(baseUrl, grace);
      const listenerPids = async () => {
        const result = (await t.database.db.execute(
          sql`select pid from pg_stat_activity where datname = current_database() and query = ${`listen ${LIVE_CHANNEL}`}`,
        )) as unknown as { rows: { pid: number }[] };
        return result.rows.map((row) => row.pid);
      };
      const before = await listenerPids();
      expect(before.length).toBeGreaterThan(0);
      await t.database.db.execute(sql`select pg_terminate_backend(${before[0]!})`);
      const isNew = (pid: number) => !before.includes(pid);
      for (let attempt = 0; attempt < 100 && !(await listenerPids()).some(isNew); attempt += 1)
        await sleep(100);
      expect((await listenerPids()).some(isNew)).toBe(true);

      const id = await startConversation(t, await customer(t), grace, 'After the cut');
      await stream.next((event) => event.type === 'message' && event.conversationId === id);
      await stream.close();
    },
  );
});
