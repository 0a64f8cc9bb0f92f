import { z } from 'zod';
import { multiLine } from './text';
import { WeeklyAvailability, WeeklyAvailabilityInput, availabilityTagsOf } from './availability';
import { poundsPerHour } from './carers';
import { MessageContent } from './messaging';
import { SPECIALIZATIONS } from './options';
import { normalisePostcode, POSTCODE_MESSAGES } from './postcodes';
import { formatCount } from './limits';

// Care requests (decision 0024): a family says what care is needed, where and when; carers near them
// answer with a message. Posting is free; reading the answers in full and replying needs a plan.

/** Who needs the care, as a relationship: never a name (the request is seen by carers near it). */
export const CARE_RECIPIENTS = [
  'My mother',
  'My father',
  'My parents',
  'My partner',
  'Myself',
  'My child',
  'Another relative',
  'A friend',
] as const;
export type CareRecipient = (typeof CARE_RECIPIENTS)[number];

/** An open request closes itself this many days after it was posted (with an email the day before). */
export const CARE_REQUEST_OPEN_DAYS = 30;
export const CARE_REQUEST_HOURS_MAX = 168;
export const CARE_REQUEST_DESCRIPTION_MIN = 30;
export const CARE_REQUEST_DESCRIPTION_MAX = 2000;
/** Requests a family may post in a day: far above real need, it stops one account flooding carers. */
export const CARE_REQUESTS_MAX_PER_DAY = 5;
/** Responses a carer may send in an hour. */
export const CARE_REQUEST_RESPONSES_MAX_PER_HOUR = 20;

export const CARE_REQUEST_STATUSES = ['open', 'filled', 'not_needed', 'expired'] as const;
export type CareRequestStatus = (typeof CARE_REQUEST_STATUSES)[number];

export const CARE_REQUEST_MESSAGES = {
  recipientRequired: 'Please say who needs care',
  careTypeRequired: 'Please choose the type of care',
  postcodeRequired: 'Enter the postcode where care is needed',
  startDateRequired: 'Enter the date care should start',
  startDatePast: 'The start date cannot be in the past',
  startDateTooFar: 'The start date must be within the next year',
  hoursRequired: `Enter the hours of care a week, from 1 to ${CARE_REQUEST_HOURS_MAX}`,
  budgetFormat: 'Enter an hourly budget in pounds, like 18 or 18.50',
  budgetRange: 'Hourly budgets must be between £5 and £500',
  budgetOrder: 'The lowest budget cannot be more than the highest',
  patternRequired: 'Choose at least one day and time, or live-in care',
  descriptionTooShort: `Describe the care needed in at least ${CARE_REQUEST_DESCRIPTION_MIN} characters`,
  descriptionTooLong: `The description can be at most ${formatCount(CARE_REQUEST_DESCRIPTION_MAX)} characters`,
  onlyCustomers: 'Only family accounts can post care requests.',
  onlyCarers: 'Only carers can see and answer care requests.',
  needsProfile: 'Create your carer profile to see care requests near you.',
  /** A profile families cannot see yet (decision 0026) cannot answer families either. */
  needsChecks: 'You will see care requests near you once an admin has approved your checks.',
  needsListing:
    'Your profile is not listed at the moment: renew your carer membership to see care requests near you.',
  needsPlace: 'Add your home postcode and how far you travel to your profile to see care requests near you.',
  notFound: 'Care request not found.',
  closed: 'This care request is closed.',
  notNear: 'This care request is outside the distance you travel.',
  alreadyResponded: 'You have already answered this care request: carry on in your conversation.',
  tooManyRequests: 'You have posted several care requests today. Please try again tomorrow.',
  tooManyResponses:
    'You have answered many care requests in a short time. Please wait a while and try again.',
  postedTitle: 'Care Request Posted',
  postedBody: 'Carers near you who match it can now answer. We will email you when they do.',
  respondedTitle: 'Answer Sent',
  subscribeToRead: 'Subscribe to read carers’ answers in full and reply to them.',
} as const;

const budget = poundsPerHour({
  required: CARE_REQUEST_MESSAGES.budgetFormat,
  format: CARE_REQUEST_MESSAGES.budgetFormat,
  range: CARE_REQUEST_MESSAGES.budgetRange,
});

const isoDate = z
  .string({ error: CARE_REQUEST_MESSAGES.startDateRequired })
  .regex(/^\d{4}-\d{2}-\d{2}$/, CARE_REQUEST_MESSAGES.startDateRequired)
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
    CARE_REQUEST_MESSAGES.startDateRequired,
  );

