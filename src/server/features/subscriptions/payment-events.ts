import type { FastifyBaseLogger } from 'fastify';
import type { PaymentPlan } from '@contracts/subscriptions';
import type { Database } from '../../db/client';
import type { BillingSubscriptionRow, PaymentRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mailer';
import type {
  PaymentEvent,
  PaymentEventEnvelope,
  PaymentProvider,
} from '../../platform/payments/payment-provider';
import { laterOf } from '../../platform/calendar';
import { PLAN_FOR_PURPOSE, PLAN_TERMS } from './plans';
import { expiryIfPaid, purchaseRefusal } from './purchase-rules';
import { outsideRefundEmail, receiptEmail, refundEmail } from './receipts';
import { takeBackAccess } from './refund-takeback';
import { createAuditRecorder } from '../audit';
import { createSubscriptionsRepository, type SubscriptionsRepository } from './subscriptions.repository';

/*
 * The one place where payments become access (docs/decisions/0006-payments.md). Stripe webhooks,
 * demo confirmations and demo renewals all arrive here as normalised events. Each event runs in
 * one transaction that:
 * 1. records (provider, event id) in payment_events: a redelivered event stops here;
 * 2. moves a payment to succeeded with `UPDATE … WHERE status <> 'succeeded' RETURNING`, so only one
 *    delivery, whatever the order, sees the transition and grants access;
 * 3. computes the new expiry under a lock on the account: one-time plans add their months to the
 *    later of now and the current expiry; recurring plans take the later of the current expiry and
 *    the invoice's period end (so replays and shuffles converge on the same answer);
 * 4. queues the receipt email in the same transaction.
 * Failures never downgrade a succeeded payment, and an older subscription change never overwrites
 * a newer one.
 *
 * Before a payment that starts a plan becomes access, the purchase rules (purchase-rules.ts) are
 * checked on the account row locked FOR UPDATE, so confirmations of several plans at once queue
 * there and at most one plan results (docs/decisions/0018-one-plan-at-a-time.md). A refused
 * payment that the provider has already taken is refunded through the provider and recorded as
 * refunded; the demo card form instead asks for `refusal: 'reject'` and answers 409 before
 * anything counts as charged.
 *
 * Money given back outside our own refunds (a refund made at the provider, a lost chargeback)
 * takes back what the payment bought (decision 0029, point 8): the row is recorded as refunded
 * with the amount, and on its move from succeeded the access or listing it bought ends, as a
 * cooling-off refund ends it (`takeBackAccess`), with an email and an audit entry. A refund we made
 * ourselves comes back as an event too: it is recorded already, so nothing changes.
 */

export interface PaymentEventResult {
  /** False when the event had been applied before (a redelivery): nothing changed. */
  applied: boolean;
}

export interface ApplyOptions {
  /**
   * What a payment the purchase rules refuse becomes: 'refund' (the default; the provider took the
   * money, so it is given back) or 'reject' (nothing was charged yet: a 409 with the rule's
   * message, and the transaction changes nothing).
   */
  refusal?: 'refund' | 'reject';
}

interface Outcome {
  emails: number;
}

export function createPaymentEventHandler({
  db,
  provider,
  mailer,
  log,
  now = () => new Date(),
}: {
  db: Database;
  /** The provider that refunds a payment the purchase rules refused after it was taken. */
  provider: PaymentProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  /**
   * The purchase rules for a payment that would start a plan, on the account locked for the rest
   * of the transaction; undefined when it may become access. The lock comes before the payment's
   * own update in every path, so the order of locks is always account, then payment.
   */
  async function refusalOf(
    repository: SubscriptionsRepository,
    payment: PaymentRow,
    at: Date,
    ownSubscriptionId?: string,
  ): Promise<string | undefined> {
    if (!payment.userId || payment.status === 'succeeded' || payment.status === 'refunded') return undefined;
    const user = await repository.lockUser(payment.userId);
    if (!user) return undefined;
    return purchaseRefusal(repository, user, payment.plan as PaymentPlan, at, ownSubscriptionId);
  }

  /**
   * A payment the rules refused: rejected before any charge, or (the provider took the money)
   * recorded as refunded, given back through the provider, the subscription it started ended, and
   * the person told by email. A failing provider call rolls the transaction back, and the
   * provider's redelivery of the event tries again (the refund's idempotency key is fixed).
   */
  async function refuse(
    repository: SubscriptionsRepository,
    payment: PaymentRow,
    message: string,
    options: ApplyOptions,
    at: Date,
    subscription?: BillingSubscriptionRow,
  ): Promise<Outcome> {
    if (options.refusal === 'reject') throw AppError.conflict(message);
    const refunded = await repository.markRefunded(payment.id, message, at);
    if (!refunded?.userId) return { emails: 0 };
    if (subscription) {
      await repository.updateBillingSubscription(subscription.id, {
        status: 'canceled',
        cancelAtPeriodEnd: false,
        lastEventAt: laterOf(subscription.lastEventAt, at),
      });
    }
    await provider.refundRefused({
      paymentId: refunded.id,
      paymentRef: refunded.providerReference ?? '',
      subscriptionRef: subscription?.providerSubscriptionId ?? null,
    });
    log.warn(
      { payment: refunded.id, plan: refunded.plan, reason: message },
      'payment refused by the purchase rules after it was taken: refunded',
    );
    const user = await repository.lockUser(refunded.userId);
    if (!user) return { emails: 0 };
    await repository.queueEmail(refundEmail(user, refunded, at));
    return { emails: 1 };
  }

  /** Our payments row for a provider reference, linking it first if the event beat the provider's answer. */
  async function findPayment(
    repository: SubscriptionsRepository,
    provider: string,
    reference: string,
    paymentId: string | undefined,
  ): Promise<PaymentRow | undefined> {
    const found = await repository.findPaymentByReference(provider, reference);
    if (found || !paymentId) return found;
    return repository.claimReference(paymentId, provider, reference);
  }

  /** 3-Month Access and Annual: months added to the later of now and the current expiry. */
  async function grantOneTimePlan(repository: SubscriptionsRepository, payment: PaymentRow, at: Date) {
    const terms = PLAN_TERMS[payment.plan as PaymentPlan];
    if (!payment.userId || terms.purpose !== null) return 0;
    const user = await repository.lockUser(payment.userId);
    if (!user) return 0;
    const expiresAt = expiryIfPaid(user, payment.plan as 'three_month' | 'annual', at);
    await repository.setAccess(
      user.id,
      {
        subscriptionStatus: 'active',
        subscriptionType: payment.plan as 'three_month' | 'annual',
        subscriptionExpiresAt: expiresAt,
      },
      at,
    );
    await repository.setPaymentPeriodEnd(payment.id, expiresAt);
    await repository.queueEmail(receiptEmail(user, payment, at, expiresAt));
    return 1;
  }

  /** A paid invoice of a recurring plan: access (or the listing) runs at least to its period end. */
  async function grantPeriod(
    repository: SubscriptionsRepository,
    subscription: BillingSubscriptionRow,
    payment: PaymentRow,
    periodEnd: Date,
    at: Date,
  ) {
    if (!subscription.userId) return 0;
    const user = await repository.lockUser(subscription.userId);
    if (!user) return 0;
    let until: Date;
    if (subscription.purpose === 'customer_monthly') {
      // Days no-reply protection added run on past every period (decision 0029, point 9).
      const shiftDays = await repository.noReplyDaysOf(subscription.id);
      until = laterOf(user.subscriptionExpiresAt, new Date(periodEnd.getTime() + shiftDays * 86_400_000));
      await repository.setAccess(
        user.id,
        { subscriptionStatus: 'active', subscriptionType: 'monthly', subscriptionExpiresAt: until },
        at,
      );
    } else {
      await repository.extendListing(user.id, periodEnd);
      const profile = await repository.findCarerProfile(user.id);
      until = laterOf(profile?.listedUntil, periodEnd);
    }
    await repository.queueEmail(receiptEmail(user, payment, at, until));
    return 1;
  }

  /**
   * Whether a subscription change dated `occurredAt` may set `status`: not over a newer change,
   * never out of 'canceled' (final), and never back to 'incomplete' (Stripe never goes back there;
   * events of the same second arrive in any order).
   */
  function mayChangeStatus(subscription: BillingSubscriptionRow, status: string, occurredAt: Date) {
    if (subscription.status === 'canceled') return false;
    if (status === 'incomplete' && subscription.status !== 'incomplete') return false;
    return !subscription.lastEventAt || occurredAt >= subscription.lastEventAt;
  }

  async function subscriptionFor(
    repository: SubscriptionsRepository,
    provider: string,
    event: Extract<PaymentEvent, { type: 'invoice.paid' | 'invoice.failed' }>,
    payment: PaymentRow | undefined,
  ): Promise<BillingSubscriptionRow | undefined> {
    const found = await repository.lockBillingSubscription(provider, event.subscriptionRef);
    if (found) return found;
    // The webhook came before the provider's answer to our create call was stored: the payment
    // that started the subscription says whose it is.
    const origin =
      payment ?? (event.paymentId ? await repository.findPaymentById(event.paymentId) : undefined);
    const purpose = origin ? PLAN_TERMS[origin.plan as PaymentPlan]?.purpose : undefined;
    if (!origin?.userId || !purpose || origin.provider !== provider) return undefined;
    await repository.insertBillingSubscription({
      userId: origin.userId,
      purpose,
      provider,
      providerSubscriptionId: event.subscriptionRef,
      status: 'incomplete',
    });
    return repository.lockBillingSubscription(provider, event.subscriptionRef);
  }

  /** A refund made outside CareMatch (see the comment at the top of this file). */
  async function takeBackRefunded(
    repository: SubscriptionsRepository,
    event: Extract<PaymentEvent, { type: 'payment.refunded' }>,
    found: PaymentRow,
    at: Date,
  ): Promise<Outcome> {
    // Account, then payment: the order every other path locks them in (our own refunds too).
    const user = found.userId ? await repository.lockUser(found.userId) : undefined;
    const payment = await repository.lockPayment(found.id);
    if (!payment) return { emails: 0 };
    const before = payment.status === 'refunded' ? (payment.refundedPence ?? payment.amountPence) : 0;
    const total = Math.min(
      payment.amountPence,
      event.via === 'dispute' ? before + event.amountPence : event.amountPence,
    );
    const refunded = await repository.markRefundedOutside(payment.id, total, at);
    if (!refunded || !user) return { emails: 0 };
    // Only the move from succeeded ends what it bought; a larger refund later records the amount.
    const taken =
      payment.status === 'succeeded' ? await takeBackAccess(repository, user, payment, at) : undefined;
    const membership = payment.plan === 'carer_membership';
    await createAuditRecorder(repository.executor).record({
      actorId: null,
      action: 'payment.refunded',
      entityType: 'subscription',
      entityId: user.id,
      before: {
        status: payment.status,
        refundedPence: payment.status === 'refunded' ? before : null,
        [membership ? 'listedUntil' : 'subscriptionExpiresAt']: taken?.before?.toISOString() ?? null,
      },
      after: {
        status: 'refunded',
        plan: payment.plan,
        paymentId: payment.id,
        refundedPence: total,
        givenBackBy: event.via === 'dispute' ? 'card dispute lost' : 'refund at the payment provider',
        [membership ? 'listedUntil' : 'subscriptionExpiresAt']: taken?.after?.toISOString() ?? null,
      },
    });
    await repository.queueEmail(
      outsideRefundEmail(
        user,
        refunded,
        total,
        event.via,
        taken?.stillRuns && taken.after ? { until: taken.after } : null,
        at,
      ),
    );
    log.warn(
      { payment: payment.id, plan: payment.plan, refundedPence: total, via: event.via },
      'payment given back outside CareMatch: what it bought has ended',
    );
    return { emails: 1 };
  }

  async function applyInTransaction(
    repository: SubscriptionsRepository,
    { provider, occurredAt, event }: PaymentEventEnvelope,
    options: ApplyOptions,
  ): Promise<Outcome> {
    const at = now();
    switch (event.type) {
      case 'payment.succeeded': {
        const payment = await findPayment(repository, provider, event.paymentRef, event.paymentId);
        if (!payment) return { emails: 0 };
        const refusal = await refusalOf(repository, payment, at);
        if (refusal) return refuse(repository, payment, refusal, options, at);
        const paid = await repository.markSucceeded(payment.id, at);
        if (!paid) return { emails: 0 };
        return { emails: await grantOneTimePlan(repository, paid, at) };
      }
      case 'payment.failed': {
        const payment = await findPayment(repository, provider, event.paymentRef, event.paymentId);
        if (payment) await repository.markFailed(payment.id, event.message, at);
        return { emails: 0 };
      }
      case 'invoice.paid': {
        let payment = await findPayment(repository, provider, event.invoiceRef, undefined);
        // The first invoice's row exists from the start, perhaps without its reference yet.
        if (!payment && event.paymentId) {
          const origin = await repository.findPaymentById(event.paymentId);
          if (origin && origin.providerReference === null) {
            payment = await findPayment(repository, provider, event.invoiceRef, event.paymentId);
          }
        }
        const subscription = await subscriptionFor(repository, provider, event, payment);
        if (!subscription) {
          log.warn(
            { subscription: event.subscriptionRef },
            'invoice paid for an unknown subscription: ignored',
          );
          return { emails: 0 };
        }
        // A renewal: the provider charged the saved card; this row records it.
        payment ??=
          (await repository.insertPayment({
            userId: subscription.userId,
            provider,
            providerReference: event.invoiceRef,
            plan: PLAN_FOR_PURPOSE[subscription.purpose],
            amountPence: event.amountPence,
            status: 'pending',
            billingSubscriptionId: subscription.id,
            providerSubscriptionId: event.subscriptionRef,
            createdAt: at,
          })) ?? (await repository.findPaymentByReference(provider, event.invoiceRef));
        if (!payment) return { emails: 0 };
        // The first paid invoice starts the plan, so the purchase rules apply to it; renewals of a
        // plan already running do not.
        if (subscription.currentPeriodEnd === null) {
          const refusal = await refusalOf(repository, payment, at, subscription.id);
          if (refusal) return refuse(repository, payment, refusal, options, at, subscription);
        }
        const paid = await repository.markSucceeded(payment.id, at, event.periodEnd);
        if (!paid) return { emails: 0 };
        await repository.updateBillingSubscription(subscription.id, {
          currentPeriodEnd: laterOf(subscription.currentPeriodEnd, event.periodEnd),
          ...(mayChangeStatus(subscription, 'active', occurredAt)
            ? { status: 'active', lastEventAt: occurredAt }
            : {}),
        });
        return { emails: await grantPeriod(repository, subscription, paid, event.periodEnd, at) };
      }
      case 'invoice.failed': {
        const payment = await findPayment(repository, provider, event.invoiceRef, undefined);
        if (payment) {
          await repository.markFailed(payment.id, event.message, at);
          return { emails: 0 };
        }
        const subscription = await subscriptionFor(repository, provider, event, undefined);
        if (!subscription) return { emails: 0 };
        // A failed renewal is recorded too: the history shows every attempt.
        const inserted = await repository.insertPayment({
          userId: subscription.userId,
          provider,
          providerReference: event.invoiceRef,
          plan: PLAN_FOR_PURPOSE[subscription.purpose],
          amountPence: Math.max(1, event.amountPence),
          status: 'failed',
          failureMessage: event.message,
          billingSubscriptionId: subscription.id,
          providerSubscriptionId: event.subscriptionRef,
          createdAt: at,
        });
        if (!inserted) {
          const existing = await repository.findPaymentByReference(provider, event.invoiceRef);
          if (existing) await repository.markFailed(existing.id, event.message, at);
        }
        return { emails: 0 };
      }
      case 'subscription.updated': {
        const subscription = await repository.lockBillingSubscription(provider, event.subscriptionRef);
        if (!subscription || !mayChangeStatus(subscription, event.status, occurredAt)) return { emails: 0 };
        await repository.updateBillingSubscription(subscription.id, {
          status: event.status,
          cancelAtPeriodEnd: event.cancelAtPeriodEnd,
          lastEventAt: occurredAt,
        });
        return { emails: 0 };
      }
      case 'payment.refunded': {
        const payment = await repository.findPaymentByReference(provider, event.paymentRef);
        if (!payment) {
          log.warn({ reference: event.paymentRef }, 'refund of a payment we do not know: ignored');
          return { emails: 0 };
        }
        return takeBackRefunded(repository, event, payment, at);
      }
      case 'subscription.deleted': {
        // Final. Access already paid for runs to its end: nothing else changes.
        const subscription = await repository.lockBillingSubscription(provider, event.subscriptionRef);
        if (!subscription) return { emails: 0 };
        await repository.updateBillingSubscription(subscription.id, {
          status: 'canceled',
          cancelAtPeriodEnd: false,
          lastEventAt: laterOf(subscription.lastEventAt, occurredAt),
        });
        return { emails: 0 };
      }
    }
  }

  return {
    /** Applies one provider event exactly once (see the comment at the top of this file). */
    async applyPaymentEvent(
      envelope: PaymentEventEnvelope,
      options: ApplyOptions = {},
    ): Promise<PaymentEventResult> {
      // A refunded charge names its PaymentIntent; a subscription's invoice row is found by the
      // invoice it paid (asked of the provider before the transaction: no call while it holds locks).
      const { event } = envelope;
      if (
        event.type === 'payment.refunded' &&
        !(await createSubscriptionsRepository(db).findPaymentByReference(envelope.provider, event.paymentRef))
      ) {
        const invoiceRef = await provider.invoiceOfPayment(event.paymentRef);
        if (invoiceRef) envelope = { ...envelope, event: { ...event, paymentRef: invoiceRef } };
      }
      const outcome = await db.transaction(async (tx) => {
        const repository = createSubscriptionsRepository(tx);
        const fresh = await repository.recordEvent(envelope.provider, envelope.eventId, envelope.event.type);
        if (!fresh) return undefined;
        return applyInTransaction(repository, envelope, options);
      });
      if (outcome && outcome.emails > 0) mailer.dispatchSoon();
      return { applied: outcome !== undefined };
    },
  };
}
export type PaymentEventHandler = ReturnType<typeof createPaymentEventHandler>;
