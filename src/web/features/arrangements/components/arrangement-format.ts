// Care arrangements and visits: the web's own words and formats, shared by the thread's
// card, My care, the carer dashboard's Schedule tab and the printable summary. Pure functions, with
// type imports only: tests/unit/arrangements-web.test.ts.
import type { WeekDay } from '@contracts/availability';
import type { Arrangement, ArrangementStatus, Visit, VisitNotice } from '@contracts/arrangements';
import type { OwnCareRequest } from '@contracts/care-requests';
import { DAY_PARTS, WEEK_DAYS, type DayPart } from '@contracts/week';
import { lateInWords } from '@contracts/visit-notices';
import { formatPoundsFromString } from '@web/lib/format';

export const ARRANGEMENT_STATUS_LABELS: Record<ArrangementStatus, string> = {
  proposed: 'Proposed',
  accepted: 'Agreed',
  declined: 'Declined',
  ended: 'Ended',
};

export const VISIT_NOTICE_LABELS: Record<VisitNotice, string> = {
  running_late: 'Running late',
  cant_make_it: 'Can’t make it',
};

export const ARRANGEMENT_LABELS = {
  startDate: 'Start date',
  visits: 'Weekly visits',
  visitsHint: 'The day and times of each visit, in UK time. Add a row for each visit in the week.',
  day: 'Day',
  start: 'Starts at',
  end: 'Ends at',
  hourlyRate: 'Hourly rate (£)',
  hourlyRateHint:
    'What you agree to pay the carer per hour. You pay the carer directly: CareMatch takes no money for care.',
  tasks: 'Tasks',
  tasksHint:
    'What you would like done on each visit, for example help getting up, washing, breakfast. Optional.',
} as const;

/** Whether an arrangement is still going: a proposal on the table, or agreed and not yet ended. */
export function isOpenArrangement(arrangement: Pick<Arrangement, 'status'>): boolean {
  return arrangement.status === 'proposed' || arrangement.status === 'accepted';
}

/** 'Tuesday 1 December 2026' from a 'YYYY-MM-DD' date, read as that calendar day. */
export function formatDayDate(value: string, withYear = true): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // Written out, without the comma ICU puts after the weekday.
  const weekday = date.toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
  const rest = date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
  return `${weekday} ${rest}`;
}

/** '09:00 to 12:00': a visit's UK times. */
export function formatTimeRange(start: string, end: string): string {
  return `${start} to ${end}`;
}

/** '£18.50 an hour'. */
export function formatHourlyRate(rate: string): string {
  return `${formatPoundsFromString(rate)} an hour`;
}

function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** '6 hours a week', '7.5 hours a week': the weekly visits' length together. */
export function formatWeeklyHours(visits: readonly { start: string; end: string }[]): string {
  const minutes = visits.reduce((total, visit) => total + minutesOf(visit.end) - minutesOf(visit.start), 0);
  const hours = Math.round((minutes / 60) * 100) / 100;
  return `${hours.toLocaleString('en-GB', { maximumFractionDigits: 2 })} ${hours === 1 ? 'hour' : 'hours'} a week`;
}

/**
 * Where the arrangement stands, from the viewer's side: whose turn it is, since when it is agreed,
 * why it was declined, when it ended.
 */
export function arrangementStanding(
  arrangement: Pick<
    Arrangement,
    'status' | 'awaitingMe' | 'partnerName' | 'startDate' | 'endDate' | 'declineReason'
  >,
): string {
  const { partnerName } = arrangement;
  switch (arrangement.status) {
    case 'proposed':
      return arrangement.awaitingMe
        ? `Waiting for your answer: accept, decline or propose changes.`
        : `Waiting for ${partnerName} to answer.`;
    case 'accepted':
      return arrangement.endDate
        ? `Agreed with ${partnerName}, until ${formatDayDate(arrangement.endDate)}.`
        : `Agreed with ${partnerName}, from ${formatDayDate(arrangement.startDate)}.`;
    case 'declined':
      return arrangement.declineReason ? `Declined. Reason: ${arrangement.declineReason}` : 'Declined.';
    case 'ended':
      return arrangement.endDate
        ? `Ended. The last day was ${formatDayDate(arrangement.endDate)}.`
        : 'Ended.';
  }
}

/** 'Running late: stuck in traffic', 'Can’t make it'. */
export function describeNotice(visit: Pick<Visit, 'notice' | 'noticeNote' | 'minutesLate'>): string | null {
  if (!visit.notice) return null;
  const minutes =
    visit.notice === 'running_late' && visit.minutesLate ? ` (${lateInWords(visit.minutesLate)})` : '';
  const label = `${VISIT_NOTICE_LABELS[visit.notice]}${minutes}`;
  return visit.noticeNote ? `${label}: ${visit.noticeNote}` : label;
}

