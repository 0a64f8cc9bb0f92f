import { and, desc, eq } from 'drizzle-orm';
import { INSURANCE_LABELS, type InsuranceKind } from '@contracts/verification-compliance';
import { dayText } from '@contracts/records';
import { RIGHT_TO_WORK_LABELS, type RightToWorkMethod } from '@contracts/verification';
import type { Executor } from '../../db/client';
import {
  carerInsurance as ins,
  carerProfiles,
  carerVerifications as v,
  dbsStatusChecks,
} from '../../db/schema';
import { ukDate } from '../../platform/uk-time';

/** One of a carer's checks as a family's records print it: what, and the dates that matter. */
export interface CarerCheckRecord {
  check: string;
  detail: string;
  /** 'YYYY-MM-DD' CareMatch approved it (or last confirmed it), or null. */
  checkedOn: string | null;
  /** 'YYYY-MM-DD' it runs out, or null when it does not. */
  expiresOn: string | null;
}

/**
 * The checks behind a carer's Verified badge, with their dates, for a family's monthly statement:
 * the DBS check (its level, issue date and latest Update Service check), the right to work and
 * approved insurance. Never a certificate, policy or share-code number, nor a document.
 */
export async function carerChecksOf(db: Executor, carerUserId: string): Promise<CarerCheckRecord[]> {
  const [profile] = await db
    .select({ id: carerProfiles.id })
    .from(carerProfiles)
    .where(eq(carerProfiles.userId, carerUserId))
    .limit(1);
  if (!profile) return [];
  const checks: CarerCheckRecord[] = [];
  const [approved] = await db
    .select()
    .from(v)
    .where(and(eq(v.carerId, profile.id), eq(v.status, 'approved')))
    .orderBy(desc(v.reviewedAt), desc(v.submittedAt))
    .limit(1);
  if (approved) {
    const reviewedOn = approved.reviewedAt ? ukDate(approved.reviewedAt) : null;
    const [statusCheck] = await db
      .select({ checkedOn: dbsStatusChecks.checkedOn, result: dbsStatusChecks.result })
      .from(dbsStatusChecks)
      .where(eq(dbsStatusChecks.verificationId, approved.id))
      .orderBy(desc(dbsStatusChecks.checkedOn))
      .limit(1);
    const updateService = statusCheck
      ? `; DBS Update Service checked ${dayText(statusCheck.checkedOn)}: ${statusCheck.result === 'current' ? 'no new information' : 'the certificate no longer stands'}`
      : '';
    checks.push({
      check: `DBS check (${approved.dbsLevel})`,
      detail: `Certificate issued ${dayText(approved.dbsIssueDate)}${updateService}`,
      checkedOn: statusCheck?.checkedOn ?? reviewedOn,
      expiresOn: null,
    });
    checks.push({
      check: 'Right to work',
      detail: `Checked with: ${RIGHT_TO_WORK_LABELS[approved.rightToWorkMethod as RightToWorkMethod] ?? 'document'}${approved.rightToWorkExpiresOn ? '; time-limited permission' : ''}`,
      checkedOn: reviewedOn,
      expiresOn: approved.rightToWorkExpiresOn,
    });
  }
  const insurance = await db
    .selectDistinctOn([ins.kind])
    .from(ins)
    .where(and(eq(ins.carerId, profile.id), eq(ins.status, 'approved')))
    .orderBy(ins.kind, desc(ins.reviewedAt), desc(ins.id));
  for (const row of insurance) {
    checks.push({
      check: INSURANCE_LABELS[row.kind as InsuranceKind] ?? 'Insurance',
      detail: `Cover of £${row.coverPounds.toLocaleString('en-GB')} with ${row.insurer}`,
      checkedOn: row.reviewedAt ? ukDate(row.reviewedAt) : null,
      expiresOn: row.expiresOn,
    });
  }
  return checks;
}
