import { CARER_MESSAGES } from '@contracts/carers';
import {
  REVIEW_MESSAGES,
  type MyReview,
  type MyReviewState,
  type ReviewInput,
  type SavedReview,
} from '@contracts/reviews';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { createReviewsRepository, type ReviewRow, type ReviewsRepository } from './reviews.repository';
import { assertEmailConfirmed } from '../auth';

interface ReviewsServiceDeps {
  reviews: ReviewsRepository;
  db: Database;
  now?: () => Date;
}

const toMyReview = (row: ReviewRow): MyReview => ({
  id: row.id,
  rating: row.rating,
  comment: row.comment,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * A customer reviews a carer once the carer has replied to them in their conversation:
 * that is the proof they were really in touch. The subscription does not matter here, so a
 * customer whose plan ended can still review a carer they talked to.
 */
export function createReviewsService({ reviews, db, now = () => new Date() }: ReviewsServiceDeps) {
  return {
    async mine(carerId: string, viewer: UserRow): Promise<MyReviewState> {
      const carer = await reviews.findCarer(carerId);
      if (!carer) throw AppError.notFound(CARER_MESSAGES.carerNotFound);
      if (viewer.role !== 'customer') return { eligible: false, review: null };
      const [eligible, review] = await Promise.all([
        reviews.mayReview(carer, viewer.id),
        reviews.findByAuthor(carer.id, viewer.id),
      ]);
      return { eligible, review: review ? toMyReview(review) : null };
    },

    /**
     * Writes the customer's one review of the carer (or changes it) and the carer's new rating
     * and review count in one transaction, under a lock on the carer's row.
     */
    async save(
      carerId: string,
      author: UserRow,
      input: ReviewInput,
    ): Promise<{ created: boolean; saved: SavedReview }> {
      if (!(await reviews.findCarer(carerId))) throw AppError.notFound(CARER_MESSAGES.carerNotFound);
      if (author.role !== 'customer') throw AppError.forbidden(REVIEW_MESSAGES.onlyCustomers);
      assertEmailConfirmed(author);
      const at = now();
      return db.transaction(async (tx) => {
        const repository = createReviewsRepository(tx);
        const carer = await repository.lockCarer(carerId);
        if (!carer) throw AppError.notFound(CARER_MESSAGES.carerNotFound);
        if (!(await repository.mayReview(carer, author.id))) {
          throw AppError.forbidden(REVIEW_MESSAGES.notEligible);
        }
        // While safeguarding looks into a suspended carer, their rating stays as it was: no review
        // is added or changed (a report is the way to tell us).
        if (await repository.carerSuspended(carer)) throw AppError.forbidden(REVIEW_MESSAGES.carerSuspended);
        // The carer's row lock also puts two saves by the same customer in line, so this
        // look-up cannot race with another insert of the same review.
        const existing = await repository.findByAuthor(carer.id, author.id);
        const values = { rating: input.rating, comment: input.comment, at };
        const review = existing
          ? await repository.update(existing.id, values)
          : await repository.insert({ ...values, carerId: carer.id, customerId: author.id });
        const figures = await repository.recountCarer(carer.id);
        return { created: !existing, saved: { review: toMyReview(review), carer: figures } };
      });
    },
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
