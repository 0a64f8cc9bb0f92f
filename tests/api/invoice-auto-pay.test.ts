import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Arrangement } from '@contracts/arrangements';
import type { Invoice, Timesheet, TimesheetList } from '@contracts/invoicing';
import { DEMO_CARDS } from '@contracts/subscriptions';
import { visits as visitRows } from '../../src/server/db/schema';
import { ukDate } from '../../src/server/platform/uk-time';
import { attemptsOf } from '../support/care-payments';
import { demoCard } from '../support/payments';
import { carer, customer, startConversation, type Carer, type Person } from '../support/messaging-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

// The composition root's auto-pay (decision 0039): approving a timesheet issues its invoice, and a
// family that saved a card to pay approved invoices has it paid on the carer's account at once,
// through the invoicing feature's real ledger (no test ledger here).

let t: TestApp;
const DAY_MS = 24 * 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (who: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.injectAs(who.cookie, { method, url, ...(payload ? { payload } : {}) });

async function ok(response: Promise<{ statusCode: number; body: string }>, status = 200) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer;
}

/** A carer whose demo connected account is ready to take cards. */
async function readyCarer(): Promise<Carer> {
  const worker = await carer(t);
  await ok(call(worker, 'POST', '/api/care-payments/account/onboarding'));
  await ok(call(worker, 'POST', '/api/care-payments/demo/onboarding'));
  return worker;
}

async function saveCard(family: Person, autoPay: boolean) {
  const setup = await ok(call(family, 'POST', '/api/care-payments/saved-card'));
  const { clientSecret } = JSON.parse(setup.body) as { clientSecret: string };
  await ok(
    call(family, 'POST', '/api/care-payments/saved-card/finish', {
      clientSecret,
      autoPay,
      ...demoCard(DEMO_CARDS.success),
    }),
  );
}

/** An accepted arrangement with one visit that happened two weeks ago, and its submitted timesheet. */
async function submittedTimesheet(family: Person, worker: Carer): Promise<Timesheet> {
  const conversationId = await startConversation(t, family, worker);
  const proposed = await ok(
    call(family, 'POST', '/api/bookings', {
      conversationId,
      startDate: ukDate(new Date(Date.now() + 3 * DAY_MS)),
      visits: [{ day: 'tuesday', start: '09:00', end: '11:00' }],
      hourlyRate: '18.00',
    }),
    201,
  );
  const arrangement = JSON.parse(
    (await ok(call(worker, 'POST', `/api/bookings/${(JSON.parse(proposed.body) as Arrangement).id}/accept`)))
      .body,
  ) as Arrangement;
  const start = new Date(Date.now() - 14 * DAY_MS);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  await t.database.db.insert(visitRows).values({
    arrangementId: arrangement.id,
    startsAt: start,
    endsAt: end,
    checkedInAt: start,
    checkedOutAt: end,
  });
  const list = JSON.parse((await ok(call(worker, 'GET', '/api/timesheets'))).body) as TimesheetList;
  const sheet = list.items.find((item) => item.arrangementId === arrangement.id);
  expect(sheet).toBeDefined();
  const submitted = await ok(call(worker, 'POST', `/api/timesheets/${sheet!.id}/submit`));
  return JSON.parse(submitted.body) as Timesheet;
}

async function invoiceAfterApproval(
  family: Person,
  sheet: Timesheet,
): Promise<{ invoice: Invoice; attempts: number }> {
  const approved = JSON.parse(
    (await ok(call(family, 'POST', `/api/timesheets/${sheet.id}/approve`))).body,
  ) as Timesheet;
  expect(approved.invoiceId).toBeTruthy();
  // The payment starts after the approval's commit; wait for it to settle.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const invoice = JSON.parse(
      (await ok(call(family, 'GET', `/api/invoices/${approved.invoiceId}`))).body,
    ) as Invoice;
    if (invoice.status === 'paid' || Date.now() > deadline) {
      return { invoice, attempts: (await attemptsOf(t, invoice.id)).length };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('auto-pay of approved invoices', () => {
  it("pays an approved invoice with the family's saved card on the carer's account", async () => {
    const worker = await readyCarer();
    const family = await customer(t);
    await saveCard(family, true);
    const { invoice, attempts } = await invoiceAfterApproval(
      family,
      await submittedTimesheet(family, worker),
    );
    expect(invoice.status).toBe('paid');
    expect(invoice.paidMethod).toBe('card');
    expect(attempts).toBe(1);
  });

  it('leaves the invoice for the family when they did not ask for auto-pay', async () => {
    const worker = await readyCarer();
    const family = await customer(t);
    await saveCard(family, false);
    const { invoice, attempts } = await invoiceAfterApproval(
      family,
      await submittedTimesheet(family, worker),
    );
    expect(invoice.status).toBe('open');
    expect(attempts).toBe(0);
  });
});
