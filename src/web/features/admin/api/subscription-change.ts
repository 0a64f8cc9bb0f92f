// The payloads of the three subscription-change calls (product §4, §7 and §9). The server
// recomputes the expiry from its own clock; the client still sends the spec's payload.
import type { AdminSubscriptionAction, SubscriptionChangeInput } from '@contracts/admin';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `months` calendar months after `from`, kept on the last day of a shorter month (31 Jan → 28/29 Feb). */
export function addCalendarMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = result.getDate();
  result.setDate(1);
  result.setMonth(result.getMonth() + months);
  const lastDay = new Date(result.getFullYear(), result.getMonth() + 1, 0).getDate();
  result.setDate(Math.min(day, lastDay));
  return result;
}

/** Admin dashboard and test customer page: one calendar month or one calendar year ahead. */
export function calendarSubscriptionChange(
  action: AdminSubscriptionAction,
  now: Date = new Date(),
): SubscriptionChangeInput {
  switch (action) {
    case 'activateMonthly':
      return { status: 'active', type: 'monthly', expiresAt: addCalendarMonths(now, 1).toISOString() };
    case 'activateAnnual':
      return { status: 'active', type: 'annual', expiresAt: addCalendarMonths(now, 12).toISOString() };
    case 'deactivate':
      return { status: 'inactive', type: null, expiresAt: null };
  }
}

/** Admin Management: 30 or 365 days ahead; deactivation sends no type and a null expiry. */
export function daysSubscriptionChange(
  action: AdminSubscriptionAction,
  now: Date = new Date(),
): SubscriptionChangeInput {
  switch (action) {
    case 'activateMonthly':
      return {
        status: 'active',
        type: 'monthly',
        expiresAt: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
      };
    case 'activateAnnual':
      return {
        status: 'active',
        type: 'annual',
        expiresAt: new Date(now.getTime() + 365 * DAY_MS).toISOString(),
      };
    case 'deactivate':
      return { status: 'inactive', expiresAt: null };
  }
}
