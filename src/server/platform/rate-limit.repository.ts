import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimitCounters } from '../db/schema';

export function createRateLimitRepository(db: Executor) {
  return {
    /**
     * Counts one hit in one statement, so concurrent hits from any number of instances never lose a
     * count: the first hit (or the first after the window has passed) starts a window of `windowMs`
     * with 1, every other hit adds 1. Returns the count including this hit and when the window ends.
     */
    async hit(
      bucket: string,
      key: string,
      at: Date,
      windowMs: number,
    ): Promise<{ hits: number; windowStart: Date; expiresAt: Date }> {
      const t = rateLimitCounters;
      // In ON CONFLICT DO UPDATE, the table's columns are the stored row and `excluded` is this hit.
      const windowOver = sql`${t.expiresAt} <= excluded.window_start`;
      const [row] = await db
        .insert(t)
        .values({ bucket, key, windowStart: at, hits: 1, expiresAt: new Date(at.getTime() + windowMs) })
        .onConflictDoUpdate({
          target: [t.bucket, t.key],
          set: {
            windowStart: sql`case when ${windowOver} then excluded.window_start else ${t.windowStart} end`,
            hits: sql`case when ${windowOver} then 1 else ${t.hits} + 1 end`,
            expiresAt: sql`case when ${windowOver} then excluded.expires_at else ${t.expiresAt} end`,
          },
        })
        .returning({ hits: t.hits, windowStart: t.windowStart, expiresAt: t.expiresAt });
      if (!row) throw new Error('rate limit upsert returned no row');
      return row;
    },

    /**
     * Takes `amount` hits back out of the window that began at `windowStart` (a window that has
     * since restarted is left alone). Each statement is atomic on its own: a hit racing between them
     * is still counted, so this can only ever leave more hits than exact, never fewer.
     */
    async giveBack(bucket: string, key: string, windowStart: Date, amount: number): Promise<void> {
      const t = rateLimitCounters;
      const same = and(eq(t.bucket, bucket), eq(t.key, key), eq(t.windowStart, windowStart));
      // Delete first: after the update, a row left with fewer hits would match the delete too.
      await db.delete(t).where(and(same, lte(t.hits, amount)));
      await db
        .update(t)
        .set({ hits: sql`${t.hits} - ${amount}` })
        .where(and(same, gt(t.hits, amount)));
    },

    async clear(bucket: string, key: string): Promise<void> {
      await db
        .delete(rateLimitCounters)
        .where(and(eq(rateLimitCounters.bucket, bucket), eq(rateLimitCounters.key, key)));
    },

    /** Counters whose window ended before `before`: they would restart at 1 anyway. */
    async deleteExpired(before: Date): Promise<number> {
      const deleted = await db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.expiresAt, before))
        .returning({ bucket: rateLimitCounters.bucket });
      return deleted.length;
    },
  };
}
export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
