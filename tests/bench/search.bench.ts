// `npm run bench:search`: load test of the carer search (GET /api/carers) on real PostgreSQL
// (100,000 carers) and on embedded PGlite (10,000), against the spec's fetch-everything baseline.
// Writes the results to docs/performance.md. See that file's "How to rerun".

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CarerSearchQuery, type CarerSearchResult } from '@contracts/carers';
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config';
import type { CarerProfileRow } from '../../src/server/db/schema';
import { carerProfiles } from '../../src/server/db/schema';
import {
  createBenchPostgres,
  DEFAULT_BENCH_DATABASE_URL,
  describePostgres,
  queryRows,
  type BenchPostgres,
} from './bench-database';
import { unexercisedLoad } from './exercised';
import { runLoad, type LoadResult } from './load';
import {
  deepPagePaths,
  randomNearParams,
  randomSearchParams,
  searchMixes,
  searchStream,
  type Mix,
} from './mixes';
import { createGeocoder } from '../../src/server/platform/geocoder/geocoder';
import { streamPlaces } from './stream-places';
import { freePort, killAllChildren, startChild, waitForHttp, type Child } from '../support/processes';
import { referenceSearch } from './reference-search';
import {
  meetsTargets,
  renderSection,
  resultsTable,
  writeSection,
  meetsStreamTargets,
  streamsTable,
  type DatabaseRun,
  type EmbeddedRun,
  type StreamRun,
} from './report';
import { seedBenchCarers } from './seed';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const env = process.env;
const int = (name: string, fallback: number) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
};

const settings = {
  adminUrl: env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL,
  pgCarers: int('BENCH_PG_CARERS', 100_000),
  pgliteCarers: int('BENCH_PGLITE_CARERS', 10_000),
  durationSeconds: int('BENCH_DURATION', 10),
  pgliteDurationSeconds: int('BENCH_PGLITE_DURATION', 10),
  warmupSeconds: int('BENCH_WARMUP', 2),
  /**
   * A stream's warm-up: the same stream's requests before the measured ones. Longer than a mix's:
   * the in-memory search encodes a carer's card the first time a search shows it (decision 0025),
   * which a server that has been up a while has done for the carers people look at.
   */
  streamWarmupSeconds: int('BENCH_STREAM_WARMUP', 10),
  connections: 10,
  baselineConnections: 5,
  pgBaselineRequests: int('BENCH_BASELINE_REQUESTS', 10),
  pgliteBaselineRequests: int('BENCH_BASELINE_REQUESTS', 25),
  poolSize: env.BENCH_POOL_SIZE,
  only: env.BENCH_ONLY,
  write: env.BENCH_WRITE !== '0',
};
const TARGETS = { p99Ms: 25, rps: 1000 };
/** Decision 0025: the random stream's p99 and its share of the floor's (/healthz) requests per second. */
const STREAM_TARGETS = { p99Ms: 25, floorShare: 0.1 };
/** The PGlite embedded default (demo data): search p99. */
const EMBEDDED_P99_MS = 50;
const STREAM_CHECKED = int('BENCH_STREAM_CHECKED', 300);
const REPORT_FILE = path.join(ROOT, 'docs', 'performance.md');
const TSX_ARGS = ['--import', 'tsx'];

const log = (message: string) => process.stdout.write(`${message}\n`);
const elapsed = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

const geocoder = createGeocoder({});

/** The same cursor, but a distance key may differ in its last bits from the reference's. */
function sameCursor(actual: string | null, expected: string | null): boolean {
  if (actual === null || expected === null) return actual === expected;
  const decode = (value: string) => JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
  const a = decode(actual);
  const b = decode(expected);
  return (
    a.length === b.length &&
    a.every((value, index) =>
      typeof value === 'number' && typeof b[index] === 'number'
        ? Math.abs(value - (b[index] as number)) <= 1e-6 * Math.max(1, Math.abs(value))
        : value === b[index],
    )
  );
}

