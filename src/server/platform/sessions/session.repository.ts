import { and, eq, gt, lt, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema';

export function createSessionRepository(db: Executor) {
  return {
    async insert(row: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(row);
    },

    /** The live session and its user, or nothing if it is unknown or past either expiry. */
    async findLive(idHash: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.idHash, idHash),
            gt(sessions.idleExpiresAt, now),
            gt(sessions.absoluteExpiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },

    async touch(idHash: string, lastSeenAt: Date, idleExpiresAt: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt, idleExpiresAt }).where(eq(sessions.idHash, idHash));
    },

    async delete(idHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
    },

    async deleteAllForUser(userId: string, exceptIdHash?: string): Promise<void> {
      await db
        .delete(sessions)
        .where(
          exceptIdHash
            ? and(eq(sessions.userId, userId), ne(sessions.idHash, exceptIdHash))
            : eq(sessions.userId, userId),
        );
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
