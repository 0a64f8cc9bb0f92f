import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnCarerProfile } from '@contracts/carers';
import { myProfileQueryKey } from './my-profile';

/**
 * Multipart upload of one `photo` field. `apiRequest` only sends JSON, so this calls fetch itself
 * but fails the same way ("<status>: <body>") so `errorMessage()` can read the server's message.
 */
export async function uploadPhoto({ id, file }: { id: string; file: File }): Promise<OwnCarerProfile> {
  const body = new FormData();
  body.append('photo', file);
  const response = await fetch(`/api/carers/${encodeURIComponent(id)}/photo`, {
    method: 'POST',
    // No Content-Type: the browser adds the multipart boundary itself.
    headers: { Accept: 'application/json' },
    body,
    credentials: 'include',
  });
  if (!response.ok) {
    const text = await response.text();
    throw new Error(`${response.status}: ${text || response.statusText}`);
  }
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
