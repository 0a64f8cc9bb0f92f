// `npm run bench:load`: a mixed, signed-in workload against the production build
// on real PostgreSQL. Carer search 62%, carer profiles 18%, timesheets and invoices 10% (the
// pages' reads: lists and one of each), messaging 10% (inbox, thread, send),
// with autocannon at 50 connections for 60 s after a warm-up, while the server's RSS is sampled
// every second. Writes its section of docs/performance.md; exits 1 when a target is missed
// (any error or non-2xx, p99 at or over 100 ms, RSS growth of 10% or more, a sent message missing).

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config';
import {
  createBenchPostgres,
  DEFAULT_BENCH_DATABASE_URL,
  describePostgres,
  queryRows,
} from './bench-database';
import { unexercisedMixedLoad } from './exercised';
import { runLoad, type LoadResult } from './load';
import { deepPagePaths, searchMixes } from './mixes';
import { freePort, killAllChildren, startChild, waitForHttp } from '../support/processes';
import { writeSection } from './report';
import { seedBenchCarers } from './seed';
import { seedBenchInvoicing, type SeededInvoicing } from './seed-invoicing';
import { seedBenchPeople, signInBenchUsers, type SeededConversation } from './seed-people';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REPORT_FILE = path.join(ROOT, 'docs', 'performance.md');
const SECTION_TITLE = '## Mixed load, signed in (issue 9)';
const env = process.env;
const int = (name: string, fallback: number) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
};

/**
 * The app and PostgreSQL share this machine, so the server talks to it over the Unix socket when
 * there is one, as docs/deploy.md advises for a one-host setup: a TCP round trip over loopback
 * costs this sandbox about a third more CPU per request.
 */
const LOCAL_SOCKET_DIR = '/var/run/postgresql';
const defaultDatabaseUrl = fs.existsSync(path.join(LOCAL_SOCKET_DIR, '.s.PGSQL.5432'))
  ? `postgres://postgres@localhost:5432/test?host=${LOCAL_SOCKET_DIR}`
  : DEFAULT_BENCH_DATABASE_URL;

const settings = {
  adminUrl: env.BENCH_DATABASE_URL ?? defaultDatabaseUrl,
  carers: int('BENCH_LOAD_CARERS', 20_000),
  customers: int('BENCH_LOAD_CUSTOMERS', 500),
  conversationsEach: int('BENCH_LOAD_CONVERSATIONS', 4),
  messagesEach: int('BENCH_LOAD_MESSAGES', 12),
  weeks: int('BENCH_LOAD_WEEKS', 8),
  connections: int('BENCH_LOAD_CONNECTIONS', 50),
  durationSeconds: int('BENCH_LOAD_DURATION', 60),
  warmupSeconds: int('BENCH_LOAD_WARMUP', 60),
  write: env.BENCH_WRITE !== '0',
};
const TARGETS = { p99Ms: 100, rssGrowth: 0.1 };

const log = (message: string) => process.stdout.write(`${message}\n`);

// ---------------------------------------------------------------------------------------------
// The workload: one autocannon request that chooses itself each time (setupRequest).

type Kind =
  'search' | 'profile' | 'timesheets' | 'timesheet' | 'invoices' | 'invoice' | 'inbox' | 'thread' | 'send';
const KINDS: Kind[] = [
  'search',
  'profile',
  'timesheets',
  'timesheet',
  'invoices',
  'invoice',
  'inbox',
  'thread',
  'send',
];

interface WorkloadData {
  searchPaths: string[];
  carerIds: string[];
  conversations: SeededConversation[];
  customerCookies: Map<string, string>;
  carerCookies: Map<string, string>;
  invoicing: SeededInvoicing;
}

