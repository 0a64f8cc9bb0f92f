import type { WeeklyVisit } from '@contracts/arrangements';
import { WEEK_DAYS } from '@contracts/availability';
import type { ArrangementRow } from '../../db/schema';
import { addDays, ukInstant, weekdayIndex } from '../../platform/uk-time';

/**
 * The visits an arrangement's weekly pattern makes from `from` to `to` (UK dates, inclusive), as
 * UTC instants of the agreed UK times: 09:00 stays 09:00 when the clocks change.
 */
export function visitsBetween(
  arrangement: Pick<ArrangementRow, 'id' | 'visits' | 'startDate' | 'endDate'>,
  from: string,
  to: string,
) {
  const pattern = arrangement.visits as WeeklyVisit[];
  const first = from > arrangement.startDate ? from : arrangement.startDate;
  const last = arrangement.endDate && arrangement.endDate < to ? arrangement.endDate : to;
  const out: Array<{ arrangementId: string; startsAt: Date; endsAt: Date }> = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const day = WEEK_DAYS[weekdayIndex(date)];
    for (const visit of pattern.filter((candidate) => candidate.day === day)) {
      out.push({
        arrangementId: arrangement.id,
        startsAt: ukInstant(date, visit.start),
        endsAt: ukInstant(date, visit.end),
      });
    }
  }
  return out;
}
