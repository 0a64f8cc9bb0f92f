import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SUBSCRIPTION_MESSAGES, type PaymentPlan } from '@contracts/subscriptions';
import type { Database } from '../../db/client';
import type { PaymentRow, UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { PaymentProvider } from '../../platform/payments/payment-provider';
import { PLAN_TERMS } from './plans';
import { createSubscriptionsRepository, type SubscriptionsRepository } from './subscriptions.repository';

/**
 * A pending payment is offered again for this long. Stripe lets an incomplete subscription's
 * first invoice be paid for 23 hours; after that a new payment starts.
 */
const PENDING_REUSE_MS = 23 * 3_600_000;

const displayName = (user: UserRow) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;

/**
 * Starts (or resumes) a payment for a plan and returns the payment form's client secret.
 *
 * Two quick clicks start one payment: the row is inserted first, and the partial unique index
 * `payments_one_pending_key` lets only one pending payment per person and plan exist; the other
 * click reads that row. The provider is called with an idempotency key made from the row's id, so
 * both calls get the same PaymentIntent (or subscription) and the same client secret, which is
 * stored so later clicks return it without calling the provider at all.
 */
export function createPaymentStarter({
  payments,
  db,
  provider,
  log,
  now = () => new Date(),
}: {
  payments: SubscriptionsRepository;
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  async function callProvider(user: UserRow, payment: PaymentRow): Promise<string> {
    const plan = payment.plan as PaymentPlan;
    const terms = PLAN_TERMS[plan];
    const customerId = await provider.ensureCustomer({
      userId: user.id,
      email: user.email,
      name: displayName(user),
      stripeCustomerId: user.stripeCustomerId,
    });
    if (customerId && customerId !== user.stripeCustomerId) {
      await payments.setStripeCustomerId(user.id, customerId);
    }

    if (terms.purpose === null) {
      const started = await provider.startOneTimePayment({
        paymentId: payment.id,
        plan,
        amountPence: payment.amountPence,
        description: `CareMatch ${terms.label}`,
        customerId,
        userId: user.id,
      });
      const stored = await payments.setPaymentStarted(payment.id, started);
      if (!stored) throw new Error(`payment ${payment.id} refers to another PaymentIntent`);
      return started.clientSecret;
    }

    const started = await provider.startSubscription({
      paymentId: payment.id,
      purpose: terms.purpose,
      productName: `CareMatch ${terms.label}`,
      amountPence: payment.amountPence,
      customerId,
      userId: user.id,
    });
    const purpose = terms.purpose;
    await db.transaction(async (tx) => {
      const repository = createSubscriptionsRepository(tx);
      const subscription = await repository.insertBillingSubscription({
        userId: user.id,
        purpose,
        provider: provider.name,
        providerSubscriptionId: started.providerSubscriptionId,
        status: started.status,
      });
      const stored = await repository.setPaymentStarted(payment.id, {
        providerReference: started.providerInvoiceId,
        clientSecret: started.clientSecret,
        billingSubscriptionId: subscription.id,
        providerSubscriptionId: started.providerSubscriptionId,
      });
      if (!stored) throw new Error(`payment ${payment.id} refers to another invoice`);
    });
    return started.clientSecret;
  }

  return {
    async start(user: UserRow, plan: PaymentPlan): Promise<{ paymentId: string; clientSecret: string }> {
      const { amountPence } = PLAN_TERMS[plan];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const at = now();
        const inserted = await payments.insertPendingPayment({
          id: randomUUID(),
          userId: user.id,
          provider: provider.name,
          plan,
          amountPence,
          createdAt: at,
          updatedAt: at,
        });
        const payment = inserted ?? (await payments.findPendingPayment(user.id, plan));
        // The pending payment finished between our insert and our read: start again.
        if (!payment) continue;
        const reusable =
          payment.provider === provider.name &&
          payment.amountPence === amountPence &&
          at.getTime() - payment.createdAt.getTime() < PENDING_REUSE_MS;
        if (!reusable) {
          await payments.cancelPendingPayment(payment.id);
          continue;
        }
        if (payment.clientSecret) return { paymentId: payment.id, clientSecret: payment.clientSecret };
        try {
          return { paymentId: payment.id, clientSecret: await callProvider(user, payment) };
        } catch (error) {
          // The row stays pending: the next click tries again with the same idempotency key.
          log.error({ err: error, payment: payment.id }, 'the payment provider did not start the payment');
          throw new AppError(502, SUBSCRIPTION_MESSAGES.setupErrorDescription);
        }
      }
      throw new Error(`could not start a ${plan} payment for user ${user.id}`);
    },
  };
}
export type PaymentStarter = ReturnType<typeof createPaymentStarter>;
