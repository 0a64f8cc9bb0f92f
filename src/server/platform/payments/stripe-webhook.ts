import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { EndpointDeclaration } from '@contracts/api/endpoint';
import { defineRoute } from '../define-route';
import { AppError } from '../errors';
import { verifyStripeWebhook, WebhookSignatureError } from './stripe-provider';

export const WEBHOOK_MESSAGES = {
  invalidSignature: 'The webhook signature is missing, invalid or too old.',
} as const;

/**
 * A Stripe webhook endpoint (Stripe mode only). The signature covers the exact bytes Stripe sent,
 * so the route reads its body raw: its own content-type parser lives in an encapsulated plugin and
 * every other route keeps the JSON parser. Each event is verified (5-minute tolerance) and handed
 * to `handle`, which applies it once; a failure there answers 500 and Stripe delivers it again.
 * The platform's endpoint and the Connect endpoint (events of connected accounts, with their own
 * signing secret) are both made here.
 */
export async function registerSignedStripeWebhook(
  app: FastifyInstance,
  {
    endpoint,
    summary,
    webhookSecret,
    handle,
  }: {
    endpoint: EndpointDeclaration & { method: 'POST' };
    summary: string;
    webhookSecret: string;
    /** Applies the event; answers whether it changed anything (false: known or ignored). */
    handle: (event: Stripe.Event) => Promise<boolean>;
  },
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );

    defineRoute(scope, endpoint, { schema: { tags: ['payments'], summary, hide: true } }, async (request) => {
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
      const applied = await handle(event);
      request.log.info({ event: event.id, type: event.type, applied }, 'stripe webhook');
      return { received: true };
    });
  });
}
