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
import { runLoad, type LoadResult } from './load';
import { deepPagePaths, searchMixes, type Mix } from './mixes';
import { freePort, killAllChildren, startChild, waitForHttp, type Child } from '../support/processes';
import { referenceSearch } from './reference-search';
import { meetsTargets, renderSection, resultsTable, writeSection, type DatabaseRun } from './report';
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
  connections: 10,
  baselineConnections: 5,
  pgBaselineRequests: int('BENCH_BASELINE_REQUESTS', 10),
  pgliteBaselineRequests: int('BENCH_BASELINE_REQUESTS', 25),
  poolSize: env.BENCH_POOL_SIZE,
  only: env.BENCH_ONLY,
  write: env.BENCH_WRITE !== '0',
};
const TARGETS = { p99Ms: 25, rps: 1000 };
const REPORT_FILE = path.join(ROOT, 'docs', 'performance.md');
const TSX_ARGS = ['--import', 'tsx'];

const log = (message: string) => process.stdout.write(`${message}\n`);
const elapsed = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Compares every path's page with the in-memory reference search; returns the number that differ. */
async function checkAgainstReference(origin: string, paths: string[], rows: CarerProfileRow[]) {
  let mismatches = 0;
  for (const requestPath of paths) {
    const response = await fetch(`${origin}${requestPath}`);
    if (!response.ok) throw new Error(`${requestPath}: ${response.status} ${await response.text()}`);
    const actual = (await response.json()) as CarerSearchResult;
    const params = Object.fromEntries(new URL(requestPath, origin).searchParams);
    const expected = referenceSearch(rows, CarerSearchQuery.parse(params));
    const actualIds = actual.items.map((item) => item.id).join(',');
    const expectedIds = expected.rows.map((row) => row.id).join(',');
    if (actualIds !== expectedIds || actual.nextCursor !== expected.nextCursor) {
      mismatches += 1;
      if (mismatches <= 5)
        log(`  MISMATCH ${requestPath}\n    got      ${actualIds}\n    expected ${expectedIds}`);
    }
  }
  return mismatches;
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

/** Waits for the server's start-up housekeeping to rewrite every rank_score, then vacuums. */
async function settleAfterHousekeeping(bench: BenchPostgres, updatesBefore: number) {
  const deadline = Date.now() + 180_000;
  const updates = async () =>
    Number(
      (
        await queryRows<{ n: string }>(
          bench.database,
          sql`select n_tup_upd as n from pg_stat_user_tables where relname = 'carer_profiles'`,
        )
      )[0]?.n ?? 0,
    );
  while (Date.now() < deadline && (await updates()) < updatesBefore + settings.pgCarers) {
    await new Promise((resolve) => setTimeout(resolve, 500));
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
    const [{ n: updatesBefore } = { n: '0' }] = await queryRows<{ n: string }>(
      bench.database,
      sql`select n_tup_upd as n from pg_stat_user_tables where relname = 'carer_profiles'`,
    );

    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-bench-'));
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
    });
    children.push(server);
    const origin = `http://127.0.0.1:${port}`;
    await waitForHttp(`${origin}/readyz`, server, 60_000);
    await settleAfterHousekeeping(bench, Number(updatesBefore));
    log(`  server ready and settled after ${elapsed(started)}`);

    const rows = await bench.database.db.select().from(carerProfiles);
    const mixes = searchMixes(await deepPagePaths(origin));
    const allPaths = mixes.flatMap((mix) => mix.paths);
    const mismatches = await checkAgainstReference(origin, allPaths, rows);
    log(`  ${allPaths.length} pages checked against the reference search: ${mismatches} differ`);

    const measured = await measureMixes(origin, mixes, settings.durationSeconds);

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
      mismatches,
      checkedPaths: allPaths.length,
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
    const rows = (await (await fetch(`${baselineOrigin}/bench/rows`)).json()) as CarerProfileRow[];
    const mixes = searchMixes(await deepPagePaths(origin));
    const allPaths = mixes.flatMap((mix) => mix.paths);
    const mismatches = await checkAgainstReference(origin, allPaths, rows);
    log(`  ${allPaths.length} pages checked against the reference search: ${mismatches} differ`);
    const measured = await measureMixes(origin, mixes, settings.pgliteDurationSeconds);
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
      mismatches,
      checkedPaths: allPaths.length,
    };
  } finally {
    await runner.stop();
    log(`  PGlite part took ${elapsed(started)}`);
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

  const cpus = os.cpus();
  const context = {
    date: new Date(),
    machine: `${cpus.length} CPU cores (${cpus[0]?.model.trim() ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB memory, ${os.type()} ${os.release()}`,
    node: process.version,
    connections: settings.connections,
    warmupSeconds: settings.warmupSeconds,
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
  log(`\n${resultsTable(runs)}\n`);
  if (settings.write) {
    writeSection(REPORT_FILE, renderSection(runs, context, allMixes));
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
  ]);
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
