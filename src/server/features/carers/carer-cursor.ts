import type { CarerSort } from '@contracts/carers';
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

export function encodeCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, ...cursor.keys])).toString('base64url');
}

export function decodeCursor(value: string, sort: CarerSort, keyCount: number): SearchCursor {
  const invalid = () => AppError.badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed[0] !== sort || parsed.length !== keyCount + 1) throw invalid();
  const keys = parsed.slice(1);
  if (!keys.every((key) => (typeof key === 'number' && Number.isFinite(key)) || typeof key === 'string'))
    throw invalid();
  const id = keys[keys.length - 1];
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) throw invalid();
  return { sort, keys: keys as (string | number)[] };
}
