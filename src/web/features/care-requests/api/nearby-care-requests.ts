// Care requests near the signed-in carer, and their answers.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CareRequestResponseInput } from '@contracts/care-requests';
import { refreshMessages } from '@web/features/messaging';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { endpointQuery } from '@web/lib/query-keys';
import { useSendOnceMutation } from '@web/lib/use-send-once';

export const nearbyCareRequestsQueryOptions = endpointQuery(endpoints.careRequests.getNearby);
const nearbyCareRequestsQueryKey = nearbyCareRequestsQueryOptions.queryKey;

/** Loaded when the Requests tab first opens. */
export function useNearbyCareRequests(enabled: boolean) {
  return useQuery({ ...nearbyCareRequestsQueryOptions, enabled });
}

/** POST /api/care-requests/{id}/responses: the answer opens (or continues) the conversation. */
export function useAnswerCareRequest(id: string) {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: async (input: CareRequestResponseInput): Promise<{ conversationId: string }> => {
      return api(endpoints.careRequests.postByIdResponses, { params: { id }, body: input });
    },
    onSuccess: ({ conversationId }) => {
      queryClient.setQueryData(nearbyCareRequestsQueryKey, (list) =>
        list
          ? {
              items: list.items.map((item) =>
                item.id === id ? { ...item, respondedConversationId: conversationId } : item,
              ),
            }
          : list,
      );
      // The answer is a message: the inbox and that conversation have it.
      void refreshMessages(queryClient, conversationId);
    },
    // Answered elsewhere, closed or out of reach meanwhile: show the list as it now is.
    onError: () => void queryClient.invalidateQueries({ queryKey: nearbyCareRequestsQueryKey }),
  });
}
