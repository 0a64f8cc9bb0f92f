import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { carerSearchApiParams, type CarerSearchFilters } from '@contracts/carers-search-url';
import type { CarerSearchResult, CarerSort } from '@contracts/carers';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { pagedEndpointKey } from '@web/lib/query-keys';

export {
  DEFAULT_CARE_TYPE,
  DEFAULT_SORT,
  DEFAULT_WITHIN,
  defaultSortFor,
  filtersFromSearchParams,
  filtersToSearchParams,
  type CarerSearchFilters,
  type SearchCareType,
} from '@contracts/carers-search-url';

export const SORT_LABELS: Record<CarerSort, string> = {
  best: 'Best match',
  rating: 'Highest rated',
  price: 'Lowest price',
  distance: 'Distance',
};

export async function searchCarers(
  filters: CarerSearchFilters,
  cursor: string | null,
): Promise<CarerSearchResult> {
  // The same address as carerSearchApiUrl, which the server preloads for the page's first answer.
  return api(endpoints.carers.get, { query: carerSearchApiParams(filters, cursor) });
}

export function carerSearchQueryOptions(filters: CarerSearchFilters) {
  return infiniteQueryOptions({
    queryKey: pagedEndpointKey(endpoints.carers.get, { query: carerSearchApiParams(filters, null) }),
    queryFn: ({ pageParam }) => searchCarers(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Pages of search results; "Load More Carers" appends the next page. */
export function useCarerSearch(filters: CarerSearchFilters, enabled = true) {
  return useInfiniteQuery({ ...carerSearchQueryOptions(filters), enabled });
}
