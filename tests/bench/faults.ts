// `npm run bench:faults`: the production build on a PRIVATE PostgreSQL 15 cluster
// (tests/bench/private-postgres.ts, its own port; the shared server is never touched), faults
// injected for real:
//   (a) PostgreSQL stopped and started again in the middle of a signed-in load: every answer while
//       it is away is a 503 with the service-unavailable message (no 500, no hang), the server
//       recovers by itself within 5 s of its return, and every message whose POST got a 201 is
//       in the database afterwards;
//   (b) a signed Stripe webhook arriving while the database is away is refused with a 5xx, and its
//       redeliveries afterwards are applied exactly once (one event row, one activation, one receipt);
//   (c) the server SIGKILLed at random moments while payment confirmations are in flight: every
//       payment is either fully applied (payment succeeded, event recorded, plan active with the
//       right expiry, receipt queued) or not at all, and a pending one can be confirmed after the restart.
// Writes its section of docs/performance.md; exits 1 when any check fails.

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { DEMO_CARDS } from '@contracts/subscriptions';
import { ERROR_MESSAGES } from '@contracts/errors';
import { loadConfig } from '../../src/server/config';
import { addCalendarMonths } from '../../src/server/features/subscriptions/calendar';
import { paymentIntentObject, STRIPE_ENV, stripeEvent } from '../support/payments';
import { createBenchPostgres, queryRows, type BenchPostgres } from './bench-database';
import { createPrivatePostgres, type PrivatePostgres } from './private-postgres';
import { freePort, killAllChildren, startChild, waitForHttp, type Child } from '../support/processes';
import { writeSection } from './report';
import { seedBenchCarers } from './seed';
import { seedBenchPeople, signInBenchUsers, type SeededConversation } from './seed-people';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REPORT_FILE = path.join(ROOT, 'docs', 'performance.md');
const SECTION_TITLE = '## Faults: database restart, webhooks, crashes (issue 9)';
const env = process.env;
const int = (name: string, fallback: number) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const settings = {
  pgPort: int('BENCH_FAULTS_PG_PORT', 55432),
  workers: int('BENCH_FAULTS_WORKERS', 16),
  downSeconds: int('BENCH_FAULTS_DOWN', 6),
  kills: int('BENCH_FAULTS_KILLS', 25),
  payersPerKill: int('BENCH_FAULTS_PAYERS', 6),
  write: env.BENCH_WRITE !== '0',
};
const RECOVERY_TARGET_MS = 5_000;
const REQUEST_TIMEOUT_MS = 10_000;

const log = (message: string) => process.stdout.write(`${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const random32 = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};
const random = random32(7);

interface Answer {
  status: number;
  body: string;
  /** performance.now() at the start and the end of the request. */
  startedAt: number;
  endedAt: number;
  /** A network error or a timeout instead of an answer. */
  error?: string;
}

async function send(
  origin: string,
  method: 'GET' | 'POST',
  urlPath: string,
  { cookie, body, headers = {} }: { cookie?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const startedAt = performance.now();
  try {
    const response = await fetch(`${origin}${urlPath}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(cookie ? { cookie } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body ? { body } : {}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: response.status, body: await response.text(), startedAt, endedAt: performance.now() };
  } catch (error) {
    return { status: 0, body: '', startedAt, endedAt: performance.now(), error: String(error) };
  }
}

// ---------------------------------------------------------------------------------------------
// Servers: the production build, demo payments (a, c) or Stripe mode with test secrets (b).

interface Server {
  origin: string;
  child: Child;
  env: Record<string, string>;
}

async function startServer(label: string, serverEnv: Record<string, string>): Promise<Server> {
  const child = startChild(label, process.execPath, ['dist/server/main.js'], {
    PATH: env.PATH,
    ...serverEnv,
  });
  const origin = `http://127.0.0.1:${serverEnv.PORT}`;
  await waitForHttp(`${origin}/readyz`, child, 60_000);
  return { origin, child, env: serverEnv };
}

