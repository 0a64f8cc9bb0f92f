import { z } from 'zod';
import { multiLine, oneLine } from './text';
import {
  CHECK_IN_FROM_MINUTES,
  CHECK_IN_UNTIL_MINUTES_AFTER_END,
  CHECK_OUT_UNTIL_HOURS_AFTER_END,
  OFFLINE_RECORD_MAX_HOURS,
  RECORD_AFTERWARDS_DAYS,
  RECORDED_VISIT_MAX_HOURS,
} from './visit-record-times';
import { formatCount } from './limits';

export * from './visit-record-times';

// Visits that happened (decision 0024, "What we record"): the carer checks in and out (the times
// only, never a location), or records a visit afterwards with the real times and a reason; a note
// at check-out (free text and the quick ticks the family set for the arrangement); the family's
// replies; the history of past visits. "Medication prompted" is a prompt, never a record of
// administering medicines: the product keeps no medicines record.

export const CARE_FOR_MAX = 80;
export const CARE_NOTES_MAX = 1000;
export const NOTE_TICKS_MAX = 8;
export const NOTE_TICK_MAX = 30;
export const VISIT_NOTE_MAX = 2000;
export const NOTE_REPLY_MAX = 1000;
export const RECORDED_REASON_MAX = 500;
/** Replies under one note: a longer exchange belongs in Messages. */
export const NOTE_REPLIES_MAX = 20;
/** Past visits a page of the history holds (at most). */
export const HISTORY_PAGE_MAX = 50;
/** The ticks a family is offered when setting up an arrangement. */
export const NOTE_TICK_SUGGESTIONS = ['Lunch', 'Walk', 'Medication prompted'] as const;

export const VISIT_RECORD_MESSAGES = {
  careForTooLong: `Keep who the care is for to ${CARE_FOR_MAX} characters`,
  careNotesTooLong: `The notes for the carer can be at most ${formatCount(CARE_NOTES_MAX)} characters`,
  tickRequired: 'A tick needs a label',
  tickTooLong: `A tick can be at most ${NOTE_TICK_MAX} characters`,
  ticksTooMany: `At most ${NOTE_TICKS_MAX} ticks`,
  ticksRepeated: 'Each tick can be listed once',
  tickNotOffered: 'Choose ticks from the ones the family set for this arrangement',
  noteTooLong: `The note can be at most ${formatCount(VISIT_NOTE_MAX)} characters`,
  replyRequired: 'Write your reply',
  replyTooLong: `A reply can be at most ${formatCount(NOTE_REPLY_MAX)} characters`,
  reasonRequired: 'Say why the visit is recorded afterwards',
  reasonTooLong: `The reason can be at most ${RECORDED_REASON_MAX} characters`,
  dateRequired: 'Enter the date of the visit',
  timeFormat: 'Enter a time like 09:00',
  arrivedOutOfRange: `The arrival time must be within ${CHECK_IN_FROM_MINUTES / 60} hours of the visit`,
  leftBeforeArrived: 'The time you left must be after the time you arrived',
  inFuture: 'The times cannot be in the future',
  tooLong: `A visit can be recorded for at most ${RECORDED_VISIT_MAX_HOURS} hours`,
  onlyCarer: 'Only the carer can record a visit.',
  onlyFamily: 'Only the family can change these details.',
  onlyFamilyReplies: 'Only the family can reply to a visit note. Write to the family in Messages.',
  visitCancelled: 'This visit is cancelled.',
  checkInTooEarly: `You can check in from ${CHECK_IN_FROM_MINUTES / 60} hours before the visit starts.`,
  checkInTooLate: `Check-in closes ${CHECK_IN_UNTIL_MINUTES_AFTER_END / 60} hours after the visit ends: record the visit afterwards instead.`,
  alreadyCheckedIn: 'You have already checked in to this visit.',
  notCheckedIn: 'Check in first, or record the visit afterwards.',
  alreadyCheckedOut: 'This visit is already recorded.',
  checkOutTooLate: `Check-out closes ${CHECK_OUT_UNTIL_HOURS_AFTER_END} hours after the visit ends: record the visit afterwards instead.`,
  recordNotYet: 'A visit can be recorded afterwards once it has started and you have not checked in.',
  recordTooLate: `A visit can be recorded up to ${RECORD_AFTERWARDS_DAYS} days after it.`,
  noNote: 'This visit has no note to reply to.',
  tooManyReplies: `This note has ${NOTE_REPLIES_MAX} replies already: write to the carer in Messages.`,
  recordedAtFormat: 'The time recorded must be a date and time with its offset',
  recordedAtInFuture:
    'The time recorded on this phone is ahead of ours: check the phone’s clock and try again.',
  recordedAtTooOld: `A check-in or check-out saved offline can be sent for ${OFFLINE_RECORD_MAX_HOURS} hours: record the visit afterwards instead.`,
} as const;

const time = z
  .string({ error: VISIT_RECORD_MESSAGES.timeFormat })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, VISIT_RECORD_MESSAGES.timeFormat);
const isoDate = z
  .string({ error: VISIT_RECORD_MESSAGES.dateRequired })
  .regex(/^\d{4}-\d{2}-\d{2}$/, VISIT_RECORD_MESSAGES.dateRequired)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), VISIT_RECORD_MESSAGES.dateRequired);

