import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Arrangement, Visits } from '@contracts/arrangements';
import {
  CHECK_IN_FROM_MINUTES,
  CHECK_IN_UNTIL_MINUTES_AFTER_END,
  NOTE_REPLIES_MAX,
  OFFLINE_RECORD_MAX_HOURS,
  RECORD_AFTERWARDS_DAYS,
  VISIT_RECORD_MESSAGES,
  type VisitHistory,
  type VisitRecord,
} from '@contracts/visit-records';
import { circleMembers, users, visitNoteReplies, visits as visitRows } from '../../src/server/db/schema';
import { ukDate, ukTime } from '../../src/server/platform/uk-time';
import { carer, customer, startConversation, type Carer, type Person } from '../support/messaging-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Visits that happened (decision 0024, "What we record"): the carer checks in and out around the
 * visit, records a missed check-in afterwards with the real times and a reason, writes a note
 * with the ticks the family set; only the family side (its circle included) replies; both read
 * the history, page by page, and so does the family's circle; nobody else sees any of it. Times are set relative to the server's clock, which they travel with.
 */

let t: TestApp;
let family: Person;
let worker: Carer;
let stranger: Person;
let otherCarer: Carer;
let arrangement: Arrangement;

const MINUTE = 60_000;
const DAY_MS = 86_400_000;
const TICKS = ['Lunch', 'Walk', 'Medication prompted'];

const call = (
  who: Person | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.injectAs(who?.cookie, { method, url, ...(payload ? { payload } : {}) });

let made = 0;
/** A visit of the arrangement starting `minutes` from now (before now if negative), `hours` long. */
async function visitAt(minutes: number, hours = 2, status: 'scheduled' | 'cancelled' = 'scheduled') {
  // A second apart, so two visits made in the same minute never share a start (a unique key).
  made += 1;
  const startsAt = new Date(Math.floor(Date.now() / MINUTE + minutes) * MINUTE + made * 1000);
  const [row] = await t.database.db
    .insert(visitRows)
    .values({
      arrangementId: arrangement.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + hours * 3_600_000),
      status,
    })
    .returning();
  return row!;
}

const checkIn = (who: Person | undefined, id: string) => call(who, 'POST', `/api/visits/${id}/check-in`);
const checkOut = (who: Person | undefined, id: string, body: object = {}) =>
  call(who, 'POST', `/api/visits/${id}/check-out`, body);
const record = (who: Person | undefined, id: string, body: object) =>
  call(who, 'POST', `/api/visits/${id}/record`, body);
const replyTo = (who: Person | undefined, id: string, text: string) =>
  call(who, 'POST', `/api/visits/${id}/note/replies`, { text });
const history = (who: Person | undefined, query = '') =>
  call(who, 'GET', `/api/bookings/${arrangement.id}/history${query}`);

