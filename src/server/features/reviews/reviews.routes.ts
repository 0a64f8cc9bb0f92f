import type { FastifyInstance } from 'fastify';
import { REVIEW_MESSAGES } from '@contracts/reviews';
import { requireUser, SIGNED_IN, onlyRoles } from '../../platform/sessions/session.plugin';
import type { ReviewsService } from './reviews.service';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';

/** The viewer's own review of a carer; the public list stays in the carers feature. */
export function registerReviewsRoutes(app: FastifyInstance, reviews: ReviewsService) {
  defineRoute(
    app,
    endpoints.reviews.getCarersByIdReviewsMine,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['reviews'],
        summary: 'Whether you may review this carer, and your review if you wrote one',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reviews.mine(request.params.id, requireUser(request));
    },
  );

  defineRoute(
    app,
    endpoints.reviews.putCarersByIdReviewsMine,
    {
      config: { ...onlyRoles(['customer'], REVIEW_MESSAGES.onlyCustomers), creates: true },
      schema: {
        tags: ['reviews'],
        summary: 'Write or change your review of a carer (customers the carer has replied to)',
      },
    },
    async (request, reply) => {
      const { created, saved } = await reviews.save(request.params.id, requireUser(request), request.body);
      return reply.status(created ? 201 : 200).send(saved);
    },
  );
}
