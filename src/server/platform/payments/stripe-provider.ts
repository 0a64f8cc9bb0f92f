import Stripe from 'stripe';
import { SUBSCRIPTION_MESSAGES } from '@contracts/subscriptions';
import type {
  BillingPurpose,
  CarePaymentEventEnvelope,
  ConnectedAccountState,
  ConnectProvider,
  InvoiceChargeStatus,
  PaymentEventEnvelope,
  PaymentProvider,
} from './payment-provider';

// Stripe (API version 2026-10-28): PaymentIntents for the one-time plans, Stripe Billing for the
// Monthly plan and the carer membership, signed webhooks for the outcome. Every create call
// carries an idempotency key made from our payments row id, so a retried request (ours or the
// SDK's) can never charge twice.

/** The part of the Stripe client we use: the real one, or a fake in tests (no network there). */
export interface StripeClient {
  customers: {
    create(params: Stripe.CustomerCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string }>;
  };
  products: {
    retrieve(id: string): Promise<{ id: string }>;
    create(params: Stripe.ProductCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string }>;
  };
  paymentIntents: {
    create(
      params: Stripe.PaymentIntentCreateParams,
      options?: Stripe.RequestOptions,
    ): Promise<{ id: string; client_secret: string | null }>;
  };
  subscriptions: {
    create(
      params: Stripe.SubscriptionCreateParams,
      options?: Stripe.RequestOptions,
    ): Promise<{
      id: string;
      status: string;
      latest_invoice: string | { id?: string; confirmation_secret?: { client_secret: string } | null } | null;
    }>;
    update(
      id: string,
      params: Stripe.SubscriptionUpdateParams,
      options?: Stripe.RequestOptions,
    ): Promise<{ id: string }>;
    cancel(
      id: string,
      params?: Stripe.SubscriptionCancelParams,
      options?: Stripe.RequestOptions,
    ): Promise<{ id: string }>;
  };
  invoicePayments: {
    list(params: Stripe.InvoicePaymentListParams): Promise<{
      data: Array<{
        invoice?: string | { id?: string };
        payment: { payment_intent?: string | { id: string } | null };
      }>;
    }>;
  };
  refunds: {
    create(params: Stripe.RefundCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string }>;
  };
  // Connect: carers' accounts, their onboarding, and cards saved on the platform for their invoices.
  accounts: {
    create(params: Stripe.AccountCreateParams, options?: Stripe.RequestOptions): Promise<Stripe.Account>;
  };
  accountLinks: {
    create(params: Stripe.AccountLinkCreateParams, options?: Stripe.RequestOptions): Promise<{ url: string }>;
  };
  paymentMethods: {
    create(
      params: Stripe.PaymentMethodCreateParams,
      options?: Stripe.RequestOptions,
    ): Promise<{ id: string }>;
  };
  setupIntents: {
    create(
      params: Stripe.SetupIntentCreateParams,
      options?: Stripe.RequestOptions,
    ): Promise<{ id: string; client_secret: string | null }>;
    retrieve(id: string, params?: Stripe.SetupIntentRetrieveParams): Promise<Stripe.SetupIntent>;
  };
}

export function createStripeClient(secretKey: string): StripeClient {
  // The SDK retries network failures and 409 "idempotency key in use" answers with the same key.
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
}

/** Products are made once, under fixed ids, so recurring prices need no dashboard set-up. */
const PRODUCT_IDS: Record<BillingPurpose, string> = {
  customer_monthly: 'carematch_customer_monthly',
  carer_membership: 'carematch_carer_membership',
};

export type StripeProvider = PaymentProvider & { readonly name: 'stripe' };