beforeAll(async () => {
  t = await createTestApp();
  family = await customer(t, 'active', { firstName: 'Harriet', lastName: 'Bell' });
  worker = await carer(t, { firstName: 'Grace', lastName: 'Hollins' });
  stranger = await customer(t, 'active');
  otherCarer = await carer(t);
  const conversationId = await startConversation(t, family, worker);
  const proposed = await call(family, 'POST', '/api/bookings', {
    conversationId,
    startDate: ukDate(new Date(Date.now() + 3 * DAY_MS)),
    visits: [{ day: 'tuesday', start: '09:00', end: '11:00' }],
    hourlyRate: '18.00',
    tasks: 'Lunch and a walk.',
    careFor: 'Dad — Arthur',
    careNotes: 'Key safe by the back door.\nThe cat must stay in.',
    noteTicks: TICKS,
  });
  expect(proposed.statusCode, proposed.body).toBe(201);
  const accepted = await call(worker, 'POST', `/api/bookings/${proposed.json<Arrangement>().id}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  arrangement = accepted.json<Arrangement>();
});
afterAll(() => t.close());

describe('the care details on the arrangement', () => {
  it('are kept from the proposal and shown to the carer', () => {
    expect(arrangement.careFor).toBe('Dad — Arthur');
    expect(arrangement.careNotes).toBe('Key safe by the back door.\nThe cat must stay in.');
    expect(arrangement.noteTicks).toEqual(TICKS);
  });

  it('are the family’s to change: the carer 403, anyone else 404', async () => {
    const url = `/api/bookings/${arrangement.id}/care-details`;
    const details = { careFor: 'Mum — Rose', careNotes: '', noteTicks: [...TICKS, 'Shopping'] };
    expect((await call(worker, 'PUT', url, details)).statusCode).toBe(403);
    expect((await call(stranger, 'PUT', url, details)).statusCode).toBe(404);
    expect((await call(otherCarer, 'PUT', url, details)).statusCode).toBe(404);
    expect((await call(undefined, 'PUT', url, details)).statusCode).toBe(401);
    const saved = await call(family, 'PUT', url, details);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Arrangement>().noteTicks).toEqual([...TICKS, 'Shopping']);
    const seen = await call(worker, 'GET', `/api/bookings/${arrangement.id}`);
    expect(seen.json<Arrangement>().careFor).toBe('Mum — Rose');
    // Back as the rest of the file expects.
    expect((await call(family, 'PUT', url, { careFor: 'Dad — Arthur', noteTicks: TICKS })).statusCode).toBe(
      200,
    );
  });

  it('refuses too many ticks, repeated or long ones, and control characters in one-line fields', async () => {
    const url = `/api/bookings/${arrangement.id}/care-details`;
    for (const body of [
      { noteTicks: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] },
      { noteTicks: ['Lunch', 'lunch'] },
      { noteTicks: ['x'.repeat(31)] },
      { noteTicks: [''] },
      { noteTicks: ['Lu\u202Ench'] },
      { careFor: 'Dad\nArthur' },
      { careFor: 'x'.repeat(81) },
      { careNotes: 'x'.repeat(1001) },
    ]) {
      const refused = await call(family, 'PUT', url, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    // Multi-line notes keep their line breaks and lose other control characters.
    const saved = await call(family, 'PUT', url, {
      careFor: 'Dad — Arthur',
      careNotes: 'Allergic to nuts\u0007.\r\nDog: Bess.',
      noteTicks: TICKS,
    });
    expect(saved.json<Arrangement>().careNotes).toBe('Allergic to nuts.\nDog: Bess.');
  });
});

describe('checking in and out', () => {
  it('is the carer’s only: the family 403, another carer, a stranger 404, a visitor 401', async () => {
    const visit = await visitAt(30);
    expect((await checkIn(family, visit.id)).statusCode).toBe(403);
    expect((await checkIn(otherCarer, visit.id)).statusCode).toBe(404);
    expect((await checkIn(stranger, visit.id)).statusCode).toBe(404);
    expect((await checkIn(undefined, visit.id)).statusCode).toBe(401);
    expect((await checkIn(worker, 'not-a-uuid')).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(visitRows).where(eq(visitRows.id, visit.id));
    expect(row!.checkedInAt).toBeNull();
  });

  it('opens two hours before the visit and closes two hours after it ends', async () => {
    const early = await visitAt(CHECK_IN_FROM_MINUTES + 10);
    const tooEarly = await checkIn(worker, early.id);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json<{ message: string }>().message).toBe(VISIT_RECORD_MESSAGES.checkInTooEarly);
    // A 2-hour visit that ended more than two hours ago.
    const late = await visitAt(-(120 + CHECK_IN_UNTIL_MINUTES_AFTER_END + 5));
    const tooLate = await checkIn(worker, late.id);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json<{ message: string }>().message).toBe(VISIT_RECORD_MESSAGES.checkInTooLate);
    const soon = await visitAt(CHECK_IN_FROM_MINUTES - 10);
    const inside = await checkIn(worker, soon.id);
    expect(inside.statusCode, inside.body).toBe(200);
    const checked = inside.json<VisitRecord>();
    expect(Math.abs(new Date(checked.checkedInAt!).getTime() - Date.now())).toBeLessThan(MINUTE);
    expect(checked.checkedOutAt).toBeNull();
    expect((await checkIn(worker, soon.id)).statusCode).toBe(409);
  });

  it('refuses a cancelled visit', async () => {
    const cancelled = await visitAt(10, 2, 'cancelled');
    const refused = await checkIn(worker, cancelled.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(VISIT_RECORD_MESSAGES.visitCancelled);
  });

  it('checks out only after checking in, with a note whose ticks are the arrangement’s', async () => {
    const visit = await visitAt(-30);
    const notYet = await checkOut(worker, visit.id);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json<{ message: string }>().message).toBe(VISIT_RECORD_MESSAGES.notCheckedIn);
    expect((await checkIn(worker, visit.id)).statusCode).toBe(200);
    expect((await checkOut(family, visit.id, { note: 'Hi' })).statusCode).toBe(403);

    const unknownTick = await checkOut(worker, visit.id, { note: 'Fine.', ticks: ['Gave tablets'] });
    expect(unknownTick.statusCode).toBe(400);
    expect(unknownTick.json<{ message: string }>().message).toBe(VISIT_RECORD_MESSAGES.tickNotOffered);
    expect((await checkOut(worker, visit.id, { note: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await checkOut(worker, visit.id, { note: 'a\u0000b' })).statusCode).toBe(400);
    const [still] = await t.database.db.select().from(visitRows).where(eq(visitRows.id, visit.id));
    expect(still!.checkedOutAt).toBeNull();

    const before = (await t.outbox()).length;
    const out = await checkOut(worker, visit.id, {
      note: 'Arthur was cheerful\u0007 today.\r\nWe walked to the park.',
      ticks: ['lunch', 'Walk'],
    });
    expect(out.statusCode, out.body).toBe(200);
    const done = out.json<VisitRecord>();
    expect(new Date(done.checkedOutAt!).getTime()).toBeGreaterThan(new Date(done.checkedInAt!).getTime());
    expect(done.recordedAfterwards).toBe(false);
    expect(done.note).toMatchObject({
      text: 'Arthur was cheerful today.\nWe walked to the park.',
      ticks: ['Lunch', 'Walk'],
      replies: [],
    });
    // The family is emailed that a note was written, without its words.
    const emails = (await t.outbox()).slice(before);
    expect(emails.map((email) => email.toAddress)).toEqual([family.user.email]);
    expect(emails[0]!.subject).toBe('Grace H. wrote a note about a care visit');
    expect(emails[0]!.bodyText).not.toContain('cheerful');

    expect((await checkOut(worker, visit.id)).statusCode).toBe(409);
    // The agenda shows what was recorded.
    const agenda = await call(
      family,
      'GET',
      `/api/visits?from=${encodeURIComponent(visit.startsAt.toISOString())}&days=1`,
    );
    const shown = agenda.json<Visits>().items.find((item) => item.id === visit.id)!;
    expect(shown).toMatchObject({ hasNote: true, recordedAfterwards: false });
    expect(shown.checkedOutAt).not.toBeNull();
  });

  it('closes check-out 12 hours after the visit: a forgotten one is recorded afterwards', async () => {
    // A two-hour visit that ended 13 hours ago, checked into at its start.
    const visit = await visitAt(-15 * 60);
    await t.database.db
      .update(visitRows)
      .set({ checkedInAt: visit.startsAt })
      .where(eq(visitRows.id, visit.id));
    const late = await checkOut(worker, visit.id, { note: 'Done.' });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(VISIT_RECORD_MESSAGES.checkOutTooLate);
    const recorded = await record(worker, visit.id, {
      date: ukDate(visit.startsAt),
      arrived: ukTime(visit.startsAt),
      left: ukTime(new Date(visit.startsAt.getTime() + 90 * MINUTE)),
      reason: 'I forgot to check out.',
    });
    // Just after midnight the visit's day and its hour and a half may straddle two dates.
    if (ukDate(new Date(visit.startsAt.getTime() + 90 * MINUTE)) === ukDate(visit.startsAt)) {
      expect(recorded.statusCode, recorded.body).toBe(200);
      expect(recorded.json<VisitRecord>().recordedAfterwards).toBe(true);
    } else {
      expect(recorded.statusCode).toBe(400);
    }
  });

  it('writes no note (and sends no email) for a check-out without one', async () => {
    const visit = await visitAt(-10);
    expect((await checkIn(worker, visit.id)).statusCode).toBe(200);
    const before = (await t.outbox()).length;
    const out = await checkOut(worker, visit.id, { note: '   ', ticks: [] });
    expect(out.statusCode).toBe(200);
    expect(out.json<VisitRecord>().note).toBeNull();
    expect((await t.outbox()).length).toBe(before);
  });
});

describe('a check-in and check-out made offline, sent later with the phone’s times', () => {
  const stepWith = (id: string, step: 'check-in' | 'check-out', body: object, key?: string) =>
    t.injectAs(worker.cookie, {
      method: 'POST',
      url: `/api/visits/${id}/${step}`,
      payload: body,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

  it('keeps the recorded times, judging the windows at them, and writes the note at check-out', async () => {
    // A 2-hour visit that ended 3 hours ago: check-in closed an hour ago, check-out is still open.
    const visit = await visitAt(-300);
    const arrived = ago(295);
    const late = await checkIn(worker, visit.id);
    expect(late.statusCode).toBe(409);
    const inside = await stepWith(visit.id, 'check-in', { at: arrived });
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json<VisitRecord>().checkedInAt).toBe(arrived);

    const left = ago(182);
    const out = await stepWith(visit.id, 'check-out', { at: left, note: 'Lunch done.', ticks: ['Lunch'] });
    expect(out.statusCode, out.body).toBe(200);
    const [row] = await t.database.db.select().from(visitRows).where(eq(visitRows.id, visit.id));
    expect(row!.checkedInAt!.toISOString()).toBe(arrived);
    expect(row!.checkedOutAt!.toISOString()).toBe(left);
    expect(out.json<VisitRecord>().note?.text).toBe('Lunch done.');
  });

  it('refuses a time ahead of the server’s clock, one over a day old, and one that is not a time', async () => {
    const visit = await visitAt(-30);
    const ahead = await stepWith(visit.id, 'check-in', {
      at: new Date(Date.now() + 10 * MINUTE).toISOString(),
    });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json<{ message: string }>().message).toBe(VISIT_RECORD_MESSAGES.recordedAtInFuture);
    const old = await stepWith(visit.id, 'check-in', { at: ago(OFFLINE_RECORD_MAX_HOURS * 60 + 5) });
    expect(old.statusCode).toBe(400);
    expect(old.json<{ message: string }>().message).toBe(VISIT_RECORD_MESSAGES.recordedAtTooOld);
    expect((await stepWith(visit.id, 'check-in', { at: 'yesterday' })).statusCode).toBe(400);
    expect((await stepWith(visit.id, 'check-in', { at: '2026-01-01T10:00:00' })).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(visitRows).where(eq(visitRows.id, visit.id));
    expect(row!.checkedInAt).toBeNull();
    // A minute of a phone's clock running fast is accepted, recorded as sent.
    const fast = new Date(Date.now() + MINUTE).toISOString();
    const accepted = await stepWith(visit.id, 'check-in', { at: fast });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<VisitRecord>().checkedInAt).toBe(fast);
  });

  it('is one step however often the queue sends it: the same key gets the same answer', async () => {
    const visit = await visitAt(-60);
    const arrived = ago(55);
    const first = await stepWith(visit.id, 'check-in', { at: arrived }, 'offline-check-in-1');
    const again = await stepWith(visit.id, 'check-in', { at: arrived }, 'offline-check-in-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());

    const body = { at: ago(5), note: 'All well.', ticks: [] };
    const [out, outAgain] = await Promise.all([
      stepWith(visit.id, 'check-out', body, 'offline-check-out-1'),
      stepWith(visit.id, 'check-out', body, 'offline-check-out-1'),
    ]);
    expect(out.statusCode, out.body).toBe(200);
    expect(outAgain.statusCode, outAgain.body).toBe(200);
    const notes = await history(worker, '?limit=50');
    const record = notes.json<VisitHistory>().items.find((item) => item.id === visit.id);
    expect(record?.note?.text).toBe('All well.');
  });
});

describe('recording a visit afterwards', () => {
  const times = (visit: { startsAt: Date }, arrivedOffset: number, leftOffset: number) => ({
    date: ukDate(visit.startsAt),
    arrived: ukTime(new Date(visit.startsAt.getTime() + arrivedOffset * MINUTE)),
    left: ukTime(new Date(visit.startsAt.getTime() + leftOffset * MINUTE)),
  });
  /**
   * A two-hour visit at 10:00 UK time on the day `daysAgo` before today (negative: days ahead), so
   * its times never cross midnight whatever the hour the test runs at (a visit an hour from now,
   * recorded as an hour long, ends on the next day after 23:00, which the form refuses first).
   */
  async function visitOnDay(daysAgo: number, status: 'scheduled' | 'cancelled' = 'scheduled') {
    const day = ukDate(new Date(Date.now() - daysAgo * DAY_MS));
    const { ukInstant } = await import('../../src/server/platform/uk-time');
    const startsAt = ukInstant(day, '10:00');
    const [row] = await t.database.db
      .insert(visitRows)
      .values({
        arrangementId: arrangement.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
        status,
      })
      .returning();
    return row!;
  }

  it('needs a reason and sane times: arriving around the visit, leaving after, not in the future', async () => {
    const visit = await visitOnDay(2);
    const base = { ...times(visit, 5, 115), reason: 'My phone was flat.' };
    expect((await record(worker, visit.id, { ...base, reason: '' })).statusCode).toBe(400);
    expect((await record(worker, visit.id, { ...base, reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await record(worker, visit.id, { ...base, left: base.arrived })).statusCode).toBe(400);
    expect((await record(worker, visit.id, { ...base, arrived: '25:00' })).statusCode).toBe(400);
    const farOff = await record(worker, visit.id, { ...times(visit, -180, 60), reason: 'x' });
    expect(farOff.statusCode).toBe(400);
    expect(farOff.json<{ message: string }>().message).toBe(VISIT_RECORD_MESSAGES.arrivedOutOfRange);
    const withBadTick = await record(worker, visit.id, { ...base, ticks: ['Bath'] });
    expect(withBadTick.statusCode).toBe(400);
    expect((await record(family, visit.id, base)).statusCode).toBe(403);
    expect((await record(stranger, visit.id, base)).statusCode).toBe(404);

    const saved = await record(worker, visit.id, { ...base, note: 'All well.', ticks: ['Lunch'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<VisitRecord>()).toMatchObject({
      recordedAfterwards: true,
      recordedReason: 'My phone was flat.',
      note: { text: 'All well.', ticks: ['Lunch'] },
    });
    expect(ukTime(new Date(saved.json<VisitRecord>().checkedInAt!))).toBe(base.arrived);
    expect((await record(worker, visit.id, base)).statusCode).toBe(409);
  });

  it('refuses times in the future, a visit to come, a cancelled one and one too long ago', async () => {
    const now = await visitAt(-30, 3);
    const leaving = times(now, 0, 60);
    const future = await record(worker, now.id, { ...leaving, reason: 'Forgot.' });
    expect(future.statusCode).toBe(400);
    // Just after midnight the hour ahead is on the next day, which the form refuses on its own.
    if (leaving.left > leaving.arrived) {
      expect(future.json<{ message: string }>().message).toBe(VISIT_RECORD_MESSAGES.inFuture);
    }

    const toCome = await visitOnDay(-1);
    const early = await record(worker, toCome.id, { ...times(toCome, 0, 60), reason: 'Forgot.' });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe(VISIT_RECORD_MESSAGES.recordNotYet);

    const cancelled = await visitOnDay(3, 'cancelled');
    const onCancelled = await record(worker, cancelled.id, { ...times(cancelled, 0, 60), reason: 'x' });
    expect(onCancelled.statusCode).toBe(409);

    const old = await visitOnDay(RECORD_AFTERWARDS_DAYS + 2);
    const tooOld = await record(worker, old.id, { ...times(old, 0, 60), reason: 'Forgot.' });
    expect(tooOld.statusCode).toBe(409);
    expect(tooOld.json<{ message: string }>().message).toBe(VISIT_RECORD_MESSAGES.recordTooLate);
  });
});

describe('the family’s circle', () => {
  let seer: Person;
  let arranger: Person;
  let removed: Person;
  let noted: string;

  /** `person` joins the family's circle (the joining itself is circle.test.ts's). */
  async function joins(person: Person, role: 'can_see' | 'can_arrange') {
    await t.database.db
      .insert(circleMembers)
      .values({ holderId: family.user.id, memberId: person.user.id, role });
  }

  beforeAll(async () => {
    seer = await customer(t, 'none', { firstName: 'Sally', lastName: 'Seer' });
    arranger = await customer(t, 'none', { firstName: 'Arthur', lastName: 'Arranger' });
    removed = await customer(t, 'none', { firstName: 'Rita', lastName: 'Removed' });
    await joins(seer, 'can_see');
    await joins(arranger, 'can_arrange');
    await joins(removed, 'can_see');
    // The arranger keeps note emails off; the holder removes Rita.
    const off = await call(arranger, 'PUT', '/api/settings/notifications', { kind: 'notes', email: false });
    expect(off.statusCode, off.body).toBe(200);
    const circle = await call(family, 'GET', '/api/circle');
    const rita = circle
      .json<{ members: Array<{ id: string; firstName: string | null }> }>()
      .members.find((member) => member.firstName === 'Rita')!;
    expect((await call(family, 'DELETE', `/api/circle/members/${rita.id}`)).statusCode).toBe(200);

    const visit = await visitAt(-7 * 60);
    noted = visit.id;
    await t.database.db
      .update(visitRows)
      .set({ checkedInAt: visit.startsAt })
      .where(eq(visitRows.id, visit.id));
  });

  it('is emailed the note, each member unless they turned note emails off', async () => {
    const before = (await t.outbox()).length;
    const out = await checkOut(worker, noted, { note: 'Arthur had soup and a nap.', ticks: ['Lunch'] });
    expect(out.statusCode, out.body).toBe(200);
    const told = (await t.outbox())
      .slice(before)
      .filter((mail) => mail.subject === 'Grace H. wrote a note about a care visit')
      .map((mail) => mail.toAddress)
      .sort();
    expect(told).toEqual([family.user.email, seer.user.email].sort());
    expect(told).not.toContain(arranger.user.email);
    expect(told).not.toContain(removed.user.email);
  });

  it('reads the history with the note, and a "can see" member replies, named for the others', async () => {
    const read = await history(seer, '?limit=50');
    expect(read.statusCode, read.body).toBe(200);
    const item = read.json<VisitHistory>().items.find((visit) => visit.id === noted)!;
    expect(item.note).toMatchObject({ text: 'Arthur had soup and a nap.', ticks: ['Lunch'] });

    const sent = await replyTo(seer, noted, 'Thank you, Grace.');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<VisitRecord>().note!.replies).toEqual([
      expect.objectContaining({ authorName: 'You', mine: true, text: 'Thank you, Grace.' }),
    ]);
    for (const who of [family, worker, arranger]) {
      const seen = (await history(who, '?limit=50')).json<VisitHistory>().items.find((v) => v.id === noted)!;
      expect(seen.note!.replies[0]).toMatchObject({ authorName: 'Sally S.', mine: false });
    }
    expect((await replyTo(arranger, noted, 'And from me.')).statusCode).toBe(201);
  });

  it('records nothing: the carer alone checks in, out and records afterwards', async () => {
    const visit = await visitAt(30);
    for (const member of [seer, arranger]) {
      expect((await checkIn(member, visit.id)).statusCode).toBe(403);
      expect((await checkOut(member, noted)).statusCode).toBe(403);
    }
  });

  it('changes the care details only as "can arrange"', async () => {
    const url = `/api/bookings/${arrangement.id}/care-details`;
    const details = { careFor: 'Dad — Arthur', careNotes: 'Key safe by the back door.', noteTicks: TICKS };
    const refused = await call(seer, 'PUT', url, details);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(VISIT_RECORD_MESSAGES.onlyFamily);
    const saved = await call(arranger, 'PUT', url, { ...details, noteTicks: [...TICKS, 'Shopping'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Arrangement>().noteTicks).toEqual([...TICKS, 'Shopping']);
    expect((await call(family, 'PUT', url, details)).statusCode).toBe(200);
  });

  it('is no longer open to a removed member, nor to a stranger: 404', async () => {
    for (const outsider of [removed, stranger]) {
      expect((await history(outsider)).statusCode).toBe(404);
      expect((await replyTo(outsider, noted, 'Hello')).statusCode).toBe(404);
      expect(
        (await call(outsider, 'PUT', `/api/bookings/${arrangement.id}/care-details`, { careFor: 'Mum' }))
          .statusCode,
      ).toBe(404);
    }
  });
});

describe('replies and the history', () => {
  let noted: string;

  beforeAll(async () => {
    // Ended 6 hours ago: its check-out is still open (12 hours after the end).
    const visit = await visitAt(-8 * 60);
    noted = visit.id;
    await t.database.db
      .update(visitRows)
      .set({ checkedInAt: visit.startsAt })
      .where(eq(visitRows.id, visit.id));
    const out = await checkOut(worker, visit.id, { note: 'Arthur ate well.', ticks: ['Lunch'] });
    expect(out.statusCode, out.body).toBe(200);
  });

  it('only the family replies; the carer 403, anyone else 404; a visit without a note 409', async () => {
    expect((await replyTo(worker, noted, 'Thanks')).statusCode).toBe(403);
    expect((await replyTo(stranger, noted, 'Thanks')).statusCode).toBe(404);
    expect((await replyTo(otherCarer, noted, 'Thanks')).statusCode).toBe(404);
    expect((await replyTo(family, noted, '')).statusCode).toBe(400);
    expect((await replyTo(family, noted, 'x'.repeat(1001))).statusCode).toBe(400);
    const bare = await visitAt(-10 * 60);
    expect((await replyTo(family, bare.id, 'Hello?')).statusCode).toBe(409);

    const sent = await replyTo(family, noted, 'Thank you\u0007, Grace!\r\nDid he take his tablets?');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<VisitRecord>().note!.replies).toEqual([
      expect.objectContaining({
        authorName: 'You',
        mine: true,
        text: 'Thank you, Grace!\nDid he take his tablets?',
      }),
    ]);
  });

  it('stops at the replies limit (a longer exchange belongs in Messages)', async () => {
    const visit = await visitAt(-9 * 60);
    await t.database.db
      .update(visitRows)
      .set({ checkedInAt: visit.startsAt })
      .where(eq(visitRows.id, visit.id));
    expect((await checkOut(worker, visit.id, { note: 'Quiet day.' })).statusCode).toBe(200);
    await t.database.db.insert(visitNoteReplies).values(
      Array.from({ length: NOTE_REPLIES_MAX }, (_, index) => ({
        visitId: visit.id,
        authorId: family.user.id,
        text: `Reply ${index}`,
      })),
    );
    const refused = await replyTo(family, visit.id, 'One more');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(VISIT_RECORD_MESSAGES.tooManyReplies);
  });

  it('is read by both people, newest first, with the family’s reply named for the carer', async () => {
    const forCarer = await history(worker, '?limit=50');
    expect(forCarer.statusCode, forCarer.body).toBe(200);
    const item = forCarer.json<VisitHistory>().items.find((visit) => visit.id === noted)!;
    expect(item.carerName).toBe('Grace H.');
    expect(item.note!.replies[0]).toMatchObject({ authorName: 'Harriet B.', mine: false });
    const forFamily = (await history(family, '?limit=50')).json<VisitHistory>();
    expect(forFamily.items.map((visit) => visit.id)).toEqual(
      forCarer.json<VisitHistory>().items.map((v) => v.id),
    );
    // Past visits only, newest first.
    const starts = forFamily.items.map((visit) => new Date(visit.startsAt).getTime());
    expect(starts.every((start) => start < Date.now())).toBe(true);
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
  });

  it('is nobody else’s: a stranger and another carer 404, a visitor 401', async () => {
    expect((await history(stranger)).statusCode).toBe(404);
    expect((await history(otherCarer)).statusCode).toBe(404);
    expect((await history(undefined)).statusCode).toBe(401);
    expect((await call(family, 'GET', '/api/bookings/not-a-uuid/history')).statusCode).toBe(404);
  });

  it('pages through every past visit once', async () => {
    const all = (await history(family, '?limit=50')).json<VisitHistory>().items.map((visit) => visit.id);
    expect(all.length).toBeGreaterThan(4);
    const seen: string[] = [];
    let before: string | null = '';
    while (before !== null) {
      const page: VisitHistory = (
        await history(family, `?limit=2${before ? `&before=${encodeURIComponent(before)}` : ''}`)
      ).json<VisitHistory>();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((visit) => visit.id));
      before = page.nextBefore;
    }
    expect(seen).toEqual(all);
    expect((await history(family, '?limit=0')).statusCode).toBe(400);
    expect((await history(family, '?before=yesterday')).statusCode).toBe(400);
  });

  it('is in both people’s data export', async () => {
    for (const who of [family, worker]) {
      const exported = await call(who, 'POST', '/api/settings/export');
      expect(exported.statusCode).toBe(200);
      const files = unzipSync(new Uint8Array(exported.rawPayload));
      const notes = JSON.parse(strFromU8(files['visit-notes.json']!)) as Array<{
        text: string;
        replies: Array<{ by: string; text: string }>;
      }>;
      const withReply = notes.find((note) => note.text === 'Arthur ate well.')!;
      expect(withReply.replies[0]!.by).toBe(who === family ? 'you' : 'Harriet B.');
      const visits = JSON.parse(strFromU8(files['visits.json']!)) as Array<{ recordedReason: string | null }>;
      expect(visits.some((visit) => visit.recordedReason === 'My phone was flat.')).toBe(true);
    }
  });

  it('keeps the carer’s record when the family’s account is deleted, the name removed', async () => {
    await t.database.db.delete(users).where(eq(users.id, family.user.id));
    const after = (await history(worker, '?limit=50')).json<VisitHistory>();
    const item = after.items.find((visit) => visit.id === noted)!;
    expect(item.note!.text).toBe('Arthur ate well.');
    expect(item.note!.replies[0]).toMatchObject({ authorName: 'Deleted user', mine: false });
  });
});
