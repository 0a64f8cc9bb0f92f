import { z } from 'zod';
import { WEEK_DAYS, WEEK_DAY_LABELS, type WeekDay } from './availability';
import { CARER_MESSAGES, poundsPerHour } from './carers';
import { multiLine, oneLine } from './text';
import { LATE_MINUTES, NOTICE_UNDO_MINUTES, RUNNING_LATE_FROM_MINUTES } from './visit-notices';
import { CareDetails } from './visit-records';
import { formatCount } from './limits';

export * from './visit-notices';

// Care arrangements (decision 0024; the API keeps the path /api/bookings): from a conversation, a
// family proposes a start date, weekly visits, an hourly rate and a task list; the carer accepts,
// declines with a reason, or proposes changes. Accepted arrangements produce visits, in UK time.
// The product records and reminds; the family and the carer agree and control the care.

export const ARRANGEMENT_STATUSES = ['proposed', 'accepted', 'declined', 'ended'] as const;
export type ArrangementStatus = (typeof ARRANGEMENT_STATUSES)[number];
export const VISIT_NOTICES = ['running_late', 'cant_make_it'] as const;
export type VisitNotice = (typeof VISIT_NOTICES)[number];
/** Visits are made this many weeks ahead (housekeeping keeps the horizon moving). */
export const VISIT_HORIZON_WEEKS = 8;
export const ARRANGEMENT_TASKS_MAX = 2000;
export const ARRANGEMENT_VISITS_MAX = 21;
/** The time zone every date and time of an arrangement is in: 09:00 stays 09:00 across the clocks changing. */
export const ARRANGEMENT_TIME_ZONE = 'Europe/London';

export const ARRANGEMENT_MESSAGES = {
  startDateRequired: 'Enter the date the arrangement starts',
  startDatePast: 'The start date cannot be in the past',
  visitsRequired: 'Add at least one weekly visit',
  visitsTooMany: `At most ${ARRANGEMENT_VISITS_MAX} visits a week`,
  dayRequired: 'Choose a day',
  timeFormat: 'Enter a time like 09:00',
  endBeforeStart: 'A visit must end after it starts',
  visitsOverlap: 'Two visits on the same day overlap',
  rateFormat: CARER_MESSAGES.rateFormat,
  rateRange: CARER_MESSAGES.rateRange,
  tasksTooLong: `The task list can be at most ${formatCount(ARRANGEMENT_TASKS_MAX)} characters`,
  reasonRequired: 'Please give a reason',
  reasonTooLong: 'The reason can be at most 500 characters',
  noteTooLong: 'The note can be at most 500 characters',
  endDateRequired: 'Enter the last day of the arrangement',
  endDateBeforeStart: 'The arrangement cannot end before it starts',
  endDatePast: 'The end date cannot be in the past',
  onlyCustomersPropose: 'Only the family can propose an arrangement from a conversation.',
  subscriptionRequired: 'Please subscribe to arrange care with a carer.',
  familyPlanEnded:
    'This family’s plan has ended, so their proposal can’t be accepted now. They can propose again once they subscribe.',
  notFound: 'Arrangement not found.',
  conversationNotFound: 'Conversation not found.',
  notYourTurn: 'This proposal is waiting for the other person to answer.',
  notProposed: 'This arrangement is no longer a proposal.',
  notAccepted: 'Only an accepted arrangement can be changed this way.',
  alreadyOpen: 'You already have an arrangement in progress with this person: change that one instead.',
  visitNotFound: 'Visit not found.',
  visitPast: 'This visit has already happened.',
  visitCancelled: 'This visit is cancelled.',
  onlyCarerNotice: 'Only the carer can send a notice about a visit.',
  runningLateTooEarly: `You can say you are running late from ${RUNNING_LATE_FROM_MINUTES / 60} hours before the visit starts.`,
  visitStarted: 'This visit has already started: call the family if you cannot stay.',
  minutesLateRequired: 'Choose how late you will be',
  noNoticeToUndo: 'There is no notice to undo on this visit.',
  undoTooLate: `A notice can be undone only in the first ${NOTICE_UNDO_MINUTES} minutes after sending it.`,
  blocked: 'One of you has blocked the other, so nothing can be arranged here.',
  otherPartySuspended: 'This person’s account is not active at the moment.',
  /** The reason a proposal shows when the other person's account was closed or suspended. */
  partyGone: 'The other person’s account is no longer active.',
} as const;

