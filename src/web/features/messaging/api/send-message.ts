import { useQueryClient } from '@tanstack/react-query';
import type { SendMessageInput } from '@contracts/messaging';
import { refreshMessages } from '@web/features/messaging/api/messaging-api';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { useSendOnceMutation } from '@web/lib/use-send-once';

/** receiverId is the carer's account (PublicCarer.userId). */
export async function sendMessage(input: SendMessageInput): Promise<void> {
  await api(endpoints.messaging.postMessages, { body: input });
}

/**
 * Sends a message; afterwards every messages query is refreshed (product §7): the inbox, the
 * threads and the header's unread count.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: sendMessage,
    onSuccess: () => refreshMessages(queryClient),
  });
}
