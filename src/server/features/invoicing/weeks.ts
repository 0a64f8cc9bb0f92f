import { addDays, ukDate, ukInstant, weekdayIndex } from '../../platform/uk-time';

// Timesheet weeks are UK weeks, Monday to Sunday in Europe/London: a week's bounds are the
// instants of its Mondays at 00:00 UK time, so the week of a clock change is 167 or 169 hours.

/** The Monday of the UK week of `date` ('YYYY-MM-DD'). */
export const mondayOf = (date: string): string => addDays(date, -weekdayIndex(date));

// A week's bounds depend on its Monday alone, and finding a UK instant asks Intl (the dearest part
// of a timesheet list): the few weeks the pages show are worked out once.
const boundsOf = new Map<string, Readonly<{ from: Date; to: Date }>>();

/** The first instant of the week starting on `monday`, and the first of the week after. */
export function weekBounds(monday: string): Readonly<{ from: Date; to: Date }> {
  let bounds = boundsOf.get(monday);
  if (!bounds) {
    if (boundsOf.size >= 1000) boundsOf.clear();
    bounds = Object.freeze({ from: ukInstant(monday, '00:00'), to: ukInstant(addDays(monday, 7), '00:00') });
    boundsOf.set(monday, bounds);
  }
  return bounds;
}

/** Whether the week starting on `monday` is over at `at`. */
export const weekIsOver = (monday: string, at: Date): boolean => weekBounds(monday).to <= at;

let lastWeek: { monday: string; from: number; to: number } | undefined;

/** The Monday of the UK week `at` falls in (the last week asked for is kept: it is nearly always now). */
export function mondayAt(at: Date): string {
  const time = at.getTime();
  if (lastWeek && time >= lastWeek.from && time < lastWeek.to) return lastWeek.monday;
  const monday = mondayOf(ukDate(at));
  const { from, to } = weekBounds(monday);
  lastWeek = { monday, from: from.getTime(), to: to.getTime() };
  return monday;
}

/** An instant to the whole minute (times on a timesheet are to the minute). */
export const toMinute = (instant: Date): Date => new Date(Math.floor(instant.getTime() / 60_000) * 60_000);

/** Pence for `minutes` at `ratePence` an hour, rounded to the nearest penny. */
export const visitAmount = (minutes: number, ratePence: number): number =>
  Math.round((minutes * ratePence) / 60);

/** Pence for tenths of a mile at `ratePence` a mile, rounded to the nearest penny. */
export const mileageAmount = (tenthMiles: number, ratePence: number): number =>
  Math.round((tenthMiles * ratePence) / 10);
