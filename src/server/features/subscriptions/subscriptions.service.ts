import { randomUUID } from 'node:crypto';
import {
  SUBSCRIPTION_MESSAGES,
  type CreateSubscriptionResponse,
  type DemoCardInput,
  type ExtendInput,
  type PlanOption,
  type SubscriptionPlans,
  type DemoConfirmResponse,
  type PaymentHistory,
  type PaymentHistoryItem,
  type PaymentPlan,
  type PaymentStatus,
  type PaymentsConfig,
  type SubscribeInput,
  type SubscribeResponse,
  type SubscriptionStatus,
} from '@contracts/subscriptions';
import { FAMILY_PLAN_TYPES, type SubscriptionType } from '@contracts/pricing';
import type { PaymentRow, UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { checkDemoCard, type DemoProvider } from '../../platform/payments/demo-provider';
import type { PaymentEventEnvelope, PaymentProvider } from '../../platform/payments/payment-provider';
import { addCalendarMonths } from '../../platform/calendar';
import { COOLING_OFF_MS, coolingOffRefund } from './cooling-off';
import type { PaymentEventHandler } from './payment-events';
import type { PaymentStarter } from './payment-starter';
import { PLAN_TERMS } from './plans';
import { expiryIfPaid, purchaseRefusal } from './purchase-rules';
import { hasActiveSubscription } from './subscription-access';
import type { SubscriptionsRepository } from './subscriptions.repository';
import { assertEmailConfirmed } from '../auth';

export function toPaymentHistoryItem(row: PaymentRow): PaymentHistoryItem {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    plan: row.plan as PaymentPlan,
    amountPence: row.amountPence,
    status: row.status as PaymentStatus,
    refundedPence: row.refundedPence,
  };
}

/** How many due demo subscriptions one housekeeping round handles. */
const RENEWAL_BATCH = 100;

interface SubscriptionsServiceDeps {
  repository: SubscriptionsRepository;
  provider: PaymentProvider;
  /** Present in demo mode only: the card form's confirm call. */
  demo: DemoProvider | undefined;
  starter: PaymentStarter;
  events: PaymentEventHandler;
  now?: () => Date;
}

