import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DatabaseHandle, Listening } from '../db/client';

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

interface DurableListenDeps {
  database: Pick<DatabaseHandle, 'listen'>;
  channel: string;
  onPayload: (payload: string) => void;
  log: FastifyBaseLogger;
  /** Names the listener in log lines, e.g. "live events". */
  name: string;
  /** Notices may have been missed from here until the next onUp (the connection dropped). */
  onDown?: () => void;
  /** Listening (again): every notice from now on arrives. */
  onUp?: () => void;
}

/**
 * One LISTEN kept open for the app's life: when its connection drops it reconnects by itself,
 * with exponential back-off and jitter, so many instances do not reconnect in step after a
 * database restart.
 */
export function createDurableListener({
  database,
  channel,
  onPayload,
  log,
  name,
  onDown,
  onUp,
}: DurableListenDeps) {
  let listening: Listening | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let stopped = false;

  async function listen(): Promise<void> {
    try {
      listening = await database.listen(channel, onPayload, (error) => {
        listening = undefined;
        onDown?.();
        log.warn({ err: error }, `${name}: the LISTEN connection dropped; reconnecting`);
        scheduleReconnect();
      });
      if (failures > 0) log.info(`${name}: listening again`);
      failures = 0;
      if (stopped) {
        await listening.close();
        return;
      }
      onUp?.();
    } catch (error) {
      log.error({ err: error }, `${name}: cannot LISTEN; retrying`);
      scheduleReconnect();
    }
  }

  function scheduleReconnect() {
    if (stopped || reconnectTimer) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** failures) * (0.5 + Math.random() / 2);
    failures += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void listen();
    }, delay);
    reconnectTimer.unref();
  }

  return {
    /** Starts listening; if the database refuses, keeps retrying in the background. */
    start: () => listen(),

    /** No more reconnects; UNLISTEN and close the connection. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(reconnectTimer);
      const current = listening;
      listening = undefined;
      onDown?.();
      await current?.close();
    },
  };
}
export type DurableListener = ReturnType<typeof createDurableListener>;

/**
 * A durable listener for the app's life: it starts once the app is ready and stops when it
 * closes. For the caches that are trusted only while they hear the database's change notices
 * (decision 0014): `suspend` when notices may be missed, `resume` when they arrive again.
 */
export function registerChangeListener(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'listen'>,
  {
    channel,
    name,
    onPayload,
    resume,
    suspend,
  }: {
    channel: string;
    name: string;
    onPayload: (payload: string) => void;
    resume: () => void;
    suspend: () => void;
  },
): void {
  const listener = createDurableListener({
    database,
    channel,
    onPayload,
    log: app.log,
    name,
    onUp: resume,
    onDown: suspend,
  });
  app.addHook('onReady', () => listener.start());
  app.addHook('onClose', () => listener.stop());
}
