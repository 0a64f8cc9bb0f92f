import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { RejectVerificationInput } from '@contracts/verification';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { useAdminList, reloadAdminLists } from '@web/features/admin';

export const VERIFICATION_FILTERS = ['pending', 'approved', 'rejected', 'all'] as const;
export type VerificationFilter = (typeof VERIFICATION_FILTERS)[number];

/**
 * The queue in one state, a page at a time, searched by the carer's name or email.
 * Its key starts with the endpoint's, so every admin change reloads it.
 */
export function useAdminVerifications(status: VerificationFilter, q: string) {
  return useAdminList(endpoints.verification.getAdminVerifications, q, { status });
}

export function useApproveVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    /** `reason`: required by the server when the checks came with no documents, for the record. */
    mutationFn: async ({ id, reason }: { id: string; reason: string }) => {
      await api(endpoints.verification.postAdminVerificationsByIdApprove, {
        params: { id },
        body: reason ? { reason } : undefined,
      });
    },
    // Not awaited: the caller's toast runs before the reloaded list drops the item it came from.
    onSettled: () => {
      void reloadAdminLists(queryClient);
    },
  });
}

export function useRejectVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: RejectVerificationInput }) => {
      await api(endpoints.verification.postAdminVerificationsByIdReject, { params: { id }, body: input });
    },
    // Not awaited: the caller's toast runs before the reloaded list drops the item it came from.
    onSettled: () => {
      void reloadAdminLists(queryClient);
    },
  });
}
