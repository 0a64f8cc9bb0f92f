// The web's own formats for care requests: the week in words, budgets, calendar dates.
import { describe, expect, it } from 'vitest';
import { EMPTY_WEEK, type AvailabilitySlot } from '@contracts/availability';
import {
  describeWeek,
  formatBudget,
  formatCalendarDate,
  formatHoursPerWeek,
  todayInUK,
} from '@web/features/care-requests/components/care-request-format';

const week = (slots: AvailabilitySlot[], extras: Partial<typeof EMPTY_WEEK> = {}) => ({
  ...EMPTY_WEEK,
  slots,
  ...extras,
});

describe('the week in words', () => {
  it('runs consecutive days with the same parts together', () => {
    const weekdays = (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).flatMap((day) => [
      `${day}-morning` as const,
      `${day}-afternoon` as const,
    ]);
    expect(describeWeek(week([...weekdays, 'saturday-morning']))).toBe(
      'Monday to Friday: morning and afternoon. Saturday: morning.',
    );
  });

  it('names two days with "and", and keeps days apart when a day between differs', () => {
    expect(describeWeek(week(['tuesday-morning', 'wednesday-morning']))).toBe(
      'Tuesday and Wednesday: morning.',
    );
    expect(describeWeek(week(['tuesday-morning', 'thursday-morning']))).toBe(
      'Tuesday: morning. Thursday: morning.',
    );
    expect(describeWeek(week(['monday-morning', 'monday-evening', 'monday-overnight']))).toBe(
      'Monday: morning, evening and overnight.',
    );
  });

  it('adds live-in and short-notice cover, and says when nothing is chosen', () => {
    expect(describeWeek(week([], { liveIn: true, shortNotice: true }))).toBe(
      'Live-in care. Short-notice cover.',
    );
    expect(describeWeek(week([]))).toBe('No times chosen.');
  });
});

describe('care request formats', () => {
  it('shows an hourly budget as a range, or one figure', () => {
    expect(formatBudget('15.00', '20.50')).toBe('£15-£20.50/hour');
    expect(formatBudget('18.00', '18.00')).toBe('£18/hour');
  });

  it('reads a start date as that calendar day', () => {
    expect(formatCalendarDate('2027-03-01')).toBe('1 March 2027');
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });

  it('says hours a week, and today in UK time', () => {
    expect(formatHoursPerWeek(1)).toBe('1 hour a week');
    expect(formatHoursPerWeek(12)).toBe('12 hours a week');
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(todayInUK(new Date('2027-06-30T23:30:00Z'))).toBe('2027-07-01');
    expect(todayInUK(new Date('2027-01-15T23:30:00Z'))).toBe('2027-01-15');
  });
});
