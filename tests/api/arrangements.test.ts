import ICAL from 'ical.js';
import { eq, inArray } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARRANGEMENT_MESSAGES,
  LATE_MINUTES,
  NOTICE_UNDO_MINUTES,
  RUNNING_LATE_FROM_MINUTES,
  VISIT_HORIZON_WEEKS,
  type Arrangement,
  type Arrangements,
  type CalendarFeed,
  type Visit,
} from '@contracts/arrangements';
import type { CoverPlan } from '@contracts/cover';
import type { ConversationList } from '@contracts/messaging';
import {
  arrangements as arrangementRows,
  userBlocks,
  users,
  visits as visitRows,
} from '../../src/server/db/schema';
import { DEMO_ACCOUNTS, seedDemoData } from '../../src/server/demo-seed/seed';
import { visitsBetween } from '../../src/server/features/arrangements/visit-schedule';
import { LIVE_CHANNEL } from '../../src/server/platform/live-events';
import { addDays, ukDate, ukTime } from '../../src/server/platform/uk-time';
import { createTestApp, signInDemoAccounts, TEST_PASSWORD, type TestApp } from '../support/test-app';

/*
 * Care arrangements (decision 0024): a family with a plan proposes from their conversation, the carer
 * proposes changes, the family accepts; visits are made in UK time; the carer sends "running
 * late"; either side cancels a visit or ends the arrangement; each step is told in the
 * conversation; a private calendar feed lists the visits.
 */

let t: TestApp;
let cookies: Record<string, string>;
let conversationId: string;
let carerProfileId: string;

const DAY_MS = 86_400_000;
const inDays = (days: number) => ukDate(new Date(Date.now() + days * DAY_MS));

const terms = (overrides: Record<string, unknown> = {}) => ({
  startDate: inDays(3),
  visits: [
    { day: 'tuesday', start: '09:00', end: '12:00' },
    { day: 'thursday', start: '09:00', end: '12:00' },
  ],
  hourlyRate: '18.50',
  tasks: 'Help with washing and dressing, breakfast, a walk if the weather is fine.',
  ...overrides,
});

const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.injectAs(cookie, { method, url, ...(payload ? { payload } : {}) });
const thread = async (cookie: string | undefined) =>
  (await call(cookie, 'GET', `/api/conversations/${conversationId}`)).json<{
    messages: Array<{ content: string }>;
  }>().messages;

/**
 * A visit of the arrangement starting `minutes` from now (before now if negative), three hours
 * long: the notice windows are measured against the server's clock, which these times travel with.
 */
async function visitAt(arrangementId: string, minutes: number): Promise<string> {
  const startsAt = new Date(Math.floor(Date.now() / 60_000 + minutes) * 60_000);
  const [row] = await t.database.db
    .insert(visitRows)
    .values({ arrangementId, startsAt, endsAt: new Date(startsAt.getTime() + 3 * 3_600_000) })
    .returning({ id: visitRows.id });
  madeVisits.push(row!.id);
  return row!.id;
}
/** The subjects of every email sent to `email` so far. */
const subjectsTo = async (email: string) =>
  (await t.outbox()).filter((mail) => mail.toAddress === email).map((mail) => mail.subject);

/** The visits visitAt made: they go once the notice tests are done, so later tests see the weekly ones. */
const madeVisits: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db);
  cookies = await signInDemoAccounts(t);
  const carers = await call(undefined, 'GET', '/api/carers?limit=50');
  const demoCarer = carers
    .json<{ items: Array<{ id: string; userId: string; firstName: string }> }>()
    .items.find((carer) => carer.firstName === DEMO_ACCOUNTS.carer.firstName)!;
  carerProfileId = demoCarer.id;
  const sent = await call(cookies.subscribed, 'POST', '/api/messages', {
    carerId: demoCarer.id,
    receiverId: demoCarer.userId,
    content: 'Hello Grace, could you help my mum on Tuesday and Thursday mornings?',
  });
  expect(sent.statusCode, sent.body).toBe(201);
  conversationId = sent.json<{ conversationId: string }>().conversationId;
  await call(cookies.carer, 'POST', `/api/conversations/${conversationId}/messages`, {
    content: 'Yes, I can.',
  });
});
afterAll(() => t.close());

