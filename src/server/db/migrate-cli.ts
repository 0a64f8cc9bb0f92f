import { loadConfig } from '../config';
import { openDatabase } from './client';

// `npm run db:migrate`: applies committed migrations to DATABASE_URL, or to the PGlite in DATA_DIR.
const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
);
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