const tick = oneLine(
  z
    .string({ error: VISIT_RECORD_MESSAGES.tickRequired })
    .trim()
    .min(1, VISIT_RECORD_MESSAGES.tickRequired)
    .max(NOTE_TICK_MAX, VISIT_RECORD_MESSAGES.tickTooLong),
);
const ticks = z
  .array(tick)
  .max(NOTE_TICKS_MAX, VISIT_RECORD_MESSAGES.ticksTooMany)
  .refine((list) => new Set(list.map((item) => item.toLowerCase())).size === list.length, {
    message: VISIT_RECORD_MESSAGES.ticksRepeated,
  })
  .default([]);

/** Who the care is for, what the carer needs to know and the note ticks: the family's to set. */
export const CareDetails = z.object({
  careFor: oneLine(z.string().trim().max(CARE_FOR_MAX, VISIT_RECORD_MESSAGES.careForTooLong)).default(''),
  careNotes: multiLine(z.string())
    .trim()
    .max(CARE_NOTES_MAX, VISIT_RECORD_MESSAGES.careNotesTooLong)
    .default(''),
  noteTicks: ticks,
});
export type CareDetails = z.infer<typeof CareDetails>;
export type CareDetailsFormValues = z.input<typeof CareDetails>;

const noteFields = {
  note: multiLine(z.string()).trim().max(VISIT_NOTE_MAX, VISIT_RECORD_MESSAGES.noteTooLong).default(''),
  /** Ticks chosen from the arrangement's set (checked by the server against it). */
  ticks,
};

/**
 * When the carer checked in or out, as the phone recorded it: sent with a step made offline and
 * delivered later (at most OFFLINE_RECORD_MAX_HOURS later, never ahead of the server's clock).
 * Without it the server's time is the time.
 */
const recordedAt = z.iso.datetime({ offset: true, error: VISIT_RECORD_MESSAGES.recordedAtFormat }).optional();

/** POST /api/visits/{id}/check-in: no body, or the time the phone recorded offline. */
export const CheckInInput = z.object({ at: recordedAt }).nullish();
export type CheckInInput = z.infer<typeof CheckInInput>;

/** POST /api/visits/{id}/check-out: the note (optional) with the ticks, and the phone's time. */
export const CheckOutInput = z.object({ ...noteFields, at: recordedAt });
export type CheckOutInput = z.infer<typeof CheckOutInput>;

/** POST /api/visits/{id}/record: the real times (UK time, on one day), why, and the note. */
export const RecordAfterwardsInput = z
  .object({
    date: isoDate,
    arrived: time,
    left: time,
    reason: multiLine(z.string({ error: VISIT_RECORD_MESSAGES.reasonRequired }))
      .trim()
      .min(1, VISIT_RECORD_MESSAGES.reasonRequired)
      .max(RECORDED_REASON_MAX, VISIT_RECORD_MESSAGES.reasonTooLong),
    ...noteFields,
  })
  .refine((value) => value.left > value.arrived, {
    message: VISIT_RECORD_MESSAGES.leftBeforeArrived,
    path: ['left'],
  });
export type RecordAfterwardsInput = z.infer<typeof RecordAfterwardsInput>;

/** POST /api/visits/{id}/note/replies */
export const NoteReplyInput = z.object({
  text: multiLine(z.string({ error: VISIT_RECORD_MESSAGES.replyRequired }))
    .trim()
    .min(1, VISIT_RECORD_MESSAGES.replyRequired)
    .max(NOTE_REPLY_MAX, VISIT_RECORD_MESSAGES.replyTooLong),
});
export type NoteReplyInput = z.infer<typeof NoteReplyInput>;

export const NoteReply = z.object({
  id: z.string(),
  /** 'Sam O.', 'Deleted user', or 'You'. */
  authorName: z.string(),
  mine: z.boolean(),
  text: z.string(),
  createdAt: z.string(),
});
export type NoteReply = z.infer<typeof NoteReply>;

export const VisitNote = z.object({
  text: z.string(),
  ticks: z.array(z.string()),
  writtenAt: z.string(),
  replies: z.array(NoteReply),
});
export type VisitNote = z.infer<typeof VisitNote>;

/** One visit as the history shows it: times, what was recorded, any notice and the note. */
export const VisitRecord = z.object({
  id: z.string(),
  arrangementId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(['scheduled', 'cancelled']),
  notice: z.enum(['running_late', 'cant_make_it']).nullable(),
  minutesLate: z.number().int().nullable(),
  noticeNote: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  /** The times were recorded afterwards (the family sees "recorded afterwards"), with why. */
  recordedAfterwards: z.boolean(),
  recordedReason: z.string().nullable(),
  /** The carer, as the viewer sees them ('Grace H.', 'Deleted user'). */
  carerName: z.string(),
  note: VisitNote.nullable(),
});
export type VisitRecord = z.infer<typeof VisitRecord>;

export const HistoryQuery = z.object({
  /** The page before this visit's start (the previous page's `nextBefore`). */
  before: z.iso.datetime({ offset: true, error: 'before must be an ISO date and time' }).optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(20),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

/** GET /api/bookings/{id}/history: past visits, newest first, a page at a time. */
export const VisitHistory = z.object({
  items: z.array(VisitRecord),
  /** Pass as `before` for the next (older) page; null at the first visit. */
  nextBefore: z.string().nullable(),
});
export type VisitHistory = z.infer<typeof VisitHistory>;
