import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginFailures } from '../../db/schema';

export function createLoginFailureRepository(db: Executor) {
  return {
    async record(emailKey: string, ipAddress: string, failedAt: Date): Promise<void> {
      await db.insert(loginFailures).values({ emailKey, ipAddress, failedAt });
    },

    /** How many failures since `since`, and when the oldest of them happened. */
    async countSince(
      emailKey: string,
      ipAddress: string,
      since: Date,
    ): Promise<{ failures: number; oldest: Date | null }> {
      const [row] = await db
        .select({ failures: count(), oldest: min(loginFailures.failedAt) })
        .from(loginFailures)
        .where(
          and(
            eq(loginFailures.emailKey, emailKey),
            eq(loginFailures.ipAddress, ipAddress),
            gt(loginFailures.failedAt, since),
          ),
        );
      return { failures: row?.failures ?? 0, oldest: row?.oldest ?? null };
    },

    async clear(emailKey: string, ipAddress: string): Promise<void> {
      await db
        .delete(loginFailures)
        .where(and(eq(loginFailures.emailKey, emailKey), eq(loginFailures.ipAddress, ipAddress)));
    },

    async deleteOlderThan(before: Date): Promise<void> {
      await db.delete(loginFailures).where(lt(loginFailures.failedAt, before));
    },
  };
}
export type LoginFailureRepository = ReturnType<typeof createLoginFailureRepository>;
