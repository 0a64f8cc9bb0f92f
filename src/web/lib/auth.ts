// The current user, shared by every feature: the one place that decides whether someone is signed in.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@contracts/auth';
import { getQueryFn } from '@web/lib/api-client';

export const currentUserQueryKey = ['/api/auth/user'] as const;

/** SPEC 4: signed in means this fetch returned data; it never retries. */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
    retry: false,
    // After a failure every newly mounted useAuth() would refetch, and each refetch puts the app
    // back into its loading state, which remounts them: a loop. A failure stays "signed out".
    retryOnMount: false,
  });
}

export type AuthState = {
  user: CurrentUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
};

/** Any failure (401, network, a broken answer) counts as signed out, never as loading for ever. */
export function useAuth(): AuthState {
  const { data, isLoading } = useQuery(currentUserQueryOptions());
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
