import { and, desc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  carePaymentAccounts,
  carePaymentAttempts,
  carePaymentDisputes,
  carePayouts,
  careSavedCards,
  type CarePaymentAccountRow,
  type CarePaymentAttemptRow,
  type CarePaymentDisputeRow,
  type CarePayoutRow,
  type CareSavedCardRow,
} from '../../db/schema';
import type { ConnectedAccountState, ConnectedAccountStatus } from '../../platform/payments/payment-provider';

const LIVE_STATUSES = ['pending', 'requires_payment', 'processing', 'succeeded'] as const;

export function createCarePaymentsRepository(db: Executor) {
  return {
    executor: db,

    // ── connected accounts ───────────────────────────────────────────────────────────────────
    async accountOfUser(userId: string): Promise<CarePaymentAccountRow | undefined> {
      const [row] = await db.select().from(carePaymentAccounts).where(eq(carePaymentAccounts.userId, userId));
      return row;
    },

    async accountById(provider: string, accountId: string): Promise<CarePaymentAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(carePaymentAccounts)
        .where(and(eq(carePaymentAccounts.provider, provider), eq(carePaymentAccounts.accountId, accountId)));
      return row;
    },

    /** The carer's account, once: a second insert (two clicks) changes nothing. */
    async insertAccount(values: { userId: string; provider: string; accountId: string }): Promise<void> {
      await db.insert(carePaymentAccounts).values(values).onConflictDoNothing();
    },

    /** The provider's description of the account, unless a newer one was applied already. */
    async applyAccountState(
      provider: string,
      state: ConnectedAccountState,
      status: ConnectedAccountStatus,
      occurredAt: Date,
    ): Promise<CarePaymentAccountRow | undefined> {
      const [row] = await db
        .update(carePaymentAccounts)
        .set({
          status,
          chargesEnabled: state.chargesEnabled,
          payoutsEnabled: state.payoutsEnabled,
          detailsSubmitted: state.detailsSubmitted,
          requirementsDue: state.requirementsDue,
          lastEventAt: occurredAt,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(carePaymentAccounts.provider, provider),
            eq(carePaymentAccounts.accountId, state.accountId),
            or(isNull(carePaymentAccounts.lastEventAt), lte(carePaymentAccounts.lastEventAt, occurredAt)),
          ),
        )
        .returning();
      return row;
    },

    // ── payment attempts ─────────────────────────────────────────────────────────────────────
    async liveAttempt(invoiceId: string): Promise<CarePaymentAttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(carePaymentAttempts)
        .where(
          and(
            eq(carePaymentAttempts.invoiceId, invoiceId),
            inArray(carePaymentAttempts.status, LIVE_STATUSES),
          ),
        );
      return row;
    },

    async latestAttempt(invoiceId: string): Promise<CarePaymentAttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(carePaymentAttempts)
        .where(eq(carePaymentAttempts.invoiceId, invoiceId))
        .orderBy(desc(carePaymentAttempts.attempt))
        .limit(1);
      return row;
    },

    async attemptById(id: string): Promise<CarePaymentAttemptRow | undefined> {
      const [row] = await db.select().from(carePaymentAttempts).where(eq(carePaymentAttempts.id, id));
      return row;
    },

    async attemptByReference(
      provider: string,
      reference: string,
    ): Promise<CarePaymentAttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(carePaymentAttempts)
        .where(
          and(
            eq(carePaymentAttempts.provider, provider),
            eq(carePaymentAttempts.providerReference, reference),
          ),
        );
      return row;
    },

    /**
     * A new live attempt for the invoice, numbered after the last; undefined when one is live
     * already (a second click or tab: the unique index on the live attempt refuses the second).
     */
    async insertAttempt(
      values: Omit<typeof carePaymentAttempts.$inferInsert, 'attempt' | 'status'>,
    ): Promise<CarePaymentAttemptRow | undefined> {
      const [row] = await db
        .insert(carePaymentAttempts)
        .values({
          ...values,
          attempt: sql`(select coalesce(max(${carePaymentAttempts.attempt}), 0) + 1 from ${carePaymentAttempts} where ${carePaymentAttempts.invoiceId} = ${values.invoiceId})`,
          status: 'pending',
        })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /**
     * The provider's answer to a started attempt; the first answer recorded stays, and so does a
     * status it reached meanwhile (a webhook). One statement: a parallel click reading the row never
     * sees the client secret without its status (it would answer "unpaid", with no secret).
     */
    async recordStarted(
      id: string,
      values: { providerReference: string; clientSecret: string; status: 'requires_payment' | 'processing' },
    ): Promise<void> {
      const unanswered = isNull(carePaymentAttempts.providerReference);
      await db
        .update(carePaymentAttempts)
        .set({
          providerReference: sql`case when ${unanswered} then ${values.providerReference} else ${carePaymentAttempts.providerReference} end`,
          clientSecret: sql`case when ${unanswered} then ${values.clientSecret} else ${carePaymentAttempts.clientSecret} end`,
          status: sql`case when ${carePaymentAttempts.status} = 'pending' then ${values.status} else ${carePaymentAttempts.status} end`,
          updatedAt: new Date(),
        })
        .where(eq(carePaymentAttempts.id, id));
    },

    /** The card was not taken (declined, or authentication needed): the same payment can be finished. */
    async recordFailure(
      id: string,
      code: string | null,
      message: string,
    ): Promise<CarePaymentAttemptRow | undefined> {
      const [row] = await db
        .update(carePaymentAttempts)
        .set({
          status: 'requires_payment',
          failureCode: code,
          failureMessage: message,
          updatedAt: new Date(),
        })
        .where(and(eq(carePaymentAttempts.id, id), ne(carePaymentAttempts.status, 'succeeded')))
        .returning();
      return row;
    },

    /** Links an attempt to its provider reference (an event came before our own answer was stored). */
    async claimReference(id: string, reference: string): Promise<void> {
      await db
        .update(carePaymentAttempts)
        .set({ providerReference: reference })
        .where(and(eq(carePaymentAttempts.id, id), isNull(carePaymentAttempts.providerReference)));
    },

    /** Succeeded, once: only the first caller gets the row back. */
    async markSucceeded(id: string, at: Date): Promise<CarePaymentAttemptRow | undefined> {
      const [row] = await db
        .update(carePaymentAttempts)
        .set({ status: 'succeeded', succeededAt: at, failureCode: null, failureMessage: null, updatedAt: at })
        .where(and(eq(carePaymentAttempts.id, id), ne(carePaymentAttempts.status, 'succeeded')))
        .returning();
      return row;
    },

    /** Cumulative refunds: the largest amount heard wins (events come in any order). */
    async recordRefunded(id: string, refundedPence: number): Promise<CarePaymentAttemptRow | undefined> {
      const [row] = await db
        .update(carePaymentAttempts)
        .set({
          refundedPence: sql`least(${carePaymentAttempts.amountPence}, greatest(${carePaymentAttempts.refundedPence}, ${refundedPence}))`,
          updatedAt: new Date(),
        })
        .where(eq(carePaymentAttempts.id, id))
        .returning();
      return row;
    },

    /** The carer's succeeded card payments, newest first (at most 200). */
    async succeededAttemptsOf(carerId: string): Promise<CarePaymentAttemptRow[]> {
      return db
        .select()
        .from(carePaymentAttempts)
        .where(and(eq(carePaymentAttempts.carerId, carerId), eq(carePaymentAttempts.status, 'succeeded')))
        .orderBy(desc(carePaymentAttempts.succeededAt))
        .limit(200);
    },

    async disputesOfAttempts(attemptIds: string[]): Promise<CarePaymentDisputeRow[]> {
      if (attemptIds.length === 0) return [];
      return db.select().from(carePaymentDisputes).where(inArray(carePaymentDisputes.attemptId, attemptIds));
    },

    async payoutsByRef(provider: string, refs: string[]): Promise<CarePayoutRow[]> {
      if (refs.length === 0) return [];
      return db
        .select()
        .from(carePayouts)
        .where(and(eq(carePayouts.provider, provider), inArray(carePayouts.payoutRef, refs)));
    },

    /** What disputes the carer lost took back from an attempt (the family's bank kept it). */
    async lostInDisputes(attemptId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<string | number>`coalesce(sum(${carePaymentDisputes.amountPence}), 0)` })
        .from(carePaymentDisputes)
        .where(and(eq(carePaymentDisputes.attemptId, attemptId), eq(carePaymentDisputes.status, 'lost')));
      return Number(row?.total ?? 0);
    },

    // ── saved cards ──────────────────────────────────────────────────────────────────────────
    async savedCard(userId: string): Promise<CareSavedCardRow | undefined> {
      const [row] = await db.select().from(careSavedCards).where(eq(careSavedCards.userId, userId));
      return row;
    },

    async upsertSavedCard(
      userId: string,
      values: Partial<Omit<typeof careSavedCards.$inferInsert, 'userId'>> & { provider: string },
    ): Promise<CareSavedCardRow> {
      const [row] = await db
        .insert(careSavedCards)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: careSavedCards.userId, set: { ...values, updatedAt: new Date() } })
        .returning();
      return row!;
    },

    // ── disputes ─────────────────────────────────────────────────────────────────────────────
    async disputeByRef(provider: string, disputeRef: string): Promise<CarePaymentDisputeRow | undefined> {
      const [row] = await db
        .select()
        .from(carePaymentDisputes)
        .where(
          and(eq(carePaymentDisputes.provider, provider), eq(carePaymentDisputes.disputeRef, disputeRef)),
        )
        .for('update');
      return row;
    },

    async insertDispute(
      values: typeof carePaymentDisputes.$inferInsert,
    ): Promise<CarePaymentDisputeRow | undefined> {
      const [row] = await db.insert(carePaymentDisputes).values(values).onConflictDoNothing().returning();
      return row;
    },

    async updateDispute(id: string, values: Partial<typeof carePaymentDisputes.$inferInsert>): Promise<void> {
      await db.update(carePaymentDisputes).set(values).where(eq(carePaymentDisputes.id, id));
    },

    // ── payouts ──────────────────────────────────────────────────────────────────────────────
    async upsertPayout(values: typeof carePayouts.$inferInsert & { lastEventAt: Date }): Promise<void> {
      await db
        .insert(carePayouts)
        .values(values)
        .onConflictDoUpdate({
          target: [carePayouts.provider, carePayouts.payoutRef],
          set: {
            status: values.status,
            failureMessage: values.failureMessage ?? null,
            arrivalDate: values.arrivalDate,
            lastEventAt: values.lastEventAt,
          },
          // A payout's paid and failed are final; an older event never overwrites a newer one.
          setWhere: sql`${carePayouts.status} = 'in_transit' and (${carePayouts.lastEventAt} is null or ${carePayouts.lastEventAt} <= ${values.lastEventAt})`,
        });
    },

    async insertPayout(values: typeof carePayouts.$inferInsert): Promise<void> {
      await db.insert(carePayouts).values(values).onConflictDoNothing();
    },

    async payoutsOf(carerId: string): Promise<CarePayoutRow[]> {
      return db
        .select()
        .from(carePayouts)
        .where(eq(carePayouts.carerId, carerId))
        .orderBy(desc(carePayouts.createdAt));
    },

    /** Demo payouts whose day has come arrive (the provider would say so by webhook). */
    async arriveDuePayouts(provider: string, now: Date): Promise<number> {
      const rows = await db
        .update(carePayouts)
        .set({ status: 'paid', lastEventAt: now })
        .where(
          and(
            eq(carePayouts.provider, provider),
            eq(carePayouts.status, 'in_transit'),
            lte(carePayouts.arrivalDate, now),
          ),
        )
        .returning({ id: carePayouts.id });
      return rows.length;
    },
  };
}
export type CarePaymentsRepository = ReturnType<typeof createCarePaymentsRepository>;
