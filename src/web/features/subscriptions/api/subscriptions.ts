// The family's plan: status, history and the two ways to pay (product §7); cancelling is in
// features/subscriptions/components/cancel-plan.tsx (shared with Settings).
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type {
  CreateSubscriptionResponse,
  ExtendInput,
  SubscribeInput,
  SubscribeResponse,
  SubscriptionStatus,
} from '@contracts/subscriptions';
import {
  paymentHistoryQueryKey,
  subscriptionStatusQueryKey,
  subscriptionStatusQueryOptions,
} from '@web/features/subscriptions/api/payments-api';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { endpointKey, endpointQuery } from '@web/lib/query-keys';
import { currentUserQueryKey } from '@web/lib/auth';
import { useSendOnceMutation } from '@web/lib/use-send-once';

/** Product §7: asked only when signed in. */
export function useSubscriptionStatus({ enabled }: { enabled: boolean }) {
  return useQuery({ ...subscriptionStatusQueryOptions(), enabled });
}

/** The plan as the server has it now (fetched afresh), e.g. after a payment that left the page. */
export function fetchSubscriptionStatus(queryClient: QueryClient): Promise<SubscriptionStatus> {
  return queryClient.fetchQuery({ ...subscriptionStatusQueryOptions(), staleTime: 0 });
}

export const subscriptionPlansQueryKey = endpointKey(endpoints.subscriptions.getPlans);

/** The three plans as this account could buy them now: the end date paying gives, or why not. */
export function useSubscriptionPlans({ enabled }: { enabled: boolean }) {
  return useQuery({ ...endpointQuery(endpoints.subscriptions.getPlans), enabled });
}

export function usePaymentHistory({ enabled }: { enabled: boolean }) {
  return useQuery({ ...endpointQuery(endpoints.subscriptions.getPayments), enabled });
}

/** Product §4 and §7: after a plan changes, the status and the current user are fetched again. */
export function refreshAfterPlanChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionStatusQueryKey }),
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    queryClient.invalidateQueries({ queryKey: paymentHistoryQueryKey }),
    queryClient.invalidateQueries({ queryKey: subscriptionPlansQueryKey }),
  ]);
}

/**
 * POST /api/create-subscription: the 3-Month Access payment, started when the checkout opens for
 * someone without access, or with `{extend: true}` when a subscriber chose to extend.
 */
export function useCreateSubscription() {
  return useMutation({
    mutationFn: async (input?: ExtendInput): Promise<CreateSubscriptionResponse> => {
      return api(endpoints.subscriptions.postCreateSubscription, { body: input ?? undefined });
    },
  });
}

/** POST /api/subscribe: starts a Monthly or Annual payment; access follows the confirmed payment. */
export function useSubscribe() {
  return useSendOnceMutation({
    mutationFn: async (input: SubscribeInput): Promise<SubscribeResponse> => {
      return api(endpoints.subscriptions.postSubscribe, { body: input });
    },
  });
}
