// When either person of a care arrangement leaves (deletes their account, is deleted by an admin,
// has their carer profile deleted, or is suspended), the arrangement ends that day, its visits to
// come are cancelled, and the other person is emailed (decision 0024). The other person's views
// (their schedule, /my-care's arrangements, the calendar feed) no longer show a visit to come as
// scheduled; lifting a suspension brings nothing back. The delete dialog says so first.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARRANGEMENT_MESSAGES,
  type Arrangement,
  type CalendarFeed,
  type Visit,
} from '@contracts/arrangements';
import { REPORT_REASONS, type ReportReceipt } from '@contracts/reports';
import {
  DELETE_CONFIRMATION_WORD,
  deletionArrangementWords,
  type AccountDeletionPreview,
} from '@contracts/settings';
import { ukDate } from '../../src/server/platform/uk-time';
import {
  admin,
  carer,
  customer,
  reply,
  startConversation,
  type Carer,
  type Person,
} from '../support/messaging-fixtures';
import { createTestApp, sessionCookieFrom, TEST_PASSWORD, type TestApp } from '../support/test-app';

let t: TestApp;
let theAdmin: Person;
beforeAll(async () => {
  t = await createTestApp();
  theAdmin = await admin(t);
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const ENDED_SUBJECT = 'Your care arrangement has ended';

const call = (who: Person, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.injectAs(who.cookie, { method, url, ...(payload ? { payload } : {}) });

/** A family (with a plan) and a carer who have written, with an accepted arrangement: visits every day. */
async function arrangedPair(names: { family: string; carer: string }) {
  const [familyFirst, familyLast] = names.family.split(' ');
  const [carerFirst, carerLast] = names.carer.split(' ');
  const family = await customer(t, 'active', { firstName: familyFirst!, lastName: familyLast! });
  const worker = await carer(t, { firstName: carerFirst!, lastName: carerLast! });
  const arrangementId = await propose(family, worker);
  const accepted = await call(worker, 'POST', `/api/bookings/${arrangementId}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect((await scheduledToCome(family, arrangementId)).length).toBeGreaterThan(7);
  return { family, worker, arrangementId };
}

async function propose(family: Person, worker: Carer): Promise<string> {
  const conversationId = await startConversation(t, family, worker, 'Could you help my mother each morning?');
  expect((await reply(t, worker, conversationId, 'Yes, I can.')).statusCode).toBe(201);
  const proposed = await call(family, 'POST', '/api/bookings', {
    conversationId,
    startDate: ukDate(new Date(Date.now() + DAY_MS)),
    visits: EVERY_DAY.map((day) => ({ day, start: '09:00', end: '10:00' })),
    hourlyRate: '18.50',
    tasks: 'Breakfast and a walk.',
  });
  expect(proposed.statusCode, proposed.body).toBe(201);
  return proposed.json<Arrangement>().id;
}

/** The person's visits to come of one arrangement that still show as scheduled. */
async function scheduledToCome(who: Person, arrangementId: string): Promise<Visit[]> {
  const response = await call(who, 'GET', '/api/visits?days=56');
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<{ items: Visit[] }>()
    .items.filter(
      (visit) =>
        visit.arrangementId === arrangementId &&
        visit.status === 'scheduled' &&
        new Date(visit.startsAt).getTime() > Date.now(),
    );
}

/** The person's calendar feed address (made now). */
async function feedOf(who: Person): Promise<string> {
  const made = await call(who, 'POST', '/api/settings/calendar-feed');
  expect(made.statusCode, made.body).toBe(200);
  return new URL(made.json<CalendarFeed>().url!).pathname;
}

/** Events to come in a feed that a calendar would show as going ahead. */
async function confirmedToCome(path: string): Promise<number> {
  const ics = await t.injectAs(undefined, { url: path });
  expect(ics.statusCode).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(ics.body));
  return calendar
    .getAllSubcomponents('vevent')
    .filter(
      (event) =>
        event.getFirstPropertyValue('status') !== 'CANCELLED' &&
        new ICAL.Event(event).startDate.toJSDate().getTime() > Date.now(),
    ).length;
}

const arrangementAs = async (who: Person, id: string) => {
  const response = await call(who, 'GET', `/api/bookings/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Arrangement>();
};

const emailsTo = async (who: Person, subject: string) =>
  (await t.outbox()).filter((mail) => mail.toAddress === who.user.email && mail.subject === subject);

/** What the staying person sees once the arrangement ended today. */
async function expectEndedFor(stays: Person, arrangementId: string, feed: string) {
  const seen = await arrangementAs(stays, arrangementId);
  expect(seen.status).toBe('ended');
  expect(seen.endDate).toBe(ukDate(new Date()));
  expect(await scheduledToCome(stays, arrangementId)).toEqual([]);
  expect(await confirmedToCome(feed)).toBe(0);
}

const deleteOwn = (who: Person) =>
  call(who, 'DELETE', '/api/settings/account', {
    password: TEST_PASSWORD,
    confirmation: DELETE_CONFIRMATION_WORD,
  });

async function suspendVia(reporter: Person, arrangementId: string) {
  const { conversationId } = await arrangementAs(reporter, arrangementId);
  const reported = await call(reporter, 'POST', `/api/conversations/${conversationId}/report`, {
    reason: REPORT_REASONS[0],
    details: 'Asked me to pay outside the site.',
  });
  expect(reported.statusCode, reported.body).toBe(201);
  const resolved = await call(
    theAdmin,
    'POST',
    `/api/admin/reports/${reported.json<ReportReceipt>().id}/resolve`,
    { action: 'suspend', note: 'Suspended after a report.' },
  );
  expect(resolved.statusCode, resolved.body).toBe(200);
}

describe('a family deletes their own account', () => {
  it('is told first what happens, then the carers’ arrangements end, visits are cancelled and they are emailed', async () => {
    const { family, worker, arrangementId } = await arrangedPair({
      family: 'Margaret Owens',
      carer: 'Grace Tan',
    });
    const other = await carer(t, { firstName: 'Sam', lastName: 'Reid' });
    const proposalId = await propose(family, other);
    const feed = await feedOf(worker);
    expect(await confirmedToCome(feed)).toBeGreaterThan(7);

    const preview = await call(family, 'GET', '/api/settings/account/deletion');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<AccountDeletionPreview>()).toEqual({
      activeArrangements: 1,
      proposedArrangements: 1,
      partnerNames: ['Grace T.', 'Sam R.'],
    });
    expect(deletionArrangementWords(preview.json<AccountDeletionPreview>())).toBe(
      'Your active care arrangement will end today, its visits to come will be cancelled, your care arrangement proposal will be withdrawn and Grace T. and Sam R. will be told.',
    );

    const deleted = await deleteOwn(family);
    expect(deleted.statusCode, deleted.body).toBe(200);

    await expectEndedFor(worker, arrangementId, feed);
    const [email] = await emailsTo(worker, ENDED_SUBJECT);
    expect(email?.bodyText).toContain('account has been closed');
    // The closed account is not named: its name went with it.
    expect(email?.bodyText).not.toMatch(/Margaret|Owens/);

    const withdrawn = await arrangementAs(other, proposalId);
    expect(withdrawn.status).toBe('declined');
    expect(withdrawn.declineReason).toBe(ARRANGEMENT_MESSAGES.partyGone);
    expect(await emailsTo(other, 'A care arrangement proposal has been withdrawn')).toHaveLength(1);
  });

  it('tells someone with nothing in progress nothing about arrangements', async () => {
    const family = await customer(t, 'active');
    const preview = (
      await call(family, 'GET', '/api/settings/account/deletion')
    ).json<AccountDeletionPreview>();
    expect(preview).toEqual({ activeArrangements: 0, proposedArrangements: 0, partnerNames: [] });
    expect(deletionArrangementWords(preview)).toBeNull();
  });

  it('is for the account holder only: 401 signed out, 403 for an admin', async () => {
    expect((await t.injectAs(undefined, { url: '/api/settings/account/deletion' })).statusCode).toBe(401);
    expect((await call(theAdmin, 'GET', '/api/settings/account/deletion')).statusCode).toBe(403);
  });
});

describe('a carer deletes their own account', () => {
  it('ends the family’s arrangement, cancels its visits to come (schedule and feed) and emails the family', async () => {
    const { family, worker, arrangementId } = await arrangedPair({ family: 'Ann Lee', carer: 'Tom Baker' });
    const feed = await feedOf(family);
    const preview = (
      await call(worker, 'GET', '/api/settings/account/deletion')
    ).json<AccountDeletionPreview>();
    expect(preview).toEqual({ activeArrangements: 1, proposedArrangements: 0, partnerNames: ['Ann L.'] });

    expect((await deleteOwn(worker)).statusCode).toBe(200);

    await expectEndedFor(family, arrangementId, feed);
    expect(await emailsTo(family, ENDED_SUBJECT)).toHaveLength(1);
  });
});

describe('an admin deletes', () => {
  it('a family’s account: the carer’s arrangement ends and the carer is emailed', async () => {
    const { family, worker, arrangementId } = await arrangedPair({ family: 'Jo March', carer: 'Lena Park' });
    const feed = await feedOf(worker);
    const deleted = await call(theAdmin, 'DELETE', `/api/test/users/${family.user.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectEndedFor(worker, arrangementId, feed);
    expect(await emailsTo(worker, ENDED_SUBJECT)).toHaveLength(1);
  });

  it('a carer’s profile: the family’s arrangement ends and the family is emailed', async () => {
    const { family, worker, arrangementId } = await arrangedPair({ family: 'Bea Cole', carer: 'Ravi Shah' });
    const feed = await feedOf(family);
    const deleted = await call(theAdmin, 'DELETE', `/api/test/carers/${worker.carerId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectEndedFor(family, arrangementId, feed);
    expect(await emailsTo(family, ENDED_SUBJECT)).toHaveLength(1);
  });
});

describe('an admin suspends', () => {
  it('a family: the carer’s arrangement ends, the carer is emailed, and lifting the suspension brings nothing back', async () => {
    const { family, worker, arrangementId } = await arrangedPair({ family: 'Nia Jones', carer: 'Pete Ward' });
    const feed = await feedOf(worker);
    await suspendVia(worker, arrangementId);

    expect(await scheduledToCome(worker, arrangementId)).toEqual([]);
    expect(await confirmedToCome(feed)).toBe(0);
    const [email] = await emailsTo(worker, ENDED_SUBJECT);
    expect(email?.bodyText).toContain('Nia J.’s CareMatch account has been suspended');

    const lifted = await call(theAdmin, 'POST', `/api/admin/users/${family.user.id}/unsuspend`);
    expect(lifted.statusCode, lifted.body).toBe(200);
    await expectEndedFor(worker, arrangementId, feed);
  });

  it('a carer: the family’s arrangement ends, the family is emailed, and lifting the suspension brings nothing back', async () => {
    const { family, worker, arrangementId } = await arrangedPair({ family: 'Ola Berg', carer: 'Kim Ford' });
    const feed = await feedOf(family);
    await suspendVia(family, arrangementId);

    expect(await scheduledToCome(family, arrangementId)).toEqual([]);
    expect(await confirmedToCome(feed)).toBe(0);
    expect(await emailsTo(family, ENDED_SUBJECT)).toHaveLength(1);

    const lifted = await call(theAdmin, 'POST', `/api/admin/users/${worker.user.id}/unsuspend`);
    expect(lifted.statusCode, lifted.body).toBe(200);
    await expectEndedFor(family, arrangementId, feed);
    // The suspended carer's own schedule holds nothing to come either.
    const signIn = await t.injectAs(undefined, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: worker.user.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const again = { ...worker, cookie: sessionCookieFrom(t.config, signIn) };
    expect(await scheduledToCome(again, arrangementId)).toEqual([]);
  });
});
