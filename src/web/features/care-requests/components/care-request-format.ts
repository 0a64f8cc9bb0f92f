// Care requests: the web's own words and formats, shared by the family's page and the
// carer dashboard's Requests tab. Pure functions: tests/unit/care-requests-web.test.ts.
import {
  DAY_PART_LABELS,
  DAY_PARTS,
  slotOf,
  WEEK_DAY_LABELS,
  WEEK_DAYS,
  type DayPart,
  type WeekDay,
  type WeeklyAvailability,
} from '@contracts/availability';
import type { CareRequestStatus } from '@contracts/care-requests';
import { formatPoundsFromString } from '@web/lib/format';

export const CARE_REQUEST_LABELS = {
  recipient: 'Who needs care?',
  careType: 'Type of care',
  postcode: 'Postcode where care is needed',
  postcodeHint: 'Kept private: only the first part, for example LS6, is shown to carers.',
  startDate: 'Start date',
  pattern: 'When is care needed?',
  patternHint:
    'Tick the times of the week care is needed, or live-in care. Use Tab and Space, or the arrow keys inside the table.',
  patternCaption: 'The week care is needed',
  hoursPerWeek: 'Hours of care a week',
  budgetMin: 'Hourly budget from (£)',
  budgetMax: 'Hourly budget to (£)',
  budgetHint: 'What you can pay a carer per hour, between £5 and £500. You pay the carer directly.',
  description: 'Describe the care needed',
  descriptionHint:
    'What help is needed, any conditions the carer should know about, and anything that matters to the person. Please do not include names, addresses or phone numbers.',
} as const;

export const CARE_REQUEST_STATUS_LABELS: Record<CareRequestStatus, string> = {
  open: 'Open',
  filled: 'Filled',
  not_needed: 'No longer needed',
  expired: 'Closed',
};

/** '£15-£20/hour'; one figure when both ends are the same. */
export function formatBudget(min: string, max: string): string {
  const from = formatPoundsFromString(min);
  const to = formatPoundsFromString(max);
  return from === to ? `${from}/hour` : `${from}-${to}/hour`;
}

/** '1 December 2026' from a 'YYYY-MM-DD' date, read as that calendar day (no time zone shift). */
export function formatCalendarDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Today as 'YYYY-MM-DD' in UK time: the earliest start date a request may have. */
export function todayInUK(now: Date = new Date()): string {
  return now.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
}

/** '10 hours a week', '1 hour a week'. */
export function formatHoursPerWeek(hours: number): string {
  return `${hours} ${hours === 1 ? 'hour' : 'hours'} a week`;
}

function listOf(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function dayRange(days: WeekDay[]): string {
  const names = days.map((day) => WEEK_DAY_LABELS[day]);
  // Consecutive days (the groups below are always consecutive): three or more read as a range.
  return names.length >= 3 ? `${names[0]} to ${names.at(-1)}` : listOf(names);
}

/**
 * The week in words, for a screen reader or a card too small for the table: 'Monday to Friday:
 * morning and afternoon. Saturday: morning. Live-in care.' Days with the same parts run together.
 */
export function describeWeek(week: WeeklyAvailability): string {
  const chosen = new Set(week.slots);
  const partsOf = (day: WeekDay) => DAY_PARTS.filter((part) => chosen.has(slotOf(day, part)));
  const groups: Array<{ days: WeekDay[]; parts: DayPart[] }> = [];
  for (const day of WEEK_DAYS) {
    const parts = partsOf(day);
    if (parts.length === 0) continue;
    const last = groups.at(-1);
    const previousDay = WEEK_DAYS[WEEK_DAYS.indexOf(day) - 1];
    if (last && last.days.at(-1) === previousDay && last.parts.join() === parts.join()) last.days.push(day);
    else groups.push({ days: [day], parts });
  }
  const sentences = groups.map(
    ({ days, parts }) =>
      `${dayRange(days)}: ${listOf(parts.map((part) => DAY_PART_LABELS[part].toLowerCase()))}.`,
  );
  if (week.liveIn) sentences.push('Live-in care.');
  if (week.shortNotice) sentences.push('Short-notice cover.');
  return sentences.length > 0 ? sentences.join(' ') : 'No times chosen.';
}
