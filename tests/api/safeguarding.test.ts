import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@contracts/admin';
import {
  REPORT_CONTEXT_MESSAGES,
  type AdminReport,
  type ReportAccount,
  type SessionsEnded,
} from '@contracts/safeguarding';
import type { PublicCarer } from '@contracts/carers';
import { ERROR_MESSAGES } from '@contracts/errors';
import { DELETED_USER_NAME } from '@contracts/messaging';
import { REPORT_REASONS, type ReportReceipt } from '@contracts/reports';
import type { SavedReview } from '@contracts/reviews';
import {
  auditLog,
  carerProfiles,
  messages,
  reports,
  reviews,
  sessions,
  users,
} from '../../src/server/db/schema';
import { admin, carer, customer, reply, startConversation, type Person } from '../support/messaging-fixtures';
import { TEST_PASSWORD, createTestApp, sessionCookieFrom, type TestApp } from '../support/test-app';

let t: TestApp;
let theAdmin: Person;

beforeAll(async () => {
  t = await createTestApp();
  theAdmin = await admin(t);
});
afterAll(() => t.close());

const harassment = { reason: REPORT_REASONS[0], details: 'Rude messages late at night.' };

async function reportConversation(who: Person, conversationId: string): Promise<string> {
  const response = await t.injectAs(who.cookie, {
    method: 'POST',
    url: `/api/conversations/${conversationId}/report`,
    payload: harassment,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ReportReceipt>().id;
}

/** A customer and a carer who have exchanged a few messages. */
async function pair(names: { customer?: string; carer?: string } = {}) {
  const family = await customer(t, 'active', { firstName: names.customer ?? 'Priya', lastName: 'Shah' });
  const worker = await carer(t, { firstName: names.carer ?? 'Tom', lastName: 'Baker' });
  const conversationId = await startConversation(t, family, worker, 'Hello, can you help my dad?');
  expect((await reply(t, worker, conversationId, 'Yes, I can visit on Tuesday.')).statusCode).toBe(201);
  expect((await reply(t, family, conversationId, 'Lovely, thank you.')).statusCode).toBe(201);
  return { family, worker, conversationId };
}

/** `null`: a visitor. */
const queue = (query = '', who: Person | null = theAdmin) =>
  t.injectAs(who?.cookie, { method: 'GET', url: `/api/admin/reports${query}` });
const resolve = (id: string, payload: object, who: Person | null = theAdmin) =>
  t.injectAs(who?.cookie, { method: 'POST', url: `/api/admin/reports/${id}/resolve`, payload });
const unsuspend = (userId: string, who: Person | null = theAdmin) =>
  t.injectAs(who?.cookie, { method: 'POST', url: `/api/admin/users/${userId}/unsuspend` });
const endSessions = (userId: string, who: Person | null = theAdmin) =>
  t.injectAs(who?.cookie, { method: 'DELETE', url: `/api/admin/users/${userId}/sessions` });
const login = (email: string, password = TEST_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const signedIn = async (who: Person) =>
  (await t.injectAs(who.cookie, { method: 'GET', url: '/api/auth/user' })).statusCode === 200;
const searchIds = async () =>
  (await t.app.inject({ url: '/api/carers?limit=50' }))
    .json<{ items: PublicCarer[] }>()
    .items.map((c) => c.id);
const auditFor = (entityId: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.id);

describe('who may use the safeguarding queue', () => {
  it.each([
    ['a visitor', 401, () => Promise.resolve(null)],
    ['a customer', 403, () => customer(t, 'active')],
    ['a carer', 403, () => carer(t)],
  ] as const)('answers %s with %i', async (_who, status, whoOf) => {
    const who = await whoOf();
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await queue('', who)).statusCode).toBe(status);
    expect((await resolve(id, { action: 'dismiss' }, who)).statusCode).toBe(status);
    expect((await unsuspend(id, who)).statusCode).toBe(status);
    expect((await endSessions(id, who)).statusCode).toBe(status);
  });
});

describe('signing an account out everywhere', () => {
  it('ends every session of the account, which stays active and signs in again; audited', async () => {
    const worker = await carer(t, { firstName: 'Hana', lastName: 'Novak' });
    const secondDevice = await login(worker.user.email);
    expect(secondDevice.statusCode).toBe(200);
    const secondCookie = sessionCookieFrom(t.config, secondDevice);
    const other = await customer(t, 'active');

    const response = await endSessions(worker.user.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SessionsEnded>()).toEqual({ sessionsEnded: 2 });
    expect(await signedIn(worker)).toBe(false);
    expect((await t.injectAs(secondCookie, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    // Nobody else is touched, and the account is not suspended.
    expect(await signedIn(other)).toBe(true);
    expect(await signedIn(theAdmin)).toBe(true);
    expect((await login(worker.user.email)).statusCode).toBe(200);
    expect(await auditFor(worker.user.id)).toMatchObject([
      {
        action: 'user.signed-out',
        entityType: 'user',
        actorId: theAdmin.user.id,
        before: { sessions: 2 },
        after: { sessions: 0 },
      },
    ]);
  });

  it('answers 0 for an account signed in nowhere, 404 for none, and 403 for the admin’s own', async () => {
    const idle = await customer(t, 'none');
    expect((await endSessions(idle.user.id)).json<SessionsEnded>()).toEqual({ sessionsEnded: 1 });
    expect((await endSessions(idle.user.id)).json<SessionsEnded>()).toEqual({ sessionsEnded: 0 });
    const unknown = await endSessions('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: ADMIN_MESSAGES.userNotFound });
    expect((await endSessions('not-a-uuid')).statusCode).toBe(404);
    const own = await endSessions(theAdmin.user.id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: ADMIN_MESSAGES.cannotSignOutSelf });
    expect(await signedIn(theAdmin)).toBe(true);
  });
});

describe('the queue', () => {
  it('lists open reports oldest first with the conversation, who reported and who is reported', async () => {
    const { family, worker, conversationId } = await pair();
    const byFamily = await reportConversation(family, conversationId);
    const byWorker = await reportConversation(worker, conversationId);

    const response = await queue();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const list = response.json<AdminReport[]>();
    const created = list.map((r) => r.createdAt);
    expect(created).toEqual([...created].sort());
    const first = list.find((r) => r.id === byFamily)!;
    expect(first).toMatchObject({
      status: 'open',
      reason: harassment.reason,
      details: harassment.details,
      resolution: null,
      reporter: { id: family.user.id, name: 'Priya Shah', email: family.user.email, role: 'customer' },
      reported: { id: worker.user.id, name: 'Tom Baker', role: 'carer', suspendedAt: null },
      subject: { kind: 'conversation', conversationId },
    });
    if (first.subject.kind !== 'conversation') throw new Error('conversation expected');
    expect(first.subject.messages.map((m) => [m.senderName, m.content])).toEqual([
      ['Priya Shah', 'Hello, can you help my dad?'],
      ['Tom Baker', 'Yes, I can visit on Tuesday.'],
      ['Priya Shah', 'Lovely, thank you.'],
    ]);
    // The other side's report is about the customer.
    expect(list.find((r) => r.id === byWorker)?.reported?.id).toBe(family.user.id);
    expect((await queue('?status=bogus')).statusCode).toBe(400);
  });

  it(`shows the last ${REPORT_CONTEXT_MESSAGES} messages, oldest first, and 'Deleted user' for a gone sender`, async () => {
    const { family, worker, conversationId } = await pair();
    const base = Date.now() + 60_000;
    await t.database.db.insert(messages).values(
      Array.from({ length: REPORT_CONTEXT_MESSAGES + 4 }, (_, i) => ({
        conversationId,
        senderId: i === REPORT_CONTEXT_MESSAGES + 3 ? null : i % 2 === 0 ? family.user.id : worker.user.id,
        receiverId: null,
        content: `message ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const id = await reportConversation(family, conversationId);
    const report = (await queue()).json<AdminReport[]>().find((r) => r.id === id)!;
    if (report.subject.kind !== 'conversation') throw new Error('conversation expected');
    const shown = report.subject.messages;
    expect(shown).toHaveLength(REPORT_CONTEXT_MESSAGES);
    expect(shown[0]?.content).toBe('message 4');
    expect(shown.at(-1)).toMatchObject({
      content: `message ${REPORT_CONTEXT_MESSAGES + 3}`,
      senderName: DELETED_USER_NAME,
    });
  });

  it('shows a reported review with its carer, reported account being its author', async () => {
    const { family, worker } = await pair({ customer: 'Rita', carer: 'Sam' });
    const review = await t.injectAs(family.cookie, {
      method: 'PUT',
      url: `/api/carers/${worker.carerId}/reviews/mine`,
      payload: { rating: 1, comment: 'Never turned up and was rude on the phone.' },
    });
    expect(review.statusCode, review.body).toBe(201);
    const reviewId = review.json<SavedReview>().review.id;
    const reported = await t.injectAs(worker.cookie, {
      method: 'POST',
      url: `/api/reviews/${reviewId}/report`,
      payload: { reason: REPORT_REASONS[4], details: 'This never happened.' },
    });
    const id = reported.json<ReportReceipt>().id;
    const report = (await queue()).json<AdminReport[]>().find((r) => r.id === id)!;
    expect(report).toMatchObject({
      reporter: { id: worker.user.id },
      reported: { id: family.user.id, name: 'Rita Shah' },
      subject: {
        kind: 'review',
        reviewId,
        carerId: worker.carerId,
        carerName: 'Sam Baker',
        rating: 1,
        comment: 'Never turned up and was rude on the phone.',
      },
    });
  });
});

describe('resolving', () => {
  it('dismisses with a note, records it, and refuses a second resolution', async () => {
    const { family, conversationId } = await pair();
    const id = await reportConversation(family, conversationId);
    const response = await resolve(id, { action: 'dismiss', note: 'A misunderstanding about times.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminReport>()).toMatchObject({
      status: 'dismissed',
      resolution: 'dismiss',
      resolutionNote: 'A misunderstanding about times.',
    });
    expect(response.json<AdminReport>().resolvedAt).not.toBeNull();
    const again = await resolve(id, { action: 'warn', note: 'Too late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_MESSAGES.reportAlreadyResolved);
    expect((await queue()).json<AdminReport[]>().some((r) => r.id === id)).toBe(false);
    expect((await queue('?status=dismissed')).json<AdminReport[]>().some((r) => r.id === id)).toBe(true);
    expect((await queue('?status=all')).json<AdminReport[]>().some((r) => r.id === id)).toBe(true);
    expect(await auditFor(id)).toMatchObject([
      {
        actorId: theAdmin.user.id,
        action: 'report.dismissed',
        entityType: 'report',
        before: { status: 'open' },
        after: { status: 'dismissed', resolution: 'dismiss' },
      },
    ]);
    expect((await resolve('00000000-0000-4000-8000-000000000000', { action: 'dismiss' })).statusCode).toBe(
      404,
    );
    expect((await resolve(id, { action: 'shout' })).statusCode).toBe(400);
  });

  it('warns the reported account by email, with the note', async () => {
    const { family, worker, conversationId } = await pair();
    const id = await reportConversation(family, conversationId);
    const noNote = await resolve(id, { action: 'warn', note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().fieldErrors.note).toBe(ADMIN_MESSAGES.warningRequired);

    const note = 'Please keep messages polite and within reasonable hours.';
    const response = await resolve(id, { action: 'warn', note });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminReport>()).toMatchObject({
      status: 'resolved',
      resolution: 'warn',
      resolutionNote: note,
    });
    const email = (await t.outbox()).find(
      (e) => e.toAddress === worker.user.email && e.bodyText.includes(note),
    );
    expect(email?.subject).toMatch(/warning/i);
    expect(await signedIn(worker)).toBe(true);
    expect(await auditFor(id)).toMatchObject([
      { action: 'report.warned', after: { reportedAccountId: worker.user.id } },
    ]);
  });

  it('suspends a carer: no sign-in, no sessions, not in search; unsuspending brings them back', async () => {
    const { family, worker, conversationId } = await pair();
    expect(await searchIds()).toContain(worker.carerId);
    const id = await reportConversation(family, conversationId);

    const response = await resolve(id, { action: 'suspend', note: 'Threatening messages.' });
    expect(response.statusCode, response.body).toBe(200);
    const resolved = response.json<AdminReport>();
    expect(resolved).toMatchObject({ status: 'resolved', resolution: 'suspend' });
    expect(resolved.reported?.suspendedAt).not.toBeNull();

    expect(await signedIn(worker)).toBe(false);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, worker.user.id))).toEqual(
      [],
    );
    const refused = await login(worker.user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ERROR_MESSAGES.accountSuspended);
    expect(refused.cookies).toEqual([]);
    // A wrong password learns nothing about the suspension.
    const guess = await login(worker.user.email, 'Wrong-Password-123');
    expect(guess.statusCode).toBe(401);
    expect(guess.json().message).toBe(ERROR_MESSAGES.invalidCredentials);
    expect(await searchIds()).not.toContain(worker.carerId);
    expect((await t.app.inject({ url: `/api/carers/${worker.carerId}` })).statusCode).toBe(404);
    expect(
      (await t.outbox()).some((e) => e.toAddress === worker.user.email && /suspended/.test(e.subject)),
    ).toBe(true);
    expect(await auditFor(worker.user.id)).toMatchObject([
      {
        action: 'user.suspended',
        entityType: 'user',
        before: { suspendedAt: null, carerProfileActive: true },
        after: { carerProfileActive: false, reportId: id },
      },
    ]);
    expect(await auditFor(id)).toMatchObject([{ action: 'report.suspended', entityType: 'report' }]);

    const lifted = await unsuspend(worker.user.id);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json<ReportAccount>()).toMatchObject({ id: worker.user.id, suspendedAt: null });
    expect((await login(worker.user.email)).statusCode).toBe(200);
    expect(await searchIds()).toContain(worker.carerId);
    const again = await unsuspend(worker.user.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_MESSAGES.notSuspended);
    expect((await auditFor(worker.user.id)).map((e) => e.action)).toEqual([
      'user.suspended',
      'user.unsuspended',
    ]);
    expect((await unsuspend('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('suspends a customer: they cannot sign in', async () => {
    const { family, worker, conversationId } = await pair();
    const id = await reportConversation(worker, conversationId);
    expect((await resolve(id, { action: 'suspend' })).statusCode).toBe(200);
    expect(await signedIn(family)).toBe(false);
    expect((await login(family.user.email)).statusCode).toBe(403);
  });

  it('refuses the sessions of a suspended account even if they were not deleted', async () => {
    const someone = await customer(t, 'active');
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, someone.user.id));
    expect(await signedIn(someone)).toBe(false);
  });

  it('cannot warn or suspend an account that is gone, but can dismiss', async () => {
    const { family, worker, conversationId } = await pair();
    const id = await reportConversation(worker, conversationId);
    await t.database.db.delete(users).where(eq(users.id, family.user.id));
    for (const action of ['warn', 'suspend']) {
      const response = await resolve(id, { action, note: 'Stop it.' });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(ADMIN_MESSAGES.noAccountToAct);
    }
    const report = (await queue()).json<AdminReport[]>().find((r) => r.id === id)!;
    expect(report.reported).toBeNull();
    expect((await resolve(id, { action: 'dismiss' })).statusCode).toBe(200);
  });

  it("refuses to suspend the admin's own account", async () => {
    const { worker } = await pair();
    const [review] = await t.database.db
      .insert(reviews)
      .values({ carerId: worker.carerId, customerId: theAdmin.user.id, rating: 1, comment: 'Test review.' })
      .returning();
    const [report] = await t.database.db
      .insert(reports)
      .values({
        reporterId: worker.user.id,
        reviewId: review!.id,
        reason: REPORT_REASONS[5],
        details: 'Odd.',
      })
      .returning();
    const response = await resolve(report!.id, { action: 'suspend' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ADMIN_MESSAGES.cannotChangeOwnAccount);
    expect(await signedIn(theAdmin)).toBe(true);
  });

  it('resolves a report once when two admins act at the same moment', async () => {
    const { family, conversationId } = await pair();
    const id = await reportConversation(family, conversationId);
    const other = await admin(t);
    const statuses = (
      await Promise.all([
        resolve(id, { action: 'dismiss' }),
        resolve(id, { action: 'warn', note: 'Be polite.' }, other),
      ])
    ).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([200, 409]);
    expect(await auditFor(id)).toHaveLength(1);
  });
});

describe('paging and search of the queue (issue 21 point 11)', () => {
  const page = async (query: string) => {
    const response = await queue(query);
    expect(response.statusCode, response.body).toBe(200);
    return {
      items: response.json<AdminReport[]>(),
      total: Number(response.headers['x-total-count']),
      next: response.headers['x-next-cursor'] as string | undefined,
      link: response.headers.link as string | undefined,
    };
  };
  const everyPage = async (query: string) => {
    const pages = [await page(query)];
    while (pages.at(-1)!.next) pages.push(await page(`${query}&cursor=${pages.at(-1)!.next}`));
    return pages;
  };
  const ids = (found: { items: AdminReport[] }) => found.items.map((report) => report.id);

  it('pages open reports oldest first and the others newest first, tied times neither skipped nor repeated', async () => {
    const tag = `Queuetag${Date.now().toString(36)}`;
    const made: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const { family, worker, conversationId } = await pair({ customer: `${tag}Fam${index}` });
      // One report each way: the tagged family reports, and is reported.
      made.push(await reportConversation(family, conversationId));
      made.push(await reportConversation(worker, conversationId));
    }
    const other = await pair({ customer: 'Untagged' });
    await reportConversation(other.family, other.conversationId);
    // The same instant for four of them: the id breaks the tie.
    await t.database.db
      .update(reports)
      .set({ createdAt: new Date('2026-06-01T09:00:00.654321Z') })
      .where(inArray(reports.id, made.slice(1, 5)));

    for (const status of ['open', 'all']) {
      const pages = await everyPage(`?status=${status}&q=${tag.toUpperCase()}&limit=4`);
      expect(pages.map((p) => p.items.length)).toEqual([4, 2]);
      expect(pages.every((p) => p.total === 6)).toBe(true);
      const listed = pages.flatMap(ids);
      expect(listed).toHaveLength(6);
      expect(new Set(listed)).toEqual(new Set(made));
      const times = pages.flatMap((p) => p.items.map((report) => `${report.createdAt} ${report.id}`));
      const sorted = [...times].sort();
      expect(times).toEqual(status === 'open' ? sorted : sorted.reverse());
      // The next link keeps the state and the search, with the cursor and the page size.
      const link = /^<([^>]+)>; rel="next"$/.exec(pages[0]!.link ?? '')?.[1] ?? '';
      const next = new URL(link, 'http://localhost');
      expect(next.pathname).toBe('/api/admin/reports');
      expect(Object.fromEntries(next.searchParams)).toEqual({
        status,
        q: tag.toUpperCase(),
        cursor: pages[0]!.next,
        limit: '4',
      });
      expect(pages[1]!.next).toBeUndefined();
    }
    // Nothing resolved matches; the plain queue keeps its array of at most 50.
    expect((await page(`?status=resolved&q=${tag}`)).total).toBe(0);
    const plain = await page('');
    expect(plain.items.length).toBeLessThanOrEqual(50);
    expect(plain.total).toBeGreaterThanOrEqual(7);
  });

  it('finds a report by the reporter’s or the reported account’s name or email, in any case', async () => {
    const tag = `Whotag${Date.now().toString(36)}`;
    const { family, worker, conversationId } = await pair({ carer: `${tag}Carer` });
    const byFamily = await reportConversation(family, conversationId);
    const byWorker = await reportConversation(worker, conversationId);
    const unrelated = await pair();
    await reportConversation(unrelated.family, unrelated.conversationId);

    // The carer is reported in one and reports in the other: both, by name and by email.
    expect(new Set(ids(await page(`?q=${tag.toLowerCase()}carer%20baker`)))).toEqual(
      new Set([byFamily, byWorker]),
    );
    const byEmail = await page(`?q=${encodeURIComponent(worker.user.email.toUpperCase())}`);
    expect(new Set(ids(byEmail))).toEqual(new Set([byFamily, byWorker]));
    expect(byEmail.total).toBe(2);

    // A review's report is about its author.
    const review = await t.injectAs(family.cookie, {
      method: 'PUT',
      url: `/api/carers/${worker.carerId}/reviews/mine`,
      payload: { rating: 1, comment: 'Late every single time.' },
    });
    expect(review.statusCode, review.body).toBe(201);
    const reviewReport = await t.injectAs(worker.cookie, {
      method: 'POST',
      url: `/api/reviews/${review.json<SavedReview>().review.id}/report`,
      payload: { reason: REPORT_REASONS[4], details: 'Untrue.' },
    });
    const reviewReportId = reviewReport.json<ReportReceipt>().id;
    expect(new Set(ids(await page(`?q=${encodeURIComponent(family.user.email)}`)))).toEqual(
      new Set([byFamily, byWorker, reviewReportId]),
    );

    // Once the carer's profile is deleted, the carer is still found (through the messages).
    await t.database.db.delete(carerProfiles).where(eq(carerProfiles.id, worker.carerId));
    expect(ids(await page(`?q=${encodeURIComponent(worker.user.email)}`))).toContain(byFamily);
  });

  it('takes search text literally: LIKE wildcards and SQL match nothing, and change nothing', async () => {
    const { family, conversationId } = await pair();
    await reportConversation(family, conversationId);
    for (const q of ['%', '_', '\\', "'; drop table reports; --", "x' or '1'='1"]) {
      const found = await page(`?status=all&q=${encodeURIComponent(q)}`);
      expect(found.items, q).toEqual([]);
      expect(found.total).toBe(0);
    }
    expect((await page('?status=all')).total).toBeGreaterThan(0);
  });

  it.each([
    'cursor=not-a-cursor',
    `cursor=${Buffer.from('["2026-01-01T00:00:00Z","1 or 1=1"]').toString('base64url')}`,
    'limit=0',
    'limit=201',
    `q=${'x'.repeat(101)}`,
  ])('answers ?%s with 400', async (query) => {
    const response = await queue(`?${query}`);
    expect(response.statusCode).toBe(400);
    if (query.startsWith('cursor')) expect(response.json().fieldErrors).toHaveProperty('cursor');
  });
});
