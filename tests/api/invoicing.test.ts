import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Arrangement } from '@contracts/arrangements';
import {
  INVOICING_MESSAGES,
  type CarerInvoicingSettings,
  type Invoice,
  type InvoiceList,
  type Timesheet,
  type TimesheetList,
} from '@contracts/invoicing';
import {
  circleMembers,
  invoices as invoiceRows,
  timesheets as timesheetRows,
  users,
  visits as visitRows,
} from '../../src/server/db/schema';
import {
  freezeInvoice,
  invoiceForPayment,
  recordInvoicePaid,
  unfreezeInvoice,
} from '../../src/server/features/invoicing';
import { createInvoicesService } from '../../src/server/features/invoicing/invoices.service';
import { createTimesheetsService } from '../../src/server/features/invoicing/timesheets.service';
import { ukDate } from '../../src/server/platform/uk-time';
import { carer, customer, startConversation, type Carer, type Person } from '../support/messaging-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Timesheets and invoices (decision 0038). Visits that happened are put straight in the database
 * with their check-in and check-out (recording them is visit-records.test.ts's); housekeeping's
 * rounds (making timesheets, the reminder and the auto-approval, retention) run here on a
 * controlled clock, the services built with `now`. The weeks are the UK clock changes of 2026.
 */

let t: TestApp;
let family: Person;
let worker: Carer;
let seer: Person;
let arranger: Person;
let removed: Person;
let stranger: Person;
let otherCarer: Carer;
let arrangement: Arrangement;

const HOUR = 3_600_000;
const DAY_MS = 24 * HOUR;

const call = (
  who: Person | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.injectAs(who?.cookie, { method, url, ...(payload ? { payload } : {}) });

const timesheetsAt = (at: string | number) =>
  createTimesheetsService({
    db: t.database.db,
    mailer: t.app.mailer,
    publicUrl: t.config.publicUrl,
    now: () => new Date(at),
  });

/** A visit that happened: scheduled and checked in and out at these instants (UTC). */
async function visitDone(arrangementId: string, checkedIn: string, checkedOut: string, afterwards = false) {
  const [row] = await t.database.db
    .insert(visitRows)
    .values({
      arrangementId,
      startsAt: new Date(checkedIn),
      endsAt: new Date(checkedOut),
      checkedInAt: new Date(checkedIn),
      checkedOutAt: new Date(checkedOut),
      ...(afterwards
        ? { recordedAfterwardsAt: new Date(checkedOut), recordedReason: 'Phone was flat.' }
        : {}),
    })
    .returning();
  return row!;
}

async function sheets(who: Person): Promise<Timesheet[]> {
  const response = await call(who, 'GET', '/api/timesheets');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TimesheetList>().items;
}
const sheetOf = async (who: Person, arrangementId: string, weekStart: string) =>
  (await sheets(who)).find((sheet) => sheet.arrangementId === arrangementId && sheet.weekStart === weekStart);

const mailsTo = async (email: string, subject: string) =>
  (await t.outbox()).filter((mail) => mail.toAddress === email && mail.subject.includes(subject));

async function accepted(fam: Person, who: Carer, hourlyRate = '18.00'): Promise<Arrangement> {
  const conversationId = await startConversation(t, fam, who);
  const proposed = await call(fam, 'POST', '/api/bookings', {
    conversationId,
    startDate: ukDate(new Date(Date.now() + 3 * DAY_MS)),
    visits: [{ day: 'tuesday', start: '09:00', end: '11:00' }],
    hourlyRate,
    careFor: 'Dad — Arthur',
  });
  expect(proposed.statusCode, proposed.body).toBe(201);
  const done = await call(who, 'POST', `/api/bookings/${proposed.json<Arrangement>().id}/accept`);
  expect(done.statusCode, done.body).toBe(200);
  return done.json<Arrangement>();
}

async function pdfText(response: { rawPayload: Buffer }) {
  const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
  const page = await pdf.getPage(1);
  const { text } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), view: page.view, pages: pdf.numPages };
}

beforeAll(async () => {
  t = await createTestApp();
  family = await customer(t, 'active', { firstName: 'Harriet', lastName: 'Bell' });
  worker = await carer(t, { firstName: 'Grace', lastName: 'Hollins' });
  seer = await customer(t, 'none', { firstName: 'Sam' });
  arranger = await customer(t, 'none', { firstName: 'Ada' });
  removed = await customer(t, 'none', { firstName: 'Rob' });
  stranger = await customer(t, 'active');
  otherCarer = await carer(t);
  await t.database.db.insert(circleMembers).values([
    { holderId: family.user.id, memberId: seer.user.id, role: 'can_see' },
    { holderId: family.user.id, memberId: arranger.user.id, role: 'can_arrange' },
  ]);
  arrangement = await accepted(family, worker);
});
afterAll(() => t.close());

// The week of 23 March 2026: the clocks go forward at 01:00 on Sunday 29 March (an hour is lost).
const SPRING = '2026-03-23';
// The week of 19 October 2026: the clocks go back at 02:00 on Sunday 25 October (an hour repeats).
const AUTUMN = '2026-10-19';

