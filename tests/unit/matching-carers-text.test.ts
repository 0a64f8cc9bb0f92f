import { describe, expect, it } from 'vitest';
import { describeMatchingCarers } from '@contracts/carers-search-text';
import { matchingCarersParams, whenOfWeek } from '@contracts/carers-search-url';

describe("the plan chooser's count of matching carers", () => {
  it('says how many verified carers are free, in whole carers, and plainly when there are none', () => {
    const base = { within: 10, careType: null, day: 'tuesday', partOfDay: 'morning' };
    expect(describeMatchingCarers({ ...base, count: 14, more: false })).toBe(
      '14 verified carers within 10 miles are free on Tuesday mornings.',
    );
    expect(describeMatchingCarers({ ...base, count: 1, more: false })).toBe(
      '1 verified carer within 10 miles is free on Tuesday mornings.',
    );
    expect(describeMatchingCarers({ ...base, count: 100, more: true })).toBe(
      'More than 100 verified carers within 10 miles are free on Tuesday mornings.',
    );
    expect(describeMatchingCarers({ ...base, count: 0, more: false })).toMatch(
      /^There are no verified carers within 10 miles free on Tuesday mornings yet, so there is nobody to pay for yet\./,
    );
    expect(
      describeMatchingCarers({
        count: 3,
        more: false,
        within: 5,
        careType: 'Dementia Care',
        day: 'weekends',
        partOfDay: null,
      }),
    ).toBe('3 verified carers for Dementia Care within 5 miles are free at weekends.');
    expect(
      describeMatchingCarers({
        count: 2,
        more: false,
        within: 25,
        careType: null,
        day: 'friday',
        partOfDay: 'overnight',
      }),
    ).toBe('2 verified carers within 25 miles are free overnight on Fridays.');
    expect(
      describeMatchingCarers({
        count: 2,
        more: false,
        within: 10,
        careType: null,
        day: null,
        partOfDay: null,
      }),
    ).toBe('2 verified carers within 10 miles are listed.');
  });

  it("takes a care request's week as the search's When that covers it", () => {
    expect(whenOfWeek({ slots: ['tuesday-morning'], liveIn: false })).toEqual({
      day: 'tuesday',
      partOfDay: 'morning',
    });
    expect(whenOfWeek({ slots: ['tuesday-morning', 'thursday-morning'], liveIn: false })).toEqual({
      day: 'weekdays',
      partOfDay: 'morning',
    });
    expect(whenOfWeek({ slots: ['saturday-morning', 'sunday-afternoon'], liveIn: false })).toEqual({
      day: 'weekends',
      partOfDay: 'daytime',
    });
    expect(whenOfWeek({ slots: ['monday-evening', 'sunday-morning'], liveIn: false })).toEqual({
      day: '',
      partOfDay: '',
    });
    expect(whenOfWeek({ slots: [], liveIn: true })).toEqual({ day: '', partOfDay: 'livein' });
    expect(
      matchingCarersParams({
        near: 'LS6',
        within: 10,
        careType: 'All Types',
        day: '',
        partOfDay: 'livein',
      }).toString(),
    ).toBe('near=LS6&within=10&availability=Live-in+Care');
  });
});
