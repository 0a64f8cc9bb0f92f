// npm run start:cluster: several instances of the production build (dist/server/main.js) on one
// PostgreSQL database, behind nginx (round robin) on loopback. Everything it starts stops with it.
//
//   DATABASE_URL=postgres://… SESSION_SECRET=… npm run start:cluster [-- --instances 3 --port 3000]
//
// Options (or environment): --instances N (CLUSTER_INSTANCES, default 2), --port P (CLUSTER_PORT,
// default 3000), --host H (CLUSTER_HOST, default 127.0.0.1). NGINX_BIN overrides the nginx binary.
// Every other variable (DATABASE_URL, SESSION_SECRET, S3_*, SMTP_URL, …) goes to each instance as
// it is; the script adds PORT, HOST, INSTANCE_ID (app-1, app-2, …) and TRUST_PROXY=true, and
// defaults NODE_ENV to production and PUBLIC_URL to http://localhost:<port>.
// nginx's configuration is deploy/nginx/carematch.conf.template (the one docker-compose.yml uses),
// written with this run's ports into a temporary folder that is removed on exit.
//
// Once all is up it prints `CLUSTER_READY {"url":…,"nginxPid":…,"instances":[{"id","port","pid"}]}`.
// SIGINT/SIGTERM: nginx stops taking requests, then every instance shuts down gracefully; exit 0.
// An instance that exits on its own is reported and its share goes to the others; the cluster
// stops (exit 1) when nginx or the last instance is gone.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_ENTRY = path.join(ROOT, 'dist/server/main.js');
const TEMPLATE = path.join(ROOT, 'deploy/nginx/carematch.conf.template');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

function fail(message) {
  console.error(`start:cluster: ${message}`);
  process.exit(1);
}

const { values: options } = parseArgs({
  options: {
    instances: { type: 'string', default: process.env.CLUSTER_INSTANCES ?? '2' },
    port: { type: 'string', default: process.env.CLUSTER_PORT ?? '3000' },
    host: { type: 'string', default: process.env.CLUSTER_HOST ?? '127.0.0.1' },
  },
});
const instanceCount = Number(options.instances);
const port = Number(options.port);
const host = options.host;
if (!Number.isInteger(instanceCount) || instanceCount < 1 || instanceCount > 16)
  fail(`--instances must be a whole number from 1 to 16, not ${options.instances}`);
if (!Number.isInteger(port) || port < 1 || port > 65535)
  fail(`--port must be a port number, not ${options.port}`);

const nodeEnv = process.env.NODE_ENV || 'production';
if (!process.env.DATABASE_URL)
  fail(
    'DATABASE_URL is required: every instance must share one PostgreSQL database.\n' +
      '  The demo database (embedded PGlite in DATA_DIR) belongs to one process and cannot be shared.',
  );
if (nodeEnv === 'production' && !process.env.SESSION_SECRET)
  fail(
    'SESSION_SECRET is required in production, and must be the same for every instance\n' +
      '  (it signs sessions and encrypts two-factor keys): e.g. export SESSION_SECRET="$(openssl rand -base64 48)"',
  );
if (nodeEnv === 'production' && !process.env.PAYMENTS_PROVIDER && !process.env.STRIPE_SECRET_KEY)
  fail(
    'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are required in production,\n' +
      '  or PAYMENTS_PROVIDER=demo for a staging site (no card is charged: paid access is given away)',
  );
if (!fs.existsSync(SERVER_ENTRY))
  fail(`${path.relative(ROOT, SERVER_ENTRY)} is missing: run npm run build first`);
const nginxBin =
  process.env.NGINX_BIN ??
  ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));
if (!nginxBin || !fs.existsSync(nginxBin))
  fail('nginx is missing: install it (Debian/Ubuntu: apt-get install -y nginx) or set NGINX_BIN');

