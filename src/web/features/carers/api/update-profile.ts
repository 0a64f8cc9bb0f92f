import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { CarerProfileInput, OwnCarerProfile } from '@contracts/carers';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { endpointKey } from '@web/lib/query-keys';
import { myProfileQueryKey } from './my-profile';

export async function updateProfile({
  id,
  input,
}: {
  id: string;
  input: CarerProfileInput;
}): Promise<OwnCarerProfile> {
  return api(endpoints.carers.putById, { params: { id }, body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(myProfileQueryKey, profile);
      // Public views of this carer (profile page, search results) are keyed under the carer search's key.
      await queryClient.invalidateQueries({ queryKey: endpointKey(endpoints.carers.get) });
    },
  });
}
