import { ensurePgliteTemplate, ensurePostgresTemplate } from './database-template';

/**
 * Vitest global setup: the migrated template databases are made once, before any worker starts,
 * so no two workers race to make the same one (tests/support/database-template.ts).
 */
export default async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  // Side by side: PGlite migrates in this process, PostgreSQL in its own.
  await Promise.all([ensurePgliteTemplate(), serverUrl ? ensurePostgresTemplate(serverUrl) : undefined]);
}
