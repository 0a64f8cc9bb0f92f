// The spec's original search design, for the benchmark's baseline and as an oracle: every carer is
// in memory and the filters, order and keyset page are applied in JavaScript. It follows
// CarersRepository.search() rule for rule, so the two must return the same pages.

import type { CarerSearchQuery } from '@contracts/carers';
import type { CarerProfileRow } from '../../src/server/db/schema';
import { decodeCursor, encodeCursor } from '../../src/server/features/carers/carer-cursor';
import { postcodeDistrictOf } from '../../src/server/features/carers/carer-mapper';

type Key = string | number;
interface KeyDef {
  value(row: CarerProfileRow, fit: number): Key;
  direction: 1 | -1;
  numeric: boolean;
}

const byId: KeyDef = { value: (row) => row.id, direction: 1, numeric: false };

function keyDefs(query: CarerSearchQuery): KeyDef[] {
  switch (query.sort) {
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
        ...(query.location ? [{ value: (_row, fit) => fit, direction: -1, numeric: true } as KeyDef] : []),
        { value: (row) => row.rankScore, direction: -1, numeric: true },
        byId,
      ];
  }
}

function compareKeys(defs: KeyDef[], a: Key[], b: Key[]): number {
  for (const [index, def] of defs.entries()) {
    const x = a[index]!;
    const y = b[index]!;
    const order = def.numeric ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0;
    if (order !== 0) return order * def.direction;
  }
  return 0;
}

export function referenceSearch(
  all: readonly CarerProfileRow[],
  query: CarerSearchQuery,
): { rows: CarerProfileRow[]; nextCursor: string | null } {
  const text = query.location?.toLowerCase();
  const district = query.location ? postcodeDistrictOf(query.location) : undefined;
  const defs = keyDefs(query);
  const cursorKeys = query.cursor
    ? decodeCursor(
        query.cursor,
        query.sort === 'best' && query.location !== undefined ? 'best-near' : query.sort,
      ).keys
    : undefined;

  const matches: { row: CarerProfileRow; keys: Key[] }[] = [];
  for (const row of all) {
    if (!row.isActive) continue;
    if (query.careType && row.specialization !== query.careType) continue;
    if (query.availability && !row.availability.includes(query.availability)) continue;
    if (query.minRate !== undefined && Number(row.hourlyRateMax) < query.minRate) continue;
    if (query.maxRate !== undefined && Number(row.hourlyRateMin) > query.maxRate) continue;
    let fit = 0;
    if (text !== undefined) {
      const inDistrict = district !== undefined && row.postcodeDistrict?.toUpperCase() === district;
      if (!inDistrict && !row.location.toLowerCase().includes(text)) continue;
      const town = row.location.split(',')[0]!.trim().toLowerCase();
      fit = inDistrict || town === text ? 1 : 0;
    }
    const keys = defs.map((def) => def.value(row, fit));
    if (cursorKeys && compareKeys(defs, keys, cursorKeys) <= 0) continue;
    matches.push({ row, keys });
  }
  matches.sort((a, b) => compareKeys(defs, a.keys, b.keys));

  const page = matches.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor =
    matches.length > query.limit && last ? encodeCursor({ sort: query.sort, keys: last.keys }) : null;
  return { rows: page.map((match) => match.row), nextCursor };
}
