// `npm run bench:live`: how long a new message takes to reach the reader's open event stream
// (GET /api/events) when the sender and the reader are connected to different app instances that
// share one database (the target: "within 2 seconds", decision 0007). Two instances on a fresh PostgreSQL database
// (each its own process, pool and LISTEN connection), then two instances on one PGlite handle.
// Writes its section of docs/performance.md; exits 1 when an event is lost or the target is missed.
//
// Run as `... live-latency.ts serve` (with DATABASE_URL) it is one app instance instead: it prints
// `READY {"port":n}` and serves until SIGTERM.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '@contracts/auth';
import type { LiveEvent, SentMessage } from '@contracts/messaging';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { carerProfiles, rateLimitCounters, users } from '../../src/server/db/schema';
import { CARER_MESSAGES_LIMIT } from '../../src/server/features/messaging/messaging.service';
import { createMemoryStorage } from '../../src/server/platform/storage';
import { validProfile } from '../support/carer-fixtures';
import { createBenchPostgres, DEFAULT_BENCH_DATABASE_URL, describePostgres } from './bench-database';
import { killAllChildren, startChild, type Child } from '../support/processes';
import { demoMailboxInbox, registerConfirmed, type BenchSend } from './confirmed-people';
import { unexercisedLive } from './exercised';
import { writeSection } from './report';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const THIS_FILE = fileURLToPath(import.meta.url);
const REPORT_FILE = path.join(ROOT, 'docs', 'performance.md');
const SECTION_TITLE = '## Live messages across instances (issue 6)';
const env = process.env;
const int = (name: string, fallback: number) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
};

const TARGET_P99_MS = 2_000;
/** An event not on the reader's stream this long after its POST started counts as lost. */
const LOST_AFTER_MS = 10_000;
const DAY_MS = 24 * 3_600_000;
const APP_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent' } as const;

const log = (message: string) => process.stdout.write(`${message}\n`);

