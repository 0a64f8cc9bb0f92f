import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedDemoData } from './seed';

// `npm run db:seed`: demo data only; refuses to put demo accounts into a production database.
const config = loadConfig();
if (config.mode === 'production') {
  console.error('Refusing to seed demo accounts in production (NODE_ENV=production).');
  process.exit(1);
}
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
);
await database.migrate();
await seedDemoData(database.db);
await database.close();
console.log(`Demo data seeded (${database.kind}).`);