function serverEnv(url: string, port: number, secret: string, extra: Record<string, string> = {}) {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: url,
    SESSION_SECRET: secret,
    PAYMENTS_PROVIDER: 'demo',
    PORT: String(port),
    HOST: '127.0.0.1',
    // Quiet: every refused request is logged otherwise. A crash still prints its stack to stderr.
    LOG_LEVEL: 'fatal',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cm-faults-')),
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------
// (a) and (b): PostgreSQL stopped and started under load, with a webhook in the gap.

interface RestartOutcome {
  requests: number;
  byStatus: Record<string, number>;
  downFrom: number;
  downTo: number;
  /** When `pg_ctl start -w` returned (the server accepts connections). */
  accepting: number;
  /** Answers that started while the database was away (between the end of stop and the end of start). */
  whileDown: { total: number; unavailable: number; other: string[] };
  /** From the database's return to the start of the first request after which all got 2xx. */
  recoveryMs: number;
  /** Answers that were neither 2xx nor the 503 (500s, network errors, timeouts), with when. */
  bad: string[];
  sentOk: number;
  sentMissing: number;
  readyzWhileDown: number[];
  webhook: WebhookOutcome;
}

interface WebhookOutcome {
  whileDown: number;
  whileDownBody: string;
  retries: number[];
  eventRows: number;
  paymentStatus: string;
  subscriptionType: string | null;
  expiresOk: boolean;
  receipts: number;
}

async function restartUnderLoad(
  pg: PrivatePostgres,
  bench: BenchPostgres,
  demo: Server,
  stripe: Server,
  data: {
    searchPaths: string[];
    carerIds: string[];
    conversations: SeededConversation[];
    cookies: Map<string, string>;
    webhookPayer: { id: string; email: string; intentId: string };
  },
): Promise<RestartOutcome> {
  const answers: (Answer & { kind: string; id?: string })[] = [];
  let stopping = false;
  let sent = 0;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

  async function worker() {
    while (!stopping) {
      const draw = random();
      if (draw < 0.6) {
        answers.push({
          kind: 'search',
          ...(await send(demo.origin, 'GET', pick(data.searchPaths), {
            cookie: pick([...data.cookies.values()]),
          })),
        });
      } else if (draw < 0.8) {
        answers.push({
          kind: 'profile',
          ...(await send(demo.origin, 'GET', `/api/carers/${pick(data.carerIds)}`)),
        });
      } else {
        const conversation = pick(data.conversations);
        sent += 1;
        const answer = await send(demo.origin, 'POST', `/api/conversations/${conversation.id}/messages`, {
          cookie: data.cookies.get(conversation.customerId)!,
          body: JSON.stringify({ content: `Fault test message ${sent}` }),
        });
        const id = answer.status === 201 ? (JSON.parse(answer.body) as { id: string }).id : undefined;
        answers.push({ kind: 'send', ...answer, ...(id ? { id } : {}) });
      }
    }
  }

  const workers = Array.from({ length: settings.workers }, () => worker());
  const t0 = performance.now();
  await sleep(4_000);
  log('  stopping PostgreSQL (pg_ctl stop -m fast)');
  await pg.stop();
  const downFrom = performance.now();
  log(`  stopped after ${((downFrom - t0) / 1000).toFixed(1)} s of load`);

  // (b) A Stripe webhook while the database is away, and readiness meanwhile.
  const event = stripeEvent('payment_intent.succeeded', paymentIntentObject(data.webhookPayer.intentId));
  const payload = JSON.stringify(event);
  const signed = () =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET });
  const postWebhook = () =>
    send(stripe.origin, 'POST', '/api/webhooks/stripe', {
      body: payload,
      headers: { 'stripe-signature': signed() },
    });
  await sleep(500);
  const refused = await postWebhook();
  log(`  webhook while the database is away: ${refused.status} ${refused.body}`);
  const readyzWhileDown: number[] = [];
  while (performance.now() - downFrom < settings.downSeconds * 1000) {
    readyzWhileDown.push((await send(demo.origin, 'GET', '/readyz')).status);
    await sleep(1_000);
  }

  log('  starting PostgreSQL again (pg_ctl start -w)');
  // Away until the start is asked for; pg_ctl returns a moment after the server accepts connections.
  const startAskedAt = performance.now();
  await pg.start();
  const downTo = performance.now();
  log(`  PostgreSQL accepts connections again after ${((downTo - downFrom) / 1000).toFixed(1)} s away`);
  await sleep(10_000);
  stopping = true;
  await Promise.all(workers);

  // Stripe delivers the event again (three times, to be sure a repeat changes nothing).
  const retries: number[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) retries.push((await postWebhook()).status);

  answers.sort((a, b) => a.startedAt - b.startedAt);
  const byStatus: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.error ? 'error' : String(answer.status);
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  const isUnavailable = (answer: Answer) => {
    if (answer.status !== 503) return false;
    try {
      return (JSON.parse(answer.body) as { message?: string }).message === ERROR_MESSAGES.serviceUnavailable;
    } catch {
      return false;
    }
  };
  const at = (answer: Answer) => `${((answer.startedAt - t0) / 1000).toFixed(2)} s`;
  const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;
  const bad = answers
    .filter((answer) => !ok(answer) && !isUnavailable(answer))
    .map((answer) => `${answer.error ?? `${answer.status} ${answer.body.slice(0, 80)}`} at ${at(answer)}`);
  const downAnswers = answers.filter(
    (answer) => answer.startedAt >= downFrom && answer.endedAt < startAskedAt,
  );
  const other = downAnswers
    .filter((answer) => !isUnavailable(answer))
    .map((answer) => `${answer.status} at ${at(answer)}`);
  // The first request after the return from which every later one got 2xx.
  let lastFailure = -1;
  answers.forEach((answer, index) => {
    if (!ok(answer)) lastFailure = index;
  });
  const firstGood = answers[lastFailure + 1];
  // Counted from the start being asked for: pg_ctl's own polling is part of it, so this is pessimistic.
  const recoveryMs = firstGood ? Math.max(0, firstGood.startedAt - startAskedAt) : Number.POSITIVE_INFINITY;

  const sentIds = answers.filter((answer) => answer.id).map((answer) => answer.id!);
  const found = sentIds.length
    ? Number(
        (
          await queryRows<{ n: string }>(
            bench.database,
            sql`select count(*) as n from messages where id = any(${sql.raw(`array[${sentIds.map((id) => `'${id}'::uuid`).join(',')}]`)})`,
          )
        )[0]?.n ?? 0,
      )
    : 0;

  const [payer] = await queryRows<{
    status: string;
    subscription_type: string | null;
    subscription_expires_at: Date | null;
    events: string;
    receipts: string;
  }>(
    bench.database,
    sql`select p.status, u.subscription_type, u.subscription_expires_at,
      (select count(*) from payment_events where provider = 'stripe' and event_id = ${event.id}) as events,
      (select count(*) from outbox_emails where to_address = ${data.webhookPayer.email}
        and subject like 'Your CareMatch receipt%') as receipts
      from payments p join users u on u.id = p.user_id where p.provider_reference = ${data.webhookPayer.intentId}`,
  );
  const expires = payer?.subscription_expires_at ? new Date(payer.subscription_expires_at).getTime() : 0;
  return {
    requests: answers.length,
    byStatus,
    downFrom: downFrom - t0,
    downTo: startAskedAt - t0,
    accepting: downTo - t0,
    whileDown: { total: downAnswers.length, unavailable: downAnswers.length - other.length, other },
    recoveryMs,
    bad,
    sentOk: sentIds.length,
    sentMissing: sentIds.length - found,
    readyzWhileDown,
    webhook: {
      whileDown: refused.status,
      whileDownBody: refused.body,
      retries,
      eventRows: Number(payer?.events ?? 0),
      paymentStatus: payer?.status ?? 'missing',
      subscriptionType: payer?.subscription_type ?? null,
      expiresOk: Math.abs(expires - addCalendarMonths(new Date(), 3).getTime()) < 10 * 60_000,
      receipts: Number(payer?.receipts ?? 0),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// (c) SIGKILL while payment confirmations are in flight.

interface KillOutcome {
  rounds: number;
  payments: number;
  answeredBeforeKill: number;
  activated: number;
  untouched: number;
  /** Payments in any other state: each a description. Must be empty. */
  torn: string[];
  /** Pending payments confirmed after the restart: all must answer 200 and end fully applied. */
  retried: number;
  retriedOk: number;
  killDelaysMs: number[];
  /** The kill delays are drawn from 0 to a window that starts at 1.2 × the calibration batch's slowest
   * confirmation and adapts (these are its first and last values). */
  windowMs: number;
  lastWindowMs: number;
  /** Rounds where the kill left some of the batch applied and some not: it landed mid-batch. */
  splitRounds: number;
}

interface PaymentState {
  user_id: string;
  email: string;
  status: string;
  subscription_status: string | null;
  subscription_type: string | null;
  subscription_expires_at: Date | null;
  paid_at: Date | null;
  events: string;
  receipts: string;
}

async function paymentStates(bench: BenchPostgres, userIds: string[]): Promise<PaymentState[]> {
  return queryRows<PaymentState>(
    bench.database,
    sql`select u.id as user_id, u.email, p.status, u.subscription_status, u.subscription_type,
      u.subscription_expires_at, p.paid_at,
      (select count(*) from payment_events e where e.provider = 'demo' and e.event_id = 'demo_evt_paid_' || p.id) as events,
      (select count(*) from outbox_emails o where o.to_address = u.email and o.subject like 'Your CareMatch receipt%') as receipts
      from users u join payments p on p.user_id = u.id
      where u.id = any(${sql.raw(`array[${userIds.map((id) => `'${id}'::uuid`).join(',')}]`)})`,
  );
}

/** 'activated', 'untouched', or a description of a torn state. */
function classify(state: PaymentState): string {
  const full =
    state.status === 'succeeded' &&
    state.paid_at !== null &&
    state.subscription_status === 'active' &&
    state.subscription_type === 'three_month' &&
    state.subscription_expires_at !== null &&
    Math.abs(
      new Date(state.subscription_expires_at).getTime() -
        addCalendarMonths(new Date(state.paid_at), 3).getTime(),
    ) < 60_000 &&
    state.events === '1' &&
    state.receipts === '1';
  if (full) return 'activated';
  const none =
    state.status === 'pending' &&
    state.paid_at === null &&
    state.subscription_status === null &&
    state.subscription_type === null &&
    state.subscription_expires_at === null &&
    state.events === '0' &&
    state.receipts === '0';
  if (none) return 'untouched';
  return `${state.email}: payment ${state.status}, plan ${state.subscription_status}/${state.subscription_type}, events ${state.events}, receipts ${state.receipts}`;
}

async function killDuringConfirmations(
  bench: BenchPostgres,
  start: () => Promise<Server>,
  config: ReturnType<typeof loadConfig>,
): Promise<KillOutcome> {
  const outcome: KillOutcome = {
    rounds: 0,
    payments: 0,
    answeredBeforeKill: 0,
    activated: 0,
    untouched: 0,
    torn: [],
    retried: 0,
    retriedOk: 0,
    killDelaysMs: [],
    windowMs: 0,
    lastWindowMs: 0,
    splitRounds: 0,
  };
  let server = await start();
  const card = { cardNumber: DEMO_CARDS.success, expiry: '12 / 34', cvc: '123' };
  /** New customers, signed in, each with a started 3-Month payment: ids, cookies, client secrets. */
  async function payers(label: string) {
    const ids = (
      await queryRows<{ id: string }>(
        bench.database,
        sql`insert into users (email, first_name, last_name, role)
          select 'payer-' || ${label} || '-' || i || '@bench.example.com', 'Payer', 'Bench', 'customer'
          from generate_series(1, ${settings.payersPerKill}) as g(i) returning id`,
      )
    ).map((row) => row.id);
    const cookies = await signInBenchUsers(bench.database.db, config, ids, 'customer');
    const secrets = await Promise.all(
      ids.map(async (id) => {
        const answer = await send(server.origin, 'POST', '/api/create-subscription', {
          cookie: cookies.get(id)!,
        });
        if (answer.status !== 200) throw new Error(`create-subscription: ${answer.status} ${answer.body}`);
        return (JSON.parse(answer.body) as { clientSecret: string }).clientSecret;
      }),
    );
    return { ids, cookies, secrets };
  }
  const confirmAll = ({ ids, cookies, secrets }: Awaited<ReturnType<typeof payers>>) =>
    ids.map((id, index) =>
      send(server.origin, 'POST', '/api/payments/demo/confirm', {
        cookie: cookies.get(id)!,
        body: JSON.stringify({ clientSecret: secrets[index], ...card }),
      }),
    );

  // Calibration (no kill): how long a batch of confirmations takes here, so the kills land inside.
  const calibration = await Promise.all(confirmAll(await payers('calibration')));
  let windowMs = Math.max(20, Math.ceil(Math.max(...calibration.map((a) => a.endedAt - a.startedAt)) * 1.2));
  outcome.windowMs = windowMs;
  log(
    `  a batch of ${settings.payersPerKill} confirmations takes up to ${Math.round(windowMs / 1.2)} ms: kills within 0-${windowMs} ms`,
  );

  for (let round = 1; round <= settings.kills; round += 1) {
    const { ids, cookies, secrets } = await payers(String(round));
    const delay = Math.floor(random() * windowMs);
    outcome.killDelaysMs.push(delay);
    const confirmations = confirmAll({ ids, cookies, secrets });
    await sleep(delay);
    server.child.process.kill('SIGKILL');
    const answers = await Promise.all(confirmations);
    await server.child.stop();
    const answered = answers.filter((answer) => answer.status === 200).length;
    outcome.answeredBeforeKill += answered;

    server = await start();
    const states = await paymentStates(bench, ids);
    const applied = states.filter((state) => state.status === 'succeeded').length;
    if (applied > 0 && applied < states.length) outcome.splitRounds += 1;
    // Keep the kills inside the busy time: a freshly started server is slower than the calibration.
    if (applied === 0) windowMs = Math.round(windowMs * 1.25);
    else if (answered === states.length) windowMs = Math.max(20, Math.round(windowMs * 0.85));
    outcome.lastWindowMs = windowMs;
    for (const state of states) {
      const kind = classify(state);
      if (kind === 'activated') outcome.activated += 1;
      else if (kind === 'untouched') outcome.untouched += 1;
      else outcome.torn.push(`round ${round}: ${kind}`);
      // An answer of 200 promises the activation.
      const answer = answers[ids.indexOf(state.user_id)];
      if (answer?.status === 200 && kind !== 'activated')
        outcome.torn.push(`round ${round}: 200 but ${kind}`);
    }
    outcome.payments += states.length;
    // The ones that did not happen can be paid now, once.
    const pending = states.filter((state) => state.status === 'pending');
    for (const state of pending) {
      outcome.retried += 1;
      const answer = await send(server.origin, 'POST', '/api/payments/demo/confirm', {
        cookie: cookies.get(state.user_id)!,
        body: JSON.stringify({ clientSecret: secrets[ids.indexOf(state.user_id)], ...card }),
      });
      if (answer.status === 200) outcome.retriedOk += 1;
    }
    if (pending.length > 0) {
      for (const state of await paymentStates(
        bench,
        pending.map((row) => row.user_id),
      )) {
        const kind = classify(state);
        if (kind !== 'activated') outcome.torn.push(`round ${round}, after the retry: ${kind}`);
      }
    }
    outcome.rounds += 1;
    log(
      `  round ${round}: kill after ${delay} ms, ${answers.filter((a) => a.status === 200).length}/${ids.length} answered, ` +
        `${states.filter((s) => s.status === 'succeeded').length} applied, ${pending.length} confirmed after the restart`,
    );
  }
  await server.child.stop();
  return outcome;
}

// ---------------------------------------------------------------------------------------------

function renderSection(
  restart: RestartOutcome,
  kills: KillOutcome,
  problems: string[],
  context: { server: string; seconds: number; load: number[] },
): string {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const verdict = problems.length === 0 ? 'every check passed' : `**checks failed**: ${problems.join('; ')}`;
  return `${SECTION_TITLE}

_Generated by \`npm run bench:faults\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
in ${Math.round(context.seconds)} s; a rerun replaces this section._ Result: ${verdict}.

**Set-up:** a private ${context.server} cluster made by \`initdb\` in a temporary folder, run as the
\`postgres\` user on port ${settings.pgPort} (\`tests/bench/private-postgres.ts\`), so it can be stopped and started
freely; the production build (\`node dist/server/main.js\`, NODE_ENV=production) on it. ${os.cpus().length} cores shared
with other work (load average ${Math.min(...context.load).toFixed(1)}-${Math.max(...context.load).toFixed(1)} during the run).

### (a) PostgreSQL restarted under load

${settings.workers} clients loop over carer search (60%), carer profiles (20%) and new messages from signed-in
customers (20%). After ${s(restart.downFrom)} s PostgreSQL is stopped (\`pg_ctl stop -m fast\`: every connection is
closed), its start is asked for ${s(restart.downTo - restart.downFrom)} s later (\`pg_ctl start -w\` returned after
${s(restart.accepting - restart.downTo)} s more); the load runs 10 s more. "While away" counts the requests made and answered
between the end of the stop and the start being asked for.

| requests | answers | while away | 503 with the message while away | other answers while away | recovered after the return | 500s, errors, timeouts | messages sent with 201 | missing afterwards |
| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
| ${restart.requests} | ${Object.entries(restart.byStatus)
    .map(([status, count]) => `${status}: ${count}`)
    .join(
      ', ',
    )} | ${restart.whileDown.total} | ${restart.whileDown.unavailable} | ${restart.whileDown.other.length} | ${Number.isFinite(restart.recoveryMs) ? `${(restart.recoveryMs / 1000).toFixed(2)} s` : 'never'} | ${restart.bad.length} | ${restart.sentOk} | ${restart.sentMissing} |

\`/readyz\` while away: ${restart.readyzWhileDown.join(', ')}. "Recovered" is the time from the start being asked
for to the start of the first request after which every request got a 2xx (target under
${RECOVERY_TARGET_MS / 1000} s, no restart of the app). What the product does: a failed query's driver error
(also when Drizzle wraps it) is answered 503 with \`ERROR_MESSAGES.serviceUnavailable\` and \`Retry-After: 5\`
(\`src/server/platform/errors.ts\`); the pool drops broken connections and opens new ones on demand, with a
5 s connect timeout (\`src/server/db/client.ts\`); the live-events LISTEN connection reconnects by itself.

### (b) Stripe webhook while the database is away

A signed \`payment_intent.succeeded\` for a pending 3-Month payment, posted to a second instance in Stripe
mode while PostgreSQL was stopped: **${restart.webhook.whileDown}** (\`${restart.webhook.whileDownBody}\`), so Stripe keeps
it for redelivery. Delivered again three times after the return: ${restart.webhook.retries.join(', ')}. Afterwards:
${restart.webhook.eventRows} event row, payment ${restart.webhook.paymentStatus}, plan ${restart.webhook.subscriptionType ?? 'none'}
(expiry three months on: ${restart.webhook.expiresOk ? 'yes' : 'no'}), ${restart.webhook.receipts} receipt queued.

### (c) SIGKILL during payment confirmations

${kills.rounds} rounds; in each, ${settings.payersPerKill} new customers start a 3-Month payment and confirm it with the demo card
at once, and the server is SIGKILLed after a random delay, then started again. The delay is drawn from 0 to a window that
starts at 1.2 × the slowest confirmation of an unkilled calibration batch (${kills.windowMs} ms) and adapts (×1.25 after a round
where nothing was applied, ×0.85 after one where everything answered; it ended at ${kills.lastWindowMs} ms); delays used:
${Math.min(...kills.killDelaysMs)}-${Math.max(...kills.killDelaysMs)} ms. In
${kills.splitRounds} rounds the kill landed mid-batch (some payments applied, some not). Each payment is then either **fully applied** (payment succeeded with its paid time,
its event recorded once, plan active to three months after payment, one receipt queued) or **untouched**
(pending, no event, no plan, no receipt); anything else is torn.

| payments | answered 200 before the kill | fully applied | untouched | torn | untouched ones confirmed after the restart |
| ---: | ---: | ---: | ---: | ---: | ---: |
| ${kills.payments} | ${kills.answeredBeforeKill} | ${kills.activated} | ${kills.untouched} | ${kills.torn.length} | ${kills.retriedOk}/${kills.retried} |

The confirmation is one transaction (\`applyPaymentEvent\` in
\`src/server/features/subscriptions/payment-events.ts\`: event row, payment, plan and receipt together), so a
crash at any point rolls all of it back.
${kills.torn.length ? `\nTorn states:\n\n${kills.torn.map((line) => `- ${line}`).join('\n')}\n` : ''}
### How to rerun

\`\`\`sh
npm run bench:faults
\`\`\`

Needs \`/usr/lib/postgresql/15/bin\` (\`BENCH_PG_BIN\`) and, as root, the \`postgres\` user. Settings:
\`BENCH_FAULTS_PG_PORT\` (55432), \`BENCH_FAULTS_WORKERS\` (16), \`BENCH_FAULTS_DOWN\` (6 s away),
\`BENCH_FAULTS_KILLS\` (25 rounds), \`BENCH_FAULTS_PAYERS\` (6 a round), \`BENCH_SKIP_BUILD=1\`, \`BENCH_WRITE=0\`.
It exits 1 when a check fails. The quick, deterministic parts also run in \`npm test\`:
\`tests/api/database-unavailable.test.ts\`.
`;
}

async function main() {
  const started = Date.now();
  const load: number[] = [];
  const loadTimer = setInterval(() => load.push(os.loadavg()[0]!), 1000);
  process.once('SIGINT', () => {
    killAllChildren();
    process.exit(130);
  });
  if (env.BENCH_SKIP_BUILD !== '1') {
    log('Building the server (scripts/build-server.mjs)');
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('server build failed');
  }
  log(`Private PostgreSQL on port ${settings.pgPort}`);
  const pg = createPrivatePostgres(settings.pgPort);
  const servers: Server[] = [];
  const dataDirs: string[] = [];
  try {
    await pg.start();
    const bench = await createBenchPostgres(pg.adminUrl);
    const [{ version } = { version: '' }] = await queryRows<{ version: string }>(
      bench.database,
      sql`select version() as version`,
    );
    await seedBenchCarers(bench.database.db, 2_000);
    const people = await seedBenchPeople(bench.database.db, {
      customers: 100,
      conversationsEach: 2,
      messagesEach: 4,
    });
    const secret = randomBytes(32).toString('hex');
    const demoEnv = serverEnv(bench.url, await freePort(), secret);
    const stripeEnv = serverEnv(bench.url, await freePort(), secret, STRIPE_ENV);
    dataDirs.push(demoEnv.DATA_DIR, stripeEnv.DATA_DIR);
    const config = loadConfig(demoEnv);
    const cookies = await signInBenchUsers(bench.database.db, config, people.customerIds, 'customer');

    // The webhook's payer: a pending 3-Month payment, as POST /api/create-subscription leaves it
    // after Stripe answered (inserted directly: nothing here may call Stripe).
    const intentId = `pi_faults_${randomBytes(6).toString('hex')}`;
    const [payer] = await queryRows<{ id: string; email: string }>(
      bench.database,
      sql`insert into users (email, first_name, last_name, role)
        values ('webhook-payer@bench.example.com', 'Webhook', 'Payer', 'customer') returning id, email`,
    );
    await bench.database.db.execute(
      sql`insert into payments (user_id, provider, provider_reference, plan, amount_pence, status)
        values (${payer!.id}, 'stripe', ${intentId}, 'three_month', 4900, 'pending')`,
    );

    const demo = await startServer('demo', demoEnv);
    servers.push(demo);
    const stripe = await startServer('stripe', stripeEnv);
    servers.push(stripe);
    const carerIds = (
      await queryRows<{ id: string }>(
        bench.database,
        sql`select id from carer_profiles where is_active and listed_until > now() limit 500`,
      )
    ).map((row) => row.id);
    const searchPaths = [
      '/api/carers',
      '/api/carers?location=leeds',
      '/api/carers?careType=Elderly%20Care',
      '/api/carers?sort=price',
    ];

    log('(a, b) PostgreSQL restarted under load, a webhook in the gap');
    const restart = await restartUnderLoad(pg, bench, demo, stripe, {
      searchPaths,
      carerIds,
      conversations: people.conversations,
      cookies,
      webhookPayer: { id: payer!.id, email: payer!.email, intentId },
    });
    log(`  ${JSON.stringify({ ...restart, bad: restart.bad.slice(0, 5) })}`);
    await stripe.child.stop();
    await demo.child.stop();

    log('(c) SIGKILL during payment confirmations');
    const kills = await killDuringConfirmations(bench, () => startServer('demo', demoEnv), config);
    log(`  ${JSON.stringify({ ...kills, killDelaysMs: undefined })}`);

    const problems: string[] = [];
    if (restart.whileDown.total === 0)
      problems.push('(a) no request was answered while the database was away');
    if (restart.whileDown.other.length > 0)
      problems.push(`(a) ${restart.whileDown.other.length} answers other than the 503 while away`);
    if (restart.bad.length > 0)
      problems.push(
        `(a) ${restart.bad.length} 500s, errors or timeouts: ${restart.bad.slice(0, 3).join(', ')}`,
      );
    if (!(restart.recoveryMs < RECOVERY_TARGET_MS))
      problems.push(`(a) recovery took ${restart.recoveryMs} ms`);
    if (restart.sentMissing > 0)
      problems.push(`(a) ${restart.sentMissing} messages answered 201 are missing`);
    if (restart.readyzWhileDown.some((status) => status !== 503))
      problems.push('(a) /readyz was not 503 while away');
    const w = restart.webhook;
    if (w.whileDown < 500) problems.push(`(b) the webhook got ${w.whileDown} while the database was away`);
    if (w.retries.some((status) => status !== 200))
      problems.push(`(b) redeliveries answered ${w.retries.join(', ')}`);
    if (
      w.eventRows !== 1 ||
      w.paymentStatus !== 'succeeded' ||
      w.subscriptionType !== 'three_month' ||
      !w.expiresOk ||
      w.receipts !== 1
    )
      problems.push(`(b) not applied exactly once: ${JSON.stringify(w)}`);
    if (kills.torn.length > 0) problems.push(`(c) ${kills.torn.length} torn payments`);
    if (kills.retriedOk !== kills.retried)
      problems.push(`(c) ${kills.retried - kills.retriedOk} confirmations after the restart failed`);

    clearInterval(loadTimer);
    if (settings.write) {
      writeSection(
        REPORT_FILE,
        renderSection(restart, kills, problems, {
          server: version.split(' on ')[0] ?? 'PostgreSQL 15',
          seconds: (Date.now() - started) / 1000,
          load,
        }),
        SECTION_TITLE,
      );
      log(`Wrote ${path.relative(ROOT, REPORT_FILE)}`);
    }
    await bench.drop();
    if (problems.length > 0) {
      log(`CHECKS FAILED:\n  ${problems.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      log('Every check passed.');
    }
  } finally {
    clearInterval(loadTimer);
    for (const server of servers) await server.child.stop();
    pg.destroy();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  killAllChildren();
  process.exitCode = 1;
});
