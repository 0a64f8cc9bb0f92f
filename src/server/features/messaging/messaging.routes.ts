import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@contracts/errors';
import {
  BlockState,
  ConversationList,
  ConversationThread,
  MarkedRead,
  ReplyInput,
  SendMessageInput,
  SentMessage,
  UnreadCount,
  MESSAGE_MESSAGES,
} from '@contracts/messaging';
import { requireUser, SIGNED_IN, onlyRoles } from '../../platform/sessions/session.plugin';
import type { MessagingService } from './messaging.service';
import { endpoints } from '@contracts/endpoints';
import { defineRoute } from '../../platform/define-route';

// Any string: the service answers a malformed id with the same 404 as someone else's conversation.
const ConversationParams = z.object({ id: z.string() });
/** What sending can answer besides 201 (429: POST /api/messages' hourly limit; 409: a reply to someone gone). */
const sendErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } as const;

export function registerMessagingRoutes(app: FastifyInstance, messaging: MessagingService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  defineRoute(
    routes,
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
        body: SendMessageInput,
        response: { 201: SentMessage, ...sendErrors, 429: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await messaging.send(requireUser(request), request.body)),
  );

  defineRoute(
    routes,
    endpoints.messaging.getMessagesUnread,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['messages'],
        summary: 'How many messages to the signed-in user are unread',
        response: { 200: UnreadCount, 401: ErrorBody },
      },
    },
    async (request) => messaging.unread(requireUser(request)),
  );

  defineRoute(
    routes,
    endpoints.messaging.getConversations,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['messages'],
        summary: "The signed-in user's conversations, most recent first",
        response: { 200: ConversationList, 401: ErrorBody },
      },
    },
    async (request) => messaging.list(requireUser(request)),
  );

  defineRoute(
    routes,
    endpoints.messaging.getConversationsById,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['messages'],
        summary: 'One conversation, oldest message first (its two people only)',
        params: ConversationParams,
        response: { 200: ConversationThread, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => messaging.thread(requireUser(request), request.params.id),
  );

  defineRoute(
    routes,
    endpoints.messaging.postConversationsByIdMessages,
    {
      config: { ...SIGNED_IN, keepsAccount: true, creates: true },
      schema: {
        tags: ['messages'],
        summary: 'Write in a conversation (the customer needs an active subscription)',
        params: ConversationParams,
        body: ReplyInput,
        response: { 201: SentMessage, ...sendErrors, 409: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await messaging.reply(requireUser(request), request.params.id, request.body)),
  );

  defineRoute(
    routes,
    endpoints.messaging.postConversationsByIdRead,
    {
      config: { ...SIGNED_IN, keepsAccount: true },
      schema: {
        tags: ['messages'],
        summary: 'Mark the messages to the signed-in user in this conversation as read',
        params: ConversationParams,
        response: { 200: MarkedRead, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => messaging.markRead(requireUser(request), request.params.id),
  );

  defineRoute(
    routes,
    endpoints.messaging.postConversationsByIdBlock,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['messages'],
        summary: 'Block the other person of this conversation (no messages either way)',
        params: ConversationParams,
        response: { 200: BlockState, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => messaging.block(requireUser(request), request.params.id),
  );

  defineRoute(
    routes,
    endpoints.messaging.deleteConversationsByIdBlock,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['messages'],
        summary: 'Lift your block of the other person of this conversation',
        params: ConversationParams,
        response: { 200: BlockState, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => messaging.unblock(requireUser(request), request.params.id),
  );
}
