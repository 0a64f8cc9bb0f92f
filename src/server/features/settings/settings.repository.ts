import { and, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rankScoreSql } from '../carers/carer-ranking';
import {
  carerProfiles,
  emailChangeRequests,
  passwordResetTokens,
  sessions,
  users,
  type UserRow,
} from '../../db/schema';

export function createSettingsRepository(db: Executor) {
  const r = emailChangeRequests;

  async function updateUser(userId: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
    const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
    if (!row) throw new Error('update of users returned no row');
    return row;
  }

  return {
    setName: (userId: string, firstName: string, lastName: string, at: Date) =>
      updateUser(userId, { firstName, lastName, updatedAt: at }),

    /** Read from the table, not the session's copy of the user (which an instance may keep a moment). */
    async searchPlaceOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ searchPlace: users.searchPlace })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.searchPlace ?? null;
    },

    setSearchPlace: (userId: string, searchPlace: string | null, at: Date) =>
      updateUser(userId, { searchPlace, updatedAt: at }),

    /**
     * Sets the account's photo. A carer's profile photo mirrors the avatar (carers.repository
     * setPhoto), so a profile showing the old avatar (or none) shows the new one too.
     */
    async setPhoto(userId: string, photoUrl: string, oldUrl: string | null, at: Date): Promise<UserRow> {
      const mirrored = await db
        .update(carerProfiles)
        .set({ photoUrl, updatedAt: at })
        .where(
          and(
            eq(carerProfiles.userId, userId),
            oldUrl === null ? isNull(carerProfiles.photoUrl) : eq(carerProfiles.photoUrl, oldUrl),
          ),
        )
        .returning({ id: carerProfiles.id });
      // A photo counts in the ranking (carer-ranking.ts): the score follows it now, as every other
      // profile write does, not at the hourly sweep.
      for (const { id } of mirrored)
        await db
          .update(carerProfiles)
          .set({ rankScore: sql`${rankScoreSql}` })
          .where(eq(carerProfiles.id, id));
      return updateUser(userId, { profileImageUrl: photoUrl, updatedAt: at });
    },

    /** Whether any account or carer profile still shows the photo at `url`. */
    async photoInUse(url: string): Promise<boolean> {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.profileImageUrl, url))
        .limit(1);
      if (user) return true;
      const [profile] = await db
        .select({ id: carerProfiles.id })
        .from(carerProfiles)
        .where(eq(carerProfiles.photoUrl, url))
        .limit(1);
      return profile !== undefined;
    },

    async emailInUse(email: string, exceptUserId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`lower(${users.email}) = lower(${email})`,
            exceptUserId ? ne(users.id, exceptUserId) : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Only ever after the new address's link was opened, so the new address is proved (issue 17). */
    setEmail: (userId: string, email: string, at: Date) =>
      updateUser(userId, { email, emailVerifiedAt: at, updatedAt: at }),

    setPasswordHash: (userId: string, passwordHash: string, at: Date) =>
      updateUser(userId, { passwordHash, updatedAt: at }),

    /** Ends every session of the user but `exceptIdHash`. */
    async deleteOtherSessions(userId: string, exceptIdHash: string): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, exceptIdHash)));
    },

    /** Outstanding reset links were sent to the account's address: a password or email change voids them. */
    async voidResetTokens(userId: string, at: Date): Promise<void> {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: at })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    },

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
