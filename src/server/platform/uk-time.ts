import { dateFormat } from '@contracts/date-format';

// Dates and times as people in the UK mean them (Europe/London): a visit at 09:00 stays at 09:00
// when the clocks change. Instants are stored in UTC; these turn one into the other.

const TIME_ZONE = 'Europe/London';
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

function fields(instant: Date) {
  const out: Record<string, string> = {};
  for (const part of parts.formatToParts(instant)) out[part.type] = part.value;
  return out as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
}

/** Minutes the UK is ahead of UTC at `instant`: 60 in summer (BST), 0 in winter (GMT). */
function offsetMinutes(instant: number): number {
  const f = fields(new Date(instant));
  const asUtc = Date.UTC(
    Number(f.year),
    Number(f.month) - 1,
    Number(f.day),
    Number(f.hour),
    Number(f.minute),
  );
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/**
 * The instant of a UK date and time ('2027-03-28', '01:30'). A time the clocks skip (01:00-01:59
 * on the last Sunday of March) is taken as an hour later, as a clock would show it; a time that
 * happens twice (01:00-01:59 on the last Sunday of October) is the first, still in summer time.
 */
export function ukInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  for (const offset of [60, 0]) {
    const candidate = asUtc - offset * 60_000;
    if (offsetMinutes(candidate) === offset) return new Date(candidate);
  }
  return new Date(asUtc);
}

/** 'YYYY-MM-DD' of an instant in the UK. */
export function ukDate(instant: Date): string {
  const f = fields(instant);
  return `${f.year}-${f.month}-${f.day}`;
}

/** 'HH:MM' of an instant in the UK. */
export function ukTime(instant: Date): string {
  const f = fields(instant);
  return `${f.hour}:${f.minute}`;
}

/** The date `days` after a 'YYYY-MM-DD' date (calendar days, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 0 for Monday … 6 for Sunday, of a 'YYYY-MM-DD' date. */
export function weekdayIndex(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

/** '2026-12-01' → 'Tuesday, 1 December 2026', as emails and messages write a calendar date. */
const longDateFormat = dateFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
export const longDate = (date: string): string => longDateFormat(new Date(`${date}T12:00:00Z`));
