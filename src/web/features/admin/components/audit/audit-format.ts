// Display helpers of the audit log: UK date-times and a compact before → after of changed keys.

/** '23/11/2026, 09:41': en-GB date and time in UK time. */
export function formatDateTimeGB(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleString('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  });
}

export type AuditChange = { key: string; before: string; after: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as short JSON ('—' when absent), cut at `max` characters. */
export function compactJson(value: unknown, max = 120): string {
  if (value === undefined) return '—';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The keys whose values differ between `before` and `after` (both objects), or one whole-value
 * change when either side is not an object (a creation or a deletion shows as — → {...}).
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => ({ key, before: compactJson(before[key]), after: compactJson(after[key]) }));
  }
  if (before == null && after == null) return [];
  return [
    {
      key: '',
      before: before == null ? '—' : compactJson(before),
      after: after == null ? '—' : compactJson(after),
    },
  ];
}
