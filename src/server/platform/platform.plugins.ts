import path from 'node:path';
import { appPlugin, type AppContext } from './app-plugin';
import { registerCrossSiteGuard } from './cross-site-guard';
import { withDemoPhotos } from './demo-photos';
import { registerErrorHandling } from './errors';
import { registerIdempotency, type Idempotency } from './idempotency';
import { createGeocoder, type Geocoder } from './geocoder/geocoder';
import { createPlaceLookupCache } from './geocoder/place-lookups.repository';
import { registerGracefulClose } from './graceful-close';
import { createLiveEvents, registerLiveEvents } from './live-events';
import { createLogTransport, createMailer, createSmtpTransport, type EmailTransport } from './mailer';
import { registerNulGuard } from './nul-guard';
import { registerOpenApi, type GuardedRoute } from './openapi';
import { createDemoProvider, type DemoProvider } from './payments/demo-provider';
import type { PaymentProvider } from './payments/payment-provider';
import { createStripeClient, createStripeProvider, type StripeClient } from './payments/stripe-provider';
import { createRateLimiter, type RateLimiter } from './rate-limit';
import { registerSecurityHeaders } from './security-headers';
import { createSessionCache, registerSessionCache } from './sessions/session-cache';
import { registerSessions, requireUser } from './sessions/session.plugin';
import { createSessionRepository } from './sessions/session.repository';
import { createSessionService, type SessionService } from './sessions/session.service';
import { createLocalDiskStorage, createS3Storage, type FileStorage } from './storage';
import { registerUploadRoutes } from './uploads.routes';
import { registerWebApp } from './web-app';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads are kept (platform/storage). */
    storage: FileStorage;
    /** Sessions: resume, sign in and out, forget a user's cached session (platform/sessions). */
    sessions: SessionService;
    /** Creating routes' answers, kept so a repeat of an action gets them again (platform/idempotency). */
    idempotency: Idempotency;
    /** Fixed-window counters in PostgreSQL (platform/rate-limits). */
    rateLimiter: RateLimiter;
    /** Places by postcode or town (platform/geocoder). */
    geocoder: Geocoder;
    /** The payment provider: Stripe, or the demo provider (then also `demo`) (platform/payments). */
    payments: { provider: PaymentProvider; demo: DemoProvider | undefined };
  }
}

// The platform's plugins, each wrapping the register function of its module. Their order in
// buildApp is the order requests meet their hooks (docs/architecture.md, "The composition root").

/** The error handler: every thrown error mapped to `{ message }`, 5xx details hidden. */
export const errorsPlugin = appPlugin('platform/errors', [], async (app) => {
  registerErrorHandling(app);
});

/** Text with a NUL character (which PostgreSQL cannot store) is a 400 before validation. */
export const nulGuardPlugin = appPlugin('platform/nul-guard', ['platform/errors'], async (app) => {
  registerNulGuard(app);
});

/** Keep-alive connections told to close while the server closes. */
export const gracefulClosePlugin = appPlugin('platform/graceful-close', [], async (app) => {
  registerGracefulClose(app);
});

/** CSP, nosniff, frame and referrer policies, HSTS in production, no-store on the API. */
export const securityHeadersPlugin = appPlugin('platform/security-headers', [], async (app, { config }) => {
  registerSecurityHeaders(app, config);
});

/** Which instance answered, behind a load balancer (npm run start:cluster, docs/deploy.md). */
export const instanceHeaderPlugin = appPlugin('platform/instance-header', [], async (app, { config }) => {
  const { instanceId } = config;
  if (!instanceId) return;
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-instance', instanceId);
  });
});

/** A state-changing request from another site gets 403 before anything else runs. */
export const crossSiteGuardPlugin = appPlugin(
  'platform/cross-site-guard',
  ['platform/errors'],
  async (app, { config }) => {
    registerCrossSiteGuard(app, config);
  },
);

/**
 * The OpenAPI document of every route registered after it, and its UI under /api/docs. `guarded`
 * names the routes a guard outside their own config keeps to signed-in callers (the admin guard).
 */
export const openApiPlugin = appPlugin<AppContext & { guarded: GuardedRoute }>(
  'platform/openapi',
  [],
  async (app, { config, guarded }) => {
    await registerOpenApi(app, config, guarded);
  },
);

/** `app.storage`: the given storage, else S3 when configured, else DATA_DIR/uploads. */
export const storagePlugin = appPlugin<AppContext & { storage?: FileStorage | undefined }>(
  'platform/storage',
  [],
  async (app, { config, storage: given }) => {
    const storage =
      given ??
      (config.s3 ? createS3Storage(config.s3) : createLocalDiskStorage(path.join(config.dataDir, 'uploads')));
    // Demo mode: the seeded carers' illustrated portraits are served as their photos.
    app.decorate('storage', config.mode === 'demo' ? withDemoPhotos(storage) : storage);
  },
);

/**
 * `app.sessions`, and `request.user` for every /api request, with the route access rules checked
 * (onRequest). The session cache, when on, is fed by the sessions' change notices.
 */
