import type { FastifyInstance } from 'fastify';
import { ContactEnquiryInput, ContactEnquiryReceipt } from '@contracts/contact';
import { endpoints } from '@contracts/endpoints';
import { ErrorBody } from '@contracts/errors';
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
        body: ContactEnquiryInput,
        response: { 201: ContactEnquiryReceipt, 400: ErrorBody, 403: ErrorBody, 429: ErrorBody },
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
