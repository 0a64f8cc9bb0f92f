import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminInsurance, DbsStatusCheckInput, DueItem } from '@contracts/compliance';
import { apiRequest, getQueryFn } from '@web/lib/api-client';
import { reloadAdminLists } from './admin-queries';

const INSURANCE = '/api/admin/insurance';

/** Insurance waiting for review, oldest first. */
export function useAdminInsurance() {
  return useQuery({
    queryKey: [`${INSURANCE}?status=pending`],
    queryFn: getQueryFn<AdminInsurance[]>({ on401: 'throw' }),
  });
}

/** Checks of Verified carers falling due in the next 30 days (and overdue). */
export function useDueChecks() {
  return useQuery({
    queryKey: ['/api/admin/compliance/due'],
    queryFn: getQueryFn<DueItem[]>({ on401: 'throw' }),
  });
}

export function useDecideInsurance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason: string | null }) => {
      const path = `${INSURANCE}/${encodeURIComponent(id)}`;
      if (reason === null) await apiRequest('POST', `${path}/approve`);
      else await apiRequest('POST', `${path}/reject`, { reason });
    },
    onSettled: () => {
      void reloadAdminLists(queryClient);
    },
  });
}

export function useRecordStatusCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ verificationId, input }: { verificationId: string; input: DbsStatusCheckInput }) => {
      await apiRequest(
        'POST',
        `/api/admin/verifications/${encodeURIComponent(verificationId)}/status-checks`,
        input,
      );
    },
    onSettled: () => {
      void reloadAdminLists(queryClient);
    },
  });
}
