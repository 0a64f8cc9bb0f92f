import { z } from 'zod';
import { ARRANGEMENT_MESSAGES } from './arrangements';
import { poundsPerHour } from './carers';
import { CheckSummary } from './verification-compliance';

// No-show alerts and cover (decision 0037). CareMatch relays; the family decides. When a visit has
// no check-in some minutes after its start, the carer is asked "Are you on your way?" and the family
// circle is alerted, once; it clears itself when the carer checks in or says they can't make it.
// The family names up to three backup carers it has talked to, each with the rate agreed; only
// when the family chooses to is a visit offered to them, and the first to accept takes it.

/** Minutes after a visit's start without a check-in before the alert: the family's choice, in bounds. */
export const NO_SHOW_MINUTES_DEFAULT = 15;
export const NO_SHOW_MINUTES_MIN = 5;
export const NO_SHOW_MINUTES_MAX = 120;
export const COVER_BACKUPS_MAX = 3;
/** Visits a family may offer to its backups in a day. */
export const COVER_OFFERS_PER_DAY = 10;

export const COVER_MESSAGES = {
  noShowMinutesRange: `Choose between ${NO_SHOW_MINUTES_MIN} and ${NO_SHOW_MINUTES_MAX} minutes`,
  backupsTooMany: `Name at most ${COVER_BACKUPS_MAX} backup carers`,
  backupRepeated: 'Each backup carer can be named once',
  backupInvalid: 'Choose a backup carer from your conversations',
  backupNotInConversation: 'A backup carer must be someone you have a conversation with',
  backupIsTheCarer: 'The arrangement’s own carer cannot be its backup',
  backupNotListed: 'This carer is not listed on CareMatch now, so cannot be a backup',
  onlyFamily: 'Only the family sets its cover plan.',
  onlyArrange: 'Only the account holder or someone who can arrange can do this.',
  notAccepted: 'Cover is planned for an accepted arrangement.',
  nothingToCover:
    'A visit is offered to backups when the carer can’t make it or has not checked in after the alert.',
  visitOver: 'This visit is over: there is nothing left to cover.',
  alreadyOffered: 'This visit has already been offered to your backups.',
  alreadyCovered: 'A backup carer has already taken this visit.',
  noBackups: 'Name your backup carers in the cover plan first.',
  offerNotFound: 'Offer not found.',
  offerTaken: 'Another backup carer has already taken this visit.',
  offerTooManyToday: `You can offer at most ${COVER_OFFERS_PER_DAY} visits to your backups in a day.`,
} as const;

const rate = poundsPerHour({
  required: ARRANGEMENT_MESSAGES.rateFormat,
  format: ARRANGEMENT_MESSAGES.rateFormat,
  range: ARRANGEMENT_MESSAGES.rateRange,
});

/** PUT /api/bookings/{id}/cover: the alert's minutes and the backups, in the order to ask them. */
export const CoverPlanInput = z.object({
  noShowMinutes: z.coerce
    .number({ error: COVER_MESSAGES.noShowMinutesRange })
    .int(COVER_MESSAGES.noShowMinutesRange)
    .min(NO_SHOW_MINUTES_MIN, COVER_MESSAGES.noShowMinutesRange)
    .max(NO_SHOW_MINUTES_MAX, COVER_MESSAGES.noShowMinutesRange),
  backups: z
    .array(
      z.object({
        carerId: z
          .string({ error: COVER_MESSAGES.backupInvalid })
          .uuid({ error: COVER_MESSAGES.backupInvalid }),
        hourlyRate: rate,
      }),
    )
    .max(COVER_BACKUPS_MAX, COVER_MESSAGES.backupsTooMany)
    .refine((list) => new Set(list.map((item) => item.carerId)).size === list.length, {
      message: COVER_MESSAGES.backupRepeated,
    })
    .default([]),
});
export type CoverPlanInput = z.infer<typeof CoverPlanInput>;
export type CoverPlanFormValues = z.input<typeof CoverPlanInput>;

