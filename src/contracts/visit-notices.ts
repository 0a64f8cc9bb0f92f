// When a carer's notice about a visit makes sense (decision 0024), in a module of its own without
// zod, so the visit agenda shows only the buttons the server will accept without loading zod.

/** How late a carer says they will be, in minutes: the choices offered with "running late". */
export const LATE_MINUTES = [10, 20, 30, 60] as const;
export type LateMinutes = (typeof LATE_MINUTES)[number];
/**
 * When a notice makes sense (a notice for a visit days away alarms a family for nothing): "running
 * late" from this long before the start until the visit ends; "can't make it" any time before it starts.
 */
export const RUNNING_LATE_FROM_MINUTES = 120;
/** A notice sent by mistake can be taken back for this long; the family is told it is cancelled. */
export const NOTICE_UNDO_MINUTES = 5;

/**
 * What the carer may do about a visit at `at`: the windows above, one rule for server and screens.
 * Once the family has been alerted that the carer has not checked in (decision 0037), "can't make
 * it" stays open until the visit ends, so the carer can answer "Are you on your way?".
 */
export function visitNoticeChoices(
  visit: {
    startsAt: Date | string;
    endsAt: Date | string;
    status: string;
    noticeAt?: Date | string | null;
    noShowAlertedAt?: Date | string | null;
    checkedInAt?: Date | string | null;
  },
  at: Date,
): { runningLate: boolean; cantMakeIt: boolean; undoUntil: Date | null } {
  const time = at.getTime();
  const startsAt = new Date(visit.startsAt).getTime();
  const endsAt = new Date(visit.endsAt).getTime();
  const scheduled = visit.status === 'scheduled';
  const undoUntil = visit.noticeAt
    ? new Date(new Date(visit.noticeAt).getTime() + NOTICE_UNDO_MINUTES * 60_000)
    : null;
  return {
    runningLate: scheduled && time >= startsAt - RUNNING_LATE_FROM_MINUTES * 60_000 && time < endsAt,
    cantMakeIt:
      scheduled &&
      (time < startsAt || (Boolean(visit.noShowAlertedAt) && !visit.checkedInAt && time < endsAt)),
    undoUntil: undoUntil && time < undoUntil.getTime() ? undoUntil : null,
  };
}

/** 'about 20 minutes', 'about 1 hour': how late, as emails, the calendar feed and the pages say it. */
export const lateInWords = (minutes: number): string =>
  minutes === 60 ? 'about 1 hour' : `about ${minutes} minutes`;
