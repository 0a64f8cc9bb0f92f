import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminLoginHint, AdminLoginInput } from '@contracts/admin';
import type { TwoFactorPending } from '@contracts/two-factor';
import { apiRequest } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/lib/auth';

/** Demo mode only: the server answers 404 otherwise, and the hint stays hidden. */
export function adminLoginHintQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/login-hint'],
    queryFn: async ({ signal }): Promise<AdminLoginHint | null> => {
      const response = await fetch('/api/admin/login-hint', {
        credentials: 'include',
        headers: { Accept: 'application/json' },
        signal,
      });
      if (!response.ok) return null;
      return (await response.json()) as AdminLoginHint;
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
      const response = await apiRequest('POST', '/api/admin/login', input);
      if (response.status !== 202) return { kind: 'signedIn' };
      const pending = (await response.json()) as TwoFactorPending;
      return { kind: 'twoFactor', step: pending.twoFactor };
    },
    onSuccess: async (result) => {
      // No session yet: the two-factor page signs in and stores the user.
      if (result.kind === 'twoFactor') return;
      await queryClient.refetchQueries({ queryKey: currentUserQueryKey });
      // Anything cached under the previous account (or none) belongs to someone else now.
      queryClient.removeQueries({
        predicate: (query) =>
          query.queryKey[0] !== currentUserQueryKey[0] && query.queryKey[0] !== '/api/admin/login-hint',
      });
    },
  });
}
