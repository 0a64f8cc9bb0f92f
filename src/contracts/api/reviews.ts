import { MyReviewState, ReviewInput, SavedReview } from '../reviews';
import { endpoint, IdParams } from './endpoint';

/** The viewer's own review of a carer; the public list is the carers' (GET /api/carers/:id/reviews). */
export const reviewsEndpoints = {
  getCarersByIdReviewsMine: endpoint({
    method: 'GET',
    path: '/api/carers/:id/reviews/mine',
    params: IdParams,
    responses: { 200: MyReviewState },
    errors: [400, 401, 404],
  }),
  // 201 for a new review, 200 for a changed one.
  putCarersByIdReviewsMine: endpoint({
    method: 'PUT',
    path: '/api/carers/:id/reviews/mine',
    params: IdParams,
    body: ReviewInput,
    responses: { 200: SavedReview, 201: SavedReview },
    errors: [400, 401, 403, 404],
  }),
};
