// Business limits and UI constants of product §9.
import { PRODUCT_NAME } from './brand';

/** A new carer profile is listed free for this many days before the membership is due. */
export const CARER_INTRODUCTORY_DAYS = 30;

export const CARER_DESCRIPTION_MIN_LENGTH = 50;
export const LANDING_DESCRIPTION_MAX_LENGTH = 100;
export const CARD_MAX_QUALIFICATIONS = 3;
export const CARD_MAX_AVAILABILITY = 2;
export const SEARCH_SKELETON_CARDS = 6;
export const LANDING_CARER_COUNT = 3;
export const RATING_MAX = 5;

/** How far a carer travels to a family's home, in miles. */
export const TRAVEL_MILES_MIN = 1;
export const TRAVEL_MILES_MAX = 50;
/** A carer's hourly rates, in pounds. */
export const RATE_MIN_POUNDS = 5;
export const RATE_MAX_POUNDS = 500;
/** The most carers one search page may ask for. */
export const SEARCH_MAX_LIMIT = 50;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const PASSWORD_MIN_LENGTH = 8;
/** NIST SP 800-63B asks for at least 64; argon2 hashes any length, the cap only bounds work. */
export const PASSWORD_MAX_LENGTH = 128;

/** Failed sign-ins (and current-password checks) per account and client network per window: then 429. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
/**
 * Failed sign-ins from one client network (an IPv4 address, an IPv6 /64) across all accounts per
 * LOGIN_FAILURE_WINDOW_MINUTES: password spraying (one password tried on many accounts) stops here.
 * Successful sign-ins do not count.
 */
export const LOGIN_MAX_FAILURES_PER_NETWORK = 30;
/**
 * An account without a password (OpenID Connect only) proves it is still its owner, before a
 * change to how it signs in, by a session begun this recently (step-up, decision 0017).
 */
export const STEP_UP_FRESH_SIGN_IN_MINUTES = 10;

/**
 * '1,234': a whole number as `toLocaleString('en-GB')` writes it, without Intl. The first use of
 * Intl in a page loads ICU's locale data (~20 ms of main thread on a fast machine, four times that
 * on Lighthouse's phone), and the public first pages would pay it only for a count or the
 * footer's year (docs/performance.md). Here, beside the footer's year, so it is in the first
 * chunk every page loads rather than a chunk of its own.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString('en-GB');
  const digits = String(Math.abs(count)).replace(/\B(?=(\d{3})+$)/g, ',');
  return count < 0 || Object.is(count, -0) ? `-${digits}` : digits;
}

/**
 * The footer's copyright line, for the year it is in the UK at `now` (from the clock, so it never
 * goes stale as the first brief's fixed "2025" did). The UK keeps GMT (UTC+0) from October to
 * March, so its year always turns with UTC's: the UTC year is the UK's, with no Intl time zone to
 * load on every page's first render (docs/performance.md).
 */
export function copyrightLine(now: Date): string {
  return `© ${now.getUTCFullYear()} ${PRODUCT_NAME}. All rights reserved.`;
}

export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
/** Enquiries accepted from one network address per hour before the form answers 429. */
export const CONTACT_MAX_PER_HOUR = 5;

/** The longest first or last name a form accepts (registration, Settings, the admin tools). */
export const PERSON_NAME_MAX_LENGTH = 80;
