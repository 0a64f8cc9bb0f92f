import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type Listening } from '../../src/server/db/client';
import { ensurePgliteTemplate, ensurePostgresTemplate } from './database-template';

// Read once per worker: every database this worker opens starts from the same bytes.
let pgliteTemplate: Promise<Blob> | undefined;

/**
 * PGlite databases a closed test handle gave back, kept for the next file this worker runs (API
 * files share modules, so this outlives a file). Booting a PGlite from the migrated template
 * costs 0.6–0.8 s of CPU; emptying every table of one already running costs under 0.1 s.
 */
const idlePglites: DatabaseHandle[] = [];

async function openPglite(): Promise<DatabaseHandle> {
  pgliteTemplate ??= ensurePgliteTemplate().then((file) => new Blob([fs.readFileSync(file)]));
  return openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate });
}

/** Back to the migrated template: every table emptied and its identities restarted. */
async function emptyEveryTable(database: DatabaseHandle) {
  const result = (await database.db.execute(
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  )) as unknown as { rows: { name: string }[] };
  if (result.rows.length === 0) return;
  const tables = result.rows.map((row) => `public.${row.name}`).join(', ');
  await database.db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
}

/**
 * A handle on a pooled PGlite that behaves like a database of its own: after `close()` every use
 * fails as a closed database does (tests close one to see the app answer "unavailable"), its
 * LISTENs are stopped, and the database goes back to the pool emptied.
 */
function lendPglite(database: DatabaseHandle): DatabaseHandle {
  let closed = false;
  const listening = new Set<Listening>();
  const open = () => {
    if (closed) throw new Error('PGlite is closed');
  };
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      open();
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    ...database,
    db,
    migrate: async () => (open(), database.migrate()),
    ping: async () => !closed && database.ping(),
    async listen(channel, onPayload, onLost) {
      open();
      const inner = await database.listen(channel, onPayload, onLost);
      const listen: Listening = {
        async close() {
          listening.delete(listen);
          await inner.close();
        },
      };
      listening.add(listen);
      return listen;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listening].map((listen) => listen.close()));
      // A database left in a state that cannot be emptied is simply dropped.
      const reusable = await emptyEveryTable(database).then(
        () => true,
        () => false,
      );
      if (reusable) idlePglites.push(database);
      else await database.close().catch(() => {});
    },
  };
}

/**
 * A fresh, migrated database for one test file: a PGlite at the migrated state (a pooled one,
 * emptied, or a new one loaded from the migrated template), or (TEST_DB_KIND=postgres) a new
 * database on the TEST_DATABASE_URL server copied from the migrated template database and dropped
 * again when the handle closes.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_KIND !== 'postgres') {
    return lendPglite(idlePglites.pop() ?? (await openPglite()));
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  return copyPostgresDatabase(serverUrl, await ensurePostgresTemplate(serverUrl), { poolSize: 5 });
}

/**
 * A new database on the PostgreSQL server at `serverUrl`, copied from `template` (`CREATE DATABASE
 * … TEMPLATE`: milliseconds for a migrated schema, a fraction of a second for the demo data), and
 * dropped again when the handle closes unless `keep` (a template in its turn, dropped by its
 * maker). A template must have no open connection while it is copied.
 */
export async function copyPostgresDatabase(
  serverUrl: string,
  template: string,
  { poolSize, prefix = 'cm_test', keep = false }: { poolSize: number; prefix?: string; keep?: boolean },
): Promise<DatabaseHandle & { name: string }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  // A commit waits for nothing but the WAL in memory: on this machine's disk each fsync took about
  // 5 ms, most of a small API test's time. What a committed transaction shows to every other
  // connection is unchanged; only a crash of the PostgreSQL server could lose the last ones, and
  // no test crashes it (the fault bench, on its own cluster, keeps the production setting).
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.href, poolSize });
  return {
    ...database,
    name,
    async close() {
      await database.close();
      if (!keep) await dropPostgresDatabase(serverUrl, name);
    },
  };
}

/** Drops `name` on the server at `serverUrl`, ending any connection still open to it. */
export async function dropPostgresDatabase(serverUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * The connection URL of a test database on the TEST_DATABASE_URL server, for processes started
 * beside the test (the production build, a cluster) that share it.
 */
export async function databaseUrlOf(database: DatabaseHandle): Promise<string> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('databaseUrlOf needs TEST_DATABASE_URL');
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(serverUrl);
  url.pathname = `/${result.rows[0]!.name}`;
  return url.href;
}