export function createSubscriptionsService({
  repository,
  provider,
  demo,
  starter,
  events,
  now = () => new Date(),
}: SubscriptionsServiceDeps) {
  function requireCustomer(user: UserRow) {
    if (user.role !== 'customer') throw AppError.forbidden(SUBSCRIPTION_MESSAGES.onlyCustomers);
  }

  /**
   * The purchase rules (purchase-rules.ts) before a payment starts: a quick answer on the session's
   * copy of the account. The binding check runs again at confirmation, on the locked account row.
   */
  async function checkCanBuy(user: UserRow, type: SubscriptionType, starting?: { extend: boolean }) {
    requireCustomer(user);
    // Paying needs a proved address (decision 0019): receipts and the account must reach its owner.
    assertEmailConfirmed(user);
    const at = now();
    const refusal = await purchaseRefusal(repository, user, type, at);
    if (refusal) throw AppError.conflict(refusal);
    // Paying for more time while access runs is the person's explicit choice (decision 0027),
    // made on a screen that showed the new end date, never a checkout that opened by itself.
    if (starting && !starting.extend && hasActiveSubscription(user, at)) {
      throw AppError.conflict(SUBSCRIPTION_MESSAGES.extendRequired);
    }
  }

  async function status(user: UserRow): Promise<SubscriptionStatus> {
    const at = now();
    const active = hasActiveSubscription(user, at);
    const monthly =
      active && user.subscriptionType === 'monthly'
        ? await repository.findLiveBillingSubscription(user.id, 'customer_monthly')
        : undefined;
    // A one-time plan in its cooling-off period: what cancelling it now would give back.
    const refundable =
      active && !monthly
        ? await repository.refundablePayment(user.id, new Date(at.getTime() - COOLING_OFF_MS), {
            lock: false,
          })
        : undefined;
    const refund = refundable ? coolingOffRefund(refundable, at) : undefined;
    return {
      hasActiveSubscription: active,
      subscriptionType: user.subscriptionType,
      expiresAt: user.subscriptionExpiresAt?.toISOString() ?? null,
      renews: monthly !== undefined && !monthly.cancelAtPeriodEnd,
      nextPaymentAt:
        monthly && !monthly.cancelAtPeriodEnd ? (monthly.currentPeriodEnd?.toISOString() ?? null) : null,
      cancelAtPeriodEnd: monthly?.cancelAtPeriodEnd ?? false,
      refundIfCancelledPence: refund?.refundPence ?? null,
      refundableUntil: refund?.refundableUntil.toISOString() ?? null,
    };
  }

  /** The demo provider's answer, delivered as the same normalised event a Stripe webhook becomes. */
  function demoEvent(
    payment: PaymentRow,
    outcome: { message: string } | null,
    at: Date,
  ): PaymentEventEnvelope {
    const reference = payment.providerReference ?? '';
    const envelope = (eventId: string, event: PaymentEventEnvelope['event']): PaymentEventEnvelope => ({
      provider: 'demo',
      eventId,
      occurredAt: at,
      event,
    });
    if (payment.providerSubscriptionId) {
      const common = {
        subscriptionRef: payment.providerSubscriptionId,
        invoiceRef: reference,
        paymentId: payment.id,
        amountPence: payment.amountPence,
      };
      return outcome
        ? envelope(`demo_evt_${randomUUID()}`, {
            type: 'invoice.failed',
            ...common,
            message: outcome.message,
          })
        : envelope(`demo_evt_paid_${payment.id}`, {
            type: 'invoice.paid',
            ...common,
            periodEnd: addCalendarMonths(at, 1),
          });
    }
    return outcome
      ? envelope(`demo_evt_${randomUUID()}`, {
          type: 'payment.failed',
          paymentRef: reference,
          paymentId: payment.id,
          message: outcome.message,
        })
      : envelope(`demo_evt_paid_${payment.id}`, {
          type: 'payment.succeeded',
          paymentRef: reference,
          paymentId: payment.id,
        });
  }

  return {
    status,

    paymentsConfig(): PaymentsConfig {
      return { provider: provider.name, publishableKey: provider.publishableKey };
    },

    /** POST /api/create-subscription: the checkout page's 3-Month Access. */
    async startThreeMonth(user: UserRow, input: ExtendInput): Promise<CreateSubscriptionResponse> {
      await checkCanBuy(user, 'three_month', { extend: input?.extend === true });
      const { clientSecret } = await starter.start(user, 'three_month');
      return { clientSecret };
    },

    /** POST /api/subscribe: Monthly or Annual. Starts a payment; access follows its confirmation. */
    async subscribe(user: UserRow, input: SubscribeInput): Promise<SubscribeResponse> {
      await checkCanBuy(user, input.type, { extend: input.extend === true });
      const { clientSecret } = await starter.start(user, input.type);
      return { subscriptionType: input.type, clientSecret };
    },

    /**
     * GET /api/subscription/plans: each family plan as this account could buy it now, with the
     * end date paying would give or the rule that refuses it (the same rules as paying).
     */
    async plans(user: UserRow): Promise<SubscriptionPlans> {
      requireCustomer(user);
      const at = now();
      const active = hasActiveSubscription(user, at);
      const plans: PlanOption[] = [];
      for (const type of FAMILY_PLAN_TYPES) {
        const reason = (await purchaseRefusal(repository, user, type, at)) ?? null;
        plans.push({
          type,
          allowed: reason === null,
          expiresAtIfPaid: reason === null ? expiryIfPaid(user, type, at).toISOString() : null,
          extendsAccess: reason === null && active,
          reason,
        });
      }
      return { plans };
    },

    /**
     * "Cancel subscription" (`stop`: subscription-ending.service.ts): a renewing plan stops at the
     * end of its period, a one-time plan in its cooling-off period is refunded. The new status.
     */
    async cancel(user: UserRow, stop: (user: UserRow) => Promise<UserRow>): Promise<SubscriptionStatus> {
      requireCustomer(user);
      return status(await stop(user));
    },

    async history(user: UserRow): Promise<PaymentHistory> {
      return { payments: (await repository.listPaymentHistory(user.id)).map(toPaymentHistoryItem) };
    },

    /**
     * The demo card form (POST /api/payments/demo/confirm). Only the payment's owner may confirm it;
     * the answer goes through `applyPaymentEvent` exactly as a Stripe webhook's does.
     */
    async confirmDemoPayment(user: UserRow, input: DemoCardInput): Promise<DemoConfirmResponse> {
      if (!demo) throw AppError.notFound();
      assertEmailConfirmed(user);
      const paymentId = demo.paymentIdFromClientSecret(input.clientSecret);
      const payment = paymentId ? await repository.findPaymentById(paymentId) : undefined;
      if (
        !payment ||
        payment.userId !== user.id ||
        payment.provider !== 'demo' ||
        !payment.providerReference
      ) {
        throw AppError.notFound(SUBSCRIPTION_MESSAGES.paymentNotFound);
      }
      if (payment.status === 'succeeded') throw AppError.conflict(SUBSCRIPTION_MESSAGES.paymentAlreadyDone);
      if (payment.status !== 'pending' && payment.status !== 'failed') {
        throw AppError.notFound(SUBSCRIPTION_MESSAGES.paymentNotFound);
      }
      // The rules of starting a plan hold at payment time too: a Monthly payment started before an
      // Annual one was paid must not start charging every month on top of it. (A quick answer;
      // applyPaymentEvent checks again under the account's lock.)
      if (payment.plan !== 'carer_membership') await checkCanBuy(user, payment.plan as SubscriptionType);
      const at = now();
      const outcome = checkDemoCard(input, at);
      if (outcome.status === 'declined') {
        await events.applyPaymentEvent(demoEvent(payment, outcome, at));
        throw new AppError(402, outcome.message);
      }
      // Confirming is charging here, so the purchase rules, checked again on the locked account,
      // refuse with a 409 before anything counts as paid; a confirmation of the same payment that
      // lost the race finds the event applied and is told so.
      const { applied } = await events.applyPaymentEvent(demoEvent(payment, null, at), { refusal: 'reject' });
      if (!applied) throw AppError.conflict(SUBSCRIPTION_MESSAGES.paymentAlreadyDone);
      return { status: 'succeeded' };
    },

    /**
     * Demo recurring plans renew by themselves at the end of each period ("charging the saved
     * card": a new succeeded payment through the invoice-paid path), unless cancelled, in which
     * case they end. Event ids are made from the period, so instances running this at once, or a
     * round repeated, renew a period once.
     */
    async renewDemoSubscriptions(): Promise<number> {
      if (!demo) return 0;
      let handled = 0;
      for (let round = 0; round < 12; round += 1) {
        const at = now();
        const due = await repository.dueDemoSubscriptions(at, RENEWAL_BATCH);
        for (const subscription of due) {
          const periodEnd = subscription.currentPeriodEnd!;
          const period = periodEnd.getTime();
          if (subscription.cancelAtPeriodEnd) {
            await events.applyPaymentEvent({
              provider: 'demo',
              eventId: `demo_evt_end_${subscription.id}`,
              occurredAt: at,
              event: { type: 'subscription.deleted', subscriptionRef: subscription.providerSubscriptionId },
            });
          } else {
            const plan = subscription.purpose === 'customer_monthly' ? 'monthly' : 'carer_membership';
            await events.applyPaymentEvent({
              provider: 'demo',
              eventId: `demo_evt_renew_${subscription.id}_${period}`,
              occurredAt: at,
              event: {
                type: 'invoice.paid',
                subscriptionRef: subscription.providerSubscriptionId,
                invoiceRef: `demo_in_${subscription.id}_${period}`,
                paymentId: undefined,
                amountPence: PLAN_TERMS[plan].amountPence,
                periodEnd: addCalendarMonths(periodEnd, 1),
              },
            });
          }
          handled += 1;
        }
        // Caught up. A server that was off for months renews month by month (up to a year a round).
        if (due.length === 0) break;
      }
      return handled;
    },

    /** Applied provider events are kept this long, past any provider's redelivery window. */
    deleteOldEvents: (before: Date) => repository.deleteEventsBefore(before),
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
