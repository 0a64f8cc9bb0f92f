import type { Writable } from 'node:stream';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { PHOTO_MAX_BYTES } from '@contracts/carers';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { ensureAdminAccount } from './features/admin/admin-accounts';
import { registerAdminGuard } from './features/admin/admin-guard';
import { registerAdminRoutes } from './features/admin/admin.routes';
import { createAdminRepository } from './features/admin/admin.repository';
import { createAdminService } from './features/admin/admin.service';
import { registerAuditRoutes } from './features/audit/audit.routes';
import { createAuditRepository } from './features/audit/audit.repository';
import { createAuditRecorder, createAuditService } from './features/audit/audit.service';
import { registerAuthRoutes } from './features/auth/auth.routes';
import { createAuthService } from './features/auth/auth.service';
import { createEmailVerificationRepository } from './features/auth/email-verification.repository';
import { createEmailVerificationService } from './features/auth/email-verification.service';
import { createLoginFailureRepository } from './features/auth/login-failure.repository';
import { createSignInThrottle } from './features/auth/sign-in-throttle';
import { createOidcClient } from './features/auth/oidc';
import { registerPasswordResetRoutes } from './features/auth/password-reset.routes';
import { createPasswordResetRepository } from './features/auth/password-reset.repository';
import { createPasswordResetService } from './features/auth/password-reset.service';
import { registerTwoFactorRoutes } from './features/auth/two-factor.routes';
import { createTwoFactorRepository } from './features/auth/two-factor.repository';
import { createTwoFactorService } from './features/auth/two-factor.service';
import { createUserRepository } from './features/auth/user.repository';
import { registerCarersRoutes } from './features/carers/carers.routes';
import { registerDemoMailboxRoutes } from './features/demo/demo-mailbox.routes';
import { registerContactRoutes } from './features/contact/contact.routes';
import { createContactService } from './features/contact/contact.service';
import { createCarersRepository } from './features/carers/carers.repository';
import { registerArrangementsRoutes } from './features/arrangements/arrangements.routes';
import { createArrangementsRepository } from './features/arrangements/arrangements.repository';
import { createArrangementsService } from './features/arrangements/arrangements.service';
import { registerCareRequestsRoutes } from './features/care-requests/care-requests.routes';
import { createCareRequestsRepository } from './features/care-requests/care-requests.repository';
import { createCareRequestsService } from './features/care-requests/care-requests.service';
import { createGeocoder, createPlaceLookupCache, type Geocoder } from './platform/geocoder/geocoder';
import { CARER_CHANGE_CHANNEL, createCarersService } from './features/carers/carers.service';
import { registerHealthRoutes } from './features/health/health.routes';
import { createAccountDeletion, createAccountErasure } from './features/privacy/account-deletion';
import { createDataExportRepository } from './features/privacy/data-export.repository';
import { createDataExportService } from './features/privacy/data-export.service';
import { registerPrivacyRoutes } from './features/privacy/privacy.routes';
import { registerMessagingRoutes } from './features/messaging/messaging.routes';
import { createMessagingRepository } from './features/messaging/messaging.repository';
import { createMessagingService } from './features/messaging/messaging.service';
import { registerReportsRoutes } from './features/reports/reports.routes';
import { createReportsRepository } from './features/reports/reports.repository';
import { createReportsService } from './features/reports/reports.service';
import { registerReviewsRoutes } from './features/reviews/reviews.routes';
import { createReviewsRepository } from './features/reviews/reviews.repository';
import { createReviewsService } from './features/reviews/reviews.service';
import { registerSettingsRoutes } from './features/settings/settings.routes';
import { createSettingsRepository } from './features/settings/settings.repository';
import { createSettingsService } from './features/settings/settings.service';
import { registerSafeguardingRoutes } from './features/safeguarding/safeguarding.routes';
import { createSafeguardingRepository } from './features/safeguarding/safeguarding.repository';
import { createSafeguardingService } from './features/safeguarding/safeguarding.service';
import { createSavedCarersRepository } from './features/saved-carers/saved-carers.repository';
import { registerSavedCarersRoutes } from './features/saved-carers/saved-carers.routes';
import { createSavedCarersService } from './features/saved-carers/saved-carers.service';
import { createCarerMembershipService } from './features/subscriptions/carer-membership.service';
import { createPaymentEventHandler } from './features/subscriptions/payment-events';
import { createPaymentStarter } from './features/subscriptions/payment-starter';
import { registerStripeWebhookRoutes } from './features/subscriptions/stripe-webhook.routes';
import { createSubscriptionsRepository } from './features/subscriptions/subscriptions.repository';
import { registerSubscriptionsRoutes } from './features/subscriptions/subscriptions.routes';
import { createSubscriptionsService } from './features/subscriptions/subscriptions.service';
import { createSubscriptionEndingService } from './features/subscriptions/subscription-ending.service';
import { registerVerificationRoutes } from './features/verification/verification.routes';
import { createVerificationRepository } from './features/verification/verification.repository';
import { createVerificationService } from './features/verification/verification.service';
import { createComplianceRepository } from './features/verification/compliance.repository';
import { registerComplianceRoutes } from './features/verification/compliance.routes';
import { createComplianceService } from './features/verification/compliance.service';
import { registerCrossSiteGuard } from './platform/cross-site-guard';
import { registerErrorHandling } from './platform/errors';
import { registerNulGuard } from './platform/nul-guard';
import { registerGracefulClose } from './platform/graceful-close';
import { createLiveEvents, registerLiveEvents } from './platform/live-events';
import { loggerOptions } from './platform/logger';
import {
  createLogTransport,
  createMailer,
  createSmtpTransport,
  type EmailTransport,
} from './platform/mailer';
import { registerOpenApi } from './platform/openapi';
import { createDemoProvider } from './platform/payments/demo-provider';
import type { PaymentProvider } from './platform/payments/payment-provider';
import {
  createStripeClient,
  createStripeProvider,
  type StripeClient,
} from './platform/payments/stripe-provider';
import { registerSecurityHeaders } from './platform/security-headers';
import { createRateLimiter } from './platform/rate-limit';
import { createSessionRepository } from './platform/sessions/session.repository';
import { createNotifiedCaches, registerNotifiedCaches } from './platform/notified-caches';
import { createSessionCache, registerSessionCache } from './platform/sessions/session-cache';
import { registerSessions, requireUser } from './platform/sessions/session.plugin';
import { createSessionService } from './platform/sessions/session.service';
import { startHousekeeping } from './platform/housekeeping';
import { registerChangeListener } from './platform/durable-listen';
import { createCarerCards } from './features/carers/carer-cards';
import { createCarerSearchIndex } from './features/carers/carer-search-index';
import { createCarerSearchIndexRepository } from './features/carers/carer-search-index.repository';
import { withDemoPhotos } from './db/seed-photos';
import { createLocalDiskStorage, createS3Storage, type FileStorage } from './platform/storage';
import { registerUploadRoutes } from './platform/uploads.routes';
import { createClamdScanner } from './platform/virus-scan';
import { registerWebApp } from './platform/web-app';

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
  /** Where places are found; by default built-in data and POSTCODES_URL (tests pass a fake service's). */
  geocoder?: Geocoder;
  /** The admin tools' clock (subscription expiries); tests fix it. */
  adminClock?: () => Date;
  /** Told of every route as it is registered: tests list them all (fuzzing), so new routes are covered. */
  onRoute?: (route: RouteOptions) => void;
}

