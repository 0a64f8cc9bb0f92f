import type { KeyboardEvent, ReactNode } from 'react';
import { Check, Minus } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  DAY_PART_HOURS,
  DAY_PART_LABELS,
  DAY_PARTS,
  slotOf,
  WEEK_DAY_LABELS,
  WEEK_DAYS,
  type WeeklyAvailability,
} from '@contracts/availability';
import { Checkbox } from '@web/components/ui/checkbox';
import { FieldError } from '@web/components/ui/text-field';
import { formatDaysAgo, formatLongDateGB } from '@web/lib/format';
import { cn } from '@web/lib/utils';

// The weekly availability grid: a real table (days as row headers, parts of the day as
// column headers) so a screen reader names each cell by both, editable on the carer forms and read
// only on the public profile. It fits a 375 px screen: short day names show there, the full name
// stays for screen readers.

/** Names of the week's extras, shared by the form, the profile and the tests. */
export const WEEK_EXTRA_LABELS = {
  liveIn: 'Live-in care',
  shortNotice: 'Short-notice cover',
} as const;

const TABLE = 'w-full table-fixed border-collapse text-sm';
// On a 375 px screen each part of the day gets about 63 px: small type, and long words may break.
const HEAD_CELL =
  'px-0 pb-2 align-bottom text-center text-[0.6875rem] leading-tight font-semibold tracking-tight [overflow-wrap:anywhere] sm:px-1 sm:text-sm sm:tracking-normal';
const ROW_HEAD = 'w-10 py-1 pr-1 text-left font-medium sm:w-28';

function DayName({ day }: { day: (typeof WEEK_DAYS)[number] }) {
  const name = WEEK_DAY_LABELS[day];
  return (
    <>
      <span aria-hidden="true" className="sm:hidden">
        {name.slice(0, 3)}
      </span>
      <span className="sr-only sm:not-sr-only">{name}</span>
    </>
  );
}

