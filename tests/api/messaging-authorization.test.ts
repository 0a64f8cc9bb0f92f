import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SavedReview } from '@contracts/reviews';
import { reviews, userBlocks } from '../../src/server/db/schema';
import { createPeople, type CarerPerson, type Person } from '../support/review-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The messaging acceptance table: every messaging and review call, as every kind of person.
 * One conversation ("the thread") is between the subscribed customer and the carer; the expired
 * customer has their own, older one with the same carer, and `{thread}` means that one for them.
 */
const ROLES = [
  'visitor',
  'unsubscribed',
  'subscribed',
  'expired',
  'carerInThread',
  'otherCarer',
  'admin',
] as const;
type Role = (typeof ROLES)[number];

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `{thread}`, `{carer}`, `{carerUser}` and `{review}` are filled in per role. */
  url: string;
  body?: Record<string, unknown>;
  expected: Record<Role, number>;
  /** Brings the state this cell starts from (e.g. a block to lift). */
  setup?: (role: Role) => Promise<void>;
  /** A stream: only its status is read, then the connection is dropped. */
  stream?: true;
}

const participants = (ok: number, notIn = 404): Record<Role, number> => ({
  visitor: 401,
  unsubscribed: notIn,
  subscribed: ok,
  expired: ok,
  carerInThread: ok,
  otherCarer: notIn,
  admin: notIn,
});
const signedIn = (ok: number): Record<Role, number> => ({
  visitor: 401,
  unsubscribed: ok,
  subscribed: ok,
  expired: ok,
  carerInThread: ok,
  otherCarer: ok,
  admin: ok,
});
const report = { reason: 'Spam or a scam', details: 'Asked me to pay by bank transfer.' };

const TABLE: Row[] = [
  {
    method: 'POST',
    url: '/api/messages',
    body: { receiverId: '{carerUser}', carerId: '{carer}', content: 'Are you free on Thursdays?' },
    expected: {
      visitor: 401,
      unsubscribed: 403,
      subscribed: 201,
      expired: 403,
      carerInThread: 403,
      otherCarer: 403,
      admin: 403,
    },
  },
  { method: 'GET', url: '/api/conversations', expected: signedIn(200) },
  { method: 'GET', url: '/api/conversations/{thread}', expected: participants(200) },
  {
    method: 'POST',
    url: '/api/conversations/{thread}/messages',
    body: { content: 'Thank you, see you then.' },
    expected: { ...participants(201), expired: 403 },
  },
  { method: 'POST', url: '/api/conversations/{thread}/read', expected: participants(200) },
  { method: 'GET', url: '/api/messages/unread', expected: signedIn(200) },
  { method: 'POST', url: '/api/conversations/{thread}/block', expected: participants(200) },
  {
    method: 'DELETE',
    url: '/api/conversations/{thread}/block',
    expected: participants(200),
    setup: async (role) => {
      const self = ctx.people[role];
      const other = role === 'carerInThread' ? ctx.people.subscribed : ctx.people.carerInThread;
      if (self && isParticipant(role)) {
        await ctx.t.database.db
          .insert(userBlocks)
          .values({ blockerId: self.user.id, blockedId: other!.user.id });
      }
    },
  },
  { method: 'POST', url: '/api/conversations/{thread}/report', body: report, expected: participants(201) },
  { method: 'GET', url: '/api/events', expected: signedIn(200), stream: true },
  {
    method: 'GET',
    url: '/api/carers/{carer}/reviews',
    expected: { ...signedIn(200), visitor: 200 },
  },
  { method: 'GET', url: '/api/carers/{carer}/reviews/mine', expected: signedIn(200) },
  {
    method: 'PUT',
    url: '/api/carers/{carer}/reviews/mine',
    body: { rating: 4, comment: 'Reliable and warm with my father.' },
    expected: {
      visitor: 401,
      unsubscribed: 403,
      subscribed: 201,
      expired: 201,
      carerInThread: 403,
      otherCarer: 403,
      admin: 403,
    },
    // Each cell writes a new review, so the answer is always "created".
    setup: async (role) => {
      const self = ctx.people[role];
      if (self) await ctx.t.database.db.delete(reviews).where(eq(reviews.customerId, self.user.id));
    },
  },
  { method: 'POST', url: '/api/reviews/{review}/report', body: report, expected: signedIn(201) },
];

const isParticipant = (role: Role) => role === 'subscribed' || role === 'expired' || role === 'carerInThread';

const ctx = {} as {
  t: TestApp;
  people: Partial<Record<Role, Person>>;
  carer: CarerPerson;
  thread: string;
  expiredThread: string;
  review: string;
  baseUrl: string;
};

