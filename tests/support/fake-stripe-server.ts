import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeClient } from '../../src/server/platform/payments/stripe-provider';

/**
 * A fake Stripe API over HTTP, for the real `stripe` SDK pointed at it (host, port, protocol):
 * the Connect calls (accounts, account links), Customers, SetupIntents, PaymentMethods (sharing a
 * platform card to a connected account), PaymentIntents (direct charges with the
 * `Stripe-Account` header, off-session confirmation, authentication and declines) and Refunds,
 * as CareMatch uses them. It answers idempotency like Stripe: the same key (per account) with the
 * same parameters replays the first answer; with different parameters it is a 400.
 *
 * What the browser would do (confirm a payment, finish a card setup) are methods the tests call.
 */

type Json = Record<string, unknown>;

export interface FakeStripeRequest {
  method: string;
  path: string;
  account: string | undefined;
  idempotencyKey: string | undefined;
  params: Json;
}

export interface FakeCard {
  brand: string;
  last4: string;
  /** The bank asks for authentication (Stripe's 4000 0027 6000 3184). */
  authentication?: boolean;
  /** The bank declines (Stripe's 4000 0000 0000 0002). */
  declines?: boolean;
}

export interface FakeStripe {
  url: string;
  /** The real SDK, talking to this server. */
  client(): StripeClient;
  requests: FakeStripeRequest[];
  /** How many objects each create call made (replays do not count). */
  created: (
    kind: 'account' | 'payment_intent' | 'payment_method' | 'setup_intent' | 'customer' | 'refund',
  ) => Json[];
  account(id: string): Json | undefined;
  paymentIntent(account: string, id: string): Json | undefined;
  /** The browser's Payment Element confirming a SetupIntent with a card: it becomes the customer's. */
  finishSetup(setupIntentId: string, card: FakeCard): string;
  /** The browser confirming a PaymentIntent (on-session, authentication passed). */
  confirmPayment(account: string, id: string): Json;
  close(): Promise<void>;
}

