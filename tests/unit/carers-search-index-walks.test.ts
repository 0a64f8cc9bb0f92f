import { describe, expect, it } from 'vitest';
import { AVAILABILITY_SLOTS } from '@contracts/availability';
import { CarerSearchQuery, type CarerSearchParams } from '@contracts/carers';
import { AVAILABILITY_OPTIONS, SPECIALIZATIONS } from '@contracts/options';
import type { CarerProfileRow } from '../../src/server/db/schema';
import { SearchColumns, searchColumns } from '../../src/server/features/carers/carer-search-index';
import type { IndexedCarerRow } from '../../src/server/features/carers/carer-search-index.repository';
import { seededRandom } from '../bench/mixes';
import { referenceSearch } from '../bench/reference-search';

/*
 * The in-memory search's own structures (decision 0025): a location text's rows kept per text and
 * order, and the homes kept per point (many homes share a district's centre, decision 0032), both
 * made as searches ask and dropped when rows change. Every page, its next page and its count must
 * be the reference search's (every carer filtered, sorted and paged in plain JavaScript), before
 * and after changes, so a structure kept past a change, or a walk that stops early, shows here.
 */

const TOWNS = ['Leeds', 'Bradford', 'York', 'Harrogate', 'Hull', 'Sheffield'];
const COUNTIES = ['West Yorkshire', 'North Yorkshire', 'South Yorkshire', 'East Riding'];
/** A few points many homes share, ~10-40 miles apart, and the districts around them. */
const POINTS = Array.from({ length: 14 }, (_, n) => ({
  latitude: 53.4 + (n % 4) * 0.25,
  longitude: -2.0 + Math.floor(n / 4) * 0.45,
  district: `LS${n + 1}`,
}));

function carer(random: () => number, n: number): IndexedCarerRow {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const town = pick(TOWNS);
  const point = pick(POINTS);
  const where = random();
  // Most homes at a shared point, some on their own, a few nowhere.
  const [homeLatitude, homeLongitude] =
    where < 0.8
      ? [point.latitude, point.longitude]
      : where < 0.95
        ? [53.3 + random(), -2.2 + random() * 1.6]
        : [null, null];
  const min = 12 + Math.floor(random() * 20);
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userId: null,
    firstName: 'Carer',
    lastName: String(n),
    photoUrl: null,
    specialization: pick(SPECIALIZATIONS),
    experience: '3-5 years',
    location: random() < 0.7 ? `${town}, ${pick(COUNTIES)}` : town,
    hourlyRateMin: `${min}.00`,
    hourlyRateMax: `${min + Math.floor(random() * 8)}.50`,
    description: '',
    qualifications: [],
    availability: AVAILABILITY_OPTIONS.filter(() => random() < 0.35),
    availabilitySlots: Math.floor(random() * 2 ** AVAILABILITY_SLOTS.length),
    availabilityUpdatedAt: null,
    postcodeDistrict: random() < 0.9 ? point.district : null,
    travelMiles: random() < 0.1 ? null : pick([3, 5, 8, 10, 15, 25, 40, 50]),
    // Few values, so that the orders' ties are broken by id.
    rating: pick(['0', '3.50', '4.00', '4.50', '5.00']),
    reviewCount: Math.floor(random() * 4),
    isActive: random() < 0.92,
    isVerified: random() < 0.9,
    rankScore: Math.floor(random() * 40),
    listedUntil: new Date(Date.now() + (random() < 0.95 ? 86_400_000 : -86_400_000)),
    homeLatitude,
    homeLongitude,
  };
}

function randomQuery(random: () => number): {
  params: CarerSearchParams;
  near?: { latitude: number; longitude: number };
} {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const params: Record<string, string | number> = {};
  let near: { latitude: number; longitude: number } | undefined;
  const where = random();
  if (where < 0.35) {
    const point = pick(POINTS);
    // At a point (its homes all tie) or between points.
    near =
      random() < 0.5
        ? point
        : { latitude: point.latitude + random() * 0.2, longitude: point.longitude - random() * 0.3 };
    params.near = 'somewhere';
    params.within = pick([5, 10, 25, 50]);
    params.sort = pick(['distance', 'best', 'rating', 'price']);
    if (random() < 0.2) params.location = pick(['leeds', 'shire', 'LS3']);
  } else if (where < 0.75) {
    params.location = pick([...TOWNS, 'york', 'shire', 'ds', 'LS3', 'ls12', 'LS5 3AB', 'Nowhere']);
    params.sort = pick(['best', 'rating', 'price']);
  } else {
    params.sort = pick(['best', 'rating', 'price']);
  }
  if (random() < 0.5) params.careType = pick(SPECIALIZATIONS);
  if (random() < 0.2) params.availability = pick(AVAILABILITY_OPTIONS);
  if (random() < 0.3) params.day = pick(['monday', 'saturday', 'weekdays']);
  if (random() < 0.2) params.partOfDay = pick(['morning', 'evening']);
  if (random() < 0.2) params.minRate = 14 + Math.floor(random() * 14);
  if (random() < 0.1) params.maxRate = 16 + Math.floor(random() * 14);
  params.limit = pick([1, 6, 12, 24]);
  return { params: params as CarerSearchParams, near };
}

function expectSamePages(rows: Map<string, IndexedCarerRow>, columns: SearchColumns, random: () => number) {
  const all = [...rows.values()] as unknown as CarerProfileRow[];
  let pages = 0;
  for (let n = 0; n < 150; n++) {
    const { params, near } = randomQuery(random);
    let query = CarerSearchQuery.parse(params);
    // A first page and up to three more by the index's own cursors.
    for (let page = 0; page < 4; page++) {
      const actual = searchColumns(columns, query, near, Date.now());
      const expected = referenceSearch(all, query, near);
      const label = JSON.stringify({ params, page });
      expect(
        actual.rows.map((row) => row.id),
        label,
      ).toEqual(expected.rows.map((row) => row.id));
      expect(actual.total, label).toEqual(expected.total);
      expect(actual.nextCursor === null, label).toBe(expected.nextCursor === null);
      pages += 1;
      if (!actual.nextCursor) break;
      query = { ...query, cursor: actual.nextCursor };
    }
  }
  return pages;
}

describe('the in-memory search walks give the reference pages', () => {
  it('for random searches, and again after rows change, move and go', () => {
    const random = seededRandom(31);
    const rows = new Map<string, IndexedCarerRow>();
    for (let n = 1; n <= 2_000; n++) {
      const row = carer(random, n);
      rows.set(row.id, row);
    }
    const columns = new SearchColumns([...rows.values()]);
    expect(expectSamePages(rows, columns, random)).toBeGreaterThan(250);

    // Changes after the structures were made: moved homes, new towns and districts, listings
    // run out, profiles gone, new ones.
    for (let round = 0; round < 3; round++) {
      const changed: IndexedCarerRow[] = [];
      const removed: string[] = [];
      for (const id of [...rows.keys()]) {
        const roll = random();
        if (roll < 0.03) {
          const fresh = { ...carer(random, 0), id };
          if (random() < 0.3) fresh.location = `Yorkshire Dales ${round}`;
          rows.set(id, fresh);
          changed.push(fresh);
        } else if (roll < 0.04) {
          rows.delete(id);
          removed.push(id);
        }
      }
      for (let n = 0; n < 40; n++) {
        const fresh = carer(random, 10_000 + round * 100 + n);
        rows.set(fresh.id, fresh);
        changed.push(fresh);
      }
      columns.apply(changed, removed);
      expect(expectSamePages(rows, columns, random)).toBeGreaterThan(250);
    }
  }, 60_000);
});
