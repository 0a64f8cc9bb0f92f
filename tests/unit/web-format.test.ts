import { describe, expect, it } from 'vitest';
import {
  formatDateGB,
  formatRateRange,
  formatRating,
  ratingSummaryLabel,
  reviewCountText,
  starFills,
} from '@web/lib/format';

describe('display formats', () => {
  it('shows dates en-GB, the admin screens too', () => {
    expect(formatDateGB('2026-03-04T12:00:00Z')).toBe('04/03/2026');
    expect(formatDateGB(null)).toBe('N/A');
  });

  it('shows rates as £min-£max/hour with pence only when needed', () => {
    expect(formatRateRange('18.50', '24.00')).toBe('£18.50-£24/hour');
  });

  it('shows ratings with one decimal', () => {
    expect(formatRating(4.8235)).toBe('4.8');
    expect(formatRating(5)).toBe('5.0');
  });

  // A 4.8 rating fills 4.8 stars, not four (the first brief filled only whole stars).
  it('fills the stars to the rating as shown, tenths of the last one included', () => {
    expect(starFills(4.8)).toEqual([1, 1, 1, 1, 0.8]);
    expect(starFills(4.25)).toEqual([1, 1, 1, 1, 0.3]);
    expect(starFills(4.96)).toEqual([1, 1, 1, 1, 1]); // shown as 5.0
    expect(starFills(3)).toEqual([1, 1, 1, 0, 0]);
    expect(starFills(1.5)).toEqual([1, 0.5, 0, 0, 0]);
    expect(starFills(0)).toEqual([0, 0, 0, 0, 0]);
    expect(starFills(7)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(-1)).toEqual([0, 0, 0, 0, 0]);
    expect(starFills(Number.NaN)).toEqual([0, 0, 0, 0, 0]);
  });

  it('says the rating, its scale and how many reviews it rests on; a carer without reviews is new', () => {
    expect(ratingSummaryLabel(4.8235, 12)).toBe('Rated 4.8 out of 5 from 12 reviews');
    expect(ratingSummaryLabel(5, 1)).toBe('Rated 5.0 out of 5 from 1 review');
    expect(ratingSummaryLabel(0, 0)).toBe('New carer, no reviews yet');
    expect(reviewCountText(1)).toBe('(1 review)');
    expect(reviewCountText(12)).toBe('(12 reviews)');
  });
});
