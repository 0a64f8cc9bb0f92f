import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { ResolveReportInput, SessionsEnded } from '@contracts/safeguarding';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { useAdminList, reloadAdminLists } from '@web/features/admin';

export const REPORT_FILTERS = ['open', 'resolved', 'dismissed', 'all'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

/**
 * The queue in one state, a page at a time, searched by the reporter's or the reported account's
 * name or email. Its key starts with the endpoint's, so every admin change reloads it.
 */
export function useAdminReports(status: ReportFilter, q: string) {
  return useAdminList(endpoints.safeguarding.getAdminReports, q, { status });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: ResolveReportInput }) => {
      await api(endpoints.safeguarding.postAdminReportsByIdResolve, { params: { id }, body: input });
    },
    // Not awaited: the caller's toast runs before the reloaded list drops the item it came from.
    onSettled: () => {
      void reloadAdminLists(queryClient);
    },
  });
}

export function useUnsuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) => {
      await api(endpoints.safeguarding.postAdminUsersByIdUnsuspend, { params: { id: userId } });
    },
    // Not awaited: the caller's toast runs before the reloaded list drops the item it came from.
    onSettled: () => {
      void reloadAdminLists(queryClient);
    },
  });
}

/** Signs an account out on every device; it stays active (DELETE /api/admin/users/{id}/sessions). */
export function useEndSessions() {
  return useMutation({
    mutationFn: async (userId: string): Promise<SessionsEnded> => {
      return api(endpoints.safeguarding.deleteAdminUsersByIdSessions, { params: { id: userId } });
    },
  });
}
