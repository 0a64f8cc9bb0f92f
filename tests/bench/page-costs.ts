// `npx tsx tests/bench/page-costs.ts <database url> [dist/<name>/main.js]`: what one request of each
// of the Timesheets and Invoices pages' reads costs, one request at a time (no queueing), on a
// database seeded by tests/bench/seed-load-database.ts: the server's CPU and the database backends'
// CPU per request (from /proc, PostgreSQL on this host), and the time per request. Figures that a
// busy machine moves much less than the mixed load's latencies. Writes to the database: the
// server's housekeeping may approve the seeded timesheets due. The measuring starts once the
// server's start-up housekeeping is over (its CPU idle for a second). PAGE_COSTS_NODE_ARGS passes
// flags to the server's node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"); PAGE_COSTS_KINDS picks
// the kinds ("timesheets,invoice"); PAGE_COSTS_ROUNDS measures each kind that many times.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { freePort, killAllChildren, startChild, waitForHttp } from '../support/processes';
import { signInBenchUsers } from './seed-people';

const [url, bundle = 'dist/server/main.js'] = process.argv.slice(2);
if (!url) throw new Error('usage: page-costs.ts <database url> [bundle]');
const REQUESTS = Number(process.env.PAGE_COSTS_REQUESTS ?? 300);
const ROUNDS = Number(process.env.PAGE_COSTS_ROUNDS ?? 1);
const NODE_ARGS = (process.env.PAGE_COSTS_NODE_ARGS ?? '').split(' ').filter(Boolean);
const pool = new pg.Pool({ connectionString: url, max: 2 });
const db = drizzle(pool) as unknown as Database;

const cpuOf = (pid: number): number => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
};
/**
 * The CPU the database's backends used since `start()`: sampled every 100 ms, because the pool
 * closes idle connections and a backend's figures go with its process.
 */
function databaseCpuMeter() {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let timer: NodeJS.Timeout | undefined;
  const sample = async () => {
    const { rows } = await pool.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) {
      const cpu = cpuOf(pid);
      if (!first.has(pid)) first.set(pid, timer ? 0 : cpu);
      last.set(pid, Math.max(cpu, last.get(pid) ?? 0));
    }
  };
  return {
    async start() {
      first.clear();
      last.clear();
      await sample();
      timer = setInterval(() => void sample().catch(() => {}), 100);
    },
    async stop(): Promise<number> {
      clearInterval(timer);
      timer = undefined;
      await sample();
      return [...last].reduce((sum, [pid, cpu]) => sum + cpu - (first.get(pid) ?? 0), 0);
    },
  };
}

/** Waits until the server's CPU stays idle for a second (start-up housekeeping done). */
async function quiet(pid: number) {
  for (let tries = 0; tries < 240; tries += 1) {
    const before = cpuOf(pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (cpuOf(pid) - before < 0.02) return;
  }
}

const records = (
  await pool.query<{ id: string; kind: string; carer: string; customer: string }>(
    `select id, 'timesheet' as kind, carer_user_id as carer, customer_id as customer from timesheets
     union all select id, 'invoice', carer_user_id, customer_id from invoices where kind = 'invoice'
     order by 1`,
  )
).rows;
const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-page-costs-'));
// As `npm run bench:load` does: PostgreSQL over its Unix socket when it is on this host.
const socketDir = '/var/run/postgresql';
const serverUrl = new URL(url);
if (fs.existsSync(path.join(socketDir, `.s.PGSQL.${serverUrl.port || 5432}`))) {
  serverUrl.searchParams.set('host', socketDir);
}
const serverEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: serverUrl.href,
  SESSION_SECRET: randomBytes(32).toString('hex'),
  PAYMENTS_PROVIDER: 'demo',
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
};
const config = loadConfig(serverEnv);
const customers = await signInBenchUsers(
  db,
  config,
  [...new Set(records.map((r) => r.customer))],
  'customer',
);
const carers = await signInBenchUsers(db, config, [...new Set(records.map((r) => r.carer))], 'carer');
const server = startChild('server', process.execPath, [...NODE_ARGS, bundle], {
  PATH: process.env.PATH,
  ...serverEnv,
});
try {
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/readyz`, server, 60_000);
  await quiet(server.process.pid!);
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const kinds = {
    // A signed-in request that reads nothing but the (cached) session: the floor of the others.
    user: () => '/api/auth/user',
    timesheets: (r: (typeof records)[number]) => (r.kind === 'timesheet' ? '/api/timesheets' : null),
    timesheet: (r: (typeof records)[number]) => (r.kind === 'timesheet' ? `/api/timesheets/${r.id}` : null),
    invoices: (r: (typeof records)[number]) => (r.kind === 'invoice' ? '/api/invoices' : null),
    invoice: (r: (typeof records)[number]) => (r.kind === 'invoice' ? `/api/invoices/${r.id}` : null),
  };
  const chosen = (process.env.PAGE_COSTS_KINDS ?? Object.keys(kinds).join(',')).split(',');
  const meter = databaseCpuMeter();
  console.log(`${bundle}: ${REQUESTS} requests of each kind, one at a time (60% family, 40% carer)`);
  console.log('kind        server CPU ms  database CPU ms  ms per request (mean, p50)  bytes');
  for (let round = 0; round < ROUNDS; round += 1)
    for (const [kind, pathOf] of Object.entries(kinds).filter(([name]) => chosen.includes(name))) {
      let bytes = 0;
      const run = async (count: number) => {
        const times: number[] = [];
        while (times.length < count) {
          const record = records[Math.floor(random() * records.length)]!;
          const urlPath = pathOf(record);
          if (!urlPath) continue;
          const cookie = random() < 0.4 ? carers.get(record.carer)! : customers.get(record.customer)!;
          const started = performance.now();
          const response = await fetch(`${origin}${urlPath}`, {
            headers: { cookie, accept: 'application/json' },
          });
          bytes += (await response.arrayBuffer()).byteLength;
          if (response.status !== 200) throw new Error(`${urlPath}: ${response.status}`);
          times.push(performance.now() - started);
        }
        return times;
      };
      await run(30);
      bytes = 0;
      const serverBefore = cpuOf(server.process.pid!);
      await meter.start();
      const times = await run(REQUESTS);
      const serverMs = ((cpuOf(server.process.pid!) - serverBefore) * 1000) / REQUESTS;
      const databaseMs = ((await meter.stop()) * 1000) / REQUESTS;
      const sorted = [...times].sort((a, b) => a - b);
      const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
      console.log(
        `${kind.padEnd(12)}${serverMs.toFixed(2).padStart(13)}${databaseMs.toFixed(2).padStart(17)}` +
          `   ${mean.toFixed(1)}, ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)}`.padEnd(30) +
          `${Math.round(bytes / REQUESTS)}`,
      );
    }
} finally {
  await server.stop();
  await pool.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
  killAllChildren();
}