// ---------------------------------------------------------------------------------------------
// HTTP client: node:http with one keep-alive agent (destroyed at the end, so no socket lingers to
// hold up an instance's close), and the event stream on a connection of its own.

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function createClient() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  function send(base: string, method: string, urlPath: string, cookie?: string, body?: unknown) {
    return new Promise<Reply>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        `${base}${urlPath}`,
        {
          method,
          agent,
          headers: {
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...(cookie ? { cookie } : {}),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }
  return { send, close: () => agent.destroy() };
}
type Client = ReturnType<typeof createClient>;

/** The reader's `GET /api/events`: when each conversation's `message` events arrived. */
interface ReaderStream {
  /** Arrival times (performance.now()) of the `message` events, by conversation. */
  arrivals: Map<string, number[]>;
  /** Resolves with the arrival time of the conversation's `index`-th (0-based) event, or null. */
  arrival(conversationId: string, index: number, timeoutMs: number): Promise<number | null>;
  /** Whether the server ended the stream before close(). */
  endedEarly(): boolean;
  close(): Promise<void>;
}

function openReaderStream(base: string, cookie: string): Promise<ReaderStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/api/events`,
      { agent: false, headers: { accept: 'text/event-stream', cookie } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`GET /api/events: ${response.statusCode}`));
          response.resume();
          return;
        }
        const arrivals = new Map<string, number[]>();
        const waiters = new Set<() => void>();
        let buffer = '';
        let closing = false;
        let ended = false;
        const closed = new Promise<void>((done) =>
          response.on('close', () => {
            ended = true;
            done();
          }),
        );
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            for (const line of block.split('\n')) {
              if (!line.startsWith('data: ')) continue;
              const event = JSON.parse(line.slice(6)) as LiveEvent;
              if (event.type !== 'message') continue;
              const list = arrivals.get(event.conversationId) ?? [];
              list.push(at);
              arrivals.set(event.conversationId, list);
            }
          }
          for (const wake of waiters) wake();
        });
        response.on('error', () => {});
        resolve({
          arrivals,
          arrival(conversationId, index, timeoutMs) {
            return new Promise((done) => {
              const check = () => {
                const at = arrivals.get(conversationId)?.[index];
                if (at === undefined) return;
                waiters.delete(check);
                clearTimeout(timer);
                done(at);
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                done(null);
              }, timeoutMs);
              waiters.add(check);
              check();
            });
          },
          endedEarly: () => ended && !closing,
          async close() {
            closing = true;
            request.destroy();
            await closed;
          },
        });
      },
    );
    request.on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------
// People: registered over HTTP on instance A, subscriptions set in the database.

interface Person {
  user: CurrentUser;
  cookie: string;
}
interface Carer extends Person {
  carerId: string;
}

const cookieName = loadConfig(APP_ENV).session.cookieName;
let registered = 0;

async function register(client: Client, base: string, userType: 'customer' | 'carer'): Promise<Person> {
  registered += 1;
  // Registering signs nobody in (decision 0019); the emailed link (read from the demo mailbox) does.
  const cookie = await registerConfirmed(
    benchSend(client),
    base,
    {
      email: `live${registered}.${Date.now()}@example.org`,
      firstName: userType === 'carer' ? 'Grace' : 'Priya',
      lastName: `Bench${registered}`,
      userType,
    },
    demoMailboxInbox(benchSend(client), base),
    cookieName,
  );
  const me = await client.send(base, 'GET', '/api/auth/user', cookie);
  return { user: JSON.parse(me.body) as CurrentUser, cookie };
}

/** The shared people helper's view of this client. */
const benchSend =
  (client: Client): BenchSend =>
  async (base, method, urlPath, cookie, body) => {
    const reply = await client.send(base, method, urlPath, cookie, body);
    const setCookie = reply.headers['set-cookie'] ?? [];
    return { status: reply.status, setCookie, body: reply.body };
  };

async function createCarer(client: Client, base: string): Promise<Carer> {
  const person = await register(client, base, 'carer');
  const reply = await client.send(base, 'POST', '/api/carers', person.cookie, validProfile());
  if (reply.status !== 201) throw new Error(`POST /api/carers: ${reply.status} ${reply.body}`);
  return { ...person, carerId: (JSON.parse(reply.body) as { id: string }).id };
}

async function createCustomers(
  client: Client,
  base: string,
  database: DatabaseHandle,
  count: number,
): Promise<Person[]> {
  const people: Person[] = [];
  for (let i = 0; i < count; i += 1) people.push(await register(client, base, 'customer'));
  await database.db
    .update(users)
    .set({
      subscriptionStatus: 'active',
      subscriptionType: 'annual',
      subscriptionExpiresAt: new Date(Date.now() + 365 * DAY_MS),
    })
    .where(
      inArray(
        users.id,
        people.map((person) => person.user.id),
      ),
    );
  return people;
}

// ---------------------------------------------------------------------------------------------
// Measuring.

interface Sample {
  /** From just before the POST to the event's arrival on the reader's stream; null: lost. */
  latencyMs: number | null;
  /** How long the POST itself took (what the sender waits). */
  postMs: number;
}

interface Round {
  name: string;
  samples: Sample[];
  /** Events beyond those expected (duplicates), counted after the round. */
  extra: number;
  seconds: number;
}

interface Setup {
  client: Client;
  /** Instance A (the senders'). */
  a: string;
  stream: ReaderStream;
  carer: Carer;
}

/** Messages sent so far per conversation, i.e. the index of the next one's event. */
const sentPerConversation = new Map<string, number>();

/** One send from `who` (POST /api/messages, or the conversation's own endpoint when given). */
async function sendAndWait(
  setup: Setup,
  who: Person,
  conversationId?: string,
): Promise<Sample & { id: string }> {
  const { client, a, carer, stream } = setup;
  const started = performance.now();
  const reply = conversationId
    ? await client.send(a, 'POST', `/api/conversations/${conversationId}/messages`, who.cookie, {
        content: `Bench message at ${Date.now()}`,
      })
    : await client.send(a, 'POST', '/api/messages', who.cookie, {
        receiverId: carer.user.id,
        carerId: carer.carerId,
        content: `Bench message at ${Date.now()}`,
      });
  const postMs = performance.now() - started;
  if (reply.status !== 201) throw new Error(`send: ${reply.status} ${reply.body}`);
  const id = (JSON.parse(reply.body) as SentMessage).conversationId;
  const index = sentPerConversation.get(id) ?? 0;
  sentPerConversation.set(id, index + 1);
  const arrived = await stream.arrival(id, index, LOST_AFTER_MS - (performance.now() - started));
  return { id, postMs, latencyMs: arrived === null ? null : arrived - started };
}

async function extraEvents(stream: ReaderStream, conversations: Iterable<string>): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  let extra = 0;
  for (const id of new Set(conversations)) {
    extra += Math.max(0, (stream.arrivals.get(id)?.length ?? 0) - (sentPerConversation.get(id) ?? 0));
  }
  return extra;
}

const forgetCarerMessageCounts = (database: DatabaseHandle) =>
  database.db.delete(rateLimitCounters).where(eq(rateLimitCounters.bucket, CARER_MESSAGES_LIMIT.bucket));

async function runRounds(
  setup: Setup,
  database: DatabaseHandle,
  settings: { messages: number; senders: number; perSender: number },
): Promise<Round[]> {
  const rounds: Round[] = [];
  const [priya] = await createCustomers(setup.client, setup.a, database, 1);
  // Warm-up (not measured): starts the conversation and warms both instances' code paths.
  let conversationId = '';
  for (let i = 0; i < 5; i += 1) conversationId = (await sendAndWait(setup, priya!)).id;

  for (const viaThread of [false, true]) {
    const name = viaThread
      ? `${settings.messages} in a row, \`POST /api/conversations/:id/messages\``
      : `${settings.messages} in a row, \`POST /api/messages\``;
    const started = performance.now();
    const samples: Sample[] = [];
    for (let i = 0; i < settings.messages; i += 1) {
      // One customer sending hundreds through POST /api/messages is over the hourly limit meant
      // for people (CARER_MESSAGES_LIMIT): the count is cleared before each send, unmeasured.
      if (!viaThread) await forgetCarerMessageCounts(database);
      samples.push(await sendAndWait(setup, priya!, viaThread ? conversationId : undefined));
    }
    const seconds = (performance.now() - started) / 1000;
    rounds.push({ name, samples, seconds, extra: await extraEvents(setup.stream, [conversationId]) });
    log(`  ${name}: ${summaryLine(samples)}`);
  }

  const senders = await createCustomers(setup.client, setup.a, database, settings.senders);
  const conversations = await Promise.all(senders.map(async (who) => (await sendAndWait(setup, who)).id));
  const name = `${settings.senders} senders at once, ${settings.perSender} each, \`POST /api/messages\``;
  const started = performance.now();
  const perSender = await Promise.all(
    senders.map(async (who) => {
      const samples: Sample[] = [];
      for (let i = 0; i < settings.perSender; i += 1) samples.push(await sendAndWait(setup, who));
      return samples;
    }),
  );
  const samples = perSender.flat();
  const seconds = (performance.now() - started) / 1000;
  rounds.push({ name, samples, seconds, extra: await extraEvents(setup.stream, conversations) });
  log(`  ${name}: ${summaryLine(samples)}`);
  return rounds;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function stats(samples: Sample[]) {
  const latencies = samples
    .map((sample) => sample.latencyMs)
    .filter((value): value is number => value !== null)
    .sort((x, y) => x - y);
  const posts = samples.map((sample) => sample.postMs).sort((x, y) => x - y);
  return {
    count: samples.length,
    arrived: latencies.length,
    lost: samples.length - latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    postP50: percentile(posts, 50),
    postP99: percentile(posts, 99),
  };
}

