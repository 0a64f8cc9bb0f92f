import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { seedDemoData } from '../../../src/server/db/seed';
import { WEB_DIST_DIR } from '../../../src/server/paths';
import { createMemoryStorage } from '../../../src/server/platform/storage';
import { createTestDatabase } from '../../support/test-database';

export interface E2EServer {
  baseUrl: string;
  close(): Promise<void>;
}

/** The real server with the built web app on a free loopback port, on a fresh seeded database. */
export async function startE2EServer(): Promise<E2EServer> {
  if (!fs.existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
    throw new Error('dist/web is missing: run `npm run build:web` first (npm test does it).');
  }
  const database = await createTestDatabase();
  await seedDemoData(database.db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, webDir: WEB_DIST_DIR, storage: createMemoryStorage() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
