// The filter mixes of the search benchmark. Each mix is a set of request paths that the load
// generator rotates through, so no two consecutive requests of a connection are the same.

import { AVAILABILITY_OPTIONS, SPECIALIZATIONS } from '../../src/contracts/options';

export interface Mix {
  name: string;
  /** What the paths have in common, for the report. */
  description: string;
  paths: string[];
}

type Params = Record<string, string | number>;

export function searchPath(params: Params): string {
  const query = new URLSearchParams(
    Object.entries(params).map(([key, value]) => [key, String(value)] as [string, string]),
  ).toString();
  return query ? `/api/carers?${query}` : '/api/carers';
}

const TOWNS = [
  'leeds',
  'manchester',
  'Leeds',
  'Manchester',
  'birmingham',
  'bristol',
  'sheffield',
  'harrogate',
];
const SUBSTRINGS = ['york', 'York', 'yorkshire', 'West Yorkshire', 'shire', 'ham', 'ford', 'london'];
const DISTRICTS = ['LS6', 'ls6', 'LS6 3AB', 'M20', 'B13', 'YO24', 'BS7', 'G12', 'EH10', 'CF14'];
const SORTED_LOCATIONS = ['leeds', 'manchester', 'york', 'LS6', 'harrogate'];
const COMBO_TOWNS = ['leeds', 'manchester', 'york', 'bristol'];
const RATES: Params[] = [
  { minRate: 15, maxRate: 20 },
  { minRate: 20, maxRate: 25 },
  { minRate: 25, maxRate: 30 },
  { minRate: 12, maxRate: 16 },
  { minRate: 30, maxRate: 35 },
  { minRate: 22 },
  { maxRate: 18 },
];
/** Searches whose sixth page (after following nextCursor five times) the deep-page mix requests. */
export const DEEP_PAGE_BASES: Params[] = [
  {},
  { sort: 'rating' },
  { sort: 'price' },
  { careType: 'Elderly Care' },
  { availability: 'Weekends' },
  { location: 'leeds' },
  { location: 'york' },
  { location: 'LS6' },
  { careType: 'Dementia Care', availability: 'Evenings', sort: 'price' },
];
export const DEEP_PAGE_NUMBER = 6;

/** The mixes; `deepPaths` are the paths of page DEEP_PAGE_NUMBER, found by following cursors first. */
export function searchMixes(deepPaths: string[]): Mix[] {
  return [
    {
      name: 'no filter',
      description: 'best match, first page (also `All Types` / `Any Time`, limit 24)',
      paths: (
        [{}, { sort: 'best' }, { limit: 24 }, { careType: 'All Types', availability: 'Any Time' }] as Params[]
      ).map(searchPath),
    },
    {
      name: 'careType',
      description: 'each of the 6 specializations',
      paths: SPECIALIZATIONS.map((careType) => searchPath({ careType })),
    },
    {
      name: 'availability',
      description: 'each of the 6 availability options',
      paths: AVAILABILITY_OPTIONS.map((availability) => searchPath({ availability })),
    },
    {
      name: 'careType + availability',
      description: 'all 36 combinations',
      paths: SPECIALIZATIONS.flatMap((careType) =>
        AVAILABILITY_OPTIONS.map((availability) => searchPath({ careType, availability })),
      ),
    },
    {
      name: 'location: town',
      description: TOWNS.map((town) => `'${town}'`).join(', '),
      paths: TOWNS.map((location) => searchPath({ location })),
    },
    {
      name: 'location: substring',
      description: SUBSTRINGS.map((text) => `'${text}'`).join(', '),
      paths: SUBSTRINGS.map((location) => searchPath({ location })),
    },
    {
      name: 'location: postcode district',
      description: DISTRICTS.map((text) => `'${text}'`).join(', '),
      paths: DISTRICTS.map((location) => searchPath({ location })),
    },
    {
      name: 'location + careType + availability',
      description: `${COMBO_TOWNS.join('/')} × 6 specializations × Weekdays/Weekends/Nights`,
      paths: COMBO_TOWNS.flatMap((location) =>
        SPECIALIZATIONS.flatMap((careType) =>
          ['Weekdays', 'Weekends', 'Nights'].map((availability) =>
            searchPath({ location, careType, availability }),
          ),
        ),
      ),
    },
    {
      name: 'location + sort=rating/price',
      description: `${SORTED_LOCATIONS.map((text) => `'${text}'`).join(', ')} by rating and by price`,
      paths: SORTED_LOCATIONS.flatMap((location) =>
        ['rating', 'price'].map((sort) => searchPath({ location, sort })),
      ),
    },
    {
      name: 'rate range',
      description: 'minRate/maxRate windows from £12-16 to £30-35, and one-sided',
      paths: RATES.map(searchPath),
    },
    {
      name: 'sort=rating',
      description: 'alone and with each specialization',
      paths: [{}, ...SPECIALIZATIONS.map((careType) => ({ careType }))].map((params) =>
        searchPath({ ...params, sort: 'rating' }),
      ),
    },
    {
      name: 'sort=price',
      description: 'alone and with each specialization',
      paths: [{}, ...SPECIALIZATIONS.map((careType) => ({ careType }))].map((params) =>
        searchPath({ ...params, sort: 'price' }),
      ),
    },
    {
      name: `deep page (page ${DEEP_PAGE_NUMBER})`,
      description: `page ${DEEP_PAGE_NUMBER} by cursor of: no filter, rating, price, careType, availability, 'leeds', 'york', 'LS6', careType+availability by price`,
      paths: deepPaths,
    },
  ];
}