export function createStripeProvider({
  client,
  publishableKey,
}: {
  client: StripeClient;
  publishableKey: string;
}): StripeProvider {
  const knownProducts = new Map<string, Promise<string>>();

  /**
   * The product of a recurring plan: `price_data` on a subscription item needs a product id
   * (unlike a Checkout line item, it cannot make one inline), so it is created on first use.
   */
  function ensureProduct(purpose: BillingPurpose, name: string): Promise<string> {
    const id = PRODUCT_IDS[purpose];
    let found = knownProducts.get(id);
    if (!found) {
      found = client.products
        .retrieve(id)
        .then((product) => product.id)
        .catch(async (error: unknown) => {
          if ((error as { code?: string }).code !== 'resource_missing') throw error;
          const created = await client.products.create({ id, name }, { idempotencyKey: `product-${id}` });
          return created.id;
        });
      // A failure is not remembered: the next payment tries again.
      found.catch(() => knownProducts.delete(id));
      knownProducts.set(id, found);
    }
    return found;
  }

  return {
    name: 'stripe',
    publishableKey,
    connect: createStripeConnect(client),

    async ensureCustomer(customer) {
      if (customer.stripeCustomerId) return customer.stripeCustomerId;
      const created = await client.customers.create(
        { email: customer.email, name: customer.name, metadata: { userId: customer.userId } },
        { idempotencyKey: `customer-${customer.userId}` },
      );
      return created.id;
    },

    async startOneTimePayment({ paymentId, plan, amountPence, description, customerId, userId }) {
      const intent = await client.paymentIntents.create(
        {
          amount: amountPence,
          currency: 'gbp',
          ...(customerId ? { customer: customerId } : {}),
          description,
          automatic_payment_methods: { enabled: true },
          metadata: { paymentId, userId, plan },
        },
        { idempotencyKey: `payment-${paymentId}` },
      );
      if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
      return { providerReference: intent.id, clientSecret: intent.client_secret };
    },

    async startSubscription({ paymentId, purpose, productName, amountPence, customerId, userId }) {
      if (!customerId) throw new Error('a Stripe subscription needs a customer');
      const product = await ensureProduct(purpose, productName);
      const subscription = await client.subscriptions.create(
        {
          customer: customerId,
          items: [
            {
              price_data: {
                currency: 'gbp',
                product,
                unit_amount: amountPence,
                recurring: { interval: 'month' },
              },
            },
          ],
          // The first invoice waits for the payment form; its PaymentIntent's secret is the answer.
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: ['latest_invoice.confirmation_secret'],
          metadata: { paymentId, userId, purpose },
        },
        { idempotencyKey: `payment-${paymentId}` },
      );
      const invoice = subscription.latest_invoice;
      const clientSecret =
        typeof invoice === 'object' ? invoice?.confirmation_secret?.client_secret : undefined;
      const invoiceId = typeof invoice === 'string' ? invoice : invoice?.id;
      if (!invoiceId || !clientSecret) {
        throw new Error(`subscription ${subscription.id} has no payable first invoice`);
      }
      return {
        providerSubscriptionId: subscription.id,
        providerInvoiceId: invoiceId,
        clientSecret,
        status: subscription.status,
      };
    },

    async cancelAtPeriodEnd(providerSubscriptionId) {
      await client.subscriptions.update(
        providerSubscriptionId,
        { cancel_at_period_end: true },
        { idempotencyKey: `cancel-${providerSubscriptionId}` },
      );
    },

    async refund({ paymentId, paymentRef, amountPence }) {
      const refund = await client.refunds.create(
        {
          payment_intent: paymentRef,
          amount: amountPence,
          reason: 'requested_by_customer',
          metadata: { paymentId },
        },
        { idempotencyKey: `cooling-off-refund-${paymentId}` },
      );
      return { refundReference: refund.id };
    },

    async invoiceOfPayment(paymentRef) {
      // A charge names its PaymentIntent only (no invoice in this API version): ask which invoice it paid.
      const paid = await client.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: paymentRef },
        status: 'paid',
        limit: 1,
      });
      const invoice = paid.data[0]?.invoice;
      return (typeof invoice === 'string' ? invoice : invoice?.id) ?? null;
    },

    async refundRefused({ paymentId, paymentRef, subscriptionRef }) {
      const refund = (paymentIntent: string) =>
        client.refunds.create(
          { payment_intent: paymentIntent, reason: 'duplicate', metadata: { paymentId } },
          { idempotencyKey: `refund-${paymentId}-${paymentIntent}` },
        );
      if (!subscriptionRef) {
        await refund(paymentRef);
        return;
      }
      // Ended now, not at the period's end: it must never renew. The first invoice's money is in
      // the PaymentIntent(s) that paid it (an Invoice has no payment_intent in this API version).
      await client.subscriptions.cancel(subscriptionRef, {}, { idempotencyKey: `end-${subscriptionRef}` });
      const paid = await client.invoicePayments.list({ invoice: paymentRef, status: 'paid' });
      for (const item of paid.data) {
        const intent = idOf(item.payment.payment_intent);
        if (intent) await refund(intent);
      }
    },
  };
}

/** How old a signed webhook may be (Stripe's default, stated): older ones are refused as replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** Checks the `Stripe-Signature` header against the raw body; throws WebhookSignatureError. */
export function verifyStripeWebhook(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): Stripe.Event {
  if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'invalid signature');
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : value?.id;

const metadataPaymentId = (metadata: Stripe.Metadata | null | undefined) =>
  typeof metadata?.paymentId === 'string' ? metadata.paymentId : undefined;

/** The end of the period an invoice pays for: the latest end among its lines. */
function invoicePeriodEnd(invoice: Stripe.Invoice): Date {
  const ends = invoice.lines.data.map((line) => line.period.end);
  return new Date(Math.max(invoice.period_end, ...ends) * 1000);
}

