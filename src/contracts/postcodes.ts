// UK postcodes as people type them: 'ls63ab', 'LS6 3AB', ' ls6  3ab '. A full postcode is an
// outward code (area letters and district, 'LS6') and an inward code (sector digit and unit
// letters, '3AB'). Only the outward code of a carer's home is ever shown to anyone else.

const FULL_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/;
const OUTWARD_CODE = /^[A-Z]{1,2}\d[A-Z\d]?$/;

const compact = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/** 'ls63ab' → 'LS6 3AB'; null when the text is not a full UK postcode. */
export function normalisePostcode(text: string): string | null {
  const match = FULL_POSTCODE.exec(compact(text));
  return match ? `${match[1]} ${match[2]}` : null;
}

/** 'LS6' from 'LS6 3AB', 'ls63ab' or 'ls6'; null when the text is neither a postcode nor an outward code. */
export function outwardCodeOf(text: string): string | null {
  const code = compact(text);
  if (OUTWARD_CODE.test(code)) return code;
  return FULL_POSTCODE.exec(code)?.[1] ?? null;
}

/** 'LS' from 'LS6': the postcode area, the letters before the district number. */
export function postcodeAreaOf(outwardCode: string): string {
  return /^[A-Z]{1,2}/.exec(outwardCode.toUpperCase())?.[0] ?? '';
}

/**
 * How often a carer's home postcode, or a care request's postcode once posted, may change in a
 * day: enough to correct a mistake or move house, too few to walk a postcode across a map.
 */
export const HOME_POSTCODE_CHANGES_PER_DAY = 3;

export const POSTCODE_MESSAGES = {
  required: 'Enter your home postcode',
  format: 'Enter a full UK postcode, like LS6 3AB',
  notFound: "We couldn't find that postcode. Check it and try again.",
  /** A notice, not an error: the profile is saved with the postcode's district as its place. */
  unchecked: "We couldn't check your postcode right now. It is saved, and we'll check it again later.",
  tooManyChanges: `You can change a postcode ${HOME_POSTCODE_CHANGES_PER_DAY} times a day. Please try again tomorrow.`,
} as const;
