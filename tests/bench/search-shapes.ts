// Times the carer search's statements one by one, straight through the repository (no HTTP), on a
// database already seeded by the bench: `npx tsx tests/bench/search-shapes.ts <database url> [n]`.
// Draws n searches from the bench's random stream, runs each twice (the second time is measured:
// the first may read cold pages; REPEAT=n keeps the fastest of n), and prints the slowest shapes and requests. A tool for finding
// the slow statements behind the random-stream figures (docs/performance.md), not part of the bench.
// With CHECK=1 every page, and the page after it (by its cursor), is also compared with the
// in-memory reference search (tests/bench/reference-search.ts) on the database's rows.
// Create a seeded database for it with tests/bench/seed-database.ts.

import { CarerSearchQuery } from '@contracts/carers';
import { carerProfiles } from '../../src/server/db/schema';
import { openDatabase } from '../../src/server/db/client';
import { createCarerSearch } from '../../src/server/features/carers/carer-search.repository';
import { createGeocoder } from '../../src/server/platform/geocoder/geocoder';
import { randomSearchParams, searchStream } from './mixes';
import { referenceSearch } from './reference-search';
import { streamPlaces } from './stream-places';

async function main() {
  const [url, countText] = process.argv.slice(2);
  if (!url) throw new Error('usage: search-shapes.ts <database url> [count]');
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  const search = createCarerSearch(database.db).search;
  const geocoder = createGeocoder({});
  const stream = searchStream(Number(process.env.SEED ?? 7), (random) =>
    randomSearchParams(random, streamPlaces()),
  );
  const timings: { path: string; shape: string; ms: number }[] = [];
  const rows = process.env.CHECK === '1' ? await database.db.select().from(carerProfiles) : undefined;
  let checked = 0;
  let mismatches = 0;
  for (let index = 0; index < Number(countText ?? 2000); index++) {
    const path = stream.next();
    const params = Object.fromEntries(new URL(path, 'http://x').searchParams);
    const query = CarerSearchQuery.parse(params);
    const place = query.near ? await geocoder.find(query.near) : undefined;
    if (query.near && !place) continue;
    await search(query, place ?? undefined);
    // REPEAT=n: the fastest of n runs (steadier on a busy machine).
    let ms = Infinity;
    let answer!: Awaited<ReturnType<typeof search>>;
    for (let run = 0; run < Number(process.env.REPEAT ?? 1); run++) {
      const started = performance.now();
      answer = await search(query, place ?? undefined);
      ms = Math.min(ms, performance.now() - started);
    }
    if (rows) {
      const pages = [{ query, answer }];
      if (answer.nextCursor) {
        const next = { ...query, cursor: answer.nextCursor };
        pages.push({ query: next, answer: await search(next, place ?? undefined) });
      }
      for (const page of pages) {
        const expected = referenceSearch(rows, page.query, place ?? undefined);
        const got = page.answer.rows.map((row) => row.id).join(',');
        checked += 1;
        if (
          got !== expected.rows.map((row) => row.id).join(',') ||
          !page.answer.nextCursor !== !expected.nextCursor
        ) {
          mismatches += 1;
          if (mismatches <= 5) console.log(`MISMATCH ${path}${page.query.cursor ? ' (next page)' : ''}`);
        }
      }
    }
    const shape = [
      query.near ? `near${query.within}` : query.location ? 'location' : '',
      query.sort,
      query.careType ? 'type' : '',
      query.availability ? 'tag' : '',
      query.day || query.partOfDay ? 'slots' : '',
      query.minRate !== undefined || query.maxRate !== undefined ? 'rate' : '',
    ]
      .filter(Boolean)
      .join(' ');
    timings.push({ path, shape, ms });
  }
  timings.sort((a, b) => b.ms - a.ms);
  if (rows) console.log(`${checked} pages checked against the reference search: ${mismatches} differ`);
  const at = (p: number) => timings[Math.floor((timings.length * (100 - p)) / 100)]?.ms ?? 0;
  console.log(
    `${timings.length} searches: mean ${(timings.reduce((sum, t) => sum + t.ms, 0) / timings.length).toFixed(2)} ms, p50 ${at(50).toFixed(2)} ms, p99 ${at(99).toFixed(2)} ms, max ${timings[0]?.ms.toFixed(2)} ms`,
  );
  const byShape = new Map<string, number[]>();
  for (const t of timings) byShape.set(t.shape, [...(byShape.get(t.shape) ?? []), t.ms]);
  const shapes = [...byShape].map(([shape, list]) => ({
    shape,
    n: list.length,
    max: Math.max(...list),
    total: list.reduce((a, b) => a + b, 0),
  }));
  shapes.sort((a, b) => b.total - a.total);
  console.log('\nshapes by total time:');
  for (const s of shapes.slice(0, 25))
    console.log(
      `  ${s.total.toFixed(0).padStart(6)} ms  n ${String(s.n).padStart(4)}  max ${s.max.toFixed(1).padStart(7)}  ${s.shape}`,
    );
  console.log('\nslowest requests:');
  for (const t of timings.slice(0, Number(process.env.TOP ?? 25)))
    console.log(`  ${t.ms.toFixed(1).padStart(7)} ms  ${t.path}`);
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
