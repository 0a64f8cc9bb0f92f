// WEB_CONCURRENCY: the production build as several processes sharing one port (node:cluster),
// each a whole instance. PostgreSQL only: processes cannot share an in-process PGlite.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { freePort, startChild, waitForHttp, type Child } from '../support/processes';
import { createTestApp, type TestApp } from '../support/test-app';
import { databaseUrlOf } from '../support/test-database';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SESSION_SECRET = randomBytes(32).toString('hex');
// The production bundle, built once for the deploy tests (tests/deploy/build-once.ts).
const BUNDLE = 'dist/server/main.js';
let t: TestApp;
let server: Child;
let origin: string;
let dataDir: string;

const workersOf = (pid: number): number[] => {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return children ? children.split(' ').map(Number) : [];
};

/**
 * A GET on a new connection each time (node:cluster shares out connections, not requests): its
 * status and the worker that answered (X-Instance).
 */
function getOnNewConnection(url: string): Promise<{ status: number; instance: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { connection: 'close' } }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, instance: String(response.headers['x-instance']) }),
        );
      })
      .on('error', reject);
  });
}
const answeredBy = new Set<string>();

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
    t = await createTestApp();
    const databaseUrl = await databaseUrlOf(t.database);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carematch-workers-test-'));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = startChild('workers', process.execPath, [`${ROOT}${BUNDLE}`], {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      SESSION_SECRET,
      // No Stripe keys in a test: the demo provider, asked for by name as production requires.
      PAYMENTS_PROVIDER: 'demo',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      LOG_LEVEL: 'error',
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: '2',
      INSTANCE_ID: 'web',
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
    expect(workersOf(primary)).toHaveLength(2);
    // Both answer once both have started (each named by INSTANCE_ID and its place).
    await expect
      .poll(
        async () => {
          const { status, instance } = await getOnNewConnection(`${origin}/api/carers?limit=1`);
          expect(status).toBe(200);
          answeredBy.add(instance);
          return [...answeredBy].sort();
        },
        { timeout: 30_000, interval: 50 },
      )
      .toEqual(['web-1', 'web-2']);

    // A worker that dies just after starting is not started again (it would only fail again).
    process.kill(workersOf(primary)[0]!, 'SIGKILL');
    await expect.poll(() => workersOf(primary).length, { timeout: 10_000 }).toBe(1);
    // A connection handed to the worker as it died is lost; once the primary has seen the exit,
    // every new connection goes to the one left.
    await expect
      .poll(async () => (await getOnNewConnection(`${origin}/readyz`).catch(() => undefined))?.status, {
        timeout: 10_000,
      })
      .toBe(200);
    const after = await Promise.all(Array.from({ length: 10 }, () => getOnNewConnection(`${origin}/readyz`)));
    expect(after.map((answer) => answer.status)).toEqual(after.map(() => 200));
    expect(new Set(after.map((answer) => answer.instance)).size).toBe(1);
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