/** Compares every path's page with the in-memory reference search; returns the number that differ. */
async function checkAgainstReference(origin: string, paths: string[], rows: CarerProfileRow[]) {
  let mismatches = 0;
  for (const requestPath of paths) {
    const response = await fetch(`${origin}${requestPath}`);
    if (!response.ok) throw new Error(`${requestPath}: ${response.status} ${await response.text()}`);
    const actual = (await response.json()) as CarerSearchResult;
    const params = Object.fromEntries(new URL(requestPath, origin).searchParams);
    const query = CarerSearchQuery.parse(params);
    const place = query.near ? await geocoder.find(query.near) : undefined;
    if (query.near && !place) throw new Error(`${requestPath}: the bench's place is unknown to the geocoder`);
    const expected = referenceSearch(rows, query, place ?? undefined);
    const actualIds = actual.items.map((item) => item.id).join(',');
    const expectedIds = expected.rows.map((row) => row.id).join(',');
    if (
      actualIds !== expectedIds ||
      !sameCursor(actual.nextCursor, expected.nextCursor) ||
      JSON.stringify(actual.total ?? null) !== JSON.stringify(expected.total)
    ) {
      mismatches += 1;
      if (mismatches <= 5)
        log(`  MISMATCH ${requestPath}\n    got      ${actualIds}\n    expected ${expectedIds}`);
    }
  }
  return mismatches;
}

/** The streams: every request draws its own search (seeded, so every run sends the same ones). */
const STREAMS = {
  random: {
    name: 'random stream',
    draw: (random: () => number) => randomSearchParams(random, streamPlaces()),
  },
  near10: {
    name: 'near, within 10 miles',
    draw: (random: () => number) => randomNearParams(random, streamPlaces(), 10),
  },
  near50: {
    name: 'near, within 50 miles',
    draw: (random: () => number) => randomNearParams(random, streamPlaces(), 50),
  },
};
type StreamName = keyof typeof STREAMS;

/** The first `count` paths of a stream with another seed than the load's: checked against the reference. */
const streamSample = (name: StreamName, count: number) => {
  const stream = searchStream(1_000 + count, STREAMS[name].draw);
  return Array.from({ length: count }, () => stream.next());
};

/** A stream under load: each request asks for the next path of the stream (seed per run). */
async function measureStream(origin: string, name: StreamName, seed: number, durationSeconds: number) {
  const stream = searchStream(seed, STREAMS[name].draw);
  const requests: autocannon.Request[] = [
    { method: 'GET', setupRequest: (request) => ({ ...request, path: stream.next() }) },
  ];
  await runLoad({
    origin,
    requests,
    connections: settings.connections,
    durationSeconds: settings.streamWarmupSeconds,
  });
  const result = await runLoad({ origin, requests, connections: settings.connections, durationSeconds });
  logResult(STREAMS[name].name, result);
  return result;
}

/** The floor: the same server's cheapest answer (/healthz), same connections. */
async function measureFloor(origin: string, durationSeconds: number) {
  await runLoad({
    origin,
    paths: ['/healthz'],
    connections: settings.connections,
    durationSeconds: settings.warmupSeconds,
  });
  const result = await runLoad({
    origin,
    paths: ['/healthz'],
    connections: settings.connections,
    durationSeconds,
  });
  logResult('floor: /healthz', result);
  return result;
}

function logResult(name: string, result: LoadResult) {
  const failed = result.errors + result.timeouts + result.non2xx;
  log(
    `  ${name.padEnd(36)} p50 ${result.p50.toFixed(2).padStart(7)} ms  p99 ${result.p99.toFixed(2).padStart(7)} ms  ` +
      `${Math.round(result.rps).toString().padStart(6)} req/s  ${failed} errors  (load ${os.loadavg()[0]!.toFixed(1)})`,
  );
}

