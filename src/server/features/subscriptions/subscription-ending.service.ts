import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { paths } from '@contracts/paths';
import {
  NO_REPLY_PROTECTION_DAYS,
  PAYMENT_PLAN_LABELS,
  RENEWAL_REMINDER_DAYS,
  SUBSCRIPTION_MESSAGES,
  type CancelLinkDetails,
} from '@contracts/subscriptions';
import type { Database } from '../../db/client';
import type { BillingSubscriptionRow, PaymentRow, UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mailer';
import type { PaymentProvider } from '../../platform/payments/payment-provider';
import { createAuditRecorder } from '../audit';
import { createFamilySide } from '../circle';
import { COOLING_OFF_MS, coolingOffRefund } from './cooling-off';
import { PLAN_FOR_PURPOSE, PLAN_TERMS } from './plans';
import { takeBackAccess } from './refund-takeback';
import {
  cancellationEmail,
  coolingOffRefundEmail,
  noReplyExtensionEmail,
  noReplyRefundEmail,
  renewalReminderEmail,
} from './receipts';
import { hasActiveSubscription } from './subscription-access';
import {
  createSubscriptionsRepository,
  LIVE_SUBSCRIPTION_STATUSES,
  type SubscriptionsRepository,
} from './subscriptions.repository';

const DAY_MS = 24 * 3_600_000;
/** A reminder's cancel link keeps working this long after the renewal it announced. */
const LINK_GRACE_MS = 7 * DAY_MS;
const REMINDER_BATCH = 100;
const TOKEN_PATTERN = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Ending plans fairly (docs/decisions/0029-fair-subscriptions.md): cancelling in two clicks
 * (signed in) or from the renewal reminder's link (signed out), confirmed by email and audited;
 * a one-time plan cancelled in its cooling-off period refunded for its unused days; and the
 * reminders before each renewal. Every change and its email commit together.
 */
export function createSubscriptionEndingService({
  db,
  provider,
  mailer,
  log,
  secret,
  publicUrl,
  now = () => new Date(),
}: {
  db: Database;
  provider: PaymentProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  secret: string;
  publicUrl: string;
  now?: () => Date;
}) {
  // A key for this one purpose: a link made for anything else never verifies here.
  const linkKey = createHmac('sha256', secret).update('carematch plan cancel links').digest();
  const sign = (payload: string) => createHmac('sha256', linkKey).update(payload).digest('base64url');

  function linkToken(subscription: BillingSubscriptionRow): string {
    const periodEnd = subscription.currentPeriodEnd?.getTime() ?? now().getTime();
    const expires = Math.floor((periodEnd + LINK_GRACE_MS) / 1000);
    const payload = `${subscription.id}.${expires}`;
    return `${payload}.${sign(payload)}`;
  }

  /** The subscription a link names, when its signature holds and it has not expired. */
  async function subscriptionOfLink(token: string): Promise<BillingSubscriptionRow> {
    const invalid = () =>
      AppError.badRequest(SUBSCRIPTION_MESSAGES.cancelLinkInvalid, {
        token: SUBSCRIPTION_MESSAGES.cancelLinkInvalid,
      });
    const match = TOKEN_PATTERN.exec(token);
    if (!match) throw invalid();
    const [, id, expires, signature] = match as unknown as [string, string, string, string];
    const expected = Buffer.from(sign(`${id}.${expires}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    if (Number(expires) * 1000 < now().getTime()) throw invalid();
    const subscription = await createSubscriptionsRepository(db).findBillingSubscriptionById(id);
    if (!subscription?.userId) throw invalid();
    return subscription;
  }

  /** The page the reminder's link opens. */
  const cancelLinkUrl = (subscription: BillingSubscriptionRow) =>
    `${publicUrl}${paths.cancelPlanLink}?token=${encodeURIComponent(linkToken(subscription))}`;

  function linkDetails(subscription: BillingSubscriptionRow): CancelLinkDetails {
    const plan = PLAN_FOR_PURPOSE[subscription.purpose] as 'monthly' | 'carer_membership';
    const renewing =
      (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status) &&
      !subscription.cancelAtPeriodEnd;
    return {
      plan,
      planLabel: PAYMENT_PLAN_LABELS[plan],
      state: renewing ? 'renewing' : 'cancelled',
      paidUntil: subscription.currentPeriodEnd?.toISOString() ?? null,
    };
  }

  /**
   * Stops a renewing subscription at the end of its period, under its lock: the provider is told,
   * the person emailed, the change audited. False when it had stopped already.
   */
  async function stopRenewals(
    repository: SubscriptionsRepository,
    subscription: BillingSubscriptionRow,
    user: UserRow,
    at: Date,
    via: 'settings' | 'email link',
  ): Promise<boolean> {
    try {
      await provider.cancelAtPeriodEnd(subscription.providerSubscriptionId);
    } catch (error) {
      log.error({ err: error, subscription: subscription.id }, 'the payment provider did not cancel');
      throw new AppError(502, SUBSCRIPTION_MESSAGES.cancelFailed);
    }
    const stopped = await repository.markCancelAtPeriodEnd(subscription.id, at);
    if (!stopped) return false;
    const plan = PLAN_FOR_PURPOSE[subscription.purpose] as 'monthly' | 'carer_membership';
    let paidUntil = subscription.currentPeriodEnd;
    if (plan === 'monthly') paidUntil = user.subscriptionExpiresAt ?? paidUntil;
    else paidUntil = (await repository.findCarerProfile(user.id))?.listedUntil ?? paidUntil;
    await repository.queueEmail(cancellationEmail(user, plan, paidUntil, at));
    await createAuditRecorder(repository.executor).record({
      actorId: user.id,
      action: 'subscription.cancelled',
      entityType: 'subscription',
      entityId: user.id,
      before: { plan, renews: true },
      after: { plan, renews: false, paidUntil: paidUntil?.toISOString() ?? null, via },
    });
    return true;
  }

  /** The one-time plan in its cooling-off period: refunded for its unused days, access cut back. */
  async function refundInCoolingOff(
    repository: SubscriptionsRepository,
    user: UserRow,
    at: Date,
  ): Promise<boolean> {
    const payment = await repository.refundablePayment(user.id, new Date(at.getTime() - COOLING_OFF_MS), {
      lock: true,
    });
    const refund = payment ? coolingOffRefund(payment, at) : undefined;
    if (!payment || !refund) return false;
    let refundReference: string;
    try {
      ({ refundReference } = await provider.refund({
        paymentId: payment.id,
        paymentRef: payment.providerReference ?? '',
        amountPence: refund.refundPence,
      }));
    } catch (error) {
      log.error({ err: error, payment: payment.id }, 'the payment provider did not refund');
      throw new AppError(502, SUBSCRIPTION_MESSAGES.cancelFailed);
    }
    const refunded = await repository.markCoolingOffRefund(
      payment.id,
      { refundedPence: refund.refundPence, refundReference },
      at,
    );
    if (!refunded) return false;
    // Access bought before this payment (it extended a plan) still runs; the refunded days do not.
    const taken = await takeBackAccess(repository, user, payment, at);
    const accessUntil = taken.after ?? at;
    const keepsAccess = taken.stillRuns;
    await repository.queueEmail(coolingOffRefundEmail(user, refunded, refund, accessUntil, at));
    await createAuditRecorder(repository.executor).record({
      actorId: user.id,
      action: 'subscription.refunded',
      entityType: 'subscription',
      entityId: user.id,
      before: {
        subscriptionType: user.subscriptionType,
        subscriptionExpiresAt: user.subscriptionExpiresAt?.toISOString() ?? null,
      },
      after: {
        subscriptionType: keepsAccess ? user.subscriptionType : null,
        subscriptionExpiresAt: accessUntil.toISOString(),
        paymentId: payment.id,
        refundedPence: refund.refundPence,
        unusedDays: refund.unusedDays,
      },
    });
    log.info({ payment: payment.id, refundedPence: refund.refundPence }, 'cooling-off refund');
    return true;
  }

  const NO_REPLY_MS = NO_REPLY_PROTECTION_DAYS * DAY_MS;

  /**
   * One payment's no-reply check, claimed in the transaction that acts on it: nothing when the
   * family wrote to nobody or a carer answered them in the days after paying; otherwise, within
   * the payment's cooling-off period the whole payment is refunded (and the access it bought
   * ends), else those days are added to the family's access. Emailed, audited, once.
   */
  async function protectPayment(due: PaymentRow, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const repository = createSubscriptionsRepository(tx);
      const user = due.userId ? await repository.lockUser(due.userId) : undefined;
      if (!user) return false;
      const payment = await repository.claimNoReplyCheck(due.id, at);
      if (!payment?.paidAt) return false;
      const waitEnd = new Date(payment.paidAt.getTime() + NO_REPLY_MS);
      const wait = await repository.familyWaitOf(user.id, payment.paidAt, waitEnd);
      if (!wait.wrote || wait.answered) return false;
      const days = NO_REPLY_PROTECTION_DAYS;
      const audit = createAuditRecorder(tx);
      const before = {
        subscriptionType: user.subscriptionType,
        subscriptionExpiresAt: user.subscriptionExpiresAt?.toISOString() ?? null,
      };

      if (coolingOffRefund(payment, at)) {
        const { refundReference } = await provider.refund({
          paymentId: payment.id,
          paymentRef: payment.providerReference ?? '',
          amountPence: payment.amountPence,
        });
        const refunded = await repository.markCoolingOffRefund(
          payment.id,
          { refundedPence: payment.amountPence, refundReference },
          at,
        );
        if (!refunded) return false;
        const taken = await takeBackAccess(repository, user, payment, at);
        const accessUntil = taken.after ?? at;
        await repository.queueEmail(noReplyRefundEmail(user, payment, days, accessUntil, at));
        await audit.record({
          actorId: null,
          action: 'subscription.no-reply-refunded',
          entityType: 'subscription',
          entityId: user.id,
          before,
          after: {
            subscriptionType: taken.stillRuns ? user.subscriptionType : null,
            subscriptionExpiresAt: accessUntil.toISOString(),
            paymentId: payment.id,
            refundedPence: payment.amountPence,
          },
        });
        return true;
      }

      // Access that ended otherwise (an admin, a refund) is not lengthened.
      if (!hasActiveSubscription(user, at) || !user.subscriptionExpiresAt) return false;
      const until = new Date(user.subscriptionExpiresAt.getTime() + days * DAY_MS);
      await repository.setAccess(
        user.id,
        {
          subscriptionStatus: 'active',
          subscriptionType: user.subscriptionType,
          subscriptionExpiresAt: until,
        },
        at,
      );
      await repository.setNoReplyExtension(payment.id, days);
      const billing = payment.billingSubscriptionId
        ? await repository.findBillingSubscriptionById(payment.billingSubscriptionId)
        : undefined;
      const renews =
        billing &&
        !billing.cancelAtPeriodEnd &&
        (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(billing.status);
      const nextPaymentAt = renews ? (billing.currentPeriodEnd ?? null) : null;
      await repository.queueEmail(noReplyExtensionEmail(user, payment, days, until, nextPaymentAt));
      await audit.record({
        actorId: null,
        action: 'subscription.no-reply-extended',
        entityType: 'subscription',
        entityId: user.id,
        before,
        after: {
          ...before,
          subscriptionExpiresAt: until.toISOString(),
          paymentId: payment.id,
          extendedDays: days,
        },
      });
      return true;
    });
  }

  return {
    /**
     * Housekeeping (decision 0029, point 9): each family plan payment whose first
     * NO_REPLY_PROTECTION_DAYS are over is checked once. Payments more than as many days overdue
     * (a server off that long, or paid before this rule) are left alone.
     */
    async protectUnanswered(): Promise<number> {
      const at = now();
      const due = await createSubscriptionsRepository(db).paymentsDueNoReplyCheck(
        new Date(at.getTime() - 2 * NO_REPLY_MS),
        new Date(at.getTime() - NO_REPLY_MS),
        REMINDER_BATCH,
      );
      let protectedCount = 0;
      for (const payment of due) {
        try {
          if (await protectPayment(payment, at)) protectedCount += 1;
        } catch (error) {
          // Rolled back with its claim: the next round tries again.
          log.error({ err: error, payment: payment.id }, 'no-reply protection failed');
        }
      }
      if (protectedCount > 0) mailer.dispatchSoon();
      return protectedCount;
    },

    /**
     * A family's "Cancel subscription": a renewing Monthly plan stops at the end of its period;
     * a one-time plan in its first 14 days ends now with the unused days refunded. Answers the
     * account as it is afterwards.
     */
    async cancelCustomerPlan(user: UserRow): Promise<UserRow> {
      if (user.role !== 'customer') throw AppError.forbidden(SUBSCRIPTION_MESSAGES.onlyCustomers);
      const at = now();
      const done = await db.transaction(async (tx) => {
        const repository = createSubscriptionsRepository(tx);
        const account = await repository.lockUser(user.id);
        if (!account) return undefined;
        const monthly = await repository.lockLiveBillingSubscription(user.id, 'customer_monthly');
        if (monthly && !monthly.cancelAtPeriodEnd && hasActiveSubscription(account, at)) {
          return (await stopRenewals(repository, monthly, account, at, 'settings'))
            ? repository.findUser(user.id)
            : undefined;
        }
        if (hasActiveSubscription(account, at) && (await refundInCoolingOff(repository, account, at))) {
          return repository.findUser(user.id);
        }
        return undefined;
      });
      if (!done) throw AppError.conflict(SUBSCRIPTION_MESSAGES.nothingToCancel);
      mailer.dispatchSoon();
      return done;
    },

    /**
     * An admin ended a family's plan (Admin "End plan"): a Monthly plan paid through the provider
     * stops renewing there too, so no further payment is taken. The admin's change is audited by
     * the admin feature; no email (the family did not cancel). False when nothing renewed.
     */
    async stopRenewalsForAdmin(userId: string): Promise<boolean> {
      const at = now();
      return db.transaction(async (tx) => {
        const repository = createSubscriptionsRepository(tx);
        const live = await repository.lockLiveBillingSubscription(userId, 'customer_monthly');
        if (!live || live.cancelAtPeriodEnd) return false;
        try {
          await provider.cancelAtPeriodEnd(live.providerSubscriptionId);
        } catch (error) {
          log.error({ err: error, subscription: live.id }, 'the payment provider did not cancel');
          throw new AppError(502, SUBSCRIPTION_MESSAGES.cancelFailed);
        }
        return (await repository.markCancelAtPeriodEnd(live.id, at)) !== undefined;
      });
    },

    /** A carer's membership: no more renewals; the profile stays listed to the end of the period. */
    async cancelMembership(user: UserRow): Promise<void> {
      if (user.role !== 'carer') throw AppError.forbidden(SUBSCRIPTION_MESSAGES.onlyCarers);
      const at = now();
      const done = await db.transaction(async (tx) => {
        const repository = createSubscriptionsRepository(tx);
        const account = await repository.lockUser(user.id);
        const live = await repository.lockLiveBillingSubscription(user.id, 'carer_membership');
        if (!account || !live || live.cancelAtPeriodEnd) return false;
        return stopRenewals(repository, live, account, at, 'settings');
      });
      if (!done) throw AppError.conflict(SUBSCRIPTION_MESSAGES.nothingToCancel);
      mailer.dispatchSoon();
    },

    /** The reminder's link: what it would cancel (reading it changes nothing). */
    async describeLink(token: string): Promise<CancelLinkDetails> {
      return linkDetails(await subscriptionOfLink(token));
    },

    /** The reminder's link, confirmed: stops renewals without signing in. Repeating it is harmless. */
    async cancelByLink(token: string): Promise<CancelLinkDetails> {
      const found = await subscriptionOfLink(token);
      const at = now();
      const changed = await db.transaction(async (tx) => {
        const repository = createSubscriptionsRepository(tx);
        const account = await repository.lockUser(found.userId!);
        const subscription = await repository.lockBillingSubscription(
          found.provider,
          found.providerSubscriptionId,
        );
        if (!account || !subscription) return undefined;
        if (linkDetails(subscription).state === 'renewing') {
          await stopRenewals(repository, subscription, account, at, 'email link');
        }
        return repository.findBillingSubscriptionById(subscription.id);
      });
      mailer.dispatchSoon();
      return linkDetails(changed ?? found);
    },

    cancelLinkUrl,

    /**
     * Housekeeping: emails each renewing plan's owner before its renewal, once per period
     * (claimed by an update, so instances running at once or a repeated round send it once).
     */
    async sendRenewalReminders(): Promise<number> {
      const at = now();
      const until = new Date(at.getTime() + RENEWAL_REMINDER_DAYS * DAY_MS);
      let sent = 0;
      for (let round = 0; round < 50; round += 1) {
        const due = await createSubscriptionsRepository(db).subscriptionsRenewingBetween(
          at,
          until,
          REMINDER_BATCH,
        );
        for (const subscription of due) {
          const periodEnd = subscription.currentPeriodEnd!;
          await db.transaction(async (tx) => {
            const repository = createSubscriptionsRepository(tx);
            if (!(await repository.claimRenewalReminder(subscription.id, periodEnd))) return;
            const user = subscription.userId ? await repository.findUser(subscription.userId) : undefined;
            if (!user) return;
            // Claimed either way, so a person who turned these emails off is not asked again.
            if (!(await createFamilySide(tx).wantsEmail(user.id, 'renewals'))) return;
            const plan = PLAN_FOR_PURPOSE[subscription.purpose] as 'monthly' | 'carer_membership';
            await repository.queueEmail(
              renewalReminderEmail(
                user,
                plan,
                PLAN_TERMS[plan].amountPence,
                periodEnd,
                cancelLinkUrl(subscription),
              ),
            );
            sent += 1;
          });
        }
        if (due.length < REMINDER_BATCH) break;
      }
      if (sent > 0) mailer.dispatchSoon();
      return sent;
    },
  };
}
export type SubscriptionEndingService = ReturnType<typeof createSubscriptionEndingService>;
