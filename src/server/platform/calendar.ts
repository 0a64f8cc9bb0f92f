/**
 * `months` calendar months after `from` (UTC), the day kept where the month has it and otherwise
 * the month's last day: 31 January + 1 month is 28 (or 29) February, as Stripe Billing does.
 */
export function addCalendarMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = from.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** The later of two dates; null counts as "no date". */
export function laterOf(a: Date | null | undefined, b: Date): Date {
  return a && a.getTime() > b.getTime() ? a : b;
}
