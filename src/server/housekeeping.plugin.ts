import { appPlugin, type AppContext } from './platform/app-plugin';
import { startHousekeeping } from './platform/housekeeping';

const DAY_MS = 24 * 3_600_000;
/** Delivered emails are kept this long (for support to check what was sent), then deleted (decision 0010). */
const OUTBOX_RETENTION_MS = 90 * DAY_MS;
/** Applied payment events are remembered well past Stripe's 3 days of redelivery. */
const PAYMENT_EVENT_RETENTION_MS = 90 * DAY_MS;

/**
 * Housekeeping (platform/housekeeping.ts) over the platform's and the features' services: the
 * hourly (and shorter) idempotent tasks, run when `run` is set (main.ts sets it, tests leave it
 * off). Its dependencies are the plugins whose services the tasks call.
 */
export const housekeepingPlugin = appPlugin<AppContext & { run: boolean }>(
  'platform/housekeeping',
  [
    'platform/mailer',
    'platform/sessions',
    'platform/rate-limits',
    'platform/idempotency',
    'platform/payments',
    'features/auth',
    'features/settings',
    'features/carers',
    'features/care-requests',
    'features/verification',
    'features/arrangements',
    'features/subscriptions',
    'features/circle',
    'features/invoicing',
    'features/care-payments',
    'features/push',
  ],
  async (app, { run }) => {
    if (!run) return;
    const {
      mailer,
      sessions,
      rateLimiter,
      idempotency,
      carers,
      careRequests,
      arrangements,
      cover,
      settings,
      circle,
      invoicing,
    } = app;
    const { loginFailures, passwordReset, emailVerification, twoFactor } = app.auth;
    const { compliance } = app.verification;
    const { subscriptions, ending: subscriptionEnding } = app.subscriptions;
    const stop = startHousekeeping(
      [
        // Retries emails that failed or whose dispatcher stopped; new ones go out straight after commit.
        { name: 'email outbox', run: () => mailer.dispatch(), intervalMs: 60_000 },
        // Pushes that failed, waited for their person's rate, or whose dispatcher stopped (decision 0044).
        { name: 'push outbox', run: () => app.push.dispatch(), intervalMs: 60_000 },
        // First at start (decision 0032): points kept before the district rule move to their
        // district's centre before anything else measures from them.
        { name: 'homes at district centres', run: () => carers.placeHomesAtDistrictCentres() },
        { name: 'care requests at district centres', run: () => careRequests.placeAtDistrictCentres() },
        { name: 'expired sessions', run: () => sessions.deleteExpired() },
        {
          name: 'old sign-in failures',
          run: () => loginFailures.deleteOlderThan(new Date(Date.now() - 24 * 3_600_000)),
        },
        { name: 'expired rate-limit counters', run: () => rateLimiter.deleteExpired() },
        { name: 'expired answers of creating requests', run: () => idempotency.deleteExpired() },
        { name: 'old password reset tokens', run: () => passwordReset.deleteStale() },
        { name: 'old email confirmation links', run: () => emailVerification.deleteStale() },
        { name: 'expired two-factor sign-ins', run: () => twoFactor.deleteExpiredChallenges() },
        { name: 'old email change requests', run: () => settings.deleteStaleEmailRequests() },
        { name: 'spent family circle invitations', run: () => circle.deleteStaleInvitations() },
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
        // Each visit not checked into is alerted once (decision 0037), within a minute of its time.
        { name: 'no-show alerts', run: () => cover.raiseNoShows(), intervalMs: 60_000 },
        // Timesheets of weeks that are over (decision 0038); the auto-approval email 24 hours
        // before, then approval 72 hours after submission, each once.
        { name: 'timesheets', run: () => invoicing.timesheets.generate() },
        {
          name: 'timesheet approvals',
          run: () => invoicing.timesheets.autoApprove(),
          intervalMs: 15 * 60_000,
        },
        { name: 'invoice retention', run: () => invoicing.invoices.deleteExpired() },
        { name: 'placing carers for distance search', run: () => carers.placeUnplacedCarers() },
        {
          name: 'availability reminders',
          run: async () => {
            if ((await carers.sendAvailabilityReminders()) > 0) mailer.dispatchSoon();
          },
        },
        // Each renewal is announced by email a few days ahead, once, with a link that cancels it.
        { name: 'renewal reminders', run: () => subscriptionEnding.sendRenewalReminders() },
        // A family no carer answered in the days after paying gets them back (decision 0029, point 9).
        { name: 'no-reply protection', run: () => subscriptionEnding.protectUnanswered() },
        // Demo payouts reach carers' banks a day after the payment (Stripe says so by webhook).
        ...(app.payments.demo
          ? [
              {
                name: 'demo payouts to carers',
                run: () => app.carePayments.service.arriveDemoPayouts(),
                intervalMs: 5 * 60_000,
              },
            ]
          : []),
        // Demo recurring plans renew themselves at the end of each period (or end, if cancelled).
        ...(app.payments.demo
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
    // Timers first: this hook, added after the mailer's, runs before it (onClose hooks run
    // last-added first); then a dispatch in flight may finish, and nothing writes to a database
    // being closed.
    app.addHook('onClose', async () => stop());
  },
);
