import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { DbsStatusCheckInput } from '@contracts/verification-compliance';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { endpointQuery } from '@web/lib/query-keys';
import { reloadAdminLists } from '@web/features/admin';

/** Insurance waiting for review, oldest first. */
export function useAdminInsurance() {
  return useQuery(endpointQuery(endpoints.verification.getAdminInsurance, { query: { status: 'pending' } }));
}

/** Checks of Verified carers falling due in the next 30 days (and overdue). */
export function useDueChecks() {
  return useQuery(endpointQuery(endpoints.verification.getAdminComplianceDue));
}

export function useDecideInsurance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason: string | null }) => {
      if (reason === null)
        await api(endpoints.verification.postAdminInsuranceByIdApprove, { params: { id } });
      else
        await api(endpoints.verification.postAdminInsuranceByIdReject, { params: { id }, body: { reason } });
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
      await api(endpoints.verification.postAdminVerificationsByIdStatusChecks, {
        params: { id: verificationId },
        body: input,
      });
    },
    onSettled: () => {
      void reloadAdminLists(queryClient);
    },
  });
}
