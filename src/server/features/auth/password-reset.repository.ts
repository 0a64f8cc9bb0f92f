import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { staleTokens, usableToken } from './single-use-tokens';
import { endSessionsOf } from '../../platform/sessions/session.repository';

export function createPasswordResetRepository(db: Executor) {
  const t = passwordResetTokens;
  return {
    async insert(values: {
      userId: string;
      tokenHash: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(t).values(values);
    },

    /** The account an unused, unexpired token belongs to (without spending it). */
    async findUsable(tokenHash: string, at: Date): Promise<{ userId: string; email: string } | undefined> {
      const [row] = await db
        .select({ userId: t.userId, email: users.email })
        .from(t)
        .innerJoin(users, eq(users.id, t.userId))
        .where(usableToken(t, tokenHash, at))
        .limit(1);
      return row;
    },

    /**
     * Spends a token in one statement: only an unused, unexpired token is marked used, so of two
     * requests racing with one token exactly one gets the user id back.
     */
    async consume(tokenHash: string, at: Date): Promise<string | undefined> {
      const [row] = await db
        .update(t)
        .set({ usedAt: at })
        .where(usableToken(t, tokenHash, at))
        .returning({ userId: t.userId });
      return row?.userId;
    },

    /** Marks every other outstanding token of the user used (a reset, a password or email change). */
    async invalidateForUser(userId: string, at: Date): Promise<void> {
      await db
        .update(t)
        .set({ usedAt: at })
        .where(and(eq(t.userId, userId), isNull(t.usedAt)));
    },

    /** The new password; a reset link opened also proves the address (decision 0019), so it counts as confirmed. */
    async setPassword(userId: string, passwordHash: string, at: Date): Promise<void> {
      await db
        .update(users)
        .set({
          passwordHash,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`,
          updatedAt: at,
        })
        .where(eq(users.id, userId));
    },

    async deleteSessionsOf(userId: string): Promise<void> {
      await endSessionsOf(db, userId);
    },

    /** Retention: tokens used or expired before `before`. */
    async deleteStale(before: Date): Promise<number> {
      const deleted = await db.delete(t).where(staleTokens(t, before)).returning({ id: t.id });
      return deleted.length;
    },
  };
}
export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
