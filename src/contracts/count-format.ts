/**
 * '1,234': a whole number as `toLocaleString('en-GB')` writes it, without Intl. The first use of
 * Intl in a page loads ICU's locale data (~20 ms of main thread on a fast machine, four times that
 * on Lighthouse's phone), and the public first pages would pay it only for a count or the
 * footer's year (docs/performance.md).
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString('en-GB');
  const digits = String(Math.abs(count)).replace(/\B(?=(\d{3})+$)/g, ',');
  return count < 0 || Object.is(count, -0) ? `-${digits}` : digits;
}
