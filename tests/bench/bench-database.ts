import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchPostgres {
  /** The connection URL of the new database, for the server under test. */
  url: string;
  name: string;
  database: DatabaseHandle;
  /** Closes the pool and drops the database; safe to call twice. */
  drop(): Promise<void>;
}

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/** A new database `cm_bench_<random>` on the server of `adminUrl`, migrated with the app's own migrator. */
export async function createBenchPostgres(adminUrl: string): Promise<BenchPostgres> {
  const name = `cm_bench_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await database.close().catch(() => {});
    await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
  };
  const database = await openDatabase({ kind: 'postgres', url: url.href, poolSize: 4 });
  try {
    await database.migrate();
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: url.href, name, database, drop };
}

/** Rows of a raw query, on PostgreSQL and PGlite alike (both answer with `rows`). */
export async function queryRows<T>(database: DatabaseHandle, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The server's version and the settings that matter for the numbers. */
export async function describePostgres(database: DatabaseHandle): Promise<string> {
  const [row] = await queryRows<{ version: string; shared_buffers: string; work_mem: string }>(
    database,
    sql`select version() as version, current_setting('shared_buffers') as shared_buffers,
      current_setting('work_mem') as work_mem`,
  );
  return row
    ? `${row.version.split(' on ')[0]} (shared_buffers ${row.shared_buffers}, work_mem ${row.work_mem})`
    : 'unknown';
}
