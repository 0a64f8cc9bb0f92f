import type { PaymentPlan } from '@contracts/subscriptions';
import type { PaymentRow, UserRow } from '../../db/schema';
import { addCalendarMonths } from '../../platform/calendar';
import { PLAN_TERMS } from './plans';
import type { SubscriptionsRepository } from './subscriptions.repository';

/** What a paid payment bought: from `start` to `end`. */
export interface PaidPeriod {
  start: Date;
  end: Date;
}

/**
 * The period a paid payment bought: its plan's months ending at its `period_end`, never before it
 * was paid. An extension (decision 0018) or a renewal began where the earlier period ended, so the
 * days before it belong to the payment that bought them.
 */
export function paidPeriod(
  payment: Pick<PaymentRow, 'plan' | 'paidAt' | 'periodEnd'>,
): PaidPeriod | undefined {
  const terms = PLAN_TERMS[payment.plan as PaymentPlan];
  if (!terms || !payment.paidAt) return undefined;
  const end = payment.periodEnd ?? addCalendarMonths(payment.paidAt, terms.months);
  const fromEnd = addCalendarMonths(end, -terms.months);
  return { start: fromEnd > payment.paidAt ? fromEnd : payment.paidAt, end };
}

/**
 * Where access (or a listing) running to `until` ends once a refunded period is taken out of it:
 * the period's days not yet used are removed, and days a later payment added after it (they began
 * where it ended) move earlier by as much, so what was paid for separately is kept whole.
 */
export function untilWithout(until: Date, period: PaidPeriod, at: Date): Date {
  const from = Math.max(period.start.getTime(), at.getTime());
  const removed = Math.max(0, Math.min(until.getTime(), period.end.getTime()) - from);
  return new Date(until.getTime() - removed);
}

export interface TakenBack {
  /** The access's (or the listing's) end before and after; null when nothing ran on it. */
  before: Date | null;
  after: Date | null;
  /** Whether access (or the listing) still runs after `at`, bought by other payments. */
  stillRuns: boolean;
}

/**
 * A refund takes back what it paid for (decision 0029, point 8): the access (a family's plan) or
 * the listing (a carer's membership) the refunded payment bought ends, in the caller's transaction
 * with the refund's record, the account locked by the caller. Access bought by other payments
 * (the plan it extended, an extension bought after it) runs on. Applied once per payment: callers
 * call it only on the payment's move to refunded.
 */
export async function takeBackAccess(
  repository: SubscriptionsRepository,
  user: UserRow,
  payment: Pick<PaymentRow, 'plan' | 'paidAt' | 'periodEnd'>,
  at: Date,
): Promise<TakenBack> {
  const period = paidPeriod(payment);
  if (payment.plan === 'carer_membership') {
    const listedUntil = (await repository.findCarerProfile(user.id))?.listedUntil ?? null;
    if (!period || !listedUntil) return { before: listedUntil, after: listedUntil, stillRuns: false };
    const after = untilWithout(listedUntil, period, at);
    if (after < listedUntil) await repository.shortenListing(user.id, after);
    return { before: listedUntil, after, stillRuns: after > at };
  }
  const before = user.subscriptionExpiresAt;
  // Access without an end (an admin's grant) or already ended was not bought by this payment.
  if (!period || !before || user.subscriptionStatus !== 'active') {
    return { before, after: before, stillRuns: false };
  }
  const after = untilWithout(before, period, at);
  const stillRuns = after > at;
  if (after.getTime() === before.getTime()) return { before, after, stillRuns };
  await repository.setAccess(
    user.id,
    stillRuns
      ? {
          subscriptionStatus: 'active',
          subscriptionType: user.subscriptionType,
          subscriptionExpiresAt: after,
        }
      : { subscriptionStatus: 'inactive', subscriptionType: null, subscriptionExpiresAt: at },
    at,
  );
  return { before, after: stillRuns ? after : at, stillRuns };
}