const careRequestFields = z.object({
  recipient: z.enum(CARE_RECIPIENTS, { error: CARE_REQUEST_MESSAGES.recipientRequired }),
  careType: z.enum(SPECIALIZATIONS, { error: CARE_REQUEST_MESSAGES.careTypeRequired }),
  postcode: z
    .string({ error: CARE_REQUEST_MESSAGES.postcodeRequired })
    .trim()
    .min(1, CARE_REQUEST_MESSAGES.postcodeRequired)
    .refine((value) => normalisePostcode(value) !== null, POSTCODE_MESSAGES.format)
    .transform((value) => normalisePostcode(value)!),
  /** YYYY-MM-DD, UK date; from today to a year ahead (checked by the server against its clock). */
  startDate: isoDate,
  /** The weekly pattern wanted: the same grid carers use. */
  pattern: WeeklyAvailabilityInput,
  hoursPerWeek: z.coerce
    .number({ error: CARE_REQUEST_MESSAGES.hoursRequired })
    .int(CARE_REQUEST_MESSAGES.hoursRequired)
    .min(1, CARE_REQUEST_MESSAGES.hoursRequired)
    .max(CARE_REQUEST_HOURS_MAX, CARE_REQUEST_MESSAGES.hoursRequired),
  budgetMin: budget,
  budgetMax: budget,
  description: multiLine(z.string({ error: CARE_REQUEST_MESSAGES.descriptionTooShort }))
    .trim()
    .min(CARE_REQUEST_DESCRIPTION_MIN, CARE_REQUEST_MESSAGES.descriptionTooShort)
    .max(CARE_REQUEST_DESCRIPTION_MAX, CARE_REQUEST_MESSAGES.descriptionTooLong),
});

function checkRequestRules(
  value: { budgetMin: string; budgetMax: string; pattern: WeeklyAvailability },
  context: z.RefinementCtx,
) {
  if (Number(value.budgetMin) > Number(value.budgetMax)) {
    context.addIssue({ code: 'custom', message: CARE_REQUEST_MESSAGES.budgetOrder, path: ['budgetMax'] });
  }
  if (availabilityTagsOf(value.pattern).length === 0) {
    context.addIssue({ code: 'custom', message: CARE_REQUEST_MESSAGES.patternRequired, path: ['pattern'] });
  }
}

/** POST /api/care-requests. */
export const CareRequestInput = careRequestFields.superRefine(checkRequestRules);
export type CareRequestInput = z.infer<typeof CareRequestInput>;
export type CareRequestFormValues = z.input<typeof CareRequestInput>;

/** PATCH /api/care-requests/{id}: change any field, or close it (filled / no longer needed). */
export const CareRequestPatch = careRequestFields
  .partial()
  .extend({ status: z.enum(['filled', 'not_needed']).optional() });
export type CareRequestPatch = z.infer<typeof CareRequestPatch>;

/** POST /api/care-requests/{id}/responses: a carer's answer, which opens (or continues) the conversation. */
export const CareRequestResponseInput = z.object({ message: MessageContent });
export type CareRequestResponseInput = z.infer<typeof CareRequestResponseInput>;

/** A request as carers near it see it: no name, no full postcode, no account. */
export const NearbyCareRequest = z.object({
  id: z.string(),
  recipient: z.string(),
  careType: z.string(),
  /** The outward code of where care is needed ('LS6'). */
  postcodeDistrict: z.string(),
  startDate: z.string(),
  pattern: WeeklyAvailability,
  hoursPerWeek: z.number().int(),
  budgetMin: z.string(),
  budgetMax: z.string(),
  description: z.string(),
  createdAt: z.string(),
  /** Whole miles between the centres of the carer's and the request's postcode districts (0: under a mile; decision 0032). */
  distanceMiles: z.number().int().min(0),
  /** Whether this carer has answered it (and the conversation to carry on in). */
  respondedConversationId: z.string().nullable(),
});
export type NearbyCareRequest = z.infer<typeof NearbyCareRequest>;
export const NearbyCareRequests = z.object({ items: z.array(NearbyCareRequest) });
export type NearbyCareRequests = z.infer<typeof NearbyCareRequests>;

/** A carer who answered, as the family sees them: the message only with an active plan. */
export const CareRequestResponder = z.object({
  carerId: z.string(),
  firstName: z.string(),
  photoUrl: z.string().nullable(),
  rating: z.number(),
  reviewCount: z.number().int(),
  /**
   * Whole miles between the centres of the request's and the carer's postcode districts (0: under
   * a mile; decision 0032); null when the carer has no place.
   */
  distanceMiles: z.number().int().min(0).nullable(),
  respondedAt: z.string(),
  /** The answer in full: for a family with an active plan; null otherwise. */
  message: z.string().nullable(),
  /** Where to reply: for a family with an active plan; null otherwise. */
  conversationId: z.string().nullable(),
});
export type CareRequestResponder = z.infer<typeof CareRequestResponder>;

/** The family's own request (GET /api/care-requests/mine and the write answers). */
export const OwnCareRequest = z.object({
  id: z.string(),
  recipient: z.string(),
  careType: z.string(),
  /** The full postcode: the family's own view only. */
  postcode: z.string(),
  postcodeDistrict: z.string(),
  startDate: z.string(),
  pattern: WeeklyAvailability,
  hoursPerWeek: z.number().int(),
  budgetMin: z.string(),
  budgetMax: z.string(),
  description: z.string(),
  status: z.enum(CARE_REQUEST_STATUSES),
  createdAt: z.string(),
  /** When an open request closes itself. */
  closesAt: z.string(),
  responses: z.array(CareRequestResponder),
});
export type OwnCareRequest = z.infer<typeof OwnCareRequest>;
export const OwnCareRequests = z.object({ items: z.array(OwnCareRequest) });

/**
 * GET and PUT /api/settings/request-alerts (carers with a profile): whether they are emailed about
 * new care requests that fit them (at most one email a day, several requests in one).
 */
export const RequestAlerts = z.object({ on: z.boolean() });
export type RequestAlerts = z.infer<typeof RequestAlerts>;
export type OwnCareRequests = z.infer<typeof OwnCareRequests>;
