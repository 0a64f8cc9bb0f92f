// Queries shared by every page that takes a payment (checkout, /subscribe, the carer dashboard).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CarerMembership } from '@contracts/subscriptions';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { myProfileQueryKey } from '@web/lib/own-carer-profile';

export const paymentsConfigQueryKey = ['/api/payments/config'] as const;
export const subscriptionStatusQueryKey = ['/api/subscription/status'] as const;
export const paymentHistoryQueryKey = ['/api/payments'] as const;
export const carerMembershipQueryKey = ['/api/carer-membership'] as const;

/** Which payment form to show: the demo card form or Stripe's Payment Element. */
export function usePaymentsConfig() {
  return useQuery(
    queryOptions({
      queryKey: paymentsConfigQueryKey,
      queryFn: ({ signal }) => api(endpoints.subscriptions.getPaymentsConfig, { signal }),
    }),
  );
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
      queryClient.setQueryData(carerMembershipQueryKey, membership);
      await queryClient.invalidateQueries({ queryKey: myProfileQueryKey });
    },
  });
}
