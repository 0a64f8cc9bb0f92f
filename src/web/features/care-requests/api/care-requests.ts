// A family's own care requests: post, list, edit and close.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type {
  CareRequestInput,
  CareRequestPatch,
  OwnCareRequest,
  OwnCareRequests,
} from '@contracts/care-requests';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { endpointQuery } from '@web/lib/query-keys';
import { useSendOnceMutation } from '@web/lib/use-send-once';

export const myCareRequestsQueryOptions = endpointQuery(endpoints.careRequests.getMine);
const myCareRequestsQueryKey = myCareRequestsQueryOptions.queryKey;

/** `enabled` false for anyone but a family (the read is theirs alone). */
export function useMyCareRequests(enabled = true) {
  return useQuery({ ...myCareRequestsQueryOptions, enabled });
}

/** The list with one request put in (a new one first) or replaced by the server's answer. */
function withRequest(list: OwnCareRequests | undefined, saved: OwnCareRequest): OwnCareRequests | undefined {
  if (!list) return list;
  const found = list.items.some((item) => item.id === saved.id);
  return {
    items: found ? list.items.map((item) => (item.id === saved.id ? saved : item)) : [saved, ...list.items],
  };
}

/** POST /api/care-requests. */
export function usePostCareRequest() {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: async (input: CareRequestInput): Promise<OwnCareRequest> => {
      return api(endpoints.careRequests.post, { body: input });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<OwnCareRequests>(myCareRequestsQueryKey, (list) => withRequest(list, saved));
    },
  });
}

/** PATCH /api/care-requests/{id}: change it, or close it (filled / no longer needed). */
export function useUpdateCareRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: CareRequestPatch): Promise<OwnCareRequest> => {
      return api(endpoints.careRequests.patchById, { params: { id }, body: patch });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<OwnCareRequests>(myCareRequestsQueryKey, (list) => withRequest(list, saved));
    },
    // A 409 (closed meanwhile, by another tab or the 30 days): show the list as it now is.
    onError: () => void queryClient.invalidateQueries({ queryKey: myCareRequestsQueryKey }),
  });
}
