import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { arrangements, conversations, messages, reviews } from '../../db/schema';
import { createAccountsStore } from '../auth';
import { createCarerProfilesStore } from '../carers';
import { inRefundedAccess } from '../subscriptions';

/** The two fields of a carer profile the review rules need. */
export interface ReviewedCarer {
  id: string;
  /** The carer's account; null for a profile without one (nobody can reply from it). */
  userId: string | null;
}

export type ReviewRow = typeof reviews.$inferSelect;

export function createReviewsRepository(db: Executor) {
  const profiles = createCarerProfilesStore(db);
  const accounts = createAccountsStore(db);
  const reviewed = (row: { id: string; userId: string | null } | undefined): ReviewedCarer | undefined =>
    row && { id: row.id, userId: row.userId };

  return {
    findCarer: async (carerId: string) => reviewed(await profiles.findById(carerId)),

    /**
     * The same, row-locked until the transaction ends: every review write for one carer takes this
     * lock first, so their recounts run one after another and the last one sees every row.
     * FOR NO KEY UPDATE (the lock an UPDATE of the row takes anyway) rather than FOR UPDATE, so
     * messages and conversations that only reference the carer are not made to wait.
     */
    lockCarer: async (carerId: string) => reviewed(await profiles.lock(carerId, 'no key update')),

    /** Whether the carer's account is suspended (safeguarding). */
    async carerSuspended(carer: ReviewedCarer): Promise<boolean> {
      if (!carer.userId) return false;
      return Boolean((await accounts.findById(carer.userId))?.suspendedAt);
    },

    /**
     * Whether the customer may review the carer: the two were in touch (each wrote in their
     * conversation; a carer's answer to a care request alone is not contact), or they
     * had an accepted arrangement. What the customer did on access since refunded does not count
     * (decision 0029): neither their messages then nor an arrangement they proposed then.
     */
    async mayReview(carer: ReviewedCarer, customerId: string): Promise<boolean> {
      if (!carer.userId) return false;
      const wroteIn = (senderId: string, also: SQL = sql`true`) =>
        sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${conversations.id}
          and ${messages.senderId} = ${senderId} and ${also})`;
      const [inTouch] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(
          and(
            eq(conversations.carerId, carer.id),
            eq(conversations.customerId, customerId),
            wroteIn(carer.userId),
            wroteIn(customerId, sql`not ${inRefundedAccess(conversations.customerId, messages.createdAt)}`),
          ),
        )
        .limit(1);
      if (inTouch) return true;
      const [arranged] = await db
        .select({ id: arrangements.id })
        .from(arrangements)
        .where(
          and(
            eq(arrangements.carerId, carer.id),
            eq(arrangements.customerId, customerId),
            inArray(arrangements.status, ['accepted', 'ended']),
            sql`not ${inRefundedAccess(arrangements.customerId, arrangements.createdAt)}`,
          ),
        )
        .limit(1);
      return arranged !== undefined;
    },

    async findByAuthor(carerId: string, customerId: string): Promise<ReviewRow | undefined> {
      const [row] = await db
        .select()
        .from(reviews)
        .where(and(eq(reviews.carerId, carerId), eq(reviews.customerId, customerId)));
      return row;
    },

    async insert(values: { carerId: string; customerId: string; rating: number; comment: string; at: Date }) {
      const [row] = await db
        .insert(reviews)
        .values({
          carerId: values.carerId,
          customerId: values.customerId,
          rating: values.rating,
          comment: values.comment,
          createdAt: values.at,
          updatedAt: values.at,
        })
        .returning();
      if (!row) throw new Error('insert into reviews returned no row');
      return row;
    },

    async update(id: string, values: { rating: number; comment: string; at: Date }) {
      const [row] = await db
        .update(reviews)
        .set({ rating: values.rating, comment: values.comment, updatedAt: values.at })
        .where(eq(reviews.id, id))
        .returning();
      if (!row) throw new Error(`review ${id} vanished`);
      return row;
    },

    /** The carer's rating, review count and ranking score, recomputed from the reviews rows (carers' store). */
    recountCarer: profiles.recountReviews,
  };
}
export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
