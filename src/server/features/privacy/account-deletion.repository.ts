import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  circleInvitations,
  auditLog,
  billingSubscriptions,
  carerProfiles,
  carerVerifications,
  rightToWorkRecords,
  contactEnquiries,
  conversations,
  emailChangeRequests,
  loginFailures,
  outboxEmails,
  payments,
  reviews,
  uploads,
  users,
  type BillingSubscriptionRow,
  type UserRow,
} from '../../db/schema';
import { isUuid } from '../../platform/ids';
import { photoKeyOf } from '../../platform/photos';
import { escapeLike } from '../../platform/like-pattern';
import { createCarerProfilesStore } from '../carers';

/** Provider statuses of a recurring plan that may still charge the card. */
export const CHARGEABLE_SUBSCRIPTION_STATUSES = ['active', 'past_due', 'trialing', 'unpaid'];

/** What an account deletion touches (docs/decisions/0011-data-export-and-account-deletion.md). */
export function createAccountDeletionRepository(db: Executor) {
  return {
    async lockUser(id: string): Promise<UserRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
      return row;
    },

    /** Recurring plans of the account that would still renew (not already set to end). */
    async renewingSubscriptions(userId: string): Promise<BillingSubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.userId, userId),
            eq(billingSubscriptions.cancelAtPeriodEnd, false),
            inArray(billingSubscriptions.status, CHARGEABLE_SUBSCRIPTION_STATUSES),
          ),
        );
    },

    /**
     * Storage keys of every file of the account: uploads it owns, its carer profile's photo and
     * the documents of its verification submissions (whoever uploaded them).
     */
    async fileKeys(userId: string): Promise<string[]> {
      const owned = await db
        .select({ key: uploads.storageKey })
        .from(uploads)
        .where(eq(uploads.ownerId, userId));
      const [profile] = await db
        .select({ id: carerProfiles.id, photoUrl: carerProfiles.photoUrl })
        .from(carerProfiles)
        .where(eq(carerProfiles.userId, userId));
      const keys = owned.map((row) => row.key);
      if (profile) {
        const photo = photoKeyOf(profile.photoUrl);
        if (photo) keys.push(photo);
        const v = carerVerifications;
        const rows = await db
          .select({
            dbs: v.dbsDocumentId,
            rightToWork: v.rightToWorkDocumentId,
            photoId: v.photoIdDocumentId,
          })
          .from(v)
          .where(eq(v.carerId, profile.id));
        const ids = rows
          .flatMap((row) => [row.dbs, row.rightToWork, row.photoId])
          .filter((id) => id !== null);
        if (ids.length > 0) {
          const documents = await db
            .select({ key: uploads.storageKey })
            .from(uploads)
            .where(and(inArray(uploads.id, ids), isNotNull(uploads.storageKey)));
          keys.push(...documents.map((row) => row.key));
        }
      }
      const [user] = await db
        .select({ photoUrl: users.profileImageUrl })
        .from(users)
        .where(eq(users.id, userId));
      const avatar = photoKeyOf(user?.photoUrl ?? null);
      if (avatar) keys.push(avatar);
      return [...new Set(keys)];
    },

    /**
     * Keeps the right-to-work evidence of a leaving carer's approved checks for the legal period
     * (decision 0028): what was checked and the scan's storage key. Answers the keys kept, which
     * the caller must not delete.
     */
    async retainRightToWork(
      carerId: string,
      carerName: string,
      at: Date,
      deleteAfter: Date,
    ): Promise<string[]> {
      const v = carerVerifications;
      const rows = await db
        .select({
          method: v.rightToWorkMethod,
          shareCode: v.rightToWorkShareCode,
          expiresOn: v.rightToWorkExpiresOn,
          checkedAt: v.reviewedAt,
          key: uploads.storageKey,
          contentType: uploads.contentType,
        })
        .from(v)
        .leftJoin(uploads, eq(uploads.id, v.rightToWorkDocumentId))
        .where(and(eq(v.carerId, carerId), eq(v.status, 'approved')));
      if (rows.length === 0) return [];
      await db.insert(rightToWorkRecords).values(
        rows.map((row) => ({
          carerName,
          method: row.method,
          shareCode: row.shareCode,
          expiresOn: row.expiresOn,
          checkedAt: row.checkedAt,
          documentStorageKey: row.key,
          documentContentType: row.contentType,
          leftAt: at,
          deleteAfter,
        })),
      );
      return rows.flatMap((row) => (row.key ? [row.key] : []));
    },

    async deleteUploadsByKey(keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.delete(uploads).where(inArray(uploads.storageKey, keys));
    },

    /**
     * Payments stay for the accounts as amounts, plans, statuses, dates and the provider's
     * references; what could identify or act for the person goes. A payment still waiting is
     * cancelled (its form can no longer be confirmed).
     */
    async anonymisePayments(userId: string, at: Date): Promise<void> {
      await db
        .update(payments)
        .set({ status: 'cancelled', updatedAt: at })
        .where(and(eq(payments.userId, userId), eq(payments.status, 'pending')));
      await db
        .update(payments)
        .set({ clientSecret: null, failureMessage: null, userId: null, updatedAt: at })
        .where(eq(payments.userId, userId));
      // The provider was told before the transaction (cancelRecurringPlans): nothing renews.
      await db
        .update(billingSubscriptions)
        .set({ cancelAtPeriodEnd: true, updatedAt: at })
        .where(
          and(
            eq(billingSubscriptions.userId, userId),
            inArray(billingSubscriptions.status, CHARGEABLE_SUBSCRIPTION_STATUSES),
          ),
        );
      await db
        .update(billingSubscriptions)
        .set({ userId: null, updatedAt: at })
        .where(eq(billingSubscriptions.userId, userId));
    },

    /**
     * Contact-form enquiries the account sent while signed in. Never those that only name its
     * address (decision 0019): whoever registered an address has not shown they wrote to us from it.
     */
    async deleteContactEnquiries(userId: string): Promise<void> {
      await db.delete(contactEnquiries).where(eq(contactEnquiries.userId, userId));
    },

    /**
     * Emails to or from the address, any whose text holds it, those to an address the person
     * asked to move to, and new-message notices to their conversation partners that name them.
     */
    async deleteOutboxEmails(userId: string, email: string, firstName: string | null): Promise<void> {
      const pattern = `%${escapeLike(email)}%`;
      await db
        .delete(outboxEmails)
        .where(
          or(
            sql`lower(${outboxEmails.toAddress}) = lower(${email})`,
            sql`lower(${outboxEmails.replyTo}) = lower(${email})`,
            sql`${outboxEmails.bodyText} ilike ${pattern}`,
            sql`${outboxEmails.subject} ilike ${pattern}`,
          ),
        );
      // Confirmation links sent to a new address the person asked to move to.
      const pending = await db
        .select({ email: emailChangeRequests.newEmail })
        .from(emailChangeRequests)
        .where(eq(emailChangeRequests.userId, userId));
      if (pending.length > 0) {
        await db.delete(outboxEmails).where(
          inArray(
            sql`lower(${outboxEmails.toAddress})`,
            pending.map((row) => row.email.toLowerCase()),
          ),
        );
      }
      const name = firstName?.trim();
      if (!name) return;
      const partners = await db
        .selectDistinct({ email: users.email })
        .from(conversations)
        .leftJoin(carerProfiles, eq(carerProfiles.id, conversations.carerId))
        .innerJoin(
          users,
          or(
            and(eq(conversations.customerId, userId), eq(users.id, carerProfiles.userId)),
            and(eq(carerProfiles.userId, userId), eq(users.id, conversations.customerId)),
          ),
        );
      if (partners.length === 0) return;
      const namePattern = `%${escapeLike(name)}%`;
      await db.delete(outboxEmails).where(
        and(
          inArray(
            sql`lower(${outboxEmails.toAddress})`,
            partners.map((partner) => partner.email.toLowerCase()),
          ),
          or(
            sql`${outboxEmails.subject} ilike ${namePattern}`,
            sql`${outboxEmails.bodyText} ilike ${namePattern}`,
          ),
        ),
      );
    },

    /** Invitations to the account's address into other families' circles: they name it. */
    async deleteCircleInvitationsTo(email: string): Promise<void> {
      await db.delete(circleInvitations).where(sql`lower(${circleInvitations.email}) = lower(${email})`);
    },

    async deleteLoginFailures(email: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.emailKey, email.toLowerCase()));
    },

    /** Audit entries that may hold the person's details: their own actions, and any naming them. */
    async auditEntriesMentioning(
      userId: string,
      entityIds: string[],
      needles: string[],
    ): Promise<Array<{ id: number; before: unknown; after: unknown }>> {
      const mentions = needles.map(
        (needle) =>
          sql`(coalesce(${auditLog.before}::text, '') || coalesce(${auditLog.after}::text, '')) ilike ${`%${escapeLike(needle)}%`}`,
      );
      return db
        .select({ id: auditLog.id, before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(or(inArray(auditLog.entityId, entityIds), eq(auditLog.actorId, userId), ...mentions));
    },

    async rewriteAuditEntry(id: number, before: unknown, after: unknown): Promise<void> {
      await db.update(auditLog).set({ before, after }).where(eq(auditLog.id, id));
    },

    /** The network addresses of the person's own actions go; the entries stay. */
    async forgetAuditAddresses(userId: string): Promise<void> {
      await db.update(auditLog).set({ ipAddress: null }).where(eq(auditLog.actorId, userId));
    },

    /**
     * Deletes the reviews the account wrote and recounts each carer's rating, review count and
     * ranking score in the same transaction (the invariant reviews.repository keeps).
     */
    async deleteReviewsBy(userId: string): Promise<void> {
      const gone = await db
        .delete(reviews)
        .where(eq(reviews.customerId, userId))
        .returning({ carerId: reviews.carerId });
      const profiles = createCarerProfilesStore(db);
      for (const carerId of new Set(gone.map((row) => row.carerId))) await profiles.recountReviews(carerId);
    },

    async carerProfileIdOf(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: carerProfiles.id })
        .from(carerProfiles)
        .where(eq(carerProfiles.userId, userId));
      return row?.id;
    },

    /**
     * Deletes the account. By cascade: sessions, reset tokens, email changes, saved carers, blocks,
     * uploads rows, the carer profile (with its reviews, saved entries, verifications). Set null:
     * messages' sender/receiver, conversations' sides, reports made. Reviews written go first.
     */
    async deleteUser(userId: string): Promise<void> {
      await db.delete(users).where(eq(users.id, userId));
    },
  };
}
export type AccountDeletionRepository = ReturnType<typeof createAccountDeletionRepository>;

/** `value` as a literal inside an ILIKE pattern. */
