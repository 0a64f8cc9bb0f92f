import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminVerification, RejectVerificationInput } from '@contracts/verification';
import { apiRequest, getQueryFn } from '@web/lib/api-client';
import { reloadAdminLists } from './admin-queries';

export const VERIFICATION_FILTERS = ['pending', 'approved', 'rejected', 'all'] as const;
export type VerificationFilter = (typeof VERIFICATION_FILTERS)[number];

const BASE = '/api/admin/verifications';

export function adminVerificationsQueryOptions(status: VerificationFilter) {
  return queryOptions({
    queryKey: [`${BASE}?status=${status}`],
    queryFn: getQueryFn<AdminVerification[]>({ on401: 'throw' }),
  });
}

export function useAdminVerifications(status: VerificationFilter) {
  return useQuery(adminVerificationsQueryOptions(status));
}

export function useApproveVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    /** `reason`: required by the server when the checks came with no documents (issue 21 point 6). */
    mutationFn: async ({ id, reason }: { id: string; reason: string }) => {
      await apiRequest('POST', `${BASE}/${encodeURIComponent(id)}/approve`, reason ? { reason } : undefined);
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
      await apiRequest('POST', `${BASE}/${encodeURIComponent(id)}/reject`, input);
    },
    // Not awaited: the caller's toast runs before the reloaded list drops the item it came from.
    onSettled: () => {
      void reloadAdminLists(queryClient);
    },
  });
}
