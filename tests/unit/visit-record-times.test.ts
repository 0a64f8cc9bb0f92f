import { describe, expect, it } from 'vitest';
import { recordedTimesProblem, visitRecordChoices } from '@contracts/visit-record-times';

/*
 * When the carer may check in, check out or record a visit afterwards: one rule for the server and
 * the Schedule tab (decision 0024, "What we record"). A visit from 10:00 to 12:00.
 */
const at = (time: string) => new Date(`2027-06-01T${time}:00Z`);
const visit = { startsAt: at('10:00'), endsAt: at('12:00'), status: 'scheduled' };

describe('visitRecordChoices', () => {
  it('offers check-in from 2 hours before the start until 2 hours after the end', () => {
    expect(visitRecordChoices(visit, at('07:59')).checkIn).toBe(false);
    expect(visitRecordChoices(visit, at('08:00')).checkIn).toBe(true);
    expect(visitRecordChoices(visit, at('13:59')).checkIn).toBe(true);
    expect(visitRecordChoices(visit, at('14:00')).checkIn).toBe(false);
    expect(visitRecordChoices({ ...visit, status: 'cancelled' }, at('10:00')).checkIn).toBe(false);
    expect(visitRecordChoices({ ...visit, checkedInAt: at('09:55') }, at('10:00')).checkIn).toBe(false);
  });

  it('offers check-out after a check-in, until 12 hours after the end', () => {
    const checkedIn = { ...visit, checkedInAt: at('09:55') };
    expect(visitRecordChoices(visit, at('11:00')).checkOut).toBe(false);
    expect(visitRecordChoices(checkedIn, at('11:00')).checkOut).toBe(true);
    expect(visitRecordChoices(checkedIn, at('23:59')).checkOut).toBe(true);
    expect(visitRecordChoices(checkedIn, new Date('2027-06-02T00:00:00Z')).checkOut).toBe(false);
    expect(visitRecordChoices({ ...checkedIn, checkedOutAt: at('12:00') }, at('12:05')).checkOut).toBe(false);
  });

  it('offers recording afterwards once the visit has started, not while a check-out is open, for 14 days', () => {
    expect(visitRecordChoices(visit, at('09:59')).recordAfterwards).toBe(false);
    expect(visitRecordChoices(visit, at('10:00')).recordAfterwards).toBe(true);
    const checkedIn = { ...visit, checkedInAt: at('09:55') };
    expect(visitRecordChoices(checkedIn, at('13:00')).recordAfterwards).toBe(false);
    expect(visitRecordChoices(checkedIn, new Date('2027-06-02T00:00:00Z')).recordAfterwards).toBe(true);
    expect(visitRecordChoices(visit, new Date('2027-06-15T11:59:00Z')).recordAfterwards).toBe(true);
    expect(visitRecordChoices(visit, new Date('2027-06-15T12:00:00Z')).recordAfterwards).toBe(false);
    expect(visitRecordChoices({ ...visit, status: 'cancelled' }, at('13:00')).recordAfterwards).toBe(false);
    expect(
      visitRecordChoices({ ...checkedIn, checkedOutAt: at('12:00') }, at('13:00')).recordAfterwards,
    ).toBe(false);
  });
});

describe('recordedTimesProblem', () => {
  const now = at('20:00');
  it('takes times around the visit, leaving after arriving, in the past, for at most 16 hours', () => {
    expect(recordedTimesProblem(visit, at('10:05'), at('11:55'), now)).toBeNull();
    expect(recordedTimesProblem(visit, at('07:59'), at('11:55'), now)).toBe('arrivedOutOfRange');
    expect(recordedTimesProblem(visit, at('14:00'), at('15:00'), now)).toBe('arrivedOutOfRange');
    expect(recordedTimesProblem(visit, at('10:05'), at('10:05'), now)).toBe('leftBeforeArrived');
    expect(recordedTimesProblem(visit, at('10:05'), at('20:01'), now)).toBe('inFuture');
    expect(
      recordedTimesProblem(
        visit,
        at('08:00'),
        new Date('2027-06-02T00:01:00Z'),
        new Date('2027-06-03T00:00:00Z'),
      ),
    ).toBe('tooLong');
  });
});
