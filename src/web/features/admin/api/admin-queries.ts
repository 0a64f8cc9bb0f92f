import type { QueryClient } from '@tanstack/react-query';

/** The keys of the lists the admin screens show; every admin change reloads them (product §7). */
export const ADMIN_KEYS = {
  dashboardUsers: ['/api/admin/users'],
  dashboardCarers: ['/api/admin/carers'],
  testUsers: ['/api/test/users'],
  testCarers: ['/api/test/carers'],
} as const;

/**
 * After each admin success the relevant lists reload. One change shows on several screens (a
 * customer on the dashboard and on Admin Management, a carer in search), so every admin list,
 * the audit log and the public carer views are marked stale; only the ones on screen refetch now.
 */
export function reloadAdminLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = query.queryKey[0];
      return (
        typeof key === 'string' &&
        (key.startsWith('/api/admin/') || key.startsWith('/api/test/') || key.startsWith('/api/carers'))
      );
    },
  });
}
