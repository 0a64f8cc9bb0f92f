// The carer's £29 monthly membership (product §1): its state, starting it and cancelling it.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { ExtendInput, StartMembershipResponse } from '@contracts/subscriptions';
import {
  carerMembershipQueryKey,
  carerMembershipQueryOptions,
} from '@web/features/subscriptions/api/payments-api';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { myProfileQueryKey } from '@web/features/carers';

export function useCarerMembership() {
  return useQuery(carerMembershipQueryOptions());
}

/** The membership decides whether the profile is listed, so the profile's badge is refetched too. */
export function refreshAfterMembershipChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: carerMembershipQueryKey }),
    queryClient.invalidateQueries({ queryKey: myProfileQueryKey }),
  ]);
}

/**
 * POST /api/carer-membership → the first month's payment; `{extend: true}` when the carer chose to
 * renew while a cancelled membership still lists them.
 */
export function useStartMembership() {
  return useMutation({
    mutationFn: async (input?: ExtendInput): Promise<StartMembershipResponse> => {
      return api(endpoints.subscriptions.postCarerMembership, { body: input ?? undefined });
    },
  });
}

export { useCancelMembership } from '@web/features/subscriptions/api/payments-api';
