import type { QueryClient } from '@tanstack/react-query';
import { endpoints } from '@contracts/endpoints';
import { endpointKey, invalidateUnder } from '@web/lib/query-keys';

/**
 * What an admin change can alter: every admin list, queue and the audit log, the public carer
 * views (all under the carer search's key) and a carer's own checks. The demo sign-in hint is
 * asked under /api/admin/ too, and is marked stale with the rest, as it always was.
 */
const ADMIN_VIEWS = [
  endpoints.admin.getOverview,
  endpoints.admin.getUsers,
  endpoints.admin.getTestUsers,
  endpoints.admin.getCarers,
  endpoints.admin.getTestCarers,
  endpoints.admin.getLoginHint,
  endpoints.safeguarding.getAdminReports,
  endpoints.verification.getAdminVerifications,
  endpoints.verification.getAdminInsurance,
  endpoints.verification.getAdminComplianceDue,
  endpoints.audit.getAdminAuditLog,
  endpoints.carers.get,
  endpoints.verification.getCarersMyProfileVerification,
  endpoints.verification.getCarersMyProfileCompliance,
] as const;

/**
 * After each admin success the relevant lists reload. One change shows on several screens (a
 * customer on the dashboard and on Admin Management, a carer in search), so every admin list,
 * the audit log and the public carer views are marked stale; only the ones on screen refetch now.
 */
export function reloadAdminLists(queryClient: QueryClient): Promise<void> {
  return invalidateUnder(
    queryClient,
    ADMIN_VIEWS.map((endpoint) => endpointKey(endpoint)),
  );
}