describe('the visit generator', () => {
  it('keeps 09:00 at 09:00 across the March and October clock changes', () => {
    const weekly = { id: 'x', startDate: '2027-03-20', endDate: null, visits: terms().visits };
    for (const [from, to] of [
      ['2027-03-20', '2027-04-10'],
      ['2027-10-20', '2027-11-10'],
    ] as const) {
      const made = visitsBetween(weekly, from, to);
      expect(made.length).toBe(6);
      for (const visit of made) {
        expect(ukTime(visit.startsAt)).toBe('09:00');
        expect(ukTime(visit.endsAt)).toBe('12:00');
        expect(visit.endsAt.getTime() - visit.startsAt.getTime()).toBe(3 * 3_600_000);
      }
      // Both offsets appear: the instants move by an hour when the clocks change.
      expect(new Set(made.map((visit) => visit.startsAt.getUTCHours())).size).toBe(2);
    }
  });

  it('makes no visit before the start or after the end date', () => {
    const made = visitsBetween(
      { id: 'x', startDate: '2027-06-02', endDate: '2027-06-10', visits: terms().visits },
      '2027-05-01',
      '2027-07-01',
    );
    expect(made.map((visit) => ukDate(visit.startsAt))).toEqual(['2027-06-03', '2027-06-08', '2027-06-10']);
  });
});

