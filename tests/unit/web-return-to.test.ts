import { describe, expect, it } from 'vitest';
import { backLabel } from '@web/features/subscriptions/components/payment-done';
import { pathParts, returnToIn } from '@web/lib/return-to';
import { PAID_TEXTS } from '@contracts/site-texts';

// The way back a page is given (?returnTo=), read the one way every page reads it.
describe('returnToIn', () => {
  it('gives a same-site path, and the home page for anything else', () => {
    const read = (query: string) => returnToIn(new URLSearchParams(query));
    expect(read(`returnTo=${encodeURIComponent('/carers?near=LS6&within=10')}`)).toBe(
      '/carers?near=LS6&within=10',
    );
    expect(read('')).toBe('/');
    expect(read('returnTo=https://evil.example/')).toBe('/');
    expect(read('returnTo=//evil.example/')).toBe('/');
    expect(read(`returnTo=${encodeURIComponent('/\\evil.example')}`)).toBe('/');
  });
});

describe('pathParts', () => {
  it('splits a path into its page and its query, leaving the fragment out', () => {
    const { pathname, query } = pathParts('/carers?near=LS6&careType=Elderly+Care#results');
    expect(pathname).toBe('/carers');
    expect(Object.fromEntries(query)).toEqual({ near: 'LS6', careType: 'Elderly Care' });
    expect(pathParts('/carers/abc#reviews').pathname).toBe('/carers/abc');
    expect([...pathParts('/pricing').query]).toEqual([]);
  });

  it('lets the paid page name a carer profile as the way back, query or not', () => {
    expect(backLabel('/carers/3f1c?from=search')).toBe(PAID_TEXTS.backToCarer);
    expect(backLabel('/carers?near=LS6')).toBe(PAID_TEXTS.backToPage);
  });
});
