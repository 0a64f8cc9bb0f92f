import type { Writable } from 'node:stream';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { PHOTO_MAX_BYTES } from '@contracts/carers';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { adminGuardPlugin, adminPlugin } from './features/admin';
import { arrangementsPlugin } from './features/arrangements';
import { auditPlugin } from './features/audit';
import { authPlugin } from './features/auth';
import { carePaymentsPlugin, type InvoiceLedger } from './features/care-payments';
import { careRequestsPlugin } from './features/care-requests';
import { carerCachesPlugin, carersPlugin } from './features/carers';
import { circlePlugin } from './features/circle';
import { contactPlugin } from './features/contact';
import { demoPlugin } from './features/demo';
import { healthPlugin } from './features/health';
import {
  freezeInvoice,
  invoiceForPayment,
  invoicingPlugin,
  recordInvoicePaid,
  recordInvoiceRefunded,
  unfreezeInvoice,
} from './features/invoicing';
import { messagingPlugin } from './features/messaging';
import { privacyPlugin } from './features/privacy';
import { pushPlugin } from './features/push';
import { reportsPlugin } from './features/reports';
import { reviewsPlugin } from './features/reviews';
import { safeguardingPlugin } from './features/safeguarding';
import { savedCarersPlugin } from './features/saved-carers';
import { settingsPlugin } from './features/settings';
import { subscriptionsPlugin } from './features/subscriptions';
import { verificationPlugin } from './features/verification';
import { housekeepingPlugin } from './housekeeping.plugin';
import type { Geocoder } from './platform/geocoder/geocoder';
import { loggerOptions } from './platform/logger';
import type { EmailTransport } from './platform/mailer';
import type { StripeClient } from './platform/payments/stripe-provider';
import {
  crossSiteGuardPlugin,
  errorsPlugin,
  geocoderPlugin,
  gracefulClosePlugin,
  idempotencyPlugin,
  instanceHeaderPlugin,
  liveEventsPlugin,
  mailerPlugin,
  nulGuardPlugin,
  openApiPlugin,
  paymentsPlugin,
  rateLimitsPlugin,
  securityHeadersPlugin,
  sessionsPlugin,
  storagePlugin,
  uploadsPlugin,
  webAppPlugin,
} from './platform/platform.plugins';
import type { FileStorage } from './platform/storage';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Folder of the built web app; omitted in API tests. */
  webDir?: string | undefined;
  /** Hourly clean-up of expired rows; main.ts turns it on, tests leave it off. */
  runHousekeeping?: boolean;
  /** Where logs go instead of stdout (tests read them). */
  logStream?: Writable;
  /** Where uploads are kept; by default S3 when configured, else DATA_DIR/uploads. */
  storage?: FileStorage;
  /** How emails leave the outbox; by default SMTP when SMTP_URL is set, else the log. */
  mailTransport?: EmailTransport;
  /** The Stripe API client in Stripe mode; tests pass a fake (no network). */
  stripeClient?: StripeClient;
  /** The invoices card payments pay; by default the invoicing feature's (tests may bring their own). */
  invoiceLedger?: InvoiceLedger;
  /** Where places are found; by default built-in data and POSTCODES_URL (tests pass a fake service's). */
  geocoder?: Geocoder;
  /** The admin tools' clock (subscription expiries); tests fix it. */
  adminClock?: () => Date;
  /**
   * The clock of the subscription rules housekeeping applies (no-reply protection, renewal
   * reminders): e2e tests move it days ahead. Only tests build the app with it; main.ts never does,
   * and no setting or request reaches it.
   */
  subscriptionsClock?: () => Date;
  /** Told of every route as it is registered: tests list them all (fuzzing), so new routes are covered. */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The whole server, without listening: main.ts listens, tests call it with `app.inject`.
 *
 * It reads as the architecture (docs/architecture.md, "The composition root"): the platform's
 * plugins in the order requests meet their hooks, then one plugin per feature, each building its
 * services from its repositories and registering its routes. Every plugin is named and declares
 * the plugins it needs before it (fastify-plugin: registering one whose dependency is missing
 * throws); what one provides to later ones is a decorator (`app.mailer`, `app.carers`, …). None is
 * encapsulated: their hooks, decorators and routes are the root instance's.
 */