const time = z
  .string({ error: ARRANGEMENT_MESSAGES.timeFormat })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, ARRANGEMENT_MESSAGES.timeFormat);
const isoDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), message);

/** One weekly visit: a day and a start and end time (UK time), within the day. */
export const WeeklyVisit = z
  .object({
    day: z.enum(WEEK_DAYS, { error: ARRANGEMENT_MESSAGES.dayRequired }),
    start: time,
    end: time,
  })
  .refine((visit) => visit.end > visit.start, {
    message: ARRANGEMENT_MESSAGES.endBeforeStart,
    path: ['end'],
  });
export type WeeklyVisit = z.infer<typeof WeeklyVisit>;

const rate = poundsPerHour({
  required: ARRANGEMENT_MESSAGES.rateFormat,
  format: ARRANGEMENT_MESSAGES.rateFormat,
  range: ARRANGEMENT_MESSAGES.rateRange,
});

const termsFields = z.object({
  startDate: isoDate(ARRANGEMENT_MESSAGES.startDateRequired),
  visits: z
    .array(WeeklyVisit, { error: ARRANGEMENT_MESSAGES.visitsRequired })
    .min(1, ARRANGEMENT_MESSAGES.visitsRequired)
    .max(ARRANGEMENT_VISITS_MAX, ARRANGEMENT_MESSAGES.visitsTooMany),
  hourlyRate: rate,
  tasks: multiLine(z.string())
    .trim()
    .max(ARRANGEMENT_TASKS_MAX, ARRANGEMENT_MESSAGES.tasksTooLong)
    .default(''),
});

function noOverlaps(value: { visits: WeeklyVisit[] }, context: z.RefinementCtx) {
  const sorted = [...value.visits].sort((a, b) =>
    a.day === b.day ? a.start.localeCompare(b.start) : WEEK_DAYS.indexOf(a.day) - WEEK_DAYS.indexOf(b.day),
  );
  for (let i = 1; i < sorted.length; i += 1) {
    const [before, after] = [sorted[i - 1]!, sorted[i]!];
    if (before.day === after.day && after.start < before.end) {
      context.addIssue({ code: 'custom', message: ARRANGEMENT_MESSAGES.visitsOverlap, path: ['visits'] });
      return;
    }
  }
}

/** The terms both sides agree: a proposal, or changes proposed to one. */
export const ArrangementTerms = termsFields.superRefine(noOverlaps);
export type ArrangementTerms = z.infer<typeof ArrangementTerms>;
export type ArrangementTermsFormValues = z.input<typeof ArrangementTerms>;

/**
 * POST /api/bookings: the family proposes, from their conversation with the carer, with who the
 * care is for, the notes the carer needs and the visit-note ticks (the family's alone to change).
 */
export const ArrangementProposal = termsFields
  .extend({ conversationId: z.string().uuid(), ...CareDetails.shape })
  .superRefine(noOverlaps);
export type ArrangementProposal = z.infer<typeof ArrangementProposal>;
/** What the web sends: the care details may be left out (they default to none). */
export type ArrangementProposalInput = z.input<typeof ArrangementProposal>;

/** POST /api/bookings/{id}/decline */
export const ArrangementDecline = z.object({
  reason: multiLine(z.string({ error: ARRANGEMENT_MESSAGES.reasonRequired }))
    .trim()
    .min(1, ARRANGEMENT_MESSAGES.reasonRequired)
    .max(500, ARRANGEMENT_MESSAGES.reasonTooLong),
});
/** POST /api/bookings/{id}/end: the last day there are visits. */
export const ArrangementEnd = z.object({ endDate: isoDate(ARRANGEMENT_MESSAGES.endDateRequired) });
/**
 * POST /api/visits/{id}/notice: the carer says they are running late (and by how much) or cannot
 * make it, with an optional one-line note (it goes into the family's calendar and email).
 */
export const VisitNoticeInput = z
  .object({
    kind: z.enum(VISIT_NOTICES),
    minutesLate: z.literal(LATE_MINUTES, { error: ARRANGEMENT_MESSAGES.minutesLateRequired }).optional(),
    note: oneLine(z.string().trim().max(500, ARRANGEMENT_MESSAGES.noteTooLong)).default(''),
  })
  .superRefine((value, context) => {
    if (value.kind === 'running_late' && value.minutesLate === undefined) {
      context.addIssue({
        code: 'custom',
        message: ARRANGEMENT_MESSAGES.minutesLateRequired,
        path: ['minutesLate'],
      });
    }
  });
