// The search's one "When" control: old links with an availability tag, or with day and part of
// day, still open the same search; live-in care goes to the API as its tag.
import { describe, expect, it } from 'vitest';
import { availabilityTagsOf, slotsWanted, type AvailabilitySlot } from '@contracts/availability';
import {
  carerSearchApiUrl,
  filtersFromSearchParams,
  filtersToSearchParams,
} from '@contracts/carers-search-url';
import { SEARCH_CARE_TYPES, SPECIALIZATIONS } from '@contracts/options';

const read = (query: string) => filtersFromSearchParams(new URLSearchParams(query));
const write = (query: string) => filtersToSearchParams(read(query)).toString();
const api = (query: string) => carerSearchApiUrl(read(query), null);

describe('the When control', () => {
  it.each([
    ['Weekdays', 'day=weekdays&partOfDay=daytime'],
    ['Weekends', 'day=weekends&partOfDay=daytime'],
    ['Evenings', 'partOfDay=evening'],
    ['Nights', 'partOfDay=overnight'],
    ['Live-in+Care', 'partOfDay=livein'],
  ])('reads an old ?availability=%s link as the When it meant', (tag, when) => {
    expect(write(`availability=${tag}`)).toBe(when);
  });

  it('keeps an old day and part of day link as it was', () => {
    expect(write('day=tuesday&partOfDay=morning')).toBe('day=tuesday&partOfDay=morning');
    expect(api('day=tuesday&partOfDay=morning')).toBe('/api/carers?day=tuesday&partOfDay=morning&limit=12');
  });

  it('lets a day or part of day in the link win over an old tag beside it', () => {
    expect(write('availability=Weekends&day=monday')).toBe('day=monday');
  });

  it('ignores an unknown tag and unknown values', () => {
    expect(write('availability=Sometimes')).toBe('');
    expect(write('day=caturday&partOfDay=teatime')).toBe('');
  });

  it('sends live-in care as the availability tag, with no day', () => {
    expect(write('day=monday&partOfDay=livein')).toBe('partOfDay=livein');
    expect(api('partOfDay=livein')).toBe('/api/carers?availability=Live-in+Care&limit=12');
  });

  it('means by each old tag exactly the slots that give a week that tag', () => {
    const cases: [string, string][] = [
      ['Weekdays', 'availability=Weekdays'],
      ['Weekends', 'availability=Weekends'],
      ['Evenings', 'availability=Evenings'],
      ['Nights', 'availability=Nights'],
    ];
    for (const [tag, query] of cases) {
      const { day, partOfDay } = read(query);
      const wanted = slotsWanted(
        day || undefined,
        partOfDay && partOfDay !== 'livein' ? partOfDay : undefined,
      );
      // Every wanted slot alone gives the tag; every other slot alone does not.
      for (const slot of wanted) {
        expect(availabilityTagsOf({ slots: [slot], liveIn: false, shortNotice: false })).toContain(tag);
      }
      const others = ALL_SLOTS.filter((slot) => !wanted.includes(slot));
      for (const slot of others) {
        expect(availabilityTagsOf({ slots: [slot], liveIn: false, shortNotice: false })).not.toContain(tag);
      }
    }
  });

  it('reads the rate, and drops a rate that is no number of pounds', () => {
    expect(write('maxRate=20')).toBe('maxRate=20');
    expect(api('maxRate=20')).toBe('/api/carers?maxRate=20&limit=12');
    expect(write('maxRate=-3')).toBe('');
    expect(write('maxRate=lots')).toBe('');
  });
});

describe('the care type filter', () => {
  it('offers every care type carers can choose, Childcare among them', () => {
    expect(SEARCH_CARE_TYPES).toContain('Childcare');
    expect([...SEARCH_CARE_TYPES].filter((type) => type !== 'All Types').sort()).toEqual(
      [...SPECIALIZATIONS].sort(),
    );
  });
});

const ALL_SLOTS: AvailabilitySlot[] = slotsWanted(undefined, undefined);
