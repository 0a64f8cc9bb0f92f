import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import type { SessionRow, UserRow } from '../../db/schema';
import { registerChangeListener } from '../durable-listen';

/** Where migration 0011's triggers announce changes to users and sessions: the user's id. */
export const SESSION_CHANGE_CHANNEL = 'carematch_sessions';

export type LiveSession = { session: SessionRow; user: UserRow };

/**
 * This instance's copy of recently seen sessions with their users (decision 0014), so a signed-in
 * request need not read them from the database every time.
 *
 * It is only ever trusted while the database's change notices reach this instance: `resume()`
 * is called once listening starts, and `suspend()` (which forgets everything) as soon as the
 * listening connection drops. A notice names a user; every copy of their sessions goes.
 *
 * A lookup racing a notice must not put back what the notice removed: `generation` moves on with
 * every notice, and a session read from the database before the latest notice about its user (or
 * about itself, or before everything was forgotten) is not kept.
 */
export function createSessionCache({
  ttlMs,
  maxEntries,
  now = () => Date.now(),
}: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}) {
  const entries = new Map<string, { found: LiveSession; cachedAt: number }>();
  const hashesByUser = new Map<string, Set<string>>();
  let active = false;
  let generation = 0;
  // When each user or session was last forgotten, and everything (`forgetAll`, or to bound these maps).
  const userForgottenAt = new Map<string, number>();
  const sessionForgottenAt = new Map<string, number>();
  let allForgottenAt = 0;
  const MAX_FORGOTTEN = 10_000;
  const isEnabled = () => ttlMs > 0 && active;

  function remove(idHash: string) {
    const entry = entries.get(idHash);
    if (!entry) return;
    entries.delete(idHash);
    const hashes = hashesByUser.get(entry.found.user.id);
    hashes?.delete(idHash);
    if (hashes?.size === 0) hashesByUser.delete(entry.found.user.id);
  }

  function forgetAll() {
    generation += 1;
    allForgottenAt = generation;
    entries.clear();
    hashesByUser.clear();
    userForgottenAt.clear();
    sessionForgottenAt.clear();
  }

  function mark(map: Map<string, number>, key: string) {
    generation += 1;
    // Forgetting everything instead is always safe: it only costs a few database reads.
    if (map.size >= MAX_FORGOTTEN) forgetAll();
    else map.set(key, generation);
  }

  const forgottenSince = (found: LiveSession, startedAt: number) =>
    allForgottenAt > startedAt ||
    (userForgottenAt.get(found.user.id) ?? 0) > startedAt ||
    (sessionForgottenAt.get(found.session.idHash) ?? 0) > startedAt;

  return {
    get enabled() {
      return isEnabled();
    },

    /** Where a lookup starts: pass it to `set` with what the lookup found. */
    get generation() {
      return generation;
    },

    /** The copy of this session if it is recent and still within both expiries at `at`. */
    get(idHash: string, at: Date): LiveSession | undefined {
      if (!isEnabled()) return undefined;
      const entry = entries.get(idHash);
      if (!entry) return undefined;
      const { session } = entry.found;
      if (now() - entry.cachedAt >= ttlMs || session.idleExpiresAt <= at || session.absoluteExpiresAt <= at) {
        remove(idHash);
        return undefined;
      }
      return entry.found;
    },

    /** Keeps what a lookup begun at `startedAt` (a `generation`) found, unless a notice came since. */
    set(found: LiveSession, startedAt: number): void {
      if (!isEnabled() || forgottenSince(found, startedAt)) return;
      const idHash = found.session.idHash;
      remove(idHash);
      if (entries.size >= maxEntries) remove(entries.keys().next().value as string);
      // Shared by every request that finds it: frozen, so no request can change another's view.
      const copy = { session: Object.freeze({ ...found.session }), user: Object.freeze({ ...found.user }) };
      entries.set(idHash, { found: copy, cachedAt: now() });
      const hashes = hashesByUser.get(found.user.id) ?? new Set<string>();
      hashes.add(idHash);
      hashesByUser.set(found.user.id, hashes);
    },

    /** This instance ended the session itself: its copy goes at once. */
    forgetSession(idHash: string): void {
      mark(sessionForgottenAt, idHash);
      remove(idHash);
    },

    /** A change notice: every copy of this user's sessions goes. */
    forgetUser(userId: string): void {
      mark(userForgottenAt, userId);
      for (const idHash of hashesByUser.get(userId) ?? []) entries.delete(idHash);
      hashesByUser.delete(userId);
    },

    /** Notices arrive from now on. */
    resume(): void {
      forgetAll();
      active = true;
    },

    /** Notices may be missed from now on: nothing held can be trusted, and nothing more is kept. */
    suspend(): void {
      active = false;
      forgetAll();
    },

    get size() {
      return entries.size;
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * Keeps `cache` in step with the database while the app runs: it listens for change notices once
 * the app is ready, and trusts nothing it holds whenever it is not listening.
 */
export function registerSessionCache(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'listen'>,
  cache: SessionCache,
) {
  registerChangeListener(app, database, {
    channel: SESSION_CHANGE_CHANNEL,
    name: 'session cache',
    onPayload: (userId) => cache.forgetUser(userId),
    resume: () => cache.resume(),
    suspend: () => cache.suspend(),
  });
}
