import { appPlugin, type AppContext } from '../../platform/app-plugin';
import { createCarerMembershipService } from './carer-membership.service';
import { createPaymentEventHandler } from './payment-events';
import { createPaymentStarter } from './payment-starter';
import { registerStripeWebhookRoutes } from './stripe-webhook.routes';
import {
  createSubscriptionEndingService,
  type SubscriptionEndingService,
} from './subscription-ending.service';
import { createSubscriptionsRepository } from './subscriptions.repository';
import { registerSubscriptionsRoutes } from './subscriptions.routes';
import { createSubscriptionsService, type SubscriptionsService } from './subscriptions.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Feature subscriptions' services (housekeeping: renewal reminders, demo renewals, old events). */
    subscriptions: { subscriptions: SubscriptionsService; ending: SubscriptionEndingService };
  }
}

/**
 * Paid access and the carer membership through `app.payments` (decision 0006), and in Stripe
 * mode its signed webhooks. Access follows only a confirmed payment, applied by one handler.
 */
export const subscriptionsPlugin = appPlugin<AppContext & { clock?: (() => Date) | undefined }>(
  'features/subscriptions',
  ['platform/payments', 'platform/mailer'],
  async (app, { config, database: { db }, clock }) => {
    const { provider, demo } = app.payments;
    const { mailer } = app;
    const paymentEvents = createPaymentEventHandler({ db, provider, mailer, log: app.log });
    const subscriptionsRepository = createSubscriptionsRepository(db);
    const paymentStarter = createPaymentStarter({
      payments: subscriptionsRepository,
      db,
      provider,
      log: app.log,
    });
    const subscriptions = createSubscriptionsService({
      repository: subscriptionsRepository,
      provider,
      demo,
      starter: paymentStarter,
      events: paymentEvents,
    });
    const carerMembership = createCarerMembershipService({
      repository: subscriptionsRepository,
      provider,
      starter: paymentStarter,
    });
    const ending = createSubscriptionEndingService({
      db,
      provider,
      mailer,
      log: app.log,
      secret: config.sessionSecret,
      publicUrl: config.publicUrl,
      ...(clock ? { now: clock } : {}),
    });
    app.decorate('subscriptions', { subscriptions, ending });

    registerSubscriptionsRoutes(app, {
      subscriptions,
      membership: carerMembership,
      ending,
      demoMode: demo !== undefined,
    });
    if (config.stripe) {
      await registerStripeWebhookRoutes(app, {
        webhookSecret: config.stripe.webhookSecret,
        events: paymentEvents,
      });
    }
  },
);
