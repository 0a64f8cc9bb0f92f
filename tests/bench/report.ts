import fs from 'node:fs';
import type { Mix } from './mixes';
import type { LoadResult } from './load';

export const SECTION_TITLE = '## Carer search (issue 3)';

export interface Targets {
  p99Ms: number;
  rps: number;
}

export interface DatabaseRun {
  /** 'PostgreSQL' or 'PGlite'. */
  label: string;
  /** Version and settings, for the report. */
  server: string;
  carers: number;
  activeCarers: number;
  /** How the server under test ran. */
  howServed: string;
  targets: Targets | undefined;
  mixes: { mix: Mix; result: LoadResult }[];
  baseline: { connections: number; paths: number; result: LoadResult };
  /** Paths whose page differed from the reference (in-memory) search: must be 0. */
  mismatches: number;
  checkedPaths: number;
  /** The random streams, each beside the floor of the same server. */
  streams?: StreamRun[];
  streamTargets?: StreamTargets;
}

export interface StreamTargets {
  p99Ms: number;
  /** The stream's req/s as a share of the floor's (/healthz on the same server). */
  floorShare: number;
}

export interface StreamRun {
  name: string;
  /** How the server kept answers: 'answer cache on (30 s)', 'no answer cache'. */
  cache: string;
  /** /healthz on the same server, same connections, same run. */
  floor: LoadResult;
  result: LoadResult;
}

/** The PGlite embedded default (demo data) under the random stream. */
export interface EmbeddedRun {
  floor: LoadResult;
  result: LoadResult;
  listed: number;
  more: boolean;
  p99TargetMs: number;
}

/**
 * The targets (decision 0025): p99 for every stream; the share of the floor for the random stream only
 * (`near` alone has a p99 target, "a near search p99 ≤ 25 ms at 10 and 50 miles").
 */
export function meetsStreamTargets(stream: StreamRun, targets: StreamTargets): boolean {
  return (
    failures(stream.result) === 0 &&
    stream.result.p99 <= targets.p99Ms &&
    (stream.name !== 'random stream' || stream.result.rps >= targets.floorShare * stream.floor.rps)
  );
}

/** The random streams beside their floors, with the issue's targets. */
export function streamsTable(runs: DatabaseRun[], embedded?: EmbeddedRun): string {
  const lines = [
    '| Database | Stream | Server | p50 ms | p99 ms | req/s | floor req/s | floor p99 ms | share of floor | errors | target met |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |',
  ];
  const row = (label: string, stream: StreamRun, met: string) => {
    const { result, floor } = stream;
    lines.push(
      `| ${label} | ${stream.name} | ${stream.cache} | ${ms(result.p50)} | ${ms(result.p99)} | ${perSecond(result.rps)} | ` +
        `${perSecond(floor.rps)} | ${ms(floor.p99)} | ${((100 * result.rps) / floor.rps).toFixed(1)}% | ${failures(result)} | ${met} |`,
    );
  };
  for (const run of runs) {
    for (const stream of run.streams ?? []) {
      const met = run.streamTargets
        ? meetsStreamTargets(stream, run.streamTargets)
          ? 'yes'
          : '**no**'
        : 'no target';
      row(run.label, stream, met);
    }
  }
  if (embedded) {
    row(
      'PGlite (embedded default, demo data)',
      {
        name: 'random stream',
        cache: 'demo mode (no answer cache)',
        floor: embedded.floor,
        result: embedded.result,
      },
      failures(embedded.result) === 0 && embedded.result.p99 <= embedded.p99TargetMs ? 'yes' : '**no**',
    );
  }
  return lines.join('\n');
}

export interface ReportContext {
  date: Date;
  machine: string;
  node: string;
  connections: number;
  warmupSeconds: number;
  streamWarmupSeconds: number;
  durations: Record<string, number>;
  rerun: string;
  totalSeconds: number;
}

const ms = (value: number) =>
  !Number.isFinite(value)
    ? 'n/a'
    : value >= 1000
      ? Math.round(value).toLocaleString('en-GB')
      : value.toFixed(value < 10 ? 2 : 1);
const perSecond = (value: number) =>
  value >= 100 ? Math.round(value).toLocaleString('en-GB') : value.toFixed(value >= 10 ? 1 : 2);
const times = (value: number) =>
  value >= 100 ? `${Math.round(value).toLocaleString('en-GB')}×` : `${value.toFixed(1)}×`;
const failures = (result: LoadResult) => result.errors + result.timeouts + result.non2xx;

export function meetsTargets(result: LoadResult, targets: Targets): boolean {
  return failures(result) === 0 && result.p99 <= targets.p99Ms && result.rps >= targets.rps;
}

