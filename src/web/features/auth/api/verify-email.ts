import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { EmailVerified, VerifyEmailInput } from '@contracts/auth';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/lib/auth';

/** POST /api/auth/verify-email: confirms the address (and may start a session): the user is refetched. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: VerifyEmailInput): Promise<EmailVerified> => {
      return api(endpoints.auth.postVerifyEmail, { body: input });
    },
    // The account may be signed in now, and is confirmed: everything cached was for before.
    onSuccess: async () => {
      await queryClient.refetchQueries({ queryKey: currentUserQueryKey });
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0],
      });
    },
  });
}