const ms = (value: number) =>
  !Number.isFinite(value)
    ? 'n/a'
    : value >= 1000
      ? Math.round(value).toLocaleString('en-GB')
      : value.toFixed(value < 10 ? 2 : 1);

function summaryLine(samples: Sample[]): string {
  const s = stats(samples);
  return `${s.arrived}/${s.count} arrived, p50 ${ms(s.p50)} ms, p95 ${ms(s.p95)} ms, p99 ${ms(s.p99)} ms, max ${ms(s.max)} ms`;
}

const roundMeets = (round: Round) => {
  const s = stats(round.samples);
  return s.lost === 0 && round.extra === 0 && s.p99 < TARGET_P99_MS;
};

// ---------------------------------------------------------------------------------------------
// The two set-ups.

interface DatabaseRun {
  label: string;
  server: string;
  howServed: string;
  rounds: Round[];
}

const listen = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

async function startInstance(label: string, url: string): Promise<{ child: Child; base: string }> {
  const child = startChild(label, process.execPath, ['--import', 'tsx', THIS_FILE, 'serve'], {
    ...process.env,
    DATABASE_URL: url,
  });
  const ready = JSON.parse(await child.line('READY ', 60_000)) as { port: number };
  return { child, base: `http://127.0.0.1:${ready.port}` };
}

async function measure(a: string, b: string, database: DatabaseHandle, settings: Settings) {
  const client = createClient();
  let stream: ReaderStream | undefined;
  try {
    const carer = await createCarer(client, a);
    // Listed once an admin approves the checks (decision 0026): set here as the plans are.
    await database.db
      .update(carerProfiles)
      .set({ isVerified: true })
      .where(eq(carerProfiles.id, carer.carerId));
    stream = await openReaderStream(b, carer.cookie);
    const rounds = await runRounds({ client, a, stream, carer }, database, settings);
    if (stream.endedEarly()) throw new Error('the reader’s event stream ended during the run');
    return rounds;
  } finally {
    await stream?.close();
    client.close();
  }
}

