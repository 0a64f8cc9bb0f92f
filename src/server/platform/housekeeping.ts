import type { FastifyBaseLogger } from 'fastify';

export interface HousekeepingTask {
  name: string;
  run(): Promise<unknown>;
}

const HOUR_MS = 3_600_000;

/**
 * Runs idempotent clean-up tasks (expired sessions, old sign-in failures) at start and hourly.
 * Every instance may run them; deleting what is already gone is harmless.
 */
export function startHousekeeping(tasks: HousekeepingTask[], log: FastifyBaseLogger, intervalMs = HOUR_MS) {
  const runAll = async () => {
    for (const task of tasks) {
      try {
        await task.run();
      } catch (error) {
        log.warn({ err: error, task: task.name }, 'housekeeping task failed');
      }
    }
  };
  void runAll();
  const timer = setInterval(() => void runAll(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
