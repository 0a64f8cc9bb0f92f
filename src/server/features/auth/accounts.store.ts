import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordResetTokens, twoFactorChallenges, users, type UserRow } from '../../db/schema';
import { isUuid } from '../../platform/ids';
import { endSessionsOf } from '../../platform/sessions/session.repository';

/**
 * Feature `auth`'s public store: how other features read and change accounts (`users`) and the
 * account's reset links (src/server/db/table-owners.js, decision 0030), passing their own
 * transaction (or the database).
 */

/** The account fields another feature may set as they are (each write also sets `updated_at`). */
export type AccountChanges = Partial<
  Pick<
    UserRow,
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'emailVerifiedAt'
    | 'passwordHash'
    | 'searchPlace'
    | 'subscriptionStatus'
    | 'subscriptionType'
    | 'subscriptionExpiresAt'
  >
>;

export function createAccountsStore(db: Executor) {
  return {
    // ── reads ──────────────────────────────────────────────────────────────────────────────────
    async findById(id: string, lock = false): Promise<UserRow | undefined> {
      if (!isUuid(id)) return undefined;
      const query = db.select().from(users).where(eq(users.id, id)).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    /** Whether another account (not `exceptUserId`) has the address, in any case. */
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

    /** Whether any account shows the photo at `url` as its avatar. */
    async avatarInUse(url: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.profileImageUrl, url))
        .limit(1);
      return row !== undefined;
    },

    /** Read from the table, not the session's copy of the user (which an instance may keep a moment). */
    async searchPlaceOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ searchPlace: users.searchPlace })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.searchPlace ?? null;
    },

    async calendarFeedOf(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ hash: users.calendarFeedHash })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return Boolean(row?.hash);
    },

    // ── writes ─────────────────────────────────────────────────────────────────────────────────
    async update(id: string, values: AccountChanges, at: Date): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: at })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new Error(`user ${id} vanished`);
      return row;
    },

    /** The account's photo (a carer's profile photo is their avatar too: carers' store). */
    async setAvatar(id: string, photoUrl: string, at: Date): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ profileImageUrl: photoUrl, updatedAt: at })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new Error(`user ${id} vanished`);
      return row;
    },

    /** Clears the avatar if it is still the photo at `url` (a carer profile deleted). */
    async clearAvatar(id: string, url: string, at: Date): Promise<void> {
      await db
        .update(users)
        .set({ profileImageUrl: null, updatedAt: at })
        .where(and(eq(users.id, id), eq(users.profileImageUrl, url)));
    },

    /** Not an account change: `updated_at` stays. */
    async setCalendarFeed(id: string, hash: string | null): Promise<void> {
      await db.update(users).set({ calendarFeedHash: hash }).where(eq(users.id, id));
    },

    /** Keeps the first Stripe customer recorded for an account. */
    async setStripeCustomerId(id: string, customerId: string): Promise<void> {
      await db
        .update(users)
        .set({ stripeCustomerId: customerId })
        .where(and(eq(users.id, id), isNull(users.stripeCustomerId)));
    },

    /** Suspends the account (the first suspension's time stays); its sessions are ended by the caller. */
    async suspend(id: string, at: Date): Promise<void> {
      await db
        .update(users)
        .set({
          suspendedAt: sql`coalesce(${users.suspendedAt}, ${at.toISOString()}::timestamptz)`,
          updatedAt: at,
        })
        .where(eq(users.id, id));
    },

    async unsuspend(id: string, at: Date): Promise<void> {
      await db
        .update(users)
        .set({ suspendedAt: null, updatedAt: at })
        .where(and(eq(users.id, id), isNotNull(users.suspendedAt)));
    },

    /**
     * Signs an account out everywhere: its sessions end, and so does any sign-in half done (a
     * password given, the two-factor code still due). Answers how many sessions there were.
     */
    async signOutEverywhere(id: string): Promise<number> {
      await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, id));
      return endSessionsOf(db, id);
    },

    /** Outstanding reset links were sent to the account's address: a password or email change voids them. */
    async voidResetLinks(id: string, at: Date): Promise<void> {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: at })
        .where(and(eq(passwordResetTokens.userId, id), isNull(passwordResetTokens.usedAt)));
    },

    async insertCustomers(
      values: Array<{ email: string; firstName: string; lastName: string; createdAt: Date }>,
    ): Promise<UserRow[]> {
      return db
        .insert(users)
        .values(values.map((value) => ({ ...value, updatedAt: value.createdAt, role: 'customer' as const })))
        .returning();
    },

    async insertAdmin(values: {
      email: string;
      passwordHash: string;
      firstName: string;
      lastName: string;
    }): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        // An operator made it (admin:create, ADMIN_EMAIL) and vouches for the address.
        .values({ ...values, role: 'admin', emailVerifiedAt: new Date() })
        .returning();
      if (!row) throw new Error('insert into users returned no row');
      return row;
    },

    /** Makes an account an admin with a new password, ending every session it had. */
    async promoteToAdmin(id: string, passwordHash: string, at: Date): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({
          role: 'admin',
          passwordHash,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`,
          updatedAt: at,
        })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new Error(`user ${id} vanished`);
      await endSessionsOf(db, id);
      return row;
    },
  };
}
export type AccountsStore = ReturnType<typeof createAccountsStore>;
