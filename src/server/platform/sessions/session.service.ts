import { createHmac, randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config';
import type { UserRow } from '../../db/schema';
import type { LiveSession, SessionCache } from './session-cache';
import type { SessionRepository } from './session.repository';

const MINUTE_MS = 60_000;
/**
 * Sliding the idle expiry on every request would write on every request. It slides once a
 * hundredth of the idle period has passed (so a session never loses more than 1% of it), at least
 * a minute and at most 15 minutes apart: every 15 minutes for members (7 days idle), every minute
 * for admins (30 minutes idle). `lastSeenAt` is as precise.
 */
export const touchIntervalMs = (idleMs: number) =>
  Math.min(15 * MINUTE_MS, Math.max(MINUTE_MS, idleMs / 100));

export interface SessionContext {
  userAgent?: string | undefined;
  ipAddress?: string | undefined;
}

export function createSessionService(
  config: AppConfig,
  repository: SessionRepository,
  now: () => Date = () => new Date(),
  /** This instance's copy of recent sessions (decision 0014); none: every lookup reads the database. */
  cache?: SessionCache,
) {
  const hashToken = (token: string) => createHmac('sha256', config.sessionSecret).update(token).digest('hex');

  function lifetimesFor(role: UserRow['role']) {
    const s = config.session;
    return role === 'admin'
      ? { idleMs: s.adminIdleMinutes * MINUTE_MS, absoluteMs: s.adminAbsoluteMinutes * MINUTE_MS }
      : { idleMs: s.idleMinutes * MINUTE_MS, absoluteMs: s.absoluteMinutes * MINUTE_MS };
  }

  return {
    hashToken,

    /** Starts a session and returns the cookie token; only its hash is stored. */
    async start(
      user: Pick<UserRow, 'id' | 'role'>,
      context: SessionContext,
    ): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url'); // 256 bits
      const { idleMs, absoluteMs } = lifetimesFor(user.role);
      const startedAt = now();
      const absoluteExpiresAt = new Date(startedAt.getTime() + absoluteMs);
      await repository.insert({
        idHash: hashToken(token),
        userId: user.id,
        createdAt: startedAt,
        lastSeenAt: startedAt,
        idleExpiresAt: new Date(Math.min(startedAt.getTime() + idleMs, absoluteExpiresAt.getTime())),
        absoluteExpiresAt,
        userAgent: context.userAgent?.slice(0, 512) ?? null,
        ipAddress: context.ipAddress ?? null,
      });
      return { token, expiresAt: absoluteExpiresAt };
    },

    /** Resolves a cookie token to its live session, sliding the idle expiry forward. */
    async resume(token: string): Promise<LiveSession | undefined> {
      if (token.length === 0 || token.length > 128) return undefined;
      const at = now();
      const idHash = hashToken(token);
      let found = cache?.get(idHash, at);
      if (!found) {
        const startedAt = cache?.generation ?? 0;
        found = await repository.findLive(idHash, at);
        if (!found) return undefined;
        cache?.set(found, startedAt);
      }
      const { idleMs } = lifetimesFor(found.user.role);
      if (at.getTime() - found.session.lastSeenAt.getTime() >= touchIntervalMs(idleMs)) {
        const idleExpiresAt = new Date(
          Math.min(at.getTime() + idleMs, found.session.absoluteExpiresAt.getTime()),
        );
        const startedAt = cache?.generation ?? 0;
        await repository.touch(found.session.idHash, at, idleExpiresAt);
        found = { session: { ...found.session, lastSeenAt: at, idleExpiresAt }, user: found.user };
        cache?.set(found, startedAt);
      }
      return found;
    },

    /**
     * The user whose live session `token` is, without sliding its idle expiry: for checks made on
     * the user's behalf (an open event stream), which must not keep an idle session alive.
     */
    async liveUserId(token: string): Promise<string | undefined> {
      if (token.length === 0 || token.length > 128) return undefined;
      const at = now();
      const idHash = hashToken(token);
      const found = cache?.get(idHash, at) ?? (await repository.findLive(idHash, at));
      return found?.user.id;
    },

    /**
     * Forgets this instance's copies of the user's sessions at once. The database's change notice
     * does the same on every instance a moment later; this covers the user's own next request
     * here, which may come before the notice does.
     */
    forgetUser(userId: string): void {
      cache?.forgetUser(userId);
    },

    async end(token: string): Promise<void> {
      const idHash = hashToken(token);
      await repository.delete(idHash);
      cache?.forgetSession(idHash);
    },

    /** The user's live sessions, most recently seen first. */
    listForUser: (userId: string) => repository.listLiveForUser(userId, now()),
    /** Ends one of the user's sessions by its stored hash; false when it was not theirs. */
    async endForUser(userId: string, idHash: string): Promise<boolean> {
      const ended = await repository.deleteForUser(userId, idHash);
      cache?.forgetUser(userId);
      return ended;
    },
    async endAllForUser(userId: string, exceptIdHash?: string): Promise<void> {
      await repository.deleteAllForUser(userId, exceptIdHash);
      cache?.forgetUser(userId);
    },
    deleteExpired: () => repository.deleteExpired(now()),
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