export const sessionsPlugin = appPlugin(
  'platform/sessions',
  ['@fastify/cookie', 'platform/errors'],
  async (app, { config, database }) => {
    const sessionCache = createSessionCache({ ttlMs: config.sessionCacheMs, maxEntries: 10_000 });
    if (config.sessionCacheMs > 0) registerSessionCache(app, database, sessionCache);
    const sessions = createSessionService(
      config,
      createSessionRepository(database.db),
      undefined,
      sessionCache,
    );
    app.decorate('sessions', sessions);
    registerSessions(app, config, sessions);
  },
);

/**
 * Routes marked `creates` answer a repeat of the same action (an Idempotency-Key, or the same
 * request within seconds) with the first answer: decision 0033. After the sessions (a key is the
 * person's own), before every feature's routes.
 */
export const idempotencyPlugin = appPlugin(
  'platform/idempotency',
  ['platform/sessions', '@fastify/multipart'],
  async (app, { config, database }) => {
    app.decorate('idempotency', registerIdempotency(app, { db: database.db, secret: config.sessionSecret }));
  },
);

/** `app.geocoder`: the given one, else built-in places and POSTCODES_URL with a cache in the database. */
export const geocoderPlugin = appPlugin<AppContext & { geocoder?: Geocoder | undefined }>(
  'platform/geocoder',
  [],
  async (app, { config, database, geocoder }) => {
    app.decorate(
      'geocoder',
      geocoder ??
        createGeocoder({
          postcodesUrl: config.postcodesUrl,
          cache: createPlaceLookupCache(database.db),
          logger: app.log,
        }),
    );
  },
);

/** `app.rateLimiter`: fixed-window counters in PostgreSQL, keys stored as keyed hashes. */
export const rateLimitsPlugin = appPlugin('platform/rate-limits', [], async (app, { config, database }) => {
  app.decorate('rateLimiter', createRateLimiter(database.db, { secret: config.sessionSecret }));
});

/**
 * `app.mailer`: the email outbox, sent by the given transport, else SMTP when SMTP_URL is set,
 * else the log. On close, a dispatch in flight may finish before the database closes.
 */
export const mailerPlugin = appPlugin<AppContext & { transport?: EmailTransport | undefined }>(
  'platform/mailer',
  [],
  async (app, { config, database, transport }) => {
    const mailer = createMailer({
      db: database.db,
      transport:
        transport ??
        (config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl) : createLogTransport(app.log)),
      from: config.mail.from,
      log: app.log,
    });
    app.decorate('mailer', mailer);
    if (config.mode === 'production' && !config.mail.smtpUrl) {
      app.log.warn('SMTP_URL is not set: emails are written to the log and the outbox table only');
    }
    // Housekeeping's timers stop first (its plugin comes later, and onClose hooks run last-added
    // first): nothing writes to a database being closed.
    app.addHook('onClose', async () => {
      await mailer.idle();
      mailer.close();
    });
  },
);

/** `app.payments`: Stripe when its keys are set, otherwise the demo provider (docs/decisions/0006-payments.md). */
export const paymentsPlugin = appPlugin<AppContext & { stripeClient?: StripeClient | undefined }>(
  'platform/payments',
  [],
  async (app, { config, stripeClient }) => {
    const demo = config.stripe ? undefined : createDemoProvider({ secret: config.sessionSecret });
    const provider: PaymentProvider = config.stripe
      ? createStripeProvider({
          client: stripeClient ?? createStripeClient(config.stripe.secretKey),
          publishableKey: config.stripe.publishableKey,
        })
      : demo!;
    app.decorate('payments', { provider, demo });
    if (config.mode === 'production' && !config.stripe) {
      // Only reached with PAYMENTS_PROVIDER=demo written by the operator (config.ts refuses otherwise).
      app.log.warn(
        'PAYMENTS_PROVIDER=demo in production: no card is charged and paid access is given away to anyone who fills in the payment form',
      );
    }
  },
);

/** `GET /api/events` and `app.liveEvents`: one LISTEN per instance feeding its streams (decision 0007). */
export const liveEventsPlugin = appPlugin(
  'platform/live-events',
  ['platform/sessions'],
  async (app, { config, database }) => {
    const { sessions } = app;
    registerLiveEvents(app, createLiveEvents({ database, log: app.log }), (request) => {
      const token = request.cookies[config.session.cookieName] ?? '';
      const userId = requireUser(request).id;
      return async () => (await sessions.liveUserId(token)) === userId;
    });
  },
);

/** Public uploads (carers' photos) served from `app.storage`. */
export const uploadsPlugin = appPlugin('platform/uploads', ['platform/storage'], async (app) => {
  registerUploadRoutes(app, app.storage);
});

/** The built web app (or none in API tests), and the SPA fallback and JSON 404 for what no route answers. */
export const webAppPlugin = appPlugin<AppContext & { webDir?: string | undefined }>(
  'platform/web-app',
  [],
  async (app, { config, webDir }) => {
    await registerWebApp(app, webDir, config.session.cookieName);
  },
);
