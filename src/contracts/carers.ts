import { z } from 'zod';
import { CARER_SEARCH_SORTS, SEARCH_PAGE_SIZE } from './carers-search-url';
import { CARER_DESCRIPTION_MIN_LENGTH } from './limits';
import { CarerChecks } from './verification';
import { CheckSummary } from './verification-compliance';
import {
  WeeklyAvailability,
  WeeklyAvailabilityInput,
  availabilityTagsOf,
  DAY_PARTS,
  WEEK_DAYS,
} from './availability';
import { normalisePostcode, POSTCODE_MESSAGES } from './postcodes';
import {
  AVAILABILITY_OPTIONS,
  EXPERIENCE_LEVELS,
  isCheckClaim,
  QUALIFICATIONS,
  SEARCH_AVAILABILITY,
  SEARCH_CARE_TYPES,
  SPECIALIZATIONS,
} from './options';
import { multiLine, oneLine } from './text';
import { SEARCH_DEFAULT_WITHIN, SEARCH_MESSAGES } from './carers-search-text';
import {
  RATE_MAX_POUNDS,
  RATE_MIN_POUNDS,
  SEARCH_MAX_LIMIT,
  TRAVEL_MILES_MAX,
  TRAVEL_MILES_MIN,
} from './limits';

export {
  carerDisplayName,
  describeSearchTotal,
  SEARCH_DEFAULT_WITHIN,
  SEARCH_MESSAGES,
  SEARCH_TOTAL_CAP,
  SEARCH_WITHIN_CHOICES,
} from './carers-search-text';
export { RATE_MAX_POUNDS, RATE_MIN_POUNDS, SEARCH_MAX_LIMIT, TRAVEL_MILES_MAX, TRAVEL_MILES_MIN };

/** Product §5 messages, word for word, plus the server's extra rules. */
export const CARER_MESSAGES = {
  specializationRequired: 'Please select a specialization',
  experienceRequired: 'Please select your experience level',
  locationRequired: 'Location is required',
  locationTooLong: 'Location can be at most 120 characters',
  minRateRequired: 'Minimum rate is required',
  maxRateRequired: 'Maximum rate is required',
  rateFormat: 'Enter an hourly rate in pounds, like 18 or 18.50',
  rateRange: 'Hourly rates must be between £5 and £500',
  minAboveMax: 'The minimum rate cannot be more than the maximum rate',
  descriptionTooShort: `Description must be at least ${CARER_DESCRIPTION_MIN_LENGTH} characters`,
  descriptionTooLong: 'Description can be at most 2,000 characters',
  qualificationsRequired: 'Please select at least one qualification',
  checksNotQualifications:
    'DBS checks are not ticked as a qualification: they are shown from your approved checks',
  availabilityRequired: 'Please select at least one availability option',
  travelRequired: 'Choose how far you will travel',
  travelRange: `Travel distance must be a whole number of miles from ${TRAVEL_MILES_MIN} to ${TRAVEL_MILES_MAX}`,
  termsRequired: 'You must accept the terms and conditions',
  onlyCarers: 'Only carer accounts can create a carer profile.',
  profileExists: 'You already have a carer profile.',
  profileNotFound: 'No carer profile found.',
  carerNotFound: 'Carer not found.',
  notYourProfile: 'You can only change your own carer profile.',
  onlyCustomersSave: 'Only customer accounts can save carers.',
  photoMissing: 'Choose a photo to upload.',
  photoTooLarge: 'The photo is too large: the limit is 5 MB.',
  photoType: 'The photo must be a JPEG, PNG or WebP image.',
  photoUnreadable: 'The photo could not be read. Try another image.',
  /** Past the pixel limits of platform/images.ts (a phone's JPEG is well within them and scaled down). */
  photoTooManyPixels:
    'The photo has too many pixels: the limit is 200 megapixels for a JPEG and 40 megapixels for a PNG or WebP (for example 7,300 × 5,400). Save a smaller copy, or save it as a JPEG.',
  /** The multipart body ended early or was malformed: the upload itself failed, not the image. */
  photoUploadIncomplete: 'The photo did not arrive complete. Please try again.',
} as const;

