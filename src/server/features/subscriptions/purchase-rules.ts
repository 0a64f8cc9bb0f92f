import { PLAN_RENEWAL_WINDOW_DAYS, SUBSCRIPTION_MESSAGES, type PaymentPlan } from '@contracts/subscriptions';
import type { SubscriptionType } from '@contracts/pricing';
import type { UserRow } from '../../db/schema';
import { addCalendarMonths, laterOf } from '../../platform/calendar';
import { PLAN_TERMS } from './plans';
import { hasActiveSubscription } from './subscription-access';
import type { SubscriptionsRepository } from './subscriptions.repository';

const WINDOW_MS = PLAN_RENEWAL_WINDOW_DAYS * 24 * 3_600_000;

/**
 * The rules of buying a plan (docs/decisions/0006-payments.md, 0018-one-plan-at-a-time.md): one plan
 * at a time. Answers the message of the rule a purchase breaks, or undefined when it may go ahead.
 *
 * Checked twice: when a payment starts (a quick answer, on the session's copy of the account), and
 * when it is confirmed, on the account row locked FOR UPDATE in the transaction that activates the
 * plan. Only the second check is binding: confirmations of several plans at once queue on that
 * lock, so the second one sees the first one's plan, whichever database serves them.
 *
 * `ownSubscriptionId`: the subscription the payment being confirmed would start, which does not
 * count against itself.
 */
export async function purchaseRefusal(
  repository: SubscriptionsRepository,
  user: UserRow,
  plan: PaymentPlan,
  at: Date,
  ownSubscriptionId?: string,
): Promise<string | undefined> {
  if (plan === 'carer_membership') {
    const live = await repository.findLiveBillingSubscription(user.id, 'carer_membership', ownSubscriptionId);
    return live && !live.cancelAtPeriodEnd ? SUBSCRIPTION_MESSAGES.membershipAlreadyActive : undefined;
  }
  if (!hasActiveSubscription(user, at)) return undefined;
  if (user.subscriptionType === 'monthly') {
    const monthly = await repository.findLiveBillingSubscription(
      user.id,
      'customer_monthly',
      ownSubscriptionId,
    );
    if (monthly && !monthly.cancelAtPeriodEnd) return SUBSCRIPTION_MESSAGES.monthlyAlreadyRenews;
  }
  // A new Monthly plan would charge now for a month the person already has.
  if (plan === 'monthly') return SUBSCRIPTION_MESSAGES.accessStillActive;
  // A one-time plan carries on from the current expiry, but only near its end: earlier it is a
  // second plan bought on top of the first (two tabs, two clicks), not a renewal.
  const remaining = (user.subscriptionExpiresAt?.getTime() ?? 0) - at.getTime();
  return remaining > WINDOW_MS ? SUBSCRIPTION_MESSAGES.planStillActive : undefined;
}

/**
 * The end of access a plan paid at `at` gives (decision 0006): a one-time plan adds its calendar
 * months to the later of now and access that still runs; Monthly's first period is a month.
 * The checkout shows it before the person pays (decision 0027); payment-events.ts grants it.
 */
export function expiryIfPaid(user: UserRow, plan: SubscriptionType, at: Date): Date {
  if (plan === 'monthly') return addCalendarMonths(at, PLAN_TERMS.monthly.months);
  const from = hasActiveSubscription(user, at) ? laterOf(user.subscriptionExpiresAt, at) : at;
  return addCalendarMonths(from, PLAN_TERMS[plan].months);
}
