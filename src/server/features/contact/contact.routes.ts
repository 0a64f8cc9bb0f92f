import type { FastifyInstance } from 'fastify';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';
import type { ContactService } from './contact.service';

export function registerContactRoutes(app: FastifyInstance, contact: ContactService) {
  defineRoute(
    app,
    endpoints.contact.post,
    {
      config: { creates: true },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to CareMatch support (anyone; limited per network address)',
      },
      // Counted before the body is even parsed, so a flood of invalid bodies is refused too.
      onRequest: async (request) => {
        await contact.admit(request.ip);
      },
    },
    async (request, reply) =>
      reply.status(201).send(await contact.submit(request.body, { userId: request.user?.id ?? null })),
  );
}
