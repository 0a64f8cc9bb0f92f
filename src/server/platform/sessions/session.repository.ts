import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema';

/**
 * Ends every session of the user but `exceptIdHash`, inside the caller's transaction: the one
 * way a feature ends sessions (a password change, a suspension, a promotion to admin).
 */
export async function endSessionsOf(db: Executor, userId: string, exceptIdHash?: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      exceptIdHash
        ? and(eq(sessions.userId, userId), ne(sessions.idHash, exceptIdHash))
        : eq(sessions.userId, userId),
    )
    .returning({ userId: sessions.userId });
  return ended.length;
}

export function createSessionRepository(db: Executor) {
  // Every signed-in request runs this one: built once, not per request.
  const findLiveStatement = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        gt(sessions.idleExpiresAt, sql.placeholder('now')),
        gt(sessions.absoluteExpiresAt, sql.placeholder('now')),
        isNull(users.suspendedAt),
      ),
    )
    .limit(1)
    .prepare('');

  return {
    async insert(row: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(row);
    },

    /**
     * The live session and its user, or nothing if it is unknown, past either expiry, or its
     * account is suspended (suspension also deletes the sessions; this covers a race).
     */
    async findLive(idHash: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const [row] = await findLiveStatement.execute({ idHash, now });
      return row;
    },

    /** The user's live sessions, most recently seen first (the settings page lists them). */
    async listLiveForUser(userId: string, now: Date): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            gt(sessions.idleExpiresAt, now),
            gt(sessions.absoluteExpiresAt, now),
          ),
        )
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
    },

    /** Ends one session of one user; false when it was not theirs or had already ended. */
    async deleteForUser(userId: string, idHash: string): Promise<boolean> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.idHash, idHash)))
        .returning({ idHash: sessions.idHash });
      return deleted.length > 0;
    },

    async touch(idHash: string, lastSeenAt: Date, idleExpiresAt: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt, idleExpiresAt }).where(eq(sessions.idHash, idHash));
    },

    async delete(idHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
    },

    async deleteAllForUser(userId: string, exceptIdHash?: string): Promise<void> {
      await endSessionsOf(db, userId, exceptIdHash);
    },

    async deleteExpired(now: Date): Promise<number> {
      const deleted = await db
        .delete(sessions)
        .where(or(lt(sessions.idleExpiresAt, now), lt(sessions.absoluteExpiresAt, now)))
        .returning({ idHash: sessions.idHash });
      return deleted.length;
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
