import { useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, Printer, RotateCw } from 'lucide-react';
import type { Visit } from '@contracts/arrangements';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/utils';
import { addDays, mondayOf, ukToday, useWeekVisits, weekDates } from '../api/week-visits-api';
import { formatDayDate, VISIT_NOTICE_LABELS } from './arrangement-format';

/** The hours the grid shows at least (it grows to fit earlier or later visits). */
const FIRST_HOUR = 8;
const LAST_HOUR = 18;
/** One hour's height in the grid, in rem (a block's top and height follow its times). */
const HOUR_REM = 3;

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};
/** A visit ending at midnight (00:00) ends at the end of its day. */
const endMinutesOf = (visit: Pick<Visit, 'start' | 'end'>) => {
  const end = minutesOf(visit.end);
  return end <= minutesOf(visit.start) ? 24 * 60 : end;
};
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** 'Mon', '1': the short names the strip and the grid's headers show. */
function dayParts(date: string) {
  const value = new Date(`${date}T12:00:00Z`);
  return {
    short: value.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' }),
    day: value.toLocaleDateString('en-GB', { day: 'numeric', timeZone: 'UTC' }),
  };
}

/** 'Done', 'Checked in', 'Cancelled', a notice: what happened to a visit, in a word or two. */
function visitState(visit: Visit): string | null {
  if (visit.status === 'cancelled') return 'Cancelled';
  if (visit.checkedOutAt) return visit.recordedAfterwards ? 'Done (recorded afterwards)' : 'Done';
  if (visit.checkedInAt) return 'Checked in';
  if (visit.notice) return VISIT_NOTICE_LABELS[visit.notice];
  return null;
}

function VisitBlock({
  visit,
  className,
  style,
}: {
  visit: Visit;
  className?: string;
  style?: CSSProperties;
}) {
  const cancelled = visit.status === 'cancelled';
  const state = visitState(visit);
  return (
    <div
      data-testid="week-visit"
      style={style}
      className={cn(
        'overflow-hidden rounded-md border-l-4 px-2 py-1 text-xs leading-snug',
        className,
        cancelled
          ? 'border-muted-foreground bg-muted text-foreground'
          : visit.notice && !visit.checkedInAt
            ? 'border-amber-600 bg-amber-50 text-amber-950'
            : 'border-primary bg-accent text-accent-foreground',
      )}
    >
      <p className={cn('font-semibold', cancelled && 'line-through')}>{`${visit.start}–${visit.end}`}</p>
      <p>{visit.partnerName}</p>
      {visit.coverName && !cancelled ? (
        <p className="font-medium">{`Covered by ${visit.coverName}`}</p>
      ) : null}
      {state ? <p className="font-medium">{state}</p> : null}
    </div>
  );
}

