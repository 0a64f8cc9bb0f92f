import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody } from '@contracts/errors';
import { SendMessageInput, SentMessage } from '@contracts/messages';
import { requireUser } from '../../platform/sessions/session.plugin';
import type { MessagingService } from './messaging.service';

export function registerMessagingRoutes(app: FastifyInstance, messaging: MessagingService) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/messages',
    {
      schema: {
        tags: ['messages'],
        summary: 'Send a message to a carer (customers with an active subscription)',
        body: SendMessageInput,
        response: { 201: SentMessage, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await messaging.send(requireUser(request), request.body)),
  );
}
