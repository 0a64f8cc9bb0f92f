import type { ReactNode } from 'react';
import { MessageCircleQuestion } from 'lucide-react';
import type { TimesheetLine } from '@contracts/invoicing';
import { formatMinutes, formatPence, shortDay } from './format';

/** What a line is, in words: 'Visit 09:00–11:00 (2 h 00 min)', '12.5 miles at 45p', 'Expense'. */
export function lineTitle(line: TimesheetLine): string {
  if (line.kind === 'visit') {
    return `Visit ${line.start}–${line.end} (${formatMinutes(line.minutes ?? 0)})`;
  }
  if (line.kind === 'mileage') return `Mileage: ${line.miles} miles at ${line.ratePence}p a mile`;
  return 'Expense';
}

/** A timesheet's lines as a list (phone first): date, what, amount, any query, and the actions. */
export function TimesheetLines({
  lines,
  hourlyRatePence,
  actions,
}: {
  lines: TimesheetLine[];
  hourlyRatePence: number;
  actions?: (line: TimesheetLine) => ReactNode;
}) {
  if (lines.length === 0) return <p className="text-sm text-muted-foreground">No lines.</p>;
  return (
    <ul className="grid gap-3" aria-label="Lines">
      {lines.map((line) => (
        <li key={line.id} className="grid gap-2 rounded-lg border p-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className={line.excluded ? 'text-muted-foreground line-through' : 'font-medium'}>
              <span className="mr-2">{shortDay(line.date)}</span>
              {lineTitle(line)}
            </p>
            <p className="font-semibold tabular-nums">
              {line.excluded ? <span className="sr-only">Not billed: </span> : null}
              {formatPence(line.excluded ? 0 : line.amountPence)}
            </p>
          </div>
          {line.kind === 'visit' ? (
            <p className="text-sm text-muted-foreground">
              At {formatPence(line.ratePence ?? hourlyRatePence)} an hour
              {line.recordedAfterwards ? ', times recorded afterwards' : ''}
              {line.carriedOver ? ', from an earlier week (recorded after that week was submitted)' : ''}
              {line.excluded ? '. Taken off this timesheet: not billed.' : ''}
            </p>
          ) : line.note ? (
            <p className="text-sm text-muted-foreground">{line.note}</p>
          ) : null}
          {line.query ? (
            <p className="flex items-start gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-950">
              <MessageCircleQuestion aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <strong>Queried by {line.query.by}:</strong> {line.query.reason}
              </span>
            </p>
          ) : null}
          {actions ? <div className="flex flex-wrap gap-2">{actions(line)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
