// Care requests near the signed-in carer, and their answers.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CareRequestResponseInput, NearbyCareRequests } from '@contracts/care-requests';
import { refreshMessages } from '@web/features/messaging';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { useSendOnceMutation } from '@web/lib/use-send-once';

export const nearbyCareRequestsQueryKey = ['/api/care-requests/nearby'] as const;

export const nearbyCareRequestsQueryOptions = queryOptions({
  queryKey: nearbyCareRequestsQueryKey,
  queryFn: ({ signal }) => api(endpoints.careRequests.getNearby, { signal }),
});

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
      queryClient.setQueryData<NearbyCareRequests>(nearbyCareRequestsQueryKey, (list) =>
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
