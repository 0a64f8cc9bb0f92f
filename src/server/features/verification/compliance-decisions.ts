import {
  COMPLIANCE_MESSAGES,
  ukDay,
  type AdminInsurance,
  type DbsStatusCheck,
  type DbsStatusCheckInput,
  type DueItem,
} from '@contracts/verification-compliance';
import { VERIFICATION_MESSAGES } from '@contracts/verification';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import { enqueueEmail, type Mailer } from '../../platform/mailer';
import { createAuditRecorder } from '../audit';
import type { AdminActor } from './admin-actor';
import { insuranceDecisionEmail } from './compliance-emails';
import { settleStanding } from './compliance-lapses';
import { createComplianceRepository, type ComplianceRepository } from './compliance.repository';
import { toAdminInsurance, toDueItem } from './compliance-views';
import { dueWithinQueueDays } from './queue-counts';
import { fullName } from './people';

/** The admins' side of compliance: insurance decisions, DBS status checks, the due queue. */
export function createComplianceDecisions({
  repository,
  db,
  mailer,
  dashboardUrl,
  now,
  lapseDue,
}: {
  repository: ComplianceRepository;
  db: Database;
  mailer: Mailer;
  dashboardUrl: string;
  now: () => Date;
  /** The lapse run, for a status check that finds the certificate changed. */
  lapseDue: () => Promise<number>;
}) {
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
      if (input.result === 'changed') await lapseDue();
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
      const items: DueItem[] = (await dueWithinQueueDays(repository, now())).map(({ snapshot, item }) =>
        toDueItem(snapshot, item),
      );
      return items.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.carerName.localeCompare(b.carerName));
    },
  };
}
