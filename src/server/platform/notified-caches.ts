import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { registerChangeListener } from './durable-listen';
import { createTtlCache } from './ttl-cache';

/**
 * In-process caches of database rows that any change clears on every instance (decision 0014).
 * The database announces each change on `channel` from the transaction that makes it (triggers,
 * migration 0011), so a copy may be kept much longer than one that only expires. Nothing is kept
 * while the announcements cannot arrive: before the LISTEN starts, and whenever it drops.
 *
 * Each cache stores its load's promise when the load starts, and a notice deletes it: a load that
 * began before a change is never kept after it.
 */
export function createNotifiedCaches({ channel, ttlMs }: { channel: string; ttlMs: number }) {
  const clears: (() => void)[] = [];
  let listening = false;
  const clearAll = () => {
    for (const clear of clears) clear();
  };

  return {
    channel,

    /**
     * A cache of `maxEntries` at most; while not listening, every `get` loads. What it keeps is
     * shared by every request that finds it, so a loaded object is frozen.
     */
    cache<T>(maxEntries: number) {
      const cache = createTtlCache<T>({ ttlMs, maxEntries });
      clears.push(() => cache.clear());
      const frozen = async (load: () => Promise<T>) => {
        const value = await load();
        return value !== null && typeof value === 'object' ? Object.freeze(value) : value;
      };
      return {
        get: (key: string, load: () => Promise<T>): Promise<T> =>
          listening && ttlMs > 0 ? cache.get(key, () => frozen(load)) : load(),
        clear: () => cache.clear(),
      };
    },

    /** Also run on every notice (e.g. a cache kept elsewhere). */
    onChange(clear: () => void) {
      clears.push(clear);
    },

    /** Whether every change is heard now: a cache kept elsewhere keeps nothing while not. */
    isListening: () => listening,

    /** A change notice: every cache is emptied. */
    changed: clearAll,
    /** Listening: notices arrive from now on. */
    resume() {
      clearAll();
      listening = true;
    },
    /** Notices may be missed from now on. */
    suspend() {
      listening = false;
      clearAll();
    },
  };
}
export type NotifiedCaches = ReturnType<typeof createNotifiedCaches>;

/** Listens for `caches`' notices while the app runs (only when some cache relies on them). */
export function registerNotifiedCaches(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'listen'>,
  caches: NotifiedCaches,
  name: string,
) {
  registerChangeListener(app, database, {
    channel: caches.channel,
    name,
    onPayload: () => caches.changed(),
    resume: () => caches.resume(),
    suspend: () => caches.suspend(),
  });
}
