import { z } from 'zod';
import { SEARCH_MESSAGES, type CarerSort } from '@contracts/carers';
import { AppError } from '../../platform/errors';

/**
 * An opaque keyset cursor: the sort it belongs to and the last row's sort key values. Keyset
 * (not offset) paging keeps "Load More" free of duplicates and gaps while carers are added.
 */
export interface SearchCursor {
  sort: CarerSort;
  /** Values of the ORDER BY keys of the last row, in order, ending with its id. */
  keys: (string | number)[];
}

/** Which keys a cursor carries: the sort's, with the location fit first for 'best' near a place. */
export type CursorShape = CarerSort | 'best-near';

// The cursor comes back from the client, so it is input like any other (decision 0020): each
// key is checked against the column it is compared with, or PostgreSQL refuses the value (a string
// rank, a float count, an out-of-range integer, a malformed uuid) and the search is a 500.
const id = z.guid();
const rankScore = z.number().finite().min(-1e12).max(1e12);
/** numeric(3,2): the average rating, 0 to 5, as the database returns it (a string). */
const rating = z.string().regex(/^[0-5](\.\d{1,2})?$/);
/** integer: a review count (PostgreSQL's integer is 32-bit). */
const reviewCount = z.number().int().min(0).max(2_147_483_647);
/** numeric(7,2): an hourly rate in pounds, as the database returns it (a string). */
const hourlyRate = z.string().regex(/^\d{1,5}(\.\d{1,2})?$/);
/** cube distance between the place and the carer's home, in metres (under 13,000 km). */
const distanceKey = z.number().finite().min(0).max(2e7);
/** 1: the row matched the town or district exactly; 0: only a mention. */
const fit = z.union([z.literal(0), z.literal(1)]);

const CURSORS: Record<CursorShape, z.ZodType<(string | number)[]>> = {
  best: z.tuple([z.literal('best'), rankScore, id]).transform(([, ...keys]) => keys),
  'best-near': z.tuple([z.literal('best'), fit, rankScore, id]).transform(([, ...keys]) => keys),
  rating: z.tuple([z.literal('rating'), rating, reviewCount, id]).transform(([, ...keys]) => keys),
  price: z.tuple([z.literal('price'), hourlyRate, id]).transform(([, ...keys]) => keys),
  distance: z.tuple([z.literal('distance'), distanceKey, id]).transform(([, ...keys]) => keys),
};

export function encodeCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, ...cursor.keys])).toString('base64url');
}

/** The keys of a cursor made for `shape`; anything else (another sort, forged, damaged) is a 400. */
export function decodeCursor(value: string, shape: CursorShape): SearchCursor {
  const invalid = () => AppError.badRequest(SEARCH_MESSAGES.cursor, { cursor: SEARCH_MESSAGES.cursor });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const keys = CURSORS[shape].safeParse(parsed);
  if (!keys.success) throw invalid();
  return { sort: shape === 'best-near' ? 'best' : shape, keys: keys.data };
}
