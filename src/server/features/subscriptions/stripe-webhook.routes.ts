import type { FastifyInstance } from 'fastify';
import { endpoints } from '@contracts/api';
import { translateStripeEvent } from '../../platform/payments/stripe-provider';
import { registerSignedStripeWebhook } from '../../platform/payments/stripe-webhook';
import type { PaymentEventHandler } from './payment-events';

/**
 * POST /api/webhooks/stripe (Stripe mode only): the platform's own events, verified by
 * `registerSignedStripeWebhook`, translated into our normalised events and applied once; unknown
 * types are acknowledged.
 */
export async function registerStripeWebhookRoutes(
  app: FastifyInstance,
  { webhookSecret, events }: { webhookSecret: string; events: PaymentEventHandler },
) {
  await registerSignedStripeWebhook(app, {
    endpoint: endpoints.subscriptions.postWebhooksStripe,
    summary: 'Stripe webhook endpoint (signed events)',
    webhookSecret,
    async handle(event) {
      const envelope = translateStripeEvent(event);
      if (!envelope) return false;
      return (await events.applyPaymentEvent(envelope)).applied;
    },
  });
}