async function measureMixes(origin: string, mixes: Mix[], durationSeconds: number) {
  const measured: { mix: Mix; result: LoadResult }[] = [];
  for (const mix of mixes) {
    await runLoad({
      origin,
      paths: mix.paths,
      connections: settings.connections,
      durationSeconds: settings.warmupSeconds,
    });
    const result = await runLoad({
      origin,
      paths: mix.paths,
      connections: settings.connections,
      durationSeconds,
    });
    const failed = result.errors + result.timeouts + result.non2xx;
    log(
      `  ${mix.name.padEnd(36)} p50 ${result.p50.toFixed(2).padStart(7)} ms  p99 ${result.p99.toFixed(2).padStart(7)} ms  ` +
        `${Math.round(result.rps).toString().padStart(6)} req/s  ${failed} errors  (load ${os.loadavg()[0]!.toFixed(1)})`,
    );
    measured.push({ mix, result });
  }
  return measured;
}

async function measureBaseline(origin: string, mixes: Mix[], requests: number) {
  // Every mix's paths, interleaved, so the fixed number of requests covers all kinds of search.
  const longest = Math.max(...mixes.map((mix) => mix.paths.length));
  const paths: string[] = [];
  for (let index = 0; index < longest; index++) {
    for (const mix of mixes) {
      const mixPath = mix.paths[index];
      if (mixPath) paths.push(mixPath);
    }
  }
  const connections = Math.min(settings.baselineConnections, requests);
  const result = await runLoad({
    origin,
    paths,
    connections,
    amount: requests,
    timeoutSeconds: 300,
  });
  log(
    `  baseline: p50 ${result.p50.toFixed(0)} ms  p99 ${result.p99.toFixed(0)} ms  ${result.rps.toFixed(2)} req/s  ` +
      `${result.requests} requests  ${result.errors + result.timeouts + result.non2xx} errors`,
  );
  return { connections, paths: paths.length, result };
}

const tupleUpdates = async (bench: BenchPostgres) =>
  Number(
    (
      await queryRows<{ n: string }>(
        bench.database,
        sql`select n_tup_upd as n from pg_stat_user_tables where relname = 'carer_profiles'`,
      )
    )[0]?.n ?? 0,
  );

/** The server process's resident memory (with the search index read: decision 0025). */
function serverMemory(server: Child): string {
  try {
    const status = fs.readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
    const rss = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return rss ? `server RSS ${(Number(rss) / 1024).toFixed(0)} MiB` : 'server RSS unknown';
  } catch {
    return 'server RSS unknown';
  }
}

/**
 * Waits for the server's start-up housekeeping to finish writing carers (the rank refresh writes
 * only the scores that moved, so it may write none): until carer_profiles has had no update for
 * 5 s, at most 180 s; then vacuums. The search index's first read (decision 0025) takes ~3 s at
 * 100,000 carers and overlaps the wait.
 */
async function settleAfterHousekeeping(bench: BenchPostgres) {
  const deadline = Date.now() + 180_000;
  let last = await tupleUpdates(bench);
  let quietSince = Date.now();
  while (Date.now() < deadline && Date.now() - quietSince < 5_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await tupleUpdates(bench);
    if (now !== last) [last, quietSince] = [now, Date.now()];
  }
  if (Date.now() >= deadline) log('  (housekeeping did not finish in 180 s; measuring anyway)');
  await bench.database.db.execute(sql`vacuum analyze carer_profiles`);
}