beforeAll(async () => {
  const t = await createTestApp();
  const make = createPeople(t);
  const carer = await make.carer();
  const [unsubscribed, subscribed, expired, otherCarer, admin, reviewer] = await Promise.all([
    make.customer('none'),
    make.customer('active'),
    make.customer('expired'),
    make.carer(),
    make.admin(),
    make.customer('active'),
  ]);
  const expiredThread = await make.conversation(expired.user.id, carer.profile, {
    carerReplied: true,
    at: new Date(Date.now() - 60 * 86_400_000),
  });
  const thread = await make.conversation(subscribed.user.id, carer.profile, { carerReplied: true });
  await make.conversation(reviewer.user.id, carer.profile, { carerReplied: true });
  const written = await t.injectAs(reviewer.cookie, {
    method: 'PUT',
    url: `/api/carers/${carer.profile.id}/reviews/mine`,
    payload: { rating: 5, comment: 'The best carer we have had.' },
  });
  // Streams need a real socket: app.inject waits for the whole body, which never ends.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  Object.assign(ctx, {
    t,
    people: { unsubscribed, subscribed, expired, carerInThread: carer, otherCarer, admin },
    carer,
    thread,
    expiredThread,
    review: written.json<SavedReview>().review.id,
    baseUrl: `http://127.0.0.1:${port}`,
  });
});
afterAll(() => ctx.t?.close());

// Blocks from one cell must not decide another cell's answer.
beforeEach(async () => {
  await ctx.t.database.db.delete(userBlocks);
});

function fill(template: string, role: Role): string {
  return template
    .replace('{thread}', role === 'expired' ? ctx.expiredThread : ctx.thread)
    .replace('{carerUser}', ctx.carer.user.id)
    .replace('{carer}', ctx.carer.profile.id)
    .replace('{review}', ctx.review);
}

/**
 * The status of a stream, then the connection is dropped at once (as a closed tab drops it).
 * node:http rather than fetch: destroying the request surely closes the socket, so the server
 * is left with nothing open when the app closes.
 */
function streamStatus(url: string, cookie: string | undefined): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.get(url, { headers: cookie ? { cookie } : {} }, (response) => {
      answered = true;
      const status = response.statusCode ?? 0;
      if (status < 400) {
        request.destroy();
        // No body to wait for: its content type stands in for it.
        resolve({ status, body: response.headers['content-type'] ?? '' });
        return;
      }
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status, body }));
    });
    request.on('error', (error) => {
      // Our own destroy() after the headers is not a failure.
      if (!answered) reject(error);
    });
  });
}

async function call(row: Row, role: Role): Promise<{ status: number; body: string }> {
  const cookie = ctx.people[role]?.cookie;
  const url = fill(row.url, role);
  if (row.stream) return streamStatus(`${ctx.baseUrl}${url}`, cookie);
  const body = row.body
    ? (JSON.parse(fill(JSON.stringify(row.body), role)) as Record<string, unknown>)
    : undefined;
  const response = await ctx.t.injectAs(cookie, {
    method: row.method,
    url,
    ...(body ? { payload: body } : {}),
  });
  return { status: response.statusCode, body: response.body };
}

describe.each(TABLE)('$method $url', (row) => {
  it.each(ROLES.map((role) => [role, row.expected[role]] as const))(
    'as %s answers %i',
    async (role, expected) => {
      await row.setup?.(role);
      const { status, body } = await call(row, role);
      expect(status, body).toBe(expected);
      // Every refusal is a clear JSON message, never an empty or HTML body.
      if (row.stream && status < 400) expect(body).toMatch(/^text\/event-stream/);
      if (status >= 400)
        expect(JSON.parse(body)).toEqual(expect.objectContaining({ message: expect.any(String) }));
    },
  );
});

describe('what the table relies on', () => {
  it('has a row for every messaging and review call of the API', () => {
    const calls = TABLE.map((row) => `${row.method} ${row.url}`);
    expect(new Set(calls).size).toBe(TABLE.length);
    expect(calls).toHaveLength(14);
  });

  it('leaves the expired customer able to read but not write in their own thread', async () => {
    const read = await call(
      { method: 'GET', url: '/api/conversations/{thread}', expected: signedIn(200) },
      'expired',
    );
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body)).toMatchObject({ id: ctx.expiredThread, replyBlockedBy: 'subscription' });
  });

  it('lifts only the caller’s own block', async () => {
    const { subscribed, carerInThread } = ctx.people;
    await ctx.t.database.db
      .insert(userBlocks)
      .values({ blockerId: subscribed!.user.id, blockedId: carerInThread!.user.id });
    await call(
      TABLE.find((row) => row.method === 'DELETE')!,
      'carerInThread',
    );
    const left = await ctx.t.database.db
      .select()
      .from(userBlocks)
      .where(
        and(eq(userBlocks.blockerId, subscribed!.user.id), eq(userBlocks.blockedId, carerInThread!.user.id)),
      );
    expect(left).toHaveLength(1);
  });
});
