import { desc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { DEMO_CARDS } from '@contracts/subscriptions';
import {
  billingSubscriptions,
  paymentEvents,
  payments,
  users,
  type BillingSubscriptionRow,
  type PaymentRow,
  type UserRow,
} from '../../src/server/db/schema';
import { createCarerMembershipService } from '../../src/server/features/subscriptions/carer-membership.service';
import { createPaymentEventHandler } from '../../src/server/features/subscriptions/payment-events';
import { createPaymentStarter } from '../../src/server/features/subscriptions/payment-starter';
import { createSubscriptionsRepository } from '../../src/server/features/subscriptions/subscriptions.repository';
import { createSubscriptionsService } from '../../src/server/features/subscriptions/subscriptions.service';
import { createDemoProvider } from '../../src/server/platform/payments/demo-provider';
import type { StripeClient } from '../../src/server/platform/payments/stripe-provider';
import type { TestApp } from './test-app';

/** Stripe-mode settings for createTestApp (no request ever reaches Stripe: the client is a fake). */
export const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_carematch_fake',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_carematch_fake',
  STRIPE_WEBHOOK_SECRET: 'whsec_carematch_test_secret',
  PAYMENTS_PROVIDER: 'stripe',
};

/** A card in the demo card form (valid expiry and CVC unless overridden). */
export const demoCard = (
  cardNumber: string = DEMO_CARDS.success,
  overrides: Record<string, string> = {},
) => ({
  cardNumber,
  expiry: '12 / 34',
  cvc: '123',
  ...overrides,
});

export function confirmDemo(
  t: TestApp,
  cookie: string | undefined,
  clientSecret: string,
  card: Record<string, unknown> = demoCard(),
) {
  return t.injectAs(cookie, {
    method: 'POST',
    url: '/api/payments/demo/confirm',
    payload: { clientSecret, ...card },
  });
}

export async function userRow(t: TestApp, id: string): Promise<UserRow> {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

export const paymentsOf = (t: TestApp, userId: string): Promise<PaymentRow[]> =>
  t.database.db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt));

export const billingSubscriptionsOf = (t: TestApp, userId: string): Promise<BillingSubscriptionRow[]> =>
  t.database.db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, userId))
    .orderBy(desc(billingSubscriptions.createdAt));

export const paymentEventCount = async (t: TestApp) =>
  (await t.database.db.select({ id: paymentEvents.id }).from(paymentEvents)).length;

/** Receipts queued for one address. */
export const receiptsTo = async (t: TestApp, email: string) =>
  (await t.outbox()).filter(
    (row) => row.toAddress === email && row.subject.startsWith('Your CareMatch receipt'),
  );

/** The demo renewal task, on the test app's database (as housekeeping runs it). */
export function demoRenewals(t: TestApp) {
  const provider = createDemoProvider({ secret: t.config.sessionSecret });
  const events = createPaymentEventHandler({
    db: t.database.db,
    provider,
    mailer: t.app.mailer,
    log: t.app.log,
  });
  const repository = createSubscriptionsRepository(t.database.db);
  const starter = createPaymentStarter({ payments: repository, db: t.database.db, provider, log: t.app.log });
  const subscriptions = createSubscriptionsService({
    repository,
    provider,
    demo: provider,
    starter,
    events,
  });
  const membership = createCarerMembershipService({ repository, provider, starter });
  return { run: () => subscriptions.renewDemoSubscriptions(), membership };
}

/** `ms` from now, give or take the time a test takes. */
export const expectNear = (
  actual: string | Date | null | undefined,
  expected: Date,
  toleranceMs = 60_000,
) => {
  if (actual === null || actual === undefined) throw new Error('expected a date, got nothing');
  const diff = Math.abs(new Date(actual).getTime() - expected.getTime());
  if (diff > toleranceMs) {
    throw new Error(
      `expected ${new Date(actual).toISOString()} within ${toleranceMs} ms of ${expected.toISOString()}`,
    );
  }
};

// ── Stripe ────────────────────────────────────────────────────────────────────────────────────

export interface RecordedCall {
  method: string;
  params: unknown;
  idempotencyKey: string | undefined;
}

const connectNotHere = (): Promise<never> =>
  Promise.reject(new Error('Connect is not in the in-memory fake: use the fake Stripe server'));

/**
 * A fake Stripe client: it answers like Stripe, including idempotency (the same key returns the
 * same object), and records every call.
 */
