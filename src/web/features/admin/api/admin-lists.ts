import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_LIST_HEADERS, type AdminCarer, type AdminCustomer } from '@contracts/admin';
import { apiRequest } from '@web/lib/api-client';

/** The admin lists (SPEC section 7), paged and searched by the server (issue 21 point 11). */
export type CustomerListPath = '/api/admin/users' | '/api/test/users';
export type CarerListPath = '/api/admin/carers' | '/api/test/carers';

export interface AdminListPage<T> {
  items: T[];
  /** Every match of the search, from X-Total-Count. */
  total: number;
  /** X-Next-Cursor; null on the last page. */
  next: string | null;
}

/** `filters`: the list's own parameters besides the search (a queue's `status`), sent as they are. */
export function adminListUrl(
  path: string,
  q: string,
  cursor: string | null,
  filters: Record<string, string> = {},
): string {
  const params = new URLSearchParams(filters);
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The total and the next cursor of an answer from its headers. */
export function pagingOf(headers: Headers, shown: number): { total: number; next: string | null } {
  const total = Number(headers.get(ADMIN_LIST_HEADERS.totalCount) ?? Number.NaN);
  return {
    total: Number.isFinite(total) ? total : shown,
    next: headers.get(ADMIN_LIST_HEADERS.nextCursor),
  };
}

function adminListQueryOptions<T>(path: string, q: string, filters: Record<string, string> = {}) {
  return infiniteQueryOptions({
    // key[0] is the path, so every admin change reloads it (reloadAdminLists).
    queryKey: [path, { q, ...filters }],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<AdminListPage<T>> => {
      const response = await apiRequest('GET', adminListUrl(path, q, pageParam, filters));
      const items = (await response.json()) as T[];
      return { items, ...pagingOf(response.headers, items.length) };
    },
    getNextPageParam: (page) => page.next ?? undefined,
    // A new search keeps the list (and the search box's focus) on screen until it answers.
    placeholderData: keepPreviousData,
  });
}

/** A paged, searched admin list: every loaded page's items in order, and the total of matches. */
export function useAdminList<T>(path: string, q: string, filters: Record<string, string> = {}) {
  const query = useInfiniteQuery(adminListQueryOptions<T>(path, q, filters));
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return { ...query, items, total };
}

export const useCustomerList = (path: CustomerListPath, q: string) => useAdminList<AdminCustomer>(path, q);
export const useCarerList = (path: CarerListPath, q: string) => useAdminList<AdminCarer>(path, q);
export type AdminList<T> = ReturnType<typeof useAdminList<T>>;