/** A port nobody listens on right now (the instance takes it a moment later). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => resolve(free));
    });
  });
}

/** Echoes a child's output line by line with its name in front. */
function echo(name, child) {
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    readline.createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`));
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHttp(url, child) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`exited before answering ${url}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${START_TIMEOUT_MS / 1000} s`);
}

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Signals a child and waits for it; SIGKILL when it is still there after STOP_TIMEOUT_MS. */
async function stopChild(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const gone = await Promise.race([exited(child).then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
  if (!gone) {
    child.kill('SIGKILL');
    await exited(child);
  }
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carematch-cluster-'));
// Started as root, nginx's workers run as another user: they must reach their temporary folders
// in here (request bodies over 16 KB, uploads, are written there). Nothing in it is secret.
fs.chmodSync(workDir, 0o755);
const instances = [];
let nginx;
let stopping = false;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  // nginx first (SIGQUIT: finish the requests in flight, take no more), then the instances
  // (SIGTERM: main.ts closes the server, ends live streams and closes the database).
  if (nginx) await stopChild(nginx, 'SIGQUIT');
  await Promise.all(instances.map(({ child }) => stopChild(child, 'SIGTERM')));
  fs.rmSync(workDir, { recursive: true, force: true });
  process.exit(code);
}

// Should this script end any other way (an uncaught error), nothing it started outlives it.
process.on('exit', () => {
  for (const child of [nginx, ...instances.map((instance) => instance.child)]) {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.log(`start:cluster: ${signal}, stopping nginx and ${instances.length} instance(s)`);
    void stopAll(0);
  });
}

function startInstance(index, instancePort) {
  const id = `app-${index + 1}`;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: nodeEnv,
      PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${port}`,
      PORT: String(instancePort),
      HOST: '127.0.0.1',
      INSTANCE_ID: id,
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: Ctrl-C reaches this script alone, which stops everything in order.
    detached: true,
  });
  echo(id, child);
  const instance = { id, port: instancePort, child };
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(
      `start:cluster: ${id} exited (${signal ?? `code ${code}`}); nginx sends its share to the others`,
    );
    if (instances.every(({ child: other }) => other.exitCode !== null || other.signalCode !== null)) {
      console.error('start:cluster: no instance left, stopping');
      void stopAll(1);
    }
  });
  return instance;
}

function writeNginxConfig(instancePorts) {
  const servers = instancePorts
    .map((instancePort) => `server 127.0.0.1:${instancePort} max_fails=1 fail_timeout=5s;`)
    .join('\n    ');
  fs.mkdirSync(path.join(workDir, 'extra'));
  const values = {
    CAREMATCH_UPSTREAM_SERVERS: servers,
    CAREMATCH_LISTEN: `${host}:${port}`,
    CAREMATCH_EXTRA: path.join(workDir, 'extra', '*.conf'),
  };
  const site = fs
    .readFileSync(TEMPLATE, 'utf8')
    .replace(/\$\{(CAREMATCH_[A-Z_]+)\}/g, (whole, name) => values[name] ?? whole);
  fs.writeFileSync(path.join(workDir, 'carematch.conf'), site);
  const temp = (name) => path.join(workDir, name);
  fs.writeFileSync(
    path.join(workDir, 'nginx.conf'),
    [
      '# Written by scripts/start-cluster.mjs for one run; removed when it stops.',
      'daemon off;',
      'worker_processes 1;',
      // On stop, open live-event streams are cut after 5 s instead of holding nginx up.
      'worker_shutdown_timeout 5s;',
      `pid ${temp('nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 1024; }',
      'http {',
      `  access_log ${process.env.CLUSTER_ACCESS_LOG === '1' ? '/dev/stdout' : 'off'};`,
      `  client_body_temp_path ${temp('client_body')};`,
      `  proxy_temp_path ${temp('proxy')};`,
      `  fastcgi_temp_path ${temp('fastcgi')};`,
      `  uwsgi_temp_path ${temp('uwsgi')};`,
      `  scgi_temp_path ${temp('scgi')};`,
      `  include ${temp('carematch.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  return path.join(workDir, 'nginx.conf');
}

try {
  const instancePorts = [];
  for (let i = 0; i < instanceCount; i += 1) instancePorts.push(await freePort());
  // All at once: the first to take the migration lock migrates, the others wait for it (db/client.ts).
  instances.push(...instancePorts.map((instancePort, i) => startInstance(i, instancePort)));
  await Promise.all(
    instances.map(({ id, port: instancePort, child }) =>
      waitForHttp(`http://127.0.0.1:${instancePort}/readyz`, child).catch((error) => {
        throw new Error(`${id}: ${error.message}`);
      }),
    ),
  );

  const config = writeNginxConfig(instancePorts);
  const nginxArgs = ['-p', workDir, '-c', config, '-e', 'stderr'];
  const check = spawnSync(nginxBin, [...nginxArgs, '-t', '-q'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused its configuration:\n${check.stderr}`);
  nginx = spawn(nginxBin, nginxArgs, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  echo('nginx', nginx);
  nginx.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`start:cluster: nginx exited (${signal ?? `code ${code}`}), stopping`);
    void stopAll(1);
  });
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  await waitForHttp(`${url}/healthz`, nginx);

  console.log(
    `CareMatch cluster: ${instanceCount} instance(s) behind nginx on ${url} (${nodeEnv}; ` +
      `instances on ${instances.map((instance) => `${instance.id} :${instance.port}`).join(', ')})`,
  );
  console.log(
    `CLUSTER_READY ${JSON.stringify({
      url,
      nginxPid: nginx.pid,
      instances: instances.map(({ id, port: instancePort, child }) => ({
        id,
        port: instancePort,
        pid: child.pid,
      })),
    })}`,
  );
} catch (error) {
  console.error(`start:cluster: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll(1);
}
