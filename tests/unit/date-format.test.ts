import { describe, expect, it } from 'vitest';
import { customerBillingText } from '@contracts/admin';
import { plainDate } from '@contracts/audit-words';
import { dayText, monthText } from '@contracts/records';
import { describeDbsCheck } from '@contracts/verification';
import { formatCheckDate, ukDay } from '@contracts/verification-compliance';
import { longDate } from '../../src/server/platform/uk-time';

// The kept formatters write exactly what a fresh toLocaleDateString did, call after call.
describe('dates in words', () => {
  it('are the same from the kept formatters as from a new one each time', () => {
    for (const day of ['2026-03-29', '2026-10-25', '2027-01-01', '2026-12-31']) {
      const noon = new Date(`${day}T12:00:00Z`);
      const long = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
      expect(formatCheckDate(day)).toBe(new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', long));
      expect(dayText(day)).toBe(noon.toLocaleDateString('en-GB', long));
      expect(longDate(day)).toBe(noon.toLocaleDateString('en-GB', { ...long, weekday: 'long' }));
      expect(monthText(day.slice(0, 7))).toBe(
        noon.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      );
    }
    expect(formatCheckDate('2027-03-01')).toBe('1 March 2027');
    expect(longDate('2026-12-01')).toBe('Tuesday, 1 December 2026');
    // 23:30 UTC on 31 December is still 31 December in London in winter, 1 July in summer at 23:30 UTC.
    expect(ukDay(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
    expect(ukDay(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(plainDate('2026-06-30T23:30:00Z')).toBe('1 Jul 2026');
    expect(
      customerBillingText({ state: 'renewing', until: '2026-06-30T23:30:00Z', refundedPence: null }),
    ).toBe('Renewing on 1 Jul 2026');
    expect(
      describeDbsCheck({
        dbsLevel: 'Enhanced with Barred List',
        dbsIssuedMonth: '2025-03',
        dbsUpdateService: true,
      }),
    ).toBe('Enhanced DBS with Barred List · issued March 2025 · on the Update Service');
  });
});
