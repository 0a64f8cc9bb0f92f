import { ukDay } from '@contracts/verification-compliance';
import type { Executor } from '../../db/client';
import { enqueueEmail } from '../../platform/mailer';
import { createAuditRecorder } from '../audit';
import { familyNoticeEmail, lapsedEmail } from './compliance-emails';
import { createComplianceRepository } from './compliance.repository';
import { insuranceDueFrom, lapsedOn } from './compliance-rules';
import type { ComplianceRunDeps } from './compliance-reminders';

// A carer's standing (decision 0028): checks past due take the Verified badge and the listing
// away; an approval gives them back once nothing is past due.

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

/** The housekeeping run that lapses carers whose required checks are past due. */
export function createComplianceLapses({ repository, db, mailer, dashboardUrl, now }: ComplianceRunDeps) {
  return {
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
  };
}
