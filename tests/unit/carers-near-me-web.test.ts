// Care near me, the web's own rules: the search URL with a place, distances and "updated 3 days ago".
import { describe, expect, it } from 'vitest';
import { DAY_PARTS, WEEK_DAYS } from '@contracts/availability';
import {
  carerSearchApiUrl,
  DEFAULT_WITHIN,
  filtersFromSearchParams,
  filtersToSearchParams,
  SEARCH_DAY_PARTS,
  SEARCH_DAYS,
  SEARCH_WITHIN_MAX,
  SEARCH_WITHIN_MIN,
} from '@contracts/carers-search-url';
import { SEARCH_DEFAULT_WITHIN, TRAVEL_MILES_MAX, TRAVEL_MILES_MIN } from '@contracts/carers';
import { formatDaysAgo, formatMiles } from '@web/lib/format';

const read = (query: string) => filtersFromSearchParams(new URLSearchParams(query));
const write = (query: string) => filtersToSearchParams(read(query)).toString();

describe('the carer search URL with a place', () => {
  it('agrees with the contracts it copies (they import zod, this file must not)', () => {
    expect(SEARCH_DAYS).toEqual(WEEK_DAYS);
    expect(SEARCH_DAY_PARTS).toEqual(DAY_PARTS);
    expect(DEFAULT_WITHIN).toBe(SEARCH_DEFAULT_WITHIN);
    expect([SEARCH_WITHIN_MIN, SEARCH_WITHIN_MAX]).toEqual([TRAVEL_MILES_MIN, TRAVEL_MILES_MAX]);
  });

  it('sorts nearest first by default with a place, best match without', () => {
    expect(read('near=LS6+3AB').sort).toBe('distance');
    expect(read('').sort).toBe('best');
    expect(read('sort=distance').sort).toBe('best');
    expect(write('near=LS6+3AB&sort=distance')).toBe('near=LS6+3AB');
    expect(write('near=LS6+3AB&sort=best')).toBe('near=LS6+3AB&sort=best');
  });

  it('keeps within, day and part of day; drops unknown values', () => {
    expect(write('near=Leeds&within=5&day=tuesday&partOfDay=morning')).toBe(
      'near=Leeds&within=5&day=tuesday&partOfDay=morning',
    );
    expect(read('within=0').within).toBe(DEFAULT_WITHIN);
    expect(read('within=51').within).toBe(DEFAULT_WITHIN);
    expect(read('within=2.5').within).toBe(DEFAULT_WITHIN);
    expect(read('day=caturday&partOfDay=teatime')).toMatchObject({ day: '', partOfDay: '' });
  });

  it('keeps old ?location= links as the text filter', () => {
    expect(read('location=Leeds')).toMatchObject({ location: 'Leeds', near: '', sort: 'best' });
    expect(write('location=Leeds')).toBe('location=Leeds');
  });

  it('asks the API for a distance only with a place', () => {
    expect(carerSearchApiUrl(read('near=LS6&within=25'), null)).toBe(
      '/api/carers?near=LS6&within=25&limit=12',
    );
    expect(carerSearchApiUrl(read('within=25'), null)).toBe('/api/carers?limit=12');
  });
});

describe('distance and age texts', () => {
  it('shows whole miles, and under a mile as such (decision 0032)', () => {
    expect(formatMiles(0)).toBe('under 1 mile');
    expect(formatMiles(1)).toBe('1 mile');
    expect(formatMiles(3)).toBe('3 miles');
    expect(formatMiles(2.3)).toBe('2 miles');
    expect(formatMiles(25)).toBe('25 miles');
  });

  it('says how long ago in calendar days', () => {
    const now = new Date('2026-05-20T10:00:00Z');
    expect(formatDaysAgo('2026-05-20T06:00:00Z', now)).toBe('today');
    expect(formatDaysAgo('2026-05-19T22:00:00Z', now)).toBe('yesterday');
    expect(formatDaysAgo('2026-05-17T12:00:00Z', now)).toBe('3 days ago');
    expect(formatDaysAgo('2026-05-01T12:00:00Z', now)).toBe('2 weeks ago');
    expect(formatDaysAgo('2026-02-01T12:00:00Z', now)).toBe('3 months ago');
    expect(formatDaysAgo('2024-02-01T12:00:00Z', now)).toBe('over a year ago');
  });
});
