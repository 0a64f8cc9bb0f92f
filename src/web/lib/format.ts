// Display formats used across pages (product §2 and §9): UK dates, pounds, one-decimal ratings.
import { formatCount } from '@contracts/limits';

/** '22/11/2026' — en-GB, as Admin Management and every UK-facing page show dates. */
export function formatDateGB(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleDateString('en-GB');
}

/** '22 November 2026' — for reviews and prose. */
export function formatLongDateGB(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** '£18.50', '£20': pence only when there are some. */
export function formatPoundsFromString(value: string): string {
  const amount = Number(value);
  if (!Number.isFinite(amount)) return `£${value}`;
  return `£${Number.isInteger(amount) ? amount.toString() : amount.toFixed(2)}`;
}

/** '£18.50-£24/hour' (the first brief: 'Rate as £min-£max/hour'). */
export function formatRateRange(min: string, max: string): string {
  return `${formatPoundsFromString(min)}-${formatPoundsFromString(max)}/hour`;
}

/** '4.8': ratings always show one decimal (product §9). */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

const STARS = 5;

/**
 * How much of each of the five stars is filled, from 0 to 1, for the rating as it is shown (one
 * decimal): 4.8 gives [1, 1, 1, 1, 0.8] (the first brief filled only whole stars).
 */
export function starFills(rating: number): number[] {
  const shown = Number.isFinite(rating) ? Number(formatRating(rating)) : 0;
  return Array.from({ length: STARS }, (_, index) => {
    const fill = Math.min(1, Math.max(0, shown - index));
    return Math.round(fill * 10) / 10;
  });
}

/** '(12 reviews)', '(1 review)'. */
export function reviewCountText(count: number): string {
  return `(${count} ${count === 1 ? 'review' : 'reviews'})`;
}

/** Shown instead of '0.0 (0 reviews)' for a carer nobody has reviewed yet. */
export const NEW_CARER_LABEL = 'New';

/**
 * What a screen reader hears for a carer's rating: 'Rated 4.8 out of 5 from 12 reviews', or
 * 'New carer, no reviews yet'.
 */
export function ratingSummaryLabel(rating: number, reviewCount: number): string {
  if (reviewCount <= 0) return 'New carer, no reviews yet';
  return `Rated ${formatRating(rating)} out of ${STARS} from ${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'}`;
}

/** Initials of first and last name ('SK'), or `fallback` when there are none (product §2). */
export function initialsOf(
  person: { firstName?: string | null; lastName?: string | null },
  fallback: string,
): string {
  const letters = `${person.firstName?.trim().charAt(0) ?? ''}${person.lastName?.trim().charAt(0) ?? ''}`;
  return letters.toUpperCase() || fallback;
}

/** 'under 1 mile', '1 mile', '3 miles': whole miles, as the API answers (0 is under a mile; decision 0032). */
export function formatMiles(miles: number): string {
  const whole = Math.round(miles);
  if (whole < 1) return 'under 1 mile';
  return `${formatCount(whole)} ${whole === 1 ? 'mile' : 'miles'}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 'today', 'yesterday', '3 days ago', '2 weeks ago', '5 months ago', 'over a year ago': how long ago
 * a date was, in whole calendar days (UK time), for "Availability updated 3 days ago".
 */
export function formatDaysAgo(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const dayOf = (moment: Date) => {
    const [day, month, year] = moment
      .toLocaleDateString('en-GB', { timeZone: 'Europe/London' })
      .split('/')
      .map(Number);
    return Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1) / DAY_MS;
  };
  const days = Math.max(0, Math.round(dayOf(now) - dayOf(date)));
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 14) return `${days} days ago`;
  if (days < 60) return `${Math.floor(days / 7)} weeks ago`;
  if (days < 365) return `${Math.floor(days / 30)} months ago`;
  return 'over a year ago';
}