/** The choices the carer forms offer for it. */
export const TRAVEL_MILES_CHOICES = [1, 2, 3, 5, 10, 15, 20, 25, 30, 40, 50] as const;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * An amount of pounds an hour as a form's number input or the API's JSON gives it (string or
 * number), £5-£500, normalised to pounds with pence: '18.5' → '18.50'. Product §3 keeps rates
 * as strings. Carers' rates, families' budgets and agreed rates share it.
 */
export const poundsPerHour = (messages: { required: string; format: string; range: string }) =>
  z
    .union([z.string(), z.number()], { error: messages.required })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .pipe(
      z
        .string()
        .min(1, messages.required)
        .regex(/^\d{1,3}(\.\d{1,2})?$/, messages.format)
        .refine(
          (value) => Number(value) >= RATE_MIN_POUNDS && Number(value) <= RATE_MAX_POUNDS,
          messages.range,
        )
        .transform((value) => Number(value).toFixed(2)),
    );
const hourlyRate = (requiredMessage: string) =>
  poundsPerHour({
    required: requiredMessage,
    format: CARER_MESSAGES.rateFormat,
    range: CARER_MESSAGES.rateRange,
  });

const choiceList = <T extends readonly [string, ...string[]]>(options: T, requiredMessage: string) =>
  z
    .array(z.enum(options, { error: requiredMessage }), { error: requiredMessage })
    .min(1, requiredMessage)
    .max(options.length)
    .transform((values) => [...new Set(values)]);

/** The profile fields a carer edits (signup and dashboard alike). */
const carerProfileFields = z.object({
  specialization: z.enum(SPECIALIZATIONS, { error: CARER_MESSAGES.specializationRequired }),
  experience: z.enum(EXPERIENCE_LEVELS, { error: CARER_MESSAGES.experienceRequired }),
  location: oneLine(
    z
      .string({ error: CARER_MESSAGES.locationRequired })
      .trim()
      .min(1, CARER_MESSAGES.locationRequired)
      .max(120, CARER_MESSAGES.locationTooLong),
  ),
  hourlyRateMin: hourlyRate(CARER_MESSAGES.minRateRequired),
  hourlyRateMax: hourlyRate(CARER_MESSAGES.maxRateRequired),
  description: multiLine(z.string({ error: CARER_MESSAGES.descriptionTooShort }))
    .trim()
    .min(CARER_DESCRIPTION_MIN_LENGTH, CARER_MESSAGES.descriptionTooShort)
    .max(2000, CARER_MESSAGES.descriptionTooLong),
  qualifications: z
    .array(z.unknown(), { error: CARER_MESSAGES.qualificationsRequired })
    .refine((values) => !values.some((value) => typeof value === 'string' && isCheckClaim(value)), {
      message: CARER_MESSAGES.checksNotQualifications,
    })
    .pipe(choiceList(QUALIFICATIONS, CARER_MESSAGES.qualificationsRequired)),
  /**
   * The spec's availability tags. A body with `weeklyAvailability` may leave them out: the server
   * derives them from the week (src/contracts/availability.ts), and a body with tags only gets the
   * week they stand for.
   */
  availability: choiceList(AVAILABILITY_OPTIONS, CARER_MESSAGES.availabilityRequired).optional(),
  weeklyAvailability: WeeklyAvailabilityInput.optional(),
  /**
   * The carer's home postcode: private, only its outward code ('LS6') is shown to
   * anyone else. Optional in the API (the spec's body has none); the carer forms ask for it.
   */
  homePostcode: z
    .string({ error: POSTCODE_MESSAGES.format })
    .transform((value, context) => {
      const postcode = normalisePostcode(value);
      if (!postcode) {
        context.addIssue({ code: 'custom', message: POSTCODE_MESSAGES.format });
        return z.NEVER;
      }
      return postcode;
    })
    .optional(),
  /** How far the carer travels to a family, in miles. */
  travelMiles: z.coerce
    .number({ error: CARER_MESSAGES.travelRange })
    .int(CARER_MESSAGES.travelRange)
    .min(TRAVEL_MILES_MIN, CARER_MESSAGES.travelRange)
    .max(TRAVEL_MILES_MAX, CARER_MESSAGES.travelRange)
    .optional(),
});

