import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CARER_SORTS, SEARCH_DEFAULT_LIMIT, type CarerSearchResult, type CarerSort } from '@contracts/carers';
import { SEARCH_AVAILABILITY, SEARCH_CARE_TYPES } from '@contracts/options';
import { apiRequest } from '@web/lib/api-client';

export type SearchCareType = (typeof SEARCH_CARE_TYPES)[number];
export type SearchAvailability = (typeof SEARCH_AVAILABILITY)[number];

/** The filters of the search page, as they live in the page's URL search params. */
export type CarerSearchFilters = {
  location: string;
  careType: SearchCareType;
  availability: SearchAvailability;
  sort: CarerSort;
};

export const DEFAULT_CARE_TYPE: SearchCareType = 'All Types';
export const DEFAULT_AVAILABILITY: SearchAvailability = 'Any Time';
export const DEFAULT_SORT: CarerSort = 'best';

export const SORT_LABELS: Record<CarerSort, string> = {
  best: 'Best match',
  rating: 'Highest rated',
  price: 'Lowest price',
};

function oneOf<T extends string>(options: readonly T[], value: string | null, fallback: T): T {
  return options.find((option) => option === value) ?? fallback;
}

/** Reads the filters from the URL; an unknown value (a hand-edited link) falls back to the default. */
export function filtersFromSearchParams(params: URLSearchParams): CarerSearchFilters {
  return {
    location: params.get('location')?.trim() ?? '',
    careType: oneOf(SEARCH_CARE_TYPES, params.get('careType'), DEFAULT_CARE_TYPE),
    availability: oneOf(SEARCH_AVAILABILITY, params.get('availability'), DEFAULT_AVAILABILITY),
    sort: oneOf(CARER_SORTS, params.get('sort'), DEFAULT_SORT),
  };
}

/** Only the filters that narrow the search, so default values never clutter the URL. */
export function filtersToSearchParams(filters: CarerSearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.location) params.set('location', filters.location);
  if (filters.careType !== DEFAULT_CARE_TYPE) params.set('careType', filters.careType);
  if (filters.availability !== DEFAULT_AVAILABILITY) params.set('availability', filters.availability);
  if (filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort);
  return params;
}

export async function searchCarers(
  filters: CarerSearchFilters,
  cursor: string | null,
): Promise<CarerSearchResult> {
  const params = filtersToSearchParams(filters);
  params.set('limit', String(SEARCH_DEFAULT_LIMIT));
  if (cursor) params.set('cursor', cursor);
  const response = await apiRequest('GET', `/api/carers?${params.toString()}`);
  return (await response.json()) as CarerSearchResult;
}

export function carerSearchQueryOptions(filters: CarerSearchFilters) {
  return infiniteQueryOptions({
    queryKey: ['/api/carers', 'search', filters] as const,
    queryFn: ({ pageParam }) => searchCarers(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Pages of search results; "Load More Carers" appends the next page. */
export function useCarerSearch(filters: CarerSearchFilters) {
  return useInfiniteQuery(carerSearchQueryOptions(filters));
}