/** Stripe's event in our terms; null for events we do not act on (acknowledged and ignored). */
export function translateStripeEvent(event: Stripe.Event): PaymentEventEnvelope | null {
  const envelope = (inner: PaymentEventEnvelope['event']): PaymentEventEnvelope => ({
    provider: 'stripe',
    eventId: event.id,
    occurredAt: new Date(event.created * 1000),
    event: inner,
  });
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return envelope({
        type: 'payment.succeeded',
        paymentRef: intent.id,
        paymentId: metadataPaymentId(intent.metadata),
      });
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return envelope({
        type: 'payment.failed',
        paymentRef: intent.id,
        paymentId: metadataPaymentId(intent.metadata),
        message: intent.last_payment_error?.message ?? SUBSCRIPTION_MESSAGES.paymentFailed,
      });
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const subscriptionRef = idOf(details?.subscription);
      // Only subscription invoices buy anything here.
      if (!subscriptionRef) return null;
      const common = {
        subscriptionRef,
        invoiceRef: invoice.id,
        paymentId: metadataPaymentId(details?.metadata),
      };
      return event.type === 'invoice.paid'
        ? envelope({
            type: 'invoice.paid',
            ...common,
            amountPence: invoice.amount_paid,
            periodEnd: invoicePeriodEnd(invoice),
          })
        : envelope({
            type: 'invoice.failed',
            ...common,
            amountPence: invoice.amount_due,
            message: SUBSCRIPTION_MESSAGES.paymentFailed,
          });
    }
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      return envelope({
        type: 'subscription.updated',
        subscriptionRef: subscription.id,
        status: subscription.status,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
      });
    }
    case 'customer.subscription.deleted':
      return envelope({ type: 'subscription.deleted', subscriptionRef: event.data.object.id });
    // Money given back outside CareMatch (decision 0029, point 8). A dispute only opened changes
    // nothing: the bank may still decide for us; a lost one is money taken back, like a refund.
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentRef = idOf(charge.payment_intent);
      if (!paymentRef || charge.amount_refunded <= 0) return null;
      return envelope({
        type: 'payment.refunded',
        paymentRef,
        amountPence: charge.amount_refunded,
        via: 'refund',
      });
    }
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const paymentRef = idOf(dispute.payment_intent);
      if (dispute.status !== 'lost' || !paymentRef) return null;
      return envelope({ type: 'payment.refunded', paymentRef, amountPence: dispute.amount, via: 'dispute' });
    }
    default:
      return null;
  }
}

// ── Connect (decision "money for care") ────────────────────────────────────────────────────────

/** The account as we keep it: what it can do and what Stripe still needs. */
export function connectedAccountState(account: Stripe.Account): ConnectedAccountState {
  const requirements = account.requirements;
  return {
    accountId: account.id,
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
    requirementsDue: [
      ...new Set([...(requirements?.past_due ?? []), ...(requirements?.currently_due ?? [])]),
    ],
  };
}

function chargeStatus(status: string): InvoiceChargeStatus {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'processing') return 'processing';
  if (status === 'canceled') return 'failed';
  return 'requires_payment';
}

const secretOwner = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

