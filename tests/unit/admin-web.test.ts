import { describe, expect, it } from 'vitest';
import { AdminCarerInput } from '@contracts/admin';
import { carerFormData, failureStatusText } from '@web/features/admin/api/admin-carers';
import { ApiError, errorMessage } from '@web/lib/api-client';
import {
  addCalendarMonths,
  calendarSubscriptionChange,
  daysSubscriptionChange,
} from '@web/features/admin/api/subscription-change';
import { customerName, planPrice } from '@web/features/admin/components/admin-names';

const NOW = new Date(2026, 0, 31, 10, 0, 0);

describe('admin subscription payloads (product §4, §7, §9)', () => {
  it('adds calendar months, keeping the last day of a shorter month', () => {
    expect(addCalendarMonths(NOW, 1)).toEqual(new Date(2026, 1, 28, 10, 0, 0));
    expect(addCalendarMonths(new Date(2026, 10, 23, 9), 1)).toEqual(new Date(2026, 11, 23, 9));
    expect(addCalendarMonths(new Date(2028, 1, 29, 9), 12)).toEqual(new Date(2029, 1, 28, 9));
  });

  it('sends the dashboard payload: a calendar month or year ahead, or inactive with nulls', () => {
    expect(calendarSubscriptionChange('activateMonthly', NOW)).toEqual({
      status: 'active',
      type: 'monthly',
      expiresAt: new Date(2026, 1, 28, 10).toISOString(),
    });
    expect(calendarSubscriptionChange('activateAnnual', NOW)).toEqual({
      status: 'active',
      type: 'annual',
      expiresAt: new Date(2027, 0, 31, 10).toISOString(),
    });
    expect(calendarSubscriptionChange('deactivate', NOW)).toEqual({
      status: 'inactive',
      type: null,
      expiresAt: null,
    });
  });

  it('sends the Admin Management payload: 30 or 365 days ahead, or inactive with no type', () => {
    const day = 24 * 60 * 60 * 1000;
    expect(daysSubscriptionChange('activateMonthly', NOW).expiresAt).toBe(
      new Date(NOW.getTime() + 30 * day).toISOString(),
    );
    expect(daysSubscriptionChange('activateAnnual', NOW).expiresAt).toBe(
      new Date(NOW.getTime() + 365 * day).toISOString(),
    );
    expect(daysSubscriptionChange('deactivate', NOW)).toEqual({ status: 'inactive', expiresAt: null });
  });
});

describe('admin display rules (product §2)', () => {
  it("names a customer 'Anonymous User' unless both names are present", () => {
    expect(customerName({ firstName: 'Fiona', lastName: 'Barker' })).toBe('Fiona Barker');
    expect(customerName({ firstName: 'Fiona', lastName: null })).toBe('Anonymous User');
    expect(customerName({ firstName: ' ', lastName: 'Barker' })).toBe('Anonymous User');
  });

  // The plan the customer has, the same on both admin screens (the first brief said
  // '£100/year' for anything but monthly; docs/spec-conformance.md).
  it('prices the plan each customer actually has, alike on Admin Management and the dashboard', () => {
    expect(planPrice('monthly')).toBe('£10/month');
    expect(planPrice('annual')).toBe('£100/year');
    expect(planPrice('three_month')).toBe('£49/3 months');
    expect(planPrice(null)).toBeNull();
  });
});

describe('the test admin multipart form (product §5 and §7)', () => {
  it('sends lists as JSON arrays of trimmed items without blanks, and the photo last', () => {
    const input = AdminCarerInput.parse({
      firstName: ' Hannah ',
      lastName: 'Pryce',
      specialization: 'Companionship',
      experience: '8 years',
      location: 'Cardiff',
      hourlyRateMin: '16',
      hourlyRateMax: 21.5,
      description: 'Helps people stay mobile.',
      qualifications: ' Manual Handling, , First Aid Certified ,',
      availability: 'Weekdays',
    });
    const photo = new File([new Uint8Array([1, 2, 3])], 'p.jpg', { type: 'image/jpeg' });
    const body = carerFormData(input, photo);
    expect(body.get('firstName')).toBe('Hannah');
    expect(body.get('hourlyRateMax')).toBe('21.50');
    expect(body.get('qualifications')).toBe('["Manual Handling","First Aid Certified"]');
    expect(body.get('availability')).toBe('["Weekdays"]');
    expect(body.get('isVerified')).toBe('false');
    expect([...body.keys()].at(-1)).toBe('photo');
    expect(carerFormData(input, null).has('photo')).toBe(false);
  });

  it("reads the status text for 'Failed to create carer: ' toasts", () => {
    const error = new ApiError(400, '{"message":"Bad"}', 'Bad Request');
    expect(errorMessage(error, 'Failed')).toBe('Bad');
    expect(failureStatusText(error)).toBe('Bad Request');
    expect(failureStatusText(new ApiError(413, '', ''))).toBe('413');
  });
});
