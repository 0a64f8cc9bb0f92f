// The week view's visits: one UK week (Monday to Sunday) from GET /api/visits.
// Type imports only from the contracts.
import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { weekVisitsQueryKey } from './arrangements-api';

/** How often an open week view asks again, as the agenda does, so a notice or check-in shows. */
const WEEK_REFRESH_MS = 15_000;
const HOUR_MS = 3_600_000;

/** 'YYYY-MM-DD' of today in the UK. */
export function ukToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
}

/** The date `days` after a 'YYYY-MM-DD' date (calendar days, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The Monday of the week of a 'YYYY-MM-DD' date. */
export function mondayOf(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** The seven dates of the week starting on `monday`. */
export const weekDates = (monday: string): string[] =>
  Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** The visits of the week starting on `monday` (UK dates); every step on a visit asks again. */
export function useWeekVisits(monday: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...weekVisitsQueryKey, monday],
    queryFn: async ({ signal }) => {
      // From an hour before UK midnight in UTC terms (British Summer Time), then by UK date.
      const [year, month, day] = monday.split('-').map(Number) as [number, number, number];
      const from = new Date(Date.UTC(year, month - 1, day) - HOUR_MS).toISOString();
      const days = weekDates(monday);
      const answer = await api(endpoints.arrangements.getVisits, { query: { from, days: 8 }, signal });
      return answer.items.filter((visit) => days.includes(visit.date));
    },
    enabled,
    refetchInterval: WEEK_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}
