// Queries shared by every page that takes a payment (checkout, /subscribe, the carer dashboard).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { CarerMembership } from '@contracts/subscriptions';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { endpointKey, endpointQuery } from '@web/lib/query-keys';
import { myProfileQueryKey } from '@web/lib/own-carer-profile';

export const subscriptionStatusQueryKey = endpointKey(endpoints.subscriptions.getStatus);
export const paymentHistoryQueryKey = endpointKey(endpoints.subscriptions.getPayments);
export const carerMembershipQueryKey = endpointKey(endpoints.subscriptions.getCarerMembership);

/** A family's plan: the subscription page, Settings and the checkout all ask it. */
export function subscriptionStatusQueryOptions() {
  return endpointQuery(endpoints.subscriptions.getStatus);
}

/** A carer's membership: the dashboard and Settings both show it. */
export function carerMembershipQueryOptions() {
  return endpointQuery(endpoints.subscriptions.getCarerMembership);
}

/** Which payment form to show: the demo card form or Stripe's Payment Element. */
export function usePaymentsConfig() {
  return useQuery(endpointQuery(endpoints.subscriptions.getPaymentsConfig));
}

/** What a confirmed payment switches on: a family's plan or a carer's membership. */
export type ActivationTarget = 'subscription' | 'carer-membership';

/**
 * A fingerprint of the target while it is active (null when it is not), so a renewal that only
 * moves the end date still counts as "changed".
 */
async function readActivation(target: ActivationTarget): Promise<string | null> {
  if (target === 'subscription') {
    const status = await api(endpoints.subscriptions.getStatus);
    return status.hasActiveSubscription ? `active:${status.expiresAt ?? ''}` : null;
  }
  const membership = await api(endpoints.subscriptions.getCarerMembership);
  return membership.state === 'active' ? `active:${membership.listedUntil ?? ''}` : null;
}

/** The state before paying, to compare with; null when it cannot be read (then any active state will do). */
export async function activationBaseline(target: ActivationTarget): Promise<string | null> {
  try {
    return await readActivation(target);
  } catch {
    return null;
  }
}

const POLL_INTERVAL_MS = 1000;
const POLL_TIMEOUT_MS = 15_000;

/**
 * After the provider confirms a payment the server may still be applying its webhook: ask every
 * second, for up to 15 s, until the plan or membership is active (and differs from `baseline`).
 * Resolves true when it is, false on timeout or when `isCancelled` says the page has gone.
 */
export async function waitForActivation(
  target: ActivationTarget,
  baseline: string | null,
  isCancelled: () => boolean = () => false,
): Promise<boolean> {
  const deadline = Date.now() + POLL_TIMEOUT_MS;
  for (;;) {
    if (isCancelled()) return false;
    try {
      const current = await readActivation(target);
      if (current !== null && current !== baseline) return true;
    } catch {
      // A failed read is retried until the deadline, like a slow webhook.
    }
    if (Date.now() + POLL_INTERVAL_MS > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/** POST /api/carer-membership/cancel: no more payments; listed until the paid month ends. */
export function useCancelMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<CarerMembership> => {
      return api(endpoints.subscriptions.postCarerMembershipCancel);
    },
    onSuccess: async (membership) => {
      queryClient.setQueryData(carerMembershipQueryOptions().queryKey, membership);
      await queryClient.invalidateQueries({ queryKey: myProfileQueryKey });
    },
  });
}
