import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Arrangement } from '@contracts/arrangements';
import {
  COVER_MESSAGES,
  type CoverOffer,
  type CoverOffers,
  type CoverPlan,
  type FamilyAlert,
  type FamilyAlerts,
  type OnYourWayPrompts,
} from '@contracts/cover';
import { carerProfiles, circleMembers, visits as visitRows } from '../../src/server/db/schema';
import { createCoverService } from '../../src/server/features/arrangements/cover.service';
import { ukDate } from '../../src/server/platform/uk-time';
import { carer, customer, startConversation, type Carer, type Person } from '../support/messaging-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * No-show alerts and cover (decision 0037). Housekeeping runs here on a controlled clock (the
 * service built with `now`); the carers' own taps (check-in, "can't make it", accept) use the
 * server's clock, so visits are placed relative to the real time.
 */

let t: TestApp;
let family: Person;
let worker: Carer;
let backupA: Carer;
let backupB: Carer;
let notTalkedTo: Carer;
let unlisted: Carer;
let seer: Person;
let arranger: Person;
let stranger: Person;
let arrangement: Arrangement;

const MINUTE = 60_000;
const DAY_MS = 86_400_000;

const call = (who: Person | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.injectAs(who?.cookie, { method, url, ...(payload ? { payload } : {}) });

/** Housekeeping's no-show round as it would run at `time`. */
const raiseAt = (time: number) =>
  createCoverService({
    db: t.database.db,
    mailer: t.app.mailer,
    push: t.app.push,
    rateLimiter: t.app.rateLimiter,
    publicUrl: t.config.publicUrl,
    checkSummaryOf: async () => null,
    now: () => new Date(time),
  }).raiseNoShows();

let made = 0;
/** A visit of the arrangement that started `minutesAgo` minutes ago, two hours long. */
async function visitStarted(minutesAgo: number) {
  made += 1;
  const startsAt = new Date(Math.floor(Date.now() / MINUTE - minutesAgo) * MINUTE + made * 1000);
  const [row] = await t.database.db
    .insert(visitRows)
    .values({ arrangementId: arrangement.id, startsAt, endsAt: new Date(startsAt.getTime() + 2 * 3_600_000) })
    .returning();
  return row!;
}

const mailsTo = async (email: string, subject: string) =>
  (await t.outbox()).filter((mail) => mail.toAddress === email && mail.subject.includes(subject));
const alerts = async (who: Person) =>
  (await call(who, 'GET', '/api/cover/alerts')).json<FamilyAlerts>().items;
const alertOf = async (who: Person, visitId: string): Promise<FamilyAlert | undefined> =>
  (await alerts(who)).find((item) => item.visitId === visitId);
const prompts = async (who: Person) =>
  (await call(who, 'GET', '/api/cover/on-your-way')).json<OnYourWayPrompts>().items;
const planUrl = () => `/api/bookings/${arrangement.id}/cover`;

beforeAll(async () => {
  t = await createTestApp();
  family = await customer(t, 'active', { firstName: 'Harriet', lastName: 'Bell' });
  worker = await carer(t, { firstName: 'Grace', lastName: 'Hollins' });
  backupA = await carer(t, { firstName: 'Ben', lastName: 'Kaur' });
  backupB = await carer(t, { firstName: 'Chloe', lastName: 'Dunn' });
  notTalkedTo = await carer(t);
  unlisted = await carer(t);
  stranger = await customer(t, 'active');
  seer = await customer(t, 'none', { firstName: 'Sam' });
  arranger = await customer(t, 'none', { firstName: 'Ada' });
  await t.database.db.insert(circleMembers).values([
    { holderId: family.user.id, memberId: seer.user.id, role: 'can_see' },
    { holderId: family.user.id, memberId: arranger.user.id, role: 'can_arrange' },
  ]);
  const conversationId = await startConversation(t, family, worker);
  await startConversation(t, family, backupA);
  await startConversation(t, family, backupB);
  const proposed = await call(family, 'POST', '/api/bookings', {
    conversationId,
    startDate: ukDate(new Date(Date.now() + 3 * DAY_MS)),
    visits: [{ day: 'tuesday', start: '09:00', end: '11:00' }],
    hourlyRate: '18.00',
    careFor: 'Dad — Arthur',
  });
  expect(proposed.statusCode, proposed.body).toBe(201);
  const accepted = await call(worker, 'POST', `/api/bookings/${proposed.json<Arrangement>().id}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  arrangement = accepted.json<Arrangement>();
});
afterAll(() => t.close());

describe('the cover plan', () => {
  it('is the family’s: the carer 403, a stranger 404, "can see" reads it, a visitor 401', async () => {
    const plan = await call(family, 'GET', planUrl());
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json<CoverPlan>()).toMatchObject({ noShowMinutes: 15, backups: [], mayArrange: true });
    expect(
      plan
        .json<CoverPlan>()
        .candidates.map((item) => item.carerId)
        .sort(),
    ).toEqual([backupA.carerId, backupB.carerId].sort());
    expect((await call(worker, 'GET', planUrl())).statusCode).toBe(403);
    expect((await call(stranger, 'GET', planUrl())).statusCode).toBe(404);
    expect((await call(backupA, 'GET', planUrl())).statusCode).toBe(404);
    expect((await call(undefined, 'GET', planUrl())).statusCode).toBe(401);
    const seen = await call(seer, 'GET', planUrl());
    expect(seen.json<CoverPlan>()).toMatchObject({ mayArrange: false, candidates: [] });
  });

  it('names up to three backups from the family’s conversations, each with the rate agreed', async () => {
    const body = (backups: object[], noShowMinutes = 20) => ({ noShowMinutes, backups });
    expect((await call(seer, 'PUT', planUrl(), body([]))).statusCode).toBe(403);
    expect((await call(worker, 'PUT', planUrl(), body([]))).statusCode).toBe(403);
    expect((await call(stranger, 'PUT', planUrl(), body([]))).statusCode).toBe(404);
    for (const [backups, message] of [
      [[{ carerId: notTalkedTo.carerId, hourlyRate: '18' }], COVER_MESSAGES.backupNotInConversation],
      [[{ carerId: worker.carerId, hourlyRate: '18' }], COVER_MESSAGES.backupIsTheCarer],
    ] as const) {
      const refused = await call(family, 'PUT', planUrl(), body([...backups]));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(message);
    }
    // Listed when the family wrote to them, not now.
    await startConversation(t, family, unlisted);
    await t.database.db
      .update(carerProfiles)
      .set({ listedUntil: new Date(Date.now() - DAY_MS) })
      .where(eq(carerProfiles.id, unlisted.carerId));
    const notListed = await call(
      family,
      'PUT',
      planUrl(),
      body([{ carerId: unlisted.carerId, hourlyRate: '18' }]),
    );
    expect(notListed.json<{ message: string }>().message).toBe(COVER_MESSAGES.backupNotListed);
    const four = [backupA, backupB, worker, notTalkedTo].map((c) => ({
      carerId: c.carerId,
      hourlyRate: '18',
    }));
    expect((await call(family, 'PUT', planUrl(), body(four))).statusCode).toBe(400);
    expect((await call(family, 'PUT', planUrl(), body([], 4))).statusCode).toBe(400);
    expect((await call(family, 'PUT', planUrl(), body([], 121))).statusCode).toBe(400);
    const twice = [backupA, backupA].map((c) => ({ carerId: c.carerId, hourlyRate: '18' }));
    expect((await call(family, 'PUT', planUrl(), body(twice))).statusCode).toBe(400);

    // A "can arrange" member sets it for the family.
    const saved = await call(
      arranger,
      'PUT',
      planUrl(),
      body([
        { carerId: backupB.carerId, hourlyRate: '19.5' },
        { carerId: backupA.carerId, hourlyRate: 21 },
      ]),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CoverPlan>()).toMatchObject({
      noShowMinutes: 20,
      backups: [
        { carerId: backupB.carerId, name: 'Chloe D.', position: 1, hourlyRate: '19.50', listed: true },
        { carerId: backupA.carerId, name: 'Ben K.', position: 2, hourlyRate: '21.00', listed: true },
      ],
    });
    // Each backup's area is their postcode district, as their profile shows it: never the postcode.
    await t.database.db
      .update(carerProfiles)
      .set({ homePostcode: 'LS7 3AB', postcodeDistrict: 'LS7' })
      .where(eq(carerProfiles.id, backupA.carerId));
    await t.database.db
      .update(carerProfiles)
      .set({ homePostcode: null, postcodeDistrict: null })
      .where(eq(carerProfiles.id, backupB.carerId));
    const read = await call(family, 'GET', planUrl());
    expect(read.json<CoverPlan>().backups.map((item) => [item.name, item.area])).toEqual([
      ['Chloe D.', null],
      ['Ben K.', 'LS7'],
    ]);
    expect(read.body).not.toMatch(/3AB/i);
    expect((await call(seer, 'GET', planUrl())).json<CoverPlan>().backups[1]!.area).toBe('LS7');
    // Back to the default minutes, as the rest of the file expects.
    const reset = await call(family, 'PUT', planUrl(), {
      noShowMinutes: 15,
      backups: saved.json<CoverPlan>().backups.map(({ carerId, hourlyRate }) => ({ carerId, hourlyRate })),
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('the no-show alert', () => {
  it('goes once, to the family circle and the carer, and clears itself with a late check-in', async () => {
    const visit = await visitStarted(1);
    const start = visit.startsAt.getTime();
    const subject = 'has not checked in to a visit';

    await raiseAt(start + 14 * MINUTE);
    expect(await mailsTo(family.user.email, subject)).toHaveLength(0);
    expect(await alertOf(family, visit.id)).toBeUndefined();

    // Two housekeeping rounds at once (two instances), then another later: one alert.
    await Promise.all([raiseAt(start + 15 * MINUTE), raiseAt(start + 15 * MINUTE)]);
    await raiseAt(start + 30 * MINUTE);
    const [row] = await t.database.db.select().from(visitRows).where(eq(visitRows.id, visit.id));
    expect(row!.noShowAlertedAt?.getTime()).toBe(start + 15 * MINUTE);
    for (const person of [family, seer, arranger]) {
      expect(await mailsTo(person.user.email, subject), person.user.email).toHaveLength(1);
    }
    expect(await mailsTo(worker.user.email, 'Are you on your way?')).toHaveLength(1);
    expect(await mailsTo(stranger.user.email, subject)).toHaveLength(0);

    expect(await alertOf(family, visit.id)).toMatchObject({ kind: 'no_show', state: 'open', mayOffer: true });
    expect(await alertOf(seer, visit.id)).toMatchObject({ state: 'open', mayOffer: false });
    expect(await alertOf(stranger, visit.id)).toBeUndefined();
    expect((await prompts(worker)).map((item) => item.visitId)).toContain(visit.id);
    expect((await prompts(backupA)).map((item) => item.visitId)).not.toContain(visit.id);

    const late = await call(worker, 'POST', `/api/visits/${visit.id}/check-in`);
    expect(late.statusCode, late.body).toBe(200);
    expect(await alertOf(family, visit.id)).toMatchObject({ state: 'cleared', mayOffer: false });
    expect((await prompts(worker)).map((item) => item.visitId)).not.toContain(visit.id);
    await raiseAt(start + 60 * MINUTE);
    expect(await mailsTo(family.user.email, subject)).toHaveLength(1);
  });

  it('waits the minutes the family set, plus the minutes the carer said they would be late', async () => {
    const visit = await visitStarted(1);
    const start = visit.startsAt.getTime();
    await t.database.db
      .update(visitRows)
      .set({ notice: 'running_late', noticeMinutes: 20, noticeAt: new Date() })
      .where(eq(visitRows.id, visit.id));
    await raiseAt(start + 30 * MINUTE);
    expect(await alertOf(family, visit.id)).toBeUndefined();
    await raiseAt(start + 35 * MINUTE);
    expect(await alertOf(family, visit.id)).toMatchObject({ state: 'open' });
  });

  it('is not raised for a visit the carer can’t make, one checked into, or one cancelled', async () => {
    const cant = await visitStarted(1);
    await t.database.db
      .update(visitRows)
      .set({ notice: 'cant_make_it', noticeAt: new Date() })
      .where(eq(visitRows.id, cant.id));
    const cancelled = await visitStarted(1);
    await t.database.db.update(visitRows).set({ status: 'cancelled' }).where(eq(visitRows.id, cancelled.id));
    const checked = await visitStarted(1);
    expect((await call(worker, 'POST', `/api/visits/${checked.id}/check-in`)).statusCode).toBe(200);
    await raiseAt(Date.now() + 20 * MINUTE);
    const rows = await t.database.db.select().from(visitRows);
    for (const id of [cant.id, cancelled.id, checked.id]) {
      expect(rows.find((row) => row.id === id)!.noShowAlertedAt).toBeNull();
    }
  });

  it('lets the carer answer "can’t make it" after the alert (not before), which clears the prompt', async () => {
    const visit = await visitStarted(1);
    const notice = () =>
      call(worker, 'POST', `/api/visits/${visit.id}/notice`, {
        kind: 'cant_make_it',
        note: 'My car broke down.',
      });
    expect((await notice()).statusCode).toBe(409);
    await raiseAt(visit.startsAt.getTime() + 16 * MINUTE);
    expect((await prompts(worker)).map((item) => item.visitId)).toContain(visit.id);
    const sent = await notice();
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await prompts(worker)).map((item) => item.visitId)).not.toContain(visit.id);
    expect(await alertOf(family, visit.id)).toMatchObject({ kind: 'cant_make_it', state: 'open' });
  });
});

describe('offering a visit to the backups', () => {
  it('happens only when the family chooses, for a visit with an alert or "can’t make it"', async () => {
    const quiet = await visitStarted(1);
    const refused = await call(family, 'POST', `/api/visits/${quiet.id}/cover-offer`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(COVER_MESSAGES.nothingToCover);
    await raiseAt(quiet.startsAt.getTime() + 16 * MINUTE);
    // Nothing was offered by the alert itself.
    expect(
      (await call(backupA, 'GET', '/api/cover/offers')).json<CoverOffers>().items.map((o) => o.visitId),
    ).not.toContain(quiet.id);
    expect((await call(seer, 'POST', `/api/visits/${quiet.id}/cover-offer`)).statusCode).toBe(403);
    expect((await call(worker, 'POST', `/api/visits/${quiet.id}/cover-offer`)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `/api/visits/${quiet.id}/cover-offer`)).statusCode).toBe(404);
    expect((await call(undefined, 'POST', `/api/visits/${quiet.id}/cover-offer`)).statusCode).toBe(401);
  });

  it('goes to each backup; two accepting at once: exactly one takes it, the other is told', async () => {
    const visit = await visitStarted(1);
    await raiseAt(visit.startsAt.getTime() + 16 * MINUTE);
    const offered = await call(arranger, 'POST', `/api/visits/${visit.id}/cover-offer`);
    expect(offered.statusCode, offered.body).toBe(201);
    expect(offered.json<FamilyAlert>()).toMatchObject({ offered: true, mayOffer: false, state: 'open' });
    expect(
      (await call(family, 'POST', `/api/visits/${visit.id}/cover-offer`)).json<{ message: string }>().message,
    ).toBe(COVER_MESSAGES.alreadyOffered);
    const offerOf = async (who: Carer) =>
      (await call(who, 'GET', '/api/cover/offers'))
        .json<CoverOffers>()
        .items.find((o) => o.visitId === visit.id)!;
    const [offerA, offerB] = [await offerOf(backupA), await offerOf(backupB)];
    expect(offerA).toMatchObject({
      status: 'open',
      familyName: 'Harriet',
      careFor: 'Dad — Arthur',
      hourlyRate: '21.00',
    });
    expect(offerB).toMatchObject({ status: 'open', hourlyRate: '19.50', careNotes: null });
    expect(await mailsTo(backupA.user.email, 'asks if you can cover a visit')).toHaveLength(1);
    expect(await mailsTo(backupB.user.email, 'asks if you can cover a visit')).toHaveLength(1);
    expect((await call(backupA, 'POST', `/api/cover/offers/${offerB.id}/accept`)).statusCode).toBe(404);
    expect((await call(family, 'POST', `/api/cover/offers/${offerA.id}/accept`)).statusCode).toBe(404);

    const answers = await Promise.all([
      call(backupA, 'POST', `/api/cover/offers/${offerA.id}/accept`),
      call(backupB, 'POST', `/api/cover/offers/${offerB.id}/accept`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winnerIndex = answers.findIndex((answer) => answer.statusCode === 200);
    const [winner, loser] = winnerIndex === 0 ? [backupA, backupB] : [backupB, backupA];
    expect(answers[1 - winnerIndex]!.json<{ message: string }>().message).toBe(COVER_MESSAGES.offerTaken);
    expect(answers[winnerIndex]!.json<CoverOffer>()).toMatchObject({ status: 'accepted', careNotes: '' });

    const [row] = await t.database.db.select().from(visitRows).where(eq(visitRows.id, visit.id));
    expect(row!.coveredBy).toBe(winner.carerId);
    expect((await offerOf(loser)).status).toBe('taken');
    expect(await mailsTo(loser.user.email, 'The visit you were offered is covered')).toHaveLength(1);
    expect(await mailsTo(winner.user.email, 'The visit you were offered is covered')).toHaveLength(0);
    const winnerName = winner === backupA ? 'Ben K.' : 'Chloe D.';
    expect(await mailsTo(family.user.email, `${winnerName} is covering a visit`)).toHaveLength(1);
    expect(await alertOf(seer, visit.id)).toMatchObject({ state: 'covered', coverName: winnerName });

    // The backup records the visit as the carer would; the regular carer no longer can.
    expect((await call(worker, 'POST', `/api/visits/${visit.id}/check-in`)).statusCode).toBe(403);
    const checkedIn = await call(winner, 'POST', `/api/visits/${visit.id}/check-in`);
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    expect(checkedIn.json<{ carerName: string }>().carerName).toBe(winnerName);
    expect((await call(loser, 'POST', `/api/visits/${visit.id}/check-in`)).statusCode).toBe(404);
    expect((await offerOf(winner)).checkedInAt).not.toBeNull();
  });
});
