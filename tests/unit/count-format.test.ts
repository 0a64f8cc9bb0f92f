import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeMatchingCarers, describeSearchTotal } from '@contracts/carers-search-text';
import { formatCount } from '@contracts/limits';
import { copyrightLine } from '@contracts/limits';
import { PRODUCT_NAME } from '@contracts/brand';

describe('counts and the footer year without Intl', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes a whole number exactly as toLocaleString("en-GB") does', () => {
    const samples = [0, -0, 1, 9, 10, 999, 1000, 1001, 12_345, 100_000, 999_999, 1_000_000, 2_000, 20_000];
    for (let n = 1; n < Number.MAX_SAFE_INTEGER / 7; n = n * 7 + 3) samples.push(n, -n);
    samples.push(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
    for (const n of samples) expect(formatCount(n)).toBe(n.toLocaleString('en-GB'));
    // Anything else is left to Intl, as before.
    for (const n of [1.5, 1234.5678, Number.NaN, Infinity, 2 ** 60])
      expect(formatCount(n)).toBe(n.toLocaleString('en-GB'));
  });

  it("says the year it is in the UK, the footer's line as before", () => {
    const ukYear = (at: Date) =>
      new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: 'Europe/London' }).format(at);
    for (const iso of [
      '2026-12-31T23:59:59.999Z',
      '2027-01-01T00:00:00.000Z',
      '2026-06-30T23:30:00Z',
      '2026-03-29T00:59:00Z',
      '2026-10-25T00:30:00Z',
      '1999-12-31T23:00:00Z',
    ]) {
      const at = new Date(iso);
      expect(copyrightLine(at)).toBe(`© ${ukYear(at)} ${PRODUCT_NAME}. All rights reserved.`);
    }
  });

  // The first use of Intl in a page loads ICU's locale data: the search page's counts and every
  // page's footer must not be what pays it (docs/performance.md).
  it('uses no Intl for the search counts or the footer', () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    const toLocaleString = vi.spyOn(Number.prototype, 'toLocaleString');
    expect(describeSearchTotal({ count: 1234, more: false })).toBe('1,234 carers');
    expect(describeSearchTotal({ count: 100, more: true })).toBe('100+ carers');
    expect(
      describeMatchingCarers({
        within: 10,
        careType: null,
        day: null,
        partOfDay: null,
        count: 1200,
        more: true,
      }),
    ).toMatch(/^More than 1,200 verified carers within 10 miles/);
    expect(copyrightLine(new Date('2026-11-29T12:00:00Z'))).toBe(
      `© 2026 ${PRODUCT_NAME}. All rights reserved.`,
    );
    expect(numberFormat).not.toHaveBeenCalled();
    expect(dateTimeFormat).not.toHaveBeenCalled();
    expect(toLocaleString).not.toHaveBeenCalled();
  });
});
