import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client';
import { loadConfig } from '../../../src/server/config';
import { WEB_DIST_DIR } from '../../../src/server/paths';
import { createMemoryStorage } from '../../../src/server/platform/storage';
import { copyPostgresDatabase } from '../../support/test-database';

export interface E2EServer {
  baseUrl: string;
  /** The server's database, for the few states no page can reach (an ended subscription). */
  database: DatabaseHandle;
  /**
   * Moves the clock of the subscription rules housekeeping applies `days` ahead of the real one
   * (0: back to it). Pages, sessions and payments keep the real clock.
   */
  setClockAhead(days: number): void;
  /** One round of housekeeping's "no-reply protection" task, on that clock: the families it protected. */
  runNoReplyProtection(): Promise<number>;
  /**
   * The test changed carers in `database` behind the server's back: the server takes the change in
   * now, as after a write of its own, rather than when PostgreSQL's change notice arrives a moment
   * later (a search in that moment, on a loaded machine, still listed a lapsed carer).
   */
  carersChanged(): Promise<void>;
  close(): Promise<void>;
}

// Read once per worker: every file's PGlite starts from the same seeded bytes.
let seededPglite: Blob | undefined;

/** The file's own database with the demo data: a copy of the run's seeded one (global-setup.ts). */
async function openSeededDatabase(): Promise<DatabaseHandle> {
  const seeded = inject('seededDemoData');
  if (seeded.kind === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('the e2e demo data is on PostgreSQL: TEST_DATABASE_URL is needed');
    // A test's pages send a few requests at a time; connections open as they are needed.
    return copyPostgresDatabase(serverUrl, seeded.database, { poolSize: 8, prefix: 'cm_e2e' });
  }
  seededPglite ??= new Blob([fs.readFileSync(seeded.file)]);
  return openDatabase({ kind: 'pglite', loadDataDir: seededPglite });
}

// The port this worker's servers listen on. One file's server after another takes the same port,
// so the browser's cache of the built app (immutable, hashed file names) stays warm across files.
let workerPort = 0;

/**
 * The real server with the built web app on a loopback port, on a database of its own copied from
 * the demo data seeded once per run (tests/e2e/support/global-setup.ts). `ownWebDir`: a copy of the
 * build the file changes as it goes (a new version of the app deployed under a running page).
 */
export async function startE2EServer(
  env: Record<string, string> = {},
  ownWebDir?: string,
): Promise<E2EServer> {
  // E2E_WEB_DIR: a private build (`vite build --outDir …`), so parallel work cannot swap dist/web.
  const webDir = ownWebDir ?? process.env.E2E_WEB_DIR ?? WEB_DIST_DIR;
  if (!fs.existsSync(path.join(webDir, 'index.html'))) {
    throw new Error('dist/web is missing: run `npm run build:web` first (npm test does it).');
  }
  const database = await openSeededDatabase();
  // Search from memory, as in demo mode and production (decision 0025).
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEARCH_INDEX: 'on', ...env });
  let aheadMs = 0;
  const app = await buildApp({
    config,
    database,
    webDir,
    storage: createMemoryStorage(),
    subscriptionsClock: () => new Date(Date.now() + aheadMs),
  });
  try {
    await app.listen({ port: workerPort, host: '127.0.0.1' });
  } catch (error) {
    // Someone else took the port between two files: any free one will do (a cold cache).
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await app.listen({ port: 0, host: '127.0.0.1' });
  }
  workerPort = (app.server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${workerPort}`,
    database,
    setClockAhead(days) {
      aheadMs = days * 86_400_000;
    },
    // What housekeeping's task runs (src/server/housekeeping.plugin.ts): the e2e server runs no timers.
    runNoReplyProtection: () => app.subscriptions.ending.protectUnanswered(),
    async carersChanged() {
      app.carerCaches.changed();
      app.carerSearchIndex?.changed();
      await app.carerSearchIndex?.refresh();
    },
    async close() {
      // The worker's browser outlives this server: its keep-alive and event-stream connections
      // would hold the close open, so they are cut (the file's pages are already closed).
      app.server.closeAllConnections();
      await app.close();
      await database.close();
    },
  };
}
