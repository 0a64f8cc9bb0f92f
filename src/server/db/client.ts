import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a transaction callback receives; repositories accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** True when a trivial query succeeds: the readiness probe. */
  ping(): Promise<boolean>;
  /**
   * Calls `onPayload` with every NOTIFY on `channel` (live events, decision 0007). PostgreSQL:
   * a dedicated connection outside the pool (LISTEN belongs to one session); `onLost` fires once
   * if that connection drops, and the caller listens again. PGlite: its in-process `listen`.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onLost: (error?: Error) => void,
  ): Promise<Listening>;
  close(): Promise<void>;
}

/** A LISTEN in place; `close()` stops it (and ends its connection on PostgreSQL). */
export interface Listening {
  close(): Promise<void>;
}

// Channel names are written into LISTEN as identifiers: only plain lowercase names are allowed.
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid notification channel: ${channel}`);
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * `dataDir` undefined keeps the database in memory (tests). `loadDataDir` starts it from a
   * `dumpDataDir()` tarball instead of an empty cluster (the tests' migrated template).
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

// An arbitrary constant: every instance takes the same advisory lock so only one migrates at a time.
const MIGRATION_LOCK_ID = 7_311_202_611;

/**
 * The extensions the migrations create: pg_trgm for the location substring index (migration
 * 0001), cube and earthdistance for distance search (migration 0013, decision 0022).
 */
export const PGLITE_EXTENSIONS = { pg_trgm, cube, earthdistance };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 4,
      // A database that does not answer (a host gone, a full queue) fails the request with a 503
      // after 5 s instead of holding it for the operating system's TCP timeout.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    // An idle client that loses its server (a restart) must not crash the process.
    pool.on('error', () => {});
    // Nor a checked-out one: the pool listens for errors on idle clients only, so a connection the
    // server ends while a transaction waits between two statements would emit an unhandled
    // 'error'. Its next query fails instead (a 503), and the pool drops it on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
          client.release();
        }
      },
      ping: () => pingDatabase(db),
      listen: (channel, onPayload, onLost) => listenPostgres(target.url, channel, onPayload, onLost),
      close: () => pool.end(),
    };
  }

  let dataDir: string | undefined;
  if (target.dataDir) {
    dataDir = path.join(target.dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
  await client.waitReady;
  const pgliteDb = drizzlePglite({ client, schema });
  const db = pgliteDb as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR }),
    ping: () => pingDatabase(db),
    async listen(channel, onPayload) {
      checkChannel(channel);
      const unlisten = await client.listen(channel, onPayload);
      return {
        async close() {
          // Already gone if the database closed first: nothing left to stop.
          if (!client.closed) await unlisten();
        },
      };
    },
    close: () => client.close(),
  };
}

async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onLost: (error?: Error) => void,
): Promise<Listening> {
  checkChannel(channel);
  // keepAlive: a connection silently cut (a NAT timeout, a failover) is noticed and reported.
  const client = new pg.Client({ connectionString: url, keepAlive: true });
  let live = false;
  const lost = (error?: Error) => {
    if (!live) return;
    live = false;
    client.end().catch(() => {});
    onLost(error);
  };
  client.on('error', lost);
  client.on('end', () => lost());
  client.on('notification', (message) => {
    if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
  });
  try {
    await client.connect();
    await client.query(`listen ${channel}`);
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  live = true;
  return {
    async close() {
      live = false;
      await client.end().catch(() => {});
    },
  };
}

async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
