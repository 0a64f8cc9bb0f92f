import type { FastifyBaseLogger } from 'fastify';

export interface HousekeepingTask {
  name: string;
  run(): Promise<unknown>;
  /** How often it runs; by default the interval given to `startHousekeeping` (hourly). */
  intervalMs?: number;
}

const HOUR_MS = 3_600_000;

/**
 * Runs idempotent background tasks (expired sessions, old sign-in failures, the email outbox) at
 * start and then on their interval. Tasks sharing an interval run one after another, and a round
 * still going when the next is due is skipped rather than doubled. Every instance may run them:
 * deleting what is already gone is harmless, and the outbox claims its rows with SKIP LOCKED.
 */
export function startHousekeeping(tasks: HousekeepingTask[], log: FastifyBaseLogger, intervalMs = HOUR_MS) {
  const groups = new Map<number, HousekeepingTask[]>();
  for (const task of tasks) {
    const every = task.intervalMs ?? intervalMs;
    groups.set(every, [...(groups.get(every) ?? []), task]);
  }

  const timers = [...groups].map(([every, group]) => {
    let running = false;
    const runAll = async () => {
      if (running) return;
      running = true;
      try {
        for (const task of group) {
          try {
            await task.run();
          } catch (error) {
            log.warn({ err: error, task: task.name }, 'housekeeping task failed');
          }
        }
      } finally {
        running = false;
      }
    };
    void runAll();
    const timer = setInterval(() => void runAll(), every);
    timer.unref();
    return timer;
  });
  return () => timers.forEach((timer) => clearInterval(timer));
}
