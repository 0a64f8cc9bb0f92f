// Display formats of the settings page.

/** '23 Nov 2026, 10:30': en-GB, in the visitor's time zone; 'N/A' for anything unreadable. */
export function formatLastSeen(value: string, timeZone?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });
}
