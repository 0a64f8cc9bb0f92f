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
