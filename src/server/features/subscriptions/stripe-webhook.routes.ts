import type { FastifyInstance } from 'fastify';
import {
  translateStripeEvent,
  verifyStripeWebhook,
  WebhookSignatureError,
} from '../../platform/payments/stripe-provider';
import { AppError } from '../../platform/errors';
import type { PaymentEventHandler } from './payment-events';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';

export const WEBHOOK_MESSAGES = {
  invalidSignature: 'The webhook signature is missing, invalid or too old.',
} as const;

/**
 * POST /api/webhooks/stripe (Stripe mode only). The signature covers the exact bytes Stripe sent,
 * so this route alone reads its body raw: its own content-type parser lives in an encapsulated
 * plugin and every other route keeps the JSON parser. Events are verified (5-minute tolerance),
 * translated into our normalised events and applied once; unknown types are acknowledged.
 * A failure while applying answers 500, and Stripe delivers the event again later.
 */
export async function registerStripeWebhookRoutes(
  app: FastifyInstance,
  { webhookSecret, events }: { webhookSecret: string; events: PaymentEventHandler },
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );

    defineRoute(
      scope,
      endpoints.subscriptions.postWebhooksStripe,
      { schema: { tags: ['payments'], summary: 'Stripe webhook endpoint (signed events)', hide: true } },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        let event;
        try {
          event = verifyStripeWebhook(
            raw,
            typeof signature === 'string' ? signature : undefined,
            webhookSecret,
          );
        } catch (error) {
          if (error instanceof WebhookSignatureError) {
            request.log.warn({ reason: error.message }, 'stripe webhook refused');
            throw AppError.badRequest(WEBHOOK_MESSAGES.invalidSignature);
          }
          throw error;
        }
        const envelope = translateStripeEvent(event);
        if (!envelope) return { received: true };
        const { applied } = await events.applyPaymentEvent(envelope);
        request.log.info({ event: event.id, type: event.type, applied }, 'stripe webhook');
        return { received: true };
      },
    );
  });
}
