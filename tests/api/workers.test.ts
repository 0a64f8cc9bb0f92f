// WEB_CONCURRENCY: the production build as several processes sharing one port (node:cluster),
// each a whole instance. PostgreSQL only: processes cannot share an in-process PGlite.

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { freePort, startChild, waitForHttp, type Child } from '../bench/processes';
import { createTestApp, type TestApp } from '../support/test-app';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SESSION_SECRET = randomBytes(32).toString('hex');
let t: TestApp;
let server: Child;
let origin: string;
let dataDir: string;

const workersOf = (pid: number): number[] => {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return children ? children.split(' ').map(Number) : [];
};

/** A GET on a new connection each time: node:cluster shares out connections, not requests. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { connection: 'close' } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe('WEB_CONCURRENCY', () => {
  it('needs PostgreSQL for more than one process', () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: more than 1 needs DATABASE_URL/,
    );
    expect(
      loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://x@localhost/db' }).webConcurrency,
    ).toBe(2);
    expect(loadConfig({}).webConcurrency).toBe(1);
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('WEB_CONCURRENCY=2 in production', () => {
  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    t = await createTestApp();
    const name = (
      (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows[0]!.name;
    const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
    databaseUrl.pathname = `/${name}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carematch-workers-test-'));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = startChild('workers', process.execPath, [`${ROOT}dist/server/main.js`], {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl.href,
      SESSION_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      LOG_LEVEL: 'error',
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: '2',
    });
    await waitForHttp(`${origin}/readyz`, server, 60_000);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await t?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves from two worker processes, and goes on serving when one dies', async () => {
    const primary = server.process.pid!;
    await expect.poll(() => workersOf(primary).length, { timeout: 30_000 }).toBe(2);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => getOnNewConnection(`${origin}/api/carers?limit=1`)),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);

    // A worker that dies just after starting is not started again (it would only fail again).
    process.kill(workersOf(primary)[0]!, 'SIGKILL');
    await expect.poll(() => workersOf(primary).length, { timeout: 10_000 }).toBe(1);
    for (let i = 0; i < 10; i += 1) expect(await getOnNewConnection(`${origin}/readyz`)).toBe(200);
  });

  it('passes SIGTERM on and exits once every worker has closed', async () => {
    const primary = server.process.pid!;
    const workers = workersOf(primary);
    const exited = new Promise<number | null>((resolve) =>
      server.process.once('exit', (code) => resolve(code)),
    );
    server.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of workers) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
  });
});
