// The second sign-in step (decision 0012). The half-done sign-in lives in an httpOnly cookie the
// server set with its 202 answer to the password; these calls carry it.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { TwoFactorCodeInput } from '@contracts/auth-two-factor';
import { endpoints } from '@contracts/endpoints';
import { api, apiOrNullOn401 } from '@web/lib/api-client';
import { endpointKey } from '@web/lib/query-keys';
import { currentUserQueryKey } from '@web/lib/auth';

export const twoFactorPendingQueryKey = endpointKey(endpoints.auth.getAuthTwoFactor);
/** The secret is made by a POST, asked once as a query so it survives re-renders. */
const twoFactorSetupQueryKey = endpointKey(endpoints.auth.postAuthTwoFactorSetup);

/** Which step is due; null (a 401) when there is no half-done sign-in, or it has expired. */
export function twoFactorPendingQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: twoFactorPendingQueryKey,
    queryFn: ({ signal }) => apiOrNullOn401(endpoints.auth.getAuthTwoFactor, { signal }),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Off once the code has been accepted: there is nothing pending to ask about any more. */
export function useTwoFactorPending(enabled: boolean) {
  return useQuery(twoFactorPendingQueryOptions(enabled));
}

/**
 * An admin enrolling while signing in: the server makes the secret once and this page keeps it
 * (no refetch), so the QR code never changes under the person scanning it.
 */
export function useSignInEnrolment(enabled: boolean) {
  return useQuery({
    queryKey: twoFactorSetupQueryKey,
    queryFn: async () => await api(endpoints.auth.postAuthTwoFactorSetup),
    enabled,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The code is right: the session starts, and the app switches to signed in at once. */
export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TwoFactorCodeInput) =>
      await api(endpoints.auth.postAuthTwoFactorVerify, { body: input }),
    onSuccess: ({ user }) => {
      // Anything cached before (signed out, or the half-done sign-in) belongs to no one now.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
