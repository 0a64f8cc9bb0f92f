import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { AdminCarerInput } from '@contracts/admin';
import { endpoints } from '@contracts/endpoints';
import { api, ApiError } from '@web/lib/api-client';
import { reloadAdminLists } from './admin-queries';
import { useSendOnceMutation } from '@web/lib/use-send-once';

// The lists themselves are paged and searched: api/admin-lists.ts.

/** The status text of a failed call, for the test pages' toasts; the code when there is none (HTTP/2). */
export function failureStatusText(error: unknown): string {
  if (error instanceof ApiError) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message.split(':')[0] ?? 'Network error';
  return 'Network error';
}

/**
 * Product §7 multipart form: the carer's fields, qualifications and availability as JSON
 * array strings, isVerified as 'true'/'false', and the optional `photo` file.
 */
export function carerFormData(input: AdminCarerInput, photo: File | null): FormData {
  const body = new FormData();
  body.append('firstName', input.firstName);
  body.append('lastName', input.lastName);
  body.append('specialization', input.specialization);
  body.append('experience', input.experience);
  body.append('location', input.location);
  body.append('hourlyRateMin', input.hourlyRateMin);
  body.append('hourlyRateMax', input.hourlyRateMax);
  body.append('description', input.description);
  body.append('qualifications', JSON.stringify(input.qualifications));
  body.append('availability', JSON.stringify(input.availability));
  body.append('isVerified', String(input.isVerified));
  // The file goes last: the server can read every field before the upload streams in.
  if (photo) body.append('photo', photo);
  return body;
}

/** POST /api/test/carers (multipart, with an optional photo). */
export function useCreateTestCarer() {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: ({ input, photo }: { input: AdminCarerInput; photo: File | null }) =>
      api(endpoints.admin.postTestCarers, { body: carerFormData(input, photo) }),
    onSuccess: () => reloadAdminLists(queryClient),
  });
}

/** PUT /api/test/carers/{id} as the test admin page sends it: the same multipart form. */
export function useUpdateTestCarerMultipart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, photo }: { id: string; input: AdminCarerInput; photo: File | null }) =>
      api(endpoints.admin.putTestCarersById, { params: { id }, body: carerFormData(input, photo) }),
    onSuccess: () => reloadAdminLists(queryClient),
  });
}

/** PUT /api/test/carers/{id} as Admin Management and the test customer page send it: JSON with isVerified. */
export function useUpdateCarerJson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: AdminCarerInput }) => {
      await api(endpoints.admin.putTestCarersById, { params: { id }, body: input });
    },
    onSuccess: () => reloadAdminLists(queryClient),
  });
}

/** DELETE /api/test/carers/{id}. */
export function useDeleteCarer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api(endpoints.admin.deleteTestCarersById, { params: { id } });
    },
    onSuccess: () => reloadAdminLists(queryClient),
  });
}
