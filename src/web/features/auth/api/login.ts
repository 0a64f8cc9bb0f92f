import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput } from '@contracts/auth';
import type { TwoFactorPending } from '@contracts/two-factor';
import { apiRequest } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/lib/auth';

/** A right password either signs in at once or, with two-factor sign-in on, leaves a code due. */
export type LoginResult =
  { kind: 'signedIn'; user: CurrentUser } | { kind: 'twoFactor'; step: TwoFactorPending['twoFactor'] };

export async function login(input: LoginInput): Promise<LoginResult> {
  const response = await apiRequest('POST', '/api/auth/login', input);
  // 202: no session yet; the second step waits on /two-factor.
  if (response.status === 202) {
    const pending = (await response.json()) as TwoFactorPending;
    return { kind: 'twoFactor', step: pending.twoFactor };
  }
  return { kind: 'signedIn', user: (await response.json()) as CurrentUser };
}

/** Signs in and stores the answer as the current user, so the app switches to signed in at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if (result.kind === 'signedIn') queryClient.setQueryData(currentUserQueryKey, result.user);
    },
  });
}
