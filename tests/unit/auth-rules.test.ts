import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, landingPathAfterRegister, RegisterInput, safeReturnPath } from '@contracts/auth';
import { formatPounds } from '@contracts/pricing';
import {
  hashPassword,
  isCommonPassword,
  passwordProblem,
  usePasswordHashing,
  verifyPassword,
} from '../../src/server/features/auth/password';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('Kettle-Harbour-Meadow-42');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'Kettle-Harbour-Meadow-42')).toBe(true);
    expect(await verifyPassword(hash, 'kettle-harbour-meadow-42')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });

  it("hashes at OWASP's baseline unless the configuration asks for the tests' light cost", async () => {
    try {
      usePasswordHashing('standard');
      const standard = await hashPassword('Kettle-Harbour-Meadow-42');
      expect(standard).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      usePasswordHashing('light');
      const light = await hashPassword('Kettle-Harbour-Meadow-42');
      expect(light).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
      // Either verifies whatever the current cost: the cost is read from the hash.
      expect(await verifyPassword(standard, 'Kettle-Harbour-Meadow-42')).toBe(true);
    } finally {
      usePasswordHashing('standard');
    }
  });

  it.each(['password', 'Password1', 'qwerty123', 'iloveyou', 'football'])(
    'knows %s is common',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it('accepts an uncommon passphrase and refuses one equal to the email', () => {
    expect(passwordProblem('Kettle-Harbour-Meadow-42', 'jo@example.org')).toBeUndefined();
    expect(passwordProblem('margaret.smith', 'margaret.smith@example.org')).toBe(
      AUTH_MESSAGES.passwordTooCommon,
    );
  });

  it('shares the length rules with the form through the contract', () => {
    const base = { firstName: 'A', lastName: 'B', email: 'a@b.co', userType: 'customer' };
    expect(RegisterInput.safeParse({ ...base, password: '1234567' }).error?.issues[0]?.message).toBe(
      AUTH_MESSAGES.passwordTooShort,
    );
    expect(RegisterInput.safeParse({ ...base, password: 'x'.repeat(64) }).success).toBe(true);
  });
});

describe('navigation rules', () => {
  it.each([
    ['/subscribe', '/subscribe'],
    ['/carers?location=leeds', '/carers?location=leeds'],
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    [undefined, '/'],
    ['/messages/abc?tab=1#latest', '/messages/abc?tab=1#latest'],
    ['/%09/evil', '/%09/evil'],
    ['/%2f%2fevil', '/%2f%2fevil'],
  ])('safeReturnPath(%s) is %s', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  // Decision 0020: '/\t/host' sent people off-site after an OpenID Connect sign-in (browsers
  // drop the tab), and '/%0a' (a newline once the query is decoded) was a 500 in the Location header.
  const HOSTILE = [
    '//evil',
    '/\\evil',
    '\\evil',
    '/\t/evil',
    '/\n/evil',
    '/\r\n/evil',
    '/\u0000',
    '/\u007f',
    '/\u0085',
    '/\u009b',
    '/\n',
    '\t',
    '\t/evil',
    ' /evil',
    'https://evil',
    'javascript:alert(1)',
    '/\u2028',
    '/\u2029/evil',
    '//%2fevil',
    '///evil',
    '/.//evil',
    '/..//evil',
    '/a/../..//evil',
    'evil',
    '',
    '/'.padEnd(3000, 'a'),
    42,
    null,
    ['/ok'],
  ];
  it.each(HOSTILE.map((value) => [JSON.stringify(value)?.slice(0, 40), value]))(
    'turns the hostile return path %s into /',
    (_label, value) => {
      expect(safeReturnPath(value)).toBe('/');
    },
  );

  it('never answers a path that resolves to another origin or holds a control character', () => {
    const origin = 'https://carematch.example';
    for (const value of HOSTILE) {
      const path = safeReturnPath(value);
      expect(new URL(path, origin).origin).toBe(origin);
      // eslint-disable-next-line no-control-regex -- the control characters are what this finds
      expect(path).not.toMatch(/[\u0000-\u001f\u007f-\u009f\\]/);
    }
  });

  it('sends a new carer to build a profile and a new customer home', () => {
    expect(landingPathAfterRegister('carer')).toBe('/carer-signup');
    expect(landingPathAfterRegister('customer')).toBe('/');
  });

  it('formats prices in pounds', () => {
    expect(formatPounds(4900)).toBe('£49');
    expect(formatPounds(1050)).toBe('£10.50');
  });
});