/** Visits by UK date, in date order, each day's in time order. */
export function groupVisitsByDay<V extends Pick<Visit, 'date' | 'start'>>(
  visits: readonly V[],
): Array<{ date: string; visits: V[] }> {
  const days = new Map<string, V[]>();
  const sorted = [...visits].sort((a, b) =>
    a.date === b.date ? a.start.localeCompare(b.start) : a.date.localeCompare(b.date),
  );
  for (const visit of sorted) days.set(visit.date, [...(days.get(visit.date) ?? []), visit]);
  return [...days].map(([date, list]) => ({ date, visits: list }));
}

/** A form's row of one weekly visit; the day starts on its "Select a day" option. */
export type VisitRow = { day: WeekDay | ''; start: string; end: string };

/** The form's values: strings as the inputs hold them. */
export type ArrangementFormValues = {
  startDate: string;
  visits: VisitRow[];
  hourlyRate: string;
  tasks: string;
};

export const EMPTY_VISIT_ROW: VisitRow = { day: '', start: '', end: '' };

export const EMPTY_ARRANGEMENT_FORM: ArrangementFormValues = {
  startDate: '',
  visits: [EMPTY_VISIT_ROW],
  hourlyRate: '',
  tasks: '',
};

/** An arrangement's terms, for the "Propose changes" form. */
export function arrangementToFormValues(
  arrangement: Pick<Arrangement, 'startDate' | 'visits' | 'hourlyRate' | 'tasks'>,
  today?: string,
): ArrangementFormValues {
  return {
    // A start date now past would be refused: the form then starts from today.
    startDate: today && arrangement.startDate < today ? today : arrangement.startDate,
    visits: arrangement.visits.map((visit) => ({ ...visit })),
    hourlyRate: formatPoundsFromString(arrangement.hourlyRate).replace('£', ''),
    tasks: arrangement.tasks,
  };
}

/**
 * The family's request this conversation answers: of their own requests a carer answered in it,
 * the newest still open; none when there is none.
 */
export function requestAnsweredIn<
  R extends Pick<OwnCareRequest, 'status' | 'createdAt'> & {
    responses: ReadonlyArray<Pick<OwnCareRequest['responses'][number], 'conversationId'>>;
  },
>(requests: readonly R[], conversationId: string): R | undefined {
  return requests
    .filter(
      (request) =>
        request.status === 'open' &&
        request.responses.some((response) => response.conversationId === conversationId),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}

/** Minutes from midnight each part of the day covers (as the request grid shows them); overnight runs past midnight. */
const PART_MINUTES: Record<DayPart, readonly [number, number]> = {
  morning: [7 * 60, 12 * 60],
  afternoon: [12 * 60, 17 * 60],
  evening: [17 * 60, 22 * 60],
  overnight: [22 * 60, 31 * 60],
};
const DAY_MINUTES = 24 * 60;

/** 'HH:MM'; the end of the day is 23:59, since a visit stays within its day. */
function clock(minutes: number): string {
  const capped = Math.min(minutes, DAY_MINUTES - 1);
  return `${String(Math.floor(capped / 60)).padStart(2, '0')}:${String(capped % 60).padStart(2, '0')}`;
}

/**
 * A proposal's first values from the family's care request: a visit row for each run of the
 * request's parts of the day (touching parts joined, overnight split at midnight into the next
 * day), its start date (today when that has passed), the top of its hourly budget. The family can
 * change all of it.
 */
export function careRequestToFormValues(
  request: Pick<OwnCareRequest, 'startDate' | 'pattern' | 'budgetMax'>,
  today: string,
): ArrangementFormValues {
  const spans = new Map<WeekDay, Array<[number, number]>>(WEEK_DAYS.map((day) => [day, []]));
  for (const [dayIndex, day] of WEEK_DAYS.entries()) {
    for (const part of DAY_PARTS) {
      if (!request.pattern.slots.includes(`${day}-${part}`)) continue;
      const [start, end] = PART_MINUTES[part];
      spans.get(day)!.push([start, Math.min(end, DAY_MINUTES)]);
      if (end > DAY_MINUTES) {
        const next = WEEK_DAYS[(dayIndex + 1) % WEEK_DAYS.length]!;
        spans.get(next)!.push([0, end - DAY_MINUTES]);
      }
    }
  }
  const visits: VisitRow[] = [];
  for (const day of WEEK_DAYS) {
    const merged: Array<[number, number]> = [];
    for (const [start, end] of spans.get(day)!.sort((a, b) => a[0] - b[0])) {
      const last = merged.at(-1);
      if (last && start <= last[1]) last[1] = Math.max(last[1], end);
      else merged.push([start, end]);
    }
    for (const [start, end] of merged) visits.push({ day, start: clock(start), end: clock(end) });
  }
  return {
    startDate: request.startDate < today ? today : request.startDate,
    visits: visits.length > 0 ? visits : [{ ...EMPTY_VISIT_ROW }],
    hourlyRate: formatPoundsFromString(request.budgetMax).replace('£', ''),
    tasks: '',
  };
}
