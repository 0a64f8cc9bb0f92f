import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginFailures } from '../../db/schema';

/**
 * The record of failed sign-ins (shown in the account's data export, kept a day). The throttle is
 * the counter of sign-in-throttle.ts; these rows decide nothing.
 */
export function createLoginFailureRepository(db: Executor) {
  return {
    async record(emailKey: string, ipAddress: string, failedAt: Date): Promise<void> {
      await db.insert(loginFailures).values({ emailKey, ipAddress, failedAt });
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
