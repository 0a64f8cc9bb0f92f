import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@contracts/errors';
import { MyReviewState, REVIEW_MESSAGES, ReviewInput, SavedReview } from '@contracts/reviews';
import { requireUser, SIGNED_IN, onlyRoles } from '../../platform/sessions/session.plugin';
import type { ReviewsService } from './reviews.service';
import { endpoints } from '@contracts/endpoints';
import { defineRoute } from '../../platform/define-route';

const IdParams = z.object({ id: z.string().max(64) });

/** The viewer's own review of a carer; the public list stays in the carers feature. */
export function registerReviewsRoutes(app: FastifyInstance, reviews: ReviewsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  defineRoute(
    api,
    endpoints.reviews.getCarersByIdReviewsMine,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['reviews'],
        summary: 'Whether you may review this carer, and your review if you wrote one',
        params: IdParams,
        response: { 200: MyReviewState, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reviews.mine(request.params.id, requireUser(request));
    },
  );

  defineRoute(
    api,
    endpoints.reviews.putCarersByIdReviewsMine,
    {
      config: { ...onlyRoles(['customer'], REVIEW_MESSAGES.onlyCustomers), creates: true },
      schema: {
        tags: ['reviews'],
        summary: 'Write or change your review of a carer (customers the carer has replied to)',
        params: IdParams,
        body: ReviewInput,
        response: {
          200: SavedReview,
          201: SavedReview,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { created, saved } = await reviews.save(request.params.id, requireUser(request), request.body);
      return reply.status(created ? 201 : 200).send(saved);
    },
  );
}