async function runPostgres(): Promise<DatabaseRun> {
  const started = Date.now();
  log(`PostgreSQL: creating a bench database on ${new URL(settings.adminUrl).host}`);
  const bench = await createBenchPostgres(settings.adminUrl);
  const children: Child[] = [];
  try {
    await seedBenchCarers(bench.database.db, settings.pgCarers);
    log(`  seeded ${settings.pgCarers} carers into ${bench.name} in ${elapsed(started)}`);
    const serverInfo = await describePostgres(bench.database);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-bench-'));
    const startServer = async (extra: Record<string, string>) => {
      const port = await freePort();
      const server = startChild('server', process.execPath, ['dist/server/main.js'], {
        PATH: env.PATH,
        NODE_ENV: 'production',
        DATABASE_URL: bench.url,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        PAYMENTS_PROVIDER: 'demo',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        ...(settings.poolSize ? { DATABASE_POOL_SIZE: settings.poolSize } : {}),
        ...extra,
      });
      children.push(server);
      const origin = `http://127.0.0.1:${port}`;
      await waitForHttp(`${origin}/readyz`, server, 60_000);
      await settleAfterHousekeeping(bench);
      return { server, origin };
    };
    const { server, origin } = await startServer({});
    log(`  server ready and settled after ${elapsed(started)}; ${serverMemory(server)}`);

    const rows = await bench.database.db.select().from(carerProfiles);
    const mixes = searchMixes(await deepPagePaths(origin));
    const allPaths = mixes.flatMap((mix) => mix.paths);
    const mismatches = await checkAgainstReference(origin, allPaths, rows);
    log(`  ${allPaths.length} pages checked against the reference search: ${mismatches} differ`);

    const measured = await measureMixes(origin, mixes, settings.durationSeconds);
    const streams: StreamRun[] = [];
    const floorCached = await measureFloor(origin, settings.durationSeconds);
    streams.push({
      name: 'random stream',
      cache: 'answer cache on (30 s, the default)',
      floor: floorCached,
      result: await measureStream(origin, 'random', 42, settings.durationSeconds),
    });
    await server.stop();

    // The same server without the answer cache: every search reaches the database.
    const uncached = await startServer({ SEARCH_CACHE_SECONDS: '0' });
    log(`  server without the answer cache ready after ${elapsed(started)}`);
    const streamPaths = [
      ...streamSample('random', STREAM_CHECKED),
      ...streamSample('near10', Math.ceil(STREAM_CHECKED / 3)),
      ...streamSample('near50', Math.ceil(STREAM_CHECKED / 3)),
    ];
    // The server's housekeeping places carers without coordinates (the seed's 1%) from their town:
    // the reference must read the rows as they are now.
    const rowsNow = await bench.database.db.select().from(carerProfiles);
    const streamMismatches = await checkAgainstReference(uncached.origin, streamPaths, rowsNow);
    log(
      `  ${streamPaths.length} random-stream pages checked against the reference search: ${streamMismatches} differ`,
    );
    const floor = await measureFloor(uncached.origin, settings.durationSeconds);
    for (const [name, seed] of [
      ['random', 43],
      ['near10', 44],
      ['near50', 45],
    ] as const) {
      streams.push({
        name: STREAMS[name].name,
        cache: 'no answer cache (SEARCH_CACHE_SECONDS=0)',
        floor,
        result: await measureStream(uncached.origin, name, seed, settings.durationSeconds),
      });
    }
    await uncached.server.stop();

    const baselineServer = startChild(
      'baseline',
      process.execPath,
      ['--max-old-space-size=8192', ...TSX_ARGS, 'tests/bench/server-runner.ts', 'baseline'],
      { PATH: env.PATH, DATABASE_URL: bench.url },
    );
    children.push(baselineServer);
    const ports = JSON.parse(await baselineServer.line('READY ', 60_000)) as { baseline: number };
    const baseline = await measureBaseline(
      `http://127.0.0.1:${ports.baseline}`,
      mixes,
      settings.pgBaselineRequests,
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
    return {
      label: 'PostgreSQL',
      server: serverInfo,
      carers: rows.length,
      activeCarers: rows.filter((row) => row.isActive).length,
      howServed: `The app: \`node dist/server/main.js\` (production build, NODE_ENV=production, LOG_LEVEL=warn, DATABASE_POOL_SIZE ${settings.poolSize ?? `${loadConfig({}).databasePoolSize} (the default)`}) in its own process.`,
      targets: TARGETS,
      mixes: measured,
      baseline,
      mismatches: mismatches + streamMismatches,
      checkedPaths: allPaths.length + streamPaths.length,
      streams,
      streamTargets: STREAM_TARGETS,
    };
  } finally {
    for (const child of children) await child.stop();
    await bench.drop();
    log(`  dropped ${bench.name} (PostgreSQL part took ${elapsed(started)})`);
  }
}

async function runPglite(): Promise<DatabaseRun> {
  const started = Date.now();
  log(`PGlite: seeding ${settings.pgliteCarers} carers in memory`);
  const runner = startChild(
    'pglite',
    process.execPath,
    [
      '--max-old-space-size=4096',
      ...TSX_ARGS,
      'tests/bench/server-runner.ts',
      'pglite',
      String(settings.pgliteCarers),
    ],
    { PATH: env.PATH },
  );
  try {
    const ports = JSON.parse(await runner.line('READY ', 300_000)) as { app: number; baseline: number };
    const origin = `http://127.0.0.1:${ports.app}`;
    const baselineOrigin = `http://127.0.0.1:${ports.baseline}`;
    log(`  ready after ${elapsed(started)}`);
    // Rows come as JSON: the times the reference compares (the listing's end) become Dates again.
    const rows = (
      (await (await fetch(`${baselineOrigin}/bench/rows`)).json()) as (CarerProfileRow & {
        listedUntil: string;
      })[]
    ).map((row) => ({ ...row, listedUntil: new Date(row.listedUntil) }));
    const mixes = searchMixes(await deepPagePaths(origin));
    const allPaths = mixes.flatMap((mix) => mix.paths);
    const mismatches = await checkAgainstReference(origin, allPaths, rows);
    log(`  ${allPaths.length} pages checked against the reference search: ${mismatches} differ`);
    const measured = await measureMixes(origin, mixes, settings.pgliteDurationSeconds);
    const streamPaths = streamSample('random', Math.ceil(STREAM_CHECKED / 3));
    const streamMismatches = await checkAgainstReference(origin, streamPaths, rows);
    log(
      `  ${streamPaths.length} random-stream pages checked against the reference search: ${streamMismatches} differ`,
    );
    const floor = await measureFloor(origin, settings.pgliteDurationSeconds);
    const streams: StreamRun[] = [
      {
        name: 'random stream',
        cache: 'no answer cache (test configuration)',
        floor,
        result: await measureStream(origin, 'random', 42, settings.pgliteDurationSeconds),
      },
    ];
    const baseline = await measureBaseline(baselineOrigin, mixes, settings.pgliteBaselineRequests);
    const pgliteVersion = (
      JSON.parse(
        fs.readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
      ) as { version: string }
    ).version;
    return {
      label: 'PGlite',
      server: `PGlite ${pgliteVersion} (PostgreSQL compiled to WebAssembly), in memory, inside the server's process`,
      carers: rows.length,
      activeCarers: rows.filter((row) => row.isActive).length,
      howServed:
        'The app: `buildApp()` with the test configuration (LOG_LEVEL=silent) in a child process, `tests/bench/server-runner.ts`, which also hosts the baseline server on the same in-memory database.',
      targets: undefined,
      mixes: measured,
      baseline,
      mismatches: mismatches + streamMismatches,
      checkedPaths: allPaths.length + streamPaths.length,
      streams,
    };
  } finally {
    await runner.stop();
    log(`  PGlite part took ${elapsed(started)}`);
  }
}

/**
 * The embedded default: `node dist/server/main.js` with no database configured and not in
 * production, so PGlite in a data directory with the demo data, as `npm start` runs it.
 */
async function runEmbedded(): Promise<EmbeddedRun> {
  const started = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-bench-embedded-'));
  const port = await freePort();
  const server = startChild('embedded', process.execPath, ['dist/server/main.js'], {
    PATH: env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
  });
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitForHttp(`${origin}/readyz`, server, 120_000);
    const carers = (await (await fetch(`${origin}/api/carers?limit=50`)).json()) as CarerSearchResult;
    log(
      `PGlite embedded default (demo data, ${carers.items.length}${carers.nextCursor ? '+' : ''} listed carers) ready after ${elapsed(started)}`,
    );
    const floor = await measureFloor(origin, settings.pgliteDurationSeconds);
    const result = await measureStream(origin, 'random', 42, settings.pgliteDurationSeconds);
    return {
      floor,
      result,
      listed: carers.items.length,
      more: carers.nextCursor !== null,
      p99TargetMs: EMBEDDED_P99_MS,
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const started = Date.now();
  process.once('SIGINT', () => {
    killAllChildren();
    process.exit(130);
  });
  if (env.BENCH_SKIP_BUILD !== '1') {
    log('Building the server (scripts/build-server.mjs)');
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('server build failed');
  }
  const runs: DatabaseRun[] = [];
  if (settings.only !== 'pglite') runs.push(await runPostgres());
  if (settings.only !== 'postgres') runs.push(await runPglite());
  const embedded = settings.only === 'postgres' ? undefined : await runEmbedded();

  const cpus = os.cpus();
  const context = {
    date: new Date(),
    machine: `${cpus.length} CPU cores (${cpus[0]?.model.trim() ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB memory, ${os.type()} ${os.release()}`,
    node: process.version,
    connections: settings.connections,
    warmupSeconds: settings.warmupSeconds,
    streamWarmupSeconds: settings.streamWarmupSeconds,
    durations: Object.fromEntries(
      runs.map((run) => [
        run.label,
        run.label === 'PGlite' ? settings.pgliteDurationSeconds : settings.durationSeconds,
      ]),
    ),
    rerun: 'npm run bench:search',
    totalSeconds: (Date.now() - started) / 1000,
  };
  const allMixes = runs[0]?.mixes.map(({ mix }) => mix) ?? [];
  log(`\n${resultsTable(runs)}\n\n${streamsTable(runs, embedded)}\n`);
  if (settings.write) {
    writeSection(REPORT_FILE, renderSection(runs, context, allMixes, embedded));
    log(`Wrote ${path.relative(ROOT, REPORT_FILE)}`);
  }

  const problems = runs.flatMap((run) => [
    ...(run.mismatches > 0 ? [`${run.label}: ${run.mismatches} pages differ from the reference search`] : []),
    ...run.mixes
      .filter(({ result }) => result.errors + result.timeouts + result.non2xx > 0)
      .map(({ mix }) => `${run.label} ${mix.name}: failed requests`),
    ...(run.targets
      ? run.mixes
          .filter(({ result }) => !meetsTargets(result, run.targets!))
          .map(({ mix }) => `${run.label} ${mix.name}: target missed`)
      : []),
    ...(run.streamTargets
      ? (run.streams ?? [])
          .filter((stream) => !meetsStreamTargets(stream, run.streamTargets!))
          .map((stream) => `${run.label} ${stream.name} (${stream.cache}): target missed`)
      : []),
  ]);
  // A run that was refused or never answered measured nothing: it fails, whatever its latency.
  problems.push(
    ...runs.flatMap((run) => [
      ...run.mixes.flatMap(({ mix, result }) => unexercisedLoad(`${run.label} ${mix.name}`, result)),
      ...unexercisedLoad(`${run.label} baseline`, run.baseline.result),
      ...(run.streams ?? []).flatMap((stream) => [
        ...unexercisedLoad(`${run.label} ${stream.name} (${stream.cache})`, stream.result),
        ...unexercisedLoad(`${run.label} floor beside ${stream.name} (${stream.cache})`, stream.floor),
      ]),
    ]),
    ...(embedded
      ? [
          ...unexercisedLoad('PGlite embedded default: random stream', embedded.result),
          ...unexercisedLoad('PGlite embedded default: floor', embedded.floor),
        ]
      : []),
  );
  if (embedded && !(embedded.result.p99 <= embedded.p99TargetMs))
    problems.push(`PGlite embedded default: random stream p99 ${embedded.result.p99.toFixed(1)} ms`);
  log(`Done in ${elapsed(started)}.`);
  if (problems.length > 0) {
    log(`Problems:\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  killAllChildren();
  process.exitCode = 1;
});
