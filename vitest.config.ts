import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const alias = { '@contracts': fromRoot('./src/contracts'), '@web': fromRoot('./src/web') };

// API tests run on embedded PGlite always, and once more on real PostgreSQL when
// TEST_DATABASE_URL is set (CI sets it). Each test file gets its own database, copied from a
// migrated template made once (tests/support/database-template.ts).
const apiProject = (name: string, dbKind: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    env: { TEST_DB_KIND: dbKind },
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          // One browser at a time on a 2-core machine keeps timings honest.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
