import { and, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AdminCarerSort, AdminCustomerSort } from '@contracts/admin';
import type { VerificationStatus } from '@contracts/verification';
import type { Executor } from '../../db/client';
import {
  billingSubscriptions,
  carerProfiles,
  carerVerifications,
  payments,
  uploads,
  users,
  type BillingSubscriptionRow,
  type CarerProfileRow,
  type PaymentRow,
  type UserRow,
} from '../../db/schema';
import {
  afterSortedKeyset,
  matches,
  readAdminPage,
  sortOrderBy,
  sortValue,
  textSort,
  timeSort,
  type AdminKeyset,
  type AdminPage,
  type SortColumn,
  accountSearchText,
} from '../../platform/admin-paging';
import { isUuid } from '../../platform/ids';
import { createUploadsRepository } from '../../platform/uploads.repository';
import { createAccountsStore, type AccountChanges } from '../auth';
import { createCarerProfilesStore, type AdminCarerValues } from '../carers';

export type { AdminCarerValues };

export interface AdminCarerRow {
  profile: CarerProfileRow;
  email: string | null;
  suspendedAt: Date | null;
  verificationStatus: VerificationStatus;
}

/** The latest submission's state, or 'none' (carer_verifications). */
const latestVerificationStatus = sql<string | null>`(
  select ${carerVerifications.status} from ${carerVerifications}
  where ${carerVerifications.carerId} = ${carerProfiles.id}
  order by ${carerVerifications.submittedAt} desc, ${carerVerifications.id} desc
  limit 1
)`;

/** What the customer search compares: the expression of the trigram index (migration 0021). */
const customerSearchText = accountSearchText;
/** A carer's name, as its trigram index (migration 0021) has it. */
const carerSearchText = sql`${carerProfiles.firstName} || ' ' || ${carerProfiles.lastName}`;

/**
 * What each table column sorts by. A plan sorts as the table shows it: active (monthly, annual,
 * three-month), then expired, then none; `at` is the moment "expired" is judged at.
 */
