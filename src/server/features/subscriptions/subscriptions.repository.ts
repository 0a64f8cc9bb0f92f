import { and, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import { HISTORY_PAYMENT_STATUSES, type PaymentPlan } from '@contracts/subscriptions';
import type { Executor } from '../../db/client';
import {
  billingSubscriptions,
  careRequestResponses,
  careRequests,
  conversations,
  messages,
  paymentEvents,
  payments,
  type BillingSubscriptionRow,
  type PaymentRow,
  type UserRow,
} from '../../db/schema';
import { createAccountsStore } from '../auth';
import { createCarerProfilesStore } from '../carers';
import { isUuid } from '../../platform/ids';
import { enqueueEmail, type OutgoingEmail } from '../../platform/mailer';
import type { BillingPurpose } from '../../platform/payments/payment-provider';

/** Provider statuses in which a subscription still renews (or tries to). */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'past_due', 'trialing'] as const;

export function createSubscriptionsRepository(db: Executor) {
  return {
    /** The executor this repository works through (to write the audit log in the same transaction). */
    executor: db,
    /** Queues an email in the outbox through this repository's transaction (sent only if it commits). */
    queueEmail: (email: OutgoingEmail) => enqueueEmail(db, email),

    // ── payment events ────────────────────────────────────────────────────────────────────────
    /** Records an event; false when it was recorded before (a redelivery). */
    async recordEvent(provider: string, eventId: string, type: string): Promise<boolean> {
      const inserted = await db
        .insert(paymentEvents)
        .values({ provider, eventId, type })
        .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
        .returning({ id: paymentEvents.id });
      return inserted.length > 0;
    },

    async deleteEventsBefore(before: Date): Promise<number> {
      const deleted = await db
        .delete(paymentEvents)
        .where(lt(paymentEvents.receivedAt, before))
        .returning({ id: paymentEvents.id });
      return deleted.length;
    },

    // ── payments ──────────────────────────────────────────────────────────────────────────────
    /**
     * A new pending payment, unless this person already has one for the plan (the partial unique
     * index payments_one_pending_key): then nothing is inserted and undefined comes back.
     */
    async insertPendingPayment(values: typeof payments.$inferInsert): Promise<PaymentRow | undefined> {
      const [row] = await db
        .insert(payments)
        .values({ ...values, status: 'pending' })
        .onConflictDoNothing({
          target: [payments.userId, payments.plan],
          where: sql`${payments.status} = 'pending'`,
        })
        .returning();
      return row;
    },

    async findPendingPayment(userId: string, plan: PaymentPlan): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.plan, plan), eq(payments.status, 'pending')))
        .limit(1);
      return row;
    },

    async findPaymentById(id: string): Promise<PaymentRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
      return row;
    },

    async findPaymentByReference(provider: string, reference: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerReference, reference)))
        .limit(1);
      return row;
    },

    /**
     * Records what the provider answered for a payment. The reference is only ever set once: a
     * webhook that arrived before this answer may have set it already (to the same value).
     */
    async setPaymentStarted(
      id: string,
      values: {
        providerReference: string;
        clientSecret: string;
        billingSubscriptionId?: string;
        providerSubscriptionId?: string;
      },
    ): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({ ...values, updatedAt: new Date() })
        .where(
          and(
            eq(payments.id, id),
            or(isNull(payments.providerReference), eq(payments.providerReference, values.providerReference)),
          ),
        )
        .returning();
      return row;
    },

    /** Links an event's reference to our row when the event came before the provider's answer. */
    async claimReference(id: string, provider: string, reference: string): Promise<PaymentRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .update(payments)
        .set({ providerReference: reference, updatedAt: new Date() })
        .where(and(eq(payments.id, id), eq(payments.provider, provider), isNull(payments.providerReference)))
        .returning();
      return row;
    },

    async cancelPendingPayment(id: string): Promise<void> {
      await db
        .update(payments)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(and(eq(payments.id, id), eq(payments.status, 'pending')));
    },

    /**
     * The one transition to succeeded: returns the row only to the caller that made it. A payment
     * refunded (refused under the purchase rules) stays refunded.
     */
    async markSucceeded(id: string, paidAt: Date, periodEnd?: Date): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({
          status: 'succeeded',
          paidAt,
          failureMessage: null,
          updatedAt: paidAt,
          ...(periodEnd ? { periodEnd } : {}),
        })
        .where(and(eq(payments.id, id), notInArray(payments.status, ['succeeded', 'refunded'])))
        .returning();
      return row;
    },

    /**
     * A payment the provider took but the purchase rules refused (a plan was already active): it
     * is given back, and never becomes access. Returns the row only to the caller that made it.
     */
    async markRefunded(id: string, message: string, at: Date): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({ status: 'refunded', failureMessage: message, updatedAt: at })
        .where(and(eq(payments.id, id), notInArray(payments.status, ['succeeded', 'refunded'])))
        .returning();
      return row;
    },

    /** The payment, locked for the rest of the transaction (confirmations of it queue here). */
    async lockPayment(id: string): Promise<PaymentRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
      return row;
    },

    /** A failed attempt; never touches a payment that has succeeded (a late failure event). */
    async markFailed(id: string, message: string, at: Date): Promise<void> {
      await db
        .update(payments)
        .set({ status: 'failed', failureMessage: message, updatedAt: at })
        .where(and(eq(payments.id, id), inArray(payments.status, ['pending', 'failed'])));
    },

    /** A payment the provider started (a renewal invoice); undefined if it is recorded already. */
    async insertPayment(values: typeof payments.$inferInsert): Promise<PaymentRow | undefined> {
      const [row] = await db
        .insert(payments)
        .values(values)
        .onConflictDoNothing({ target: [payments.provider, payments.providerReference] })
        .returning();
      return row;
    },

    /**
     * The person's payment history, newest first: payments the provider answered (paid, failed,
     * refunded). A pending row is a payment form opened and not (yet) paid, a cancelled one was
     * replaced unpaid: neither is shown (docs/decisions/0027-payment-attempts.md).
     */
    async listPaymentHistory(userId: string, plans?: readonly PaymentPlan[]): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            inArray(payments.status, [...HISTORY_PAYMENT_STATUSES]),
            plans ? inArray(payments.plan, [...plans]) : undefined,
          ),
        )
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(200);
    },

    async hasSucceededPayment(userId: string, plan: PaymentPlan): Promise<boolean> {
      const [row] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.plan, plan), eq(payments.status, 'succeeded')))
        .limit(1);
      return row !== undefined;
    },

    /** Records the end of the access a one-time payment bought (its refund is worked out from it). */
    async setPaymentPeriodEnd(id: string, periodEnd: Date): Promise<void> {
      await db.update(payments).set({ periodEnd }).where(eq(payments.id, id));
    },

    /**
     * The person's latest paid one-time plan (3-Month Access, Annual) paid at or after `since` and
     * not refunded: cancelling it in its cooling-off period refunds the unused days.
     */
    async refundablePayment(
      userId: string,
      since: Date,
      { lock }: { lock: boolean },
    ): Promise<PaymentRow | undefined> {
      const query = db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            inArray(payments.plan, ['three_month', 'annual']),
            eq(payments.status, 'succeeded'),
            gte(payments.paidAt, since),
          ),
        )
        .orderBy(desc(payments.paidAt))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    // ── no-reply protection (decision 0029, point 9) ──────────────────────────────────────────
    /** Family plan payments paid between `from` and `until` whose first days were not checked yet. */
    paymentsDueNoReplyCheck: (from: Date, until: Date, limit: number): Promise<PaymentRow[]> =>
      db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.status, 'succeeded'),
            isNull(payments.noReplyCheckedAt),
            inArray(payments.plan, ['three_month', 'monthly', 'annual']),
            gte(payments.paidAt, from),
            lte(payments.paidAt, until),
          ),
        )
        .orderBy(payments.paidAt)
        .limit(limit),

    /** Claims a payment's check: the row only to the one caller that made it, while it stands. */
    async claimNoReplyCheck(id: string, at: Date): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({ noReplyCheckedAt: at })
        .where(and(eq(payments.id, id), eq(payments.status, 'succeeded'), isNull(payments.noReplyCheckedAt)))
        .returning();
      return row;
    },

    async setNoReplyExtension(id: string, days: number): Promise<void> {
      await db.update(payments).set({ noReplyExtendedDays: days }).where(eq(payments.id, id));
    },

    /** The days no-reply protection added to a Monthly plan's payments: its access runs this far past each period. */
    async noReplyDaysOf(billingSubscriptionId: string): Promise<number> {
      const [row] = await db
        .select({ days: sql<number>`coalesce(sum(${payments.noReplyExtendedDays}), 0)::int` })
        .from(payments)
        .where(eq(payments.billingSubscriptionId, billingSubscriptionId));
      return Number(row?.days ?? 0);
    },

    /**
     * Between `from` and `until`: whether the family wrote to a carer (a message, or a care request
     * open then) and whether any carer wrote to them (a message in their conversations, or an
     * answer to their care requests).
     */
    async familyWaitOf(userId: string, from: Date, until: Date) {
      const any = async (rows: Promise<unknown[]>) => (await rows).length > 0;
      const inWait = (column: typeof messages.createdAt | typeof careRequestResponses.createdAt) =>
        and(gte(column, from), lt(column, until));
      const messagesOf = (sender: ReturnType<typeof eq>) =>
        any(
          db
            .select({ id: messages.id })
            .from(messages)
            .innerJoin(conversations, eq(conversations.id, messages.conversationId))
            .where(and(eq(conversations.customerId, userId), sender, inWait(messages.createdAt)))
            .limit(1),
        );
      // One after another: in a transaction they share one connection.
      const wrote =
        (await messagesOf(eq(messages.senderId, userId))) ||
        (await any(
          db
            .select({ id: careRequests.id })
            .from(careRequests)
            .where(
              and(
                eq(careRequests.customerId, userId),
                lt(careRequests.createdAt, until),
                gt(careRequests.closesAt, from),
              ),
            )
            .limit(1),
        ));
      const answered =
        (await messagesOf(ne(messages.senderId, userId))) ||
        (await any(
          db
            .select({ id: careRequestResponses.id })
            .from(careRequestResponses)
            .innerJoin(careRequests, eq(careRequests.id, careRequestResponses.requestId))
            .where(and(eq(careRequests.customerId, userId), inWait(careRequestResponses.createdAt)))
            .limit(1),
        ));
      return { wrote, answered };
    },

    /** A cooling-off refund of `refundedPence`; returns the row only to the caller that made it. */
    async markCoolingOffRefund(
      id: string,
      values: { refundedPence: number; refundReference: string },
      at: Date,
    ): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({ ...values, status: 'refunded', refundedAt: at, updatedAt: at })
        .where(and(eq(payments.id, id), eq(payments.status, 'succeeded')))
        .returning();
      return row;
    },

    /**
     * Money given back outside our own refunds (at the provider, or a lost chargeback): the row
     * becomes (or stays) refunded with `refundedPence` in all. Only a larger amount than recorded
     * changes it, so our own refunds coming back as events, redeliveries and older events change
     * nothing; returns the row only to the caller that changed it.
     */
    async markRefundedOutside(id: string, refundedPence: number, at: Date): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({
          status: 'refunded',
          refundedPence,
          refundedAt: sql`coalesce(${payments.refundedAt}, ${at.toISOString()}::timestamptz)`,
          updatedAt: at,
        })
        .where(
          and(
            eq(payments.id, id),
            or(
              ne(payments.status, 'refunded'),
              sql`coalesce(${payments.refundedPence}, ${payments.amountPence}) < ${refundedPence}`,
            ),
          ),
        )
        .returning();
      return row;
    },

    // ── billing subscriptions ───────────────────────────────────────────────────────────────────
    async findBillingSubscriptionById(id: string): Promise<BillingSubscriptionRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, id));
      return row;
    },

    /** This person's live subscription for the purpose, locked for the rest of the transaction. */
    async lockLiveBillingSubscription(
      userId: string,
      purpose: BillingPurpose,
    ): Promise<BillingSubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.userId, userId),
            eq(billingSubscriptions.purpose, purpose),
            inArray(billingSubscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
          ),
        )
        .orderBy(desc(billingSubscriptions.createdAt))
        .limit(1)
        .for('update');
      return row;
    },

    /** Stops renewals (the paid period runs on); undefined when it was stopped already. */
    async markCancelAtPeriodEnd(id: string, at: Date): Promise<BillingSubscriptionRow | undefined> {
      const [row] = await db
        .update(billingSubscriptions)
        .set({ cancelAtPeriodEnd: true, cancelledAt: at, updatedAt: at })
        .where(and(eq(billingSubscriptions.id, id), eq(billingSubscriptions.cancelAtPeriodEnd, false)))
        .returning();
      return row;
    },

    /** Renewing subscriptions whose period ends in (from, to]: each may be owed a reminder. */
    async subscriptionsRenewingBetween(
      from: Date,
      to: Date,
      limit: number,
    ): Promise<BillingSubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.status, 'active'),
            eq(billingSubscriptions.cancelAtPeriodEnd, false),
            gt(billingSubscriptions.currentPeriodEnd, from),
            lte(billingSubscriptions.currentPeriodEnd, to),
            or(
              isNull(billingSubscriptions.remindedPeriodEnd),
              ne(billingSubscriptions.remindedPeriodEnd, billingSubscriptions.currentPeriodEnd),
            ),
          ),
        )
        .orderBy(billingSubscriptions.currentPeriodEnd)
        .limit(limit);
    },

    /**
     * Claims the reminder of the period ending `periodEnd`: true for the one caller that sends it
     * (several instances, or a repeated round, send it once), and only while it still renews.
     */
    async claimRenewalReminder(id: string, periodEnd: Date): Promise<boolean> {
      const claimed = await db
        .update(billingSubscriptions)
        .set({ remindedPeriodEnd: periodEnd })
        .where(
          and(
            eq(billingSubscriptions.id, id),
            eq(billingSubscriptions.status, 'active'),
            eq(billingSubscriptions.cancelAtPeriodEnd, false),
            eq(billingSubscriptions.currentPeriodEnd, periodEnd),
            or(
              isNull(billingSubscriptions.remindedPeriodEnd),
              ne(billingSubscriptions.remindedPeriodEnd, periodEnd),
            ),
          ),
        )
        .returning({ id: billingSubscriptions.id });
      return claimed.length > 0;
    },

    findUser: (id: string): Promise<UserRow | undefined> => createAccountsStore(db).findById(id),

    async insertBillingSubscription(
      values: typeof billingSubscriptions.$inferInsert,
    ): Promise<BillingSubscriptionRow> {
      await db
        .insert(billingSubscriptions)
        .values(values)
        .onConflictDoNothing({
          target: [billingSubscriptions.provider, billingSubscriptions.providerSubscriptionId],
        });
      const [row] = await db
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.provider, values.provider),
            eq(billingSubscriptions.providerSubscriptionId, values.providerSubscriptionId),
          ),
        );
      if (!row) throw new Error('billing subscription vanished');
      return row;
    },

    /** The subscription behind a provider's id, locked for the rest of the transaction. */
    async lockBillingSubscription(
      provider: string,
      providerSubscriptionId: string,
    ): Promise<BillingSubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.provider, provider),
            eq(billingSubscriptions.providerSubscriptionId, providerSubscriptionId),
          ),
        )
        .for('update');
      return row;
    },

    /**
     * This person's latest subscription for the purpose that still renews (or tries to), other
     * than `except` when given.
     */
    async findLiveBillingSubscription(
      userId: string,
      purpose: BillingPurpose,
      except?: string,
    ): Promise<BillingSubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.userId, userId),
            eq(billingSubscriptions.purpose, purpose),
            inArray(billingSubscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
            except ? ne(billingSubscriptions.id, except) : undefined,
          ),
        )
        .orderBy(desc(billingSubscriptions.createdAt))
        .limit(1);
      return row;
    },

    async updateBillingSubscription(
      id: string,
      values: Partial<
        Pick<BillingSubscriptionRow, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'lastEventAt'>
      >,
    ): Promise<void> {
      await db
        .update(billingSubscriptions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(billingSubscriptions.id, id));
    },

    /** Demo subscriptions whose paid period has ended (renew, or end if cancelled). */
    async dueDemoSubscriptions(at: Date, limit: number): Promise<BillingSubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.provider, 'demo'),
            eq(billingSubscriptions.status, 'active'),
            lte(billingSubscriptions.currentPeriodEnd, at),
          ),
        )
        .orderBy(billingSubscriptions.currentPeriodEnd)
        .limit(limit);
    },

    // ── accounts and profiles ───────────────────────────────────────────────────────────────────
    /** The account, locked: every change of its access happens one at a time. */
    lockUser: (id: string) => createAccountsStore(db).findById(id, true),

    setAccess: async (
      id: string,
      values: Pick<UserRow, 'subscriptionStatus' | 'subscriptionType' | 'subscriptionExpiresAt'>,
      at: Date,
    ): Promise<void> => {
      await createAccountsStore(db).update(id, values, at);
    },

    /** Keeps the first Stripe customer recorded for an account. */
    setStripeCustomerId: (userId: string, customerId: string) =>
      createAccountsStore(db).setStripeCustomerId(userId, customerId),

    findCarerProfile: (userId: string) => createCarerProfilesStore(db).findByUserId(userId),

    /** Lists the carer's profile no longer than `until` (never lengthens a listing). */
    shortenListing: (userId: string, until: Date) =>
      createCarerProfilesStore(db).shortenListing(userId, until),

    /** Lists the carer's profile at least until `until` (never shortens a listing). */
    extendListing: (userId: string, until: Date) => createCarerProfilesStore(db).extendListing(userId, until),
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
