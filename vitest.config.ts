import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const alias = { '@contracts': fromRoot('./src/contracts'), '@web': fromRoot('./src/web') };

/**
 * API tests on PGlite when no TEST_DATABASE_URL is set (a fresh clone needs nothing installed).
 * With TEST_DATABASE_URL (CI), the whole API suite runs once, on PostgreSQL, the production
 * database, and on PGlite only the files that prove what differs between the two: migrations and
 * extensions, search (pg_trgm), LISTEN/NOTIFY and the caches fed by it, demo mode and the
 * embedded start, and the races that each database settles its own way (locks, atomic upserts).
 * The end-to-end suite runs on PGlite throughout. `API_ON_BOTH=all` runs everything on both.
 * Each test file gets its own database, copied from a migrated template made once
 * (tests/support/database-template.ts).
 */
const PROVED_ON_PGLITE_TOO = [
  'database', // migrations, extensions, seed, constraints, the embedded start
  'carers', // search: pg_trgm, ranking, cursors
  'search-cache',
  'carer-cache', // caches fed by LISTEN/NOTIFY
  'session-cache',
  'live-events', // LISTEN/NOTIFY
  'platform', // demo mode
  'web-app',
  'database-unavailable',
  'messaging', // the one-statement reply (CTEs, row locks)
  'subscriptions', // payment confirmation under concurrency (row locks)
  'stripe-webhooks',
  'auth',
  'attempt-throttles', // sign-in and code limits: atomic reservations under parallel bursts
  // Issue 17's other database-backed classes: racing registrations, step-up on session age,
  // export quota counters, suspended accounts in reviews.
  'email-verification',
  'step-up',
  'data-export',
  'reviews',
];

const apiProject = (name: string, dbKind: 'pglite' | 'postgres', files: string[] | 'all') => ({
  resolve: { alias },
  test: {
    name,
    include: files === 'all' ? ['tests/api/**/*.test.ts'] : files.map((file) => `tests/api/${file}.test.ts`),
    env: { TEST_DB_KIND: dbKind },
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const pgliteFiles = onPostgres && process.env.API_ON_BOTH !== 'all' ? PROVED_ON_PGLITE_TOO : 'all';

export default defineConfig({
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      apiProject('api-pglite', 'pglite', pgliteFiles),
      ...(onPostgres ? [apiProject('api-postgres', 'postgres', 'all')] : []),
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          // One e2e file at a time, beside the API files in the shared pool. Files could run side by
          // side (each has its own server, database and browser; a sequential run is 7 min of CPU
          // in 16.5), but vitest needs a project with its own maxWorkers to run in its own group
          // (sequence.groupOrder), which would stop the overlap with the API files: see issue 18.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