const minNotAboveMax = <T extends { hourlyRateMin: string; hourlyRateMax: string }>(value: T) =>
  Number(value.hourlyRateMin) <= Number(value.hourlyRateMax);

/**
 * Some availability, as tags or as a week. Checked even when other fields failed (`when`), so an
 * empty form lists this message with the others, as the required tag list always did.
 */
function checkAvailabilityGiven(
  value: { availability?: unknown; weeklyAvailability?: unknown },
  context: z.RefinementCtx,
) {
  // Run even when the body failed (`when`): a body that is no object at all (null, a broken
  // multipart form) has already got its message.
  if (typeof value !== 'object' || value === null) return;
  const week = value.weeklyAvailability as Partial<WeeklyAvailability> | undefined;
  if (week !== undefined) {
    const readable = typeof week === 'object' && week !== null && Array.isArray(week.slots);
    if (readable && availabilityTagsOf(week as WeeklyAvailability).length === 0) {
      context.addIssue({
        code: 'custom',
        message: CARER_MESSAGES.availabilityRequired,
        path: ['weeklyAvailability'],
      });
    }
  } else if (value.availability === undefined) {
    context.addIssue({
      code: 'custom',
      message: CARER_MESSAGES.availabilityRequired,
      path: ['availability'],
    });
  }
}
const ALWAYS = { when: () => true };

/** POST /api/carers and PUT /api/carers/{id}: the same body (product §7). Unknown keys are dropped. */
export const CarerProfileInput = carerProfileFields
  .refine(minNotAboveMax, { message: CARER_MESSAGES.minAboveMax, path: ['hourlyRateMax'] })
  .superRefine(checkAvailabilityGiven, ALWAYS);
export type CarerProfileInput = z.infer<typeof CarerProfileInput>;

/**
 * The carer forms (signup and dashboard edit) ask for the home postcode, the travel distance and
 * the week, which the API leaves optional for the spec's callers.
 */
const carerFormFields = carerProfileFields.extend({
  homePostcode: z
    .string({ error: POSTCODE_MESSAGES.required })
    .trim()
    .min(1, POSTCODE_MESSAGES.required)
    .refine((value) => normalisePostcode(value) !== null, POSTCODE_MESSAGES.format)
    .transform((value) => normalisePostcode(value)!),
  travelMiles: z.coerce
    .number({ error: CARER_MESSAGES.travelRequired })
    .int(CARER_MESSAGES.travelRange)
    .min(TRAVEL_MILES_MIN, CARER_MESSAGES.travelRequired)
    .max(TRAVEL_MILES_MAX, CARER_MESSAGES.travelRange),
  weeklyAvailability: WeeklyAvailabilityInput,
});
/**
 * The forms compare the two rates whenever both are valid, even while other fields are not, so the
 * signup's rate step can say so before its later steps are filled in.
 */
const RATES_READ = {
  when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some(
      (issue) => issue.path?.[0] === 'hourlyRateMin' || issue.path?.[0] === 'hourlyRateMax',
    ),
};
export const CarerProfileForm = carerFormFields
  .refine(minNotAboveMax, { message: CARER_MESSAGES.minAboveMax, path: ['hourlyRateMax'], ...RATES_READ })
  .superRefine(checkAvailabilityGiven, ALWAYS);
export type CarerProfileFormValues = z.input<typeof CarerProfileForm>;

/** The signup form adds the terms checkbox, which is never sent to the server (product §5). */
export const CarerSignupForm = carerFormFields
  .extend({ termsAccepted: z.literal(true, { error: CARER_MESSAGES.termsRequired }) })
  .refine(minNotAboveMax, { message: CARER_MESSAGES.minAboveMax, path: ['hourlyRateMax'], ...RATES_READ })
  .superRefine(checkAvailabilityGiven, ALWAYS);
export type CarerSignupFormValues = z.input<typeof CarerSignupForm>;

/**
 * The carer signup's steps, one screen each, in order: every field of `CarerSignupForm` is on
 * exactly one of them, and each step is checked by that schema for its own fields before the next.
 * The last step shows the answers and takes the terms.
 */
