import type { PaymentPlan, PaymentProviderName } from '@contracts/subscriptions';

// The payment provider behind the plans (docs/decisions/0006-payments.md): Stripe when its keys
// are set, otherwise the demo provider, which charges nothing. Features see only this interface
// and the normalised events below; neither knows which provider is behind it.

/** What a recurring plan is for: a family's Monthly plan or a carer's membership. */
export type BillingPurpose = 'customer_monthly' | 'carer_membership';

/** The person paying, as the provider needs them. */
export interface PaymentCustomer {
  userId: string;
  email: string;
  name: string;
  /** Stripe's Customer for this account, when one was created before. */
  stripeCustomerId: string | null;
}

export interface OneTimePaymentRequest {
  /** Our payments row: the provider's idempotency keys are made from it. */
  paymentId: string;
  plan: PaymentPlan;
  amountPence: number;
  description: string;
  /** The provider's customer id (from `ensureCustomer`), or null for the demo provider. */
  customerId: string | null;
  userId: string;
}

export interface StartedOneTimePayment {
  /** The PaymentIntent (or the demo's own id) the payments row refers to. */
  providerReference: string;
  clientSecret: string;
}

export interface SubscriptionRequest {
  paymentId: string;
  purpose: BillingPurpose;
  productName: string;
  amountPence: number;
  customerId: string | null;
  userId: string;
}

export interface StartedSubscription {
  providerSubscriptionId: string;
  /** The first invoice: what the payments row of the first month refers to. */
  providerInvoiceId: string;
  clientSecret: string;
  /** The provider's status of the new subscription ('incomplete' until the first invoice is paid). */
  status: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Stripe's publishable key for the payment form; null with the demo provider. */
  readonly publishableKey: string | null;
  /** The provider's customer for this person (created once); null when the provider has none. */
  ensureCustomer(customer: PaymentCustomer): Promise<string | null>;
  /** A one-time payment: 3-Month Access, Annual. */
  startOneTimePayment(request: OneTimePaymentRequest): Promise<StartedOneTimePayment>;
  /** A monthly subscription whose first invoice the payment form pays. */
  startSubscription(request: SubscriptionRequest): Promise<StartedSubscription>;
  /** Stops renewals; the paid period runs to its end. */
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void>;
  /**
   * Gives back a payment the provider took but the purchase rules refused (a plan was already
   * active when it went through), and ends at once the subscription it would have started. Safe
   * to repeat: every call for one payment carries the same idempotency keys.
   */
  refundRefused(request: RefundRequest): Promise<void>;
  /**
   * Gives back part (or all) of a paid one-time payment: a plan cancelled in its cooling-off
   * period. Safe to repeat for one payment (fixed idempotency key). Answers the refund's id.
   */
  refund(request: PartialRefundRequest): Promise<{ refundReference: string }>;
  /**
   * The invoice a provider's payment paid (a Stripe PaymentIntent paying a subscription invoice),
   * so a refund of it is found among our rows; null when it paid none (one-time plans, the demo).
   */
  invoiceOfPayment(paymentRef: string): Promise<string | null>;
  /** Card payments of carers' invoices through their connected accounts (Stripe Connect). */
  readonly connect: ConnectProvider;
}

export interface PartialRefundRequest {
  /** Our payments row. */
  paymentId: string;
  /** The PaymentIntent (or the demo's own id) that was paid. */
  paymentRef: string;
  amountPence: number;
}

export interface RefundRequest {
  /** Our payments row. */
  paymentId: string;
  /** What the payments row refers to: the PaymentIntent, or the subscription's first invoice. */
  paymentRef: string;
  /** The subscription the payment would have started; null for a one-time plan. */
  subscriptionRef: string | null;
}

/**
 * One provider event in our own terms. Stripe's webhooks and the demo provider's confirmations and
 * renewals are all translated into these and applied by one function (`applyPaymentEvent`).
 */
export type PaymentEvent =
  | {
      type: 'payment.succeeded';
      /** The PaymentIntent (or demo payment) that succeeded. */
      paymentRef: string;
      /** Our payments row id, when the provider carries it (PaymentIntent metadata). */
      paymentId: string | undefined;
    }
  | { type: 'payment.failed'; paymentRef: string; paymentId: string | undefined; message: string }
  | {
      type: 'invoice.paid';
      subscriptionRef: string;
      invoiceRef: string;
      /** The payments row that started the subscription (subscription metadata). */
      paymentId: string | undefined;
      amountPence: number;
      /** The end of the period this invoice paid for. */
      periodEnd: Date;
    }
  | {
      type: 'invoice.failed';
      subscriptionRef: string;
      invoiceRef: string;
      paymentId: string | undefined;
      amountPence: number;
      message: string;
    }
  | {
      type: 'subscription.updated';
      subscriptionRef: string;
      status: string;
      cancelAtPeriodEnd: boolean;
    }
  | { type: 'subscription.deleted'; subscriptionRef: string }
  | {
      /**
       * Money given back outside CareMatch's own refunds: a refund made at the provider (its
       * dashboard, an admin there), or a chargeback the card's bank decided against us.
       */
      type: 'payment.refunded';
      /** The PaymentIntent the refunded charge belonged to (the handler finds its invoice, if any). */
      paymentRef: string;
      /**
       * 'refund': all refunded of the charge so far (Stripe's `amount_refunded`, cumulative);
       * 'dispute': the amount a lost dispute took back, on top of any refund.
       */
      amountPence: number;
      via: 'refund' | 'dispute';
    };

