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
export function superviseWorkers(
  count: number,
  log: (message: string) => void,
  /** INSTANCE_ID: each worker is then `<id>-1`, `<id>-2`… (the X-Instance header), a new one taking its place's. */
  instanceId?: string,
): void {
  let stopping = false;
  const running = new Map<Worker, { slot: number; startedAt: number }>();
  const start = (slot: number) =>
    running.set(cluster.fork(instanceId ? { INSTANCE_ID: `${instanceId}-${slot}` } : {}), {
      slot,
      startedAt: Date.now(),
    });

  cluster.on('exit', (worker, code, signal) => {
    const { slot, startedAt } = running.get(worker) ?? { slot: 0, startedAt: 0 };
    running.delete(worker);
    if (!stopping) {
      log(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`})`);
      if (Date.now() - startedAt >= CRASH_LOOP_MS) start(slot);
      else log('it exited while starting, so it is not started again');
    }
    if (running.size === 0) process.exit(stopping ? 0 : 1);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of running.keys()) worker.process.kill(signal);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  for (let slot = 1; slot <= count; slot += 1) start(slot);
}
