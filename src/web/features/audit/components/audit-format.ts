// Display helpers of the audit log: UK date-times (the words come from the server).

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
