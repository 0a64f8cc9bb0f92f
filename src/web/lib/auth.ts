// The current user, shared by every feature: the one place that decides whether someone is signed in.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@contracts/auth';
import { endpoints } from '@contracts/endpoints';
import { apiOrNullOn401 } from '@web/lib/api-client';
import { endpointKey } from '@web/lib/query-keys';

/** The cache entry of the current user: the key of the call that asks it. */
export const currentUserQueryKey = endpointKey(endpoints.auth.getSession);

/**
 * Product §4: signed in means this fetch returned a user; it never retries. It asks
 * GET /api/auth/session, which answers a visitor 200 `{ user: null }`, rather than the spec's
 * GET /api/auth/user, whose 401 the browser logs as a failed request on every visitor's page.
 */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: async ({ signal }): Promise<CurrentUser | null> =>
      (await apiOrNullOn401(endpoints.auth.getSession, { signal }))?.user ?? null,
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
