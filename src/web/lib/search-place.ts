// A customer's saved search place: the postcode or town the carer search starts from.
// Shared by Settings (where it is saved), the carer search and the signed-in home (which start
// from it), so it lives outside any one feature.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from './mutation';
import type { CurrentUser } from '@contracts/auth';
import type { SearchPlaceInput } from '@contracts/settings';
import { endpoints } from '@contracts/endpoints';
import { api } from './api-client';
import { endpointKey, endpointQuery } from './query-keys';

export const searchPlaceQueryKey = endpointKey(endpoints.settings.getSearchPlace);

/** Only customer accounts have a search place. */
export function hasSearchPlace(user: CurrentUser | null): user is CurrentUser {
  return user?.role === 'customer' && user.userType === 'customer';
}

export function searchPlaceQueryOptions() {
  return queryOptions({
    ...endpointQuery(endpoints.settings.getSearchPlace),
    // A failure means "no saved place": the search starts from nothing, as it did before.
    retryOnMount: false,
  });
}

/**
 * The saved place of a signed-in customer: `place` is undefined while it loads, then the place or
 * null (none saved, not a customer, or it could not be read).
 */
export function useSearchPlace(user: CurrentUser | null): { place: string | null | undefined } {
  const enabled = hasSearchPlace(user);
  const query = useQuery({ ...searchPlaceQueryOptions(), enabled });
  if (!enabled || query.isError) return { place: null };
  return { place: query.data === undefined ? undefined : query.data.searchPlace };
}

export function useSaveSearchPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SearchPlaceInput) =>
      await api(endpoints.settings.putSearchPlace, { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(searchPlaceQueryKey, saved),
  });
}