async function runPostgres(settings: Settings): Promise<DatabaseRun> {
  log(`PostgreSQL: new database on ${new URL(settings.adminUrl).host}`);
  const bench = await createBenchPostgres(settings.adminUrl);
  const children: Child[] = [];
  try {
    const server = await describePostgres(bench.database);
    const a = await startInstance('A', bench.url);
    children.push(a.child);
    const b = await startInstance('B', bench.url);
    children.push(b.child);
    const rounds = await measure(a.base, b.base, bench.database, settings);
    return {
      label: 'PostgreSQL',
      server,
      howServed:
        'Instances A and B are two child processes (`node --import tsx`, `buildApp` with the test ' +
        'configuration), each with its own pool (the default `DATABASE_POOL_SIZE`) and its own LISTEN ' +
        'connection, on one fresh database `cm_bench_<random>`.',
      rounds,
    };
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    await bench.drop();
  }
}

async function runPglite(settings: Settings): Promise<DatabaseRun> {
  log('PGlite: two instances on one in-memory PGlite');
  const database = await openDatabase({ kind: 'pglite' });
  const apps: FastifyInstance[] = [];
  try {
    await database.migrate();
    const config = loadConfig(APP_ENV);
    const storage = createMemoryStorage();
    for (let i = 0; i < 2; i += 1) apps.push(await buildApp({ config, database, storage }));
    const [a, b] = [await listen(apps[0]!), await listen(apps[1]!)];
    const rounds = await measure(a, b, database, settings);
    return {
      label: 'PGlite',
      server: 'PGlite (in memory)',
      howServed:
        'Instances A and B are two `buildApp` apps in the benchmark’s own process sharing one PGlite ' +
        'handle (as `tests/api/live-events.test.ts` does): the embedded demo database cannot be shared ' +
        'between processes, and the client shares their event loop.',
      rounds,
    };
  } finally {
    for (const app of apps) await app.close();
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Report.

function resultsTable(runs: DatabaseRun[]): string {
  const lines = [
    '| Database | Round | messages | arrived | p50 ms | p95 ms | p99 ms | max ms | POST p50 ms | POST p99 ms | target met |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |',
  ];
  for (const run of runs) {
    for (const round of run.rounds) {
      const s = stats(round.samples);
      const arrived = `${s.arrived}${round.extra ? ` (+${round.extra} duplicate)` : ''}`;
      lines.push(
        `| ${run.label} | ${round.name} | ${s.count} | ${arrived} | ${ms(s.p50)} | ${ms(s.p95)} | ` +
          `${ms(s.p99)} | ${ms(s.max)} | ${ms(s.postP50)} | ${ms(s.postP99)} | ${roundMeets(round) ? 'yes' : '**no**'} |`,
      );
    }
  }
  return lines.join('\n');
}

function renderSection(runs: DatabaseRun[], settings: Settings, totalSeconds: number): string {
  const cpus = os.cpus();
  const allMet = runs.every((run) => run.rounds.every(roundMeets));
  const verdict = allMet
    ? `every round meets the target: every event arrived, none twice, and p99 is under ${TARGET_P99_MS.toLocaleString('en-GB')} ms`
    : `**the target is missed** (p99 under ${TARGET_P99_MS.toLocaleString('en-GB')} ms, no event lost)`;
  return `${SECTION_TITLE}

_Generated by \`npm run bench:live\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
in ${Math.round(totalSeconds)} s; a rerun replaces this section._

**Target** (issue 6): a new message appears in the open thread and the inbox within 2 seconds when
the sender and the reader are connected to different app instances sharing one PostgreSQL. Measured
here as: p99 of the time to the reader's live event under ${TARGET_P99_MS.toLocaleString('en-GB')} ms, and no event lost.
Result: ${verdict}.

**Machine:** ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GB; Node ${process.version}.
The database server, both app instances and the client share the machine's cores.

${runs.map((run) => `- ${run.label}: ${run.server}. ${run.howServed}`).join('\n')}

**Method:** a carer signs in on instance B and opens \`GET /api/events\` there (its own
\`node:http\` connection, as the browser's one \`EventSource\` per tab). Customers with an active
plan sign in on instance A. For each message the client notes the time just before the POST on A
and the arrival of the carer's matching \`message\` event on B (the \`n\`-th event of a conversation is
its \`n\`-th message, as PostgreSQL delivers notifications in commit order); the reported latency is
the difference. In the web app that event is what makes the open thread and the inbox refetch, so
the message shows one \`GET\` later. Rounds, after 5 unmeasured warm-up messages:

- ${settings.messages} messages one after another from one customer with \`POST /api/messages\`,
  then ${settings.messages} more in the same conversation with \`POST /api/conversations/:id/messages\`;
  each send waits for its event before the next;
- ${settings.senders} customers at once, each sending ${settings.perSender} messages one after another
  (\`POST /api/messages\`, each conversation started by one unmeasured message first).

An event not on B's stream ${(LOST_AFTER_MS / 1000).toFixed(0)} s after its POST counts as lost; events beyond those
expected (duplicates) are counted too. "POST" columns are the sender's own request time on A.

### Results

${resultsTable(runs)}

The event usually arrives about when the POST answers (the latency can be shorter than the POST:
the notice goes out at commit, before the response is written), so nearly all of the latency is the
sender's own request; the hop to the other instance adds little. With ${settings.senders} senders at
once the requests queue on instance A (${os.cpus().length} cores, a pool of 4 connections on
PostgreSQL, one connection on PGlite), which is what the third round's figures show. One run is
one sample: the machine is shared and single slow moments (a pause of ~1 s has been seen once on
PGlite) move p99 and max from run to run.

### How to rerun

\`\`\`sh
npm run bench:live
\`\`\`

It creates \`cm_bench_<random>\` on the server of \`BENCH_DATABASE_URL\` (default
\`postgres://postgres@127.0.0.1:5432/test\`, used only as the admin connection), migrates it, starts
the two instances, measures, stops them and drops the database; then the PGlite run. Settings:
\`BENCH_LIVE_MESSAGES\` (200), \`BENCH_LIVE_SENDERS\` (20), \`BENCH_LIVE_PER_SENDER\` (10),
\`BENCH_ONLY=postgres|pglite\`, \`BENCH_WRITE=0\` to leave this file alone. It exits 1 when an event
is lost or duplicated or a round's p99 is ${TARGET_P99_MS.toLocaleString('en-GB')} ms or more.
`;
}

// ---------------------------------------------------------------------------------------------

interface Settings {
  adminUrl: string;
  messages: number;
  senders: number;
  perSender: number;
  only: string | undefined;
  write: boolean;
}

async function main() {
  const settings: Settings = {
    adminUrl: env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL,
    messages: int('BENCH_LIVE_MESSAGES', 200),
    senders: int('BENCH_LIVE_SENDERS', 20),
    perSender: int('BENCH_LIVE_PER_SENDER', 10),
    only: env.BENCH_ONLY,
    write: env.BENCH_WRITE !== '0',
  };
  const started = performance.now();
  const runs: DatabaseRun[] = [];
  if (settings.only !== 'pglite') runs.push(await runPostgres(settings));
  if (settings.only !== 'postgres') runs.push(await runPglite(settings));
  const totalSeconds = (performance.now() - started) / 1000;

  log(`\n${resultsTable(runs)}\n`);
  if (settings.write) {
    writeSection(REPORT_FILE, renderSection(runs, settings, totalSeconds), SECTION_TITLE);
    log(`wrote ${path.relative(ROOT, REPORT_FILE)} in ${totalSeconds.toFixed(1)} s`);
  }
  // Rounds whose events never arrived measured no latency at all: said as such.
  const unexercised = runs.flatMap((run) =>
    unexercisedLive(
      run.rounds.map((round) => {
        const s = stats(round.samples);
        return { name: `${run.label} ${round.name}`, sent: s.count, arrived: s.arrived };
      }),
    ),
  );
  if (unexercised.length > 0) log(`NOT EXERCISED:\n  ${unexercised.join('\n  ')}`);
  const ok = unexercised.length === 0 && runs.every((run) => run.rounds.every(roundMeets));
  if (!ok) log('TARGET MISSED: an event was lost or duplicated, or a p99 is over the target');
  process.exit(ok ? 0 : 1);
}

/** Child mode: one app instance on DATABASE_URL. */
async function serve() {
  const url = env.DATABASE_URL;
  if (!url) throw new Error('serve needs DATABASE_URL');
  const config = loadConfig(APP_ENV);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: config.databasePoolSize });
  const app = await buildApp({ config, database, storage: createMemoryStorage() });
  const port = (await listen(app)).split(':').at(-1);
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
  process.stdout.write(`READY ${JSON.stringify({ port: Number(port) })}\n`);
}

process.once('SIGINT', () => {
  killAllChildren();
  process.exit(130);
});

(process.argv[2] === 'serve' ? serve() : main()).catch((error: unknown) => {
  console.error(error);
  killAllChildren();
  process.exit(1);
});
