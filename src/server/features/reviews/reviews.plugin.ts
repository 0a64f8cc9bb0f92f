import { appPlugin } from '../../platform/app-plugin';
import { createReviewsRepository } from './reviews.repository';
import { registerReviewsRoutes } from './reviews.routes';
import { createReviewsService } from './reviews.service';

/** A customer's own review of a carer. */
export const reviewsPlugin = appPlugin('features/reviews', [], async (app, { database: { db } }) => {
  registerReviewsRoutes(app, createReviewsService({ reviews: createReviewsRepository(db), db }));
});