function ColumnHeads() {
  return (
    <thead>
      <tr>
        <td className={ROW_HEAD} />
        {DAY_PARTS.map((part) => (
          <th key={part} scope="col" className={HEAD_CELL}>
            <span className="block">{DAY_PART_LABELS[part]}</span>
            <span className="block font-normal text-muted-foreground">{DAY_PART_HOURS[part]}</span>
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Arrow keys move between the grid's checkboxes (Tab and Space work as everywhere else). */
function moveWithArrows(event: KeyboardEvent<HTMLTableElement>) {
  const target = event.target as HTMLElement;
  const row = Number(target.dataset.row);
  const column = Number(target.dataset.column);
  if (Number.isNaN(row) || Number.isNaN(column) || !target.dataset.row) return;
  const moves: Record<string, [number, number]> = {
    ArrowUp: [-1, 0],
    ArrowDown: [1, 0],
    ArrowLeft: [0, -1],
    ArrowRight: [0, 1],
  };
  const move = moves[event.key];
  if (!move) return;
  const nextRow = row + move[0];
  const nextColumn = column + move[1];
  const next = event.currentTarget.querySelector<HTMLInputElement>(
    `input[data-row="${nextRow}"][data-column="${nextColumn}"]`,
  );
  if (!next) return;
  event.preventDefault();
  next.focus();
}

const CARER_HINT =
  'Tick the times you are usually free. Families see this week on your profile and can search by day and time. Use Tab and Space, or the arrow keys inside the table.';

type AvailabilityGridFieldProps = {
  /**
   * The form's registration of one part of its week (WeeklyAvailabilityInput): the carer forms'
   * `weeklyAvailability.<part>`, a care request's `pattern.<part>`.
   */
  register: (part: 'slots' | 'liveIn' | 'shortNotice') => UseFormRegisterReturn;
  idPrefix: string;
  legend: string;
  /** What to tick, under the legend (the carer forms' text by default). */
  hint?: string;
  /** The table's caption ('Your usual week' by default). */
  caption?: string;
  error?: string;
  /** The dashboard shows when the carer last changed their week. */
  updatedAt?: string | null;
};

/**
 * A week as a form field: a checkbox per day and part of the day, then live-in and short notice.
 * The carer forms use it for their usual week, a family's care request for the week care is needed.
 */
export function AvailabilityGridField({
  register,
  idPrefix,
  legend,
  hint = CARER_HINT,
  caption = 'Your usual week',
  error,
  updatedAt,
}: AvailabilityGridFieldProps) {
  const hintId = `${idPrefix}-hint`;
  const errorId = `${idPrefix}-error`;
  const updatedId = `${idPrefix}-updated`;
  const describedBy = [hintId, updatedAt ? updatedId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <fieldset className="grid min-w-0 gap-3" aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <p id={hintId} className="text-sm text-muted-foreground">
        {hint}
      </p>
      {updatedAt ? (
        <p id={updatedId} className="text-sm">
          Last updated {formatLongDateGB(updatedAt)}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      <table className={TABLE} onKeyDown={moveWithArrows}>
        <caption className="mb-2 text-left text-sm font-medium [overflow-wrap:anywhere]">{caption}</caption>
        <ColumnHeads />
        <tbody>
          {WEEK_DAYS.map((day, row) => (
            <tr key={day} className="border-t border-border">
              <th scope="row" className={ROW_HEAD}>
                <DayName day={day} />
              </th>
              {DAY_PARTS.map((part, column) => {
                const slot = slotOf(day, part);
                const id = `${idPrefix}-${slot}`;
                return (
                  <td key={part} className="p-0.5 text-center">
                    <label
                      htmlFor={id}
                      className="flex h-11 cursor-pointer items-center justify-center rounded-md has-checked:bg-secondary has-focus-visible:ring-2 has-focus-visible:ring-ring"
                    >
                      <Checkbox
                        id={id}
                        value={slot}
                        className="size-5"
                        data-row={row}
                        data-column={column}
                        aria-label={`${WEEK_DAY_LABELS[day]} ${DAY_PART_LABELS[part].toLowerCase()}`}
                        aria-invalid={error ? true : undefined}
                        {...register('slots')}
                      />
                    </label>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="grid gap-2 sm:grid-cols-2">
        {(['liveIn', 'shortNotice'] as const).map((extra) => {
          const id = `${idPrefix}-${extra}`;
          return (
            <label
              key={extra}
              htmlFor={id}
              className="flex cursor-pointer items-center gap-3 rounded-md border border-border p-3 text-sm has-checked:border-primary has-checked:bg-secondary"
            >
              <Checkbox id={id} {...register(extra)} />
              {WEEK_EXTRA_LABELS[extra]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function Cell({ available }: { available: boolean }): ReactNode {
  return available ? (
    <span className="flex h-9 items-center justify-center rounded-md bg-secondary text-primary">
      <Check aria-hidden="true" className="size-5" />
      <span className="sr-only">available</span>
    </span>
  ) : (
    <span className="flex h-9 items-center justify-center text-muted-foreground">
      <Minus aria-hidden="true" className="size-4" />
      <span className="sr-only">not available</span>
    </span>
  );
}

/**
 * The week as the public profile (and the dashboard's view mode) shows it: "Tuesday, Morning,
 * available" to a screen reader; then live-in, short notice and when it was last changed.
 */
export function AvailabilityTable({
  week,
  caption,
  updatedAt,
  updatedPrefix = 'Availability updated',
  className,
}: {
  week: WeeklyAvailability;
  caption: string;
  updatedAt?: string | null;
  updatedPrefix?: string;
  className?: string;
}) {
  const free = new Set(week.slots);
  const extras = (['liveIn', 'shortNotice'] as const).filter((extra) => week[extra]);
  const updated = updatedAt ? formatDaysAgo(updatedAt) : '';
  return (
    <div className={cn('grid min-w-0 gap-3', className)}>
      <table className={TABLE}>
        <caption className="mb-2 text-left text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {caption}
        </caption>
        <ColumnHeads />
        <tbody>
          {WEEK_DAYS.map((day) => (
            <tr key={day} className="border-t border-border">
              <th scope="row" className={ROW_HEAD}>
                <DayName day={day} />
              </th>
              {DAY_PARTS.map((part) => (
                <td key={part} className="p-0.5">
                  <Cell available={free.has(slotOf(day, part))} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {extras.length > 0 ? (
        <ul aria-label="Other cover" className="flex flex-wrap gap-2 text-sm">
          {extras.map((extra) => (
            <li key={extra} className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-3 py-1">
              <Check aria-hidden="true" className="size-4 text-primary" />
              {WEEK_EXTRA_LABELS[extra]}
            </li>
          ))}
        </ul>
      ) : null}
      {updated ? (
        <p className="text-sm text-muted-foreground">
          {updatedPrefix} {updated}
        </p>
      ) : null}
    </div>
  );
}
