import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntityType, AuditLogPage } from '@contracts/admin';
import { AUDIT_PAGE_SIZE } from '@contracts/admin';
import { apiRequest } from '@web/lib/api-client';

export type AuditLogFilters = {
  entityType: AuditEntityType | '';
  action: string;
  entityId: string;
  /** YYYY-MM-DD from a date input, read as whole days in UK time. */
  from: string;
  to: string;
};

export const EMPTY_AUDIT_FILTERS: AuditLogFilters = {
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
export function auditLogSearch(filters: AuditLogFilters, before?: number): string {
  const params = new URLSearchParams();
  if (filters.entityType) params.set('entityType', filters.entityType);
  if (filters.action.trim()) params.set('action', filters.action.trim());
  if (filters.entityId.trim()) params.set('entityId', filters.entityId.trim());
  if (filters.from) params.set('from', `${filters.from}T00:00:00${londonOffset(filters.from)}`);
  if (filters.to) params.set('to', `${filters.to}T23:59:59.999${londonOffset(filters.to)}`);
  if (before !== undefined) params.set('before', String(before));
  params.set('limit', String(AUDIT_PAGE_SIZE));
  return params.toString();
}

export function auditLogQueryOptions(filters: AuditLogFilters) {
  return infiniteQueryOptions({
    queryKey: ['/api/admin/audit-log', filters],
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam }) => {
      const response = await apiRequest('GET', `/api/admin/audit-log?${auditLogSearch(filters, pageParam)}`);
      return (await response.json()) as AuditLogPage;
    },
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });
}

export function useAuditLog(filters: AuditLogFilters) {
  return useInfiniteQuery(auditLogQueryOptions(filters));
}
