import {
  COMPLIANCE_MESSAGES,
  DBS_SCAN_RETENTION_MONTHS,
  DUE_QUEUE_DAYS,
  InsuranceInput,
  REMINDER_DAYS,
  ukDay,
  type AdminInsurance,
  type CheckSummary,
  type DbsStatusCheck,
  type DbsStatusCheckInput,
  type DueItem,
  type InsuranceKind,
  type LapsingCheck,
  type OwnCompliance,
  type OwnInsurance,
} from '@contracts/verification-compliance';
import { CARER_MESSAGES } from '@contracts/carers';
import { VERIFICATION_MESSAGES } from '@contracts/verification';
import type { Database, Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { enqueueEmail, type Mailer } from '../../platform/mailer';
import type { FileStorage } from '../../platform/storage';
import { createAuditRecorder } from '../audit';
import { assertEmailConfirmed } from '../auth';
import type { AdminActor } from './admin-actor';
import { familyNoticeEmail, insuranceDecisionEmail, lapsedEmail, reminderEmail } from './compliance-emails';
import {
  createComplianceRepository,
  type ComplianceRepository,
  type ComplianceSnapshot,
  type InsuranceRow,
  type InsuranceWithCarer,
} from './compliance.repository';
import { addToDay, daysUntil, dueOf, insuranceDueFrom, lapsedOn } from './compliance-rules';
import { documentUrl, type DocumentStore } from './document-store';
import { sniffDocumentType } from './documents';

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter((part) => part && part.trim()).join(' ') || 'Unnamed';

function toOwnInsurance(row: InsuranceRow): OwnInsurance {
  return {
    id: row.id,
    kind: row.kind as InsuranceKind,
    insurer: row.insurer,
    policyNumber: row.policyNumber,
    coverPounds: row.coverPounds,
    expiresOn: row.expiresOn,
    status: row.status as OwnInsurance['status'],
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
  };
}

function toAdminInsurance(row: InsuranceWithCarer): AdminInsurance {
  return {
    ...toOwnInsurance(row),
    carerId: row.carerId,
    carerName: fullName(row.carerFirstName, row.carerLastName),
    documentUrl: row.documentId ? documentUrl(row.documentId) : null,
    reviewedBy: row.reviewedBy ? fullName(row.reviewerFirstName, row.reviewerLastName) : null,
  };
}

function toDueItem(snapshot: ComplianceSnapshot, item: ReturnType<typeof dueOf>[number]): DueItem {
  return {
    carerId: snapshot.carerId,
    carerName: fullName(snapshot.carerFirstName, snapshot.carerLastName),
    check: item.check,
    dueOn: item.dueOn,
    lapses: item.lapses,
    verificationId: snapshot.verification?.id ?? null,
  };
}

/**
 * Settles a carer's standing after an approval, inside the caller's transaction
 * (docs/decisions/0028-compliance-lapse-rules.md): lapses the approval renewed are closed; the
 * Verified badge (and with it the listing) comes back only when no required check is past due.
 * Checks already past due open a lapse, so the carer's dashboard says why. Answers whether the
 * carer is Verified afterwards.
 */
export async function settleStanding(tx: Executor, carerId: string, at: Date): Promise<boolean> {
  const repository = createComplianceRepository(tx);
  const snapshot = await repository.snapshotOf(carerId);
  if (!snapshot) return false;
  const today = ukDay(at);
  const lapsed = lapsedOn(snapshot, today);
  const stillLapsed = new Set<string>(lapsed.map((item) => item.check));
  const open = await repository.openLapses(carerId);
  await repository.resolveLapses(
    carerId,
    open.map((lapse) => lapse.checkKind).filter((kind) => !stillLapsed.has(kind)),
    at,
  );
  for (const item of lapsed) {
    await repository.openLapse({ carerId, checkKind: item.check, dueOn: item.dueOn, lapsedAt: at });
  }
  const verified = lapsed.length === 0;
  await repository.setCarerVerified(carerId, verified, at);
  return verified;
}

/**
 * After checks are approved: a carer with no current public liability cover is given
 * INSURANCE_GRACE_DAYS to add it (recorded on the submission).
 */
export async function giveInsuranceGrace(tx: Executor, verificationId: string, carerId: string, at: Date) {
  const repository = createComplianceRepository(tx);
  const snapshot = await repository.snapshotOf(carerId);
  const today = ukDay(at);
  if (snapshot?.publicLiabilityUntil && snapshot.publicLiabilityUntil > today) return;
  await repository.setInsuranceDueOn(verificationId, insuranceDueFrom(today));
}

interface ComplianceDeps {
  repository: ComplianceRepository;
  db: Database;
  storage: FileStorage;
  mailer: Mailer;
  publicUrl: string;
  /** Scans, stores and records the insurance document. */
  documents: DocumentStore;
  now?: () => Date;
}

/** Insurance, status checks, reminders, lapses and retention (decision 0028). */
export function createComplianceService({
  repository,
  db,
  storage,
  mailer,
  publicUrl,
  documents,
  now = () => new Date(),
}: ComplianceDeps) {
  const dashboardUrl = `${publicUrl}/carer-dashboard`;

  async function profileOf(user: UserRow) {
    if (user.role !== 'carer') throw AppError.forbidden(CARER_MESSAGES.onlyCarers);
    const profile = await repository.findProfileByUserId(user.id);
    if (!profile) throw AppError.notFound(VERIFICATION_MESSAGES.noProfile);
    return profile;
  }

  async function insurance(id: string): Promise<AdminInsurance> {
    const row = await repository.findInsurance(id);
    if (!row) throw AppError.notFound(COMPLIANCE_MESSAGES.insuranceNotFound);
    return toAdminInsurance(row);
  }

  async function decideInsurance(
    id: string,
    actor: AdminActor,
    reason: string | null,
  ): Promise<AdminInsurance> {
    const existing = await repository.findInsurance(id);
    if (!existing) throw AppError.notFound(COMPLIANCE_MESSAGES.insuranceNotFound);
    const status = reason === null ? 'approved' : 'rejected';
    const at = now();
    await db.transaction(async (tx) => {
      const inTx = createComplianceRepository(tx);
      const decided = await inTx.decideInsurance(id, {
        status,
        reviewedBy: actor.user.id,
        reviewedAt: at,
        reason,
      });
      if (!decided) throw AppError.conflict(COMPLIANCE_MESSAGES.notPending);
      const before = await inTx.snapshotOf(decided.carerId);
      // Approved cover may bring back a carer whose insurance had lapsed. A carer without the
      // badge for another reason (never approved, or an admin took it away) is left as they are.
      const lapsed = (await inTx.openLapses(decided.carerId)).length > 0;
      const verified =
        status === 'approved' && before?.verification && (before.isVerified || lapsed)
          ? await settleStanding(tx, decided.carerId, at)
          : undefined;
      await createAuditRecorder(tx).record({
        actorId: actor.user.id,
        action: `insurance.${status}`,
        entityType: 'carer',
        entityId: decided.carerId,
        before: { status: 'pending', insuranceId: id, carerIsVerified: before?.isVerified ?? false },
        after: {
          status,
          insuranceId: id,
          kind: decided.kind,
          expiresOn: decided.expiresOn,
          // What the badge is now: a rejection (or approved cover that settles nothing) leaves it.
          carerIsVerified: verified ?? before?.isVerified ?? false,
          ...(reason === null ? {} : { rejectionReason: reason }),
        },
        ipAddress: actor.ipAddress ?? null,
      });
      if (existing.carerEmail) {
        await enqueueEmail(
          tx,
          insuranceDecisionEmail(existing.carerEmail, existing.carerFirstName, reason, dashboardUrl),
        );
      }
    });
    mailer.dispatchSoon();
    return insurance(id);
  }

  return {
    /** 403 for anyone but a carer, 404 without a profile, before the upload is read. */
    async assertCanSubmit(user: UserRow): Promise<void> {
      await profileOf(user);
      assertEmailConfirmed(user);
    },

    /** A carer's insurance with its document: scanned, stored and recorded as the checks' are. */
    async submitInsurance(
      user: UserRow,
      upload: { fields: Record<string, string>; document?: Buffer | undefined; tooLarge: boolean },
    ): Promise<OwnInsurance> {
      const profile = await profileOf(user);
      assertEmailConfirmed(user);
      const fieldErrors: Record<string, string> = {};
      const parsed = InsuranceInput.safeParse(upload.fields);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? '_')] ??= issue.message;
      } else if (parsed.data.expiresOn <= ukDay(now())) {
        fieldErrors.expiresOn = COMPLIANCE_MESSAGES.expiresOnPast;
      }
      const type = upload.document ? sniffDocumentType(upload.document) : undefined;
      if (upload.tooLarge) fieldErrors.document = VERIFICATION_MESSAGES.documentTooLarge;
      else if (!upload.document) fieldErrors.document = COMPLIANCE_MESSAGES.documentRequired;
      else if (!type) fieldErrors.document = VERIFICATION_MESSAGES.documentType;
      const first = Object.values(fieldErrors)[0];
      if (first !== undefined || !parsed.success || !type || !upload.document) {
        throw AppError.badRequest(first ?? COMPLIANCE_MESSAGES.documentRequired, fieldErrors);
      }
      const input = parsed.data;
      if (await repository.hasPendingInsurance(profile.id, input.kind)) {
        throw AppError.conflict(COMPLIANCE_MESSAGES.alreadyPending);
      }
      try {
        const row = await documents.keep(
          user.id,
          { document: { body: upload.document, type } },
          (tx, documentIds) =>
            createComplianceRepository(tx).insertInsurance({
              carerId: profile.id,
              kind: input.kind,
              insurer: input.insurer,
              policyNumber: input.policyNumber,
              coverPounds: input.coverPounds,
              expiresOn: input.expiresOn,
              documentId: documentIds.document!,
              submittedAt: now(),
            }),
        );
        return toOwnInsurance(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict(COMPLIANCE_MESSAGES.alreadyPending);
        throw error;
      }
    },

    /** The carer's dashboard: why they are out of search, what falls due, their insurance. */
    async mine(user: UserRow): Promise<OwnCompliance> {
      const profile = await profileOf(user);
      const [snapshot, lapses, insuranceRows] = await Promise.all([
        repository.snapshotOf(profile.id),
        repository.openLapses(profile.id),
        repository.latestInsurance(profile.id),
      ]);
      return {
        lapses: lapses.map((lapse) => ({
          check: lapse.checkKind as LapsingCheck,
          dueOn: lapse.dueOn,
          lapsedAt: lapse.lapsedAt.toISOString(),
          reason: COMPLIANCE_MESSAGES.lapseReasons[lapse.checkKind as LapsingCheck],
        })),
        due: snapshot
          ? dueOf(snapshot)
              .filter((item) => item.check !== 'dbs_status_check')
              .map((item) => toDueItem(snapshot, item))
          : [],
        insurance: insuranceRows.map(toOwnInsurance),
        checksRenewable:
          lapses.some((lapse) => lapse.checkKind !== 'public_liability') ||
          (snapshot !== undefined &&
            dueOf(snapshot).some(
              (item) =>
                (item.check === 'dbs' || item.check === 'right_to_work') &&
                item.dueOn <= addToDay(ukDay(now()), { days: DUE_QUEUE_DAYS }),
            )),
      };
    },

    async listInsurance(status: 'pending' | 'approved' | 'rejected' | 'all'): Promise<AdminInsurance[]> {
      return (await repository.listInsurance(status)).map(toAdminInsurance);
    },

    insurance,

    approveInsurance: (id: string, actor: AdminActor) => decideInsurance(id, actor, null),

    rejectInsurance: (id: string, actor: AdminActor, reason: string) => decideInsurance(id, actor, reason),

    /**
     * An admin's DBS Update Service status check on approved checks. 'changed' means the
     * certificate no longer stands: the carer's DBS check lapses at once.
     */
    async recordStatusCheck(
      verificationId: string,
      actor: AdminActor,
      input: DbsStatusCheckInput,
    ): Promise<DbsStatusCheck> {
      const verification = await repository.findVerification(verificationId);
      if (!verification) throw AppError.notFound(VERIFICATION_MESSAGES.verificationNotFound);
      if (verification.status !== 'approved' || !verification.dbsUpdateService) {
        throw AppError.conflict(COMPLIANCE_MESSAGES.statusCheckNotApproved);
      }
      const at = now();
      if (input.checkedOn > ukDay(at)) {
        throw AppError.badRequest(COMPLIANCE_MESSAGES.checkedOnFuture, {
          checkedOn: COMPLIANCE_MESSAGES.checkedOnFuture,
        });
      }
      const row = await db.transaction(async (tx) => {
        const inserted = await createComplianceRepository(tx).insertStatusCheck({
          verificationId,
          checkedOn: input.checkedOn,
          result: input.result,
          recordedBy: actor.user.id,
          recordedAt: at,
        });
        await createAuditRecorder(tx).record({
          actorId: actor.user.id,
          action: 'dbs-status-check.recorded',
          entityType: 'verification',
          entityId: verificationId,
          before: null,
          after: { checkedOn: input.checkedOn, result: input.result },
          ipAddress: actor.ipAddress ?? null,
        });
        return inserted;
      });
      if (input.result === 'changed') await this.lapseDue();
      return {
        id: row.id,
        verificationId: row.verificationId,
        checkedOn: row.checkedOn,
        result: row.result as DbsStatusCheck['result'],
        recordedBy: fullName(actor.user.firstName, actor.user.lastName),
        recordedAt: row.recordedAt.toISOString(),
      };
    },

    /** The admins' queue: what falls due within DUE_QUEUE_DAYS (and anything overdue), soonest first. */
    async dueQueue(): Promise<DueItem[]> {
      const horizon = addToDay(ukDay(now()), { days: DUE_QUEUE_DAYS });
      const items: DueItem[] = [];
      for (const snapshot of await repository.verifiedSnapshots()) {
        for (const item of dueOf(snapshot)) if (item.dueOn <= horizon) items.push(toDueItem(snapshot, item));
      }
      return items.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.carerName.localeCompare(b.carerName));
    },

    /**
     * Housekeeping: each Verified carer is emailed REMINDER_DAYS before a check of theirs falls
     * due, each reminder once (a carer first seen inside 7 days gets only the 7-day one).
     */
    async sendReminders(): Promise<number> {
      const at = now();
      const today = ukDay(at);
      let sent = 0;
      for (const snapshot of await repository.verifiedSnapshots()) {
        if (!snapshot.carerEmail) continue;
        for (const item of dueOf(snapshot)) {
          if (item.check === 'dbs_status_check') continue;
          const days = daysUntil(item.dueOn, today);
          if (days <= 0) continue;
          const notice = [...REMINDER_DAYS].sort((a, b) => a - b).find((limit) => days <= limit);
          if (notice === undefined) continue;
          const email = reminderEmail(
            snapshot.carerEmail,
            snapshot.carerFirstName,
            item.check,
            item.dueOn,
            days,
            dashboardUrl,
            item.subject.startsWith('public_liability:none:'),
          );
          const claimed = await db.transaction(async (tx) => {
            const won = await createComplianceRepository(tx).claimReminder({
              carerId: snapshot.carerId,
              subject: item.subject,
              dueOn: item.dueOn,
              notice: String(notice),
              sentAt: at,
            });
            if (won) await enqueueEmail(tx, email);
            return won;
          });
          if (claimed) sent += 1;
        }
      }
      if (sent > 0) mailer.dispatchSoon();
      return sent;
    },

    /**
     * Housekeeping: a Verified carer with a required check past due leaves search and loses the
     * badge, in one transaction with the audit entry, the carer's email (why) and the families'
     * (that the checks need renewing, not which).
     */
    async lapseDue(): Promise<number> {
      const at = now();
      const today = ukDay(at);
      let lapsedCarers = 0;
      for (const snapshot of await repository.verifiedSnapshots()) {
        const lapsed = lapsedOn(snapshot, today);
        if (lapsed.length === 0) continue;
        const done = await db.transaction(async (tx) => {
          const inTx = createComplianceRepository(tx);
          // Another run may have got here first: only the one that clears the badge goes on.
          if (!(await inTx.setCarerVerified(snapshot.carerId, false, at))) return false;
          for (const item of lapsed) {
            await inTx.openLapse({
              carerId: snapshot.carerId,
              checkKind: item.check,
              dueOn: item.dueOn,
              lapsedAt: at,
            });
          }
          await createAuditRecorder(tx).record({
            actorId: null,
            action: 'compliance.lapsed',
            entityType: 'carer',
            entityId: snapshot.carerId,
            before: { carerIsVerified: true },
            after: {
              carerIsVerified: false,
              lapsed: lapsed.map((item) => ({ check: item.check, dueOn: item.dueOn })),
            },
            ipAddress: null,
          });
          if (snapshot.carerEmail) {
            await enqueueEmail(
              tx,
              lapsedEmail(
                snapshot.carerEmail,
                snapshot.carerFirstName,
                lapsed.map((item) => item.check),
                dashboardUrl,
              ),
            );
          }
          for (const family of await inTx.familiesOf(snapshot.carerId)) {
            await enqueueEmail(
              tx,
              familyNoticeEmail(family.email, family.firstName, snapshot.carerFirstName),
            );
          }
          return true;
        });
        if (done) lapsedCarers += 1;
      }
      if (lapsedCarers > 0) mailer.dispatchSoon();
      return lapsedCarers;
    },

    /**
     * Housekeeping: DBS certificate scans go DBS_SCAN_RETENTION_MONTHS after the decision on them;
     * the submission (what was seen, when, by whom) stays, with the time the scan went.
     */
    async deleteExpiredScans(): Promise<number> {
      const at = now();
      const cutoff = new Date(at);
      cutoff.setUTCMonth(cutoff.getUTCMonth() - DBS_SCAN_RETENTION_MONTHS);
      let deleted = 0;
      for (const scan of await repository.dbsScansDecidedBefore(cutoff)) {
        await db.transaction(async (tx) => {
          await createComplianceRepository(tx).forgetDbsScan(scan.verificationId, scan.documentId!, at);
          await createAuditRecorder(tx).record({
            actorId: null,
            action: 'verification.dbs-scan-deleted',
            entityType: 'verification',
            entityId: scan.verificationId,
            before: null,
            after: { retentionMonths: DBS_SCAN_RETENTION_MONTHS },
            ipAddress: null,
          });
        });
        // After the commit: a failed delete leaves an orphan file, never a row without its file.
        await storage.delete(scan.storageKey).catch(() => {});
        deleted += 1;
      }
      return deleted;
    },

    /**
     * Housekeeping: right-to-work evidence of carers who left goes once its legal period
     * (RIGHT_TO_WORK_RETENTION_YEARS after they left) is over: the record, then its scan.
     */
    async deleteExpiredRightToWork(): Promise<number> {
      const due = await repository.rightToWorkRecordsDue(now());
      for (const record of due) {
        await repository.deleteRightToWorkRecord(record.id);
        if (record.key) await storage.delete(record.key).catch(() => {});
      }
      return due.length;
    },

    /** What a visitor sees of a Verified carer's checks: the dates only. */
    async summaryFor(profile: { id: string; isVerified: boolean }): Promise<CheckSummary | null> {
      if (!profile.isVerified) return null;
      const snapshot = await repository.snapshotOf(profile.id);
      const v = snapshot?.verification;
      if (!snapshot || !v) return null;
      return {
        checkedOn: ukDay(v.reviewedAt ?? v.submittedAt),
        insuredUntil: snapshot.publicLiabilityUntil,
      };
    },
  };
}
export type ComplianceService = ReturnType<typeof createComplianceService>;
