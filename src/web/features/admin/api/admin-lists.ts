import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_LIST_HEADERS } from '@contracts/admin';
import { endpoints, type EndpointResponse } from '@contracts/endpoints';
import { apiWithHeaders } from '@web/lib/api-client';

/** The admin lists (product §7), paged and searched by the server (decision 0008). */
export type CustomerListPath = '/api/admin/users' | '/api/test/users';
export type CarerListPath = '/api/admin/carers' | '/api/test/carers';

export interface AdminListPage<T> {
  items: T[];
  /** Every match of the search, from X-Total-Count. */
  total: number;
  /** X-Next-Cursor; null on the last page. */
  next: string | null;
}

/** The paged admin lists: each answers an array of its items, with the paging in headers. */
const LISTS = {
  '/api/admin/users': endpoints.admin.getUsers,
  '/api/test/users': endpoints.admin.getTestUsers,
  '/api/admin/carers': endpoints.admin.getCarers,
  '/api/test/carers': endpoints.admin.getTestCarers,
  '/api/admin/reports': endpoints.safeguarding.getAdminReports,
  '/api/admin/verifications': endpoints.verification.getAdminVerifications,
} as const;
export type AdminListPath = keyof typeof LISTS;
type ItemOf<P extends AdminListPath> = EndpointResponse<(typeof LISTS)[P]>[number];

/** `filters`: the list's own parameters besides the search (a queue's `status`), sent as they are. */
export function adminListParams(
  q: string,
  cursor: string | null,
  filters: Record<string, string> = {},
): URLSearchParams {
  const params = new URLSearchParams(filters);
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** The total and the next cursor of an answer from its headers. */
export function pagingOf(headers: Headers, shown: number): { total: number; next: string | null } {
  const total = Number(headers.get(ADMIN_LIST_HEADERS.totalCount) ?? Number.NaN);
  return {
    total: Number.isFinite(total) ? total : shown,
    next: headers.get(ADMIN_LIST_HEADERS.nextCursor),
  };
}

function adminListQueryOptions<T>(path: AdminListPath, q: string, filters: Record<string, string>) {
  return infiniteQueryOptions({
    // key[0] is the path, so every admin change reloads it (reloadAdminLists).
    queryKey: [path, { q, ...filters }],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<AdminListPage<T>> => {
      const { data, headers } = await apiWithHeaders(LISTS[path], {
        query: adminListParams(q, pageParam, filters),
      });
      // T is ItemOf<path> (useAdminList): the answer is typed by the path's endpoint, and
      // TypeScript cannot carry a generic key's lookup through the call.
      const items = data as T[];
      return { items, ...pagingOf(headers, items.length) };
    },
    getNextPageParam: (page) => page.next ?? undefined,
    // A new search keeps the list (and the search box's focus) on screen until it answers.
    placeholderData: keepPreviousData,
  });
}

function useListOf<T>(path: AdminListPath, q: string, filters: Record<string, string>) {
  const query = useInfiniteQuery(adminListQueryOptions<T>(path, q, filters));
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return { ...query, items, total };
}
export type AdminList<T> = ReturnType<typeof useListOf<T>>;

/** A paged, searched admin list: every loaded page's items in order, and the total of matches. */
export const useAdminList = <P extends AdminListPath>(
  path: P,
  q: string,
  filters: Record<string, string> = {},
) => useListOf<ItemOf<P>>(path, q, filters);

export const useCustomerList = (path: CustomerListPath, q: string) => useAdminList(path, q);
export const useCarerList = (path: CarerListPath, q: string) => useAdminList(path, q);
