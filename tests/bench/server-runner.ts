// Child process of the search benchmark (run with `node --import tsx`), so that the server under
// test never shares an event loop with the load generator:
//   pglite <count>   in-memory PGlite seeded with <count> carers; the real app (buildApp) and the
//                    baseline server on two free ports of 127.0.0.1
//   baseline         the baseline server only, over DATABASE_URL (PostgreSQL)
// Prints one line `READY {"app":port,"baseline":port}` on stdout, then serves until killed.

import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { createMemoryStorage } from '../../src/server/platform/storage';
import { createBaselineServer } from './baseline-server';
import { seedBenchCarers } from './seed';

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function main() {
  const [mode, countText] = process.argv.slice(2);
  let database: DatabaseHandle;
  const ports: { app?: number; baseline?: number } = {};
  if (mode === 'pglite') {
    database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    const started = Date.now();
    await seedBenchCarers(database.db, Number(countText));
    process.stderr.write(`seeded PGlite in ${Date.now() - started} ms\n`);
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database,
      storage: createMemoryStorage(),
    });
    ports.app = await listen(app);
  } else if (mode === 'baseline') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('baseline mode needs DATABASE_URL');
    database = await openDatabase({ kind: 'postgres', url, poolSize: 10 });
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
  ports.baseline = await listen(await createBaselineServer(database.db));
  process.stdout.write(`READY ${JSON.stringify(ports)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
