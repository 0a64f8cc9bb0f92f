import { runLoad } from './load';
import { randomSearchParams, searchStream } from './mixes';
import { streamPlaces } from './stream-places';
const places = streamPlaces();
const stream = searchStream(99, (random) => randomSearchParams(random, places));
const requests = [{ setupRequest: (req: { path: string }) => ({ ...req, path: stream.next() }) }];
const result = await runLoad({ origin: process.argv[2]!, requests: requests as never, connections: 10, durationSeconds: Number(process.argv[3] ?? 10) });
console.log(JSON.stringify({ rps: result.rps, p50: result.p50, p99: result.p99, non2xx: result.non2xx, statuses: result.statuses }));
