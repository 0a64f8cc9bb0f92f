import type { UserRow } from '../../db/schema';

/**
 * The one rule of who has access (product §4; product.md, difference 3), used by every part of the server:
 * status 'active' and an expiry that has not passed. A plan whose expiry has passed counts as not
 * subscribed at once, whatever the stored status says; no job has to run first. A refund cuts the
 * same two columns back in the refund's own transaction (cooling-off), so this is also "a plan
 * currently running and not refunded" (decision 0029, "A refund takes back what it paid for").
 */
export function hasActiveSubscription(
  user: Pick<UserRow, 'subscriptionStatus' | 'subscriptionExpiresAt'>,
  now: Date,
): boolean {
  return (
    user.subscriptionStatus === 'active' && (!user.subscriptionExpiresAt || user.subscriptionExpiresAt > now)
  );
}

/**
 * The one paywall predicate for what people write to a family (product.md, difference 13): a message (a
 * carer's answer to a care request is one) from anyone but the viewer is held back from a family
 * without an active plan, on every channel that could carry it: the thread, the inbox, the answers
 * on their care requests, the data export (JSON and CSV). Live events and emails never carry a
 * message's words at all. What a family wrote stays theirs; carers and admins are never held to it.
 * No earlier unlock (having written in the conversation, a plan that has ended or was refunded)
 * outlives the plan: only a plan running now opens the words.
 */
export function isHeldBack(
  viewer: Pick<UserRow, 'id' | 'role' | 'subscriptionStatus' | 'subscriptionExpiresAt'>,
  message: { senderId: string | null },
  now: Date,
): boolean {
  return viewer.role === 'customer' && message.senderId !== viewer.id && !hasActiveSubscription(viewer, now);
}
