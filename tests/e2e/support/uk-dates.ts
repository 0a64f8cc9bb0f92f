// Dates as the app shows them: UK calendar days ('YYYY-MM-DD', Europe/London) and their spoken
// names. One place for the tests that pick days, so a test near midnight reasons about the same
// day the page does (a visit "20 minutes ago" is yesterday in the first minutes of a UK day).
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' in the UK of an instant. */
export const ukDate = (at: Date): string => at.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

/** 'YYYY-MM-DD', `days` from today (UK). */
export const dateIn = (days: number): string => ukDate(new Date(Date.now() + days * DAY_MS));

/** 'Tuesday 2 December' of a 'YYYY-MM-DD' date, as the week view names a day. */
export function dayName(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  const weekday = at.toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
  return `${weekday} ${at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' })}`;
}

/** The seven UK dates, Monday first, of the week holding `date` ('YYYY-MM-DD'). */
export function weekOf(date: string): string[] {
  const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
  const monday = Date.parse(`${date}T12:00:00Z`) - weekday * DAY_MS;
  return Array.from({ length: 7 }, (_, i) => new Date(monday + i * DAY_MS).toISOString().slice(0, 10));
}

/** The instant that is `time` ('HH:MM') on `date` ('YYYY-MM-DD') in the UK, summer or winter. */
export function ukInstant(date: string, time: string): Date {
  const guess = new Date(`${date}T${time}:00Z`);
  const shown = new Date(
    `${guess.toLocaleString('sv-SE', { timeZone: 'Europe/London' }).replace(' ', 'T')}Z`,
  );
  return new Date(2 * guess.getTime() - shown.getTime());
}