export type VisitNoticeInput = z.infer<typeof VisitNoticeInput>;

export const Arrangement = z.object({
  id: z.string(),
  conversationId: z.string().nullable(),
  status: z.enum(ARRANGEMENT_STATUSES),
  /** Who made the proposal now on the table: the other side answers it. */
  proposedBy: z.enum(['customer', 'carer']),
  /** Whether the viewer may accept, decline or propose changes now. */
  awaitingMe: z.boolean(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  visits: z.array(z.object({ day: z.enum(WEEK_DAYS), start: z.string(), end: z.string() })),
  hourlyRate: z.string(),
  tasks: z.string(),
  declineReason: z.string().nullable(),
  /** Who the care is for ("Dad — Arthur"), the notes the carer needs, the visit-note ticks. */
  careFor: z.string(),
  careNotes: z.string(),
  noteTicks: z.array(z.string()),
  /** The other person: first name and initial, and the carer's profile. */
  partnerName: z.string(),
  /**
   * To the carer, the family's area: the postcode district of their own place ('LS6'), never the
   * address (decision 0032); null to the family side, or when the family has not given a postcode.
   */
  area: z.string().nullable(),
  /**
   * How the viewer is in it: the family's account holder, the carer, or a member of the family's
   * circle (decision 0036), who never gets the conversation (conversationId is null for them).
   */
  viewerRole: z.enum(['holder', 'carer', 'can_see', 'can_arrange']),
  /** The first names of the family's circle (what the carer sees of it). */
  circle: z.array(z.string()),
  carerId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Arrangement = z.infer<typeof Arrangement>;
export const Arrangements = z.object({ items: z.array(Arrangement) });
export type Arrangements = z.infer<typeof Arrangements>;

/** What the arrangement's carer sees of the backup covering one of their visits. */
export const VISIT_COVER_UNNAMED = 'a backup carer';

export const Visit = z.object({
  id: z.string(),
  arrangementId: z.string(),
  /** ISO instants; the UK date and times as agreed. */
  startsAt: z.string(),
  endsAt: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(['scheduled', 'cancelled']),
  notice: z.enum(VISIT_NOTICES).nullable(),
  /** With "running late": how late, in minutes. */
  minutesLate: z.number().int().nullable(),
  noticeNote: z.string().nullable(),
  /** When the notice was sent (it can be undone for NOTICE_UNDO_MINUTES). */
  noticeAt: z.string().nullable(),
  /** What the carer recorded: check-in and check-out times, whether afterwards, whether a note. */
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  recordedAfterwards: z.boolean(),
  hasNote: z.boolean(),
  partnerName: z.string(),
  /**
   * The backup carer covering the visit instead (decision 0037): 'Ben K.' to the family side,
   * VISIT_COVER_UNNAMED to the arrangement's carer; null when not covered.
   */
  coverName: z.string().nullable(),
});
export type Visit = z.infer<typeof Visit>;
export const Visits = z.object({ items: z.array(Visit) });
export type Visits = z.infer<typeof Visits>;

/**
 * GET, POST and DELETE /api/settings/calendar-feed: whether the private iCalendar feed is on, and
 * its address, shown only in the answer that makes it (only a hash of its secret is kept). A new
 * address replaces the old one, which stops working.
 */
export const CalendarFeed = z.object({ active: z.boolean(), url: z.string().nullable() });
export type CalendarFeed = z.infer<typeof CalendarFeed>;

/** 'Tuesdays and Thursdays 09:00–12:00': a week of visits in words, for messages and emails. */
export function describeVisits(visits: readonly { day: WeekDay; start: string; end: string }[]): string {
  const byTimes = new Map<string, WeekDay[]>();
  for (const visit of [...visits].sort((a, b) => WEEK_DAYS.indexOf(a.day) - WEEK_DAYS.indexOf(b.day))) {
    const key = `${visit.start}–${visit.end}`;
    byTimes.set(key, [...(byTimes.get(key) ?? []), visit.day]);
  }
  return [...byTimes]
    .map(([times, days]) => {
      const names = days.map((day) => `${WEEK_DAY_LABELS[day]}s`);
      const joined = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
      return `${joined} ${times}`;
    })
    .join('; ');
}
