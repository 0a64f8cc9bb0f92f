import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, RegisterInput } from '@contracts/auth';
import { apiRequest } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/lib/auth';

export async function register(input: RegisterInput): Promise<CurrentUser> {
  const response = await apiRequest('POST', '/api/auth/register', input);
  return (await response.json()) as CurrentUser;
}

/** Creates the account (the server signs it in) and stores it as the current user. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
