import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailChangeRequests } from '../../db/schema';
import { endSessionsOf } from '../../platform/sessions/session.repository';
import { createAccountsStore } from '../auth';

export function createSettingsRepository(db: Executor) {
  const r = emailChangeRequests;
  const accounts = createAccountsStore(db);

  return {
    setName: (userId: string, firstName: string, lastName: string, at: Date) =>
      accounts.update(userId, { firstName, lastName }, at),

    /** Read from the table, not the session's copy of the user (which an instance may keep a moment). */
    searchPlaceOf: accounts.searchPlaceOf,

    setSearchPlace: (userId: string, searchPlace: string | null, at: Date) =>
      accounts.update(userId, { searchPlace }, at),

    emailInUse: accounts.emailInUse,

    /** Only ever after the new address's link was opened, so the new address is proved (decision 0019). */
    setEmail: (userId: string, email: string, at: Date) =>
      accounts.update(userId, { email, emailVerifiedAt: at }, at),

    setPasswordHash: (userId: string, passwordHash: string, at: Date) =>
      accounts.update(userId, { passwordHash }, at),

    /** Ends every session of the user but `exceptIdHash`. */
    deleteOtherSessions: (userId: string, exceptIdHash: string) => endSessionsOf(db, userId, exceptIdHash),

    /** Outstanding reset links were sent to the account's address: a password or email change voids them. */
    voidResetTokens: accounts.voidResetLinks,

    /** One pending change per account: a new request replaces the old ones. */
    async replaceEmailRequest(values: {
      userId: string;
      newEmail: string;
      tokenHash: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.delete(r).where(and(eq(r.userId, values.userId), isNull(r.usedAt)));
      await db.insert(r).values(values);
    },

    /** Spends an unused, unexpired request in one statement (of two racing uses, one wins). */
    async consumeEmailRequest(
      tokenHash: string,
      at: Date,
    ): Promise<{ userId: string; newEmail: string } | undefined> {
      const [row] = await db
        .update(r)
        .set({ usedAt: at })
        .where(and(eq(r.tokenHash, tokenHash), isNull(r.usedAt), gt(r.expiresAt, at)))
        .returning({ userId: r.userId, newEmail: r.newEmail });
      return row;
    },

    /** Retention: requests used or expired before `before`. */
    async deleteStaleEmailRequests(before: Date): Promise<number> {
      const deleted = await db
        .delete(r)
        .where(or(lt(r.expiresAt, before), and(isNotNull(r.usedAt), lt(r.usedAt, before))))
        .returning({ id: r.id });
      return deleted.length;
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
