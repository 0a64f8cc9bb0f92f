import {
  INSURANCE_GRACE_DAYS,
  STATUS_CHECK_MONTHS,
  type DueCheck,
  type LapsingCheck,
} from '@contracts/verification-compliance';
import { DBS_RENEWAL_YEARS } from '@contracts/verification';
import type { ComplianceSnapshot } from './compliance.repository';

/** 'YYYY-MM-DD' moved by whole days, months or years (UTC calendar arithmetic). */
export function addToDay(day: string, amount: { days?: number; months?: number; years?: number }): string {
  const at = new Date(`${day}T00:00:00Z`);
  if (amount.years) at.setUTCFullYear(at.getUTCFullYear() + amount.years);
  if (amount.months) at.setUTCMonth(at.getUTCMonth() + amount.months);
  if (amount.days) at.setUTCDate(at.getUTCDate() + amount.days);
  return at.toISOString().slice(0, 10);
}

/** The day a carer approved without insurance has to add it by. */
export const insuranceDueFrom = (today: string) => addToDay(today, { days: INSURANCE_GRACE_DAYS });

export interface Due {
  check: DueCheck;
  dueOn: string;
  /** Whether the carer leaves search on `dueOn` (required checks); false: reminders or admin task only. */
  lapses: boolean;
  /** What the reminders are about: one record, so a renewal starts its reminders afresh. */
  subject: string;
}

/**
 * What falls due for a carer with approved checks (docs/decisions/0028-compliance-lapse-rules.md):
 * a check lapses on its due day (today >= dueOn).
 */
export function dueOf(snapshot: ComplianceSnapshot): Due[] {
  const v = snapshot.verification;
  if (!v) return [];
  const due: Due[] = [];
  const reviewedDay = (v.reviewedAt ?? v.submittedAt).toISOString().slice(0, 10);
  if (!v.dbsUpdateService) {
    due.push({
      check: 'dbs',
      dueOn: addToDay(v.dbsIssueDate, { years: DBS_RENEWAL_YEARS }),
      lapses: true,
      subject: `dbs:${v.id}`,
    });
  } else {
    const last = snapshot.lastStatusCheck;
    if (last?.result === 'changed') {
      due.push({ check: 'dbs', dueOn: last.checkedOn, lapses: true, subject: `dbs:${v.id}` });
    }
    due.push({
      check: 'dbs_status_check',
      dueOn: addToDay(last?.checkedOn ?? reviewedDay, { months: STATUS_CHECK_MONTHS }),
      lapses: false,
      subject: `dbs_status_check:${v.id}:${last?.checkedOn ?? ''}`,
    });
  }
  if (v.rightToWorkExpiresOn) {
    due.push({
      check: 'right_to_work',
      dueOn: v.rightToWorkExpiresOn,
      lapses: true,
      subject: `right_to_work:${v.id}`,
    });
  }
  if (snapshot.publicLiabilityUntil) {
    due.push({
      check: 'public_liability',
      dueOn: snapshot.publicLiabilityUntil,
      lapses: true,
      subject: `public_liability:${snapshot.publicLiabilityUntil}`,
    });
  } else if (v.insuranceDueOn) {
    due.push({
      check: 'public_liability',
      dueOn: v.insuranceDueOn,
      lapses: true,
      subject: `public_liability:none:${v.id}`,
    });
  }
  if (snapshot.professionalIndemnityUntil) {
    due.push({
      check: 'professional_indemnity',
      dueOn: snapshot.professionalIndemnityUntil,
      lapses: false,
      subject: `professional_indemnity:${snapshot.professionalIndemnityUntil}`,
    });
  }
  return due.sort((a, b) => a.dueOn.localeCompare(b.dueOn));
}

/** The required checks past their due day on `today`. */
export function lapsedOn(
  snapshot: ComplianceSnapshot,
  today: string,
): { check: LapsingCheck; dueOn: string }[] {
  return dueOf(snapshot)
    .filter((item) => item.lapses && item.dueOn <= today)
    .map((item) => ({ check: item.check as LapsingCheck, dueOn: item.dueOn }));
}

/** Whole days from `today` to `day` (negative once past). */
export function daysUntil(day: string, today: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}
