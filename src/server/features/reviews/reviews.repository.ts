import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { arrangements, carerProfiles, conversations, messages, reviews, users } from '../../db/schema';
import { isUuid } from '../../platform/ids';
import { rankScoreSql } from '../carers/carer-ranking';

/** The two fields of a carer profile the review rules need. */
export interface ReviewedCarer {
  id: string;
  /** The carer's account; null for a profile without one (nobody can reply from it). */
  userId: string | null;
}

export type ReviewRow = typeof reviews.$inferSelect;

export function createReviewsRepository(db: Executor) {
  const carerColumns = { id: carerProfiles.id, userId: carerProfiles.userId };

  return {
    async findCarer(carerId: string): Promise<ReviewedCarer | undefined> {
      if (!isUuid(carerId)) return undefined;
      const [row] = await db.select(carerColumns).from(carerProfiles).where(eq(carerProfiles.id, carerId));
      return row;
    },

    /**
     * The same, row-locked until the transaction ends: every review write for one carer takes this
     * lock first, so their recounts run one after another and the last one sees every row.
     * FOR NO KEY UPDATE (the lock an UPDATE of the row takes anyway) rather than FOR UPDATE, so
     * messages and conversations that only reference the carer are not made to wait.
     */
    async lockCarer(carerId: string): Promise<ReviewedCarer | undefined> {
      if (!isUuid(carerId)) return undefined;
      const [row] = await db
        .select(carerColumns)
        .from(carerProfiles)
        .where(eq(carerProfiles.id, carerId))
        .for('no key update');
      return row;
    },

    /** Whether the carer's account is suspended (safeguarding). */
    async carerSuspended(carer: ReviewedCarer): Promise<boolean> {
      if (!carer.userId) return false;
      const [row] = await db
        .select({ suspendedAt: users.suspendedAt })
        .from(users)
        .where(eq(users.id, carer.userId))
        .limit(1);
      return Boolean(row?.suspendedAt);
    },

    /** Whether the carer's account wrote at least one message in a conversation with this customer. */
    /**
     * Whether the customer may review the carer: the two were in touch (each wrote in their
     * conversation; a carer's answer to a care request alone is not contact, issue 20), or they
     * had an accepted arrangement.
     */
    async mayReview(carer: ReviewedCarer, customerId: string): Promise<boolean> {
      if (!carer.userId) return false;
      const wroteIn = (senderId: string) =>
        sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${conversations.id}
          and ${messages.senderId} = ${senderId})`;
      const [inTouch] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(
          and(
            eq(conversations.carerId, carer.id),
            eq(conversations.customerId, customerId),
            wroteIn(carer.userId),
            wroteIn(customerId),
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

    /**
     * Recomputes the carer's figures from the reviews table itself (never by adding to the stored
     * ones, so they cannot drift), then the ranking score that depends on them. Two statements:
     * in one UPDATE the score would still read the old rating.
     */
    async recountCarer(carerId: string): Promise<{ rating: string; reviewCount: number }> {
      await db
        .update(carerProfiles)
        .set({
          rating: sql`(select coalesce(round(avg(${reviews.rating}), 2), 0) from ${reviews} where ${reviews.carerId} = ${carerId})`,
          reviewCount: sql`(select count(*)::int from ${reviews} where ${reviews.carerId} = ${carerId})`,
        })
        .where(eq(carerProfiles.id, carerId));
      const [row] = await db
        .update(carerProfiles)
        .set({ rankScore: sql`${rankScoreSql}` })
        .where(eq(carerProfiles.id, carerId))
        .returning({ rating: carerProfiles.rating, reviewCount: carerProfiles.reviewCount });
      if (!row) throw new Error(`carer profile ${carerId} vanished`);
      return row;
    },
  };
}
export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
