// `npx tsx tests/bench/index-shapes.ts <bench database url> [searches]`: the in-memory search
// index (decision 0025) read from a seeded bench database, then the random stream's searches
// timed one by one in this process (CPU only: no HTTP, no database), slowest shapes first.
import { performance } from 'node:perf_hooks';
import { CarerSearchQuery } from '@contracts/carers';
import { openDatabase } from '../../src/server/db/client';
import { createCarerSearchIndex } from '../../src/server/features/carers/carer-search-index';
import { createCarerSearchIndexRepository } from '../../src/server/features/carers/carer-search-index.repository';
import { createGeocoder } from '../../src/server/platform/geocoder/geocoder';
import { randomNearParams, randomSearchParams, seededRandom } from './mixes';
import { streamPlaces } from './stream-places';

const url = process.argv[2];
if (!url) throw new Error('usage: index-shapes.ts <database url> [searches]');
const count = Number(process.argv[3] ?? 5000);
const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
const index = createCarerSearchIndex({ repository: createCarerSearchIndexRepository(database.db) });
(globalThis as { gc?: () => void }).gc?.();
const heapBefore = process.memoryUsage().heapUsed;
let started = performance.now();
index.resume();
await index.refresh();
(globalThis as { gc?: () => void }).gc?.();
const heap = process.memoryUsage();
console.log(
  `read ${index.size} carers in ${(performance.now() - started).toFixed(0)} ms; index heap ${((heap.heapUsed - heapBefore) / 2 ** 20).toFixed(0)} MiB (${((heap.heapUsed - heapBefore) / index.size).toFixed(0)} bytes a carer), rss ${(heap.rss / 2 ** 20).toFixed(0)} MiB`,
);
const geocoder = createGeocoder({});
const places = streamPlaces();
for (const [name, draw] of [
  ['random stream', (random: () => number) => randomSearchParams(random, places)],
  ['near 10', (random: () => number) => randomNearParams(random, places, 10)],
  ['near 50', (random: () => number) => randomNearParams(random, places, 50)],
] as const) {
  const random = seededRandom(7);
  const times: { ms: number; params: string }[] = [];
  for (let n = 0; n < count; n++) {
    const params = draw(random);
    const query = CarerSearchQuery.parse(params);
    const place = query.near ? await geocoder.find(query.near) : undefined;
    if (query.near && !place) continue;
    started = performance.now();
    await index.search(query, place ?? undefined);
    times.push({
      ms: performance.now() - started,
      params: new URLSearchParams(params as Record<string, string>).toString(),
    });
  }
  const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(3);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  console.log(
    `${name}: ${sorted.length} searches, mean ${mean.toFixed(3)} ms, p50 ${at(0.5)}, p99 ${at(0.99)}, max ${at(1)}`,
  );
  const kinds = new Map<string, number[]>();
  for (const time of times) {
    const kind = time.params.includes('near=')
      ? `near within ${/within=(\d+)/.exec(time.params)?.[1] ?? 10}${time.params.includes('sort=distance') || !time.params.includes('sort=') ? '' : ' other order'}`
      : time.params.includes('location=')
        ? `location${time.params.includes('sort=') ? ' ordered' : ' best'}`
        : 'no place';
    kinds.set(kind, [...(kinds.get(kind) ?? []), time.ms]);
  }
  for (const [kind, list] of [...kinds].sort()) {
    const total = list.reduce((a, b) => a + b, 0);
    console.log(
      `   ${kind}: ${list.length} searches, mean ${(total / list.length).toFixed(3)} ms, ${((total / times.reduce((a, b) => a + b.ms, 0)) * 100).toFixed(0)}% of the time`,
    );
  }
  for (const slow of times.sort((a, b) => b.ms - a.ms).slice(0, 5))
    console.log(`   ${slow.ms.toFixed(2)} ms  ${slow.params}`);
}
index.suspend();
await database.close();