export function createFakeStripe() {
  const calls: RecordedCall[] = [];
  const byKey = new Map<string, unknown>();
  const products = new Set<string>();
  let counter = 0;
  const nextId = (prefix: string) => {
    counter += 1;
    return `${prefix}_fake${counter.toString().padStart(6, '0')}`;
  };
  function idempotent<T>(
    method: string,
    params: unknown,
    options: Stripe.RequestOptions | undefined,
    make: () => T,
  ) {
    const key = options?.idempotencyKey;
    calls.push({ method, params, idempotencyKey: key });
    if (key && byKey.has(`${method}:${key}`)) return Promise.resolve(byKey.get(`${method}:${key}`) as T);
    const made = make();
    if (key) byKey.set(`${method}:${key}`, made);
    return Promise.resolve(made);
  }

  const client: StripeClient = {
    customers: {
      create: (params, options) =>
        idempotent('customers.create', params, options, () => ({ id: nextId('cus') })),
    },
    products: {
      retrieve: async (id) => {
        calls.push({ method: 'products.retrieve', params: id, idempotencyKey: undefined });
        if (!products.has(id))
          throw Object.assign(new Error('No such product'), { code: 'resource_missing' });
        return { id };
      },
      create: (params, options) =>
        idempotent('products.create', params, options, () => {
          products.add(params.id!);
          return { id: params.id! };
        }),
    },
    paymentIntents: {
      create: (params, options) =>
        idempotent('paymentIntents.create', params, options, () => {
          const id = nextId('pi');
          return { id, client_secret: `${id}_secret_fake` };
        }),
    },
    subscriptions: {
      create: (params, options) =>
        idempotent('subscriptions.create', params, options, () => {
          const invoice = nextId('in');
          return {
            id: nextId('sub'),
            status: 'incomplete',
            latest_invoice: {
              id: invoice,
              confirmation_secret: { client_secret: `pi_for_${invoice}_secret_fake` },
            },
          };
        }),
      update: (id, params, options) =>
        idempotent('subscriptions.update', { id, ...params }, options, () => ({ id })),
      cancel: (id, params, options) =>
        idempotent('subscriptions.cancel', { id, ...params }, options, () => ({ id })),
    },
    // An invoice `in_x` is paid by the PaymentIntent `pi_for_in_x` (its confirmation secret's).
    invoicePayments: {
      list: async (params) => {
        calls.push({ method: 'invoicePayments.list', params, idempotencyKey: undefined });
        const intent = params.payment?.payment_intent;
        if (intent !== undefined) {
          const invoice = intent.startsWith('pi_for_') ? intent.slice('pi_for_'.length) : undefined;
          return { data: invoice ? [{ invoice, payment: { payment_intent: intent } }] : [] };
        }
        return {
          data: [{ invoice: params.invoice, payment: { payment_intent: `pi_for_${params.invoice}` } }],
        };
      },
    },
    refunds: {
      create: (params, options) =>
        idempotent('refunds.create', params, options, () => ({ id: nextId('re') })),
    },
    // Connect is spoken by the fake Stripe server (tests/support/fake-stripe-server.ts) instead.
    accounts: { create: connectNotHere },
    accountLinks: { create: connectNotHere },
    paymentMethods: { create: connectNotHere },
    setupIntents: { create: connectNotHere, retrieve: connectNotHere },
  };
  return { client, calls };
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
let eventCounter = 0;

/** A Stripe event as the webhook receives it (only the fields CareMatch reads are filled in). */
export function stripeEvent(type: string, object: Record<string, unknown>, created: Date = new Date()) {
  eventCounter += 1;
  return {
    id: `evt_test_${eventCounter.toString().padStart(6, '0')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: seconds(created),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

export const paymentIntentObject = (id: string, metadata: Record<string, string> = {}, error?: string) => ({
  id,
  object: 'payment_intent',
  metadata,
  last_payment_error: error ? { message: error } : null,
});

export function invoiceObject(options: {
  id: string;
  subscription: string;
  periodEnd: Date;
  amountPence?: number;
  metadata?: Record<string, string>;
}) {
  const start = seconds(new Date(options.periodEnd.getTime() - 30 * 86_400_000));
  return {
    id: options.id,
    object: 'invoice',
    amount_paid: options.amountPence ?? 1000,
    amount_due: options.amountPence ?? 1000,
    period_start: start,
    period_end: start,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: options.subscription, metadata: options.metadata ?? {} },
    },
    lines: {
      object: 'list',
      data: [{ id: `il_${options.id}`, period: { start, end: seconds(options.periodEnd) } }],
    },
  };
}

/** A Charge as `charge.refunded` carries it: `amountRefunded` of it given back so far. */
export const chargeObject = (paymentIntent: string, amountPence: number, amountRefunded: number) => ({
  id: `ch_for_${paymentIntent}`,
  object: 'charge',
  amount: amountPence,
  amount_refunded: amountRefunded,
  refunded: amountRefunded >= amountPence,
  payment_intent: paymentIntent,
  metadata: {},
});

/** A Dispute as the `charge.dispute.*` events carry it. */
export const disputeObject = (paymentIntent: string, amountPence: number, status: string) => ({
  id: `dp_for_${paymentIntent}`,
  object: 'dispute',
  amount: amountPence,
  charge: `ch_for_${paymentIntent}`,
  payment_intent: paymentIntent,
  status,
});

export const subscriptionObject = (id: string, status: string, cancelAtPeriodEnd = false) => ({
  id,
  object: 'subscription',
  status,
  cancel_at_period_end: cancelAtPeriodEnd,
});

/** Posts an event to the webhook, signed with `secret` at `timestamp` (now by default). */
export function postWebhook(
  t: TestApp,
  event: unknown,
  {
    secret = STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
    timestamp,
    body,
  }: { secret?: string; timestamp?: Date; body?: string } = {},
) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp ? { timestamp: seconds(timestamp) } : {}),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body ?? payload,
  });
}

/** A deterministic shuffle (the same order on every run). */
export function shuffled<T>(items: T[], seed = 42): T[] {
  const out = [...items];
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
