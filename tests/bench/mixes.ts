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