/** A small deterministic generator (mulberry32), so two runs send the same mix. */
function random32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function createWorkload(data: WorkloadData, seed = 9) {
  const random = random32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const everyone = [...data.customerCookies.values(), ...data.carerCookies.values()];
  const latencies = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
  const counts = new Map<Kind, number>(KINDS.map((kind) => [kind, 0]));
  /** Ids of the messages whose POST answered 201: each must be in the database afterwards. */
  const sentIds: string[] = [];
  let lastKind: Kind = 'search';
  let sent = 0;

  const request: autocannon.Request = {
    setupRequest(base, context) {
      const state = context as { kind?: Kind };
      const draw = random();
      let kind: Kind;
      let urlPath: string;
      let cookie: string;
      let body: string | undefined;
      if (draw < 0.62) {
        kind = 'search';
        urlPath = pick(data.searchPaths);
        cookie = pick(everyone);
      } else if (draw < 0.8) {
        kind = 'profile';
        urlPath = `/api/carers/${pick(data.carerIds)}`;
        cookie = pick(everyone);
      } else if (draw < 0.9) {
        // The Timesheets and Invoices pages' reads, by either side (families more often).
        const what = random();
        const record = what < 0.5 ? pick(data.invoicing.timesheetIds) : pick(data.invoicing.invoiceIds);
        cookie =
          random() < 0.4
            ? data.carerCookies.get(record.carerUserId)!
            : data.customerCookies.get(record.customerId)!;
        if (what < 0.3) {
          kind = 'timesheets';
          urlPath = '/api/timesheets';
        } else if (what < 0.5) {
          kind = 'timesheet';
          urlPath = `/api/timesheets/${record.id}`;
        } else if (what < 0.8) {
          kind = 'invoices';
          urlPath = '/api/invoices';
        } else {
          kind = 'invoice';
          urlPath = `/api/invoices/${record.id}`;
        }
      } else {
        const conversation = pick(data.conversations);
        // Customers write most; carers read and answer too.
        const asCarer = random() < 0.3;
        cookie = asCarer
          ? data.carerCookies.get(conversation.carerUserId)!
          : data.customerCookies.get(conversation.customerId)!;
        const what = random();
        if (what < 0.4) {
          kind = 'inbox';
          urlPath = '/api/conversations';
        } else if (what < 0.75) {
          kind = 'thread';
          urlPath = `/api/conversations/${conversation.id}`;
        } else {
          kind = 'send';
          urlPath = `/api/conversations/${conversation.id}/messages`;
          sent += 1;
          body = JSON.stringify({ content: `Load test message ${sent}: are Tuesday mornings still free?` });
        }
      }
      state.kind = kind;
      counts.set(kind, counts.get(kind)! + 1);
      return {
        ...base,
        method: body === undefined ? 'GET' : 'POST',
        path: urlPath,
        headers: {
          accept: 'application/json',
          cookie,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body }),
      };
    },
    onResponse(status, body, context) {
      lastKind = (context as { kind?: Kind }).kind ?? 'search';
      if (lastKind === 'send' && status === 201) sentIds.push((JSON.parse(body) as { id: string }).id);
    },
  };

  return {
    request,
    /** For runLoad's onResponse: the response just recorded belongs to `lastKind`. */
    record(_status: number, responseTimeMs: number) {
      latencies.get(lastKind)!.push(responseTimeMs);
    },
    latencies,
    counts,
    sentIds,
    reset() {
      for (const list of latencies.values()) list.length = 0;
      for (const kind of KINDS) counts.set(kind, 0);
      sentIds.length = 0;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Server memory and machine load, every second.

/** The server and, with WEB_CONCURRENCY > 1, its worker processes. */
function processTree(pid: number): number[] {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return [pid, ...(children ? children.split(' ').map(Number) : []).flatMap(processTree)];
  } catch {
    return []; // gone
  }
}

function rssOf(pid: number): number {
  let total = 0;
  for (const each of processTree(pid)) {
    const status = fs.readFileSync(`/proc/${each}/status`, 'utf8');
    total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) * 1024;
  }
  return total;
}

