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
import { ensurePgliteTemplate } from '../../support/database-template';
import makeTemplates from '../../support/global-setup';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite dump of the migrated database with the demo data, made once per run. */
    seededDatabaseFile: string;
  }
}

/**
 * The end-to-end suite's global setup: the migrated templates, then the demo data seeded once into
 * a copy of them. Every e2e file's server starts from that dump (about 0.5 s) instead of seeding
 * its own database. Made once per run, not cached between runs: the demo data is dated from today.
 */
export default async function setup(project: TestProject) {
  await makeTemplates();
  const client = new PGlite({
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: new Blob([fs.readFileSync(await ensurePgliteTemplate())]),
  });
  await client.waitReady;
  // The demo accounts' hashes at the tests' light cost, as the e2e servers (NODE_ENV=test) make
  // theirs: each of the suite's sign-ins verifies one.
  usePasswordHashing('light');
  await seedDemoData(drizzle({ client, schema }) as unknown as Database);
  const dump = await client.dumpDataDir('none');
  await client.close();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carematch-e2e-'));
  const file = path.join(dir, 'seeded.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('seededDatabaseFile', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
