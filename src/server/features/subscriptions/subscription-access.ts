import type { UserRow } from '../../db/schema';

/**
 * The one rule of who has access (SPEC 4, DESIGN point 3), used by every part of the server:
 * status 'active' and an expiry that has not passed. A plan whose expiry has passed counts as not
 * subscribed at once, whatever the stored status says; no job has to run first.
 */
export function hasActiveSubscription(
  user: Pick<UserRow, 'subscriptionStatus' | 'subscriptionExpiresAt'>,
  now: Date,
): boolean {
  return (
    user.subscriptionStatus === 'active' && (!user.subscriptionExpiresAt || user.subscriptionExpiresAt > now)
  );
}
