// `npx tsx tests/bench/seed-load-database.ts`: a bench database (cm_bench_<random>) seeded as
// `npm run bench:load` seeds it (carers, customers and their conversations, timesheets and
// invoices), left in place for EXPLAIN of the signed-in pages' queries; prints its URL. Drop it
// afterwards: `dropdb -h 127.0.0.1 -U postgres <name>`.
import { sql } from 'drizzle-orm';
import { createBenchPostgres, DEFAULT_BENCH_DATABASE_URL } from './bench-database';
import { seedBenchCarers } from './seed';
import { seedBenchInvoicing } from './seed-invoicing';
import { seedBenchPeople } from './seed-people';

const customers = Number(process.env.BENCH_LOAD_CUSTOMERS ?? 500);
const bench = await createBenchPostgres(process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL);
await seedBenchCarers(bench.database.db, Number(process.env.BENCH_LOAD_CARERS ?? 20_000));
await seedBenchPeople(bench.database.db, { customers, conversationsEach: 4, messagesEach: 12 });
await seedBenchInvoicing(bench.database.db, { customers, weeks: 8 });
await bench.database.db.execute(sql`vacuum analyze`);
await bench.database.close();
console.log(bench.url);
