import { and, count, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { VerificationStatus } from '@contracts/admin';
import type { Executor } from '../../db/client';
import {
  billingSubscriptions,
  carerProfiles as c,
  carerVerifications,
  payments,
  sessions,
  uploads,
  users,
  type BillingSubscriptionRow,
  type CarerProfileRow,
  type PaymentRow,
  type UserRow,
} from '../../db/schema';
import {
  afterKeyset,
  keysetText,
  matches,
  toPage,
  type AdminKeyset,
  type AdminPage,
  accountSearchText,
} from '../../platform/admin-paging';
import { isUuid } from '../../platform/ids';
import { rankScoreSql } from '../carers/carer-ranking';

/** The profile columns the admin tools write (SPEC section 7 test carer calls). */
export type AdminCarerValues = Pick<
  typeof c.$inferInsert,
  | 'firstName'
  | 'lastName'
  | 'specialization'
  | 'experience'
  | 'location'
  | 'postcodeDistrict'
  | 'hourlyRateMin'
  | 'hourlyRateMax'
  | 'description'
  | 'qualifications'
  | 'availability'
  | 'availabilitySlots'
  | 'isVerified'
>;

export interface AdminCarerRow {
  profile: CarerProfileRow;
  email: string | null;
  suspendedAt: Date | null;
  verificationStatus: VerificationStatus;
}

/** The latest submission's state, or 'none' (carer_verifications, issue 7 point 4). */
const latestVerificationStatus = sql<string | null>`(
  select ${carerVerifications.status} from ${carerVerifications}
  where ${carerVerifications.carerId} = ${c.id}
  order by ${carerVerifications.submittedAt} desc, ${carerVerifications.id} desc
  limit 1
)`;

/** What the customer search compares: the expression of the trigram index (migration 0021). */
const customerSearchText = accountSearchText;
/** A carer's name, as its trigram index (migration 0021) has it. */
const carerSearchText = sql`${c.firstName} || ' ' || ${c.lastName}`;

const asVerificationStatus = (value: string | null): VerificationStatus =>
  value === 'pending' || value === 'approved' || value === 'rejected' ? value : 'none';

export function createAdminRepository(db: Executor) {
  /** Recomputes the stored "best match" score from the row's current values (as carers.repository does). */
  async function refreshRankScore(id: string): Promise<void> {
    await db
      .update(c)
      .set({ rankScore: sql`${rankScoreSql}` })
      .where(eq(c.id, id));
  }

  async function findCarer(id: string): Promise<AdminCarerRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db
      .select({
        profile: c,
        email: users.email,
        suspendedAt: users.suspendedAt,
        verificationStatus: latestVerificationStatus,
      })
      .from(c)
      .leftJoin(users, eq(users.id, c.userId))
      .where(eq(c.id, id))
      .limit(1);
    return row && { ...row, verificationStatus: asVerificationStatus(row.verificationStatus) };
  }

  return {
    /** For the admin lists: each person's live customer plan and latest refunded payment. */
    async billingOf(userIds: string[]): Promise<{
      subscriptions: BillingSubscriptionRow[];
      refunds: PaymentRow[];
    }> {
      if (userIds.length === 0) return { subscriptions: [], refunds: [] };
      const [subscriptions, refunds] = await Promise.all([
        db
          .select()
          .from(billingSubscriptions)
          .where(
            and(
              inArray(billingSubscriptions.userId, userIds),
              eq(billingSubscriptions.purpose, 'customer_monthly'),
              inArray(billingSubscriptions.status, ['active', 'past_due', 'trialing']),
            ),
          )
          .orderBy(desc(billingSubscriptions.createdAt)),
        db
          .select()
          .from(payments)
          .where(
            and(
              inArray(payments.userId, userIds),
              eq(payments.status, 'refunded'),
              inArray(payments.plan, ['three_month', 'monthly', 'annual']),
            ),
          )
          .orderBy(desc(payments.updatedAt)),
      ]);
      return { subscriptions, refunds };
    },

    // ── customers ─────────────────────────────────────────────────────────────────────────────
    /**
     * One page of customer accounts, newest first (ties by id), matching `q` in the name or email
     * (issue 21 point 11; the trigram index of migration 0021 answers the search).
     */
    async listCustomers(options: {
      q?: string | undefined;
      after: AdminKeyset | null;
      limit: number;
    }): Promise<AdminPage<UserRow>> {
      const conditions: SQL[] = [eq(users.role, 'customer')];
      if (options.q) conditions.push(matches(customerSearchText, options.q));
      const [rows, [counted]] = await Promise.all([
        db
          .select({ user: users, keyset: keysetText(users.createdAt) })
          .from(users)
          .where(
            and(
              ...conditions,
              ...(options.after ? [afterKeyset(users.createdAt, users.id, options.after)] : []),
            ),
          )
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(options.limit + 1),
        db
          .select({ total: count() })
          .from(users)
          .where(and(...conditions)),
      ]);
      const page = toPage(rows, options.limit, counted?.total ?? 0, (row) => ({
        at: row.keyset,
        id: row.user.id,
      }));
      return { ...page, rows: page.rows.map((row) => row.user) };
    },

    async findUser(id: string, lock = false): Promise<UserRow | undefined> {
      if (!isUuid(id)) return undefined;
      const query = db.select().from(users).where(eq(users.id, id)).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async emailTakenByOther(email: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, sql`${users.id} <> ${userId}`))
        .limit(1);
      return row !== undefined;
    },

    async updateUser(
      id: string,
      values: Partial<
        Pick<
          UserRow,
          | 'firstName'
          | 'lastName'
          | 'email'
          | 'subscriptionStatus'
          | 'subscriptionType'
          | 'subscriptionExpiresAt'
        >
      >,
      at: Date,
    ): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: at })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new Error(`user ${id} vanished`);
      return row;
    },

    async insertCustomers(
      values: Array<{ email: string; firstName: string; lastName: string; createdAt: Date }>,
    ): Promise<UserRow[]> {
      return db
        .insert(users)
        .values(values.map((value) => ({ ...value, updatedAt: value.createdAt, role: 'customer' as const })))
        .returning();
    },

    // ── admin accounts (admin:create, ADMIN_EMAIL at start) ────────────────────────────────────
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    async insertAdmin(values: {
      email: string;
      passwordHash: string;
      firstName: string;
      lastName: string;
    }): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        // An operator made it (admin:create, ADMIN_EMAIL) and vouches for the address (issue 17).
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
      await db.delete(sessions).where(eq(sessions.userId, id));
      return row;
    },

    // ── carers ────────────────────────────────────────────────────────────────────────────────
    /**
     * One page of profiles, listed or not, newest first (ties by id), with the account's email and
     * verification state, matching `q` in the name or the account's email (issue 21 point 11).
     */
    async listCarers(options: {
      q?: string | undefined;
      after: AdminKeyset | null;
      limit: number;
    }): Promise<AdminPage<AdminCarerRow>> {
      const conditions: SQL[] = [];
      if (options.q) {
        conditions.push(or(matches(carerSearchText, options.q), matches(sql`${users.email}`, options.q))!);
      }
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            profile: c,
            email: users.email,
            suspendedAt: users.suspendedAt,
            verificationStatus: latestVerificationStatus,
            keyset: keysetText(c.createdAt),
          })
          .from(c)
          .leftJoin(users, eq(users.id, c.userId))
          .where(
            and(...conditions, ...(options.after ? [afterKeyset(c.createdAt, c.id, options.after)] : [])),
          )
          .orderBy(desc(c.createdAt), desc(c.id))
          .limit(options.limit + 1),
        db
          .select({ total: count() })
          .from(c)
          .leftJoin(users, eq(users.id, c.userId))
          .where(and(...conditions)),
      ]);
      const page = toPage(rows, options.limit, counted?.total ?? 0, (row) => ({
        at: row.keyset,
        id: row.profile.id,
      }));
      return {
        ...page,
        rows: page.rows.map(({ keyset: _keyset, ...row }) => ({
          ...row,
          verificationStatus: asVerificationStatus(row.verificationStatus),
        })),
      };
    },

    findCarer,

    async lockCarer(id: string): Promise<CarerProfileRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(c).where(eq(c.id, id)).limit(1).for('update');
      return row;
    },

    async insertCarer(
      values: AdminCarerValues & { createdAt: Date; listedUntil: Date; photoUrl: string | null },
    ): Promise<string> {
      const [row] = await db
        .insert(c)
        .values({ ...values, userId: null, isActive: true, updatedAt: values.createdAt })
        .returning({ id: c.id });
      if (!row) throw new Error('insert into carer_profiles returned no row');
      await refreshRankScore(row.id);
      return row.id;
    },

    async updateCarer(
      id: string,
      values: AdminCarerValues & { photoUrl?: string },
      userId: string | null,
      at: Date,
    ): Promise<void> {
      await db
        .update(c)
        .set({ ...values, updatedAt: at })
        .where(eq(c.id, id));
      // A new photo is also the account's avatar, as when the carer uploads it (carers.repository setPhoto).
      if (values.photoUrl && userId) {
        await db
          .update(users)
          .set({ profileImageUrl: values.photoUrl, updatedAt: at })
          .where(eq(users.id, userId));
      }
      await refreshRankScore(id);
    },

    /** Storage keys of the documents of the carer's verification submissions. */
    async verificationDocumentKeys(carerId: string): Promise<string[]> {
      const v = carerVerifications;
      const rows = await db
        .select({ dbs: v.dbsDocumentId, rightToWork: v.rightToWorkDocumentId, photoId: v.photoIdDocumentId })
        .from(v)
        .where(eq(v.carerId, carerId));
      const ids = rows.flatMap((row) => [row.dbs, row.rightToWork, row.photoId]).filter((id) => id !== null);
      if (ids.length === 0) return [];
      const files = await db
        .select({ key: uploads.storageKey })
        .from(uploads)
        .where(and(inArray(uploads.id, ids), isNotNull(uploads.storageKey)));
      return files.map((file) => file.key);
    },

    async insertUpload(values: typeof uploads.$inferInsert): Promise<void> {
      await db.insert(uploads).values(values);
    },

    async deleteUploadsByKey(keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.delete(uploads).where(inArray(uploads.storageKey, keys));
    },

    /**
     * Deletes the profile (reviews, saved entries and verifications go by cascade; its
     * conversations stay for the families with `carer_id` null).
     */
    async deleteCarer(profile: Pick<CarerProfileRow, 'id' | 'userId' | 'photoUrl'>, at: Date): Promise<void> {
      await db.delete(c).where(eq(c.id, profile.id));
      // The account stays; its avatar was the profile photo, which goes.
      if (profile.userId && profile.photoUrl) {
        await db
          .update(users)
          .set({ profileImageUrl: null, updatedAt: at })
          .where(and(eq(users.id, profile.userId), eq(users.profileImageUrl, profile.photoUrl)));
      }
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
