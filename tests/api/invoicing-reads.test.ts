import { and, eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Arrangement, Arrangements } from '@contracts/arrangements';
import type { InvoiceList, TimesheetList } from '@contracts/invoicing';
import type { Database } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { circleMembers, visits as visitRows } from '../../src/server/db/schema';
import { createArrangementsRepository } from '../../src/server/features/arrangements/arrangements.repository';
import { viewerIn, viewerOf } from '../../src/server/features/invoicing/access';
import { createInvoicesService } from '../../src/server/features/invoicing/invoices.service';
import { createInvoicingRepository } from '../../src/server/features/invoicing/invoicing.repository';
import { createTimesheetsService } from '../../src/server/features/invoicing/timesheets.service';
import { ukDate } from '../../src/server/platform/uk-time';
import { carer, customer, startConversation, type Carer, type Person } from '../support/messaging-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * What the Timesheets and Invoices pages read (decision 0038), and what it costs: the lists find
 * the viewer's rows through the indexes on the carer and the family account (a circle member's
 * families as one array, not a lookup per row), and a list's extras (lines, invoices, credit
 * notes, bank details) come in one query each, however many rows it has.
 */

let t: TestApp;
let holder: Person;
let member: Person;
let stranger: Person;
let first: Carer;
let second: Carer;
let holders: Arrangement;
let members: Arrangement;

const DAY_MS = 24 * 3_600_000;
const WEEKS = ['2026-09-07', '2026-09-14', '2026-09-21'];
const AFTER = '2026-09-29T12:00:00Z';

