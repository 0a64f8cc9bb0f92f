import { aliasedTable, and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { VerificationReference } from '@contracts/verification';
import type { Executor } from '../../db/client';
import { carerProfiles, carerVerifications as v, dbsStatusChecks, uploads, users } from '../../db/schema';
import {
  afterKeyset,
  keysetText,
  matches,
  readAdminPage,
  type AdminKeyset,
  type AdminPage,
  accountSearchText,
} from '../../platform/admin-paging';
import { isUuid } from '../../platform/ids';

export type VerificationRow = typeof v.$inferSelect;
export type VerificationStatus = 'pending' | 'approved' | 'rejected';

/** A submission with its carer, as the admin queue shows it. */
export interface VerificationWithCarer extends VerificationRow {
  carerFirstName: string;
  carerLastName: string;
  carerUserId: string | null;
  carerEmail: string | null;
  carerIsVerified: boolean;
  reviewerFirstName: string | null;
  reviewerLastName: string | null;
}

/** An admin's decision on a submission (checks or insurance), recorded only while it is pending. */
export interface ReviewDecision {
  status: 'approved' | 'rejected';
  reviewedBy: string;
  reviewedAt: Date;
  reason: string | null;
}

/** The columns a decision writes: submissions of checks and of insurance share them. */
export const decisionColumns = (decision: ReviewDecision) => ({
  status: decision.status,
  reviewedBy: decision.reviewedBy,
  reviewedAt: decision.reviewedAt,
  rejectionReason: decision.reason,
});

export interface DocumentRow {
  id: string;
  ownerId: string | null;
  kind: string;
  storageKey: string;
  contentType: string;
  sizeBytes: number;
}

export interface NewVerification {
  carerId: string;
  dbsLevel: string;
  dbsIssueDate: string;
  dbsCertificateNumber: string;
  dbsUpdateService: boolean;
  dbsWorkforce: string | null;
  rightToWorkExpiresOn: string | null;
  rightToWorkMethod: string;
  rightToWorkShareCode: string | null;
  references: VerificationReference[];
  dbsDocumentId: string;
  rightToWorkDocumentId: string | null;
  photoIdDocumentId: string;
  submittedAt: Date;
}

const reviewer = aliasedTable(users, 'reviewer');

/** A document's upload, as the checks' review reads it. */
const documentColumns = {
  id: uploads.id,
  ownerId: uploads.ownerId,
  kind: uploads.kind,
  storageKey: uploads.storageKey,
  contentType: uploads.contentType,
  sizeBytes: uploads.sizeBytes,
};

/**
 * What the queue's search compares: the carer's name on the profile, and the
 * account's names and email, each the expression of a trigram index of migration 0021.
 */
const carerNameText = sql`${carerProfiles.firstName} || ' ' || ${carerProfiles.lastName}`;
const accountText = accountSearchText;

export function createVerificationRepository(db: Executor) {
  /** A submission with its carer and reviewer; `keyset` adds the list's cursor text. */
  const selectWithCarer = () =>
    db
      .select({
        keyset: keysetText(v.submittedAt),
        verification: v,
        carerFirstName: carerProfiles.firstName,
        carerLastName: carerProfiles.lastName,
        carerUserId: carerProfiles.userId,
        carerEmail: users.email,
        carerIsVerified: carerProfiles.isVerified,
        reviewerFirstName: reviewer.firstName,
        reviewerLastName: reviewer.lastName,
      })
      .from(v)
      .innerJoin(carerProfiles, eq(carerProfiles.id, v.carerId))
      .leftJoin(users, eq(users.id, carerProfiles.userId))
      .leftJoin(reviewer, eq(reviewer.id, v.reviewedBy));

  const flatten = (row: Awaited<ReturnType<ReturnType<typeof selectWithCarer>['execute']>>[number]) => ({
    ...row.verification,
    carerFirstName: row.carerFirstName,
    carerLastName: row.carerLastName,
    carerUserId: row.carerUserId,
    carerEmail: row.carerEmail,
    carerIsVerified: row.carerIsVerified,
    reviewerFirstName: row.reviewerFirstName,
    reviewerLastName: row.reviewerLastName,
  });

  return {
    async findProfileByUserId(userId: string): Promise<{ id: string; isVerified: boolean } | undefined> {
      const [row] = await db
        .select({ id: carerProfiles.id, isVerified: carerProfiles.isVerified })
        .from(carerProfiles)
        .where(eq(carerProfiles.userId, userId))
        .limit(1);
      return row;
    },

    async hasPending(carerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: v.id })
        .from(v)
        .where(and(eq(v.carerId, carerId), eq(v.status, 'pending')))
        .limit(1);
      return row !== undefined;
    },

    /** The carer's latest submission, whatever its state. */
    async latestFor(carerId: string): Promise<VerificationRow | undefined> {
      const [row] = await db
        .select()
        .from(v)
        .where(eq(v.carerId, carerId))
        .orderBy(desc(v.submittedAt), desc(v.id))
        .limit(1);
      return row;
    },

    /** The carer's latest approved submission: the checks behind the Verified badge. */
    async latestApprovedFor(carerId: string): Promise<VerificationRow | undefined> {
      const [row] = await db
        .select()
        .from(v)
        .where(and(eq(v.carerId, carerId), eq(v.status, 'approved')))
        .orderBy(desc(v.reviewedAt), desc(v.submittedAt))
        .limit(1);
      return row;
    },

    async insert(values: NewVerification): Promise<VerificationRow> {
      const [row] = await db
        .insert(v)
        .values({ ...values, status: 'pending' })
        .returning();
      if (!row) throw new Error('insert into carer_verifications returned no row');
      return row;
    },

    /**
     * One page of the queue: pending oldest first (fair turns), the others newest first, ties by
     * id (the keyset), matching `q` in the carer's name or account email.
     */
    async list(options: {
      status: VerificationStatus | 'all';
      q?: string | undefined;
      after: AdminKeyset | null;
      limit: number;
    }): Promise<AdminPage<VerificationWithCarer>> {
      const ascending = options.status === 'pending';
      const conditions: SQL[] = [];
      if (options.status !== 'all') conditions.push(eq(v.status, options.status));
      if (options.q) conditions.push(or(matches(carerNameText, options.q), matches(accountText, options.q))!);
      const matching = (keyset?: SQL) => selectWithCarer().where(and(...conditions, keyset));
      const order = ascending ? asc : desc;
      const page = await readAdminPage(db, {
        rows: matching(afterKeyset(v.submittedAt, v.id, options.after, ascending))
          .orderBy(order(v.submittedAt), order(v.id))
          .limit(options.limit + 1),
        matching: matching(),
        limit: options.limit,
        keysetOf: (row) => ({ at: row.keyset, id: row.verification.id }),
      });
      return { ...page, rows: page.rows.map(flatten) };
    },

    async findWithCarer(id: string): Promise<VerificationWithCarer | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await selectWithCarer().where(eq(v.id, id)).limit(1);
      return row ? flatten(row) : undefined;
    },

    async documents(ids: string[]): Promise<DocumentRow[]> {
      if (ids.length === 0) return [];
      return db.select(documentColumns).from(uploads).where(inArray(uploads.id, ids));
    },

    /** Status checks of these submissions, newest first, with the recording admin's name. */
    async statusChecks(verificationIds: string[]) {
      if (verificationIds.length === 0) return [];
      return db
        .select({
          id: dbsStatusChecks.id,
          verificationId: dbsStatusChecks.verificationId,
          checkedOn: dbsStatusChecks.checkedOn,
          result: dbsStatusChecks.result,
          recordedAt: dbsStatusChecks.recordedAt,
          recorderFirstName: reviewer.firstName,
          recorderLastName: reviewer.lastName,
          recordedBy: dbsStatusChecks.recordedBy,
        })
        .from(dbsStatusChecks)
        .leftJoin(reviewer, eq(reviewer.id, dbsStatusChecks.recordedBy))
        .where(inArray(dbsStatusChecks.verificationId, verificationIds))
        .orderBy(desc(dbsStatusChecks.checkedOn), desc(dbsStatusChecks.recordedAt));
    },

    async findDocument(id: string): Promise<DocumentRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select(documentColumns)
        .from(uploads)
        .where(and(eq(uploads.id, id), eq(uploads.kind, 'document')))
        .limit(1);
      return row;
    },

    /**
     * Records the decision only if the submission is still pending: of two admins deciding at
     * once, the second finds no pending row (the row lock makes it wait for the first) and gets
     * undefined.
     */
    async decide(id: string, decision: ReviewDecision): Promise<VerificationRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .update(v)
        .set(decisionColumns(decision))
        .where(and(eq(v.id, id), eq(v.status, 'pending')))
        .returning();
      return row;
    },
  };
}
export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
