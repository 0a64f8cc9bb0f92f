// When a carer may check in, check out or record a visit afterwards (decision 0024, "What we
// record"), in a module of its own without zod, so the visit agenda offers only the buttons the
// server will accept without loading zod. Times only: the product never records where anyone is.

/** Check-in opens this long before the visit starts (a carer arriving early)… */
export const CHECK_IN_FROM_MINUTES = 120;
/** …and closes this long after it ends: later, the carer records the visit afterwards. */
export const CHECK_IN_UNTIL_MINUTES_AFTER_END = 120;
/** Check-out closes this long after the visit ends: a forgotten one is recorded afterwards. */
export const CHECK_OUT_UNTIL_HOURS_AFTER_END = 12;
/** A visit can be recorded afterwards from its start until this many days after it ends. */
export const RECORD_AFTERWARDS_DAYS = 14;
/** A visit recorded afterwards lasts at most this long. */
export const RECORDED_VISIT_MAX_HOURS = 16;
/** A check-in or check-out saved on the phone while offline is accepted with its time this long after. */
export const OFFLINE_RECORD_MAX_HOURS = 24;
/** A phone's clock may run this far ahead of the server's. */
export const OFFLINE_RECORD_CLOCK_SKEW_MINUTES = 2;

const MINUTE = 60_000;

export interface VisitTimes {
  startsAt: Date | string;
  endsAt: Date | string;
  status: string;
  checkedInAt?: Date | string | null;
  checkedOutAt?: Date | string | null;
}

/** What the carer may record about a visit at `at`: one rule for the server and the screens. */
export function visitRecordChoices(
  visit: VisitTimes,
  at: Date,
): { checkIn: boolean; checkOut: boolean; recordAfterwards: boolean } {
  const time = at.getTime();
  const startsAt = new Date(visit.startsAt).getTime();
  const endsAt = new Date(visit.endsAt).getTime();
  const scheduled = visit.status === 'scheduled';
  const checkedIn = Boolean(visit.checkedInAt);
  const checkedOut = Boolean(visit.checkedOutAt);
  const checkIn =
    scheduled &&
    !checkedIn &&
    time >= startsAt - CHECK_IN_FROM_MINUTES * MINUTE &&
    time < endsAt + CHECK_IN_UNTIL_MINUTES_AFTER_END * MINUTE;
  const checkOut =
    scheduled && checkedIn && !checkedOut && time < endsAt + CHECK_OUT_UNTIL_HOURS_AFTER_END * 60 * MINUTE;
  // Not checked in once the visit has started, or checked in with the check-out window gone.
  const recordAfterwards =
    scheduled &&
    !checkedOut &&
    !checkOut &&
    time >= startsAt &&
    time < endsAt + RECORD_AFTERWARDS_DAYS * 24 * 60 * MINUTE;
  return { checkIn, checkOut, recordAfterwards };
}

/**
 * Whether times recorded afterwards are sane for the visit: arriving from the check-in window's
 * start until it closes, leaving after arriving, not in the future, for at most
 * RECORDED_VISIT_MAX_HOURS. Null when they are, else which one is wrong.
 */
export function recordedTimesProblem(
  visit: { startsAt: Date | string; endsAt: Date | string },
  arrived: Date,
  left: Date,
  at: Date,
): 'arrivedOutOfRange' | 'leftBeforeArrived' | 'inFuture' | 'tooLong' | null {
  const startsAt = new Date(visit.startsAt).getTime();
  const endsAt = new Date(visit.endsAt).getTime();
  if (
    arrived.getTime() < startsAt - CHECK_IN_FROM_MINUTES * MINUTE ||
    arrived.getTime() >= endsAt + CHECK_IN_UNTIL_MINUTES_AFTER_END * MINUTE
  ) {
    return 'arrivedOutOfRange';
  }
  if (left.getTime() <= arrived.getTime()) return 'leftBeforeArrived';
  if (left.getTime() > at.getTime()) return 'inFuture';
  if (left.getTime() - arrived.getTime() > RECORDED_VISIT_MAX_HOURS * 60 * MINUTE) return 'tooLong';
  return null;
}

/**
 * Whether a time the phone recorded (a check-in or check-out made offline and sent later) may be
 * used instead of the server's: not ahead of the server's clock (beyond a little skew), and at
 * most OFFLINE_RECORD_MAX_HOURS old. Null when it may, else what is wrong.
 */
export function recordedAtProblem(
  recordedAt: Date,
  now: Date,
): 'recordedAtInFuture' | 'recordedAtTooOld' | null {
  if (recordedAt.getTime() > now.getTime() + OFFLINE_RECORD_CLOCK_SKEW_MINUTES * MINUTE) {
    return 'recordedAtInFuture';
  }
  if (recordedAt.getTime() < now.getTime() - OFFLINE_RECORD_MAX_HOURS * 60 * MINUTE)
    return 'recordedAtTooOld';
  return null;
}
