// The carer search page's filters as they live in its URL, and the API address they turn into.
// Shared so the server can start fetching a page's first results while the page's code downloads
// (src/server/platform/web-app.ts) at exactly the address the page will ask for.
// No value import of a module that imports zod: the landing page's bundle includes this file.
import { LANDING_CARER_COUNT, RATE_MAX_POUNDS } from './limits';
import { SEARCH_CARE_TYPES } from './options';
import type { DayPart, SearchDay, SearchDayPart, WeekDay } from './week';

export const CARER_SEARCH_SORTS = ['best', 'rating', 'price', 'distance'] as const;
export type CarerSearchSort = (typeof CARER_SEARCH_SORTS)[number];
export type SearchCareType = (typeof SEARCH_CARE_TYPES)[number];

/** The "When" control's times: a part of the day, the daytime, or live-in care (day and night). */
export type SearchWhenTime = SearchDayPart | 'livein';

export type CarerSearchFilters = {
  /** The old text filter on the carer's town (`?location=`), kept for links made before distance search. */
  location: string;
  /** A postcode, outward code or town: carers near it who travel that far (decision 0022). */
  near: string;
  /** Miles from `near`; sent only with it. */
  within: number;
  careType: SearchCareType;
  /**
   * "When", the days: one day, the weekdays or the weekend; '' for any day. With `partOfDay` it
   * replaces the old availability tags (an old link's `?availability=` is read into these two).
   */
  day: SearchDay | '';
  /** "When", the time: a part of the day, the daytime, or live-in care; '' for any time. */
  partOfDay: SearchWhenTime | '';
  /** Carers whose rates start at or below this many pounds an hour; null for any rate. */
  maxRate: number | null;
  sort: CarerSearchSort;
};

// The same lists and numbers as availability.ts and carers.ts (tests/unit/web-carer-search-url.test.ts
// checks they agree), written out because those modules import zod.
export const SEARCH_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const satisfies readonly WeekDay[];
export const SEARCH_DAY_PARTS = [
  'morning',
  'afternoon',
  'evening',
  'overnight',
] as const satisfies readonly DayPart[];
export const SEARCH_DAY_CHOICES = [
  'weekdays',
  'weekends',
  ...SEARCH_DAYS,
] as const satisfies readonly SearchDay[];
export const SEARCH_TIME_CHOICES = [
  'daytime',
  ...SEARCH_DAY_PARTS,
  'livein',
] as const satisfies readonly SearchWhenTime[];
/** The "Rate" choices: pounds an hour a carer's rates start at, at most. */
export const SEARCH_MAX_RATE_CHOICES = [15, 20, 25, 30] as const;

/** An old link's availability tag as the "When" it always meant (availability.ts availabilityTagsOf). */
const WHEN_OF_AVAILABILITY: Record<string, { day: SearchDay | ''; partOfDay: SearchWhenTime }> = {
  Weekdays: { day: 'weekdays', partOfDay: 'daytime' },
  Weekends: { day: 'weekends', partOfDay: 'daytime' },
  Evenings: { day: '', partOfDay: 'evening' },
  Nights: { day: '', partOfDay: 'overnight' },
  'Live-in Care': { day: '', partOfDay: 'livein' },
};

/** Whole miles from `near` the API accepts, and its default. */
export const SEARCH_WITHIN_MIN = 1;
export const SEARCH_WITHIN_MAX = 50;
export const DEFAULT_WITHIN = 10;

export const DEFAULT_CARE_TYPE: SearchCareType = 'All Types';
export const DEFAULT_SORT: CarerSearchSort = 'best';
/** Results per page of the search (and of `GET /api/carers` unless told otherwise). */
export const SEARCH_PAGE_SIZE = 12;

function oneOf<T extends string>(options: readonly T[], value: string | null, fallback: T): T {
  return options.find((option) => option === value) ?? fallback;
}

/** Nearest first when a place is given (as the API does), best match otherwise. */
export function defaultSortFor(near: string): CarerSearchSort {
  return near ? 'distance' : DEFAULT_SORT;
}

function maxRateOf(value: string | null): number | null {
  const pounds = Number(value);
  return value && Number.isFinite(pounds) && pounds > 0 && pounds <= RATE_MAX_POUNDS ? pounds : null;
}

/** The "When" of a link: its day and part of day, or an old link's availability tag. */
function whenOf(params: URLSearchParams): Pick<CarerSearchFilters, 'day' | 'partOfDay'> {
  const day = oneOf(SEARCH_DAY_CHOICES, params.get('day'), '');
  const partOfDay = oneOf(SEARCH_TIME_CHOICES, params.get('partOfDay'), '');
  const old = WHEN_OF_AVAILABILITY[params.get('availability') ?? ''];
  if (old && !day && !partOfDay) return old;
  // Live-in care is day and night, every day: no day goes with it.
  return { day: partOfDay === 'livein' ? '' : day, partOfDay };
}

function withinOf(value: string | null): number {
  const miles = Number(value);
  return value && Number.isInteger(miles) && miles >= SEARCH_WITHIN_MIN && miles <= SEARCH_WITHIN_MAX
    ? miles
    : DEFAULT_WITHIN;
}

