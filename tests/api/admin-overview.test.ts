import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '@contracts/admin-overview';
import { carerInsurance, payments, reports, users } from '../../src/server/db/schema';
import { approveChecks } from '../support/carer-fixtures';
import { admin as makeAdmin, uncheckedCarer } from '../support/messaging-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { submitValidChecks } from '../support/verification-fixtures';

// A Wednesday in British Summer Time: this week starts on Monday 15 June 2026 (UK), and the chart's
// twelve weeks run from Monday 30 March. Accounts the fixtures make now are after that, so outside.
const clock = new Date('2026-06-17T12:00:00Z');
const WEEKS = Array.from({ length: 12 }, (_, i) =>
  new Date(Date.UTC(2026, 2, 30 + i * 7)).toISOString().slice(0, 10),
);

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { adminClock: () => clock });
  adminCookie = (await makeAdmin(t)).cookie;
  const db = t.database.db;

  // Checks due: a status check every 6 months, insurance yearly; within 30 days means by 17 July.
  const approvedAt = async (at: string) => approveChecks(db, (await uncheckedCarer(t)).carerId, new Date(at));
  await approvedAt('2025-12-20T12:00:00Z'); // status check due 20 June: counted
  await approvedAt('2026-01-17T12:00:00Z'); // due 17 July, the 30th day: counted
  await approvedAt('2026-01-18T12:00:00Z'); // due 18 July: not yet
  await approvedAt('2026-06-14T23:30:00Z'); // sent in Monday 00:30 UK time: this week's chart
  await approvedAt('2026-03-29T22:30:00Z'); // Sunday 23:30 UK time: the week before the chart

  // One set of checks waiting, with insurance waiting; another carer's insurance decided.
  const waiting = await uncheckedCarer(t);
  await submitValidChecks(t, waiting.cookie);
  const insurance = {
    kind: 'public_liability',
    insurer: 'Hiscox',
    policyNumber: 'PL-1',
    coverPounds: 5_000_000,
    expiresOn: '2027-06-01',
  };
  await db.insert(carerInsurance).values([
    { ...insurance, carerId: waiting.carerId },
    { ...insurance, carerId: waiting.carerId, status: 'rejected' },
  ]);

  await db.insert(reports).values([
    { carerId: waiting.carerId, reason: 'other', details: 'Open', status: 'open' },
    { carerId: waiting.carerId, reason: 'other', details: 'Dismissed', status: 'dismissed' },
  ]);

  const account = (role: 'customer' | 'carer' | 'admin', createdAt: string) => ({
    email: `${randomUUID()}@example.com`,
    role,
    createdAt: new Date(createdAt),
  });
  await db.insert(users).values([
    account('customer', '2026-06-14T23:30:00Z'), // Monday 00:30 UK: week of 15 June
    account('carer', '2026-06-14T22:30:00Z'), // Sunday 23:30 UK: week of 8 June
    account('customer', '2026-06-21T22:30:00Z'), // Sunday 23:30 UK: still the week of 15 June
    account('customer', '2026-06-21T23:30:00Z'), // next week: not shown
    account('customer', '2026-03-29T23:30:00Z'), // Monday 00:30 UK: the first week
    account('customer', '2026-03-29T22:30:00Z'), // before the first week
    account('admin', '2026-06-10T10:00:00Z'), // admins are not sign-ups
  ]);

  const paid = (plan: string, paidAt: string | null, status = 'succeeded') => ({
    provider: 'demo',
    plan,
    amountPence: 1000,
    status,
    paidAt: paidAt ? new Date(paidAt) : null,
  });
  await db.insert(payments).values([
    paid('monthly', '2026-06-14T23:30:00Z'),
    paid('annual', '2026-04-01T10:00:00Z'),
    paid('three_month', '2026-03-29T22:30:00Z'), // before the first week
    paid('carer_membership', '2026-06-16T10:00:00Z'), // a carer's membership, not a family's plan
    paid('monthly', null, 'pending'),
  ]);
});
afterAll(() => t.close());

describe('GET /api/admin/overview', () => {
  it('counts the queues and buckets the last twelve weeks in UK time', async () => {
    const response = await t.injectAs(adminCookie, { method: 'GET', url: '/api/admin/overview' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const overview = response.json<AdminOverview>();
    expect(overview.queues).toEqual({ checksWaiting: 1, insuranceWaiting: 1, dueSoon: 2, reportsOpen: 1 });

    const expected = Object.fromEntries(
      WEEKS.map((week) => [week, { signUps: 0, subscriptions: 0, checks: 0 }]),
    );
    expected['2026-03-30'] = { signUps: 1, subscriptions: 1, checks: 0 };
    expected['2026-06-08'] = { signUps: 1, subscriptions: 0, checks: 0 };
    expected['2026-06-15'] = { signUps: 2, subscriptions: 1, checks: 1 };
    expect(overview.weeks).toEqual(WEEKS.map((weekStart) => ({ weekStart, ...expected[weekStart] })));
  });
});