export interface PaymentEventEnvelope {
  provider: PaymentProviderName;
  /** Unique per provider: a redelivered event is recognised by it and changes nothing. */
  eventId: string;
  /** When the provider says it happened: an older change never overwrites a newer one. */
  occurredAt: Date;
  event: PaymentEvent;
}

// ── Paying carers by card (Stripe Connect; decision "money for care") ─────────────────────────
//
// The carer is the seller: each invoice is a direct charge on the carer's connected account, with
// the platform's fee taken as an application fee. The platform never holds the money.

/** A connected account as the provider last described it. */
export interface ConnectedAccountState {
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** What the provider still needs (currently or past due); empty when nothing. */
  requirementsDue: string[];
}

export type ConnectedAccountStatus = 'needs_details' | 'pending' | 'ready';

/** Needs details while anything is due; ready once it can take cards and pay out; pending between. */
export function connectedAccountStatus(
  state: Omit<ConnectedAccountState, 'accountId'>,
): ConnectedAccountStatus {
  if (state.chargesEnabled && state.payoutsEnabled) return 'ready';
  if (!state.detailsSubmitted || state.requirementsDue.length > 0) return 'needs_details';
  return 'pending';
}

export interface InvoiceChargeRequest {
  /** Our attempt row: the idempotency key is made from it, so one attempt is one PaymentIntent. */
  attemptId: string;
  invoiceId: string;
  /** The carer's connected account the charge is made on. */
  accountId: string;
  amountPence: number;
  /** The platform's application fee (0: none). */
  feePence: number;
  description: string;
  /**
   * Charge this saved card now without the family present. The card is the platform customer's;
   * the provider shares it to the connected account first.
   */
  offSession?: { customerId: string; paymentMethodId: string };
}

export type InvoiceChargeStatus = 'requires_payment' | 'processing' | 'succeeded' | 'failed';

export interface StartedInvoiceCharge {
  /** The PaymentIntent on the connected account (or the demo's own id). */
  providerReference: string;
  /** What the Payment Element confirms with. */
  clientSecret: string;
  status: InvoiceChargeStatus;
  /** Off-session: the bank asked for authentication ('authentication_required') or declined. */
  failure?: { code: string; message: string };
}

export interface SavedCard {
  paymentMethodId: string;
  brand: string;
  last4: string;
}

export interface ConnectProvider {
  /** The carer's connected account, created once (fixed idempotency key per carer). */
  createConnectedAccount(request: { userId: string; email: string }): Promise<{ accountId: string }>;
  /** A single-use address of the provider's hosted onboarding (demo: this site's demo page). */
  onboardingLink(request: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<string>;
  /** A direct charge of an invoice on the carer's account, with the application fee. */
  chargeInvoice(request: InvoiceChargeRequest): Promise<StartedInvoiceCharge>;
  /** Saving a card on the platform's customer for later invoices: the setup's client secret. */
  startCardSetup(request: { userId: string; customerId: string | null }): Promise<{ clientSecret: string }>;
  /** The card a finished setup saved, checked to be this customer's; null while unfinished. */
  finishedCardSetup(request: { clientSecret: string; customerId: string | null }): Promise<SavedCard | null>;
}

/** A provider event about money for care, in our own terms (Connect events carry the account). */
export type CarePaymentEvent =
  | { type: 'account.updated'; state: ConnectedAccountState }
  | { type: 'charge.succeeded'; paymentRef: string; attemptId: string | undefined; amountPence: number }
  | {
      type: 'charge.failed';
      paymentRef: string;
      attemptId: string | undefined;
      code: string | undefined;
      message: string;
    }
  /** Cumulative: all refunded of the charge so far. */
  | { type: 'charge.refunded'; paymentRef: string; refundedPence: number }
  | {
      type: 'dispute.opened' | 'dispute.closed';
      disputeRef: string;
      paymentRef: string;
      amountPence: number;
      reason: string;
      /** The provider's status: needs_response, under_review, won, lost… */
      status: string;
    }
  | {
      type: 'payout.paid' | 'payout.failed';
      payoutRef: string;
      amountPence: number;
      arrivalDate: Date;
      message: string | undefined;
    };

export interface CarePaymentEventEnvelope {
  provider: PaymentProviderName;
  eventId: string;
  occurredAt: Date;
  /** The connected account the event happened on. */
  accountId: string;
  event: CarePaymentEvent;
}