describe('timesheets from visits that happened', () => {
  it('are made per UK week once it is over, minutes right across the clock change, at the agreed rate', async () => {
    // Monday 09:00-11:00 GMT; Sunday 00:30 GMT to 03:30 BST (two hours, not three); a visit from
    // Monday 30 March 00:30 BST (Sunday 23:30 in UTC) belongs to the next week.
    await visitDone(arrangement.id, '2026-03-23T09:00:00Z', '2026-03-23T11:00:40Z');
    await visitDone(arrangement.id, '2026-03-29T00:30:00Z', '2026-03-29T02:30:00Z');
    await visitDone(arrangement.id, '2026-03-29T23:30:00Z', '2026-03-30T01:00:00Z');
    // Before the week is over, nothing.
    await timesheetsAt('2026-03-29T22:59:00Z').generate();
    expect(await sheetOf(worker, arrangement.id, SPRING)).toBeUndefined();

    // Twice, as two instances' rounds would: one timesheet, one line per visit.
    await Promise.all([
      timesheetsAt('2026-04-01T12:00:00Z').generate(),
      timesheetsAt('2026-04-01T12:00:00Z').generate(),
    ]);
    const sheet = (await sheetOf(worker, arrangement.id, SPRING))!;
    expect(sheet).toMatchObject({
      status: 'draft',
      weekEnd: '2026-03-29',
      hourlyRatePence: 1800,
      carerName: 'Grace H.',
      familyName: 'Harriet B.',
      careFor: 'Dad — Arthur',
      mayEdit: true,
      maySubmit: true,
      mayApprove: false,
      viewerRole: 'carer',
    });
    expect(
      sheet.lines.map((line) => [line.date, line.start, line.end, line.minutes, line.amountPence]),
    ).toEqual([
      ['2026-03-23', '09:00', '11:00', 120, 3600],
      ['2026-03-29', '00:30', '03:30', 120, 3600],
    ]);
    expect(sheet).toMatchObject({ totalMinutes: 240, totalPence: 7200 });
    expect(await sheetOf(worker, arrangement.id, '2026-03-30')).toBeUndefined();

    await timesheetsAt('2026-04-06T09:00:00Z').generate();
    const next = (await sheetOf(worker, arrangement.id, '2026-03-30'))!;
    expect(next.lines.map((line) => [line.date, line.start, line.end, line.minutes])).toEqual([
      ['2026-03-30', '00:30', '02:00', 90],
    ]);
  });

  it('count the repeated hour when the clocks go back, and take visits recorded afterwards while in draft', async () => {
    // Sunday 25 October, 00:30 BST to 03:30 GMT: four hours.
    await visitDone(arrangement.id, '2026-10-24T23:30:00Z', '2026-10-25T03:30:00Z');
    await timesheetsAt('2026-10-27T08:00:00Z').generate();
    const sheet = (await sheetOf(worker, arrangement.id, AUTUMN))!;
    expect(
      sheet.lines.map((line) => [line.date, line.start, line.end, line.minutes, line.amountPence]),
    ).toEqual([['2026-10-25', '00:30', '03:30', 240, 7200]]);
    // A visit recorded days later, at 17 minutes: the nearest penny (£5.10).
    await visitDone(arrangement.id, '2026-10-21T10:00:00Z', '2026-10-21T10:17:00Z', true);
    await timesheetsAt('2026-10-30T08:00:00Z').generate();
    const again = (await sheetOf(worker, arrangement.id, AUTUMN))!;
    expect(
      again.lines.map((line) => [line.date, line.minutes, line.amountPence, line.recordedAfterwards]),
    ).toEqual([
      ['2026-10-21', 17, 510, true],
      ['2026-10-25', 240, 7200, false],
    ]);
  });

  it('carry a visit recorded after its week was submitted to a later week, never changing what the family saw', async () => {
    const payer = await customer(t, 'active');
    const seller = await carer(t);
    const own = await accepted(payer, seller);
    const JUNE = '2026-06-01';
    await visitDone(own.id, '2026-06-02T09:00:00Z', '2026-06-02T11:00:00Z');
    await timesheetsAt('2026-06-09T08:00:00Z').generate();
    const first = (await sheetOf(seller, own.id, JUNE))!;
    const submitted = await call(seller, 'POST', `/api/timesheets/${first.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);

    // Recorded late, after the submission: not on the submitted week, which is still the last one
    // over, so it waits for the next week's timesheet.
    await visitDone(own.id, '2026-06-04T09:00:00Z', '2026-06-04T10:30:00Z', true);
    await timesheetsAt('2026-06-10T08:00:00Z').generate();
    expect((await sheetOf(seller, own.id, JUNE))!).toMatchObject({ status: 'submitted', totalPence: 3600 });
    expect(await sheetOf(seller, own.id, '2026-06-08')).toBeUndefined();

    // Approved meanwhile: its invoice is what was submitted.
    const approved = await call(payer, 'POST', `/api/timesheets/${first.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const invoiceId = approved.json<Timesheet>().invoiceId!;
    // Another late one, after the approval.
    await visitDone(own.id, '2026-06-05T09:00:00Z', '2026-06-05T09:30:00Z', true);
    await Promise.all([
      timesheetsAt('2026-06-16T08:00:00Z').generate(),
      timesheetsAt('2026-06-16T08:00:00Z').generate(),
    ]);
    const week = (await sheetOf(payer, own.id, JUNE))!;
    expect(week).toMatchObject({ status: 'approved', totalPence: 3600 });
    expect(week.lines).toHaveLength(1);
    const invoice = (await call(payer, 'GET', `/api/invoices/${invoiceId}`)).json<Invoice>();
    expect(invoice.totalPence).toBe(3600);

    const next = (await sheetOf(seller, own.id, '2026-06-08'))!;
    expect(next.status).toBe('draft');
    expect(
      next.lines.map((line) => [
        line.date,
        line.minutes,
        line.amountPence,
        line.carriedOver,
        line.recordedAfterwards,
      ]),
    ).toEqual([
      ['2026-06-04', 90, 2700, true, true],
      ['2026-06-05', 30, 900, true, true],
    ]);
  });

  it('are seen by the carer and the family circle only', async () => {
    const sheet = (await sheetOf(worker, arrangement.id, SPRING))!;
    const url = `/api/timesheets/${sheet.id}`;
    for (const [who, role] of [
      [family, 'holder'],
      [arranger, 'can_arrange'],
      [seer, 'can_see'],
    ] as const) {
      const seen = await call(who, 'GET', url);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json<Timesheet>()).toMatchObject({ viewerRole: role, mayEdit: false });
    }
    expect((await call(stranger, 'GET', url)).statusCode).toBe(404);
    expect((await call(otherCarer, 'GET', url)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', url)).statusCode).toBe(401);
    expect((await call(family, 'GET', '/api/timesheets/not-an-id')).statusCode).toBe(404);
    expect((await sheets(stranger)).some((item) => item.id === sheet.id)).toBe(false);
    expect((await sheets(seer)).some((item) => item.id === sheet.id)).toBe(true);
  });
});

describe('the carer’s lines', () => {
  it('adds mileage at the agreed rate and expenses with a note, within the week; only the carer', async () => {
    const sheet = (await sheetOf(worker, arrangement.id, SPRING))!;
    const url = `/api/timesheets/${sheet.id}/lines`;
    const mileage = {
      kind: 'mileage',
      date: '2026-03-24',
      miles: '12.5',
      ratePence: 45,
      note: 'To the surgery',
    };
    expect((await call(family, 'POST', url, mileage)).statusCode).toBe(403);
    expect((await call(stranger, 'POST', url, mileage)).statusCode).toBe(404);
    const outside = await call(worker, 'POST', url, { ...mileage, date: '2026-03-30' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json<{ message: string }>().message).toBe(INVOICING_MESSAGES.dateOutsideWeek);
    for (const bad of [
      { ...mileage, miles: '-1' },
      { ...mileage, miles: '1.25' },
      { kind: 'expense', date: '2026-03-24', amount: '4.20', note: '' },
      { kind: 'expense', date: '2026-03-24', amount: '0', note: 'Nothing' },
      { kind: 'visit', start: '09:00', end: '10:00' },
    ]) {
      expect((await call(worker, 'POST', url, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const added = await call(worker, 'POST', url, mileage);
    expect(added.statusCode, added.body).toBe(201);
    // 12.5 miles at 45p: £5.63 (562.5 to the nearest penny).
    expect(added.json<Timesheet>().lines.find((line) => line.kind === 'mileage')).toMatchObject({
      miles: '12.5',
      ratePence: 45,
      amountPence: 563,
      note: 'To the surgery',
    });
    const expense = await call(worker, 'POST', url, {
      kind: 'expense',
      date: '2026-03-25',
      amount: '£4.20',
      note: 'Milk and bread',
    });
    expect(expense.statusCode, expense.body).toBe(201);
    expect(expense.json<Timesheet>().totalPence).toBe(7200 + 563 + 420);
  });

  it('corrects a visit’s times, takes one off and puts it back', async () => {
    const sheet = (await sheetOf(worker, arrangement.id, SPRING))!;
    const visit = sheet.lines.find((line) => line.date === '2026-03-23')!;
    const url = `/api/timesheet-lines/${visit.id}`;
    expect((await call(family, 'PUT', url, { kind: 'visit', start: '09:00', end: '10:30' })).statusCode).toBe(
      403,
    );
    expect((await call(worker, 'PUT', url, { kind: 'visit', start: '9am', end: '10:30' })).statusCode).toBe(
      400,
    );
    const off = await call(worker, 'DELETE', url);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<Timesheet>().lines.find((line) => line.id === visit.id)).toMatchObject({
      excluded: true,
      amountPence: 0,
    });
    // A later round does not put it back.
    await timesheetsAt('2026-04-02T12:00:00Z').generate();
    expect((await call(worker, 'GET', `/api/timesheets/${sheet.id}`)).json<Timesheet>().totalPence).toBe(
      3600 + 563 + 420,
    );
    const back = await call(worker, 'PUT', url, { kind: 'visit', start: '09:00', end: '11:00' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<Timesheet>().totalPence).toBe(7200 + 563 + 420);
  });
});

describe('submitting, querying and approving', () => {
  it('goes to the holder and "can arrange" by email; a query goes back to the carer to correct', async () => {
    const sheet = (await sheetOf(worker, arrangement.id, SPRING))!;
    const url = `/api/timesheets/${sheet.id}`;
    expect((await call(family, 'POST', `${url}/submit`)).statusCode).toBe(403);
    expect((await call(family, 'POST', `${url}/approve`)).statusCode).toBe(409);
    const submitted = await call(worker, 'POST', `${url}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json<Timesheet>()).toMatchObject({ status: 'submitted', mayEdit: false });
    const subject = 'A timesheet to approve';
    expect(await mailsTo(family.user.email, subject)).toHaveLength(1);
    expect(await mailsTo(arranger.user.email, subject)).toHaveLength(1);
    expect(await mailsTo(seer.user.email, subject)).toHaveLength(0);
    // Submitted: the carer cannot change it, "can see" and the carer cannot answer it.
    const line = submitted.json<Timesheet>().lines.find((item) => item.kind === 'expense')!;
    expect(
      (
        await call(worker, 'PUT', `/api/timesheet-lines/${line.id}`, {
          kind: 'expense',
          date: '2026-03-25',
          amount: '1',
          note: 'x',
        })
      ).statusCode,
    ).toBe(409);
    expect((await call(seer, 'POST', `${url}/approve`)).statusCode).toBe(403);
    expect((await call(worker, 'POST', `${url}/approve`)).statusCode).toBe(403);
    expect((await call(seer, 'POST', `${url}/query`, { lineId: line.id, reason: 'Why?' })).statusCode).toBe(
      403,
    );
    expect((await call(stranger, 'POST', `${url}/approve`)).statusCode).toBe(404);
    expect((await call(arranger, 'POST', `${url}/query`, { lineId: line.id, reason: '' })).statusCode).toBe(
      400,
    );

    const queried = await call(arranger, 'POST', `${url}/query`, {
      lineId: line.id,
      reason: 'We bought the milk ourselves that week.',
    });
    expect(queried.statusCode, queried.body).toBe(200);
    expect(queried.json<Timesheet>().status).toBe('queried');
    const carerView = (await call(worker, 'GET', url)).json<Timesheet>();
    expect(carerView).toMatchObject({ mayEdit: true, maySubmit: true });
    expect(carerView.lines.find((item) => item.id === line.id)!.query).toMatchObject({
      reason: 'We bought the milk ourselves that week.',
      by: expect.stringMatching(/^Ada /),
    });
    expect(await mailsTo(worker.user.email, 'Your timesheet was queried')).toHaveLength(1);
    expect((await call(family, 'POST', `${url}/approve`)).statusCode).toBe(409);

    // The carer takes the expense off and sends it again.
    expect((await call(worker, 'DELETE', `/api/timesheet-lines/${line.id}`)).statusCode).toBe(200);
    const again = await call(worker, 'POST', `${url}/submit`);
    expect(again.json<Timesheet>()).toMatchObject({ status: 'submitted', totalPence: 7200 + 563 });
    expect(again.json<Timesheet>().lines.every((item) => item.query === null)).toBe(true);
  });

  it('approval issues the carer’s invoice to the family: once, even when approved twice at once', async () => {
    const sheet = (await sheetOf(worker, arrangement.id, SPRING))!;
    const url = `/api/timesheets/${sheet.id}/approve`;
    const answers = await Promise.all([call(family, 'POST', url), call(arranger, 'POST', url)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const approved = answers.find((answer) => answer.statusCode === 200)!.json<Timesheet>();
    expect(approved).toMatchObject({
      status: 'approved',
      autoApproved: false,
      invoiceId: expect.any(String),
    });
    const invoice = (await call(family, 'GET', `/api/invoices/${approved.invoiceId}`)).json<Invoice>();
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: 1,
      reference: 'INV-0001',
      periodStart: SPRING,
      periodEnd: '2026-03-29',
      seller: { name: 'Grace Hollins', address: '', vatNumber: null },
      buyer: { name: 'Harriet Bell' },
      totalPence: 7200 + 563,
      amountDuePence: 7200 + 563,
      status: 'open',
      viewerRole: 'holder',
    });
    expect(invoice.lines.map((line) => [line.date, line.quantity, line.amountPence])).toEqual([
      ['2026-03-23', '2 h 00 min', 3600],
      ['2026-03-24', '12.5 miles', 563],
      ['2026-03-29', '2 h 00 min', 3600],
    ]);
    expect(await mailsTo(family.user.email, 'Invoice INV-0001 for care')).toHaveLength(1);
    expect(await mailsTo(worker.user.email, 'Timesheet approved: invoice INV-0001 sent')).toHaveLength(1);
    const rows = await t.database.db.select().from(invoiceRows).where(eq(invoiceRows.timesheetId, sheet.id));
    expect(rows).toHaveLength(1);
  });
});

describe('auto-approval after 72 hours', () => {
  it('emails the family 24 hours before, then approves once, on a controlled clock', async () => {
    const sheet = (await sheetOf(worker, arrangement.id, AUTUMN))!;
    const submitted = await call(worker, 'POST', `/api/timesheets/${sheet.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const at = new Date(submitted.json<Timesheet>().submittedAt!).getTime();
    expect(submitted.json<Timesheet>().autoApproveAt).toBe(new Date(at + 72 * HOUR).toISOString());
    const subject = 'A timesheet will be approved tomorrow';

    expect(await timesheetsAt(at + 48 * HOUR - 60_000).autoApprove()).toEqual({ reminded: 0, approved: 0 });
    expect(await mailsTo(family.user.email, subject)).toHaveLength(0);
    const rounds = await Promise.all([
      timesheetsAt(at + 48 * HOUR).autoApprove(),
      timesheetsAt(at + 48 * HOUR + 1000).autoApprove(),
    ]);
    expect(rounds.reduce((sum, round) => sum + round.reminded, 0)).toBe(1);
    expect(await mailsTo(family.user.email, subject)).toHaveLength(1);
    expect(await mailsTo(arranger.user.email, subject)).toHaveLength(1);

    expect(await timesheetsAt(at + 72 * HOUR - 60_000).autoApprove()).toEqual({ reminded: 0, approved: 0 });
    expect((await call(family, 'GET', `/api/timesheets/${sheet.id}`)).json<Timesheet>().status).toBe(
      'submitted',
    );
    const approvals = await Promise.all([
      timesheetsAt(at + 72 * HOUR).autoApprove(),
      timesheetsAt(at + 72 * HOUR + 1000).autoApprove(),
    ]);
    expect(approvals.reduce((sum, round) => sum + round.approved, 0)).toBe(1);
    expect(await timesheetsAt(at + 80 * HOUR).autoApprove()).toEqual({ reminded: 0, approved: 0 });
    const approved = (await call(family, 'GET', `/api/timesheets/${sheet.id}`)).json<Timesheet>();
    expect(approved).toMatchObject({ status: 'approved', autoApproved: true, invoiceId: expect.any(String) });
    const invoice = (await call(worker, 'GET', `/api/invoices/${approved.invoiceId}`)).json<Invoice>();
    expect(invoice).toMatchObject({ reference: 'INV-0002', totalPence: 7200 + 510 });
    const mail = await mailsTo(worker.user.email, 'invoice INV-0002 sent');
    expect(mail[0]!.bodyText).toContain('approved automatically');
  });
});

describe('invoice numbers', () => {
  it('are the carer’s own sequence without gaps or repeats, approved in parallel', async () => {
    const numberer = await carer(t, { firstName: 'Nina', lastName: 'Numbers' });
    const families = [family, await customer(t, 'active'), await customer(t, 'active')];
    const weeks = ['2026-09-07', '2026-09-14', '2026-09-21', '2026-09-28'];
    for (const fam of families) {
      const made = await accepted(fam, numberer, '20.00');
      for (const monday of weeks) await visitDone(made.id, `${monday}T09:00:00Z`, `${monday}T10:00:00Z`);
    }
    await timesheetsAt('2026-10-06T12:00:00Z').generate();
    const own = (await sheets(numberer)).filter((sheet) => weeks.includes(sheet.weekStart));
    expect(own).toHaveLength(12);
    for (const sheet of own) {
      expect((await call(numberer, 'POST', `/api/timesheets/${sheet.id}/submit`)).statusCode).toBe(200);
    }
    const holderOf = new Map<string, Person>();
    for (const fam of families) for (const sheet of await sheets(fam)) holderOf.set(sheet.id, fam);
    // A failed approval in the middle (someone else's) must not use a number.
    const answers = await Promise.all([
      ...own.map((sheet) => call(holderOf.get(sheet.id)!, 'POST', `/api/timesheets/${sheet.id}/approve`)),
      call(stranger, 'POST', `/api/timesheets/${own[0]!.id}/approve`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array(12).fill(200), 404]);
    const list = (await call(numberer, 'GET', '/api/invoices')).json<InvoiceList>().items;
    expect(list.map((invoice) => invoice.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 1),
    );
    // Another carer's sequence is their own.
    expect(
      (await call(worker, 'GET', '/api/invoices'))
        .json<InvoiceList>()
        .items.map((invoice) => invoice.reference)
        .sort(),
    ).toEqual(['INV-0001', 'INV-0002']);
  });
});

describe('the PDF', () => {
  it('is an A4 document both sides download, its text the invoice: number, lines, total, VAT status', async () => {
    const [invoice] = (await call(family, 'GET', '/api/invoices'))
      .json<InvoiceList>()
      .items.filter((item) => item.reference === 'INV-0001' && item.seller.name === 'Grace Hollins');
    const url = `/api/invoices/${invoice!.id}/pdf`;
    for (const who of [family, worker, seer, arranger]) {
      const response = await call(who, 'GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe('attachment; filename="INV-0001.pdf"');
    }
    expect((await call(stranger, 'GET', url)).statusCode).toBe(404);
    expect((await call(otherCarer, 'GET', url)).statusCode).toBe(404);
    const { text, view, pages } = await pdfText(await call(family, 'GET', url));
    expect(view.map((value) => Math.round(value))).toEqual([0, 0, 595, 842]);
    expect(pages).toBe(1);
    for (const expected of [
      'INVOICE',
      'Invoice number: INV-0001',
      'Grace Hollins',
      'Harriet Bell',
      'Not VAT registered',
      'Care visit 00:30–03:30',
      '12.5 miles',
      '£36.00',
      '£5.63',
      'Total due',
      '£77.63',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/Period: Monday,? 23 March 2026 to Sunday,? 29 March 2026/);
  });

  it('carries the trading name, business address, VAT number and billing details chosen, never the home', async () => {
    const settings = {
      tradingName: 'Hollins Home Care',
      businessAddress: '2 Station Road\nHarrogate HG1 1AA',
      vatNumber: 'gb 123 4567 89',
      bankAccountName: 'G Hollins',
      bankSortCode: '12-34-56',
      bankAccountNumber: '12345678',
      mileageRatePence: 50,
    };
    expect((await call(family, 'PUT', '/api/invoicing/settings', settings)).statusCode).toBe(403);
    for (const bad of [
      { ...settings, vatNumber: 'GB12' },
      { ...settings, bankSortCode: '1234' },
      { ...settings, bankAccountNumber: '' },
      { ...settings, tradingName: 'Line\nbreak' },
    ]) {
      expect(
        (await call(worker, 'PUT', '/api/invoicing/settings', bad)).statusCode,
        JSON.stringify(bad),
      ).toBe(400);
    }
    const saved = await call(worker, 'PUT', '/api/invoicing/settings', settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CarerInvoicingSettings>()).toMatchObject({
      vatNumber: 'GB123456789',
      bankSortCode: '123456',
    });
    expect((await call(worker, 'PUT', '/api/invoicing/billing', { billingName: 'x' })).statusCode).toBe(403);
    const billing = await call(family, 'PUT', '/api/invoicing/billing', {
      billingName: 'Mr A. Bell (direct payments)',
      billingAddress: '5 Oak Lane\nYork YO1 2AB',
    });
    expect(billing.statusCode, billing.body).toBe(200);

    // A new week's invoice carries them; INV-0001 stays as it was issued.
    await visitDone(arrangement.id, '2026-11-02T09:00:00Z', '2026-11-02T10:00:00Z');
    await timesheetsAt('2026-11-10T12:00:00Z').generate();
    const sheet = (await sheetOf(worker, arrangement.id, '2026-11-02'))!;
    await call(worker, 'POST', `/api/timesheets/${sheet.id}/submit`);
    const approved = (await call(family, 'POST', `/api/timesheets/${sheet.id}/approve`)).json<Timesheet>();
    const invoice = (await call(family, 'GET', `/api/invoices/${approved.invoiceId}`)).json<Invoice>();
    expect(invoice).toMatchObject({
      reference: 'INV-0003',
      seller: {
        name: 'Hollins Home Care',
        address: '2 Station Road\nHarrogate HG1 1AA',
        vatNumber: 'GB123456789',
      },
      buyer: { name: 'Mr A. Bell (direct payments)', address: '5 Oak Lane\nYork YO1 2AB' },
    });
    const { text } = await pdfText(await call(worker, 'GET', `/api/invoices/${invoice.id}/pdf`));
    for (const expected of [
      'Hollins Home Care',
      '2 Station Road',
      'Harrogate HG1 1AA',
      'VAT number: GB123456789',
      'York YO1 2AB',
      '£18.00',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Not VAT registered');
    // Bank details are for paying, not printing.
    expect(text).not.toContain('12-34-56');
    expect(text).not.toContain('G Hollins');
  });
});

describe('paid directly', () => {
  it('shows the bank details to the family who may pay, the family marks it paid, the carer confirms', async () => {
    const list = (await call(family, 'GET', '/api/invoices')).json<InvoiceList>().items;
    const invoice = list.find(
      (item) => item.reference === 'INV-0003' && item.seller.name === 'Hollins Home Care',
    )!;
    const url = `/api/invoices/${invoice.id}`;
    expect(invoice).toMatchObject({
      bankDetails: { accountName: 'G Hollins', sortCode: '12-34-56', accountNumber: '12345678' },
      mayMarkPaid: true,
      mayConfirmPaid: false,
    });
    expect((await call(arranger, 'GET', url)).json<Invoice>().bankDetails).not.toBeNull();
    expect((await call(seer, 'GET', url)).json<Invoice>()).toMatchObject({
      bankDetails: null,
      mayMarkPaid: false,
    });
    expect((await call(worker, 'GET', url)).json<Invoice>()).toMatchObject({
      bankDetails: null,
      mayMarkPaid: false,
    });
    expect(
      t.bodies.filter(
        (body) => body.includes('"accountNumber":"12345678"') && body.includes('"viewerRole":"can_see"'),
      ),
    ).toEqual([]);

    expect((await call(worker, 'POST', `${url}/confirm-paid`)).statusCode).toBe(409);
    expect((await call(seer, 'POST', `${url}/mark-paid`, {})).statusCode).toBe(403);
    expect((await call(worker, 'POST', `${url}/mark-paid`, {})).statusCode).toBe(403);
    expect((await call(stranger, 'POST', `${url}/mark-paid`, {})).statusCode).toBe(404);
    const marked = await call(arranger, 'POST', `${url}/mark-paid`, { reference: 'BELL NOV' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<Invoice>()).toMatchObject({ status: 'marked_paid', markedPaidReference: 'BELL NOV' });
    expect((await call(family, 'POST', `${url}/mark-paid`, {})).statusCode).toBe(409);
    expect(await mailsTo(worker.user.email, 'Invoice INV-0003 marked paid')).toHaveLength(1);
    expect((await call(family, 'POST', `${url}/confirm-paid`)).statusCode).toBe(403);
    const confirmed = await call(worker, 'POST', `${url}/confirm-paid`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<Invoice>()).toMatchObject({
      status: 'paid',
      paidMethod: 'bank_transfer',
      amountDuePence: 0,
      mayConfirmPaid: false,
    });
    expect((await call(family, 'GET', url)).json<Invoice>().bankDetails).toBeNull();
    expect(await mailsTo(family.user.email, 'Invoice INV-0003 is paid')).toHaveLength(1);
    expect((await call(worker, 'POST', `${url}/confirm-paid`)).statusCode).toBe(409);
  });
});

describe('credit notes', () => {
  it('correct a sent invoice without editing it, in the carer’s own credit-note sequence', async () => {
    const list = (await call(worker, 'GET', '/api/invoices')).json<InvoiceList>().items;
    const invoice = list.find((item) => item.reference === 'INV-0002')!;
    const url = `/api/invoices/${invoice.id}/credit-notes`;
    expect((await call(family, 'POST', url, { amount: '5.10', reason: 'Short visit' })).statusCode).toBe(403);
    expect((await call(stranger, 'POST', url, { amount: '5.10', reason: 'Short visit' })).statusCode).toBe(
      404,
    );
    expect((await call(worker, 'POST', url, { amount: '5.10', reason: '' })).statusCode).toBe(400);
    const tooMuch = await call(worker, 'POST', url, { amount: '77.11', reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json<{ message: string }>().message).toBe(INVOICING_MESSAGES.creditTooMuch);

    const first = await call(worker, 'POST', url, {
      amount: '5.10',
      reason: 'The short visit was a favour.',
    });
    expect(first.statusCode, first.body).toBe(201);
    const note = first.json<Invoice>();
    expect(note).toMatchObject({
      kind: 'credit_note',
      reference: 'CN-0001',
      totalPence: 510,
      creditFor: { id: invoice.id, reference: 'INV-0002' },
      amountDuePence: 0,
      mayMarkPaid: false,
      mayCredit: false,
    });
    const after = (await call(family, 'GET', `/api/invoices/${invoice.id}`)).json<Invoice>();
    expect(after).toMatchObject({
      totalPence: 7710,
      creditedPence: 510,
      amountDuePence: 7200,
      status: 'open',
      lines: invoice.lines,
      creditNotes: [{ id: note.id, reference: 'CN-0001', totalPence: 510 }],
    });
    expect(await mailsTo(family.user.email, 'Credit note CN-0001')).toHaveLength(1);
    expect(
      (await call(worker, 'POST', `/api/invoices/${note.id}/credit-notes`, { amount: '1', reason: 'x' }))
        .statusCode,
    ).toBe(409);
    const { text } = await pdfText(await call(family, 'GET', `/api/invoices/${note.id}/pdf`));
    for (const expected of [
      'CREDIT NOTE',
      'Credit note number: CN-0001',
      'Credits invoice INV-0002',
      '£5.10',
      'Total credited',
    ]) {
      expect(text, expected).toContain(expected);
    }

    // The rest credited: nothing left to pay.
    const rest = await call(worker, 'POST', url, { amount: '72.00', reason: 'Visits paid in cash.' });
    expect(rest.json<Invoice>().reference).toBe('CN-0002');
    expect((await call(family, 'GET', `/api/invoices/${invoice.id}`)).json<Invoice>()).toMatchObject({
      status: 'credited',
      amountDuePence: 0,
      mayMarkPaid: false,
      mayCredit: false,
    });
    expect((await call(family, 'POST', `/api/invoices/${invoice.id}/mark-paid`, {})).statusCode).toBe(409);
  });
});

describe('the seam card payments use', () => {
  it('says who may pay what, records a payment once, and holds a disputed invoice', async () => {
    await visitDone(arrangement.id, '2026-11-09T09:00:00Z', '2026-11-09T10:00:00Z');
    await timesheetsAt('2026-11-17T12:00:00Z').generate();
    const sheet = (await sheetOf(worker, arrangement.id, '2026-11-09'))!;
    await call(worker, 'POST', `/api/timesheets/${sheet.id}/submit`);
    const { invoiceId } = (
      await call(family, 'POST', `/api/timesheets/${sheet.id}/approve`)
    ).json<Timesheet>();
    const db = t.database.db;

    const payable = await invoiceForPayment(db, invoiceId!, arranger.user.id);
    expect(payable).toEqual({
      id: invoiceId,
      number: 4,
      reference: 'INV-0004',
      carerUserId: worker.user.id,
      familyUserId: family.user.id,
      totalPence: 1800,
      status: 'open',
    });
    await expect(invoiceForPayment(db, invoiceId!, seer.user.id)).rejects.toMatchObject({ statusCode: 403 });
    await expect(invoiceForPayment(db, invoiceId!, worker.user.id)).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(invoiceForPayment(db, invoiceId!, stranger.user.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(invoiceForPayment(db, 'nope', family.user.id)).rejects.toMatchObject({ statusCode: 404 });

    expect(await db.transaction((tx) => freezeInvoice(tx, invoiceId!))).toEqual({ changed: true });
    expect(await db.transaction((tx) => freezeInvoice(tx, invoiceId!))).toEqual({ changed: false });
    await expect(invoiceForPayment(db, invoiceId!, family.user.id)).rejects.toMatchObject({
      statusCode: 409,
      message: INVOICING_MESSAGES.frozen,
    });
    expect((await call(family, 'POST', `/api/invoices/${invoiceId}/mark-paid`, {})).statusCode).toBe(409);
    expect((await call(family, 'GET', `/api/invoices/${invoiceId}`)).json<Invoice>()).toMatchObject({
      frozen: true,
      mayMarkPaid: false,
    });
    expect(await db.transaction((tx) => unfreezeInvoice(tx, invoiceId!))).toEqual({ changed: true });

    const paidAt = new Date('2026-11-20T10:00:00Z');
    const paid = () =>
      db.transaction((tx) =>
        recordInvoicePaid(tx, invoiceId!, { method: 'card', reference: 'pi_123', paidAt }),
      );
    expect(await paid()).toEqual({ changed: true });
    expect(await paid()).toEqual({ changed: false });
    expect((await call(family, 'GET', `/api/invoices/${invoiceId}`)).json<Invoice>()).toMatchObject({
      status: 'paid',
      paidMethod: 'card',
      paidAt: paidAt.toISOString(),
      amountDuePence: 0,
    });
    await expect(invoiceForPayment(db, invoiceId!, family.user.id)).rejects.toMatchObject({
      statusCode: 409,
    });
  });
});

describe('who sees what as people leave', () => {
  it('a removed member and a suspended holder’s circle see nothing; the carer keeps their invoices', async () => {
    const [invoice] = (await call(worker, 'GET', '/api/invoices')).json<InvoiceList>().items;
    expect((await call(seer, 'GET', `/api/invoices/${invoice!.id}`)).statusCode).toBe(200);
    await t.database.db
      .insert(circleMembers)
      .values({ holderId: family.user.id, memberId: removed.user.id, role: 'can_arrange' });
    expect((await call(removed, 'GET', `/api/invoices/${invoice!.id}`)).statusCode).toBe(200);
    await t.database.db.delete(circleMembers).where(eq(circleMembers.memberId, removed.user.id));
    expect((await call(removed, 'GET', `/api/invoices/${invoice!.id}`)).statusCode).toBe(404);
    expect((await call(removed, 'GET', '/api/invoices')).json<InvoiceList>().items).toEqual([]);

    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, family.user.id));
    try {
      expect((await call(seer, 'GET', `/api/invoices/${invoice!.id}`)).statusCode).toBe(404);
      expect((await call(worker, 'GET', `/api/invoices/${invoice!.id}`)).statusCode).toBe(200);
    } finally {
      await t.database.db.update(users).set({ suspendedAt: null }).where(eq(users.id, family.user.id));
    }
  });
});

describe('the data export', () => {
  it('holds the timesheets, invoices and invoicing details of each side', async () => {
    const files = async (who: Person) => {
      const response = await call(who, 'POST', '/api/settings/export');
      expect(response.statusCode, response.body).toBe(200);
      return unzipSync(new Uint8Array(response.rawPayload));
    };
    const json = (zip: Record<string, Uint8Array>, name: string) =>
      JSON.parse(strFromU8(zip[`${name}.json`]!)) as Array<Record<string, unknown>>;
    const carerZip = await files(worker);
    expect(json(carerZip, 'invoices').map((row) => [row.kind, row.number, row.role])).toContainEqual([
      'invoice',
      1,
      'carer',
    ]);
    expect(json(carerZip, 'timesheets').length).toBeGreaterThan(0);
    expect(json(carerZip, 'invoicing-settings')).toEqual([
      expect.objectContaining({ tradingName: 'Hollins Home Care', bankAccountNumber: '12345678' }),
    ]);
    const familyZip = await files(family);
    expect(json(familyZip, 'invoices').every((row) => row.role === 'family')).toBe(true);
    expect(strFromU8(familyZip['invoices.json']!)).not.toContain('12345678"');
    expect(json(familyZip, 'invoicing-settings')).toEqual([
      expect.objectContaining({ billingName: 'Mr A. Bell (direct payments)' }),
    ]);
  });
});

describe('retention', () => {
  it('deletes invoices six years after they were issued, and their timesheets', async () => {
    const list = (await call(worker, 'GET', '/api/invoices')).json<InvoiceList>().items;
    const newest = list.reduce((a, b) => (a.issuedAt > b.issuedAt ? a : b));
    const oldest = list.reduce((a, b) => (a.issuedAt < b.issuedAt ? a : b));
    const sixYearsAfter = (iso: string) => {
      const date = new Date(iso);
      date.setUTCFullYear(date.getUTCFullYear() + 6);
      return date.getTime();
    };
    const invoicesAt = (at: number) =>
      createInvoicesService({
        db: t.database.db,
        mailer: t.app.mailer,
        publicUrl: t.config.publicUrl,
        now: () => new Date(at),
      });
    const timesheetsLeft = async () =>
      (await t.database.db.select().from(timesheetRows)).filter((row) => row.carerUserId === worker.user.id);
    const before = (await timesheetsLeft()).length;
    await invoicesAt(sixYearsAfter(oldest.issuedAt) - DAY_MS).deleteExpired();
    expect((await call(worker, 'GET', `/api/invoices/${oldest.id}`)).statusCode).toBe(200);
    // A timesheet stays while an invoice issued from it is kept.
    expect((await timesheetsLeft()).map((row) => row.id)).toContain(oldest.timesheetId);
    expect((await timesheetsLeft()).length).toBeLessThanOrEqual(before);
    await invoicesAt(sixYearsAfter(newest.issuedAt) + 1000).deleteExpired();
    expect((await call(worker, 'GET', `/api/invoices/${oldest.id}`)).statusCode).toBe(404);
    expect((await call(worker, 'GET', '/api/invoices')).json<InvoiceList>().items).toEqual([]);
    // The timesheets of those weeks go with them.
    expect(await timesheetsLeft()).toEqual([]);
  });
});

describe('timesheet emails and the notification settings', () => {
  it('follow each person’s “timesheets” setting; the reminder before auto-approval always goes', async () => {
    const payer = await customer(t, 'active');
    const helper = await carer(t);
    const own = await accepted(payer, helper);
    for (const who of [payer, helper]) {
      const off = await call(who, 'PUT', '/api/settings/notifications', { kind: 'timesheets', email: false });
      expect(off.statusCode, off.body).toBe(200);
    }
    await visitDone(own.id, '2026-07-07T09:00:00Z', '2026-07-07T11:00:00Z');
    await timesheetsAt('2026-07-14T08:00:00Z').generate();
    const sheet = (await sheetOf(helper, own.id, '2026-07-06'))!;
    const url = `/api/timesheets/${sheet.id}`;
    expect((await call(helper, 'POST', `${url}/submit`)).statusCode).toBe(200);
    expect(await mailsTo(payer.user.email, 'A timesheet to approve')).toHaveLength(0);

    const queried = await call(payer, 'POST', `${url}/query`, {
      lineId: sheet.lines[0]!.id,
      reason: 'Was it 2 h?',
    });
    expect(queried.statusCode, queried.body).toBe(200);
    expect(await mailsTo(helper.user.email, 'Your timesheet was queried')).toHaveLength(0);

    const again = await call(helper, 'POST', `${url}/submit`);
    expect(again.statusCode, again.body).toBe(200);
    const at = new Date(again.json<Timesheet>().submittedAt!).getTime();
    await timesheetsAt(at + 48 * HOUR).autoApprove();
    expect(await mailsTo(payer.user.email, 'A timesheet will be approved tomorrow')).toHaveLength(1);

    expect((await call(payer, 'POST', `${url}/approve`)).statusCode).toBe(200);
    expect(await mailsTo(helper.user.email, 'Timesheet approved')).toHaveLength(0);
    // The invoice is a record of money: always sent.
    expect(await mailsTo(payer.user.email, 'for care')).toHaveLength(1);

    // Turned back on, the carer hears of the next query.
    const on = await call(helper, 'PUT', '/api/settings/notifications', { kind: 'timesheets', email: true });
    expect(on.statusCode, on.body).toBe(200);
    await visitDone(own.id, '2026-07-14T09:00:00Z', '2026-07-14T10:00:00Z');
    await timesheetsAt('2026-07-21T08:00:00Z').generate();
    const next = (await sheetOf(helper, own.id, '2026-07-13'))!;
    expect((await call(helper, 'POST', `/api/timesheets/${next.id}/submit`)).statusCode).toBe(200);
    const asked = await call(payer, 'POST', `/api/timesheets/${next.id}/query`, {
      lineId: next.lines[0]!.id,
      reason: 'Which day?',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await mailsTo(helper.user.email, 'Your timesheet was queried')).toHaveLength(1);
  });
});

describe('the PDF in every alphabet', () => {
  it('prints Polish, Vietnamese, Welsh and accented names as they are, in an embedded font, with its metadata', async () => {
    const payer = await customer(t, 'active', { firstName: 'Siân', lastName: 'Ŵyn' });
    const seller = await carer(t, { firstName: 'Łukasz', lastName: 'Nowak' });
    const own = await accepted(payer, seller);
    const settings = await call(seller, 'PUT', '/api/invoicing/settings', {
      // Decomposed on purpose: e + circumflex + tilde is printed as the one letter ễ.
      tradingName: 'Łukasz Nguye\u0302\u0303n Care 🌻',
      businessAddress: 'Tŷ Gwŵr, 3 Heol y Bont\nMachynlleth SY20 8AA',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const billing = await call(payer, 'PUT', '/api/invoicing/billing', {
      billingName: 'Zoë Ångström 王',
      billingAddress: '7 Rue de l’Église\nCaerdydd CF10 1AA',
    });
    expect(billing.statusCode, billing.body).toBe(200);
    await visitDone(own.id, '2026-08-04T09:00:00Z', '2026-08-04T10:00:00Z');
    await timesheetsAt('2026-08-11T08:00:00Z').generate();
    const sheet = (await sheetOf(seller, own.id, '2026-08-03'))!;
    expect((await call(seller, 'POST', `/api/timesheets/${sheet.id}/submit`)).statusCode).toBe(200);
    const approved = (await call(payer, 'POST', `/api/timesheets/${sheet.id}/approve`)).json<Timesheet>();

    const response = await call(payer, 'GET', `/api/invoices/${approved.invoiceId}/pdf`);
    expect(response.statusCode).toBe(200);
    const { text } = await pdfText(response);
    const printed = text.normalize('NFC');
    for (const expected of [
      'Łukasz Nguyễn Care',
      'Tŷ Gwŵr, 3 Heol y Bont',
      'Zoë Ångström',
      'Rue de l’Église',
      'Invoice number: INV-0001',
      '£18.00',
    ]) {
      expect(printed, expected).toContain(expected);
    }
    // A pictograph the font lacks is left out; a letter of a script it lacks is a plain '?'.
    expect(printed).not.toContain('🌻');
    expect(printed).toContain('Zoë Ångström ?');

    const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
    const info: Record<string, unknown> = Object.fromEntries(Object.entries((await pdf.getMetadata()).info));
    expect(info).toMatchObject({
      Title: 'Invoice INV-0001',
      Author: 'Łukasz Nguyễn Care 🌻',
      Language: 'en-GB',
      Creator: 'CareMatch',
    });
    expect(String(info.Subject)).toContain('to Zoë Ångström 王');
    // The font is embedded (a subset), not one of the fourteen standard ones.
    const raw = Buffer.from(response.rawPayload).toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/DejaVuSans-/);
    expect(raw).not.toContain('/Helvetica');
  });
});
