// The carer search page's filters as they live in its URL, and the API address they turn into.
// Shared so the server can start fetching a page's first results while the page's code downloads
// (src/server/platform/web-app.ts) at exactly the address the page will ask for.
import { LANDING_CARER_COUNT } from './limits';
import { SEARCH_AVAILABILITY, SEARCH_CARE_TYPES } from './options';

export const CARER_SEARCH_SORTS = ['best', 'rating', 'price'] as const;
export type CarerSearchSort = (typeof CARER_SEARCH_SORTS)[number];
export type SearchCareType = (typeof SEARCH_CARE_TYPES)[number];
export type SearchAvailability = (typeof SEARCH_AVAILABILITY)[number];

export type CarerSearchFilters = {
  location: string;
  careType: SearchCareType;
  availability: SearchAvailability;
  sort: CarerSearchSort;
};

export const DEFAULT_CARE_TYPE: SearchCareType = 'All Types';
export const DEFAULT_AVAILABILITY: SearchAvailability = 'Any Time';
export const DEFAULT_SORT: CarerSearchSort = 'best';
/** Results per page of the search (and of `GET /api/carers` unless told otherwise). */
export const SEARCH_PAGE_SIZE = 12;

function oneOf<T extends string>(options: readonly T[], value: string | null, fallback: T): T {
  return options.find((option) => option === value) ?? fallback;
}

/** Reads the filters from the URL; an unknown value (a hand-edited link) falls back to the default. */
export function filtersFromSearchParams(params: URLSearchParams): CarerSearchFilters {
  return {
    location: params.get('location')?.trim() ?? '',
    careType: oneOf(SEARCH_CARE_TYPES, params.get('careType'), DEFAULT_CARE_TYPE),
    availability: oneOf(SEARCH_AVAILABILITY, params.get('availability'), DEFAULT_AVAILABILITY),
    sort: oneOf(CARER_SEARCH_SORTS, params.get('sort'), DEFAULT_SORT),
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

/** `GET /api/carers?…` for one page of results (`cursor` null for the first). */
export function carerSearchApiUrl(filters: CarerSearchFilters, cursor: string | null): string {
  const params = filtersToSearchParams(filters);
  params.set('limit', String(SEARCH_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return `/api/carers?${params.toString()}`;
}

/** The landing page's "Meet Our Professional Carers": the search's first 3 (SPEC 2, DESIGN 4). */
export const LANDING_CARERS_API_URL = `/api/carers?limit=${LANDING_CARER_COUNT}`;
