import type { FastifyInstance } from 'fastify';
import { endpoints } from '@contracts/api';
import { translateConnectEvent } from '../../platform/payments/stripe-provider';
import { registerSignedStripeWebhook } from '../../platform/payments/stripe-webhook';
import type { CarePaymentEventHandler } from './care-payment-events';

/**
 * POST /api/webhooks/stripe/connect (Stripe mode, with STRIPE_CONNECT_WEBHOOK_SECRET): events of
 * carers' connected accounts, verified like the platform's own and applied once.
 */
export async function registerConnectWebhookRoutes(
  app: FastifyInstance,
  { webhookSecret, events }: { webhookSecret: string; events: CarePaymentEventHandler },
) {
  await registerSignedStripeWebhook(app, {
    endpoint: endpoints.carePayments.postWebhooksStripeConnect,
    summary: "Stripe Connect webhook endpoint (signed events of carers' accounts)",
    webhookSecret,
    async handle(event) {
      const envelope = translateConnectEvent(event);
      return envelope ? events.apply(envelope) : false;
    },
  });
}
