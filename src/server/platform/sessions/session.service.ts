import { createHmac, randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config';
import type { SessionRow, UserRow } from '../../db/schema';
import type { SessionRepository } from './session.repository';

const MINUTE_MS = 60_000;
/** Sliding the idle expiry on every request would write on every request; once a minute is enough. */
const TOUCH_INTERVAL_MS = MINUTE_MS;

export interface SessionContext {
  userAgent?: string | undefined;
  ipAddress?: string | undefined;
}

export function createSessionService(
  config: AppConfig,
  repository: SessionRepository,
  now: () => Date = () => new Date(),
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
    async resume(token: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      if (token.length === 0 || token.length > 128) return undefined;
      const at = now();
      const found = await repository.findLive(hashToken(token), at);
      if (!found) return undefined;
      if (at.getTime() - found.session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
        const { idleMs } = lifetimesFor(found.user.role);
        const idleExpiresAt = new Date(
          Math.min(at.getTime() + idleMs, found.session.absoluteExpiresAt.getTime()),
        );
        await repository.touch(found.session.idHash, at, idleExpiresAt);
      }
      return found;
    },

    async end(token: string): Promise<void> {
      await repository.delete(hashToken(token));
    },

    /** The user's live sessions, most recently seen first. */
    listForUser: (userId: string) => repository.listLiveForUser(userId, now()),
    /** Ends one of the user's sessions by its stored hash; false when it was not theirs. */
    endForUser: (userId: string, idHash: string) => repository.deleteForUser(userId, idHash),
    endAllForUser: (userId: string, exceptIdHash?: string) =>
      repository.deleteAllForUser(userId, exceptIdHash),
    deleteExpired: () => repository.deleteExpired(now()),
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
