// What a participant does inside one conversation: reply, mark as read, block and unblock.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BlockState,
  ConversationThread,
  MarkedRead,
  ReplyInput,
  SentMessage,
} from '@contracts/messages';
import {
  conversationQueryKey,
  conversationsQueryKey,
  refreshMessages,
  unreadCountQueryKey,
} from '@web/components/messaging/messaging-api';
import { apiRequest } from '@web/lib/api-client';

const conversationUrl = (conversationId: string) =>
  `/api/conversations/${encodeURIComponent(conversationId)}`;

/** POST /api/conversations/{id}/messages; the thread and inbox are refetched afterwards. */
export function useReply(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReplyInput): Promise<SentMessage> => {
      const response = await apiRequest('POST', `${conversationUrl(conversationId)}/messages`, input);
      return (await response.json()) as SentMessage;
    },
    // A refusal may mean the situation changed (a block, an ended plan): the thread says why.
    onSettled: () => refreshMessages(queryClient, conversationId),
  });
}

/** POST /api/conversations/{id}/read: the messages to the viewer are read now. */
export function useMarkRead(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<MarkedRead> => {
      const response = await apiRequest('POST', `${conversationUrl(conversationId)}/read`);
      return (await response.json()) as MarkedRead;
    },
    onSuccess: async () => {
      // Zero at once, so the thread does not ask again before its refetch arrives.
      queryClient.setQueryData<ConversationThread>(conversationQueryKey(conversationId), (thread) =>
        thread ? { ...thread, unreadCount: 0 } : thread,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: unreadCountQueryKey }),
      ]);
    },
  });
}

/** POST (block) or DELETE (unblock) /api/conversations/{id}/block: the other person of the thread. */
export function useSetBlocked(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (block: boolean): Promise<BlockState> => {
      const response = await apiRequest(
        block ? 'POST' : 'DELETE',
        `${conversationUrl(conversationId)}/block`,
      );
      return (await response.json()) as BlockState;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationQueryKey(conversationId) }),
  });
}
