// `npx tsx tests/bench/stream-quick.ts <origin> [seconds]`: the floor (/healthz) and the random
// stream against a server already running (e.g. `node dist/server/main.js` on a database left by
// seed-database.ts), for trying a change without the whole `npm run bench:search`.
import os from 'node:os';
import type autocannon from 'autocannon';
import { runLoad } from './load';
import { randomSearchParams, searchStream } from './mixes';
import { streamPlaces } from './stream-places';

const origin = process.argv[2];
if (!origin) throw new Error('usage: stream-quick.ts <origin> [seconds]');
const seconds = Number(process.argv[3] ?? 10);
const connections = 10;

const show = (name: string, r: { p50: number; p99: number; rps: number }) =>
  console.log(
    `${name.padEnd(14)} p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ${Math.round(r.rps)} req/s  (load ${os.loadavg()[0]!.toFixed(1)})`,
  );

await runLoad({ origin, paths: ['/healthz'], connections, durationSeconds: 2 });
const floor = await runLoad({ origin, paths: ['/healthz'], connections, durationSeconds: seconds });
show('floor', floor);
const stream = searchStream(7, (random) => randomSearchParams(random, streamPlaces()));
const requests: autocannon.Request[] = [
  { method: 'GET', setupRequest: (request) => ({ ...request, path: stream.next() }) },
];
await runLoad({ origin, requests, connections, durationSeconds: 5 });
const result = await runLoad({ origin, requests, connections, durationSeconds: seconds });
show('random stream', result);
console.log(`share of floor ${((100 * result.rps) / floor.rps).toFixed(1)}%`);
