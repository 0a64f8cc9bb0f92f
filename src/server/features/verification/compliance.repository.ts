import {
  aliasedTable,
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  max,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  arrangements,
  carerInsurance as ins,
  carerProfiles,
  carerVerifications as v,
  complianceLapses,
  complianceReminders,
  conversations,
  dbsStatusChecks,
  rightToWorkRecords,
  uploads,
  users,
} from '../../db/schema';
import { isUuid } from '../../platform/ids';
import { createUploadsRepository } from '../../platform/uploads.repository';
import { createCarerProfilesStore } from '../carers';
import { decisionColumns, type ReviewDecision } from './verification.repository';

export type InsuranceRow = typeof ins.$inferSelect;
export type StatusCheckRow = typeof dbsStatusChecks.$inferSelect;
export type LapseRow = typeof complianceLapses.$inferSelect;

/** What decides a carer's standing: their latest approved checks, status check and cover. */
export interface ComplianceSnapshot {
  carerId: string;
  carerFirstName: string;
  carerLastName: string;
  carerUserId: string | null;
  carerEmail: string | null;
  isVerified: boolean;
  verification: {
    id: string;
    dbsIssueDate: string;
    dbsUpdateService: boolean;
    rightToWorkExpiresOn: string | null;
    insuranceDueOn: string | null;
    reviewedAt: Date | null;
    submittedAt: Date;
  } | null;
  lastStatusCheck: { checkedOn: string; result: string } | null;
  publicLiabilityUntil: string | null;
  professionalIndemnityUntil: string | null;
}

export interface InsuranceWithCarer extends InsuranceRow {
  carerFirstName: string;
  carerLastName: string;
  carerEmail: string | null;
  reviewerFirstName: string | null;
  reviewerLastName: string | null;
}

const reviewer = aliasedTable(users, 'reviewer');

