import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './tests/support/sequencer';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const alias = { '@contracts': fromRoot('./src/contracts'), '@web': fromRoot('./src/web') };

/**
 * API tests on PGlite when no TEST_DATABASE_URL is set (a fresh clone needs nothing installed).
 * With TEST_DATABASE_URL (CI), the whole API suite runs once, on PostgreSQL, the production
 * database, and on PGlite only the files that prove what differs between the two: migrations and
 * extensions, search (pg_trgm), LISTEN/NOTIFY and the caches fed by it, demo mode and the
 * embedded start, and the races that each database settles its own way (locks, atomic upserts).
 * The end-to-end suite runs on PostgreSQL when TEST_DATABASE_URL is set, otherwise on PGlite
 * (tests/e2e/support/global-setup.ts). `API_ON_BOTH=all` runs every API file on both.
 * Each test file gets its own database, copied from a migrated template made once
 * (tests/support/database-template.ts).
 */
const PROVED_ON_PGLITE_TOO = [
  'database', // migrations, extensions, seed, constraints, the embedded start
  'carers', // search: pg_trgm, ranking, cursors
  'carers-near-me', // distance search: cube and earthdistance, the GiST index
  'care-requests', // requests near a carer (earthdistance), answers racing for one slot
  'location-privacy', // trilateration through every distance and order (earthdistance)
  'arrangements', // visits in UK time, the calendar feed
  'carers-search-cache',
  'carers-search-index', // search from memory, kept by LISTEN/NOTIFY and the changed_xid stamps
  'carers-cache', // caches fed by LISTEN/NOTIFY
  'session-cache',
  'live-events', // LISTEN/NOTIFY
  'platform', // demo mode
  'web-app',
  'database-unavailable',
  'messaging', // the one-statement reply (CTEs, row locks)
  'subscriptions', // payment confirmation under concurrency (row locks)
  'subscriptions-fair', // cancelling and refunds under row locks, reminders claimed once
  'subscriptions-refund-access', // a refund's window in SQL (intervals, greatest) on both databases
  'paywall-channels', // every channel of a held-back message, live events (LISTEN/NOTIFY) among them
  'subscriptions-stripe-webhooks',
  'auth',
  'attempt-throttles', // sign-in and code limits: atomic reservations under parallel bursts
  // Issue 17's other database-backed classes: racing registrations, step-up on session age,
  // export quota counters, suspended accounts in reviews.
  'auth-email-verification',
  'auth-step-up',
  'privacy-data-export',
  'reviews',
  // Creating requests claimed once (decision 0033): a unique insert raced by parallel repeats.
  'double-submit',
];

/**
 * API files share one module graph per worker (`isolate: false`): importing the app for each file
 * cost more than most files' tests. Files that replace a module with `vi.mock` need a graph of
 * their own, so they run in an isolated project beside the others.
 */
const MOCKS_MODULES = ['attempt-throttles', 'authorization-matrix'];
const apiFile = (file: string) => `tests/api/${file}.test.ts`;

const apiProjects = (dbKind: 'pglite' | 'postgres', files: string[] | 'all') => {
  const include = files === 'all' ? ['tests/api/**/*.test.ts'] : files.map(apiFile);
  const mocking = MOCKS_MODULES.filter((file) => files === 'all' || files.includes(file));
  const shared = {
    env: { TEST_DB_KIND: dbKind },
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  };
  return [
    {
      resolve: { alias },
      test: { ...shared, name: `api-${dbKind}`, include, exclude: mocking.map(apiFile), isolate: false },
    },
    ...(mocking.length > 0
      ? [
          {
            resolve: { alias },
            test: { ...shared, name: `api-${dbKind}-mocks`, include: mocking.map(apiFile) },
          },
        ]
      : []),
  ];
};

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const pgliteFiles = onPostgres && process.env.API_ON_BOTH !== 'all' ? PROVED_ON_PGLITE_TOO : 'all';

/**
 * Workers for the unit and API files: one per core (vitest's default, one fewer than the cores, is
 * a single worker on a 2-core machine). They keep the CPU busy (with CI's second lane beside them).
 */
const WORKERS = Number(process.env.TEST_WORKERS) || availableParallelism();
/**
 * Workers for the end-to-end files, which run after the others (their own `groupOrder`): one more
 * than the cores. A journey waits while Chromium and the file's server answer each other, and with
 * one file per core a fifth of the CPU went unused; with three on two cores each file takes about a
 * third longer and the suite 11% less (docs/performance.md, "Test suite", round 8); with four, slower again.
 */
const E2E_WORKERS = Number(process.env.E2E_WORKERS) || WORKERS + 1;

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      // Unit files share one module graph per worker too (importing anew for each file was most
      // of their time); none replaces a module, and the two that stub fetch restore it after each test.
      {
        resolve: { alias },
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], isolate: false },
      },
      ...apiProjects('pglite', pgliteFiles),
      ...(onPostgres ? apiProjects('postgres', 'all') : []),
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 1 },
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          // Files run side by side, each with its own server and database; a worker keeps one browser
          // for the files it runs (tests/e2e/support/e2e-suite.ts), hence the shared modules.
          isolate: false,
          // A journey with several axe checks takes 30-45 s alone and up to twice that beside
          // another file: the limit catches a hang, not a slow machine.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      // Deploy-level tests (the production build as processes, behind nginx): `npm run test:deploy`,
      // which CI runs once after the fast suites; PostgreSQL only. `npm test` names its projects and
      // leaves this one out.
      {
        resolve: { alias },
        test: {
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          env: { TEST_DB_KIND: 'postgres' },
          globalSetup: ['tests/support/global-setup.ts', 'tests/deploy/build-once.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
