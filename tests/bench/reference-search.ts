// The spec's original search design, for the benchmark's baseline and as an oracle: every carer is
// in memory and the filters, order and keyset page are applied in JavaScript. It follows
// CarersRepository.search() rule for rule, so the two must return the same pages.

import { slotMask, slotsWanted } from '@contracts/availability';
import { SEARCH_TOTAL_CAP, type CarerSearchQuery, type SearchTotal } from '@contracts/carers';
import type { CarerProfileRow } from '../../src/server/db/schema';
import { decodeCursor, encodeCursor } from '../../src/server/features/carers/carer-cursor';
import { isListed } from '../../src/server/features/carers/carer-listing';
import { postcodeDistrictOf } from '../../src/server/features/carers/carer-mapper';

type Key = string | number;
interface KeyDef {
  value(row: CarerProfileRow, fit: number, chord: number): Key;
  direction: 1 | -1;
  numeric: boolean;
  /** Values closer than this are equal (a distance computed here and by PostgreSQL differ in the last bits). */
  tolerance?: number;
}

/** earthdistance's sphere (its earth() radius, metres) and the app's mile. */
export const EARTH_RADIUS_M = 6_378_168;
const METRES_PER_MILE = 1609.344;

/** Where a `near` search measures from. */
export interface ReferenceOrigin {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in metres on earthdistance's sphere (haversine). */
export function haversineMetres(a: ReferenceOrigin, b: ReferenceOrigin): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The straight line through the earth for a great-circle distance: cube's `<->` between ll_to_earth points. */
const chordOf = (metres: number) => 2 * EARTH_RADIUS_M * Math.sin(metres / (2 * EARTH_RADIUS_M));

const byId: KeyDef = { value: (row) => row.id, direction: 1, numeric: false };

function keyDefs(query: CarerSearchQuery, bestWithLocation: boolean): KeyDef[] {
  switch (query.sort) {
    case 'distance':
      return [{ value: (_row, _fit, chord) => chord, direction: 1, numeric: true, tolerance: 1e-6 }, byId];
    case 'rating':
      return [
        { value: (row) => row.rating, direction: -1, numeric: true },
        { value: (row) => row.reviewCount, direction: -1, numeric: true },
        byId,
      ];
    case 'price':
      return [{ value: (row) => row.hourlyRateMin, direction: 1, numeric: true }, byId];
    case 'best':
      return [
        ...(bestWithLocation ? [{ value: (_row, fit) => fit, direction: -1, numeric: true } as KeyDef] : []),
        { value: (row) => row.rankScore, direction: -1, numeric: true },
        byId,
      ];
  }
}

function compareKeys(defs: KeyDef[], a: Key[], b: Key[]): number {
  for (const [index, def] of defs.entries()) {
    const x = a[index]!;
    const y = b[index]!;
    let order = def.numeric ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0;
    if (def.tolerance !== undefined && Math.abs(order) <= def.tolerance) order = 0;
    if (order !== 0) return order * def.direction;
  }
  return 0;
}

/**
 * `near`: the place the geocoder found for `query.near` (the caller looks it up the way the app
 * does); required when the query has `near`.
 */
export function referenceSearch(
  all: readonly CarerProfileRow[],
  query: CarerSearchQuery,
  near?: ReferenceOrigin,
): { rows: CarerProfileRow[]; nextCursor: string | null; total: SearchTotal | null } {
  if (query.near !== undefined && !near) throw new Error('referenceSearch: near needs the place');
  const now = new Date();
  const text = query.location?.toLowerCase();
  const district = query.location ? postcodeDistrictOf(query.location) : undefined;
  // Near a place, a location text is only a filter: no "exact match first".
  const bestWithLocation = query.sort === 'best' && query.location !== undefined && !near;
  const defs = keyDefs(query, bestWithLocation);
  const cursorKeys = query.cursor
    ? decodeCursor(query.cursor, bestWithLocation ? 'best-near' : query.sort).keys
    : undefined;
  const radius = query.within * METRES_PER_MILE;
  const wantedSlots =
    query.day !== undefined || query.partOfDay !== undefined
      ? slotMask(slotsWanted(query.day, query.partOfDay))
      : undefined;

  const matches: { row: CarerProfileRow; keys: Key[] }[] = [];
  for (const row of all) {
    // Listed: active, its checks approved, and its listing not run out (carer-listing.ts).
    if (!isListed(row, now)) continue;
    if (query.careType && row.specialization !== query.careType) continue;
    if (query.availability && !row.availability.includes(query.availability)) continue;
    if (query.minRate !== undefined && Number(row.hourlyRateMax) < query.minRate) continue;
    if (query.maxRate !== undefined && Number(row.hourlyRateMin) > query.maxRate) continue;
    if (wantedSlots !== undefined && (row.availabilitySlots & wantedSlots) === 0) continue;
    let chord = 0;
    if (near) {
      if (row.homeLatitude === null || row.homeLongitude === null) continue;
      const metres = haversineMetres(near, { latitude: row.homeLatitude, longitude: row.homeLongitude });
      if (metres > radius) continue;
      if (row.travelMiles !== null && metres > row.travelMiles * METRES_PER_MILE) continue;
      chord = chordOf(metres);
    }
    let fit = 0;
    if (text !== undefined) {
      const inDistrict = district !== undefined && row.postcodeDistrict?.toUpperCase() === district;
      if (!inDistrict && !row.location.toLowerCase().includes(text)) continue;
      const town = row.location.split(',')[0]!.trim().toLowerCase();
      fit = inDistrict || town === text ? 1 : 0;
    }
    const keys = defs.map((def) => def.value(row, fit, chord));
    if (cursorKeys && compareKeys(defs, keys, cursorKeys) <= 0) continue;
    matches.push({ row, keys });
  }
  matches.sort((a, b) => compareKeys(defs, a.keys, b.keys));

  const page = matches.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor =
    matches.length > query.limit && last ? encodeCursor({ sort: query.sort, keys: last.keys }) : null;
  // First pages say how many match in all, up to the cap (the matches are all of them then).
  const total = cursorKeys
    ? null
    : { count: Math.min(matches.length, SEARCH_TOTAL_CAP), more: matches.length > SEARCH_TOTAL_CAP };
  return { rows: page.map((match) => match.row), nextCursor, total };
}