export const CARER_SIGNUP_STEPS = [
  {
    id: 'care',
    title: 'Care you offer',
    fields: ['specialization', 'experience', 'qualifications'],
  },
  { id: 'place', title: 'Where you work', fields: ['location', 'homePostcode', 'travelMiles'] },
  {
    id: 'week',
    title: 'Availability & rate',
    fields: ['weeklyAvailability', 'hourlyRateMin', 'hourlyRateMax'],
  },
  { id: 'about', title: 'About you', fields: ['description'] },
  { id: 'review', title: 'Check and agree', fields: ['termsAccepted'] },
] as const satisfies readonly {
  id: string;
  title: string;
  fields: readonly (keyof CarerSignupFormValues)[];
}[];
export type CarerSignupStep = (typeof CARER_SIGNUP_STEPS)[number];

export const CARER_SIGNUP_TEXTS = {
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
  progressLabel: 'Signup progress',
  back: 'Back',
  next: 'Next',
  change: 'Change',
  changeStep: (title: string) => `Change: ${title}`,
  rateLabel: 'Hourly rate',
  submit: 'Create My Profile',
  submitting: 'Creating Profile...',
  reviewIntro: 'Check your answers. Families see them on your profile once your checks are approved.',
  draftKept: 'Your answers are kept on this device until you create your profile.',
} as const;

/** A carer profile as anyone may see it: no email, no private fields (product.md, difference 1). */
export const PublicCarer = z.object({
  id: z.string(),
  /** The carer's account, the receiverId of a message; null for profiles an admin created. */
  userId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  photoUrl: z.string().nullable(),
  specialization: z.string(),
  experience: z.string(),
  location: z.string(),
  hourlyRateMin: z.string(),
  hourlyRateMax: z.string(),
  description: z.string(),
  qualifications: z.array(z.string()),
  availability: z.array(z.string()),
  /** The carer's usual week; the `availability` tags are derived from it. */
  weeklyAvailability: WeeklyAvailability,
  /** When the carer last changed their week (ISO): "Availability updated 3 days ago". */
  availabilityUpdatedAt: z.string().nullable(),
  /** The outward code of the carer's home ('LS6'): never the full postcode. */
  postcodeDistrict: z.string().nullable(),
  /** How far the carer travels to a family, in miles; null when they have not said. */
  travelMiles: z.number().int().nullable(),
  /**
   * Search with `near` only: whole miles from that place to the centre of the carer's postcode
   * district (0: under a mile; decision 0032), never to the home itself.
   */
  distanceMiles: z.number().int().min(0).optional(),
  rating: z.number(),
  reviewCount: z.number().int(),
  isActive: z.boolean(),
  isVerified: z.boolean(),
  user: z.object({ firstName: z.string().nullable() }).nullable(),
  /**
   * GET /api/carers/{id} and /api/carers/my-profile only: the checks behind the Verified
   * badge for a subscribed customer, an admin or the carer themself; null for everyone else.
   * Absent from search results.
   */
  checks: CarerChecks.nullable().optional(),
  /** The same calls: the dates of a Verified carer's checks and cover, for everyone; null otherwise. */
  checkSummary: CheckSummary.nullable().optional(),
});
export type PublicCarer = z.infer<typeof PublicCarer>;

/**
 * A carer in a list (search results, the saved list): what a card shows, so without the weekly grid
 * and when it changed (about a third of a card's bytes, which every search would write and every
 * client read); the profile, GET /api/carers/{id}, has them (decision 0048).
 */
export const CarerSummary = PublicCarer.omit({
  weeklyAvailability: true,
  availabilityUpdatedAt: true,
  checks: true,
  checkSummary: true,
});
export type CarerSummary = z.infer<typeof CarerSummary>;

/** The owner's view of their own profile (GET /api/carers/my-profile and the write answers). */
export const OwnCarerProfile = PublicCarer.extend({
  /** The full home postcode: the owner's view only. */
  homePostcode: z.string().nullable(),
  /**
   * False when the postcode could not be checked when it was saved (the postcode service was
   * down): the profile is placed at the postcode's district until it is checked.
   */
  homePostcodeChecked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Shown in search now: active and within its introductory or paid period (the dashboard badge). */
  isListed: z.boolean(),
  /** The end of the introductory or paid period (ISO). */
  listedUntil: z.string(),
});
export type OwnCarerProfile = z.infer<typeof OwnCarerProfile>;

