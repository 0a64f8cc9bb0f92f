import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { CurrentUser, LoginInput } from '@contracts/auth';
import type { TwoFactorPending } from '@contracts/auth-two-factor';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/lib/auth';

/** A right password either signs in at once or, with two-factor sign-in on, leaves a code due. */
export type LoginResult =
  { kind: 'signedIn'; user: CurrentUser } | { kind: 'twoFactor'; step: TwoFactorPending['twoFactor'] };

export async function login(input: LoginInput): Promise<LoginResult> {
  const answer = await api(endpoints.auth.postLogin, { body: input });
  // 202 (no session yet) names the second step, which waits on /two-factor; 200 is the user.
  if ('twoFactor' in answer) return { kind: 'twoFactor', step: answer.twoFactor };
  return { kind: 'signedIn', user: answer };
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
