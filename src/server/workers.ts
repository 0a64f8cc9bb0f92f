import cluster, { type Worker } from 'node:cluster';

/** A worker that exits this soon after it started is not started again: it would only fail again. */
const CRASH_LOOP_MS = 10_000;

/**
 * The primary process when WEB_CONCURRENCY > 1: it starts that many server processes, which share
 * the port (node:cluster hands each new connection to the next in turn), starts a new one when one
 * dies, and on SIGTERM or SIGINT passes the signal on and exits once every worker has closed
 * gracefully. Each worker is a whole instance (its own pool, caches and LISTEN connections), as
 * behind a load balancer.
 */
export function superviseWorkers(count: number, log: (message: string) => void): void {
  let stopping = false;
  const startedAt = new Map<Worker, number>();
  const start = () => startedAt.set(cluster.fork(), Date.now());

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (!stopping) {
      log(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`})`);
      if (lived >= CRASH_LOOP_MS) start();
      else log('it exited while starting, so it is not started again');
    }
    if (startedAt.size === 0) process.exit(stopping ? 0 : 1);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of startedAt.keys()) worker.process.kill(signal);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < count; i += 1) start();
}
