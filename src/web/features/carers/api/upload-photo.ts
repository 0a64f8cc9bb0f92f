import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnCarerProfile } from '@contracts/carers';
import { apiRequest } from '@web/lib/api-client';
import { myProfileQueryKey } from './my-profile';

/** Multipart upload of one `photo` field; fails like every request ("<status>: <body>"). */
export async function uploadPhoto({ id, file }: { id: string; file: File }): Promise<OwnCarerProfile> {
  const body = new FormData();
  body.append('photo', file);
  const response = await apiRequest('POST', `/api/carers/${encodeURIComponent(id)}/photo`, body);
  return (await response.json()) as OwnCarerProfile;
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: async (profile) => {
      queryClient.setQueryData(myProfileQueryKey, profile);
      await queryClient.invalidateQueries({ queryKey: ['/api/carers'] });
    },
  });
}