/**
 * GET /api/carer-profile: the signed-in account's own profile, or null while
 * it has none (a new carer), answered 200 either way.
 */
export const OwnCarerProfileState = z.object({ profile: OwnCarerProfile.nullable() });
export type OwnCarerProfileState = z.infer<typeof OwnCarerProfileState>;

export const CarerReview = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  createdAt: z.string(),
  /** First name and initial of the author ('Priya S.'), or 'Deleted user'. */
  authorName: z.string(),
});
export type CarerReview = z.infer<typeof CarerReview>;

export const CARER_SORTS = CARER_SEARCH_SORTS;
export type CarerSort = (typeof CARER_SORTS)[number];
export const SEARCH_DEFAULT_LIMIT = SEARCH_PAGE_SIZE;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const searchCareType = optionalText.pipe(
  z
    .enum([...SEARCH_CARE_TYPES, ...SPECIALIZATIONS], { error: SEARCH_MESSAGES.careType })
    .optional()
    .transform((value) => (value === 'All Types' ? undefined : value)),
);
const searchAvailability = optionalText.pipe(
  z
    .enum([...SEARCH_AVAILABILITY, ...AVAILABILITY_OPTIONS], { error: SEARCH_MESSAGES.availability })
    .optional()
    .transform((value) => (value === 'Any Time' ? undefined : value)),
);
const searchWithin = z.coerce
  .number({ error: SEARCH_MESSAGES.within })
  .int(SEARCH_MESSAGES.within)
  .min(TRAVEL_MILES_MIN, SEARCH_MESSAGES.within)
  .max(TRAVEL_MILES_MAX, SEARCH_MESSAGES.within)
  .default(SEARCH_DEFAULT_WITHIN);
const searchDay = optionalText.pipe(
  z.enum([...WEEK_DAYS, 'weekdays', 'weekends'], { error: SEARCH_MESSAGES.day }).optional(),
);
const searchPartOfDay = optionalText.pipe(
  z.enum([...DAY_PARTS, 'daytime'], { error: SEARCH_MESSAGES.partOfDay }).optional(),
);

/** GET /api/carers query. 'All Types' and 'Any Time' (the filters' defaults) mean no filter. */
export const CarerSearchQuery = z
  .object({
    location: optionalText.pipe(z.string().max(100, SEARCH_MESSAGES.location).optional()),
    careType: searchCareType,
    availability: searchAvailability,
    minRate: z.coerce
      .number({ error: SEARCH_MESSAGES.rate })
      .min(0, SEARCH_MESSAGES.rate)
      .max(RATE_MAX_POUNDS, SEARCH_MESSAGES.rate)
      .optional(),
    maxRate: z.coerce
      .number({ error: SEARCH_MESSAGES.rate })
      .min(0, SEARCH_MESSAGES.rate)
      .max(RATE_MAX_POUNDS, SEARCH_MESSAGES.rate)
      .optional(),
    /** A postcode, outward code or town: carers whose home is near it and who travel that far. */
    near: optionalText.pipe(z.string().max(100, SEARCH_MESSAGES.nearTooLong).optional()),
    /** Miles from `near` (default 10); ignored without `near`. */
    within: searchWithin,
    /** Free on this day, or on one of the weekdays or of the weekend (any part of it, or the part given). */
    day: searchDay,
    /** Free at this part of the day, or in the daytime (morning or afternoon), on any day or the day given. */
    partOfDay: searchPartOfDay,
    /** Nearest first when `near` is given and no sort is; best match otherwise. */
    sort: z.enum(CARER_SORTS, { error: SEARCH_MESSAGES.sort }).optional(),
    limit: z.coerce
      .number({ error: SEARCH_MESSAGES.limit })
      .int(SEARCH_MESSAGES.limit)
      .min(1, SEARCH_MESSAGES.limit)
      .max(SEARCH_MAX_LIMIT, SEARCH_MESSAGES.limit)
      .default(SEARCH_DEFAULT_LIMIT),
    cursor: z.string().max(300, SEARCH_MESSAGES.cursor).optional(),
  })
  .superRefine((query, context) => {
    if (query.sort === 'distance' && query.near === undefined) {
      context.addIssue({ code: 'custom', message: SEARCH_MESSAGES.distanceNeedsNear, path: ['sort'] });
    }
  })
  .transform(({ sort, ...query }) => ({
    ...query,
    sort: sort ?? (query.near !== undefined ? ('distance' as const) : ('best' as const)),
  }));
