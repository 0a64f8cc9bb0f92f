// Product §4's display rule for a family's subscription, shared by the signed-in home and /subscribe.
// Kept free of zod (type imports only) so the home page's chunk stays small.
import type { CurrentUser } from '@contracts/auth';

export type SubscriptionDisplayState = 'No Subscription' | 'Expired' | 'Active';

/**
 * No status or inactive → 'No Subscription'; active with an expiry in the past → 'Expired';
 * active → 'Active'. Other stored statuses count as no subscription.
 */
export function subscriptionDisplayState(
  user: Pick<CurrentUser, 'subscriptionStatus' | 'subscriptionExpiresAt'>,
  now: number = Date.now(),
): SubscriptionDisplayState {
  if (user.subscriptionStatus !== 'active') return 'No Subscription';
  return hasEnded(user.subscriptionExpiresAt, now) ? 'Expired' : 'Active';
}

/** True when an end date (ISO) is set and has passed. */
export function hasEnded(expiresAt: string | null, now: number = Date.now()): boolean {
  if (!expiresAt) return false;
  const time = new Date(expiresAt).getTime();
  return !Number.isNaN(time) && time <= now;
}
