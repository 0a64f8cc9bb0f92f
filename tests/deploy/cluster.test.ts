// `npm run start:cluster` as it runs in production: two instances of the production build
// (dist/server/main.js, NODE_ENV=production) on one PostgreSQL database behind a real nginx, every
// request here going through the balancer unless it says otherwise.
// Runs in the deploy project (npm run test:deploy) on PostgreSQL only, and only where nginx is installed (.ci/run installs it).

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { and, eq, like } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@contracts/auth';
import { CONTACT_MAX_PER_HOUR } from '@contracts/limits';
import type { LiveEvent } from '@contracts/messaging';
import { messages } from '../../src/server/db/schema';
import { freePort, startChild, type Child } from '../support/processes';
import { multipart } from '../support/carer-fixtures';
import { carer, customer, startConversation, type Carer, type Person } from '../support/messaging-fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/test-app';
import { databaseUrlOf } from '../support/test-database';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((file) =>
  fs.existsSync(file),
);
const skipReason =
  process.env.TEST_DB_KIND !== 'postgres'
    ? 'PostgreSQL only: instances cannot share an in-process PGlite'
    : NGINX === undefined
      ? 'nginx is not installed (apt-get install -y nginx; .ci/run installs it)'
      : undefined;

interface Ready {
  url: string;
  nginxPid: number;
  instances: { id: string; port: number; pid: number }[];
}

const SESSION_SECRET = randomBytes(32).toString('base64url');
let t: TestApp;
let cluster: Child;
let ready: Ready;
let output = '';
let dataDir: string;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** A request to the balancer, or with `base` to one instance directly. */
function call(
  path: string,
  { cookie, method = 'GET', body, rawBody, headers = {}, base = ready.url }: CallOptions = {},
): Promise<Response> {
  return fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(rawBody === undefined ? {} : { body: new Uint8Array(rawBody) }),
    signal: AbortSignal.timeout(15_000),
  });
}
interface CallOptions {
  cookie?: string | undefined;
  method?: string;
  body?: unknown;
  /** Sent as it is (with its own content-type in `headers`). */
  rawBody?: Buffer;
  headers?: Record<string, string>;
  base?: string;
}
const direct = (id: string) => `http://127.0.0.1:${ready.instances.find((i) => i.id === id)!.port}`;

