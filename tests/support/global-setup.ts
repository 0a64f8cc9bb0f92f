import { ensurePgliteTemplate, ensurePostgresTemplate } from './database-template';

/**
 * Vitest global setup: the migrated template databases are made once, before any worker starts,
 * so no two workers race to make the same one (tests/support/database-template.ts).
 */
export default async function setup() {
  await ensurePgliteTemplate();
  if (process.env.TEST_DATABASE_URL) await ensurePostgresTemplate(process.env.TEST_DATABASE_URL);
}
