import { appPlugin, type AppContext } from '../../platform/app-plugin';
import { createCarePaymentEventHandler, type CarePaymentEventHandler } from './care-payment-events';
import { registerCarePaymentsRoutes } from './care-payments.routes';
import { createCarePaymentsService, type CarePaymentsService } from './care-payments.service';
import { registerConnectWebhookRoutes } from './connect-webhook.routes';
import type { InvoiceLedger } from './invoice-ledger';
import { createCarePaymentsAdmin } from './payment-records';

declare module 'fastify' {
  interface FastifyInstance {
    /** Paying carers by card: the service (the invoicing feature's auto-pay, housekeeping) and its events. */
    carePayments: { service: CarePaymentsService; events: CarePaymentEventHandler };
  }
}

/**
 * Paying carers by card through their Stripe connected accounts (decision 0039). The invoices are
 * the invoicing feature's, reached only through the `InvoiceLedger` port given here.
 */
export const carePaymentsPlugin = appPlugin<AppContext & { invoiceLedger: InvoiceLedger }>(
  'features/care-payments',
  ['platform/payments', 'platform/mailer', 'features/admin-guard'],
  async (app, { config, database: { db }, invoiceLedger }) => {
    const { provider, demo } = app.payments;
    const service = createCarePaymentsService({
      db,
      provider,
      demo,
      ledger: invoiceLedger,
      mailer: app.mailer,
      log: app.log,
      publicUrl: config.publicUrl,
      feeBasisPoints: config.platformFeeBasisPoints,
    });
    const events = createCarePaymentEventHandler({
      db,
      ledger: invoiceLedger,
      mailer: app.mailer,
      log: app.log,
      settleSucceeded: service.settleSucceeded,
    });
    app.decorate('carePayments', { service, events });
    const admin = createCarePaymentsAdmin({ db, ledger: invoiceLedger });
    registerCarePaymentsRoutes(app, { carePayments: service, admin, demoMode: demo !== undefined });
    if (config.stripe?.connectWebhookSecret) {
      await registerConnectWebhookRoutes(app, { webhookSecret: config.stripe.connectWebhookSecret, events });
    } else if (config.stripe) {
      app.log.warn(
        'STRIPE_CONNECT_WEBHOOK_SECRET is not set: card payments to carers will not hear from Stripe',
      );
    }
  },
);