describe('from a proposal to visits', () => {
  let arrangement: Arrangement;

  it('refuses a proposal from a carer, a family without a plan, and bad terms', async () => {
    const fromCarer = await call(cookies.carer, 'POST', '/api/bookings', { ...terms(), conversationId });
    expect(fromCarer.statusCode).toBe(403);
    const noPlan = await call(cookies.family, 'POST', '/api/bookings', { ...terms(), conversationId });
    expect([403, 404]).toContain(noPlan.statusCode);
    for (const [field, change] of [
      ['startDate', { startDate: inDays(-1) }],
      ['visits', { visits: [] }],
      [
        'visits',
        {
          visits: [
            { day: 'tuesday', start: '09:00', end: '12:00' },
            { day: 'tuesday', start: '11:00', end: '13:00' },
          ],
        },
      ],
      ['visits', { visits: [{ day: 'tuesday', start: '12:00', end: '09:00' }] }],
      ['hourlyRate', { hourlyRate: '2' }],
    ] as const) {
      const response = await call(cookies.subscribed, 'POST', '/api/bookings', {
        ...terms(change),
        conversationId,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(response.json().fieldErrors ?? {}), JSON.stringify(change)).toContain(field);
    }
  });

  it('lets the family propose from their conversation, told there as a message', async () => {
    const response = await call(cookies.subscribed, 'POST', '/api/bookings', { ...terms(), conversationId });
    expect(response.statusCode, response.body).toBe(201);
    arrangement = response.json<Arrangement>();
    expect(arrangement).toMatchObject({
      status: 'proposed',
      proposedBy: 'customer',
      awaitingMe: false,
      hourlyRate: '18.50',
    });
    expect((await thread(cookies.carer)).at(-1)?.content).toMatch(
      /^Proposed a care arrangement: Tuesdays and Thursdays 09:00–12:00, from .+, at £18\.50 an hour\.$/,
    );
    // The carer is emailed at once, though the family's message minutes ago was emailed already
    // (a chat message's email waits 15 minutes after the last).
    expect(await subjectsTo(DEMO_ACCOUNTS.carer.email)).toContain('A family proposed a care arrangement');
    const again = await call(cookies.subscribed, 'POST', '/api/bookings', { ...terms(), conversationId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ARRANGEMENT_MESSAGES.alreadyOpen);
  });

  it('shows it only to the two people', async () => {
    const carerView = await call(cookies.carer, 'GET', `/api/bookings/${arrangement.id}`);
    expect(carerView.json<Arrangement>()).toMatchObject({ awaitingMe: true, partnerName: 'Sam O.' });
    for (const outsider of [cookies.family, cookies.admin]) {
      expect((await call(outsider, 'GET', `/api/bookings/${arrangement.id}`)).statusCode).toBe(404);
      expect((await call(outsider, 'POST', `/api/bookings/${arrangement.id}/accept`)).statusCode).toBe(404);
    }
    expect((await call(undefined, 'GET', `/api/bookings/${arrangement.id}`)).statusCode).toBe(401);
  });

  it("tells the carer the family's area, the postcode district only, and the family nothing of it", async () => {
    const family = eq(users.email, DEMO_ACCOUNTS.subscribed.email);
    const areaFor = async (cookie: string | undefined) => {
      const one = (await call(cookie, 'GET', `/api/bookings/${arrangement.id}`)).json<Arrangement>().area;
      const listed = (await call(cookie, 'GET', '/api/bookings'))
        .json<Arrangements>()
        .items.find((item) => item.id === arrangement.id)?.area;
      expect(listed).toBe(one);
      return one;
    };
    try {
      await t.database.db.update(users).set({ searchPlace: 'LS6 3AB' }).where(family);
      expect(await areaFor(cookies.carer)).toBe('LS6');
      expect(await areaFor(cookies.subscribed)).toBeNull();
      // A town names no district: nothing is said.
      await t.database.db.update(users).set({ searchPlace: 'Leeds' }).where(family);
      expect(await areaFor(cookies.carer)).toBeNull();
    } finally {
      await t.database.db.update(users).set({ searchPlace: null }).where(family);
    }
  });

  it('takes changes from the carer, then the family’s acceptance, and makes the visits', async () => {
    const notMyTurn = await call(cookies.subscribed, 'POST', `/api/bookings/${arrangement.id}/accept`);
    expect(notMyTurn.statusCode).toBe(409);
    const changed = await call(
      cookies.carer,
      'POST',
      `/api/bookings/${arrangement.id}/propose`,
      terms({ hourlyRate: '19' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Arrangement>()).toMatchObject({
      proposedBy: 'carer',
      hourlyRate: '19.00',
      awaitingMe: false,
    });
    // The family, at once too (before, the conversation's email, held back after the carer's reply).
    expect(await subjectsTo(DEMO_ACCOUNTS.subscribed.email)).toContain('A care arrangement has changed');

    // The family proposes other changes, and the carer theirs again: each is emailed to the carer at once.
    const countered = await call(
      cookies.subscribed,
      'POST',
      `/api/bookings/${arrangement.id}/propose`,
      terms({ hourlyRate: '18.75' }),
    );
    expect(countered.statusCode, countered.body).toBe(200);
    expect(await subjectsTo(DEMO_ACCOUNTS.carer.email)).toContain(
      'A family proposed changes to a care arrangement',
    );
    const changedAgain = await call(
      cookies.carer,
      'POST',
      `/api/bookings/${arrangement.id}/propose`,
      terms({ hourlyRate: '19' }),
    );
    expect(changedAgain.statusCode, changedAgain.body).toBe(200);

    const accepted = await call(cookies.subscribed, 'POST', `/api/bookings/${arrangement.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<Arrangement>().status).toBe('accepted');
    expect((await thread(cookies.subscribed)).at(-1)?.content).toMatch(/^Accepted the care arrangement: /);
    const acceptedEmail = (await t.outbox()).find(
      (mail) =>
        mail.toAddress === DEMO_ACCOUNTS.carer.email &&
        mail.subject === 'A family accepted your care arrangement',
    );
    expect(acceptedEmail?.bodyText).toContain('Sam O. accepted the care arrangement you proposed.');
    expect(acceptedEmail?.bodyText).toContain(`/messages/${conversationId}`);

    for (const cookie of [cookies.carer, cookies.subscribed]) {
      const visits = (await call(cookie, 'GET', '/api/visits?days=56'))
        .json<{ items: Visit[] }>()
        .items.filter((visit) => visit.arrangementId === arrangement.id);
      expect(visits.length).toBeGreaterThanOrEqual(14);
      for (const visit of visits) {
        expect(visit.start).toBe('09:00');
        expect(visit.end).toBe('12:00');
        expect(visit.date >= terms().startDate).toBe(true);
        expect([2, 4]).toContain(new Date(`${visit.date}T12:00:00Z`).getUTCDay());
      }
    }
  });

  it('lets the carer say "running late" for a visit, and by how much; the family is emailed at once and sees it', async () => {
    // Both people's open pages are told at once (a live event), besides the email.
    const published: string[] = [];
    const listening = await t.database.listen(
      LIVE_CHANNEL,
      (payload) => published.push(payload),
      () => {},
    );
    const soon = await visitAt(arrangement.id, 90);
    const fromFamily = await call(cookies.subscribed, 'POST', `/api/visits/${soon}/notice`, {
      kind: 'running_late',
      minutesLate: 10,
    });
    expect(fromFamily.statusCode).toBe(403);
    const sent = await call(cookies.carer, 'POST', `/api/visits/${soon}/notice`, {
      kind: 'running_late',
      minutesLate: 20,
      note: 'Stuck behind a bin lorry.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const seen = (await call(cookies.subscribed, 'GET', '/api/visits'))
      .json<{ items: Visit[] }>()
      .items.find((visit) => visit.id === soon);
    expect(seen).toMatchObject({
      id: soon,
      notice: 'running_late',
      minutesLate: 20,
      noticeNote: 'Stuck behind a bin lorry.',
    });
    const emails = (await t.outbox()).filter((mail) => mail.toAddress === DEMO_ACCOUNTS.subscribed.email);
    const email = emails.find((mail) => mail.subject === 'Your carer is running late');
    expect(email?.bodyText).toContain('is running late (about 20 minutes) for the visit on');
    await expect
      .poll(() => published.filter((payload) => payload.includes('"visit"')).length)
      .toBeGreaterThan(0);
    await listening.close();
  });

  // A notice for a visit days away alarmed a family for nothing, in one tap and with no way back.
  describe('notices only around the visit, and an undo', () => {
    const notice = (visitId: string, body: object, cookie = cookies.carer) =>
      call(cookie, 'POST', `/api/visits/${visitId}/notice`, body);
    const late = { kind: 'running_late', minutesLate: 30 };
    afterAll(async () => {
      await t.database.db.delete(visitRows).where(inArray(visitRows.id, madeVisits.splice(0)));
    });

    it('takes "running late" from 2 hours before the start until the end, with how late, and not otherwise', async () => {
      const daysAway = await visitAt(arrangement.id, 3 * 24 * 60);
      const justTooEarly = await visitAt(arrangement.id, RUNNING_LATE_FROM_MINUTES + 5);
      for (const visitId of [daysAway, justTooEarly]) {
        const refused = await notice(visitId, late);
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json().message).toBe(ARRANGEMENT_MESSAGES.runningLateTooEarly);
      }
      const inTheWindow = await visitAt(arrangement.id, RUNNING_LATE_FROM_MINUTES - 5);
      for (const body of [{ kind: 'running_late' }, { kind: 'running_late', minutesLate: 15 }]) {
        const refused = await notice(inTheWindow, body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.json().fieldErrors).toEqual({ minutesLate: ARRANGEMENT_MESSAGES.minutesLateRequired });
      }
      for (const minutesLate of LATE_MINUTES) {
        const taken = await notice(inTheWindow, { kind: 'running_late', minutesLate });
        expect(taken.statusCode, taken.body).toBe(200);
      }
      const underway = await visitAt(arrangement.id, -30);
      expect((await notice(underway, late)).statusCode).toBe(200);
      const over = await visitAt(arrangement.id, -4 * 60);
      const afterwards = await notice(over, late);
      expect(afterwards.statusCode).toBe(409);
      expect(afterwards.json().message).toBe(ARRANGEMENT_MESSAGES.visitPast);
      // Nothing was written for the refused ones.
      const rows = await t.database.db
        .select()
        .from(visitRows)
        .where(inArray(visitRows.id, [daysAway, justTooEarly, over]));
      expect(rows.map((row) => row.notice)).toEqual([null, null, null]);
    });

    it('takes "can\'t make it" any time before the start, and not once the visit has started', async () => {
      const daysAway = await visitAt(arrangement.id, 10 * 24 * 60);
      const taken = await notice(daysAway, { kind: 'cant_make_it' });
      expect(taken.statusCode, taken.body).toBe(200);
      const underway = await visitAt(arrangement.id, -10);
      const refused = await notice(underway, { kind: 'cant_make_it' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ARRANGEMENT_MESSAGES.visitStarted);
    });

    it('lets the carer undo a notice for 5 minutes: the family is emailed, their pages told, the feed relabelled back', async () => {
      const made = await call(cookies.subscribed, 'POST', '/api/settings/calendar-feed');
      const feedPath = new URL(made.json<CalendarFeed>().url!).pathname;
      const descriptionOf = async (visitId: string) => {
        const calendar = new ICAL.Component(ICAL.parse((await call(undefined, 'GET', feedPath)).body));
        const event = calendar
          .getAllSubcomponents('vevent')
          .find((component) => component.getFirstPropertyValue('uid') === `${visitId}@carematch`);
        expect(event, 'the visit is in the feed').toBeDefined();
        return event!.getFirstPropertyValue('description') ?? '';
      };
      const visitId = await visitAt(arrangement.id, 60);
      expect((await call(cookies.carer, 'DELETE', `/api/visits/${visitId}/notice`)).json().message).toBe(
        ARRANGEMENT_MESSAGES.noNoticeToUndo,
      );
      expect((await notice(visitId, { ...late, note: 'Flat tyre' })).statusCode).toBe(200);
      expect(await descriptionOf(visitId)).toBe('Running late (about 30 minutes): Flat tyre');

      const published: string[] = [];
      const listening = await t.database.listen(
        LIVE_CHANNEL,
        (payload) => published.push(payload),
        () => {},
      );
      expect((await call(cookies.subscribed, 'DELETE', `/api/visits/${visitId}/notice`)).statusCode).toBe(
        403,
      );
      const undone = await call(cookies.carer, 'DELETE', `/api/visits/${visitId}/notice`);
      expect(undone.statusCode, undone.body).toBe(200);
      const seen = (await call(cookies.subscribed, 'GET', '/api/visits'))
        .json<{ items: Visit[] }>()
        .items.find((visit) => visit.id === visitId);
      expect(seen).toMatchObject({ notice: null, minutesLate: null, noticeNote: null, noticeAt: null });
      expect(await descriptionOf(visitId)).toBe('');
      const told = (await t.outbox()).filter(
        (mail) =>
          mail.toAddress === DEMO_ACCOUNTS.subscribed.email &&
          mail.subject === 'Notice cancelled: your care visit is as planned',
      );
      expect(told).toHaveLength(1);
      expect(told[0]!.bodyText).toContain(
        'cancelled their notice that they were running late for the visit on',
      );
      await expect
        .poll(() => published.filter((payload) => payload.includes('"visit"')).length)
        .toBeGreaterThan(0);
      await listening.close();

      // After the undo window: the notice stands.
      expect((await notice(visitId, late)).statusCode).toBe(200);
      await t.database.db
        .update(visitRows)
        .set({ noticeAt: new Date(Date.now() - (NOTICE_UNDO_MINUTES + 1) * 60_000) })
        .where(eq(visitRows.id, visitId));
      const tooLate = await call(cookies.carer, 'DELETE', `/api/visits/${visitId}/notice`);
      expect(tooLate.statusCode).toBe(409);
      expect(tooLate.json().message).toBe(ARRANGEMENT_MESSAGES.undoTooLate);
      expect(await descriptionOf(visitId)).toBe('Running late (about 30 minutes)');
      await call(cookies.subscribed, 'DELETE', '/api/settings/calendar-feed');
    });
  });

  it('lets either side cancel one visit to come, and tells the other', async () => {
    const visits = (await call(cookies.subscribed, 'GET', '/api/visits'))
      .json<{ items: Visit[] }>()
      .items.filter((visit) => visit.arrangementId === arrangement.id);
    const second = visits[1]!;
    const cancelled = await call(cookies.subscribed, 'POST', `/api/visits/${second.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await call(cookies.carer, 'POST', `/api/visits/${second.id}/cancel`)).statusCode).toBe(409);
    const after = (await call(cookies.carer, 'GET', '/api/visits')).json<{ items: Visit[] }>().items;
    expect(after.find((visit) => visit.id === second.id)?.status).toBe('cancelled');
    const emails = (await t.outbox()).filter((mail) => mail.toAddress === DEMO_ACCOUNTS.carer.email);
    expect(emails.some((mail) => mail.subject === 'A care visit has been cancelled')).toBe(true);
    expect((await call(cookies.family, 'POST', `/api/visits/${second.id}/cancel`)).statusCode).toBe(404);
  });

  it('lists the visits in a private calendar feed a calendar app can read, until it is turned off', async () => {
    const made = await call(cookies.carer, 'POST', '/api/settings/calendar-feed');
    const feed = made.json<CalendarFeed>();
    expect(feed.active).toBe(true);
    const path = new URL(feed.url!).pathname;
    const ics = await call(undefined, 'GET', path);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(ics.body));
    // The demo carer's other arrangement (the demo data's) has its visits in the feed too.
    const events = calendar
      .getAllSubcomponents('vevent')
      .map((event) => new ICAL.Event(event))
      .filter((event) => event.summary === 'Care visit with Sam O.');
    expect(events.length).toBeGreaterThanOrEqual(14);
    expect(events[0]!.summary).toBe('Care visit with Sam O.');
    expect(events[0]!.startDate.toJSDate().toLocaleTimeString('en-GB', { timeZone: 'Europe/London' })).toBe(
      '09:00:00',
    );
    expect(
      calendar
        .getAllSubcomponents('vevent')
        .some((event) => event.getFirstPropertyValue('status') === 'CANCELLED'),
    ).toBe(true);
    expect((await call(cookies.carer, 'GET', '/api/settings/calendar-feed')).json()).toEqual({
      active: true,
      url: null,
    });
    expect((await call(undefined, 'GET', '/api/calendar/not-the-secret-at-all-xyz.ics')).statusCode).toBe(
      404,
    );
    await call(cookies.carer, 'DELETE', '/api/settings/calendar-feed');
    expect((await call(undefined, 'GET', path)).statusCode).toBe(404);
  });

  it('lets either side end the arrangement after a date; later visits go', async () => {
    const endDate = inDays(10);
    const ended = await call(cookies.carer, 'POST', `/api/bookings/${arrangement.id}/end`, { endDate });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<Arrangement>().endDate).toBe(endDate);
    const visits = (await call(cookies.subscribed, 'GET', '/api/visits?days=56'))
      .json<{ items: Visit[] }>()
      .items.filter((visit) => visit.arrangementId === arrangement.id);
    expect(visits.length).toBeGreaterThan(0);
    expect(visits.filter((visit) => visit.date > endDate)).toEqual([]);
    expect((await thread(cookies.subscribed)).at(-1)?.content).toMatch(
      /^Ending the care arrangement: the last day is /,
    );
  });

  it('hides the arrangement and its visits from the carer while the family’s account is suspended', async () => {
    const [family] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.subscribed.email));
    const carerSees = async () => ({
      arrangements: (await call(cookies.carer, 'GET', '/api/bookings')).json<{ items: Arrangement[] }>()
        .items,
      visits: (await call(cookies.carer, 'GET', '/api/visits?days=56')).json<{ items: Visit[] }>().items,
    });
    expect((await carerSees()).arrangements.map((item) => item.id)).toContain(arrangement.id);
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, family!.id));
    try {
      const seen = await carerSees();
      expect(seen.arrangements.map((item) => item.id)).not.toContain(arrangement.id);
      expect(seen.visits.filter((visit) => visit.arrangementId === arrangement.id)).toEqual([]);
      expect((await call(cookies.carer, 'GET', `/api/bookings/${arrangement.id}`)).statusCode).toBe(404);
    } finally {
      await t.database.db.update(users).set({ suspendedAt: null }).where(eq(users.id, family!.id));
    }
  });

  it('lets an admin look at an account’s arrangements, recorded in the audit log', async () => {
    const [family] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.subscribed.email));
    const looked = await call(cookies.admin, 'GET', `/api/admin/users/${family!.id}/arrangements`);
    expect(looked.statusCode, looked.body).toBe(200);
    expect(looked.json<{ items: Arrangement[] }>().items.map((item) => item.id)).toContain(arrangement.id);
    const log = await call(cookies.admin, 'GET', '/api/admin/audit-log?action=arrangements.viewed');
    expect(log.body).toContain(family!.id);
    for (const cookie of [cookies.carer, cookies.subscribed]) {
      expect((await call(cookie, 'GET', `/api/admin/users/${family!.id}/arrangements`)).statusCode).toBe(403);
    }
  });

  it('makes the family eligible to review the carer', async () => {
    const state = await call(cookies.subscribed, 'GET', `/api/carers/${carerProfileId}/reviews/mine`);
    expect(state.json().eligible).toBe(true);
  });
});

