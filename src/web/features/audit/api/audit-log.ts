import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntityType, AuditEntry } from '@contracts/audit';
import { AUDIT_PAGE_SIZE } from '@contracts/audit';
import { endpoints } from '@contracts/endpoints';
import { apiWithHeaders } from '@web/lib/api-client';
import { pagedEndpointKey } from '@web/lib/query-keys';
import { pagingOf, type AdminListPage } from '@web/features/admin';

export type AuditLogFilters = {
  /** The actor's or the subject's name or email. */
  q: string;
  entityType: AuditEntityType | '';
  action: string;
  entityId: string;
  /** YYYY-MM-DD from a date input, read as whole days in UK time. */
  from: string;
  to: string;
};

export const EMPTY_AUDIT_FILTERS: AuditLogFilters = {
  q: '',
  entityType: '',
  action: '',
  entityId: '',
  from: '',
  to: '',
};

/** The UTC offset of Europe/London on a given day, as '+01:00' or '+00:00'. */
function londonOffset(day: string): string {
  const probe = new Date(`${day}T12:00:00Z`);
  const name =
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'shortOffset' })
      .formatToParts(probe)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name);
  if (!match) return '+00:00';
  const [, sign = '+', hours = '0', minutes = '00'] = match;
  return `${sign}${hours.padStart(2, '0')}:${minutes}`;
}

/** The query string of one page: dates become the start and end of those UK days. */
export function auditLogSearch(filters: AuditLogFilters, cursor?: string | null): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.entityType) params.set('entityType', filters.entityType);
  if (filters.action.trim()) params.set('action', filters.action.trim());
  if (filters.entityId.trim()) params.set('entityId', filters.entityId.trim());
  if (filters.from) params.set('from', `${filters.from}T00:00:00${londonOffset(filters.from)}`);
  if (filters.to) params.set('to', `${filters.to}T23:59:59.999${londonOffset(filters.to)}`);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(AUDIT_PAGE_SIZE));
  return params.toString();
}

export function auditLogQueryOptions(filters: AuditLogFilters) {
  return infiniteQueryOptions({
    queryKey: pagedEndpointKey(endpoints.audit.getAdminAuditLog, {
      query: new URLSearchParams(auditLogSearch(filters)),
    }),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<AdminListPage<AuditEntry>> => {
      const { data: page, headers } = await apiWithHeaders(endpoints.audit.getAdminAuditLog, {
        query: new URLSearchParams(auditLogSearch(filters, pageParam)),
      });
      // The total and the cursor come in the headers, as the other admin lists have them.
      return { items: page.items, ...pagingOf(headers, page.items.length) };
    },
    getNextPageParam: (page) => page.next ?? undefined,
    // A new search keeps the table (and the search box's focus) on screen until it answers.
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(filters: AuditLogFilters) {
  const query = useInfiniteQuery(auditLogQueryOptions(filters));
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return { ...query, items, total };
}