/** `a[b][0]=x` form bodies (and query strings) as Stripe's SDK encodes them, back into objects. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Json = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Json;
    });
  }
  return arraysOf(root) as Json;
}
function arraysOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Json).map(([key, inner]) => [key, arraysOf(inner)] as const);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner);
  }
  return Object.fromEntries(entries);
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}
const missing = (what: string, id: string) =>
  new StripeHttpError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${id}'`,
  });
const invalid = (message: string, param?: string) =>
  new StripeHttpError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const made = new Map<string, Json[]>();
  const idempotent = new Map<string, { hash: string; status: number; body: string }>();
  const accounts = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  /** Payment methods by `${account or 'platform'}:${id}`, with the card behind them. */
  const paymentMethods = new Map<string, Json & { _card: FakeCard; _customer: string | null }>();
  const paymentIntents = new Map<string, Json>();
  let counter = 0;
  const id = (prefix: string) =>
    `${prefix}_${(++counter).toString(36).padStart(6, '0')}${randomBytes(4).toString('hex')}`;
  const now = () => Math.floor(Date.now() / 1000);
  const remember = (kind: string, object: Json) => {
    made.set(kind, [...(made.get(kind) ?? []), object]);
    return object;
  };
  const scope = (account: string | undefined) => account ?? 'platform';
  const publicMethod = ({
    _card,
    _customer,
    ...method
  }: Json & { _card: FakeCard; _customer: string | null }) => {
    void _card;
    void _customer;
    return method;
  };

  function route(method: string, path: string, account: string | undefined, params: Json): Json {
    const segments = path.split('/').filter(Boolean).slice(1); // drop 'v1'
    const [resource, objectId] = segments;
    switch (`${method} ${resource}${objectId ? '/:id' : ''}`) {
      case 'POST customers': {
        const customer = {
          id: id('cus'),
          object: 'customer',
          email: params.email ?? null,
          metadata: params.metadata ?? {},
        };
        customers.set(customer.id, customer);
        return remember('customer', customer);
      }
      case 'POST accounts': {
        if (account) throw invalid('Connected accounts cannot create accounts.');
        const created = {
          id: id('acct'),
          object: 'account',
          country: params.country,
          email: params.email ?? null,
          controller: params.controller ?? null,
          capabilities: params.capabilities ?? {},
          metadata: params.metadata ?? {},
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          requirements: {
            currently_due: ['business_type', 'external_account', 'tos_acceptance.date'],
            past_due: [],
          },
        };
        accounts.set(created.id, created);
        return remember('account', created);
      }
      case 'GET accounts/:id': {
        const found = accounts.get(objectId!);
        if (!found) throw missing('account', objectId!);
        return found;
      }
      case 'POST account_links': {
        const target = String(params.account ?? '');
        if (!accounts.has(target)) throw missing('account', target);
        if (!params.refresh_url || !params.return_url) throw invalid('Missing refresh_url or return_url.');
        return {
          object: 'account_link',
          created: now(),
          expires_at: now() + 300,
          url: `https://connect.stripe.test/setup/${target}/${id('link')}`,
        };
      }
      case 'POST setup_intents': {
        const customer = String(params.customer ?? '');
        if (!customers.has(customer)) throw missing('customer', customer);
        const setupId = id('seti');
        const setup = {
          id: setupId,
          object: 'setup_intent',
          client_secret: `${setupId}_secret_${randomBytes(8).toString('hex')}`,
          customer,
          status: 'requires_payment_method',
          usage: params.usage ?? 'off_session',
          payment_method: null as string | null,
          metadata: params.metadata ?? {},
        };
        setupIntents.set(setupId, setup);
        return remember('setup_intent', setup);
      }
      case 'GET setup_intents/:id': {
        const setup = setupIntents.get(objectId!);
        if (!setup) throw missing('setup_intent', objectId!);
        const expand = (params.expand as string[] | undefined) ?? [];
        if (expand.includes('payment_method') && typeof setup.payment_method === 'string') {
          return {
            ...setup,
            payment_method: publicMethod(paymentMethods.get(`platform:${setup.payment_method}`)!),
          };
        }
        return setup;
      }
      case 'POST payment_methods': {
        // Sharing a platform customer's card to a connected account (direct charges).
        if (!account || !accounts.has(account)) throw invalid('Sharing a card needs a connected account.');
        const source = paymentMethods.get(`platform:${String(params.payment_method)}`);
        if (!source) throw missing('payment_method', String(params.payment_method));
        if (source._customer !== params.customer)
          throw invalid('The payment method is not the customer’s.', 'customer');
        const shared = { ...source, id: id('pm'), _customer: null };
        paymentMethods.set(`${account}:${shared.id}`, shared);
        remember('payment_method', { ...publicMethod(shared), account });
        return publicMethod(shared);
      }
      case 'POST payment_intents': {
        if (account && !accounts.has(account)) throw missing('account', account);
        const amount = Number(params.amount);
        if (!Number.isInteger(amount) || amount < 30)
          throw invalid('Amount must be at least 30 pence.', 'amount');
        const fee =
          params.application_fee_amount === undefined ? null : Number(params.application_fee_amount);
        if (fee !== null && !account) throw invalid('An application fee needs a connected account.');
        const intentId = id('pi');
        const intent: Json = {
          id: intentId,
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency: params.currency,
          application_fee_amount: fee,
          description: params.description ?? null,
          metadata: params.metadata ?? {},
          client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
          status: 'requires_payment_method',
          payment_method: null,
          off_session: params.off_session === 'true',
          last_payment_error: null,
        };
        paymentIntents.set(`${scope(account)}:${intentId}`, intent);
        // The account it was made on, for the tests (not part of the answer).
        remember(
          'payment_intent',
          Object.defineProperty(intent, 'account', { value: account, enumerable: false }),
        );
        if (params.confirm === 'true' && params.payment_method) {
          const card = paymentMethods.get(`${scope(account)}:${String(params.payment_method)}`);
          if (!card) throw missing('payment_method', String(params.payment_method));
          intent.payment_method = card.id;
          const refusal = card._card.declines
            ? { code: 'card_declined', message: 'Your card was declined.' }
            : card._card.authentication && intent.off_session
              ? {
                  code: 'authentication_required',
                  message: 'Your card was declined. This transaction requires authentication.',
                }
              : null;
          if (refusal) {
            intent.last_payment_error = { type: 'card_error', ...refusal };
            throw new StripeHttpError(402, {
              type: 'card_error',
              ...refusal,
              payment_intent: intent,
            });
          }
          intent.status = 'succeeded';
          intent.amount_received = amount;
        }
        return intent;
      }
      case 'GET payment_intents/:id': {
        const intent = paymentIntents.get(`${scope(account)}:${objectId}`);
        if (!intent) throw missing('payment_intent', objectId!);
        return intent;
      }
      case 'POST refunds': {
        const intent = paymentIntents.get(`${scope(account)}:${String(params.payment_intent)}`);
        if (!intent) throw missing('payment_intent', String(params.payment_intent));
        const refund = {
          id: id('re'),
          object: 'refund',
          amount: params.amount ? Number(params.amount) : intent.amount,
          payment_intent: intent.id,
          status: 'succeeded',
        };
        return remember('refund', refund);
      }
      default:
        throw new StripeHttpError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path}) in the fake Stripe server.`,
        });
    }
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake-stripe');
      const method = request.method ?? 'GET';
      const body = Buffer.concat(chunks).toString('utf8');
      const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : body);
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const account = header('stripe-account');
      const idempotencyKey = method === 'POST' ? header('idempotency-key') : undefined;
      requests.push({ method, path: url.pathname, account, idempotencyKey, params });
      const send = (status: number, text: string, replayed = false) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
          ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        });
        response.end(text);
      };
      if (header('authorization') !== `Bearer ${FAKE_STRIPE_KEY}`) {
        send(
          401,
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }),
        );
        return;
      }
      const storeKey = idempotencyKey ? `${scope(account)}:${idempotencyKey}` : undefined;
      const hash = createHash('sha256').update(`${method} ${url.pathname} ${body}`).digest('hex');
      const earlier = storeKey ? idempotent.get(storeKey) : undefined;
      if (earlier) {
        if (earlier.hash !== hash) {
          send(
            400,
            JSON.stringify({
              error: {
                type: 'idempotency_error',
                message:
                  'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              },
            }),
          );
          return;
        }
        send(earlier.status, earlier.body, true);
        return;
      }
      let status = 200;
      let text: string;
      try {
        text = JSON.stringify(route(method, url.pathname, account, params));
      } catch (error) {
        if (!(error instanceof StripeHttpError)) throw error;
        status = error.status;
        text = JSON.stringify({ error: error.body });
      }
      // Stripe keeps the answer of a key, errors from its own checks included (not 5xx).
      if (storeKey && status < 500) idempotent.set(storeKey, { hash, status, body: text });
      send(status, text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    client: () =>
      new Stripe(FAKE_STRIPE_KEY, {
        host: '127.0.0.1',
        port,
        protocol: 'http',
        maxNetworkRetries: 0,
        telemetry: false,
      }),
    requests,
    created: (kind) => made.get(kind) ?? [],
    account: (accountId) => accounts.get(accountId),
    paymentIntent: (account, intentId) => paymentIntents.get(`${account}:${intentId}`),
    finishSetup(setupIntentId, card) {
      const setup = setupIntents.get(setupIntentId);
      if (!setup) throw new Error(`no SetupIntent ${setupIntentId}`);
      const methodId = id('pm');
      paymentMethods.set(`platform:${methodId}`, {
        id: methodId,
        object: 'payment_method',
        type: 'card',
        card: { brand: card.brand, last4: card.last4 },
        customer: setup.customer as string,
        _card: card,
        _customer: setup.customer as string,
      });
      setup.payment_method = methodId;
      setup.status = 'succeeded';
      return methodId;
    },
    confirmPayment(account, intentId) {
      const intent = paymentIntents.get(`${account}:${intentId}`);
      if (!intent) throw new Error(`no PaymentIntent ${intentId} on ${account}`);
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The secret key the fake accepts: the one STRIPE_ENV gives the app. */
export const FAKE_STRIPE_KEY = 'sk_test_carematch_fake';
