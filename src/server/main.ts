import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './demo-seed/seed';
import { WEB_DIST_DIR } from './paths';
import { superviseWorkers } from './workers';

async function main() {
  const config = loadConfig();
  if (cluster.isPrimary && config.webConcurrency > 1) {
    superviseWorkers(config.webConcurrency, (message) => console.error(message), config.instanceId);
    return;
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await database.migrate();
  if (config.mode === 'demo') await seedDemoData(database.db);

  const app = await buildApp({ config, database, webDir: WEB_DIST_DIR, runHousekeeping: true });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { mode: config.mode, database: database.kind, url: config.publicUrl },
    `CareMatch is running on ${config.publicUrl} (${config.mode} mode, ${database.kind})`,
  );
  if (config.mode === 'demo' && config.logLevel !== 'silent')
    process.stdout.write(demoWelcome(config.publicUrl));
}

/** What a new user needs after `npm start`: where to go, who to sign in as, where the emails are. */
function demoWelcome(url: string): string {
  const who: Record<keyof typeof DEMO_ACCOUNTS, string> = {
    family: 'a family without a plan',
    subscribed: 'a family with an annual plan',
    carer: 'a carer with a verified profile',
    admin: 'an admin (sign in at /admin-login)',
    relative: "in the annual plan family's circle (can see)",
  };
  const accounts = Object.entries(who).map(
    ([key, label]) => `    ${DEMO_ACCOUNTS[key as keyof typeof DEMO_ACCOUNTS].email.padEnd(24)} ${label}`,
  );
  return [
    '',
    `  Open ${url}`,
    `  Demo sign-ins (password ${DEMO_PASSWORD}):`,
    ...accounts,
    `  Emails the app sends (confirmations, resets): ${url}/demo/mailbox`,
    '',
    '',
  ].join('\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('CareMatch failed to start:', error);
  }
  process.exit(1);
});
