import { describe, expect, it } from 'vitest';
import { addDays, ukDate, ukInstant, ukTime, weekdayIndex } from '../../src/server/platform/uk-time';

describe('UK dates and times', () => {
  it('keeps 09:00 at 09:00 on both sides of the March and October clock changes', () => {
    // 2027: the clocks go forward on Sunday 28 March and back on Sunday 31 October.
    expect(ukInstant('2027-03-27', '09:00').toISOString()).toBe('2027-03-27T09:00:00.000Z');
    expect(ukInstant('2027-03-28', '09:00').toISOString()).toBe('2027-03-28T08:00:00.000Z');
    expect(ukInstant('2027-10-30', '09:00').toISOString()).toBe('2027-10-30T08:00:00.000Z');
    expect(ukInstant('2027-10-31', '09:00').toISOString()).toBe('2027-10-31T09:00:00.000Z');
    for (const date of ['2027-03-27', '2027-03-28', '2027-10-30', '2027-10-31']) {
      expect(ukTime(ukInstant(date, '09:00'))).toBe('09:00');
      expect(ukDate(ukInstant(date, '09:00'))).toBe(date);
    }
  });

  it('takes a skipped time as an hour later and a repeated time as the first', () => {
    expect(ukInstant('2027-03-28', '01:30').toISOString()).toBe('2027-03-28T01:30:00.000Z'); // 02:30 BST
    expect(ukTime(ukInstant('2027-03-28', '01:30'))).toBe('02:30');
    expect(ukInstant('2027-10-31', '01:30').toISOString()).toBe('2027-10-31T00:30:00.000Z'); // 01:30 BST
  });

  it('counts calendar days and weekdays without a time zone', () => {
    expect(addDays('2027-03-27', 1)).toBe('2027-03-28');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(weekdayIndex('2027-03-29')).toBe(0); // a Monday
    expect(weekdayIndex('2027-03-28')).toBe(6); // a Sunday
  });
});
