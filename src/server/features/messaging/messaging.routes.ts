import type { FastifyInstance } from 'fastify';
import { MESSAGE_MESSAGES } from '@contracts/messaging';
import { requireUser, SIGNED_IN, onlyRoles } from '../../platform/sessions/session.plugin';
import type { MessagingService } from './messaging.service';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';

export function registerMessagingRoutes(app: FastifyInstance, messaging: MessagingService) {
  defineRoute(
    app,
    endpoints.messaging.postMessages,
    {
      config: {
        ...onlyRoles(['customer'], MESSAGE_MESSAGES.onlyCustomers),
        keepsAccount: true,
        creates: true,
      },
      schema: {
        tags: ['messages'],
        summary: 'Send a message to a carer (customers with an active subscription)',
      },
    },
    async (request, reply) =>
      reply.status(201).send(await messaging.send(requireUser(request), request.body)),
  );

  defineRoute(
    app,
    endpoints.messaging.getMessagesUnread,
    {
      config: SIGNED_IN,
      schema: { tags: ['messages'], summary: 'How many messages to the signed-in user are unread' },
    },
    async (request) => messaging.unread(requireUser(request)),
  );

  defineRoute(
    app,
    endpoints.messaging.getConversations,
    {
      config: SIGNED_IN,
      schema: { tags: ['messages'], summary: "The signed-in user's conversations, most recent first" },
    },
    async (request) => messaging.list(requireUser(request)),
  );

  defineRoute(
    app,
    endpoints.messaging.getConversationsById,
    {
      config: SIGNED_IN,
      schema: { tags: ['messages'], summary: 'One conversation, oldest message first (its two people only)' },
    },
    async (request) => messaging.thread(requireUser(request), request.params.id),
  );

  defineRoute(
    app,
    endpoints.messaging.postConversationsByIdMessages,
    {
      config: {
        ...SIGNED_IN,
        keepsAccount: true,
        creates: true,
        // The conversation is read while the request claims its action (decision 0033).
        readsBeside: (request) =>
          messaging.replyHead(requireUser(request), (request.params as { id: string }).id),
      },
      schema: {
        tags: ['messages'],
        summary: 'Write in a conversation (the customer needs an active subscription)',
      },
    },
    async (request, reply) => {
      const head = request.readsBeside as ReturnType<MessagingService['replyHead']> | undefined;
      const sent = await messaging.reply(requireUser(request), request.params.id, request.body, head);
      return reply.status(201).send(sent);
    },
  );

  defineRoute(
    app,
    endpoints.messaging.postConversationsByIdRead,
    {
      config: { ...SIGNED_IN, keepsAccount: true },
      schema: {
        tags: ['messages'],
        summary: 'Mark the messages to the signed-in user in this conversation as read',
      },
    },
    async (request) => messaging.markRead(requireUser(request), request.params.id),
  );

  defineRoute(
    app,
    endpoints.messaging.postConversationsByIdBlock,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['messages'],
        summary: 'Block the other person of this conversation (no messages either way)',
      },
    },
    async (request) => messaging.block(requireUser(request), request.params.id),
  );

  defineRoute(
    app,
    endpoints.messaging.deleteConversationsByIdBlock,
    {
      config: SIGNED_IN,
      schema: { tags: ['messages'], summary: 'Lift your block of the other person of this conversation' },
    },
    async (request) => messaging.unblock(requireUser(request), request.params.id),
  );
}