export function resultsTable(runs: DatabaseRun[]): string {
  const lines = [
    '| Database | Mix | p50 ms | p99 ms | req/s | requests | errors | target met | p99 vs baseline | req/s vs baseline |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | :---: | ---: | ---: |',
  ];
  for (const run of runs) {
    for (const { mix, result } of run.mixes) {
      const met = run.targets ? (meetsTargets(result, run.targets) ? 'yes' : '**no**') : 'no target';
      lines.push(
        `| ${run.label} | ${mix.name} | ${ms(result.p50)} | ${ms(result.p99)} | ${perSecond(result.rps)} | ` +
          `${result.requests.toLocaleString('en-GB')} | ${failures(result)} | ${met} | ` +
          `${times(run.baseline.result.p99 / result.p99)} lower | ${times(result.rps / run.baseline.result.rps)} |`,
      );
    }
  }
  return lines.join('\n');
}

function baselineTable(runs: DatabaseRun[]): string {
  const lines = [
    '| Database | carers loaded per request | connections | p50 ms | p99 ms | req/s | requests | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const run of runs) {
    const { result, connections } = run.baseline;
    lines.push(
      `| ${run.label} | ${run.carers.toLocaleString('en-GB')} | ${connections} | ${ms(result.p50)} | ` +
        `${ms(result.p99)} | ${perSecond(result.rps)} | ${result.requests} | ${failures(result)} |`,
    );
  }
  return lines.join('\n');
}

function summary(run: DatabaseRun): string {
  const worstP99 = Math.max(...run.mixes.map(({ result }) => result.p99));
  const lowestRps = Math.min(...run.mixes.map(({ result }) => result.rps));
  const verdict = run.targets
    ? run.mixes.every(({ result }) => meetsTargets(result, run.targets!))
      ? `every mix meets the targets (p99 ≤ ${run.targets.p99Ms} ms, ≥ ${run.targets.rps.toLocaleString('en-GB')} req/s)`
      : `**some mixes miss the targets** (p99 ≤ ${run.targets.p99Ms} ms, ≥ ${run.targets.rps.toLocaleString('en-GB')} req/s)`
    : 'no target (embedded demo database)';
  return (
    `- **${run.label}** (${run.carers.toLocaleString('en-GB')} carers): ${verdict}; worst p99 ${ms(worstP99)} ms, ` +
    `lowest ${perSecond(lowestRps)} req/s. Baseline p99 ${ms(run.baseline.result.p99)} ms at ` +
    `${perSecond(run.baseline.result.rps)} req/s: the worst mix's p99 is ${times(run.baseline.result.p99 / worstP99)} lower ` +
    `and the slowest mix serves ${times(lowestRps / run.baseline.result.rps)} the requests per second. ` +
    `Pages checked against the in-memory reference search: ${run.checkedPaths}, differing: ${run.mismatches}.`
  );
}