export type CarerSearchQuery = z.infer<typeof CarerSearchQuery>;
export type CarerSearchParams = z.input<typeof CarerSearchQuery>;

/** How many carers the search finds in all: `count` up to SEARCH_TOTAL_CAP, `more` beyond it. */
export const SearchTotal = z.object({ count: z.number().int(), more: z.boolean() });
export type SearchTotal = z.infer<typeof SearchTotal>;

export const CarerSearchResult = z.object({
  items: z.array(CarerSummary),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** On the first page (no cursor): how many carers match in all; null after. */
  total: SearchTotal.nullable().optional(),
});

export type CarerSearchResult = z.infer<typeof CarerSearchResult>;

/**
 * GET /api/carers/matching: how many listed (verified) carers the search finds for a place, a
 * distance and a week, before a family pays. The same filters as the search, the place required.
 */
export const MatchingCarersQuery = z.object({
  near: z
    .string({ error: SEARCH_MESSAGES.nearRequired })
    .trim()
    .min(1, SEARCH_MESSAGES.nearRequired)
    .max(100, SEARCH_MESSAGES.nearTooLong),
  within: searchWithin,
  careType: searchCareType,
  availability: searchAvailability,
  day: searchDay,
  partOfDay: searchPartOfDay,
});
export type MatchingCarersQuery = z.infer<typeof MatchingCarersQuery>;
export type MatchingCarersParams = z.input<typeof MatchingCarersQuery>;

/** The count only: whole carers, no names, `more` past SEARCH_TOTAL_CAP. */
export const MatchingCarers = z.object({
  count: z.number().int().min(0),
  more: z.boolean(),
  within: z.number().int(),
  careType: z.string().nullable(),
  day: z.string().nullable(),
  partOfDay: z.string().nullable(),
});
export type MatchingCarers = z.infer<typeof MatchingCarers>;

export const SavedCarers = z.object({ items: z.array(CarerSummary) });
export type SavedCarers = z.infer<typeof SavedCarers>;

/** Outward codes a map asks the points of at once (a page of results has at most this many). */
export const MAP_DISTRICTS_MAX = 100;
export const CARERS_MAP_MESSAGES = {
  districts: `Give up to ${MAP_DISTRICTS_MAX} postcode districts, like LS6,LS7`,
} as const;

/** GET /api/carers/map: the outward codes of the carers shown ('LS6,LS7'). */
export const CarersMapQuery = z.object({
  districts: z
    .string()
    .max(MAP_DISTRICTS_MAX * 5, CARERS_MAP_MESSAGES.districts)
    .transform((value) =>
      [...new Set(value.split(',').map((code) => code.trim().toUpperCase()))].filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(/^[A-Z]{1,2}\d[A-Z\d]?$/, CARERS_MAP_MESSAGES.districts))
        .max(MAP_DISTRICTS_MAX, CARERS_MAP_MESSAGES.districts),
    )
    .default([]),
});
export type CarersMapQuery = z.infer<typeof CarersMapQuery>;

/**
 * The map of search results: where its tiles come from (MAP_TILE_URL) and the centre of each
 * postcode district asked for, the same coarse point search measures from (decision 0032): a
 * carer is drawn at their district's centre, never nearer their home.
 */
export const CarersMap = z.object({
  tiles: z.object({
    /** Leaflet's template: '{z}/{x}/{y}' in it. */
    url: z.string(),
  }),
  districts: z.array(z.object({ district: z.string(), latitude: z.number(), longitude: z.number() })),
});
export type CarersMap = z.infer<typeof CarersMap>;
