import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { platformFeePence } from '../../src/server/features/care-payments';

describe('the platform fee on card payments to carers', () => {
  it('is the percentage of the total in whole pence, rounded once and down (the carer keeps the fraction)', () => {
    expect(platformFeePence(10_000, 500)).toBe(500);
    expect(platformFeePence(1_999, 500)).toBe(99); // 99.95
    expect(platformFeePence(19, 500)).toBe(0); // 0.95
    expect(platformFeePence(10_050, 250)).toBe(251); // 251.25
    expect(platformFeePence(12_345, 0)).toBe(0);
    expect(platformFeePence(3, 10_000)).toBe(3);
  });

  it('never asks floating point to round: large totals stay exact', () => {
    expect(platformFeePence(123_456_789_01, 500)).toBe(617_283_945);
    expect(platformFeePence(1_000_003, 333)).toBe(33_300);
  });

  it('refuses amounts that are not whole positive pence', () => {
    expect(() => platformFeePence(10.5, 500)).toThrow();
    expect(() => platformFeePence(0, 500)).toThrow();
    expect(() => platformFeePence(100, 12.5)).toThrow();
  });

  it('reads PLATFORM_FEE_PERCENT: 5 by default, 0 for none, two decimals at most, 20 at most', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).platformFeeBasisPoints).toBe(500);
    expect(loadConfig({ NODE_ENV: 'test', PLATFORM_FEE_PERCENT: '0' }).platformFeeBasisPoints).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', PLATFORM_FEE_PERCENT: '2.5' }).platformFeeBasisPoints).toBe(250);
    expect(loadConfig({ NODE_ENV: 'test', PLATFORM_FEE_PERCENT: '4.35' }).platformFeeBasisPoints).toBe(435);
    expect(() => loadConfig({ NODE_ENV: 'test', PLATFORM_FEE_PERCENT: '2.555' })).toThrow(/two decimals/);
    expect(() => loadConfig({ NODE_ENV: 'test', PLATFORM_FEE_PERCENT: '21' })).toThrow(/0 to 20/);
    expect(() => loadConfig({ NODE_ENV: 'test', PLATFORM_FEE_PERCENT: 'five' })).toThrow(/0 to 20/);
  });
});
