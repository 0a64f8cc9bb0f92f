// `npx tsx tests/bench/stream-cpu.ts <database url> <server bundle>... [options]`: the server's CPU
// time per random-stream search, read from /proc/<pid>/stat before and after each round, and the
// load generator's own (process.cpuUsage). Each bundle (dist/server/main.js, or another build made
// with `node scripts/build-server.mjs --outfile dist/<name>/main.js`) gets its own production
// server on a seeded database (tests/bench/seed-database.ts); rounds alternate between them, so
// the machine's other load falls on each alike: CPU a request moves less with that load than
// req/s does. Also prints the mean size of an answer. Options: --amount N (requests a round,
// instead of --seconds N), --rounds N, --connections N, --cache S (SEARCH_CACHE_SECONDS),
// --floor S (/healthz for S seconds before each round: the share of the floor), --perf <dir> (a
// `perf record` of each measured round), --cpu-prof <dir> (a V8 CPU profile of each server's run).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { freePort } from '../support/processes';
import { runLoad } from './load';
import { randomSearchParams, searchStream } from './mixes';
import { streamPlaces } from './stream-places';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(args[at + 1]);
  args.splice(at, 2);
  return value;
};
const seconds = option('--seconds', 10);
const rounds = option('--rounds', 3);
const cacheSeconds = option('--cache', 30);
const amount = option('--amount', 0);
const connections = option('--connections', 10);
/** Seconds of /healthz (the floor) before each stream round; 0: none. */
const floorSeconds = option('--floor', 0);
// `--perf <dir>`: each measured round is sampled with `perf record -e cpu-clock` (JavaScript
// frames named through --perf-basic-prof), one file per bundle and round in <dir>.
const perfAt = args.indexOf('--perf');
const perfDir = perfAt === -1 ? undefined : args.splice(perfAt, 2)[1];
// `--cpu-prof <dir>`: each server writes a V8 CPU profile of its whole run to <dir> when it stops.
const cpuProfAt = args.indexOf('--cpu-prof');
const cpuProfDir = cpuProfAt === -1 ? undefined : args.splice(cpuProfAt, 2)[1];
const nodeFlags = [
  ...(perfDir ? ['--perf-basic-prof'] : []),
  ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []),
];
const [databaseUrl, ...bundles] = args;
if (!databaseUrl || bundles.length === 0) throw new Error('usage: stream-cpu.ts <database url> <bundle>...');

const TICK_MS = 1000 / 100; // USER_HZ

function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

async function start(bundle: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeFlags, bundle], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PAYMENTS_PROVIDER: 'demo',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEARCH_CACHE_SECONDS: String(cacheSeconds),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cm-cpu-')),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${bundle} not ready`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return child;
}

/** Waits until the process uses under 2% of a core over 3 s (at most 5 minutes). */
async function idle(pid: number) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const before = cpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    if (cpuMs(pid) - before < 60 || Date.now() > deadline) return;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const servers: {
  bundle: string;
  child: ChildProcess;
  origin: string;
  seed: number;
  perRequest: number[];
  generatorPerRequest: number[];
}[] = [];
try {
  for (const bundle of bundles) {
    const port = await freePort();
    servers.push({
      bundle,
      child: await start(bundle, port),
      origin: `http://127.0.0.1:${port}`,
      seed: 100,
      perRequest: [],
      generatorPerRequest: [],
    });
  }
  // The index's first read, the cards made ahead and the housekeeping: wait until each server idles.
  for (const server of servers) await idle(server.child.pid!);
  for (const server of servers) {
    // The same 300 searches of the stream for each bundle: the mean size of an answer's body.
    const sample = searchStream(1, (random) => randomSearchParams(random, streamPlaces()));
    let bytes = 0;
    for (let i = 0; i < 300; i++) {
      const response = await fetch(`${server.origin}${sample.next()}`, {
        headers: { 'accept-encoding': 'identity' },
      });
      bytes += (await response.arrayBuffer()).byteLength;
    }
    console.log(`${server.bundle}: ${Math.round(bytes / 300)} bytes an answer (mean of 300)`);
  }
  for (let round = 0; round <= rounds; round++) {
    for (const server of servers) {
      const stream = searchStream(server.seed++, (random) => randomSearchParams(random, streamPlaces()));
      const requests: autocannon.Request[] = [
        { method: 'GET', setupRequest: (request) => ({ ...request, path: stream.next() }) },
      ];
      const floor =
        floorSeconds > 0
          ? await runLoad({
              origin: server.origin,
              paths: ['/healthz'],
              connections,
              durationSeconds: floorSeconds,
            })
          : undefined;
      const perf =
        perfDir && round > 0
          ? spawn(
              'perf',
              [
                'record',
                '-q',
                '-e',
                'cpu-clock',
                '-F',
                '999',
                '-g',
                '-p',
                String(server.child.pid),
                '-o',
                path.join(perfDir, `${path.basename(path.dirname(server.bundle))}-${round}.data`),
              ],
              { stdio: 'ignore' },
            )
          : undefined;
      if (perf) await new Promise((resolve) => setTimeout(resolve, 500));
      const before = cpuMs(server.child.pid!);
      const generatorBefore = process.cpuUsage();
      const result = await runLoad({
        origin: server.origin,
        requests,
        connections,
        ...(amount > 0 ? { amount } : { durationSeconds: seconds }),
      });
      const used = cpuMs(server.child.pid!) - before;
      const generator = process.cpuUsage(generatorBefore);
      const generatorMs = (generator.user + generator.system) / 1000;
      if (perf) {
        const done = new Promise((resolve) => perf.once('exit', resolve));
        perf.kill('SIGINT');
        await done;
      }
      const line = `${round === 0 ? 'warm-up' : `round ${round}`} ${server.bundle.padEnd(22)} ${(used / result.requests).toFixed(3)} ms CPU/req (generator ${(generatorMs / result.requests).toFixed(3)})  ${Math.round(result.rps)} req/s  p50 ${result.p50.toFixed(2)}  p99 ${result.p99.toFixed(2)}  non2xx ${result.non2xx}${floor ? `  floor ${Math.round(floor.rps)} req/s, share ${((100 * result.rps) / floor.rps).toFixed(1)}%` : ''}  load ${os.loadavg()[0]!.toFixed(1)}`;
      console.log(line);
      if (round > 0) {
        server.perRequest.push(used / result.requests);
        server.generatorPerRequest.push(generatorMs / result.requests);
      }
    }
  }
  for (const server of servers) {
    console.log(
      `${server.bundle}: median ${median(server.perRequest).toFixed(3)} ms CPU/req, min ${Math.min(...server.perRequest).toFixed(3)} (${server.perRequest.length} rounds); generator median ${median(server.generatorPerRequest).toFixed(3)} ms/req`,
    );
  }
} finally {
  for (const server of servers) server.child.kill('SIGTERM');
}
