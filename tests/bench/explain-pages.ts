// `npx tsx tests/bench/explain-pages.ts <database url> <user id>`: every statement the signed-in
// pages' reads run for one user (timesheets and invoices, lists and one of each; arrangements and
// their visits; the family's alerts), through the services and repositories themselves, with
// EXPLAIN ANALYZE of each read: how many statements a request costs and where their time goes.
// A database seeded for it: tests/bench/seed-load-database.ts. VERBOSE=1 prints whole plans.
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { createArrangementsRepository } from '../../src/server/features/arrangements/arrangements.repository';
import { createCoverRepository } from '../../src/server/features/arrangements/cover.repository';
import { createInvoicesService } from '../../src/server/features/invoicing/invoices.service';
import { createTimesheetsService } from '../../src/server/features/invoicing/timesheets.service';
import type { Mailer } from '../../src/server/platform/mailer';
import { eq } from 'drizzle-orm';

const [url, userId] = process.argv.slice(2);
if (!url || !userId) throw new Error('usage: explain-pages.ts <database url> <user id>');
const pool = new pg.Pool({ connectionString: url, max: 1 });
let logged: { query: string; params: unknown[] }[] = [];
const db = drizzle(pool, {
  logger: { logQuery: (query, params) => logged.push({ query, params }) },
}) as unknown as Database;
const mailer = { dispatchSoon() {} } as unknown as Mailer;
const deps = { db, mailer, publicUrl: 'http://localhost' };
const timesheets = createTimesheetsService(deps);
const invoices = createInvoicesService(deps);
const [user] = await db.select().from(users).where(eq(users.id, userId));
if (!user) throw new Error(`no user ${userId}`);

async function measure(name: string, run: () => Promise<unknown>) {
  logged = [];
  await run();
  const statements = logged;
  let total = 0;
  const lines: string[] = [];
  for (const { query, params } of statements) {
    if (!/^\s*(select|with)\b/i.test(query)) {
      lines.push(`    (not explained) ${query.slice(0, 60)}`);
      continue;
    }
    const result = await pool.query(`explain (analyze, buffers) ${query}`, params);
    const plan = result.rows.map((row: Record<string, string>) => row['QUERY PLAN'] ?? '');
    const ms = Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? 0);
    total += ms;
    const scans = plan.filter((line) => /Seq Scan|Index|Bitmap/.test(line)).map((line) => line.trim());
    lines.push(`    ${ms.toFixed(3)} ms  ${query.replace(/\s+/g, ' ').slice(0, 90)}`);
    if (process.env.VERBOSE) lines.push(...plan.map((line) => `        ${line}`));
    else for (const scan of scans) lines.push(`        ${scan.slice(0, 110)}`);
  }
  console.log(`${name}: ${statements.length} statements, ${total.toFixed(3)} ms executing the reads`);
  console.log(lines.join('\n'));
}

const list = (await timesheets.list(user)).items;
const invoiceList = (await invoices.list(user)).items;
await measure('GET /api/timesheets', () => timesheets.list(user));
if (list[0]) await measure('GET /api/timesheets/:id', () => timesheets.get(user, list[0]!.id));
await measure('GET /api/invoices', () => invoices.list(user));
if (invoiceList[0]) await measure('GET /api/invoices/:id', () => invoices.get(user, invoiceList[0]!.id));
await measure('arrangements listFor', () => createArrangementsRepository(db).listFor(userId));
await measure('arrangements visitsFor (4 weeks)', () =>
  createArrangementsRepository(db).visitsFor(userId, new Date(Date.now() - 14 * 86_400_000), new Date()),
);
await measure('cover familyAlerts', () => createCoverRepository(db).familyAlerts(userId, new Date()));
await pool.end();
