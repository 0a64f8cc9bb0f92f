import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, ContactEnquiryInput, isUkPhoneNumber } from '@contracts/contact';

describe('isUkPhoneNumber', () => {
  it.each([
    '07700 900123',
    '+44 7700 900123',
    '020 7946 0123',
    '+44 (0)20 7946 0123',
    '0800 046 1234',
    '0044 1632 960 001',
    '07700-900-123',
    '0800 123 456',
  ])('accepts %s', (value) => {
    expect(isUkPhoneNumber(value)).toBe(true);
  });

  it.each([
    ['12345', 'no trunk prefix'],
    ['0770090012', 'a mobile a digit short'],
    ['077009001234', 'a digit too many'],
    ['00 1 555 1234', 'an international number outside the UK'],
    ['+1 202 555 0100', 'a US number'],
    ['07700 9OO123', 'letters'],
    ['call me', 'letters only'],
    ['0600 123 4567', 'a range that is not in use'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (value) => {
    expect(isUkPhoneNumber(value)).toBe(false);
  });
});

describe('ContactEnquiryInput', () => {
  const valid = {
    firstName: 'Margaret',
    lastName: 'Hughes',
    email: 'margaret@example.org',
    subject: 'Finding a carer',
    message: 'Could you help me find a carer in Leeds?',
  };

  it('treats the phone number as optional and trims every field', () => {
    expect(ContactEnquiryInput.parse({ ...valid, firstName: '  Margaret ' })).toMatchObject({
      firstName: 'Margaret',
      phone: '',
    });
  });

  it('names the field and the problem', () => {
    const result = ContactEnquiryInput.safeParse({ ...valid, phone: '12345' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['phone'],
      message: CONTACT_MESSAGES.phoneInvalid,
    });
  });
});