const customerSorts = (at: Date): Record<AdminCustomerSort, SortColumn> => ({
  name: textSort(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`),
  email: textSort(sql`${users.email}`),
  joined: timeSort(users.createdAt),
  plan: textSort(sql`case
    when ${users.subscriptionStatus} = 'active'
      and (${users.subscriptionExpiresAt} is null or ${users.subscriptionExpiresAt} > ${at.toISOString()}::timestamptz)
      then '1 ' || coalesce(${users.subscriptionType}, '')
    when ${users.subscriptionStatus} = 'active' then '2'
    else '3' end`),
});
const carerSorts: Record<AdminCarerSort, SortColumn> = {
  name: textSort(carerSearchText),
  email: textSort(sql`${users.email}`),
  joined: timeSort(carerProfiles.createdAt),
  verification: textSort(latestVerificationStatus),
};

export interface AdminListOptions<S> {
  q?: string | undefined;
  sort: S;
  ascending: boolean;
  after: AdminKeyset | null;
  limit: number;
  /** The moment a plan's expiry is judged at (the customers' plan sort). */
  at: Date;
}

const asVerificationStatus = (value: string | null): VerificationStatus =>
  value === 'pending' || value === 'approved' || value === 'rejected' ? value : 'none';

export function createAdminRepository(db: Executor) {
  const accounts = createAccountsStore(db);
  const profiles = createCarerProfilesStore(db);
  const uploadsRecord = createUploadsRepository(db);

  async function findCarer(id: string): Promise<AdminCarerRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db
      .select({
        profile: carerProfiles,
        email: users.email,
        suspendedAt: users.suspendedAt,
        verificationStatus: latestVerificationStatus,
      })
      .from(carerProfiles)
      .leftJoin(users, eq(users.id, carerProfiles.userId))
      .where(eq(carerProfiles.id, id))
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
     * One page of customer accounts in the table's sort (ties by id), matching `q` in the name or email
     * (the trigram index of migration 0021 answers the search).
     */
    async listCustomers(options: AdminListOptions<AdminCustomerSort>): Promise<AdminPage<UserRow>> {
      const conditions: SQL[] = [eq(users.role, 'customer')];
      if (options.q) conditions.push(matches(customerSearchText, options.q));
      const column = customerSorts(options.at)[options.sort];
      const matching = (keyset?: SQL) =>
        db
          .select({ user: users, keyset: sortValue(column) })
          .from(users)
          .where(and(...conditions, keyset));
      const page = await readAdminPage(db, {
        rows: matching(afterSortedKeyset(column, users.id, options.after, options.ascending))
          .orderBy(...sortOrderBy(column, users.id, options.ascending))
          .limit(options.limit + 1),
        matching: matching(),
        limit: options.limit,
        keysetOf: (row) => ({ at: row.keyset, id: row.user.id }),
      });
      return { ...page, rows: page.rows.map((row) => row.user) };
    },

    findUser: accounts.findById,

    emailTakenByOther: (email: string, userId: string) => accounts.emailInUse(email, userId),

    updateUser: (
      id: string,
      values: Pick<
        AccountChanges,
        | 'firstName'
        | 'lastName'
        | 'email'
        | 'subscriptionStatus'
        | 'subscriptionType'
        | 'subscriptionExpiresAt'
      >,
      at: Date,
    ): Promise<UserRow> => accounts.update(id, values, at),

    insertCustomers: accounts.insertCustomers,

    // ── admin accounts (admin:create, ADMIN_EMAIL at start) ────────────────────────────────────
    findUserByEmail: accounts.findByEmail,
    insertAdmin: accounts.insertAdmin,
    /** Makes an account an admin with a new password, ending every session it had. */
    promoteToAdmin: accounts.promoteToAdmin,

    // ── carers ────────────────────────────────────────────────────────────────────────────────
    /**
     * One page of profiles, listed or not, in the table's sort (ties by id), with the account's email and
     * verification state, matching `q` in the name or the account's email.
     */
    async listCarers(options: AdminListOptions<AdminCarerSort>): Promise<AdminPage<AdminCarerRow>> {
      const conditions: SQL[] = [];
      if (options.q) {
        conditions.push(or(matches(carerSearchText, options.q), matches(sql`${users.email}`, options.q))!);
      }
      const column = carerSorts[options.sort];
      const matching = (keyset?: SQL) =>
        db
          .select({
            profile: carerProfiles,
            email: users.email,
            suspendedAt: users.suspendedAt,
            verificationStatus: latestVerificationStatus,
            keyset: sortValue(column),
          })
          .from(carerProfiles)
          .leftJoin(users, eq(users.id, carerProfiles.userId))
          .where(and(...conditions, keyset));
      const page = await readAdminPage(db, {
        rows: matching(afterSortedKeyset(column, carerProfiles.id, options.after, options.ascending))
          .orderBy(...sortOrderBy(column, carerProfiles.id, options.ascending))
          .limit(options.limit + 1),
        matching: matching(),
        limit: options.limit,
        keysetOf: (row) => ({ at: row.keyset, id: row.profile.id }),
      });
      return {
        ...page,
        rows: page.rows.map(({ keyset: _keyset, ...row }) => ({
          ...row,
          verificationStatus: asVerificationStatus(row.verificationStatus),
        })),
      };
    },

    findCarer,

    lockCarer: (id: string) => profiles.lock(id),

    insertCarer: profiles.insertWithoutAccount,

    /** A new photo (the photo pipeline), not the carer's activity; the account's avatar follows. */
    setCarerPhoto: (id: string, userId: string | null, photoUrl: string, at: Date) =>
      profiles.setPhoto(id, userId, photoUrl, at, false),

    /** Whether any account or profile still shows the photo at `url`. */
    photoShown: profiles.photoShown,

    /** An admin's edit of the profile's fields (a new photo is set by the photo pipeline first). */
    updateCarer: (id: string, values: AdminCarerValues, at: Date) => profiles.adminUpdate(id, values, at),

    /** Storage keys of the documents of the carer's verification submissions. */
    async verificationDocumentKeys(carerId: string): Promise<string[]> {
      const rows = await db
        .select({
          dbs: carerVerifications.dbsDocumentId,
          rightToWork: carerVerifications.rightToWorkDocumentId,
          photoId: carerVerifications.photoIdDocumentId,
        })
        .from(carerVerifications)
        .where(eq(carerVerifications.carerId, carerId));
      const ids = rows.flatMap((row) => [row.dbs, row.rightToWork, row.photoId]).filter((id) => id !== null);
      if (ids.length === 0) return [];
      const files = await db
        .select({ key: uploads.storageKey })
        .from(uploads)
        .where(and(inArray(uploads.id, ids), isNotNull(uploads.storageKey)));
      return files.map((file) => file.key);
    },

    deleteUploadsByKey: uploadsRecord.deleteByKeys,

    /**
     * Deletes the profile (reviews, saved entries and verifications go by cascade; its
     * conversations stay for the families with `carer_id` null). The account stays; its avatar,
     * when it was the profile photo, goes.
     */
    deleteCarer: profiles.delete,
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
