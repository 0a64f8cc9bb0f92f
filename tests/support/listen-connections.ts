import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client';

/**
 * Ends the app's LISTEN connection on `channel` (PostgreSQL only), as a network fault or a
 * database restart would; the app reconnects after at least 250 ms.
 */
export async function dropListeningConnection(database: DatabaseHandle, channel: string) {
  const ended = (await database.db.execute(
    sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and query ilike ${`listen %${channel}%`}`,
  )) as unknown as { rows: { ended: boolean }[] };
  expect(ended.rows).toEqual([{ ended: true }]);
}
