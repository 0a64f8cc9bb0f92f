import { describe, expect, it } from 'vitest';
import { normalisePostcode, outwardCodeOf, postcodeAreaOf } from '@contracts/postcodes';

describe('normalisePostcode', () => {
  it.each([
    ['ls63ab', 'LS6 3AB'],
    [' LS6 3AB ', 'LS6 3AB'],
    ['ls6  3ab', 'LS6 3AB'],
    ['SW1A1AA', 'SW1A 1AA'],
    ['ec1a 1bb', 'EC1A 1BB'],
    ['M1 1AE', 'M1 1AE'],
    ['b338th', 'B33 8TH'],
    ['w1a 0ax', 'W1A 0AX'],
    ['bt7 1nn', 'BT7 1NN'],
  ])('%j → %j', (text, postcode) => {
    expect(normalisePostcode(text)).toBe(postcode);
  });

  it.each(['LS6', 'ABC 123', '', '   ', 'LS6 3A', 'LS6 3ABC', '6LS 3AB', 'L 3AB', 'LS6-3AB', 'Leeds'])(
    'rejects %j',
    (text) => {
      expect(normalisePostcode(text)).toBeNull();
    },
  );
});

describe('outwardCodeOf', () => {
  it('takes the outward code of a postcode or an outward code, in any case and spacing', () => {
    expect(outwardCodeOf('LS6 3AB')).toBe('LS6');
    expect(outwardCodeOf('ls63ab')).toBe('LS6');
    expect(outwardCodeOf('ls6')).toBe('LS6');
    expect(outwardCodeOf(' sw1a ')).toBe('SW1A');
    expect(outwardCodeOf('SW1A 1AA')).toBe('SW1A');
    expect(outwardCodeOf('M1')).toBe('M1');
  });

  it('is null for anything else', () => {
    expect(outwardCodeOf('Leeds')).toBeNull();
    expect(outwardCodeOf('ABC 123')).toBeNull();
    expect(outwardCodeOf('')).toBeNull();
  });
});

describe('postcodeAreaOf', () => {
  it('is the letters before the district', () => {
    expect(postcodeAreaOf('LS6')).toBe('LS');
    expect(postcodeAreaOf('M1')).toBe('M');
    expect(postcodeAreaOf('sw1a')).toBe('SW');
    expect(postcodeAreaOf('EC1A')).toBe('EC');
  });
});