/** Desktop and print: the week as a table, days across and hours down, the visits as blocks. */
function WeekGrid({ dates, visits, today }: { dates: string[]; visits: Visit[]; today: string }) {
  const first = Math.min(FIRST_HOUR, ...visits.map((visit) => Math.floor(minutesOf(visit.start) / 60)));
  const last = Math.max(LAST_HOUR, ...visits.map((visit) => Math.ceil(endMinutesOf(visit) / 60)));
  const hours = Array.from({ length: last - first }, (_, i) => first + i);
  const startingIn = (date: string, hour: number) =>
    visits.filter((visit) => visit.date === date && Math.floor(minutesOf(visit.start) / 60) === hour);
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <caption className="sr-only">{`Visits from ${formatDayDate(dates[0]!)} to ${formatDayDate(dates[6]!)}, by day and time (UK time)`}</caption>
      <thead>
        <tr>
          <th scope="col" className="w-16 p-1 text-left text-xs font-medium text-muted-foreground">
            <span className="sr-only">Time</span>
          </th>
          {dates.map((date) => {
            const { short, day } = dayParts(date);
            const isToday = date === today;
            return (
              <th
                key={date}
                scope="col"
                aria-current={isToday ? 'date' : undefined}
                className={cn(
                  'border-b border-border p-1 text-center font-medium',
                  isToday &&
                    'rounded-t-md bg-primary text-primary-foreground print:bg-transparent print:text-foreground',
                )}
              >
                <span aria-hidden="true">{`${short} ${day}`}</span>
                <span className="sr-only">{formatDayDate(date, false)}</span>
                {isToday ? <span className="block text-xs font-semibold">Today</span> : null}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {hours.map((hour) => (
          <tr key={hour}>
            <th
              scope="row"
              className="border-t border-border p-1 text-left align-top text-xs font-normal text-muted-foreground"
              style={{ height: `${HOUR_REM}rem` }}
            >
              {hourLabel(hour)}
            </th>
            {dates.map((date) => {
              const here = startingIn(date, hour);
              return (
                <td
                  key={date}
                  className={cn(
                    'relative border-t border-l border-border p-0 align-top',
                    date === today && 'bg-primary/5',
                  )}
                >
                  {here.map((visit, index) => {
                    const start = minutesOf(visit.start);
                    // At least half an hour tall, to be read; never past the grid's last hour (a
                    // visit from 23:40 ends at midnight here), or the box would scroll.
                    const length = Math.min(Math.max(30, endMinutesOf(visit) - start), last * 60 - start);
                    return (
                      <VisitBlock
                        key={visit.id}
                        visit={visit}
                        className="absolute z-10"
                        style={{
                          top: `${((start % 60) / 60) * HOUR_REM}rem`,
                          height: `${(length / 60) * HOUR_REM - 0.125}rem`,
                          left: `calc(${(index * 100) / here.length}% + 2px)`,
                          width: `calc(${100 / here.length}% - 4px)`,
                        }}
                      />
                    );
                  })}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * On a phone: a strip of the week's days (one chosen, arrow keys move along it) and the chosen
 * day's visits as a list.
 */
function DayList({
  dates,
  visits,
  today,
  chosen,
  onChoose,
}: {
  dates: string[];
  visits: Visit[];
  today: string;
  chosen: string;
  onChoose: (date: string) => void;
}) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const dayHeadingId = useId().replace(/:/g, '');
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + dates.length) % dates.length;
    onChoose(dates[next]!);
    buttons.current[next]?.focus();
  };
  const ofDay = visits
    .filter((visit) => visit.date === chosen)
    .sort((a, b) => a.start.localeCompare(b.start));
  return (
    <div className="grid gap-3">
      <div role="group" aria-label="Day of the week" className="grid grid-cols-7 gap-1">
        {dates.map((date, index) => {
          const { short, day } = dayParts(date);
          const isToday = date === today;
          const count = visits.filter((visit) => visit.date === date && visit.status !== 'cancelled').length;
          return (
            <button
              key={date}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              aria-pressed={date === chosen}
              aria-current={isToday ? 'date' : undefined}
              tabIndex={date === chosen ? 0 : -1}
              onClick={() => onChoose(date)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                'flex min-h-14 flex-col items-center justify-center rounded-md border text-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                date === chosen
                  ? 'border-primary bg-primary text-primary-foreground'
                  : isToday
                    ? 'border-primary bg-accent text-accent-foreground'
                    : 'border-border bg-background',
              )}
            >
              <span aria-hidden="true">{short}</span>
              <span aria-hidden="true" className="text-base font-semibold">
                {day}
              </span>
              <span className="sr-only">
                {`${formatDayDate(date, false)}${isToday ? ', today' : ''}, ${count === 1 ? '1 visit' : `${count} visits`}`}
              </span>
              {count > 0 ? (
                <span aria-hidden="true" className="mt-0.5 size-1.5 rounded-full bg-current" />
              ) : null}
            </button>
          );
        })}
      </div>
      <h3 id={dayHeadingId} className="font-semibold">
        {chosen === today ? `Today, ${formatDayDate(chosen, false)}` : formatDayDate(chosen, false)}
      </h3>
      {ofDay.length === 0 ? (
        <p className="text-sm text-muted-foreground">No visits on this day.</p>
      ) : (
        <ul aria-labelledby={dayHeadingId} className="grid gap-2">
          {ofDay.map((visit) => (
            <li key={visit.id}>
              <VisitBlock visit={visit} className="text-sm" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The week at a glance, week by week: on a wider screen (and on paper) a table of days by
 * hours with the visits as blocks; on a phone a strip of days and the chosen day's visits. Today
 * is marked in both. The visits are the agenda's (GET /api/visits), in UK time.
 */
export function WeekView({ isCarer, enabled = true }: { isCarer: boolean; enabled?: boolean }) {
  const today = ukToday();
  const [monday, setMonday] = useState(() => mondayOf(today));
  const [chosen, setChosen] = useState(today);
  const week = useWeekVisits(monday, { enabled });
  const dates = weekDates(monday);
  const headingId = useId().replace(/:/g, '');

  const goTo = (nextMonday: string) => {
    // The same day of the week stays chosen; today when the week is this one.
    const weekday = Math.max(0, dates.indexOf(chosen));
    setMonday(nextMonday);
    setChosen(nextMonday === mondayOf(today) ? today : addDays(nextMonday, weekday));
  };
  const range = `${formatDayDate(dates[0]!, false)} to ${formatDayDate(dates[6]!)}`;
  const visits = week.data ?? [];

  let body;
  if (week.isPending) {
    body = (
      <div role="status">
        <span className="sr-only">Loading the week</span>
        <Skeleton className="h-64" />
      </div>
    );
  } else if (week.isError) {
    body = (
      <Alert variant="destructive" role="alert" className="flex-col items-start">
        <p>{errorMessage(week.error, 'We could not load this week. Please try again.')}</p>
        <Button variant="outline" size="sm" onClick={() => void week.refetch()}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </Alert>
    );
  } else {
    body = (
      <>
        <div className="hidden overflow-x-auto sm:block print:block">
          <WeekGrid dates={dates} visits={visits} today={today} />
        </div>
        <div className="sm:hidden print:hidden">
          <DayList dates={dates} visits={visits} today={today} chosen={chosen} onChoose={setChosen} />
        </div>
        {visits.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {isCarer
              ? 'No visits this week. When you accept a family’s care arrangement, its visits appear here.'
              : 'No visits this week. When a carer accepts your care arrangement, its visits appear here.'}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} data-testid="week-view" className="grid gap-3 print:text-black">
      <div className="grid gap-1">
        <h2 id={headingId} className="text-xl font-semibold">
          Week view
        </h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {`${range}, in UK time.`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <Button variant="outline" size="sm" onClick={() => goTo(addDays(monday, -7))}>
          <ChevronLeft aria-hidden="true" />
          Previous week
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => goTo(mondayOf(today))}
          aria-disabled={monday === mondayOf(today) || undefined}
        >
          This week
        </Button>
        <Button variant="outline" size="sm" onClick={() => goTo(addDays(monday, 7))}>
          Next week
          <ChevronRight aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="sm" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print this week
        </Button>
      </div>
      {body}
    </section>
  );
}
