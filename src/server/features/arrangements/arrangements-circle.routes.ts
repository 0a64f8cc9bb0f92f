import type { FastifyInstance } from 'fastify';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';
import { requireUser, SIGNED_IN } from '../../platform/sessions/session.plugin';
import type { ArrangementsService } from './arrangements.service';

/** What the family's circle does on an arrangement beyond what the two people do (decision 0036). */
export function registerArrangementsCircleRoutes(app: FastifyInstance, arrangements: ArrangementsService) {
  defineRoute(
    app,
    endpoints.circle.postBookingsByIdCircleMessages,
    {
      config: { ...SIGNED_IN, keepsAccount: true, creates: true },
      schema: {
        tags: ['family circle'],
        summary: 'Write to the carer for the family ("can arrange" members of its circle)',
      },
    },
    async (request, reply) => {
      await arrangements.messageCarer(requireUser(request), request.params.id, request.body.content);
      return reply.status(201).send({ done: true as const });
    },
  );
}
