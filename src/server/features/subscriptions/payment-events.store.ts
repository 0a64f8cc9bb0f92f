import type { Executor } from '../../db/client';
import { createSubscriptionsRepository } from './subscriptions.repository';

/**
 * The provider events already applied (`payment_events`), for another feature that applies events
 * of the same provider (money for care's Connect events): one record of what was applied, so a
 * redelivered event is recognised whichever feature handles it, and the same housekeeping
 * forgets old ones.
 */
export function createPaymentEventsStore(executor: Executor) {
  const repository = createSubscriptionsRepository(executor);
  return {
    /** Records the event inside the caller's transaction; false when it was recorded before. */
    recordEvent: (provider: string, eventId: string, type: string): Promise<boolean> =>
      repository.recordEvent(provider, eventId, type),
  };
}
