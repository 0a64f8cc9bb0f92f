import { useQueryClient } from '@tanstack/react-query';
import type { CarerProfileInput, OwnCarerProfile } from '@contracts/carers';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/lib/auth';
import { myProfileQueryKey } from './my-profile';
import { useSendOnceMutation } from '@web/lib/use-send-once';

export async function createProfile(input: CarerProfileInput): Promise<OwnCarerProfile> {
  return api(endpoints.carers.post, { body: input });
}

/** Creates the signed-in carer's profile, then refreshes who they are (product §7). */
export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: createProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(myProfileQueryKey, profile);
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