/** CPU seconds (user + system) the server's processes have used so far. */
function cpuSecondsOf(pid: number): number {
  let total = 0;
  for (const each of processTree(pid)) {
    const fields = fs.readFileSync(`/proc/${each}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    total += (Number(fields[11]) + Number(fields[12])) / 100;
  }
  return total;
}

/** CPU seconds of one process, or undefined once it is gone (or not on this host). */
function ownCpuSecondsOf(pid: number): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * The CPU the bench database's PostgreSQL backends use while sampled (PostgreSQL on this host
 * only): what the server's own CPU leaves out, the statements' work. A backend that starts while
 * sampled counts from its start, one that ends counts to its last sample.
 */
function startDatabaseSampler(bench: { database: Parameters<typeof queryRows>[0] }) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = async (initial: boolean) => {
    const rows = await queryRows<{ pid: number }>(
      bench.database,
      sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    for (const { pid } of rows) {
      const seconds = ownCpuSecondsOf(pid);
      if (seconds === undefined) continue;
      if (!first.has(pid)) first.set(pid, initial ? seconds : 0);
      last.set(pid, seconds);
    }
  };
  const ready = sample(true).catch(() => {});
  const timer = setInterval(() => void sample(false).catch(() => {}), 1000);
  return {
    async stop(): Promise<number> {
      clearInterval(timer);
      await ready;
      await sample(false).catch(() => {});
      let total = 0;
      for (const [pid, seconds] of last) total += seconds - (first.get(pid) ?? 0);
      return total;
    },
  };
}

function startSampler(pid: number) {
  const cpuBefore = cpuSecondsOf(pid);
  const rss: number[] = [];
  const load: number[] = [];
  const sample = () => {
    rss.push(rssOf(pid));
    load.push(os.loadavg()[0]!);
  };
  sample();
  const timer = setInterval(sample, 1000);
  return {
    stop() {
      clearInterval(timer);
      return { rss, load, cpuSeconds: cpuSecondsOf(pid) - cpuBefore };
    },
  };
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

// ---------------------------------------------------------------------------------------------
// Report.

const ms = (value: number) =>
  !Number.isFinite(value) ? 'n/a' : value >= 100 ? value.toFixed(0) : value.toFixed(1);
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

interface Outcome {
  result: LoadResult;
  byKind: { kind: Kind; count: number; p50: number; p99: number }[];
  rss: number[];
  load: number[];
  /** The server process's CPU time per request (user + system), in ms: the load-independent cost. */
  cpuMsPerRequest: number;
  /** The bench database's PostgreSQL backends' CPU time per request, in ms (0: not on this host). */
  databaseCpuMsPerRequest: number;
  rssFirst: number;
  rssLast: number;
  rssGrowth: number;
  sentOk: number;
  sentMissing: number;
  fiveHundreds: number;
  problems: string[];
}

function renderSection(
  outcome: Outcome,
  context: { server: string; app: string; data: string; seconds: number },
) {
  const cpus = os.cpus();
  const { result } = outcome;
  const statuses = Object.entries(result.statuses)
    .map(([status, count]) => `${status}: ${count.toLocaleString('en-GB')}`)
    .join(', ');
  const verdict =
    outcome.problems.length === 0 ? 'every target met' : `**target missed**: ${outcome.problems.join('; ')}`;
  const kindNames: Record<Kind, string> = {
    search: 'search `GET /api/carers?…`',
    profile: 'profile `GET /api/carers/:id`',
    timesheets: 'timesheets `GET /api/timesheets`',
    timesheet: 'timesheet `GET /api/timesheets/:id`',
    invoices: 'invoices `GET /api/invoices`',
    invoice: 'invoice `GET /api/invoices/:id`',
    inbox: 'inbox `GET /api/conversations`',
    thread: 'thread `GET /api/conversations/:id`',
    send: 'send `POST /api/conversations/:id/messages`',
  };
  return `${SECTION_TITLE}

_Generated by \`npm run bench:load\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
in ${Math.round(context.seconds)} s; a rerun replaces this section._

**Targets** (issue 9 point 6): 50 connections for ${settings.durationSeconds} s, 0 errors, 0 5xx, p99 under
${TARGETS.p99Ms} ms, server RSS growth under ${TARGETS.rssGrowth * 100}% between the mean of the first and of the last
10 seconds. Result: ${verdict}.

**Machine:** ${cpus.length} CPU cores (${cpus[0]?.model.trim() ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB memory; Node ${process.version}.
The database server, the app server and the load generator share these cores, and other work ran on the
machine at the same time: **load average during the run ${mean(outcome.load).toFixed(1)} (min ${Math.min(...outcome.load).toFixed(1)}, max ${Math.max(...outcome.load).toFixed(1)})**
on ${cpus.length} cores, so these figures are pessimistic and move from run to run.

- PostgreSQL: ${context.server}. The app: \`node dist/server/main.js\` (production build,
  ${context.app}; every other setting its production default).
- **Data:** ${context.data}.

**Method:** autocannon, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ${settings.durationSeconds} s measured. Every request
chooses itself (\`tests/bench/mixed-load.ts\`, fixed seed): 62% carer search (the ${'`'}bench:search${'`'} mixes' paths,
deep pages included), 18% a carer's profile (2,000 listed carers), 10% the Timesheets and Invoices pages' reads by
one side of a seeded arrangement (60% its family, 40% its carer; ${settings.weeks} weeks of timesheets each, invoices for the
approved ones, \`tests/bench/seed-invoicing.ts\`): 30% the timesheet list, 20% one timesheet, 30% the invoice list,
20% one invoice; 10% messaging by a participant of a seeded
conversation (70% its customer, 30% its carer): 40% inbox, 35% thread, 25% a new message. Every request
carries the session cookie of one of the signed-in users (sessions made by the app's own session service).
After the run, every message whose POST answered 201 is looked up in the database.

### Results

| requests | req/s | p50 ms | p99 ms | max ms | errors | timeouts | 5xx | non-2xx | RSS first 10 s | RSS last 10 s | RSS growth |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
| ${result.requests.toLocaleString('en-GB')} | ${Math.round(result.rps).toLocaleString('en-GB')} | ${ms(result.p50)} | ${ms(result.p99)} | ${ms(result.max)} | ${result.errors} | ${result.timeouts} | ${outcome.fiveHundreds} | ${result.non2xx} | ${mib(outcome.rssFirst)} | ${mib(outcome.rssLast)} | ${(outcome.rssGrowth * 100).toFixed(1)}% |

Statuses: ${statuses}. The server process used ${outcome.cpuMsPerRequest.toFixed(2)} ms of CPU per request
(user + system, from \`/proc\`), and PostgreSQL's backends of the bench database ${outcome.databaseCpuMsPerRequest.toFixed(2)} ms:
figures that depend much less than latency on what else runs on the machine. Messages sent with 201: ${outcome.sentOk.toLocaleString('en-GB')}, missing from the database afterwards: ${outcome.sentMissing}.

| kind | share | requests | p50 ms | p99 ms |
| --- | ---: | ---: | ---: | ---: |
${outcome.byKind
  .map(
    (row) =>
      `| ${kindNames[row.kind]} | ${((row.count / Math.max(1, result.requests)) * 100).toFixed(1)}% | ${row.count.toLocaleString('en-GB')} | ${ms(row.p50)} | ${ms(row.p99)} |`,
  )
  .join('\n')}

Server RSS, one sample a second (MiB): ${outcome.rss.map((bytes) => (bytes / 2 ** 20).toFixed(0)).join(' ')}.

### How to rerun

\`\`\`sh
npm run bench:load
\`\`\`

It builds the server, creates \`cm_bench_<random>\` on the server of \`BENCH_DATABASE_URL\` (default
\`postgres://postgres@127.0.0.1:5432/test\`, used only as the admin connection), seeds it
(\`tests/bench/seed.ts\`, \`tests/bench/seed-people.ts\`), signs the users in, starts the server, measures,
stops it and drops the database. Settings: \`BENCH_LOAD_CARERS\` (20000), \`BENCH_LOAD_CUSTOMERS\` (500),
\`BENCH_LOAD_CONVERSATIONS\` (4 per customer), \`BENCH_LOAD_MESSAGES\` (12 per conversation), \`BENCH_LOAD_WEEKS\` (8 weeks of timesheets per arrangement),
\`BENCH_LOAD_CONNECTIONS\` (50), \`BENCH_POOL_SIZE\` (the server's \`DATABASE_POOL_SIZE\`), \`BENCH_LOAD_DURATION\` (60), \`BENCH_LOAD_WARMUP\` (60), \`BENCH_SKIP_BUILD=1\`,
\`BENCH_SERVER_ENV\` (more server settings, e.g. \`"WEB_CONCURRENCY=1 SEARCH_CACHE_SECONDS=2"\`), \`BENCH_WRITE=0\` to leave this file alone. It exits 1 when a target is missed.
`;
}

// ---------------------------------------------------------------------------------------------

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
  log(`Creating a bench database on ${new URL(settings.adminUrl).host}`);
  const bench = await createBenchPostgres(settings.adminUrl);
  let server: ReturnType<typeof startChild> | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-load-'));
  try {
    await seedBenchCarers(bench.database.db, settings.carers);
    const people = await seedBenchPeople(bench.database.db, settings);
    const invoicing = await seedBenchInvoicing(bench.database.db, settings);
    const [counts] = await queryRows<{
      carers: string;
      users: string;
      conversations: string;
      messages: string;
      timesheets: string;
      invoices: string;
    }>(
      bench.database,
      sql`select (select count(*) from carer_profiles) as carers, (select count(*) from users) as users,
        (select count(*) from conversations) as conversations, (select count(*) from messages) as messages,
        (select count(*) from timesheets) as timesheets, (select count(*) from invoices) as invoices`,
    );
    log(`  seeded ${JSON.stringify(counts)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const port = await freePort();
    const serverEnv = {
      NODE_ENV: 'production',
      DATABASE_URL: bench.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PAYMENTS_PROVIDER: 'demo',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      ...(env.BENCH_POOL_SIZE ? { DATABASE_POOL_SIZE: env.BENCH_POOL_SIZE } : {}),
      // WEB_CONCURRENCY is left at its default, 1: PostgreSQL and the load generator share this
      // host's cores, and one server process did better here than one per core (decision 0015).
      // BENCH_SERVER_ENV, e.g. `WEB_CONCURRENCY=1 SEARCH_CACHE_SECONDS=2`: other server settings.
      ...Object.fromEntries(
        (env.BENCH_SERVER_ENV ?? '')
          .split(' ')
          .filter(Boolean)
          .map((pair) => pair.split('=', 2) as [string, string]),
      ),
    };
    const config = loadConfig(serverEnv);
    const customerCookies = await signInBenchUsers(bench.database.db, config, people.customerIds, 'customer');
    const carerCookies = await signInBenchUsers(bench.database.db, config, people.carerUserIds, 'carer');
    log(`  signed in ${customerCookies.size} customers and ${carerCookies.size} carers`);

    // BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: where the server's time goes.
    const nodeArgs = (env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const serverStarted = Date.now();
    server = startChild('server', process.execPath, [...nodeArgs, 'dist/server/main.js'], {
      PATH: env.PATH,
      ...serverEnv,
    });
    const origin = `http://127.0.0.1:${port}`;
    await waitForHttp(`${origin}/readyz`, server, 60_000);
    const carerIds = (
      await queryRows<{ id: string }>(
        bench.database,
        sql`select id from carer_profiles where is_active and is_verified and listed_until > now() order by md5(id::text) limit 2000`,
      )
    ).map((row) => row.id);
    const searchPaths = searchMixes(await deepPagePaths(origin)).flatMap((mix) => mix.paths);
    const workload = createWorkload({
      searchPaths,
      carerIds,
      conversations: people.conversations,
      customerCookies,
      carerCookies,
      invoicing,
    });

    log(`  warm-up ${settings.warmupSeconds} s`);
    const warm = await runLoad({
      origin,
      requests: [workload.request],
      connections: settings.connections,
      durationSeconds: settings.warmupSeconds,
      onResponse: workload.record,
    });
    log(
      `  warm-up: ${Math.round(warm.rps)} req/s, p99 ${ms(warm.p99)} ms, statuses ${JSON.stringify(warm.statuses)}`,
    );
    workload.reset();

    log(`  measuring ${settings.durationSeconds} s at ${settings.connections} connections`);
    const measuredFrom = Date.now() - serverStarted;
    const sampler = startSampler(server.process.pid!);
    const databaseSampler = startDatabaseSampler(bench);
    const result = await runLoad({
      origin,
      requests: [workload.request],
      connections: settings.connections,
      durationSeconds: settings.durationSeconds,
      onResponse: workload.record,
    });
    const { rss, load, cpuSeconds } = sampler.stop();
    const databaseCpuSeconds = await databaseSampler.stop();

    const sentIds = [...workload.sentIds];
    const found = sentIds.length
      ? Number(
          (
            await queryRows<{ n: string }>(
              bench.database,
              sql`select count(*) as n from messages where id = any(${sql.raw(`array[${sentIds.map((id) => `'${id}'::uuid`).join(',')}]`)})`,
            )
          )[0]?.n ?? 0,
        )
      : 0;
    const rssFirst = mean(rss.slice(0, 10));
    const rssLast = mean(rss.slice(-10));
    const fiveHundreds = Object.entries(result.statuses)
      .filter(([status]) => Number(status) >= 500)
      .reduce((sum, [, count]) => sum + count, 0);
    const outcome: Outcome = {
      result,
      byKind: KINDS.map((kind) => {
        const sorted = [...workload.latencies.get(kind)!].sort((a, b) => a - b);
        return { kind, count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
      }),
      rss,
      load,
      cpuMsPerRequest: (cpuSeconds * 1000) / Math.max(1, result.requests),
      databaseCpuMsPerRequest: (databaseCpuSeconds * 1000) / Math.max(1, result.requests),
      rssFirst,
      rssLast,
      rssGrowth: (rssLast - rssFirst) / rssFirst,
      sentOk: sentIds.length,
      sentMissing: sentIds.length - found,
      fiveHundreds,
      problems: [],
    };
    // Refused or unanswered traffic measured nothing: said first, whatever the latency.
    outcome.problems.push(...unexercisedMixedLoad(result, sentIds.length));
    if (result.errors > 0) outcome.problems.push(`${result.errors} errors`);
    if (result.timeouts > 0) outcome.problems.push(`${result.timeouts} timeouts`);
    if (result.non2xx > 0) outcome.problems.push(`${result.non2xx} non-2xx (${fiveHundreds} 5xx)`);
    if (!(result.p99 < TARGETS.p99Ms)) outcome.problems.push(`p99 ${ms(result.p99)} ms`);
    if (!(outcome.rssGrowth < TARGETS.rssGrowth))
      outcome.problems.push(`RSS grew ${(outcome.rssGrowth * 100).toFixed(1)}%`);
    if (outcome.sentMissing > 0) outcome.problems.push(`${outcome.sentMissing} sent messages missing`);

    log(
      `  ${result.requests} requests, ${Math.round(result.rps)} req/s, p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms, ` +
        `max ${ms(result.max)} ms, statuses ${JSON.stringify(result.statuses)}, errors ${result.errors}, timeouts ${result.timeouts}`,
    );
    for (const row of outcome.byKind)
      log(`    ${row.kind.padEnd(8)} ${row.count} requests, p50 ${ms(row.p50)} ms, p99 ${ms(row.p99)} ms`);
    log(
      `  RSS ${mib(rssFirst)} → ${mib(rssLast)} (${(outcome.rssGrowth * 100).toFixed(1)}%), load average ${mean(load).toFixed(1)}`,
    );
    // Each second, to set beside the server's --trace-gc lines (ms since it started).
    log(
      `  RSS MiB from ${(measuredFrom / 1000).toFixed(1)} s after the server started: ${rss.map((bytes) => (bytes / 2 ** 20).toFixed(0)).join(' ')}`,
    );
    log(
      `  server CPU ${outcome.cpuMsPerRequest.toFixed(2)} ms per request, database CPU ${outcome.databaseCpuMsPerRequest.toFixed(2)} ms`,
    );
    log(`  messages sent with 201: ${sentIds.length}, missing: ${outcome.sentMissing}`);

    if (settings.write) {
      const data =
        `${Number(counts?.carers).toLocaleString('en-GB')} carers (\`tests/bench/seed.ts\`), ${people.customerIds.length} customers with an active ` +
        `Annual plan, ${Number(counts?.conversations).toLocaleString('en-GB')} conversations with ${Number(counts?.messages).toLocaleString('en-GB')} messages ` +
        `(\`tests/bench/seed-people.ts\`), ${Number(counts?.timesheets).toLocaleString('en-GB')} timesheets and ` +
        `${Number(counts?.invoices).toLocaleString('en-GB')} invoices (\`tests/bench/seed-invoicing.ts\`); ` +
        `${customerCookies.size + carerCookies.size} signed-in users ` +
        `(${customerCookies.size} customers, ${carerCookies.size} carers)`;
      writeSection(
        REPORT_FILE,
        renderSection(outcome, {
          server: await describePostgres(bench.database),
          app: Object.entries(serverEnv)
            .filter(
              ([name]) => !['DATABASE_URL', 'SESSION_SECRET', 'PORT', 'HOST', 'DATA_DIR'].includes(name),
            )
            .map(([name, value]) => `${name}=${value}`)
            .join(', '),
          data,
          seconds: (Date.now() - started) / 1000,
        }),
        SECTION_TITLE,
      );
      log(`Wrote ${path.relative(ROOT, REPORT_FILE)}`);
    }
    if (outcome.problems.length > 0) {
      log(`TARGET MISSED: ${outcome.problems.join('; ')}`);
      process.exitCode = 1;
    } else {
      log('Every target met.');
    }
  } finally {
    await server?.stop();
    await bench.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  killAllChildren();
  process.exitCode = 1;
});