/** Reads the filters from the URL; an unknown value (a hand-edited link) falls back to the default. */
export function filtersFromSearchParams(params: URLSearchParams): CarerSearchFilters {
  const near = params.get('near')?.trim().slice(0, 100) ?? '';
  const sort = oneOf(CARER_SEARCH_SORTS, params.get('sort'), defaultSortFor(near));
  return {
    location: params.get('location')?.trim() ?? '',
    near,
    within: withinOf(params.get('within')),
    careType: oneOf(SEARCH_CARE_TYPES, params.get('careType'), DEFAULT_CARE_TYPE),
    ...whenOf(params),
    maxRate: maxRateOf(params.get('maxRate')),
    // Distance needs a place: without one the list falls back to best match.
    sort: sort === 'distance' && !near ? DEFAULT_SORT : sort,
  };
}

/** Only the filters that narrow the search, so default values never clutter the URL. */
export function filtersToSearchParams(filters: CarerSearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.near) params.set('near', filters.near);
  if (filters.within !== DEFAULT_WITHIN) params.set('within', String(filters.within));
  if (filters.location) params.set('location', filters.location);
  if (filters.careType !== DEFAULT_CARE_TYPE) params.set('careType', filters.careType);
  if (filters.day && filters.partOfDay !== 'livein') params.set('day', filters.day);
  if (filters.partOfDay) params.set('partOfDay', filters.partOfDay);
  if (filters.maxRate !== null) params.set('maxRate', String(filters.maxRate));
  const sort = filters.sort === 'distance' && !filters.near ? DEFAULT_SORT : filters.sort;
  if (sort !== defaultSortFor(filters.near)) params.set('sort', sort);
  return params;
}

/** The query of `GET /api/carers` for one page of results (`cursor` null for the first). */
export function carerSearchApiParams(filters: CarerSearchFilters, cursor: string | null): URLSearchParams {
  const params = filtersToSearchParams(filters);
  // The API ignores a distance without a place; leaving it out keeps one address per search.
  if (!filters.near) params.delete('within');
  // Live-in care is a cover the carer offers, not a time of the week: the API's availability tag.
  if (filters.partOfDay === 'livein') {
    params.delete('partOfDay');
    params.set('availability', 'Live-in Care');
  }
  params.set('limit', String(SEARCH_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** `GET /api/carers?…` for one page of results (`cursor` null for the first). */
export function carerSearchApiUrl(filters: CarerSearchFilters, cursor: string | null): string {
  return `/api/carers?${carerSearchApiParams(filters, cursor).toString()}`;
}

/** The landing page's "Meet Our Professional Carers": the search's first 3 (product §2; product.md, difference 4). */
export const LANDING_CARERS_API_URL = `/api/carers?limit=${LANDING_CARER_COUNT}`;

/** The first 3 carers near a place, nearest first (the signed-in home's "Carers near you"). */
export function nearbyCarersApiUrl(near: string): string {
  return `/api/carers?${new URLSearchParams({ near, limit: String(LANDING_CARER_COUNT) }).toString()}`;
}

/** The search page's address for a place (`base` is /carers or /customer-dashboard). */
export function carerSearchPagePath(base: string, near: string): string {
  return `${base}?${new URLSearchParams({ near }).toString()}`;
}

/**
 * The search's "When" that covers a wanted week (a care request's pattern): its days as one day,
 * the weekdays or the weekend, and its times as one part of the day or the daytime, or no filter
 * where they spread wider. Live-in care alone is live-in.
 */
export function whenOfWeek(week: {
  slots: readonly string[];
  liveIn: boolean;
}): Pick<CarerSearchFilters, 'day' | 'partOfDay'> {
  if (week.slots.length === 0) return { day: '', partOfDay: week.liveIn ? 'livein' : '' };
  const days = new Set(week.slots.map((slot) => slot.split('-')[0]));
  const parts = new Set(week.slots.map((slot) => slot.split('-')[1]));
  const only = <T extends string>(set: Set<string | undefined>, options: readonly T[]): T | undefined =>
    set.size === 1 ? options.find((option) => set.has(option)) : undefined;
  const within = (set: Set<string | undefined>, group: readonly string[]) =>
    [...set].every((value) => value !== undefined && group.includes(value));
  const day: SearchDay | '' =
    only(days, SEARCH_DAYS) ??
    (within(days, ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'])
      ? 'weekdays'
      : within(days, ['saturday', 'sunday'])
        ? 'weekends'
        : '');
  const partOfDay: SearchWhenTime | '' =
    only(parts, SEARCH_DAY_PARTS) ?? (within(parts, ['morning', 'afternoon']) ? 'daytime' : '');
  return { day, partOfDay };
}

/** The query of `GET /api/carers/matching` for the search's place, distance, care type and week. */
export function matchingCarersParams(
  filters: Pick<CarerSearchFilters, 'near' | 'within' | 'careType' | 'day' | 'partOfDay'>,
): URLSearchParams {
  const params = new URLSearchParams({ near: filters.near, within: String(filters.within) });
  if (filters.careType !== DEFAULT_CARE_TYPE) params.set('careType', filters.careType);
  if (filters.partOfDay === 'livein') params.set('availability', 'Live-in Care');
  else {
    if (filters.day) params.set('day', filters.day);
    if (filters.partOfDay) params.set('partOfDay', filters.partOfDay);
  }
  return params;
}
