import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../../src/server/app';
import type { DatabaseHandle } from '../../../src/server/db/client';
import { loadConfig } from '../../../src/server/config';
import { seedDemoData } from '../../../src/server/db/seed';
import { WEB_DIST_DIR } from '../../../src/server/paths';
import { createMemoryStorage } from '../../../src/server/platform/storage';
import { createTestDatabase } from '../../support/test-database';

export interface E2EServer {
  baseUrl: string;
  /** The server's database, for the few states no page can reach (an ended subscription). */
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real server with the built web app on a free loopback port, on a fresh seeded database. */
export async function startE2EServer(): Promise<E2EServer> {
  // E2E_WEB_DIR: a private build (`vite build --outDir …`), so parallel work cannot swap dist/web.
  const webDir = process.env.E2E_WEB_DIR ?? WEB_DIST_DIR;
  if (!fs.existsSync(path.join(webDir, 'index.html'))) {
    throw new Error('dist/web is missing: run `npm run build:web` first (npm test does it).');
  }
  const database = await createTestDatabase();
  await seedDemoData(database.db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, webDir, storage: createMemoryStorage() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
