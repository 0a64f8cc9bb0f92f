// Display formats used across pages (SPEC sections 2 and 9): UK dates, pounds, one-decimal ratings.

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

/** '11/22/26' — the admin dashboard's en-US short style (SPEC section 2). */
export function formatDateUSShort(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleDateString('en-US', { dateStyle: 'short' });
}

/** '£18.50', '£20': pence only when there are some. */
export function formatPoundsFromString(value: string): string {
  const amount = Number(value);
  if (!Number.isFinite(amount)) return `£${value}`;
  return `£${Number.isInteger(amount) ? amount.toString() : amount.toFixed(2)}`;
}

/** '£18.50-£24/hour' (SPEC: 'Rate as £min-£max/hour'). */
export function formatRateRange(min: string, max: string): string {
  return `${formatPoundsFromString(min)}-${formatPoundsFromString(max)}/hour`;
}

/** '4.8': ratings always show one decimal (SPEC section 9). */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

/** Initials of first and last name ('SK'), or `fallback` when there are none (SPEC section 2). */
export function initialsOf(
  person: { firstName?: string | null; lastName?: string | null },
  fallback: string,
): string {
  const letters = `${person.firstName?.trim().charAt(0) ?? ''}${person.lastName?.trim().charAt(0) ?? ''}`;
  return letters.toUpperCase() || fallback;
}
