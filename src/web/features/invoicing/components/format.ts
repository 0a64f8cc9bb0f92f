import type { TimesheetStatus } from '@contracts/invoicing';

export { formatMinutes, formatPence, INVOICE_STATUS_LABELS } from '@contracts/invoicing';

/** '2026-03-23' → 'Mon 23 Mar'. */
export function shortDay(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** '2026-03-23' → '23 March 2026'. */
export function longDay(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** An instant as a UK date and time: '1 April 2026, 14:05'. */
export function ukDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  });
}

export const TIMESHEET_STATUS_LABELS: Record<TimesheetStatus, string> = {
  draft: 'To submit',
  submitted: 'Waiting for approval',
  queried: 'Queried',
  approved: 'Approved',
};
