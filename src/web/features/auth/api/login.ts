import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput } from '@contracts/auth';
import { apiRequest } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/lib/auth';

export async function login(input: LoginInput): Promise<CurrentUser> {
  const response = await apiRequest('POST', '/api/auth/login', input);
  return (await response.json()) as CurrentUser;
}

/** Signs in and stores the answer as the current user, so the app switches to signed in at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