describe.skipIf(skipReason !== undefined)(
  `two instances behind nginx (npm run start:cluster)${skipReason ? `: skipped, ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      // The cluster runs the production bundle, built once from the code under test
      // (tests/deploy/build-once.ts).
      // A database of its own on the test server (dropped by t.close()), shared by the test's own
      // app (fixtures) and the cluster; the same secret and production cookie on all of them.
      t = await createTestApp({
        NODE_ENV: 'production',
        SESSION_SECRET,
        PAYMENTS_PROVIDER: 'demo',
        DATABASE_URL: process.env.TEST_DATABASE_URL!,
      });
      const databaseUrl = await databaseUrlOf(t.database);

      // Uploads on local disk, one folder for both instances, as on one machine without S3.
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carematch-cluster-test-'));
      const port = await freePort();
      cluster = startChild(
        'cluster',
        process.execPath,
        [`${ROOT}scripts/start-cluster.mjs`, '--port', String(port)],
        {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: databaseUrl,
          SESSION_SECRET,
          // No Stripe keys in a test: the demo provider, asked for by name as production requires.
          PAYMENTS_PROVIDER: 'demo',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          LOG_LEVEL: 'error',
          DATA_DIR: dataDir,
          NGINX_BIN: NGINX,
        },
      );
      cluster.process.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      cluster.process.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      ready = JSON.parse(await cluster.line('CLUSTER_READY ', 60_000)) as Ready;
    }, 90_000);

    afterAll(async () => {
      await cluster?.stop();
      // Should the script have been killed, nothing it started is left running.
      for (const pid of [ready?.nginxPid, ...(ready?.instances.map((i) => i.pid) ?? [])]) {
        if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
      }
      await t?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('balances round robin over both instances, each answering as itself', async () => {
      expect(ready.instances.map((i) => i.id)).toEqual(['app-1', 'app-2']);
      const served = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await call('/readyz');
        expect(response.status).toBe(200);
        expect(response.headers.get('server')).toBe('nginx');
        served.push(response.headers.get('x-instance'));
      }
      expect(new Set(served)).toEqual(new Set(['app-1', 'app-2']));
      // The app's own answers pass through unchanged.
      const missing = await call('/api/no-such-thing');
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ message: expect.any(String) });
    });

    it('keeps a session signed in through the balancer valid on every instance, and signed out on none', async () => {
      const { user } = await t.register();
      const login = await call('/api/auth/login', {
        method: 'POST',
        body: { email: user.email, password: TEST_PASSWORD },
      });
      expect(login.status, await login.clone().text()).toBe(200);
      const setCookie = login.headers
        .getSetCookie()
        .find((c) => c.startsWith(`${t.config.session.cookieName}=`));
      expect(setCookie).toMatch(/; Secure/i);
      const cookie = setCookie!.split(';')[0]!;
      const signedInOn = login.headers.get('x-instance');

      for (const id of ['app-1', 'app-2']) {
        const me = await call('/api/auth/user', { cookie, base: direct(id) });
        expect(me.status).toBe(200);
        expect(me.headers.get('x-instance')).toBe(id);
        expect(((await me.json()) as CurrentUser).id).toBe(user.id);
      }
      expect(['app-1', 'app-2']).toContain(signedInOn);

      const logout = await call('/api/auth/logout', { method: 'POST', cookie });
      expect(logout.status).toBe(204);
      // The other instance hears of the sign-out through the database's change notice, within its
      // delivery time (milliseconds; decision 0014): signed out on every instance soon, not at once.
      for (const id of ['app-1', 'app-2']) {
        await expect
          .poll(async () => (await call('/api/auth/user', { cookie, base: direct(id) })).status, {
            timeout: 2_000,
            interval: 20,
          })
          .toBe(401);
      }
    });

    it('passes a large upload through nginx, and the photo is served by either instance', async () => {
      const grace = await carer(t);
      // Noise does not compress: a photo of a few hundred KB, far over nginx's in-memory body buffer.
      const photo = await sharp({
        create: {
          width: 1200,
          height: 900,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .jpeg({ quality: 95 })
        .toBuffer();
      expect(photo.length).toBeGreaterThan(256 * 1024);
      const { payload, headers } = multipart('photo', 'me.jpg', 'image/jpeg', photo);
      const uploaded = await call(`/api/carers/${grace.carerId}/photo`, {
        method: 'POST',
        cookie: grace.cookie,
        rawBody: payload,
        headers,
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(200);
      const { photoUrl } = (await uploaded.json()) as { photoUrl: string };
      for (const id of ['app-1', 'app-2']) {
        const served = await call(photoUrl, { base: direct(id) });
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/webp');
        expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
      }
    });

    it('counts a rate limit across both instances, by the address nginx saw (a forged X-Forwarded-For does not help)', async () => {
      const enquiry = (n: number) => ({
        firstName: 'Margaret',
        lastName: 'Hughes',
        email: `margaret.${n}@example.org`,
        subject: 'Help for my father',
        message: 'My father needs help three mornings a week. How do your carer checks work?',
      });
      const served = new Set<string | null>();
      for (let n = 1; n <= CONTACT_MAX_PER_HOUR; n += 1) {
        const response = await call('/api/contact', {
          method: 'POST',
          body: enquiry(n),
          headers: { 'x-forwarded-for': `203.0.113.${n}` },
        });
        expect(response.status, await response.clone().text()).toBe(201);
        served.add(response.headers.get('x-instance'));
      }
      expect(served).toEqual(new Set(['app-1', 'app-2']));
      // Whichever instance takes the next ones, the shared counter is over the limit.
      for (let n = 0; n < 2; n += 1) {
        const refused = await call('/api/contact', {
          method: 'POST',
          body: enquiry(99 + n),
          headers: { 'x-forwarded-for': `198.51.100.${n}` },
        });
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    });

    it('streams live events through nginx, and a message sent through the other instance reaches them', async () => {
      const priya = await customer(t, 'active');
      const grace = await carer(t);
      const stream = await openStream(grace);
      expect(stream.response.statusCode).toBe(200);
      expect(stream.response.headers['content-type']).toMatch(/^text\/event-stream/);
      const streamOn = String(stream.response.headers['x-instance']);
      const other = streamOn === 'app-1' ? 'app-2' : 'app-1';

      const sent = await call('/api/messages', {
        method: 'POST',
        cookie: priya.cookie,
        base: direct(other),
        body: { receiverId: grace.user.id, carerId: grace.carerId, content: 'Across instances' },
      });
      expect(sent.status).toBe(201);
      const { conversationId } = (await sent.json()) as { conversationId: string };
      await stream.next((event) => event.type === 'message' && event.conversationId === conversationId);

      // And the other way: sent through the balancer to either instance, it still arrives.
      const reply = await call(`/api/conversations/${conversationId}/messages`, {
        method: 'POST',
        cookie: grace.cookie,
        body: { content: 'Received, thank you' },
      });
      expect(reply.status).toBe(201);
      await stream.next(
        (event) => event.type === 'message' && event.conversationId === conversationId && stream.count() >= 2,
      );
      await stream.close();
    });

    it('loses no answered write when an instance stops in the middle of the load', async () => {
      const priya = await customer(t, 'active');
      const grace: Carer = await carer(t);
      const conversationId = await startConversation(t, priya, grace, 'Before the load');
      const stopped = ready.instances.find((i) => i.id === 'app-1')!;
      const writes: { content: string; status: number; instance: string | null }[] = [];
      const reads: { status: number }[] = [];
      let sent = 0;
      let stopSent = false;

      const write = async (who: Person) => {
        sent += 1;
        const content = `load-${sent}-${randomBytes(3).toString('hex')}`;
        const response = await call(`/api/conversations/${conversationId}/messages`, {
          method: 'POST',
          cookie: who.cookie,
          body: { content },
        });
        writes.push({ content, status: response.status, instance: response.headers.get('x-instance') });
        await response.arrayBuffer();
      };
      const read = async (who: Person) => {
        const response = await call(`/api/conversations/${conversationId}`, { cookie: who.cookie });
        reads.push({ status: response.status });
        await response.arrayBuffer();
      };
      // Four clients, writing and reading in turn; app-1 is told to stop once 40 writes are answered.
      const worker = async (who: Person) => {
        while (sent < 160) {
          await write(who);
          await read(who);
          if (!stopSent && writes.length >= 40) {
            stopSent = true;
            process.kill(stopped.pid, 'SIGTERM');
          }
        }
      };
      await Promise.all([worker(priya), worker(grace), worker(priya), worker(grace)]);
      expect(stopSent).toBe(true);
      await until(() => !alive(stopped.pid), 'app-1 to exit');
      await until(() => output.includes('app-1 exited'), 'the cluster to report app-1 gone');

      // Once it is gone, the other instance takes everything.
      for (let i = 0; i < 10; i += 1) {
        await write(priya);
        expect(writes.at(-1)).toMatchObject({ status: 201, instance: 'app-2' });
      }

      const answered = writes.filter((w) => w.status === 201);
      const stored = await t.database.db
        .select({ content: messages.content })
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), like(messages.content, 'load-%')));
      const storedContents = new Set(stored.map((row) => row.content));
      // Every 201 is in the database, and nothing was written twice.
      expect(answered.filter((w) => !storedContents.has(w.content))).toEqual([]);
      expect(storedContents.size).toBe(stored.length);
      // A write that did not get 201 was refused as a whole, with a status that says "try again".
      expect(writes.filter((w) => w.status !== 201).map((w) => w.status)).toEqual(
        writes.filter((w) => w.status === 502 || w.status === 503).map((w) => w.status),
      );
      // Reads are retried by nginx on the other instance: none failed.
      expect(reads.filter((r) => r.status !== 200)).toEqual([]);
      expect(answered.length).toBeGreaterThan(writes.length * 0.9);
      expect(new Set(answered.map((w) => w.instance))).toEqual(new Set(['app-1', 'app-2']));
    });

    it('stops nginx and every instance when the script is stopped', async () => {
      const exit = new Promise<number | null>((resolve) => {
        if (cluster.process.exitCode !== null) resolve(cluster.process.exitCode);
        cluster.process.once('exit', (code) => resolve(code));
      });
      cluster.process.kill('SIGTERM');
      expect(await exit).toBe(0);
      expect([ready.nginxPid, ...ready.instances.map((i) => i.pid)].filter(alive)).toEqual([]);
      await expect(fetch(`${ready.url}/healthz`)).rejects.toThrow();
    });
  },
);

/** `GET /api/events` through the balancer on its own connection, read as it arrives. */
async function openStream(who: Person) {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = http.get(
      `${ready.url}/api/events`,
      { agent: false, headers: { accept: 'text/event-stream', cookie: who.cookie } },
      resolve,
    );
    request.on('error', reject);
  });
  const events: LiveEvent[] = [];
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      for (const line of buffer.slice(0, end).split('\n')) {
        if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as LiveEvent);
      }
      buffer = buffer.slice(end + 2);
    }
  });
  response.on('error', () => {});
  const ended = new Promise<void>((resolve) => response.on('close', resolve));
  return {
    response,
    count: () => events.length,
    async next(match: (event: LiveEvent) => boolean) {
      await until(() => events.some(match), `a live event; got ${JSON.stringify(events)}`, 5_000);
    },
    async close() {
      response.destroy();
      await ended;
    },
  };
}
