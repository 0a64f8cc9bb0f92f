// The current user, shared by every feature: the one place that decides whether someone is signed in.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@contracts/auth';
import { endpoints } from '@contracts/endpoints';
import { apiOrNullOn401 } from '@web/lib/api-client';
import { keepsOfflineData } from '@web/lib/offline/kept';
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
    queryFn: async ({ signal }): Promise<CurrentUser | null> => {
      try {
        const user = (await apiOrNullOn401(endpoints.auth.getSession, { signal }))?.user ?? null;
        keepForOffline(user);
        return user;
      } catch (error) {
        // Offline, a carer signed in on this phone still reads their today and tomorrow.
        const { isNetworkFailure, offlineStore } = await offlineModule();
        if (!isNetworkFailure(error)) throw error;
        const remembered = await offlineStore.rememberedUser<CurrentUser>().catch(() => undefined);
        if (remembered) return remembered;
        throw error;
      }
    },
    // Asked even offline (react-query would otherwise wait for a connection, the page a spinner).
    networkMode: 'always',
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

/**
 * A signed-in carer is remembered on the phone for working offline; anyone else signed in, or the
 * server saying nobody is (signed out here or elsewhere, the session ended), deletes all of it.
 */
function keepForOffline(user: CurrentUser | null) {
  if (user?.role === 'carer') {
    void offlineModule()
      .then(({ offlineStore }) => offlineStore.rememberUser(user))
      .catch(() => undefined);
  } else if (keepsOfflineData()) {
    void offlineModule()
      .then(({ clearOfflineData }) => clearOfflineData())
      .catch(() => undefined);
  }
}

/** The offline store, loaded when there is something to keep, clear or read back. */
const offlineModule = () => import('@web/lib/offline/offline-store');
