// What a participant does inside one conversation: reply, mark as read, block and unblock.
import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { BlockState, MarkedRead, ReplyInput, SentMessage } from '@contracts/messaging';
import {
  conversationQueryKey,
  conversationsQueryKey,
  refreshMessages,
  unreadCountQueryKey,
} from '@web/features/messaging/api/messaging-api';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { useSendOnceMutation } from '@web/lib/use-send-once';

/** POST /api/conversations/{id}/messages; the thread and inbox are refetched afterwards. */
export function useReply(conversationId: string) {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: async (input: ReplyInput): Promise<SentMessage> => {
      return api(endpoints.messaging.postConversationsByIdMessages, {
        params: { id: conversationId },
        body: input,
      });
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
      return api(endpoints.messaging.postConversationsByIdRead, { params: { id: conversationId } });
    },
    onSuccess: async () => {
      // Zero at once, so the thread does not ask again before its refetch arrives.
      queryClient.setQueryData(conversationQueryKey(conversationId), (thread) =>
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
      const endpoint = block
        ? endpoints.messaging.postConversationsByIdBlock
        : endpoints.messaging.deleteConversationsByIdBlock;
      return api(endpoint, { params: { id: conversationId } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationQueryKey(conversationId) }),
  });
}
