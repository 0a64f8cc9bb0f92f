// `npx tsx tests/bench/explain-search.ts <database url> <search path>`: EXPLAIN (ANALYZE, BUFFERS) of every
// statement the carer search runs for one request (the same statements and values, through Drizzle).
import { CarerSearchQuery } from '@contracts/carers';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createCarerSearch } from '../../src/server/features/carers/carer-search.repository';
import { createGeocoder } from '../../src/server/platform/geocoder/geocoder';
const [url, path] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 1 });
const logged: { query: string; params: unknown[] }[] = [];
const db = drizzle(pool, { logger: { logQuery: (query, params) => logged.push({ query, params }) } });
const query = CarerSearchQuery.parse(Object.fromEntries(new URL(path!, 'http://x').searchParams));
const place = query.near ? await createGeocoder({}).find(query.near) : undefined;
await createCarerSearch(db as never).search(query, place ?? undefined);
for (const { query: text, params } of logged) {
  if (process.env.SHOWSQL) console.log(text, params);
  const result = await pool.query(`explain (analyze, buffers) ${text}`, params);
  console.log(result.rows.map((r) => r['QUERY PLAN']).join('\n'));
  console.log('----');
}
await pool.end();
