import { z } from 'zod';
import {
  BlockState,
  ConversationList,
  ConversationThread,
  MarkedRead,
  ReplyInput,
  SendMessageInput,
  SentMessage,
  UnreadCount,
} from '../messaging';
import { endpoint } from './endpoint';

// Any string: the service answers a malformed id with the same 404 as someone else's conversation.
const ConversationParams = z.object({ id: z.string() });

export const messagingEndpoints = {
  // 429: its hourly limit.
  postMessages: endpoint({
    method: 'POST',
    path: '/api/messages',
    body: SendMessageInput,
    responses: { 201: SentMessage },
    errors: [400, 401, 403, 404, 429],
  }),
  getMessagesUnread: endpoint({
    method: 'GET',
    path: '/api/messages/unread',
    responses: { 200: UnreadCount },
    errors: [401],
  }),
  getConversations: endpoint({
    method: 'GET',
    path: '/api/conversations',
    responses: { 200: ConversationList },
    errors: [401],
  }),
  getConversationsById: endpoint({
    method: 'GET',
    path: '/api/conversations/:id',
    params: ConversationParams,
    responses: { 200: ConversationThread },
    errors: [401, 404],
  }),
  // 409: a reply to someone who is gone.
  postConversationsByIdMessages: endpoint({
    method: 'POST',
    path: '/api/conversations/:id/messages',
    params: ConversationParams,
    body: ReplyInput,
    responses: { 201: SentMessage },
    errors: [400, 401, 403, 404, 409],
  }),
  postConversationsByIdRead: endpoint({
    method: 'POST',
    path: '/api/conversations/:id/read',
    params: ConversationParams,
    responses: { 200: MarkedRead },
    errors: [401, 404],
  }),
  postConversationsByIdBlock: endpoint({
    method: 'POST',
    path: '/api/conversations/:id/block',
    params: ConversationParams,
    responses: { 200: BlockState },
    errors: [401, 404, 409],
  }),
  deleteConversationsByIdBlock: endpoint({
    method: 'DELETE',
    path: '/api/conversations/:id/block',
    params: ConversationParams,
    responses: { 200: BlockState },
    errors: [401, 404, 409],
  }),
};