export function renderSection(
  runs: DatabaseRun[],
  context: ReportContext,
  mixes: Mix[],
  embedded?: EmbeddedRun,
): string {
  const durations = Object.entries(context.durations)
    .map(([label, seconds]) => `${seconds} s on ${label}`)
    .join(', ');
  return `${SECTION_TITLE}

_Generated by \`npm run bench:search\` on ${context.date.toISOString().slice(0, 16).replace('T', ' ')} UTC
in ${Math.round(context.totalSeconds)} s; a rerun replaces this section._

**Machine:** ${context.machine}; Node ${context.node}. The database server, the app
server and the load generator share the machine's cores.

${runs.map((run) => `- ${run.label}: ${run.server}. ${run.howServed}`).join('\n')}

**Data:** ${runs.map((run) => `${run.label} ${run.carers.toLocaleString('en-GB')} carers (${run.activeCarers.toLocaleString('en-GB')} active)`).join(', ')},
seeded set-based (\`tests/bench/seed.ts\`): ${'~'}140 UK towns weighted by population, with counties and real
postcode districts (80% of locations 'Town, County', 20% just 'Town'); every specialization,
experience level, qualification and availability option; rates £12-£35; 25% without reviews, the
rest 1-66 reviews rated 3-5; ~90% active, ~80% verified, ~60% with a photo; a home postcode in
one of its town's districts, the home kept at the district's built-in centre (its area's town where
the geocoder only knows the area; decision 0032), 1% without a place;
travel 1-50 miles (mostly 5-25, 2% unsaid); a weekly grid giving back its availability tags; then
\`rank_score\` from \`rankScoreSql\` and \`VACUUM ANALYZE\`. On PostgreSQL the server's own start-up
housekeeping rewrites every \`rank_score\` once more; the run waits for it and vacuums again.

**Method:** \`GET /api/carers\` with autocannon, ${context.connections} connections, per mix a
${context.warmupSeconds} s warm-up then ${durations}; each connection rotates through the mix's
paths request by request. Latency percentiles come from every response's own timing. Before the
load, every path's page (ids and \`nextCursor\`) is compared with the in-memory reference search
(\`tests/bench/reference-search.ts\`), so the numbers are for correct answers.

**Baseline** (the spec's original design): the same paths, but each request loads every carer
(\`SELECT * FROM carer_profiles\` through Drizzle, as the spec's \`GET /api/test/carers\` did) and
filters, sorts and pages in Node (\`tests/bench/baseline-server.ts\`, a bench-only server on the same
database). It is far slower, so it runs a fixed number of requests at fewer connections.

### Summary

${runs.map(summary).join('\n')}

### Random stream (issue 19)

Every request draws its own search from a seeded generator (\`randomSearchParams\` in
\`tests/bench/mixes.ts\`): where (a town, a postcode district or a full postcode as the location
text, a county or part of a name, \`near\` a town, district or full postcode with \`within\` 5, 10,
25, 50 or the default, or nowhere), a care type, an availability tag, a day and part of the day, a
rate window, the order and the page size, each drawn on its own, so the answer cache rarely holds
the answer. "near, within N miles" draws only the place. Each stream runs beside the floor: the
same server's \`/healthz\`, same connections, measured just before. A stream's first
${context.streamWarmupSeconds} s are a warm-up, not measured (the code paths a stream takes are compiled while it
runs; cards are made when the search index is read, \`carer-cards.ts\`). Targets (PostgreSQL): p99 ≤ 25
ms and ≥ 10% of the floor's req/s; PGlite embedded default (\`node dist/server/main.js\` with no
database configured, demo data): p99 ≤ 50 ms. Before the load, samples of the streams (other
seeds) are checked against the reference search like the mixes' paths.

${streamsTable(runs, embedded)}
${embedded ? `\nThe embedded default lists ${embedded.listed}${embedded.more ? '+' : ''} demo carers.\n` : ''}
### Results

${resultsTable(runs)}

"p99 vs baseline" is the baseline's p99 divided by the mix's; "req/s vs baseline" the mix's
requests per second divided by the baseline's.

### Baseline

${baselineTable(runs)}

### Mixes

${mixes.map((mix) => `- **${mix.name}**: ${mix.description} (${mix.paths.length} paths).`).join('\n')}

### How to rerun

\`\`\`sh
${context.rerun}
\`\`\`

It builds the server, creates \`cm_bench_<random>\` on the server of \`BENCH_DATABASE_URL\`
(default \`postgres://postgres@127.0.0.1:5432/test\`, used only as the admin connection), seeds,
starts \`node dist/server/main.js\` (\`NODE_ENV=production\`, \`LOG_LEVEL=warn\`) on it, measures, and
drops the database. The PGlite run is a child process (\`tests/bench/server-runner.ts\` under
\`node --import tsx\`) that seeds an in-memory PGlite and serves \`buildApp\` from
\`src/server/app.ts\` with the test configuration, since production mode requires \`DATABASE_URL\`.
Settings: \`BENCH_DATABASE_URL\`, \`BENCH_PG_CARERS\` (100000), \`BENCH_PGLITE_CARERS\` (10000),
\`BENCH_DURATION\` (10 s per mix on PostgreSQL), \`BENCH_PGLITE_DURATION\` (10), \`BENCH_WARMUP\` (2), \`BENCH_STREAM_WARMUP\` (10, before each random stream),
\`BENCH_BASELINE_REQUESTS\` (10 on PostgreSQL, 25 on PGlite), \`BENCH_POOL_SIZE\` (the server's
\`DATABASE_POOL_SIZE\`, default the app's), \`BENCH_ONLY=postgres|pglite\`, \`BENCH_WRITE=0\` to leave
this file alone. It exits non-zero if a page differs from the reference, a request fails, or a
PostgreSQL mix misses its target.
`;
}

/**
 * Replaces the section starting with the `## ` heading `title` (up to the next `## ` heading) in
 * the file, or adds it at the end; creates the file.
 */
export function writeSection(file: string, section: string, title = SECTION_TITLE): void {
  const header =
    '# Performance\n\nMeasurements of CareMatch on its reference machine, and how to repeat them.\n';
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : header;
  const start = existing.indexOf(`${title}\n`);
  let next: string;
  if (start === -1) {
    next = `${existing.trimEnd()}\n\n${section}`;
  } else {
    const after = existing.indexOf('\n## ', start + title.length);
    const rest = after === -1 ? '' : existing.slice(after + 1);
    next = `${existing.slice(0, start)}${section}${rest ? `\n${rest}` : ''}`;
  }
  fs.writeFileSync(file, `${next.trimEnd()}\n`);
}
