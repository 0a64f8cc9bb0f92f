import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailVerificationTokens, users, type UserRow } from '../../db/schema';
import { staleTokens, usableToken } from './single-use-tokens';

export function createEmailVerificationRepository(db: Executor) {
  const t = emailVerificationTokens;
  return {
    async insert(values: {
      userId: string;
      email: string;
      tokenHash: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(t).values(values);
    },

    /**
     * Spends a token in one statement: only an unused, unexpired token is marked used, so of two
     * requests racing with one token exactly one gets it back.
     */
    async consume(tokenHash: string, at: Date): Promise<{ userId: string; email: string } | undefined> {
      const [row] = await db
        .update(t)
        .set({ usedAt: at })
        .where(usableToken(t, tokenHash, at))
        .returning({ userId: t.userId, email: t.email });
      return row;
    },

    /**
     * Marks the account's address proved, only while it is still the address the link went to
     * (case aside); the first proof's time is kept. Every outstanding link of the account is spent.
     */
    async markVerified(userId: string, email: string, at: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`,
          updatedAt: at,
        })
        .where(and(eq(users.id, userId), sql`lower(${users.email}) = lower(${email})`))
        .returning();
      if (row) {
        await db
          .update(t)
          .set({ usedAt: at })
          .where(and(eq(t.userId, userId), isNull(t.usedAt)));
      }
      return row;
    },

    /** Retention: links used or expired before `before`. */
    async deleteStale(before: Date): Promise<number> {
      const deleted = await db.delete(t).where(staleTokens(t, before)).returning({ id: t.id });
      return deleted.length;
    },
  };
}
export type EmailVerificationRepository = ReturnType<typeof createEmailVerificationRepository>;
