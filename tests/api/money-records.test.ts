import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Arrangement } from '@contracts/arrangements';
import type { CardDispute } from '@contracts/care-payments';
import type { AuditLogPage } from '@contracts/audit';
import type { Invoice, Timesheet, TimesheetList } from '@contracts/invoicing';
import type { AdminMoneyOverview, Earnings, Statement } from '@contracts/records';
import { DEMO_CARDS } from '@contracts/subscriptions';
import {
  carePaymentAttempts,
  carePaymentDisputes,
  carePayouts,
  circleMembers,
  invoices as invoiceRows,
  invoicingSettings,
  visits as visitRows,
} from '../../src/server/db/schema';
import { freezeInvoice } from '../../src/server/features/invoicing';
import { ukDate } from '../../src/server/platform/uk-time';
import { demoCard } from '../support/payments';
import {
  admin,
  carer,
  customer,
  startConversation,
  type Carer,
  type Person,
} from '../support/messaging-fixtures';
import { csvRecords } from '../support/line-formats';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * The records people need about money for care (decision 0041): the carer's earnings and tax-year
 * CSV, the family's monthly statement (JSON, PDF read back with a real PDF parser, CSV parsed), and
 * the admins' payments overview and disputes. One invoice is paid for real (approved, paid by the
 * family's saved demo card, the fee taken by the payments feature); the others are put straight in
 * the database paid at the instants that matter (the tax year's boundary, a month of visits).
 */

let t: TestApp;
let family: Person;
let worker: Carer;
let seer: Person;
let arranger: Person;
let stranger: Person;
let otherCarer: Carer;
let theAdmin: Person;
let arrangement: Arrangement;
const ids: Record<string, string> = {};

const HOUR = 3_600_000;
const DAY_MS = 24 * HOUR;

const call = (who: Person | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.injectAs(who?.cookie, { method, url, ...(payload ? { payload } : {}) });

async function ok(response: Promise<{ statusCode: number; body: string }>, status = 200) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer;
}

async function pdfText(response: { rawPayload: Buffer }) {
  const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** An invoice from the worker to the family, as issued and (maybe) paid at the given instants. */
async function invoice(
  number: number,
  values: Partial<typeof invoiceRows.$inferInsert> & { totalPence: number; issuedAt: Date },
) {
  const [row] = await t.database.db
    .insert(invoiceRows)
    .values({
      kind: 'invoice',
      carerUserId: worker.user.id,
      customerId: family.user.id,
      number,
      arrangementId: arrangement.id,
      periodStart: ukDate(values.issuedAt),
      periodEnd: ukDate(new Date(values.issuedAt.getTime() + 6 * DAY_MS)),
      sellerName: 'Grace Hollins Care',
      sellerAddress: '1 High Street',
      buyerName: 'Harriet Bell',
      buyerAddress: '2 Low Road',
      lines: [],
      status: 'open',
      ...values,
    })
    .returning();
  return row!;
}

/** A visit of the arrangement (UTC instants); happened when checked in and out. */
async function visit(start: string, hours: number, values: Partial<typeof visitRows.$inferInsert> = {}) {
  const startsAt = new Date(start);
  const endsAt = new Date(startsAt.getTime() + hours * HOUR);
  await t.database.db
    .insert(visitRows)
    .values({ arrangementId: arrangement.id, startsAt, endsAt, ...values });
}
const done = (start: string, hours: number) => ({
  checkedInAt: new Date(start),
  checkedOutAt: new Date(new Date(start).getTime() + hours * HOUR),
});

/** The real journey: a visit a fortnight ago at £19.99 an hour, approved and paid by saved card. */
async function paidByCard(): Promise<Invoice> {
  await ok(call(worker, 'POST', '/api/care-payments/account/onboarding'));
  await ok(call(worker, 'POST', '/api/care-payments/demo/onboarding'));
  const setup = await ok(call(family, 'POST', '/api/care-payments/saved-card'));
  const { clientSecret } = JSON.parse(setup.body) as { clientSecret: string };
  await ok(
    call(family, 'POST', '/api/care-payments/saved-card/finish', {
      clientSecret,
      autoPay: true,
      ...demoCard(DEMO_CARDS.success),
    }),
  );
  const start = new Date(Date.now() - 14 * DAY_MS);
  await t.database.db.insert(visitRows).values({
    arrangementId: arrangement.id,
    startsAt: start,
    endsAt: new Date(start.getTime() + HOUR),
    checkedInAt: start,
    checkedOutAt: new Date(start.getTime() + HOUR),
  });
  const list = JSON.parse((await ok(call(worker, 'GET', '/api/timesheets'))).body) as TimesheetList;
  const sheet = list.items.find((item) => item.arrangementId === arrangement.id && item.totalPence > 0)!;
  await ok(call(worker, 'POST', `/api/timesheets/${sheet.id}/submit`));
  const approved = JSON.parse(
    (await ok(call(family, 'POST', `/api/timesheets/${sheet.id}/approve`))).body,
  ) as Timesheet;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const paid = JSON.parse(
      (await ok(call(family, 'GET', `/api/invoices/${approved.invoiceId}`))).body,
    ) as Invoice;
    if (paid.status === 'paid') return paid;
    if (Date.now() > deadline) throw new Error('the approved invoice was not paid by the saved card');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  family = await customer(t, 'active', { firstName: 'Harriet', lastName: 'Bell' });
  worker = await carer(t, { firstName: 'Grace', lastName: 'Hollins' });
  seer = await customer(t, 'none', { firstName: 'Sam' });
  arranger = await customer(t, 'none', { firstName: 'Ada' });
  stranger = await customer(t, 'active');
  otherCarer = await carer(t);
  theAdmin = await admin(t);
  await t.database.db.insert(circleMembers).values([
    { holderId: family.user.id, memberId: seer.user.id, role: 'can_see' },
    { holderId: family.user.id, memberId: arranger.user.id, role: 'can_arrange' },
  ]);
  // Bank details the statement must never print.
  await t.database.db.insert(invoicingSettings).values({
    userId: worker.user.id,
    bankAccountName: 'G Hollins',
    bankSortCode: '112233',
    bankAccountNumber: '87654321',
  });
  const conversationId = await startConversation(t, family, worker);
  const proposed = await ok(
    call(family, 'POST', '/api/bookings', {
      conversationId,
      startDate: ukDate(new Date(Date.now() + 3 * DAY_MS)),
      visits: [{ day: 'tuesday', start: '09:00', end: '11:00' }],
      hourlyRate: '19.99',
      careFor: 'Mum — Edith',
    }),
    201,
  );
  arrangement = JSON.parse(
    (await ok(call(worker, 'POST', `/api/bookings/${(JSON.parse(proposed.body) as Arrangement).id}/accept`)))
      .body,
  ) as Arrangement;

  // The last second of tax year 2025-26 (23:59:59 on 5 April, summer time) and the first of 2026-27.
  // The family's billing name on the first starts like a spreadsheet formula.
  const lastOfYear = await invoice(101, {
    totalPence: 5000,
    issuedAt: new Date('2026-03-20T10:00:00Z'),
    buyerName: '=HYPERLINK("http://evil.example","Bell")',
    status: 'paid',
    paidMethod: 'bank_transfer',
    paidAt: new Date('2026-04-05T22:59:59Z'),
  });
  const firstOfYear = await invoice(102, {
    totalPence: 7000,
    issuedAt: new Date('2026-03-27T10:00:00Z'),
    status: 'paid',
    paidMethod: 'bank_transfer',
    paidAt: new Date('2026-04-05T23:00:00Z'),
  });
  // September: one paid by card (£20 less a £5 refund, a £1 fee), one by transfer with a reference.
  // The refund made the invoice partly refunded: its payment still counts, less what went back.
  const card = await invoice(103, {
    totalPence: 2000,
    issuedAt: new Date('2026-09-10T10:00:00Z'),
    status: 'partly_refunded',
    refundedPence: 500,
    refundedAt: new Date('2026-09-18T10:00:00Z'),
    paidMethod: 'card',
    paidReference: 'pi_demo',
    paidAt: new Date('2026-09-15T10:00:00Z'),
  });
  const transfer = await invoice(105, {
    totalPence: 4000,
    issuedAt: new Date('2026-09-12T10:00:00Z'),
    status: 'paid',
    paidMethod: 'bank_transfer',
    paidReference: 'DP-SEPT',
    paidAt: new Date('2026-09-20T10:00:00Z'),
  });
  // Still to pay: £30, £5 of it credited.
  const open = await invoice(104, { totalPence: 3000, issuedAt: new Date('2026-10-05T10:00:00Z') });
  await invoice(50, {
    kind: 'credit_note',
    creditFor: open.id,
    totalPence: 500,
    status: 'credited',
    issuedAt: new Date('2026-10-06T10:00:00Z'),
  });
  const [attempt] = await t.database.db
    .insert(carePaymentAttempts)
    .values({
      invoiceId: card.id,
      invoiceNumber: 'INV-0103',
      attempt: 1,
      payerId: family.user.id,
      carerId: worker.user.id,
      familyId: family.user.id,
      provider: 'demo',
      accountId: 'acct_demo_worker',
      amountPence: 2000,
      feePence: 100,
      status: 'succeeded',
      providerReference: 'pi_demo_103',
      refundedPence: 500,
      succeededAt: new Date('2026-09-15T10:00:00Z'),
    })
    .returning();
  await t.database.db.insert(carePayouts).values({
    carerId: worker.user.id,
    provider: 'demo',
    accountId: 'acct_demo_worker',
    payoutRef: 'po_sept',
    amountPence: 1900,
    status: 'paid',
    arrivalDate: new Date('2026-09-16T10:00:00Z'),
  });
  Object.assign(ids, {
    lastOfYear: lastOfYear.id,
    firstOfYear: firstOfYear.id,
    card: card.id,
    transfer: transfer.id,
    attempt: attempt!.id,
  });

  // September's visits. 1 September 00:30 summer time is still 31 August in UTC: September's.
  // 1 October 00:30 summer time (30 September in UTC) is October's.
  await visit('2026-08-31T23:30:00Z', 1, done('2026-08-31T23:30:00Z', 1));
  await visit('2026-09-01T08:00:00Z', 2, done('2026-09-01T08:00:00Z', 2));
  await visit('2026-09-08T08:00:00Z', 2, {
    ...done('2026-09-08T08:00:00Z', 2),
    recordedAfterwardsAt: new Date('2026-09-09T08:00:00Z'),
    recordedReason: 'Phone was flat.',
  });
  await visit('2026-09-15T08:00:00Z', 2, {
    status: 'cancelled',
    cancelledAt: new Date('2026-09-14T08:00:00Z'),
  });
  await visit('2026-09-22T08:00:00Z', 2);
  await visit('2026-09-29T08:00:00Z', 2, {
    coveredBy: otherCarer.carerId,
    coveredAt: new Date('2026-09-28T08:00:00Z'),
  });
  await visit('2026-09-30T23:30:00Z', 1, done('2026-09-30T23:30:00Z', 1));
});
afterAll(() => t.close());

describe("the carer's earnings", () => {
  let realInvoice: Invoice;
  beforeAll(async () => {
    realInvoice = await paidByCard();
  });

  it('adds up: card payments less the fee (rounded down, for the carer), transfers, refunds, payouts', async () => {
    // £19.99 for the hour; 5% is 99.95p, so the fee is 99p and the carer keeps £19.00.
    expect(realInvoice.totalPence).toBe(1999);
    const earnings = JSON.parse(
      (await ok(call(worker, 'GET', '/api/earnings?taxYear=2026'))).body,
    ) as Earnings;
    expect(earnings.taxYear).toEqual({
      startYear: 2026,
      label: '2026-27',
      from: '2026-04-06',
      to: '2027-04-05',
    });
    expect(
      earnings.rows.map((row) => [
        row.invoiceNumber,
        row.paidOn,
        row.grossPence,
        row.feePence,
        row.netPence,
        row.paidBy,
      ]),
    ).toEqual([
      ['INV-0102', '2026-04-06', 7000, 0, 7000, 'bank_transfer'],
      ['INV-0103', '2026-09-15', 1500, 100, 1400, 'card'],
      ['INV-0105', '2026-09-20', 4000, 0, 4000, 'bank_transfer'],
      [realInvoice.reference, ukDate(new Date()), 1999, 99, 1900, 'card'],
    ]);
    expect(earnings.totals).toEqual({ grossPence: 14499, feePence: 199, netPence: 14300 });
    expect(earnings.thisMonth).toMatchObject({ grossPence: 1999, feePence: 99, netPence: 1900 });
    expect(earnings.awaitingPayment).toEqual({ count: 1, amountPence: 2500 });
    // September's payout and the demo payout of the card payment, a day after it.
    expect(earnings.payouts.map((payout) => payout.amountPence)).toEqual([1900, 1900]);
    expect(earnings.payoutsPence).toBe(3800);
    expect(earnings.taxYears).toEqual([2026, 2025]);
  });

  it('puts a payment at 23:59:59 on 5 April in the tax year before, and one at midnight in the next', async () => {
    const before = JSON.parse((await ok(call(worker, 'GET', '/api/earnings?taxYear=2025'))).body) as Earnings;
    expect(before.rows.map((row) => [row.invoiceNumber, row.paidOn])).toEqual([['INV-0101', '2026-04-05']]);
    expect(before.totals).toEqual({ grossPence: 5000, feePence: 0, netPence: 5000 });
    expect(before.payouts).toEqual([]);
  });

  it("downloads the tax year as CSV for self-assessment, formula-safe, with the year's totals", async () => {
    const response = await ok(call(worker, 'GET', '/api/earnings/csv?taxYear=2025'));
    expect((response as unknown as { headers: Record<string, string> }).headers['content-disposition']).toBe(
      'attachment; filename="earnings-tax-year-2025-26.csv"',
    );
    const rows = csvRecords(response.body);
    expect(rows).toEqual([
      {
        'Date paid': '05/04/2026',
        Family: `'=HYPERLINK("http://evil.example","Bell")`,
        'Invoice number': 'INV-0101',
        'Gross (£)': '50.00',
        'Platform fee (£)': '0.00',
        'Net (£)': '50.00',
        'How paid': 'Bank transfer',
      },
      {
        'Date paid': 'Total, tax year 2025-26 (6 April 2025 to 5 April 2026)',
        Family: '',
        'Invoice number': '',
        'Gross (£)': '50.00',
        'Platform fee (£)': '0.00',
        'Net (£)': '50.00',
        'How paid': '',
      },
    ]);
    const current = csvRecords((await ok(call(worker, 'GET', '/api/earnings/csv?taxYear=2026'))).body);
    expect(
      current.map((row) => [
        row['Invoice number'],
        row['Gross (£)'],
        row['Platform fee (£)'],
        row['Net (£)'],
        row['How paid'],
      ]),
    ).toEqual([
      ['INV-0102', '70.00', '0.00', '70.00', 'Bank transfer'],
      ['INV-0103', '15.00', '1.00', '14.00', 'Card through CareMatch'],
      ['INV-0105', '40.00', '0.00', '40.00', 'Bank transfer'],
      [realInvoice.reference, '19.99', '0.99', '19.00', 'Card through CareMatch'],
      ['', '144.99', '1.99', '143.00', ''],
    ]);
  });

  it("are the carer's own: another carer sees none of them; families and the signed-out are refused", async () => {
    const other = JSON.parse(
      (await ok(call(otherCarer, 'GET', '/api/earnings?taxYear=2026'))).body,
    ) as Earnings;
    expect(other.rows).toEqual([]);
    expect(other.totals).toEqual({ grossPence: 0, feePence: 0, netPence: 0 });
    expect(other.awaitingPayment).toEqual({ count: 0, amountPence: 0 });
    expect(other.payouts).toEqual([]);
    expect(
      csvRecords((await ok(call(otherCarer, 'GET', '/api/earnings/csv?taxYear=2025'))).body),
    ).toHaveLength(1);
    expect((await call(family, 'GET', '/api/earnings')).statusCode).toBe(403);
    expect((await call(family, 'GET', '/api/earnings/csv')).statusCode).toBe(403);
    expect((await call(undefined, 'GET', '/api/earnings')).statusCode).toBe(401);
    expect((await call(worker, 'GET', '/api/earnings?taxYear=abc')).statusCode).toBe(400);
  });
});

describe("the family's monthly statement", () => {
  const url = (suffix = '') => `/api/statements/${arrangement.id}${suffix}?month=2026-09`;

  it('counts the visits agreed and those that happened in the UK month, with invoices, payments and checks', async () => {
    const statement = JSON.parse((await ok(call(family, 'GET', url()))).body) as Statement;
    expect(statement).toMatchObject({
      month: '2026-09',
      monthLabel: 'September 2026',
      carerName: 'Grace Hollins',
      familyName: 'Harriet Bell',
      careFor: 'Mum — Edith',
      canEditReference: true,
    });
    expect(statement.visits).toMatchObject({ agreed: 5, happened: 3, cancelled: 1, covered: 1 });
    expect(statement.visits.list.map((v) => [v.date, v.agreed, v.happened, v.outcome])).toEqual([
      ['2026-09-01', '00:30–01:30', '00:30–01:30', 'Happened'],
      ['2026-09-01', '09:00–11:00', '09:00–11:00', 'Happened'],
      ['2026-09-08', '09:00–11:00', '09:00–11:00', 'Happened (times recorded afterwards)'],
      ['2026-09-15', '09:00–11:00', null, 'Cancelled'],
      ['2026-09-22', '09:00–11:00', null, 'Not recorded'],
      ['2026-09-29', '09:00–11:00', null, 'Covered by a backup carer'],
    ]);
    expect(statement.invoices.map((i) => [i.number, i.issuedOn, i.totalPence, i.status])).toEqual([
      ['INV-0103', '2026-09-10', 2000, 'Partly refunded'],
      ['INV-0105', '2026-09-12', 4000, 'Paid'],
    ]);
    expect(statement.payments).toEqual([
      { invoiceNumber: 'INV-0103', paidOn: '2026-09-15', amountPence: 1500, paidBy: 'card', reference: '' },
      {
        invoiceNumber: 'INV-0105',
        paidOn: '2026-09-20',
        amountPence: 4000,
        paidBy: 'bank_transfer',
        reference: 'DP-SEPT',
      },
    ]);
    expect(statement.paidPence).toBe(5500);
    expect(statement.checks.map((check) => check.check)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^DBS check \(/), 'Right to work']),
    );
    expect(statement.checks.every((check) => check.checkedOn !== null)).toBe(true);
  });

  it('keeps the family’s CEST reference, set by the holder or "can arrange", and prints it on the PDF and CSV', async () => {
    expect(
      (await call(seer, 'PUT', url('/reference').replace('?month=2026-09', ''), { cestReference: 'X' }))
        .statusCode,
    ).toBe(403);
    const path = `/api/statements/${arrangement.id}/reference`;
    expect((await call(stranger, 'PUT', path, { cestReference: 'X' })).statusCode).toBe(404);
    expect((await call(worker, 'PUT', path, { cestReference: 'X' })).statusCode).toBe(404);
    await ok(call(arranger, 'PUT', path, { cestReference: 'first' }));
    await ok(call(family, 'PUT', path, { cestReference: '  CEST-123-ABC ' }));
    const statement = JSON.parse((await ok(call(seer, 'GET', url()))).body) as Statement;
    expect(statement).toMatchObject({ cestReference: 'CEST-123-ABC', canEditReference: false });

    const pdf = await ok(call(seer, 'GET', url('/pdf')));
    expect((pdf as unknown as { headers: Record<string, string> }).headers['content-type']).toBe(
      'application/pdf',
    );
    const text = await pdfText(pdf as unknown as { rawPayload: Buffer });
    for (const expected of [
      'MONTHLY STATEMENT',
      'September 2026',
      'Grace Hollins',
      'Harriet Bell',
      'CEST-123-ABC',
      'Visits agreed: 5. Visits that happened: 3. Cancelled: 1. Covered by a backup carer: 1.',
      'INV-0103',
      'INV-0105',
      'reference DP-SEPT',
      'Total paid £55.00',
      'Right to work',
      'DBS check',
    ]) {
      expect(text).toContain(expected);
    }
    // Bank details are never printed.
    expect(text).not.toContain('87654321');
    expect(text).not.toMatch(/11-?22-?33/);

    const csv = await ok(call(arranger, 'GET', url('/csv')));
    expect(csv.body).not.toContain('87654321');
    const rows = csvRecords(csv.body);
    const part = (name: string) => rows.filter((row) => row.Part === name);
    expect(part('Employment status (HMRC CEST) reference')[0]!.Detail).toBe('CEST-123-ABC');
    expect(part('Visit')).toHaveLength(6);
    expect(part('Visit')[0]).toMatchObject({ Date: '01/09/2026', Agreed: '00:30–01:30', Detail: 'Happened' });
    expect(part('Visits')[0]).toMatchObject({ Agreed: '5', Happened: '3' });
    expect(part('Invoice').map((row) => row['Amount (£)'])).toEqual(['20.00', '40.00']);
    expect(part('Payment').map((row) => [row.Date, row['Amount (£)']])).toEqual([
      ['15/09/2026', '15.00'],
      ['20/09/2026', '40.00'],
    ]);
    expect(part('Total paid')[0]!['Amount (£)']).toBe('55.00');
    expect(part('Check').length).toBeGreaterThanOrEqual(2);
  });

  it("is the family side's only: the carer, another family, another carer and bad ids get 404", async () => {
    for (const who of [worker, stranger, otherCarer]) {
      for (const suffix of ['', '/pdf', '/csv']) {
        expect((await call(who, 'GET', url(suffix))).statusCode).toBe(404);
      }
    }
    expect((await call(family, 'GET', '/api/statements/not-an-id?month=2026-09')).statusCode).toBe(404);
    expect((await call(family, 'GET', `/api/statements/${arrangement.id}?month=2026-13`)).statusCode).toBe(
      400,
    );
    expect((await call(undefined, 'GET', url())).statusCode).toBe(401);
    // A member removed from the circle sees nothing at once.
    await t.database.db.delete(circleMembers).where(eq(circleMembers.memberId, seer.user.id));
    expect((await call(seer, 'GET', url())).statusCode).toBe(404);
    await t.database.db
      .insert(circleMembers)
      .values({ holderId: family.user.id, memberId: seer.user.id, role: 'can_see' });
  });
});