export async function buildApp({
  config,
  database,
  webDir,
  runHousekeeping = false,
  logStream,
  storage,
  mailTransport,
  stripeClient,
  invoiceLedger,
  adminClock,
  subscriptionsClock,
  geocoder,
  onRoute,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const context = { config, database };

  // 1. Outside plugins and cross-cutting platform concerns, in the order requests meet them.
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  await app.register(errorsPlugin, context);
  await app.register(nulGuardPlugin, context);
  await app.register(gracefulClosePlugin, context);
  await app.register(securityHeadersPlugin, context);
  await app.register(instanceHeaderPlugin, context);
  await app.register(crossSiteGuardPlugin, context);
  // The document says which routes need a session; the admin guard's (registered below) are read
  // when the document is first asked for.
  await app.register(openApiPlugin, {
    ...context,
    guarded: (method, url) => app.adminRoutes.some((route) => route.method === method && route.url === url),
  });

  // 2. Shared services, each a decorator: storage, sessions (and `request.user`), the admin guard
  // (before any route: /api/admin and /api/test answer 401/403 before a body is read, decision
  // 0008), creating routes made safe to repeat (decision 0033), what instances keep of the carers in memory, places, rate limits, the email outbox,
  // payments and live events.
  await app.register(storagePlugin, { ...context, storage });
  await app.register(sessionsPlugin, context);
  await app.register(adminGuardPlugin, context);
  await app.register(idempotencyPlugin, context);
  await app.register(carerCachesPlugin, context);
  await app.register(geocoderPlugin, { ...context, geocoder });
  await app.register(rateLimitsPlugin, context);
  await app.register(mailerPlugin, { ...context, transport: mailTransport });
  await app.register(paymentsPlugin, { ...context, stripeClient });
  await app.register(liveEventsPlugin, context);

  // 3. Features: each builds its services from its repositories, made there (so a service can
  // also be built in a test from a real database without the app, tests/api/service-rules.test.ts),
  // and registers its routes. A service that writes several rows in one transaction also gets
  // `db`: it opens the transaction and makes its repositories on `tx` there.
  await app.register(healthPlugin, context);
  await app.register(auditPlugin, context);
  await app.register(authPlugin, context);
  await app.register(verificationPlugin, context);
  await app.register(carersPlugin, context);
  await app.register(settingsPlugin, context);
  await app.register(savedCarersPlugin, context);
  await app.register(circlePlugin, context);
  await app.register(pushPlugin, context);
  await app.register(messagingPlugin, context);
  await app.register(arrangementsPlugin, context);
  await app.register(invoicingPlugin, context);
  await app.register(careRequestsPlugin, context);
  await app.register(contactPlugin, context);
  await app.register(reviewsPlugin, context);
  await app.register(reportsPlugin, context);
  await app.register(privacyPlugin, context);
  await app.register(adminPlugin, { ...context, clock: adminClock });
  await app.register(safeguardingPlugin, context);
  await app.register(subscriptionsPlugin, { ...context, clock: subscriptionsClock });
  await app.register(carePaymentsPlugin, { ...context, invoiceLedger: invoiceLedger ?? INVOICING_LEDGER });
  // A family that saved a card for it has each approved invoice paid at once (decision 0039).
  app.invoicing.timesheets.onInvoicesIssued((issued) => {
    for (const { invoiceId, familyUserId } of issued) {
      app.carePayments.service
        .payApprovedInvoice(invoiceId, familyUserId)
        .catch((error: unknown) =>
          app.log.warn({ err: error, invoiceId }, 'auto-pay of an approved invoice failed'),
        );
    }
  });
  await app.register(uploadsPlugin, context);
  // Shows every email to anyone: never registered in production (tests run as NODE_ENV=test).
  if (config.mode !== 'production') await app.register(demoPlugin, context);

  // 4. What runs over all of them, and what answers the rest.
  await app.register(housekeepingPlugin, { ...context, run: runHousekeeping });
  await app.register(webAppPlugin, { ...context, webDir });

  return app;
}

/**
 * Card payments reach the invoices only through this port (decision 0039): the invoicing feature
 * keeps an invoice's state, care-payments moves the money and tells it what happened.
 */
const INVOICING_LEDGER: InvoiceLedger = {
  async invoiceForPayment(db, invoiceId, payerUserId) {
    const invoice = await invoiceForPayment(db, invoiceId, payerUserId);
    return { ...invoice, number: invoice.reference };
  },
  async recordInvoicePaid(tx, invoiceId, payment) {
    await recordInvoicePaid(tx, invoiceId, payment);
  },
  async recordInvoiceRefunded(tx, invoiceId, refund) {
    await recordInvoiceRefunded(tx, invoiceId, refund);
  },
  async freezeInvoice(tx, invoiceId) {
    await freezeInvoice(tx, invoiceId);
  },
  async unfreezeInvoice(tx, invoiceId) {
    await unfreezeInvoice(tx, invoiceId);
  },
};
