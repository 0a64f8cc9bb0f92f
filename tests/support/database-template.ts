import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR, PROJECT_ROOT } from '../../src/server/paths';
import { openDatabase, PGLITE_EXTENSIONS } from '../../src/server/db/client';

/**
 * Migrated databases made once per change of the migrations, not once per test file: booting an
 * empty PGlite and migrating it costs about 2 s, loading a migrated copy about 0.4 s; on
 * PostgreSQL, `CREATE DATABASE … TEMPLATE` copies a migrated database in a few milliseconds.
 * Both are named after a hash of the migrations (and the PGlite version), so a changed migration
 * makes a new template and an old one is never reused. tests/support/global-setup.ts makes them
 * before the workers start; a run without it (a lone file) makes them on first use.
 */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

function pgliteVersion(): string {
  const manifest = path.join(PROJECT_ROOT, 'node_modules/@electric-sql/pglite/package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}

const TEMPLATE_DIR = path.join(PROJECT_ROOT, 'node_modules/.cache/carematch-test-templates');

export const pgliteTemplatePath = () =>
  path.join(TEMPLATE_DIR, `pglite-${pgliteVersion()}-${migrationsHash()}.tar`);

/** The PostgreSQL template database's name for the current migrations. */
export const postgresTemplateName = () => `cm_template_${migrationsHash()}`;

/** Writes the migrated PGlite tarball if this version of the migrations has none yet. */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = pgliteTemplatePath();
  if (fs.existsSync(file)) return file;
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_DIR });
  const dump = await client.dumpDataDir('none');
  await client.close();
  fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
  // Written under a temporary name and renamed: a reader never sees half a file.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  for (const old of fs.readdirSync(TEMPLATE_DIR)) {
    if (old.startsWith('pglite-') && path.join(TEMPLATE_DIR, old) !== file && !old.endsWith('.partial')) {
      fs.rmSync(path.join(TEMPLATE_DIR, old), { force: true });
    }
  }
  return file;
}

async function withAdmin<T>(serverUrl: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
};

/**
 * Makes the migrated PostgreSQL template if it is missing: migrated under a temporary name, then
 * renamed, so a half-migrated template is never copied. Templates of older migrations are left
 * alone (another checkout on this server may still use them); each is the size of an empty schema.
 */
export async function ensurePostgresTemplate(serverUrl: string): Promise<string> {
  const name = postgresTemplateName();
  const exists = await withAdmin(serverUrl, async (admin) => {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    return found.rowCount === 1;
  });
  if (exists) return name;

  const building = `${name}_${process.pid}_${Date.now()}`;
  await withAdmin(serverUrl, (admin) => admin.query(`create database ${building}`));
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrl(serverUrl, building),
    poolSize: 1,
  });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  await withAdmin(serverUrl, async (admin) => {
    try {
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch (error) {
      // Another run made it first (42P04 duplicate_database): theirs is as good as ours.
      await admin.query(`drop database if exists ${building} with (force)`);
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
  });
  return name;
}