describe("the admins' payments overview and disputes", () => {
  it("totals a month's card payments, fees, refunds and payouts, as JSON and CSV", async () => {
    const overview = JSON.parse(
      (await ok(call(theAdmin, 'GET', '/api/admin/care-payments/overview?month=2026-09'))).body,
    ) as AdminMoneyOverview;
    expect(overview.totals).toEqual({
      payments: 1,
      amountPence: 2000,
      feePence: 100,
      refundedPence: 500,
      payoutsPence: 1900,
    });
    expect(overview.payments[0]).toMatchObject({
      invoiceNumber: 'INV-0103',
      carerName: 'Grace Hollins',
      familyName: 'Harriet Bell',
    });
    expect(overview.refunds.map((refund) => refund.refundedPence)).toEqual([500]);
    expect(overview.payouts).toEqual([
      expect.objectContaining({
        carerName: 'Grace Hollins',
        arrivalOn: '2026-09-16',
        amountPence: 1900,
        status: 'paid',
      }),
    ]);
    const rows = csvRecords(
      (await ok(call(theAdmin, 'GET', '/api/admin/care-payments/overview/csv?month=2026-09'))).body,
    );
    expect(
      rows.map((row) => [
        row.Type,
        row.Invoice,
        row['Amount (£)'],
        row['Platform fee (£)'],
        row['Refunded (£)'],
      ]),
    ).toEqual([
      ['Card payment', 'INV-0103', '20.00', '1.00', '5.00'],
      ['Total card payments', '', '20.00', '1.00', '5.00'],
      ['Payout', '', '19.00', '', ''],
      ['Total payouts', '', '19.00', '', ''],
    ]);
    const october = JSON.parse(
      (await ok(call(theAdmin, 'GET', '/api/admin/care-payments/overview?month=2026-10'))).body,
    ) as AdminMoneyOverview;
    expect(october.totals.payments).toBe(0);
  });

  it('is for admins only', async () => {
    for (const who of [worker, family, seer]) {
      expect((await call(who, 'GET', '/api/admin/care-payments/overview?month=2026-09')).statusCode).toBe(
        403,
      );
      expect((await call(who, 'GET', '/api/admin/care-payments/overview/csv?month=2026-09')).statusCode).toBe(
        403,
      );
    }
    expect((await call(undefined, 'GET', '/api/admin/care-payments/overview?month=2026-09')).statusCode).toBe(
      401,
    );
  });

  it('marks a closed dispute handled once, releasing the held invoice, in the audit log in words', async () => {
    await t.database.db.transaction((tx) => freezeInvoice(tx, ids.card!));
    const [lost] = await t.database.db
      .insert(carePaymentDisputes)
      .values({
        attemptId: ids.attempt!,
        invoiceId: ids.card!,
        provider: 'demo',
        disputeRef: 'dp_lost',
        amountPence: 2000,
        reason: 'product_not_received',
        status: 'lost',
        openedAt: new Date('2026-09-20T10:00:00Z'),
        closedAt: new Date('2026-10-20T10:00:00Z'),
        lastEventAt: new Date('2026-10-20T10:00:00Z'),
      })
      .returning();
    const [open] = await t.database.db
      .insert(carePaymentDisputes)
      .values({
        attemptId: ids.attempt!,
        invoiceId: ids.card!,
        provider: 'demo',
        disputeRef: 'dp_open',
        amountPence: 500,
        reason: 'duplicate',
        status: 'needs_response',
        openedAt: new Date('2026-10-21T10:00:00Z'),
        lastEventAt: new Date('2026-10-21T10:00:00Z'),
      })
      .returning();
    const handled = `/api/admin/care-payments/disputes/${lost!.id}/handled`;
    expect((await call(worker, 'POST', handled, { note: 'x' })).statusCode).toBe(403);
    expect((await call(theAdmin, 'POST', handled, { note: ' ' })).statusCode).toBe(400);
    expect(
      (await call(theAdmin, 'POST', `/api/admin/care-payments/disputes/${open!.id}/handled`, { note: 'x' }))
        .statusCode,
    ).toBe(409);
    const answer = JSON.parse(
      (await ok(call(theAdmin, 'POST', handled, { note: 'Carer agreed a credit note with the family.' })))
        .body,
    ) as CardDispute;
    expect(answer).toMatchObject({
      invoiceNumber: 'INV-0103',
      status: 'lost: the money went back to the family',
      reason: 'product not received',
      handledNote: 'Carer agreed a credit note with the family.',
    });
    expect(answer.handledAt).not.toBeNull();
    expect((await call(theAdmin, 'POST', handled, { note: 'again' })).statusCode).toBe(409);
    const [row] = await t.database.db.select().from(invoiceRows).where(eq(invoiceRows.id, ids.card!));
    expect(row!.frozenAt).toBeNull();

    const list = JSON.parse(
      (await ok(call(theAdmin, 'GET', '/api/admin/care-payments/disputes'))).body,
    ) as CardDispute[];
    // Not yet handled first.
    expect(list.map((dispute) => dispute.id)).toEqual([open!.id, lost!.id]);

    const log = JSON.parse(
      (await ok(call(theAdmin, 'GET', '/api/admin/audit-log?action=care-dispute.handled&limit=1'))).body,
    ) as AuditLogPage;
    expect(log.items[0]).toMatchObject({
      summary:
        'Marked the card dispute on Grace Hollins’s invoice INV-0103 (£20.00) handled; the invoice is no longer held',
    });
    expect(log.items[0]!.changes.map((change) => change.text)).toContain(
      'Set note to Carer agreed a credit note with the family.',
    );
  });
});
