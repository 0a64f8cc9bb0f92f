// `npx tsx tests/bench/seed-database.ts [carers]`: a bench database (cm_bench_<random>) seeded as
// `npm run bench:search` seeds it, left in place for tests/bench/search-shapes.ts and
// explain-search.ts; prints its URL. Drop it afterwards: `dropdb -h 127.0.0.1 -U postgres <name>`.
import { sql } from 'drizzle-orm';
import { createBenchPostgres, DEFAULT_BENCH_DATABASE_URL } from './bench-database';
import { seedBenchCarers } from './seed';

const bench = await createBenchPostgres(process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL);
await seedBenchCarers(bench.database.db, Number(process.argv[2] ?? 100_000));
await bench.database.db.execute(sql`vacuum analyze carer_profiles`);
await bench.database.close();
console.log(bench.url);
