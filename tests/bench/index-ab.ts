// `npx tsx tests/bench/index-ab.ts <bench database url> <other carer-search-index.ts> [searches] [rounds]`:
// the in-memory search of this checkout against another version of carer-search-index.ts (a copy
// of an older commit's file placed beside this one, so that its imports resolve), on the rows of
// one seeded bench database read once. Every search of the random stream, its next page and the
// `near` streams are asked of both, and their answers compared (rows, cursor, distances, count):
// any difference is printed and the exit is non-zero. Then rounds alternate between the two,
// each timing the same searches by process CPU (process.cpuUsage), so the machine's other load
// falls on both alike.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CarerSearchQuery } from '@contracts/carers';
import { openDatabase } from '../../src/server/db/client';
import * as current from '../../src/server/features/carers/carer-search-index';
import { createCarerSearchIndexRepository } from '../../src/server/features/carers/carer-search-index.repository';
import type {
  CarerSearchAnswer,
  SearchOrigin,
} from '../../src/server/features/carers/carer-search.repository';
import { createGeocoder } from '../../src/server/platform/geocoder/geocoder';
import { randomNearParams, randomSearchParams, seededRandom } from './mixes';
import { streamPlaces } from './stream-places';

const [url, otherPath] = process.argv.slice(2);
if (!url || !otherPath)
  throw new Error('usage: index-ab.ts <database url> <other index module> [searches] [rounds]');
const count = Number(process.argv[4] ?? 4000);
const rounds = Number(process.argv[5] ?? 5);
const other = (await import(path.resolve(otherPath))) as typeof current;

const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
const { rows } = await createCarerSearchIndexRepository(database.db).readAll();
await database.close();
const versions = [
  { name: 'other', module: other, columns: new other.SearchColumns(rows) },
  { name: 'this', module: current, columns: new current.SearchColumns(rows) },
];
console.log(`${rows.length} carers read`);

const geocoder = createGeocoder({});
const places = streamPlaces();
const now = Date.now();
type Search = { params: string; query: CarerSearchQuery; near: SearchOrigin | undefined };
const searches: Search[] = [];
for (const [seed, draw] of [
  [7, (random: () => number) => randomSearchParams(random, places)],
  [8, (random: () => number) => randomNearParams(random, places, 10)],
  [9, (random: () => number) => randomNearParams(random, places, 50)],
] as const) {
  const random = seededRandom(seed);
  const wanted = seed === 7 ? count : Math.floor(count / 8);
  while (searches.filter((s) => s.params.startsWith(`${seed}:`)).length < wanted) {
    const params = draw(random);
    const query = CarerSearchQuery.parse(params);
    const near = query.near ? ((await geocoder.find(query.near)) ?? undefined) : undefined;
    if (query.near && !near) continue;
    searches.push({
      params: `${seed}:${new URLSearchParams(params as Record<string, string>)}`,
      query,
      near,
    });
  }
}

const same = (a: CarerSearchAnswer, b: CarerSearchAnswer) =>
  JSON.stringify([a.rows.map((r) => r.id), a.nextCursor, a.distancesMetres, a.total]) ===
  JSON.stringify([b.rows.map((r) => r.id), b.nextCursor, b.distancesMetres, b.total]);

// The same answers, first pages and next pages.
let differing = 0;
let nextPages = 0;
const streamSearches = [...searches];
for (const search of streamSearches) {
  const [a, b] = versions.map((v) => v.module.searchColumns(v.columns, search.query, search.near, now));
  if (!same(a!, b!)) {
    differing += 1;
    if (differing <= 5) console.log(`differs: ${search.params}`);
  }
  if (a!.nextCursor) {
    nextPages += 1;
    const next = {
      ...search,
      query: { ...search.query, cursor: a!.nextCursor },
      params: `${search.params} (next)`,
    };
    const [c, d] = versions.map((v) => v.module.searchColumns(v.columns, next.query, next.near, now));
    if (!same(c!, d!)) {
      differing += 1;
      if (differing <= 5) console.log(`differs: ${next.params}`);
    }
    searches.push(next);
  }
}
console.log(`${streamSearches.length} searches and ${nextPages} next pages compared: ${differing} differ`);

// Timed: the random stream's first pages, what `npm run bench:search` sends;
// TIMED=8 or 9: the `near` streams at 10 or 50 miles instead.
const timed = streamSearches.filter((search) => search.params.startsWith(`${process.env.TIMED ?? 7}:`));
const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
const perSearch: Record<string, number[]> = { other: [], this: [] };
for (let round = 0; round < rounds; round++) {
  for (const v of round % 2 === 0 ? versions : [...versions].reverse()) {
    const started = cpuMs();
    for (const search of timed) v.module.searchColumns(v.columns, search.query, search.near, now);
    perSearch[v.name]!.push(((cpuMs() - started) / timed.length) * 1000);
  }
}
// Where the time goes, by kind of search (this version, one more pass).
const kinds = new Map<string, { n: number; us: number }>();
const kindOf = ({ query, near }: Search) =>
  `${query.cursor ? 'next ' : ''}${
    near
      ? `near ${query.within} ${query.sort}`
      : query.location !== undefined
        ? `text ${query.sort}`
        : `none ${query.sort}`
  }`;
let all = 0;
for (const search of timed) {
  const started = performance.now();
  current.searchColumns(versions[1]!.columns, search.query, search.near, now);
  const us = (performance.now() - started) * 1000;
  all += us;
  const kind = kindOf(search);
  const entry = kinds.get(kind) ?? { n: 0, us: 0 };
  entry.n += 1;
  entry.us += us;
  kinds.set(kind, entry);
}
for (const [kind, { n, us }] of [...kinds].sort((a, b) => b[1].us - a[1].us).slice(0, 25))
  console.log(`  ${kind}: ${n}, mean ${(us / n).toFixed(0)} µs, ${((us / all) * 100).toFixed(1)}%`);
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
for (const [name, list] of Object.entries(perSearch))
  console.log(
    `${name}: µs of CPU a search, median ${median(list).toFixed(1)} (${list.map((v) => v.toFixed(1)).join(', ')})`,
  );
process.exitCode = differing > 0 ? 1 : 0;
