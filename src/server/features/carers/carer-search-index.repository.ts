import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { carerProfiles as c } from '../../db/schema';
import { SEARCH_RESULT_COLUMNS, type CarerSearchRow } from './carer-search.repository';

/*
 * What the in-memory search index reads (decision 0025): every profile once, then only what
 * changed. Migration 0019 stamps each written row with its transaction's id (`changed_xid`) and
 * records each deleted profile's id (`carer_profile_removals`). A read returns its snapshot's
 * xmin as the watermark: every transaction below it had finished when the read was made, so the
 * next read asks for rows stamped at or above it and misses nothing, whatever order transactions
 * commit in (rows of a transaction still running then are read again).
 */

/** A profile as the index keeps it: the search's result columns and what its filters test. */
export type IndexedCarerRow = CarerSearchRow & {
  listedUntil: Date;
  homeLatitude: number | null;
  homeLongitude: number | null;
};

export interface IndexRead {
  rows: IndexedCarerRow[];
  /** Profiles deleted since the watermark (delta reads only). */
  removedIds: string[];
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
        const rows = (
          since === undefined ? await query : await query.where(sql`${sql.raw('changed_xid')} >= ${since}::xid8`)
        ) as unknown as IndexedCarerRow[];
        let removedIds: string[] = [];
        if (since !== undefined) {
          const removed = (await tx.execute(
            sql`select profile_id::text as id from carer_profile_removals where removed_xid >= ${since}::xid8`,
          )) as unknown as { rows: { id: string }[] };
          removedIds = removed.rows.map((row) => row.id);
        }
        return { rows, removedIds, watermark };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  return {
    /** Every profile. */
    readAll: () => read(undefined),
    /** Profiles written or deleted since `watermark` (a row may come again: it is the same row). */
    readChanges: (watermark: string) => read(watermark),
    /** Housekeeping: removals older than a day (an index that far behind reads everything again). */
    async pruneRemovals(): Promise<number> {
      const result = (await db.execute(
        sql`delete from carer_profile_removals where removed_at < now() - interval '1 day'`,
      )) as unknown as { rowCount?: number; affectedRows?: number };
      return result.rowCount ?? result.affectedRows ?? 0;
    },
  };
}
export type CarerSearchIndexRepository = ReturnType<typeof createCarerSearchIndexRepository>;