const DAY_MS = 24 * 3_600_000;
/** Delivered emails are kept this long (for support to check what was sent), then deleted (issue 8 point 6). */
const OUTBOX_RETENTION_MS = 90 * DAY_MS;
/** Applied payment events are remembered well past Stripe's 3 days of redelivery. */
const PAYMENT_EVENT_RETENTION_MS = 90 * DAY_MS;

/** The whole server, without listening: main.ts listens, tests call it with `app.inject`. */
export async function buildApp({
  config,
  database,
  webDir,
  runHousekeeping = false,
  logStream,
  storage: givenStorage = config.s3
    ? createS3Storage(config.s3)
    : createLocalDiskStorage(path.join(config.dataDir, 'uploads')),
  mailTransport,
  stripeClient,
  adminClock,
  geocoder: givenGeocoder,
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

  // 1. Outside plugins and cross-cutting platform concerns, in the order requests meet them.
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  registerErrorHandling(app);
  registerNulGuard(app);
  registerGracefulClose(app);
  registerSecurityHeaders(app, config);
  const { instanceId } = config;
  if (instanceId) {
    // Which instance answered, behind a load balancer (npm run start:cluster, docs/deploy.md).
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-instance', instanceId);
    });
  }
  registerCrossSiteGuard(app, config);
  await registerOpenApi(app);

  // 2. Services, built once from their repositories, which are made here: a service can then be
  // built in a test from a real database without the app (tests/api/service-rules.test.ts). A
  // service that writes several rows in one transaction also gets `db`: it opens the transaction
  // and makes its repositories on `tx` there, so each multi-step write stays one transaction.
  const { db } = database;
  // Demo mode: the seeded carers' illustrated portraits are served as their photos (issue 21 point 12).
  const storage = config.mode === 'demo' ? withDemoPhotos(givenStorage) : givenStorage;
  const sessionCache = createSessionCache({ ttlMs: config.sessionCacheMs, maxEntries: 10_000 });
  if (config.sessionCacheMs > 0) registerSessionCache(app, database, sessionCache);
  const sessions = createSessionService(config, createSessionRepository(db), undefined, sessionCache);
  registerSessions(app, config, sessions);
  // Before any route: /api/admin and /api/test answer 401/403 before a body is read (decision 0008).
  registerAdminGuard(app);
  const loginFailures = createLoginFailureRepository(db);
  const carerCaches = createNotifiedCaches({ channel: CARER_CHANGE_CHANNEL, ttlMs: config.carerCacheMs });
  if (config.carerCacheMs > 0) registerNotifiedCaches(app, database, carerCaches, 'carer cache');
  const geocoder =
    givenGeocoder ??
    createGeocoder({ postcodesUrl: config.postcodesUrl, cache: createPlaceLookupCache(db), logger: app.log });
  // Search from memory (decision 0025), trusted only while it hears the change notices; each
  // full read has its cards made ahead of the searches that show them.
  const carerCards = createCarerCards();
  const searchIndex = config.searchIndex
    ? createCarerSearchIndex({
        repository: createCarerSearchIndexRepository(db),
        onError: (error) => app.log.error({ err: error }, 'search index: cannot read the carers'),
        onRead: (rows) => carerCards.warm(rows),
      })
    : undefined;
  app.decorate('carerSearchIndex', searchIndex ?? null);
  app.addHook('onClose', async () => carerCards.stop());
  if (searchIndex) {
    registerChangeListener(app, database, {
      channel: CARER_CHANGE_CHANNEL,
      name: 'search index',
      onPayload: (payload) => searchIndex.changed(payload),
      resume: () => searchIndex.resume(),
      suspend: () => searchIndex.suspend(),
    });
  }
  const carers = createCarersService({
    carers: createCarersRepository(db),
    db,
    storage,
    publicUrl: config.publicUrl,
    geocoder,
    searchCacheMs: config.searchCacheMs,
    carerCaches,
    searchIndex,
  });
  const savedCarers = createSavedCarersService(createSavedCarersRepository(db), carers);
  const rateLimiter = createRateLimiter(db, { secret: config.sessionSecret });
  const signInThrottle = createSignInThrottle({ rateLimiter, loginFailures });
  const mailer = createMailer({
    db,
    transport:
      mailTransport ??
      (config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl) : createLogTransport(app.log)),
    from: config.mail.from,
    log: app.log,
  });
  app.decorate('mailer', mailer);
  const twoFactor = createTwoFactorService({
    repository: createTwoFactorRepository(db),
    db,
    mailer,
    signInThrottle,
    secret: config.sessionSecret,
    keySecret: config.twoFactorSecret,
    mode: config.mode,
  });
  const audit = createAuditRecorder(db);
  const emailVerification = createEmailVerificationService({
    repository: createEmailVerificationRepository(db),
    db,
    mailer,
    rateLimiter,
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
    forgetUser: (userId) => sessions.forgetUser(userId),
  });
  const auth = createAuthService({
    db,
    mailer,
    emailVerification,
    users: createUserRepository(db),
    signInThrottle,
    sessions,
    twoFactor,
    rateLimiter,
    registrationsPerHour: config.registrationsPerHour,
    // Every admin sign-in, by password, two-factor or provider, is in the audit log.
    onSignedIn: async (user, context) => {
      if (user.role !== 'admin') return;
      await audit.record({
        actorId: user.id,
        action: 'admin.signed-in',
        entityType: 'user',
        entityId: user.id,
        before: null,
        after: null,
        ipAddress: context.ipAddress ?? null,
      });
    },
  });
  // Account deletion is shared by "Delete my account" and the admins' customer deletion (decision 0011).
  const accountErasure = createAccountErasure({ secret: config.sessionSecret });
  const admin = createAdminService({
    admin: createAdminRepository(db),
    db,
    storage,
    auth,
    erasure: accountErasure,
    // The payment provider is made below; only called per request.
    cancelRecurringPlans: (userId) => accountDeletion.cancelRecurringPlans(userId),
    ...(adminClock ? { now: adminClock } : {}),
  });
  if (config.admin) {
    // ADMIN_EMAIL/ADMIN_PASSWORD: the first admin account, made if missing (never promotes, never resets).
    const { outcome } = await ensureAdminAccount(
      db,
      { ...config.admin, firstName: 'CareMatch', lastName: 'Admin' },
      { promote: false },
    );
    if (outcome === 'exists-not-admin') {
      app.log.warn('ADMIN_EMAIL belongs to an account that is not an admin: use npm run admin:create');
    }
  }
  const messaging = createMessagingService({
    messaging: createMessagingRepository(db),
    db,
    carers,
    mailer,
    rateLimiter,
    publicUrl: config.publicUrl,
  });
  const arrangements = createArrangementsService({
    repository: createArrangementsRepository(db),
    db,
    messaging,
    mailer,
    audit,
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
  });
  const careRequests = createCareRequestsService({
    repository: createCareRequestsRepository(db),
    db,
    carers,
    messaging,
    geocoder,
    rateLimiter,
    mailer,
    publicUrl: config.publicUrl,
  });
  const liveEvents = createLiveEvents({ database, log: app.log });
  if (config.mode === 'production' && !config.mail.smtpUrl) {
    app.log.warn('SMTP_URL is not set: emails are written to the log and the outbox table only');
  }
  const passwordReset = createPasswordResetService({
    repository: createPasswordResetRepository(db),
    db,
    users: createUserRepository(db),
    mailer,
    rateLimiter,
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
  });
  const settings = createSettingsService({
    repository: createSettingsRepository(db),
    db,
    storage,
    mailer,
    sessions,
    signInThrottle,
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
    findPlace: (text) => carers.findPlace(text),
  });
  const contact = createContactService({ db, mailer, rateLimiter, supportAddress: config.mail.supportEmail });
  const reviews = createReviewsService({ reviews: createReviewsRepository(db), db });
  const reports = createReportsService({ reports: createReportsRepository(db), rateLimiter });
  if (config.mode === 'production' && !config.clamavUrl) {
    app.log.warn('CLAMAV_URL is not set: verification documents are stored without a virus scan');
  }
  const verification = createVerificationService({
    verifications: createVerificationRepository(db),
    db,
    carerCaches,
    storage,
    mailer,
    publicUrl: config.publicUrl,
    scanner: config.clamavUrl ? createClamdScanner(config.clamavUrl) : undefined,
  });
  const compliance = createComplianceService({
    repository: createComplianceRepository(db),
    db,
    storage,
    mailer,
    publicUrl: config.publicUrl,
    scanner: config.clamavUrl ? createClamdScanner(config.clamavUrl) : undefined,
  });
  const safeguarding = createSafeguardingService({
    safeguarding: createSafeguardingRepository(db),
    db,
    mailer,
  });
  // Payments: Stripe when its keys are set, otherwise the demo provider (docs/decisions/0006-payments.md).
  const demoPayments = config.stripe ? undefined : createDemoProvider({ secret: config.sessionSecret });
  const paymentProvider: PaymentProvider = config.stripe
    ? createStripeProvider({
        client: stripeClient ?? createStripeClient(config.stripe.secretKey),
        publishableKey: config.stripe.publishableKey,
      })
    : demoPayments!;
  const paymentEvents = createPaymentEventHandler({ db, provider: paymentProvider, mailer, log: app.log });
  const subscriptionsRepository = createSubscriptionsRepository(db);
  const paymentStarter = createPaymentStarter({
    payments: subscriptionsRepository,
    db,
    provider: paymentProvider,
    log: app.log,
  });
  const subscriptions = createSubscriptionsService({
    repository: subscriptionsRepository,
    provider: paymentProvider,
    demo: demoPayments,
    starter: paymentStarter,
    events: paymentEvents,
  });
  const carerMembership = createCarerMembershipService({
    repository: subscriptionsRepository,
    provider: paymentProvider,
    starter: paymentStarter,
  });
  const subscriptionEnding = createSubscriptionEndingService({
    db,
    provider: paymentProvider,
    mailer,
    log: app.log,
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
  });
  const accountDeletion = createAccountDeletion({
    db,
    storage,
    provider: paymentProvider,
    erasure: accountErasure,
    secret: config.sessionSecret,
    log: app.log,
  });
  const dataExport = createDataExportService({
    repository: createDataExportRepository(db),
    db,
    storage,
    secret: config.sessionSecret,
    log: app.log,
  });
  if (config.mode === 'production' && !config.stripe) {
    // Only reached with PAYMENTS_PROVIDER=demo written by the operator (config.ts refuses otherwise).
    app.log.warn(
      'PAYMENTS_PROVIDER=demo in production: no card is charged and paid access is given away to anyone who fills in the payment form',
    );
  }
  let stopHousekeeping = () => {};
  if (runHousekeeping) {
    stopHousekeeping = startHousekeeping(
      [
        // Retries emails that failed or whose dispatcher stopped; new ones go out straight after commit.
        { name: 'email outbox', run: () => mailer.dispatch(), intervalMs: 60_000 },
        { name: 'expired sessions', run: () => sessions.deleteExpired() },
        {
          name: 'old sign-in failures',
          run: () => loginFailures.deleteOlderThan(new Date(Date.now() - 24 * 3_600_000)),
        },
        { name: 'expired rate-limit counters', run: () => rateLimiter.deleteExpired() },
        { name: 'old password reset tokens', run: () => passwordReset.deleteStale() },
        { name: 'old email confirmation links', run: () => emailVerification.deleteStale() },
        { name: 'expired two-factor sign-ins', run: () => twoFactor.deleteExpiredChallenges() },
        { name: 'old email change requests', run: () => settings.deleteStaleEmailRequests() },
        {
          name: 'old delivered emails',
          run: () => mailer.deleteDeliveredBefore(new Date(Date.now() - OUTBOX_RETENTION_MS)),
        },
        // The recency part of the carer ranking moves with time alone.
        { name: 'carer ranking', run: () => carers.refreshAllRankScores() },
        { name: 'care requests closing', run: () => careRequests.closeDueRequests() },
        // Checks that stay true (decision 0028): reminders, lapses, and DBS scans past retention.
        { name: 'compliance reminders', run: () => compliance.sendReminders() },
        { name: 'compliance lapses', run: () => compliance.lapseDue() },
        { name: 'DBS scan retention', run: () => compliance.deleteExpiredScans() },
        { name: 'right-to-work retention', run: () => compliance.deleteExpiredRightToWork() },
        { name: 'care request emails to carers', run: () => careRequests.sendRequestAlerts() },
        { name: 'visits ahead', run: () => arrangements.keepVisitsAhead() },
        { name: 'placing carers for distance search', run: () => carers.placeUnplacedCarers() },
        {
          name: 'availability reminders',
          run: async () => {
            if ((await carers.sendAvailabilityReminders()) > 0) mailer.dispatchSoon();
          },
        },
        // Each renewal is announced by email a few days ahead, once, with a link that cancels it.
        { name: 'renewal reminders', run: () => subscriptionEnding.sendRenewalReminders() },
        // Demo recurring plans renew themselves at the end of each period (or end, if cancelled).
        ...(demoPayments
          ? [
              {
                name: 'demo subscription renewals',
                run: () => subscriptions.renewDemoSubscriptions(),
                intervalMs: 5 * 60_000,
              },
            ]
          : []),
        {
          name: 'old payment events',
          run: () => subscriptions.deleteOldEvents(new Date(Date.now() - PAYMENT_EVENT_RETENTION_MS)),
        },
      ],
      app.log,
    );
  }
  // Timers first, then a dispatch in flight may finish: nothing writes to a database being closed.
  app.addHook('onClose', async () => {
    stopHousekeeping();
    await mailer.idle();
    mailer.close();
  });

  // 3. Routes.
  registerHealthRoutes(app, database);
  registerAuthRoutes(app, {
    config,
    auth,
    emailVerification,
    oidc: config.oidc ? createOidcClient(config.oidc, config.publicUrl) : undefined,
  });
  registerTwoFactorRoutes(app, { config, auth, twoFactor });
  registerPasswordResetRoutes(app, passwordReset);
  registerSettingsRoutes(app, { config, settings });
  registerCarersRoutes(app, carers, verification.checksFor, carerCards);
  registerVerificationRoutes(app, verification);
  registerComplianceRoutes(app, compliance);
  registerSavedCarersRoutes(app, savedCarers);
  registerMessagingRoutes(app, messaging);
  registerArrangementsRoutes(app, arrangements);
  registerCareRequestsRoutes(app, careRequests);
  registerLiveEvents(app, liveEvents, (request) => {
    const token = request.cookies[config.session.cookieName] ?? '';
    const userId = requireUser(request).id;
    return async () => (await sessions.liveUserId(token)) === userId;
  });
  registerContactRoutes(app, contact);
  registerReviewsRoutes(app, reviews);
  registerReportsRoutes(app, reports);
  registerAdminRoutes(app, { config, admin });
  registerAuditRoutes(app, createAuditService({ audit: createAuditRepository(db) }));
  registerSafeguardingRoutes(app, safeguarding);
  registerSubscriptionsRoutes(app, {
    subscriptions,
    membership: carerMembership,
    ending: subscriptionEnding,
    demoMode: demoPayments !== undefined,
  });
  if (config.stripe) {
    await registerStripeWebhookRoutes(app, {
      webhookSecret: config.stripe.webhookSecret,
      events: paymentEvents,
    });
  }
  registerPrivacyRoutes(app, { config, dataExport, accountDeletion });
  registerUploadRoutes(app, storage);
  // Shows every email to anyone: never registered in production (tests run as NODE_ENV=test).
  if (config.mode !== 'production') registerDemoMailboxRoutes(app, db);
  await registerWebApp(app, webDir, config.session.cookieName);

  return app;
}
