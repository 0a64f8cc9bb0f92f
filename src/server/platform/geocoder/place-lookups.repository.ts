import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { placeLookups } from '../../db/schema';
import type { Place, PlaceCache } from './geocoder';

// Postcodes are created and retired every quarter: "not found" is asked again after a week (a new
// build's postcode), a found place after a year.
const FOUND_KEPT_MS = 365 * 24 * 60 * 60_000;
const NOT_FOUND_KEPT_MS = 7 * 24 * 60 * 60_000;

// The query says what was asked: 'postcode:LS6 3AB', 'outcode:LS6', 'place:leeds'.
const KINDS: Record<string, Place['kind']> = { postcode: 'postcode', outcode: 'outcode', place: 'town' };

/** The PlaceCache on the place_lookups table: the postcode service's answers, shared by every instance. */
export function createPlaceLookupCache(db: Executor, now: () => Date = () => new Date()): PlaceCache {
  return {
    async get(query) {
      const [row] = await db.select().from(placeLookups).where(eq(placeLookups.query, query)).limit(1);
      if (!row) return undefined;
      const age = now().getTime() - row.lookedUpAt.getTime();
      if (age > (row.found ? FOUND_KEPT_MS : NOT_FOUND_KEPT_MS)) return undefined;
      if (!row.found) return { found: false };
      const kind = KINDS[query.slice(0, query.indexOf(':'))];
      if (!kind || row.latitude === null || row.longitude === null || row.label === null) return undefined;
      return {
        found: true,
        place: {
          latitude: row.latitude,
          longitude: row.longitude,
          kind,
          label: row.label,
          outwardCode: row.outwardCode,
          approximate: false,
        },
      };
    },

    async set(query, answer) {
      const place = answer.found ? answer.place : null;
      const values = {
        found: answer.found,
        latitude: place?.latitude ?? null,
        longitude: place?.longitude ?? null,
        label: place?.label ?? null,
        outwardCode: place?.outwardCode ?? null,
        lookedUpAt: now(),
      };
      await db
        .insert(placeLookups)
        .values({ query, ...values })
        .onConflictDoUpdate({ target: placeLookups.query, set: values });
    },
  };
}
