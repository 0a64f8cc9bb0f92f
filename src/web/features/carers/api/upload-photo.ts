import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { CurrentUser } from '@contracts/auth';
import type { OwnCarerProfile } from '@contracts/carers';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/lib/auth';
import { endpointKey } from '@web/lib/query-keys';
import { myProfileQueryKey } from './my-profile';

/** Multipart upload of one `photo` field; fails like every request ("<status>: <body>"). */
export async function uploadPhoto({ id, file }: { id: string; file: File }): Promise<OwnCarerProfile> {
  const body = new FormData();
  body.append('photo', file);
  return api(endpoints.carers.postByIdPhoto, { params: { id }, body });
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: async (profile) => {
      queryClient.setQueryData(myProfileQueryKey, profile);
      // The server made the photo the account's avatar too: the header shows it at once.
      queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (user) =>
        user && profile.photoUrl ? { ...user, profileImageUrl: profile.photoUrl } : user,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: endpointKey(endpoints.carers.get) }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]);
    },
  });
}
