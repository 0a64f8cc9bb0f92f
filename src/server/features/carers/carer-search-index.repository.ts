import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { carerProfiles as c } from '../../db/schema';
import { SEARCH_RESULT_COLUMNS, type CarerSearchRow } from './carer-search.repository';

/*
 * What the in-memory search index reads (decision 0025): every profile once, then only what
 * changed. Migration 0019 stamps each written row with its transaction's id (`changed_xid`); a
 * deleted profile is announced by its change notice (the index hears it, nothing is stored). A
 * read returns its snapshot's xmin as the watermark: every transaction below it had finished when
 * the read was made, so the next read asks for rows stamped at or above it and misses nothing,
 * whatever order transactions commit in (rows of a transaction still running then are read again).
 */

/** A profile as the index keeps it: the search's result columns and what its filters test. */
export type IndexedCarerRow = CarerSearchRow & {
  listedUntil: Date;
  homeLatitude: number | null;
  homeLongitude: number | null;
};

export interface IndexRead {
  rows: IndexedCarerRow[];
  /** Pass to the next `readChanges`. */
  watermark: string;
}

const columns = {
  ...Object.fromEntries(SEARCH_RESULT_COLUMNS.map((name) => [name, c[name]])),
  listedUntil: c.listedUntil,
  homeLatitude: c.homeLatitude,
  homeLongitude: c.homeLongitude,
} as unknown as Record<keyof IndexedCarerRow, typeof c.id>;

export function createCarerSearchIndexRepository(db: Executor) {
  /** One snapshot for the watermark and the rows (a read-only, repeatable-read transaction). */
  async function read(since: string | undefined): Promise<IndexRead> {
    return db.transaction(
      async (tx) => {
        const snapshot = (await tx.execute(
          sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`,
        )) as unknown as { rows: { xmin: string }[] };
        const watermark = snapshot.rows[0]!.xmin;
        const query = tx.select(columns).from(c);
        const rows = (since === undefined
          ? await query
          : await query.where(
              sql`${sql.raw('changed_xid')} >= ${since}::xid8`,
            )) as unknown as IndexedCarerRow[];
        return { rows, watermark };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  return {
    /** Every profile. */
    readAll: () => read(undefined),
    /** Profiles written since `watermark` (a row may come again: it is the same row). */
    readChanges: (watermark: string) => read(watermark),
  };
}
export type CarerSearchIndexRepository = ReturnType<typeof createCarerSearchIndexRepository>;