export const CoverBackup = z.object({
  carerId: z.string(),
  /** 'Grace H.' */
  name: z.string(),
  /** The carer's postcode district ('LS7'), never anything finer (decision 0032); null if none. */
  area: z.string().nullable(),
  /** 1 is asked first. */
  position: z.number().int(),
  hourlyRate: z.string(),
  /** Listed on CareMatch now (an unlisted backup is not offered visits). */
  listed: z.boolean(),
  /** The dates of the carer's checks and cover, as their public profile shows them. */
  checkSummary: CheckSummary.nullable(),
});
export type CoverBackup = z.infer<typeof CoverBackup>;

/** GET /api/bookings/{id}/cover: the cover plan, and whom the family may name. */
export const CoverPlan = z.object({
  arrangementId: z.string(),
  careFor: z.string(),
  carerName: z.string(),
  noShowMinutes: z.number().int(),
  backups: z.array(CoverBackup),
  /** Carers the family has a conversation with (not the arrangement's own): whom it may name. */
  candidates: z.array(z.object({ carerId: z.string(), name: z.string() })),
  /** The viewer may change the plan and offer visits (the holder, or "can arrange"). */
  mayArrange: z.boolean(),
});
export type CoverPlan = z.infer<typeof CoverPlan>;

/**
 * A visit the family should know about: the carer has not checked in after the alert (`no_show`)
 * or said they can't make it. `open` until the carer checks in (`cleared`) or a backup takes it
 * (`covered`).
 */
export const FamilyAlert = z.object({
  visitId: z.string(),
  arrangementId: z.string(),
  careFor: z.string(),
  carerName: z.string(),
  startsAt: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  kind: z.enum(['no_show', 'cant_make_it']),
  alertedAt: z.string().nullable(),
  state: z.enum(['open', 'cleared', 'covered']),
  /** The backup coming instead ('Ben K.'), once one has accepted. */
  coverName: z.string().nullable(),
  /** Offered to the backups already (waiting for one to accept, or taken). */
  offered: z.boolean(),
  /** The viewer may offer it now: open, not offered, not over, backups named, may arrange. */
  mayOffer: z.boolean(),
});
export type FamilyAlert = z.infer<typeof FamilyAlert>;
export const FamilyAlerts = z.object({ items: z.array(FamilyAlert) });
export type FamilyAlerts = z.infer<typeof FamilyAlerts>;

/** A visit the carer has not checked in to after the family was alerted: "Are you on your way?". */
export const OnYourWayPrompt = z.object({
  visitId: z.string(),
  familyName: z.string(),
  careFor: z.string(),
  startsAt: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
});
export type OnYourWayPrompt = z.infer<typeof OnYourWayPrompt>;
export const OnYourWayPrompts = z.object({ items: z.array(OnYourWayPrompt) });
export type OnYourWayPrompts = z.infer<typeof OnYourWayPrompts>;

/** A visit offered to a backup carer (their Requests tab), and once accepted, theirs to do. */
export const CoverOffer = z.object({
  id: z.string(),
  visitId: z.string(),
  /** The family's first name and area ('Harriet', 'LS6'); never the address. */
  familyName: z.string(),
  area: z.string().nullable(),
  careFor: z.string(),
  /** Shown once accepted: what the carer needs to know (access, pets, allergies). */
  careNotes: z.string().nullable(),
  hourlyRate: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  /** open: waiting for an answer; accepted: this carer is coming; taken: another backup took it. */
  status: z.enum(['open', 'accepted', 'taken']),
  /** The visit was cancelled after the offer. */
  cancelled: z.boolean(),
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
});
export type CoverOffer = z.infer<typeof CoverOffer>;
export const CoverOffers = z.object({ items: z.array(CoverOffer) });
export type CoverOffers = z.infer<typeof CoverOffers>;
