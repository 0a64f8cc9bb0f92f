import { count, eq } from 'drizzle-orm';
import { DUE_QUEUE_DAYS, ukDay } from '@contracts/verification-compliance';
import type { Executor } from '../../db/client';
import { carerInsurance, carerVerifications } from '../../db/schema';
import type { ComplianceRepository } from './compliance.repository';
import { createComplianceRepository } from './compliance.repository';
import { addToDay, dueOf } from './compliance-rules';

/**
 * What falls due within DUE_QUEUE_DAYS of `now` (and anything overdue), each with its snapshot:
 * the admins' due queue and the overview's count are the same list.
 */
export async function dueWithinQueueDays(repository: ComplianceRepository, now: Date) {
  const horizon = addToDay(ukDay(now), { days: DUE_QUEUE_DAYS });
  const items = [];
  for (const snapshot of await repository.verifiedSnapshots()) {
    for (const item of dueOf(snapshot)) if (item.dueOn <= horizon) items.push({ snapshot, item });
  }
  return items;
}

/** The sizes of the admins' queues of feature verification, for the admin overview. */
export async function verificationQueueCounts(db: Executor, now: Date) {
  const [[checks], [insurance], due] = await Promise.all([
    db.select({ n: count() }).from(carerVerifications).where(eq(carerVerifications.status, 'pending')),
    db.select({ n: count() }).from(carerInsurance).where(eq(carerInsurance.status, 'pending')),
    dueWithinQueueDays(createComplianceRepository(db), now),
  ]);
  return { checksWaiting: checks?.n ?? 0, insuranceWaiting: insurance?.n ?? 0, dueSoon: due.length };
}
