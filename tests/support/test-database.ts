import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { ensurePgliteTemplate, ensurePostgresTemplate } from './database-template';

// Read once per worker: every database this worker opens starts from the same bytes.
let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A fresh, migrated database for one test file: an in-memory PGlite loaded from the migrated
 * template, or (TEST_DB_KIND=postgres) a new database on the TEST_DATABASE_URL server copied from
 * the migrated template database and dropped again when the handle closes.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_KIND !== 'postgres') {
    pgliteTemplate ??= ensurePgliteTemplate().then((file) => new Blob([fs.readFileSync(file)]));
    return openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate });
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const template = await ensurePostgresTemplate(serverUrl);
  const name = `cm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.href, poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
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
