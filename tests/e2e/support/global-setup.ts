import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS, type Database } from '../../../src/server/db/client';
import * as schema from '../../../src/server/db/schema';
import { seedDemoData } from '../../../src/server/demo-seed/seed';
import { usePasswordHashing } from '../../../src/server/features/auth/password';
import { ensurePgliteTemplate, ensurePostgresTemplate } from '../../support/database-template';
import makeTemplates from '../../support/global-setup';
import { copyPostgresDatabase, dropPostgresDatabase } from '../../support/test-database';

/**
 * The demo data every e2e file's server starts from: a PGlite dump, or with TEST_DATABASE_URL a
 * PostgreSQL database that each file's server copies (`CREATE DATABASE … TEMPLATE`).
 */
export type SeededDemoData = { kind: 'pglite'; file: string } | { kind: 'postgres'; database: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database with the demo data, made once per run. */
    seededDemoData: SeededDemoData;
  }
}

/**
 * The end-to-end suite's global setup: the migrated templates, then the demo data seeded once into
 * a copy of them. Every e2e file's server starts from that copy instead of seeding its own
 * database. Made once per run, not cached between runs: the demo data is dated from today.
 *
 * With TEST_DATABASE_URL (CI), the servers run on PostgreSQL, the production database: the same
 * journeys cost about a sixth less CPU than on PGlite, whose engine runs as WebAssembly inside the
 * file's own worker (decision 0021). Without it they run on PGlite, as `npm start`'s demo does.
 * `E2E_DATABASE=pglite` keeps PGlite with TEST_DATABASE_URL set.
 */
export default async function setup(project: TestProject) {
  await makeTemplates();
  // The demo accounts' hashes at the tests' light cost, as the e2e servers (NODE_ENV=test) make
  // theirs: each of the suite's sign-ins verifies one.
  usePasswordHashing('light');
  const serverUrl = process.env.TEST_DATABASE_URL;
  const seeded =
    serverUrl && process.env.E2E_DATABASE !== 'pglite' ? await seedPostgres(serverUrl) : await seedPglite();
  project.provide('seededDemoData', seeded.data);
  return seeded.remove;
}

async function seedPglite() {
  const client = new PGlite({
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: new Blob([fs.readFileSync(await ensurePgliteTemplate())]),
  });
  await client.waitReady;
  await seedDemoData(drizzle({ client, schema }) as unknown as Database);
  const dump = await client.dumpDataDir('none');
  await client.close();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carematch-e2e-'));
  const file = path.join(dir, 'seeded.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return {
    data: { kind: 'pglite', file } as const,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function seedPostgres(serverUrl: string) {
  const database = await copyPostgresDatabase(serverUrl, await ensurePostgresTemplate(serverUrl), {
    poolSize: 2,
    prefix: 'cm_e2e_seeded',
    keep: true,
  });
  try {
    await seedDemoData(database.db);
  } finally {
    // Kept: the files' servers copy it, which needs it to have no open connection.
    await database.close();
  }
  return {
    data: { kind: 'postgres', database: database.name } as const,
    remove: () => dropPostgresDatabase(serverUrl, database.name),
  };
}