function createStripeConnect(client: StripeClient): ConnectProvider {
  return {
    async createConnectedAccount({ userId, email }) {
      // The carer is the merchant: Stripe collects what it needs, the carer pays Stripe's fees and
      // Stripe (not CareMatch) carries losses, with the full Stripe dashboard (a Standard account).
      const account = await client.accounts.create(
        {
          country: 'GB',
          email,
          controller: {
            fees: { payer: 'account' },
            losses: { payments: 'stripe' },
            requirement_collection: 'stripe',
            stripe_dashboard: { type: 'full' },
          },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { userId },
        },
        { idempotencyKey: `connect-account-${userId}` },
      );
      return { accountId: account.id };
    },

    async onboardingLink({ accountId, refreshUrl, returnUrl }) {
      const link = await client.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        refresh_url: refreshUrl,
        return_url: returnUrl,
      });
      return link.url;
    },

    async chargeInvoice({ attemptId, invoiceId, accountId, amountPence, feePence, description, offSession }) {
      const onAccount = { stripeAccount: accountId };
      const common = {
        amount: amountPence,
        currency: 'gbp',
        ...(feePence > 0 ? { application_fee_amount: feePence } : {}),
        description,
        metadata: { attemptId, invoiceId },
      };
      if (!offSession) {
        const intent = await client.paymentIntents.create(
          { ...common, automatic_payment_methods: { enabled: true } },
          { ...onAccount, idempotencyKey: `care-invoice-${attemptId}` },
        );
        if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
        return {
          providerReference: intent.id,
          clientSecret: intent.client_secret,
          status: 'requires_payment',
        };
      }
      // A direct charge needs the card on the carer's account: the platform's saved card is
      // shared there (a copy for this attempt), then charged without the family present.
      const shared = await client.paymentMethods.create(
        { customer: offSession.customerId, payment_method: offSession.paymentMethodId },
        { ...onAccount, idempotencyKey: `care-card-${attemptId}` },
      );
      try {
        const intent = (await client.paymentIntents.create(
          {
            ...common,
            payment_method: shared.id,
            allowed_payment_method_types: ['card'],
            off_session: true,
            confirm: true,
          },
          { ...onAccount, idempotencyKey: `care-invoice-${attemptId}` },
        )) as { id: string; client_secret: string | null; status?: string };
        if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
        return {
          providerReference: intent.id,
          clientSecret: intent.client_secret,
          status: chargeStatus(intent.status ?? 'requires_payment_method'),
        };
      } catch (error) {
        // The bank wants the family (authentication) or declined: the PaymentIntent stays, to be
        // finished on the pay page with the same client secret.
        const raw = error as {
          type?: string;
          code?: string;
          message?: string;
          raw?: { payment_intent?: Stripe.PaymentIntent };
        };
        const intent = raw.raw?.payment_intent;
        if (raw.type !== 'StripeCardError' || !intent?.client_secret) throw error;
        return {
          providerReference: intent.id,
          clientSecret: intent.client_secret,
          status: 'requires_payment',
          failure: {
            code: raw.code ?? 'card_declined',
            message: raw.message ?? SUBSCRIPTION_MESSAGES.paymentFailed,
          },
        };
      }
    },

    async startCardSetup({ userId, customerId }) {
      if (!customerId) throw new Error('saving a card needs a Stripe customer');
      const setup = await client.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
        metadata: { userId },
      });
      if (!setup.client_secret) throw new Error(`SetupIntent ${setup.id} has no client secret`);
      return { clientSecret: setup.client_secret };
    },

    async finishedCardSetup({ clientSecret, customerId }) {
      const id = secretOwner(clientSecret);
      if (!customerId || !/^seti_[A-Za-z0-9]+$/.test(id)) return null;
      const setup = await client.setupIntents.retrieve(id, { expand: ['payment_method'] });
      const customer = typeof setup.customer === 'string' ? setup.customer : setup.customer?.id;
      // The secret must be this customer's own setup (secrets are not proof of ownership alone).
      if (setup.client_secret !== clientSecret || customer !== customerId || setup.status !== 'succeeded')
        return null;
      const method = setup.payment_method;
      if (!method || typeof method === 'string') return null;
      return {
        paymentMethodId: method.id,
        brand: method.card?.brand ?? 'card',
        last4: method.card?.last4 ?? '',
      };
    },
  };
}

/**
 * A Connect event (one from a connected account, which names it) in our terms; null for events we
 * do not act on.
 */
export function translateConnectEvent(event: Stripe.Event): CarePaymentEventEnvelope | null {
  const accountId = event.account;
  if (!accountId) return null;
  const envelope = (inner: CarePaymentEventEnvelope['event']): CarePaymentEventEnvelope => ({
    provider: 'stripe',
    eventId: event.id,
    occurredAt: new Date(event.created * 1000),
    accountId,
    event: inner,
  });
  const attemptOf = (metadata: Stripe.Metadata | null | undefined) =>
    typeof metadata?.attemptId === 'string' ? metadata.attemptId : undefined;
  switch (event.type) {
    case 'account.updated':
      return envelope({ type: 'account.updated', state: connectedAccountState(event.data.object) });
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return envelope({
        type: 'charge.succeeded',
        paymentRef: intent.id,
        attemptId: attemptOf(intent.metadata),
        amountPence: intent.amount_received,
      });
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return envelope({
        type: 'charge.failed',
        paymentRef: intent.id,
        attemptId: attemptOf(intent.metadata),
        code: intent.last_payment_error?.code,
        message: intent.last_payment_error?.message ?? SUBSCRIPTION_MESSAGES.paymentFailed,
      });
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentRef = idOf(charge.payment_intent);
      if (!paymentRef) return null;
      return envelope({ type: 'charge.refunded', paymentRef, refundedPence: charge.amount_refunded });
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const paymentRef = idOf(dispute.payment_intent);
      if (!paymentRef) return null;
      return envelope({
        type: event.type === 'charge.dispute.created' ? 'dispute.opened' : 'dispute.closed',
        disputeRef: dispute.id,
        paymentRef,
        amountPence: dispute.amount,
        reason: dispute.reason,
        status: dispute.status,
      });
    }
    case 'payout.paid':
    case 'payout.failed': {
      const payout = event.data.object;
      return envelope({
        type: event.type,
        payoutRef: payout.id,
        amountPence: payout.amount,
        arrivalDate: new Date(payout.arrival_date * 1000),
        message: payout.failure_message ?? undefined,
      });
    }
    default:
      return null;
  }
}
