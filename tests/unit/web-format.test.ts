import { describe, expect, it } from 'vitest';
import { formatDateGB, formatDateUSShort, formatRateRange, formatRating } from '@web/lib/format';

describe('display formats', () => {
  it('shows dates en-GB, and en-US short where the spec says so', () => {
    expect(formatDateGB('2026-03-04T12:00:00Z')).toBe('04/03/2026');
    expect(formatDateUSShort('2026-03-04T12:00:00Z')).toBe('3/4/26');
    expect(formatDateGB(null)).toBe('N/A');
  });

  it('shows rates as £min-£max/hour with pence only when needed', () => {
    expect(formatRateRange('18.50', '24.00')).toBe('£18.50-£24/hour');
  });

  it('shows ratings with one decimal', () => {
    expect(formatRating(4.8235)).toBe('4.8');
    expect(formatRating(5)).toBe('5.0');
  });
});
