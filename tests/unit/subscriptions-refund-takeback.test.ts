import { describe, expect, it } from 'vitest';
import { paidPeriod, untilWithout } from '../../src/server/features/subscriptions/refund-takeback';

const at = new Date('2027-03-10T12:00:00Z');
const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('untilWithout: what a refunded payment takes out of access', () => {
  it('ends access now when the refunded payment bought the period running now', () => {
    const period = paidPeriod({
      plan: 'three_month',
      paidAt: day('2027-03-01'),
      periodEnd: day('2027-06-01'),
    })!;
    expect(untilWithout(day('2027-06-01'), period, at)).toEqual(at);
  });

  it('keeps the days of the plan it extended', () => {
    // Bought on 1 March as an extension of a plan ending 20 March: its days began then.
    const period = paidPeriod({
      plan: 'three_month',
      paidAt: day('2027-03-01'),
      periodEnd: day('2027-06-20'),
    })!;
    expect(period.start).toEqual(day('2027-03-20'));
    expect(untilWithout(day('2027-06-20'), period, at)).toEqual(day('2027-03-20'));
  });

  it('keeps an extension bought after it whole, starting now instead of at its end', () => {
    const period = paidPeriod({
      plan: 'three_month',
      paidAt: day('2027-01-01'),
      periodEnd: day('2027-04-01'),
    })!;
    // An Annual plan bought in the last 30 days runs from 1 April to 1 April 2028.
    const after = untilWithout(day('2028-04-01'), period, at);
    expect(after.getTime()).toBe(day('2028-04-01').getTime() - (day('2027-04-01').getTime() - at.getTime()));
  });

  it('takes nothing out of a period already used up', () => {
    const period = paidPeriod({ plan: 'monthly', paidAt: day('2027-01-01'), periodEnd: day('2027-02-01') })!;
    expect(untilWithout(day('2027-04-01'), period, at)).toEqual(day('2027-04-01'));
  });
});