const call = (who: Person, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.injectAs(who.cookie, { method, url, ...(payload ? { payload } : {}) });

async function accepted(fam: Person, who: Carer): Promise<Arrangement> {
  const conversationId = await startConversation(t, fam, who);
  const proposed = await call(fam, 'POST', '/api/bookings', {
    conversationId,
    startDate: ukDate(new Date(Date.now() + 3 * DAY_MS)),
    visits: [{ day: 'monday', start: '09:00', end: '10:00' }],
    hourlyRate: '20.00',
  });
  expect(proposed.statusCode, proposed.body).toBe(201);
  const done = await call(who, 'POST', `/api/bookings/${proposed.json<Arrangement>().id}/accept`);
  expect(done.statusCode, done.body).toBe(200);
  return done.json<Arrangement>();
}

/** The app's database through a Drizzle that writes down every statement it sends. */
function countingDatabase() {
  const statements: Array<{ query: string; params: unknown[] }> = [];
  const logger = { logQuery: (query: string, params: unknown[]) => statements.push({ query, params }) };
  const client = (t.database.db as unknown as { $client: never }).$client;
  const db = (t.database.kind === 'postgres'
    ? drizzlePg({ client, schema, logger })
    : drizzlePglite({ client, schema, logger })) as unknown as Database;
  let transactions = 0;
  const transaction = db.transaction.bind(db);
  db.transaction = ((...args: Parameters<Database['transaction']>) => {
    transactions += 1;
    return transaction(...args);
  }) as Database['transaction'];
  const deps = { db, mailer: t.app.mailer, publicUrl: t.config.publicUrl, now: () => new Date(AFTER) };
  return {
    db,
    statements,
    transactions: () => transactions,
    repository: createInvoicingRepository(db),
    timesheets: createTimesheetsService(deps),
    invoices: createInvoicesService(deps),
  };
}

/** How many statements `read` sends. */
async function statementsOf(read: (counting: ReturnType<typeof countingDatabase>) => Promise<unknown>) {
  const counting = countingDatabase();
  await read(counting);
  return counting.statements.length;
}

/** The plan of a logged statement with sequential scans made as dear as the planner allows. */
async function planOf(statement: { query: string; params: unknown[] }): Promise<string> {
  const bound = sql.join(
    statement.query
      .split(/(\$\d+)/)
      .map((part) =>
        /^\$\d+$/.test(part) ? sql`${statement.params[Number(part.slice(1)) - 1]}` : sql.raw(part),
      ),
    sql.raw(''),
  );
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain ${bound}`)) as unknown as {
      rows: Array<Record<string, string>>;
    };
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

const account = async (who: Person) =>
  (await t.database.db.select().from(schema.users).where(eq(schema.users.id, who.user.id)))[0]!;

async function approveWeek(fam: Person, who: Carer, arrangementId: string, weekStart: string) {
  const [sheet] = await t.database.db
    .select()
    .from(schema.timesheets)
    .where(
      and(eq(schema.timesheets.arrangementId, arrangementId), eq(schema.timesheets.weekStart, weekStart)),
    );
  const submitted = await call(who, 'POST', `/api/timesheets/${sheet!.id}/submit`);
  expect(submitted.statusCode, submitted.body).toBe(200);
  const approved = await call(fam, 'POST', `/api/timesheets/${sheet!.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  holder = await customer(t, 'active', { firstName: 'Helen' });
  member = await customer(t, 'active', { firstName: 'Milo' });
  stranger = await customer(t, 'active');
  first = await carer(t, { firstName: 'Fay' });
  second = await carer(t, { firstName: 'Sid' });
  holders = await accepted(holder, first);
  // The member is also a holder: their own family's arrangement with another carer.
  members = await accepted(member, second);
  await t.database.db
    .insert(circleMembers)
    .values({ holderId: holder.user.id, memberId: member.user.id, role: 'can_see' });
  for (const arrangement of [holders, members]) {
    for (const monday of WEEKS) {
      await t.database.db.insert(visitRows).values({
        arrangementId: arrangement.id,
        startsAt: new Date(`${monday}T09:00:00Z`),
        endsAt: new Date(`${monday}T10:00:00Z`),
        checkedInAt: new Date(`${monday}T09:00:00Z`),
        checkedOutAt: new Date(`${monday}T10:00:00Z`),
      });
    }
  }
  expect(await countingDatabase().timesheets.generate()).toBe(6);
  await approveWeek(holder, first, holders.id, WEEKS[0]!);
  await approveWeek(member, second, members.id, WEEKS[0]!);
  // Two families, two carers, their arrangements and an approval each, through the API.
}, 120_000);
afterAll(() => t.close());

describe('who the lists show', () => {
  it('a member of a circle who holds a family too sees both families’ timesheets and invoices', async () => {
    const invoices = (await call(member, 'GET', '/api/invoices')).json<InvoiceList>().items;
    expect(invoices.map((item) => [item.seller.name.split(' ')[0], item.viewerRole]).sort()).toEqual([
      ['Fay', 'can_see'],
      ['Sid', 'holder'],
    ]);
    const sheets = (await call(member, 'GET', '/api/timesheets')).json<TimesheetList>().items;
    expect(sheets).toHaveLength(6);
    expect(
      sheets.filter((sheet) => sheet.arrangementId === holders.id).map((sheet) => sheet.viewerRole),
    ).toEqual(['can_see', 'can_see', 'can_see']);
    expect(
      sheets.filter((sheet) => sheet.arrangementId === members.id).map((sheet) => sheet.viewerRole),
    ).toEqual(['holder', 'holder', 'holder']);
    const arrangements = (await call(member, 'GET', '/api/bookings')).json<Arrangements>().items;
    expect(arrangements.map((item) => item.id).sort()).toEqual([holders.id, members.id].sort());
  });

  it('the carer sees their own, a stranger nothing, and a member removed only their own family', async () => {
    const carers = (await call(first, 'GET', '/api/invoices')).json<InvoiceList>().items;
    expect(carers.map((item) => item.viewerRole)).toEqual(['carer']);
    expect((await call(stranger, 'GET', '/api/invoices')).json<InvoiceList>().items).toEqual([]);
    expect((await call(stranger, 'GET', '/api/timesheets')).json<TimesheetList>().items).toEqual([]);
    await t.database.db.delete(circleMembers).where(eq(circleMembers.memberId, member.user.id));
    try {
      const invoices = (await call(member, 'GET', '/api/invoices')).json<InvoiceList>().items;
      expect(invoices.map((item) => item.viewerRole)).toEqual(['holder']);
      const sheets = (await call(member, 'GET', '/api/timesheets')).json<TimesheetList>().items;
      expect(new Set(sheets.map((sheet) => sheet.arrangementId))).toEqual(new Set([members.id]));
    } finally {
      await t.database.db
        .insert(circleMembers)
        .values({ holderId: holder.user.id, memberId: member.user.id, role: 'can_see' });
    }
  });
});

describe('who one timesheet or invoice shows to', () => {
  it('the holder and a member of the circle, not a suspended member, nobody once the holder is suspended', async () => {
    const { invoices, timesheets } = countingDatabase();
    const [invoice] = (await call(holder, 'GET', '/api/invoices')).json<InvoiceList>().items;
    const sheetId = invoice!.timesheetId!;
    const asMember = await account(member);
    expect((await invoices.get(asMember, invoice!.id)).viewerRole).toBe('can_see');
    expect((await timesheets.get(asMember, sheetId)).viewerRole).toBe('can_see');
    expect((await invoices.get(await account(holder), invoice!.id)).viewerRole).toBe('holder');
    await expect(invoices.get(await account(stranger), invoice!.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    for (const [who, suspended] of [
      [member, member],
      [member, holder],
      [holder, holder],
    ] as const) {
      await t.database.db
        .update(schema.users)
        .set({ suspendedAt: new Date() })
        .where(eq(schema.users.id, suspended.user.id));
      try {
        const reader = await account(who);
        await expect(invoices.get(reader, invoice!.id)).rejects.toMatchObject({ statusCode: 404 });
        await expect(timesheets.get(reader, sheetId)).rejects.toMatchObject({ statusCode: 404 });
      } finally {
        await t.database.db
          .update(schema.users)
          .set({ suspendedAt: null })
          .where(eq(schema.users.id, suspended.user.id));
      }
    }
    expect((await invoices.get(await account(first), invoice!.id)).viewerRole).toBe('carer');
  });
});

describe('who the reads say the reader is', () => {
  it('is who viewerOf says, for every reader and row, as roles, suspensions and accounts change', async () => {
    const db = t.database.db;
    const setSuspended = (who: Person, at: Date | null) =>
      db.update(schema.users).set({ suspendedAt: at }).where(eq(schema.users.id, who.user.id));
    const setRole = (role: string) =>
      db.update(circleMembers).set({ role }).where(eq(circleMembers.memberId, member.user.id));
    const [orphan] = await db
      .select()
      .from(schema.timesheets)
      .where(eq(schema.timesheets.arrangementId, holders.id))
      .limit(1);
    let compared = 0;
    const compare = async () => {
      for (const reader of [holder, member, stranger, first, second]) {
        for (const table of [schema.timesheets, schema.invoices]) {
          const rows = await db
            .select({
              row: table,
              viewer: viewerIn(table.carerUserId, table.customerId, reader.user.id),
            })
            .from(table);
          for (const { row, viewer } of rows) {
            expect([table === schema.timesheets, reader.user.id, row.id, viewer]).toEqual([
              table === schema.timesheets,
              reader.user.id,
              row.id,
              await viewerOf(db, row, reader.user.id),
            ]);
            compared += 1;
          }
        }
      }
    };
    try {
      for (const role of ['can_see', 'can_arrange']) {
        await setRole(role);
        for (const suspended of [null, member, holder, first]) {
          if (suspended) await setSuspended(suspended, new Date());
          try {
            await compare();
          } finally {
            if (suspended) await setSuspended(suspended, null);
          }
        }
      }
      // A timesheet whose family account went (the column is cleared): only its carer is on it.
      await db
        .update(schema.timesheets)
        .set({ customerId: null })
        .where(eq(schema.timesheets.id, orphan!.id));
      await compare();
    } finally {
      await setRole('can_see');
      await db
        .update(schema.timesheets)
        .set({ customerId: holder.user.id })
        .where(eq(schema.timesheets.id, orphan!.id));
    }
    // Every reader with every row, the carer's, the holder's, a member's and nobody's among them.
    expect(compared).toBeGreaterThan(100);
  });
});

describe('what the lists cost', () => {
  it('find the viewer’s rows through the indexes, the circle’s families worked out once', async () => {
    const counting = countingDatabase();
    const me = await account(member);
    await counting.timesheets.list(me);
    await counting.invoices.list(me);
    // One statement each: the rows, who the reader is on each, and their extras.
    expect(counting.statements).toHaveLength(2);
    for (const statement of counting.statements) {
      const plan = await planOf(statement);
      // Not a lookup of the circle for each row (a SubPlan in the scan's filter), which leaves the
      // planner nothing to do but read every row of the table: the rows are found by the indexes,
      // and who the reader is on each is asked only of those.
      expect(plan).not.toMatch(/Filter: .*SubPlan/);
      expect(plan).not.toMatch(/Seq Scan on (timesheets|invoices) /);
      expect(plan).toMatch(/InitPlan/);
      expect(plan).toMatch(/Index Cond: \(customer_id = ANY/);
      expect(plan).toMatch(/Index Cond: \(carer_user_id = /);
    }
  });

  it('read one timesheet or invoice in one statement, its extras and the reader’s role included', async () => {
    const me = await account(holder);
    const [invoice] = (await call(holder, 'GET', '/api/invoices')).json<InvoiceList>().items;
    expect(await statementsOf(({ invoices }) => invoices.get(me, invoice!.id))).toBe(1);
    expect(await statementsOf(({ timesheets }) => timesheets.get(me, invoice!.timesheetId!))).toBe(1);
    expect(await statementsOf(({ invoices }) => invoices.list(me))).toBe(1);
    expect(await statementsOf(({ timesheets }) => timesheets.list(me))).toBe(1);
  });

  it('the arrangements list reads the viewer’s arrangements through their indexes too', async () => {
    const counting = countingDatabase();
    const rows = await createArrangementsRepository(counting.db).listFor(member.user.id);
    expect(rows.map((row) => row.id).sort()).toEqual([holders.id, members.id].sort());
    const plan = await planOf(counting.statements[0]!);
    expect(plan).not.toMatch(/Seq Scan on arrangements/);
    expect(plan).toMatch(/Index Cond: \(customer_id = ANY/);
    expect(plan).toMatch(/Index Cond: \(carer_id = ANY/);
  });

  it('send as many statements for three invoices as for one', async () => {
    const me = await account(holder);
    const before = {
      invoices: await statementsOf(({ invoices }) => invoices.list(me)),
      timesheets: await statementsOf(({ timesheets }) => timesheets.list(me)),
    };
    await approveWeek(holder, first, holders.id, WEEKS[1]!);
    await approveWeek(holder, first, holders.id, WEEKS[2]!);
    const invoices = (await call(holder, 'GET', '/api/invoices')).json<InvoiceList>().items;
    expect(invoices).toHaveLength(3);
    expect({
      invoices: await statementsOf(({ invoices }) => invoices.list(me)),
      timesheets: await statementsOf(({ timesheets }) => timesheets.list(me)),
    }).toEqual(before);
  });

  it('open no transaction for a list when every visit is already on a timesheet', async () => {
    const counting = countingDatabase();
    expect((await counting.timesheets.list(await account(holder))).items).toHaveLength(3);
    expect(counting.transactions()).toBe(0);
  });
});
