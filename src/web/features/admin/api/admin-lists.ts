import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  ADMIN_LIST_HEADERS,
  type AdminCarerSort,
  type AdminCustomerSort,
  type SortOrder,
} from '@contracts/admin';
import { endpoints, type ClientEndpoints, type EndpointResponse } from '@contracts/endpoints';
import { apiResponse, apiWithHeaders } from '@web/lib/api-client';
import { saveDownload } from '@web/lib/download';
import { pagedEndpointKey } from '@web/lib/query-keys';

/** The admin lists (product §7), paged and searched by the server (decision 0008). */

export interface AdminListPage<T> {
  items: T[];
  /** Every match of the search, from X-Total-Count. */
  total: number;
  /** X-Next-Cursor; null on the last page. */
  next: string | null;
}

/** The paged admin lists: each answers an array of its items, with the paging in headers. */
export type AdminListEndpoint =
  | ClientEndpoints['admin']['getUsers' | 'getTestUsers' | 'getCarers' | 'getTestCarers']
  | ClientEndpoints['safeguarding']['getAdminReports']
  | ClientEndpoints['verification']['getAdminVerifications'];
type ItemOf<E extends AdminListEndpoint> = EndpointResponse<E>[number];

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

function adminListQueryOptions<T>(endpoint: AdminListEndpoint, q: string, filters: Record<string, string>) {
  return infiniteQueryOptions({
    // Under the endpoint's key, so every admin change reloads it (reloadAdminLists).
    queryKey: pagedEndpointKey(endpoint, { query: adminListParams(q, null, filters) }),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<AdminListPage<T>> => {
      const { data, headers } = await apiWithHeaders(endpoint, {
        query: adminListParams(q, pageParam, filters),
      });
      // T is ItemOf<endpoint> (useAdminList): the answer is typed by the endpoint, and
      // TypeScript cannot carry a generic key's lookup through the call.
      const items = data as T[];
      return { items, ...pagingOf(headers, items.length) };
    },
    getNextPageParam: (page) => page.next ?? undefined,
    // A new search keeps the list (and the search box's focus) on screen until it answers.
    placeholderData: keepPreviousData,
  });
}

function useListOf<T>(endpoint: AdminListEndpoint, q: string, filters: Record<string, string>) {
  const query = useInfiniteQuery(adminListQueryOptions<T>(endpoint, q, filters));
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return { ...query, items, total };
}
export type AdminList<T> = ReturnType<typeof useListOf<T>>;

/** A paged, searched admin list: every loaded page's items in order, and the total of matches. */
export const useAdminList = <E extends AdminListEndpoint>(
  endpoint: E,
  q: string,
  filters: Record<string, string> = {},
) => useListOf<ItemOf<E>>(endpoint, q, filters);

/** The admin dashboard lists the real accounts; the test pages (and Admin Management) the test routes'. */
export type ListSource = 'admin' | 'test';
const CUSTOMER_LISTS = { admin: endpoints.admin.getUsers, test: endpoints.admin.getTestUsers } as const;
const CARER_LISTS = { admin: endpoints.admin.getCarers, test: endpoints.admin.getTestCarers } as const;

/** A table's sort as its query sends it (the server sorts: the lists are paged). */
export interface TableSort<S extends string> {
  sort: S;
  order: SortOrder;
}
const sortFilters = (sort?: TableSort<string>): Record<string, string> =>
  sort ? { sort: sort.sort, order: sort.order } : {};

export const useCustomerList = (source: ListSource, q: string, sort?: TableSort<AdminCustomerSort>) =>
  useAdminList(CUSTOMER_LISTS[source], q, sortFilters(sort));
export const useCarerList = (source: ListSource, q: string, sort?: TableSort<AdminCarerSort>) =>
  useAdminList(CARER_LISTS[source], q, sortFilters(sort));

/** The table as CSV: its search and sort, every match (GET /api/admin/users/csv, /api/admin/carers/csv). */
export async function downloadTableCsv(
  table: 'customers' | 'carers',
  q: string,
  sort: TableSort<string>,
): Promise<void> {
  const query = adminListParams(q, null, sortFilters(sort));
  const response =
    table === 'customers'
      ? await apiResponse(endpoints.admin.getUsersCsv, { query })
      : await apiResponse(endpoints.admin.getCarersCsv, { query });
  await saveDownload(response, `carematch-${table}.csv`);
}