/** Follows nextCursor from page 1 to the page DEEP_PAGE_NUMBER of each base search. */
export async function deepPagePaths(origin: string): Promise<string[]> {
  const paths: string[] = [];
  for (const base of DEEP_PAGE_BASES) {
    let cursor: string | null = null;
    for (let page = 1; page < DEEP_PAGE_NUMBER; page++) {
      const response: Response = await fetch(`${origin}${searchPath(cursor ? { ...base, cursor } : base)}`);
      if (!response.ok) throw new Error(`deep page setup: ${response.status} ${await response.text()}`);
      cursor = ((await response.json()) as { nextCursor: string | null }).nextCursor;
      if (!cursor) break;
    }
    // A small data set may not have that many pages for a narrow search: it is left out.
    if (cursor) paths.push(searchPath({ ...base, cursor }));
  }
  if (paths.length === 0) throw new Error(`no search has ${DEEP_PAGE_NUMBER} pages`);
  return paths;
}

// ---------------------------------------------------------------------------------------------
// The random stream: what many different families send. Every request draws its own
// filters, so the 30-second answer cache rarely holds the answer.

/** A small seeded generator (mulberry32): the same stream for the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
const WITHIN = [5, 10, 25, 50] as const;
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const PARTS = ['morning', 'afternoon', 'evening', 'overnight'] as const;
/** What people type that is not a town: counties, parts of names (the substring "mentions"). */
const MENTIONS = [
  'yorkshire',
  'York',
  'shire',
  'ham',
  'ford',
  'london',
  'Greater Manchester',
  'Kent',
  'Devon',
  'upon',
  'west',
  'Essex',
  'Lancashire',
  'wick',
  'ton',
];

export interface StreamPlaces {
  /** Towns as people type them ('Leeds'). */
  towns: readonly string[];
  /** Postcode districts ('LS6'). */
  districts: readonly string[];
}

/**
 * One random search, the way families' searches vary: where (a town, a district or a full postcode
 * as the location text; a county or part of a name; or `near` a town, district or postcode within
 * 5-50 miles; or nowhere), a care type, an availability tag, a day and part of the day, a rate
 * window, an order and a page size, each drawn on its own.
 */
export function randomSearchParams(random: () => number, places: StreamPlaces): Params {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const chance = (p: number) => random() < p;
  const cased = (text: string) => (chance(0.5) ? text.toLowerCase() : text);
  const postcode = () =>
    `${pick(places.districts)} ${Math.floor(random() * 10)}${pick([...INWARD_LETTERS])}${pick([...INWARD_LETTERS])}`;
  const params: Params = {};
  const where = random();
  let near = false;
  if (where < 0.2) params.location = cased(pick(places.towns));
  else if (where < 0.3) params.location = cased(pick(places.districts));
  else if (where < 0.35) params.location = postcode();
  else if (where < 0.4) params.location = pick(MENTIONS);
  else if (where < 0.85) {
    near = true;
    const kind = random();
    params.near = kind < 0.4 ? pick(places.towns) : kind < 0.7 ? pick(places.districts) : postcode();
    if (chance(0.8)) params.within = pick(WITHIN);
  }
  if (chance(0.5)) params.careType = pick(SPECIALIZATIONS);
  if (chance(0.12)) params.availability = pick(AVAILABILITY_OPTIONS);
  const time = random();
  if (time < 0.15) params.day = pick(DAYS);
  else if (time < 0.25) params.partOfDay = pick(PARTS);
  else if (time < 0.35) {
    params.day = pick(DAYS);
    params.partOfDay = pick(PARTS);
  }
  const rates = random();
  const low = 12 + Math.floor(random() * 16);
  if (rates < 0.1) params.minRate = low;
  else if (rates < 0.2) params.maxRate = low + 4;
  else if (rates < 0.3) {
    params.minRate = low;
    params.maxRate = low + 2 + Math.floor(random() * 8);
  }
  const order = random();
  if (near) {
    if (order < 0.15) params.sort = 'distance';
    else if (order < 0.35) params.sort = 'best';
    else if (order < 0.55) params.sort = 'rating';
    else if (order < 0.75) params.sort = 'price';
  } else if (order < 0.2) params.sort = 'best';
  else if (order < 0.45) params.sort = 'rating';
  else if (order < 0.7) params.sort = 'price';
  const size = random();
  if (size > 0.7) params.limit = size > 0.95 ? 50 : size > 0.85 ? 24 : 6;
  return params;
}

/** `near` a random town, district or postcode, at a fixed distance, nearest first: the map search alone. */
export function randomNearParams(random: () => number, places: StreamPlaces, within: number): Params {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const kind = random();
  const near =
    kind < 0.4
      ? pick(places.towns)
      : kind < 0.7
        ? pick(places.districts)
        : `${pick(places.districts)} ${Math.floor(random() * 10)}${pick([...INWARD_LETTERS])}${pick([...INWARD_LETTERS])}`;
  return { near, within };
}

/** A stream of paths: `next()` draws the next one. */
export function searchStream(seed: number, draw: (random: () => number) => Params) {
  const random = seededRandom(seed);
  return { next: () => searchPath(draw(random)) };
}
