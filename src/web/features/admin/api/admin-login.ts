import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { AdminLoginHint, AdminLoginInput } from '@contracts/admin';
import type { TwoFactorPending } from '@contracts/auth-two-factor';
import { endpoints } from '@contracts/endpoints';
import { api, ApiError } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/lib/auth';
import { endpointKey } from '@web/lib/query-keys';

const loginHintQueryKey = endpointKey(endpoints.admin.getLoginHint);

/** Demo mode only: the server answers 404 otherwise, and the hint stays hidden. */
export function adminLoginHintQueryOptions() {
  return queryOptions({
    queryKey: loginHintQueryKey,
    queryFn: async ({ signal }): Promise<AdminLoginHint | null> => {
      try {
        return await api(endpoints.admin.getLoginHint, { signal });
      } catch (error) {
        if (error instanceof ApiError) return null;
        throw error;
      }
    },
    retry: false,
  });
}

export function useAdminLoginHint() {
  return useQuery(adminLoginHintQueryOptions());
}

/** Signed in, or (202) the password was right and a two-factor code is due on /two-factor first. */
export type AdminLoginResult =
  { kind: 'signedIn' } | { kind: 'twoFactor'; step: TwoFactorPending['twoFactor'] };

/** POST /api/admin/login: the server signs in an admin account; afterwards the current user is refetched. */
export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AdminLoginInput): Promise<AdminLoginResult> => {
      const answer = await api(endpoints.admin.postLogin, { body: input });
      // 200 is the user; 202 (no session yet) names the second step.
      if (!('twoFactor' in answer)) return { kind: 'signedIn' };
      return { kind: 'twoFactor', step: answer.twoFactor };
    },
    onSuccess: async (result) => {
      // No session yet: the two-factor page signs in and stores the user.
      if (result.kind === 'twoFactor') return;
      await queryClient.refetchQueries({ queryKey: currentUserQueryKey });
      // Anything cached under the previous account (or none) belongs to someone else now.
      queryClient.removeQueries({
        predicate: (query) =>
          query.queryKey[0] !== currentUserQueryKey[0] && query.queryKey[0] !== loginHintQueryKey[0],
      });
    },
  });
}