describe('declining', () => {
  it('takes a reason, and closes the proposal', async () => {
    const { cookie, user } = await t.register({ userType: 'customer', firstName: 'Rhodri' });
    await t.database.db
      .update(users)
      .set({
        subscriptionStatus: 'active',
        subscriptionType: 'annual',
        subscriptionExpiresAt: new Date(Date.now() + 30 * DAY_MS),
      })
      .where(eq(users.id, user.id));
    const carers = (await call(undefined, 'GET', '/api/carers?limit=50')).json<{
      items: Array<{ id: string; userId: string; firstName: string }>;
    }>().items;
    const demoCarer = carers.find((carer) => carer.firstName === DEMO_ACCOUNTS.carer.firstName)!;
    const sent = await call(cookie, 'POST', '/api/messages', {
      carerId: demoCarer.id,
      receiverId: demoCarer.userId,
      content: 'Hello, could you help my dad?',
    });
    const proposal = await call(cookie, 'POST', '/api/bookings', {
      ...terms(),
      conversationId: sent.json<{ conversationId: string }>().conversationId,
    });
    expect(proposal.statusCode, proposal.body).toBe(201);
    const id = proposal.json<Arrangement>().id;
    // Across a block nothing can be arranged, not even an answer to a proposal.
    await t.database.db.insert(userBlocks).values({ blockerId: user.id, blockedId: demoCarer.userId });
    const blocked = await call(cookies.carer, 'POST', `/api/bookings/${id}/accept`);
    expect(blocked.statusCode).toBe(403);
    await t.database.db.delete(userBlocks).where(eq(userBlocks.blockerId, user.id));
    const noReason = await call(cookies.carer, 'POST', `/api/bookings/${id}/decline`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const declined = await call(cookies.carer, 'POST', `/api/bookings/${id}/decline`, {
      reason: 'I am fully booked on Tuesdays.',
    });
    expect(declined.json<Arrangement>()).toMatchObject({
      status: 'declined',
      declineReason: 'I am fully booked on Tuesdays.',
    });
    expect((await call(cookie, 'POST', `/api/bookings/${id}/accept`)).statusCode).toBe(409);

    // The family's data export holds the arrangement; when the family deletes their account the
    // carer keeps the record, without the name.
    const exported = await call(cookie, 'POST', '/api/settings/export');
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    const [record] = JSON.parse(strFromU8(files['arrangements.json']!)) as Array<Record<string, unknown>>;
    expect(record).toMatchObject({ id, status: 'declined', family: 'you', carer: 'Grace M.' });
    const deleted = await call(cookie, 'DELETE', '/api/settings/account', {
      password: TEST_PASSWORD,
      confirmation: 'DELETE',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const kept = await call(cookies.carer, 'GET', `/api/bookings/${id}`);
    expect(kept.json<Arrangement>()).toMatchObject({ status: 'declined', partnerName: 'Deleted user' });
  });
});

describe('the visits ahead (housekeeping)', () => {
  it('makes every accepted arrangement’s visits to the horizon, once, however many arrangements there are', async () => {
    const accepted = await t.database.db
      .select()
      .from(arrangementRows)
      .where(eq(arrangementRows.status, 'accepted'));
    expect(accepted.length).toBeGreaterThanOrEqual(2);
    const ids = accepted.map((row) => row.id);
    const at = new Date();
    const expected = accepted
      .flatMap((row) =>
        visitsBetween(row, ukDate(at), addDays(ukDate(at), VISIT_HORIZON_WEEKS * 7)).filter(
          (visit) => visit.startsAt > at,
        ),
      )
      .map((visit) => `${visit.arrangementId} ${visit.startsAt.toISOString()}`);
    const ahead = async () =>
      (await t.database.db.select().from(visitRows).where(inArray(visitRows.arrangementId, ids)))
        .filter((visit) => visit.startsAt > at && visit.status === 'scheduled')
        .map((visit) => `${visit.arrangementId} ${visit.startsAt.toISOString()}`)
        .sort();
    await t.database.db.delete(visitRows).where(inArray(visitRows.arrangementId, ids));

    await t.app.arrangements.keepVisitsAhead(at);
    const made = await ahead();
    expect(made.length).toBeGreaterThan(0);
    expect(new Set(made.map((key) => key.split(' ')[0]))).toEqual(new Set(ids));
    expect(made).toEqual([...new Set(expected)].sort());
    await t.app.arrangements.keepVisitsAhead(at);
    expect(await ahead()).toEqual(made);
  });
});

describe('the demo data', () => {
  it('gives the subscribed demo family an accepted arrangement with visits to come, and nobody unread messages', async () => {
    const fresh = await createTestApp();
    try {
      await seedDemoData(fresh.database.db);
      await seedDemoData(fresh.database.db); // twice: the seed adds it once
      const demo = await signInDemoAccounts(fresh);
      const items = (await fresh.injectAs(demo.subscribed, { method: 'GET', url: '/api/bookings' })).json<{
        items: Arrangement[];
      }>().items;
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ status: 'accepted', partnerName: 'Margaret O.' });
      const visits = (
        await fresh.injectAs(demo.subscribed, { method: 'GET', url: '/api/visits?days=14' })
      ).json<{ items: Visit[] }>().items;
      expect(visits.length).toBeGreaterThanOrEqual(3);
      // Its cover plan names a backup carer the family has talked to, at the rate agreed there.
      const plan = (
        await fresh.injectAs(demo.subscribed, { method: 'GET', url: `/api/bookings/${items[0]!.id}/cover` })
      ).json<CoverPlan>();
      expect(plan.backups).toEqual([
        expect.objectContaining({ name: 'Aisha R.', position: 1, hourlyRate: '17.00', listed: true }),
      ]);
      expect(plan.backups[0]!.checkSummary).not.toBeNull();
      const inbox = (
        await fresh.injectAs(demo.subscribed, { method: 'GET', url: '/api/conversations' })
      ).json<ConversationList>().conversations;
      const withBackup = inbox.find((conversation) => conversation.partner.name === 'Aisha R.');
      expect(withBackup?.lastMessage?.content).toMatch(/cover plan/);
      for (const name of ['subscribed', 'carer', 'family'] as const) {
        const unread = await fresh.injectAs(demo[name], { method: 'GET', url: '/api/messages/unread' });
        expect(unread.json().unread, name).toBe(0);
      }
    } finally {
      await fresh.close();
    }
  });
});