export function createComplianceRepository(db: Executor) {
  /** Snapshots of the carers matching `where` on carer_profiles (and having approved checks). */
  async function snapshots(where: SQL | undefined): Promise<ComplianceSnapshot[]> {
    const approved = await db
      .selectDistinctOn([v.carerId], {
        carerId: v.carerId,
        id: v.id,
        dbsIssueDate: v.dbsIssueDate,
        dbsUpdateService: v.dbsUpdateService,
        rightToWorkExpiresOn: v.rightToWorkExpiresOn,
        insuranceDueOn: v.insuranceDueOn,
        reviewedAt: v.reviewedAt,
        submittedAt: v.submittedAt,
        carerFirstName: carerProfiles.firstName,
        carerLastName: carerProfiles.lastName,
        carerUserId: carerProfiles.userId,
        carerEmail: users.email,
        isVerified: carerProfiles.isVerified,
      })
      .from(v)
      .innerJoin(carerProfiles, eq(carerProfiles.id, v.carerId))
      .leftJoin(users, eq(users.id, carerProfiles.userId))
      .where(and(eq(v.status, 'approved'), where))
      .orderBy(v.carerId, sql`${v.reviewedAt} desc nulls last`, desc(v.submittedAt));
    if (approved.length === 0) return [];
    const carerIds = approved.map((row) => row.carerId);
    const [checks, cover] = await Promise.all([
      db
        .selectDistinctOn([dbsStatusChecks.verificationId], {
          verificationId: dbsStatusChecks.verificationId,
          checkedOn: dbsStatusChecks.checkedOn,
          result: dbsStatusChecks.result,
        })
        .from(dbsStatusChecks)
        .where(
          inArray(
            dbsStatusChecks.verificationId,
            approved.map((row) => row.id),
          ),
        )
        .orderBy(
          dbsStatusChecks.verificationId,
          desc(dbsStatusChecks.checkedOn),
          desc(dbsStatusChecks.recordedAt),
        ),
      db
        .select({ carerId: ins.carerId, kind: ins.kind, until: max(ins.expiresOn) })
        .from(ins)
        .where(and(inArray(ins.carerId, carerIds), eq(ins.status, 'approved')))
        .groupBy(ins.carerId, ins.kind),
    ]);
    const checkOf = new Map(checks.map((row) => [row.verificationId, row]));
    const coverOf = (carerId: string, kind: string) =>
      cover.find((row) => row.carerId === carerId && row.kind === kind)?.until ?? null;
    return approved.map((row) => ({
      carerId: row.carerId,
      carerFirstName: row.carerFirstName,
      carerLastName: row.carerLastName,
      carerUserId: row.carerUserId,
      carerEmail: row.carerEmail,
      isVerified: row.isVerified,
      verification: {
        id: row.id,
        dbsIssueDate: row.dbsIssueDate,
        dbsUpdateService: row.dbsUpdateService,
        rightToWorkExpiresOn: row.rightToWorkExpiresOn,
        insuranceDueOn: row.insuranceDueOn,
        reviewedAt: row.reviewedAt,
        submittedAt: row.submittedAt,
      },
      lastStatusCheck: checkOf.get(row.id) ?? null,
      publicLiabilityUntil: coverOf(row.carerId, 'public_liability'),
      professionalIndemnityUntil: coverOf(row.carerId, 'professional_indemnity'),
    }));
  }

  const selectInsuranceWithCarer = () =>
    db
      .select({
        insurance: ins,
        carerFirstName: carerProfiles.firstName,
        carerLastName: carerProfiles.lastName,
        carerEmail: users.email,
        reviewerFirstName: reviewer.firstName,
        reviewerLastName: reviewer.lastName,
      })
      .from(ins)
      .innerJoin(carerProfiles, eq(carerProfiles.id, ins.carerId))
      .leftJoin(users, eq(users.id, carerProfiles.userId))
      .leftJoin(reviewer, eq(reviewer.id, ins.reviewedBy));
  type InsuranceJoin = Awaited<ReturnType<ReturnType<typeof selectInsuranceWithCarer>['execute']>>[number];
  const flatten = (row: InsuranceJoin): InsuranceWithCarer => ({
    ...row.insurance,
    carerFirstName: row.carerFirstName,
    carerLastName: row.carerLastName,
    carerEmail: row.carerEmail,
    reviewerFirstName: row.reviewerFirstName,
    reviewerLastName: row.reviewerLastName,
  });

  return {
    /** The carers listed as Verified: who reminders and lapses are for. */
    verifiedSnapshots: () => snapshots(eq(carerProfiles.isVerified, true)),

    async snapshotOf(carerId: string): Promise<ComplianceSnapshot | undefined> {
      const [row] = await snapshots(eq(carerProfiles.id, carerId));
      return row;
    },

    async insertInsurance(values: typeof ins.$inferInsert): Promise<InsuranceRow> {
      const [row] = await db.insert(ins).values(values).returning();
      if (!row) throw new Error('insert into carer_insurance returned no row');
      return row;
    },

    async hasPendingInsurance(carerId: string, kind: string): Promise<boolean> {
      const [row] = await db
        .select({ id: ins.id })
        .from(ins)
        .where(and(eq(ins.carerId, carerId), eq(ins.kind, kind), eq(ins.status, 'pending')))
        .limit(1);
      return row !== undefined;
    },

    /** The latest record of each kind for the carer. */
    async latestInsurance(carerId: string): Promise<InsuranceRow[]> {
      return db
        .selectDistinctOn([ins.kind])
        .from(ins)
        .where(eq(ins.carerId, carerId))
        .orderBy(ins.kind, desc(ins.submittedAt), desc(ins.id));
    },

    async listInsurance(status: 'pending' | 'approved' | 'rejected' | 'all', limit = 200) {
      const ascending = status === 'pending';
      const order = ascending ? asc : desc;
      const rows = await selectInsuranceWithCarer()
        .where(status === 'all' ? undefined : eq(ins.status, status))
        .orderBy(order(ins.submittedAt), order(ins.id))
        .limit(limit);
      return rows.map(flatten);
    },

    async findInsurance(id: string): Promise<InsuranceWithCarer | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await selectInsuranceWithCarer().where(eq(ins.id, id)).limit(1);
      return row ? flatten(row) : undefined;
    },

    /** Records the decision only if still pending (the second of two admins gets undefined). */
    async decideInsurance(id: string, decision: ReviewDecision): Promise<InsuranceRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .update(ins)
        .set(decisionColumns(decision))
        .where(and(eq(ins.id, id), eq(ins.status, 'pending')))
        .returning();
      return row;
    },

    async findVerification(id: string) {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(v).where(eq(v.id, id)).limit(1);
      return row;
    },

    async setInsuranceDueOn(verificationId: string, dueOn: string): Promise<void> {
      await db.update(v).set({ insuranceDueOn: dueOn }).where(eq(v.id, verificationId));
    },

    async insertStatusCheck(values: typeof dbsStatusChecks.$inferInsert): Promise<StatusCheckRow> {
      const [row] = await db.insert(dbsStatusChecks).values(values).returning();
      if (!row) throw new Error('insert into dbs_status_checks returned no row');
      return row;
    },

    async statusChecks(verificationId: string): Promise<StatusCheckRow[]> {
      return db
        .select()
        .from(dbsStatusChecks)
        .where(eq(dbsStatusChecks.verificationId, verificationId))
        .orderBy(desc(dbsStatusChecks.checkedOn), desc(dbsStatusChecks.recordedAt));
    },

    /** Marks a reminder sent; false when it already was (each is sent once). */
    async claimReminder(values: {
      carerId: string;
      subject: string;
      dueOn: string;
      notice: string;
      sentAt: Date;
    }) {
      const rows = await db.insert(complianceReminders).values(values).onConflictDoNothing().returning({
        carerId: complianceReminders.carerId,
      });
      return rows.length > 0;
    },

    async openLapses(carerId: string): Promise<LapseRow[]> {
      return db
        .select()
        .from(complianceLapses)
        .where(and(eq(complianceLapses.carerId, carerId), isNull(complianceLapses.resolvedAt)))
        .orderBy(complianceLapses.lapsedAt);
    },

    /** Opens a lapse; false when one for that check is already open. */
    async openLapse(values: { carerId: string; checkKind: string; dueOn: string; lapsedAt: Date }) {
      const rows = await db
        .insert(complianceLapses)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: complianceLapses.id });
      return rows.length > 0;
    },

    async resolveLapses(carerId: string, checkKinds: string[], at: Date): Promise<number> {
      if (checkKinds.length === 0) return 0;
      const rows = await db
        .update(complianceLapses)
        .set({ resolvedAt: at })
        .where(
          and(
            eq(complianceLapses.carerId, carerId),
            inArray(complianceLapses.checkKind, checkKinds),
            isNull(complianceLapses.resolvedAt),
          ),
        )
        .returning({ id: complianceLapses.id });
      return rows.length;
    },

    /** Sets or clears the Verified badge (and the rank score it is part of); true when it changed. */
    setCarerVerified: (carerId: string, verified: boolean, at: Date) =>
      createCarerProfilesStore(db).setVerified(carerId, verified, at),

    /**
     * The families to tell when a carer's checks need renewing: customers with an accepted
     * arrangement or a conversation with them, each once, with an address.
     */
    async familiesOf(carerId: string): Promise<{ email: string; firstName: string | null }[]> {
      const customerIds = db
        .select({ id: conversations.customerId })
        .from(conversations)
        .where(and(eq(conversations.carerId, carerId), isNotNull(conversations.customerId)))
        .union(
          db
            .select({ id: arrangements.customerId })
            .from(arrangements)
            .where(
              and(
                eq(arrangements.carerId, carerId),
                eq(arrangements.status, 'accepted'),
                isNotNull(arrangements.customerId),
              ),
            ),
        );
      return db
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(and(inArray(users.id, customerIds), eq(users.role, 'customer')))
        .orderBy(users.id);
    },

    /** Decided submissions whose DBS scan is older than `decidedBefore` and still stored. */
    async dbsScansDecidedBefore(decidedBefore: Date, limit = 100) {
      return db
        .select({ verificationId: v.id, documentId: v.dbsDocumentId, storageKey: uploads.storageKey })
        .from(v)
        .innerJoin(uploads, eq(uploads.id, v.dbsDocumentId))
        .where(and(ne(v.status, 'pending'), isNotNull(v.dbsDocumentId), lt(v.reviewedAt, decidedBefore)))
        .orderBy(v.reviewedAt)
        .limit(limit);
    },

    /** Right-to-work records of carers who left, past their retention. */
    async rightToWorkRecordsDue(now: Date, limit = 100) {
      return db
        .select({ id: rightToWorkRecords.id, key: rightToWorkRecords.documentStorageKey })
        .from(rightToWorkRecords)
        .where(lt(rightToWorkRecords.deleteAfter, now))
        .orderBy(rightToWorkRecords.deleteAfter)
        .limit(limit);
    },

    async deleteRightToWorkRecord(id: string): Promise<void> {
      await db.delete(rightToWorkRecords).where(eq(rightToWorkRecords.id, id));
    },

    /** Forgets one DBS scan's upload row (the caller deletes the file); the submission stays. */
    async forgetDbsScan(verificationId: string, documentId: string, at: Date): Promise<void> {
      await db
        .update(v)
        .set({ dbsDocumentId: null, dbsDocumentDeletedAt: at })
        .where(eq(v.id, verificationId));
      // The upload row goes unless something else still refers to it.
      await createUploadsRepository(db).deleteByIdUnless(
        documentId,
        sql`exists (select 1 from ${v} where ${or(
          eq(v.dbsDocumentId, documentId),
          eq(v.rightToWorkDocumentId, documentId),
          eq(v.photoIdDocumentId, documentId),
        )})`,
      );
    },
  };
}
export type ComplianceRepository = ReturnType<typeof createComplianceRepository>;
