import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, type ContactEnquiryReceipt } from '@contracts/contact';
import { CONTACT_MAX_PER_HOUR } from '@contracts/limits';
import { SITE_CONTACT } from '@contracts/site';
import { contactEnquiries, outboxEmails, rateLimitCounters } from '../../src/server/db/schema';
import { clientNetworkKey, createRateLimiter } from '../../src/server/platform/rate-limit';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Each test writes from its own address, so the per-address limit belongs to the test that tests it.
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `198.51.100.${addressCounter}`;
};

const valid = {
  firstName: 'Margaret',
  lastName: 'Hughes',
  email: 'margaret.hughes@example.org',
  phone: '07700 900123',
  subject: 'Help for my father in Leeds',
  message: 'My father needs help three mornings a week. How do your carer checks work?',
};
type Body = Record<string, unknown>;

const post = (body: Body, remoteAddress = nextAddress(), cookie?: string) =>
  t.injectAs(cookie, { method: 'POST', url: '/api/contact', payload: body, remoteAddress });

const countRows = async () => {
  const [enquiries] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(contactEnquiries);
  const [emails] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outboxEmails);
  return { enquiries: enquiries?.n ?? 0, emails: emails?.n ?? 0 };
};
const stored = async (reference: string) =>
  (await t.database.db.select().from(contactEnquiries).where(eq(contactEnquiries.reference, reference)))[0];
const emailsFor = async (reference: string) =>
  (await t.outbox()).filter((email) => email.subject.includes(`[${reference}]`));

describe('POST /api/contact: a valid enquiry', () => {
  it('is stored, answered 201 with a reference, and emails support and the sender', async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(201);
    const { reference } = response.json<ContactEnquiryReceipt>();
    expect(reference).toMatch(/^CM-[0-9A-HJKMNP-TV-Z]{8}$/);

    expect(await stored(reference)).toMatchObject({ ...valid, userId: null });

    const emails = await emailsFor(reference);
    expect(emails).toHaveLength(2);
    const toSupport = emails.find((email) => email.toAddress === SITE_CONTACT.email);
    expect(toSupport).toMatchObject({
      replyTo: valid.email,
      subject: `Contact form [${reference}]: “${valid.subject}”`,
    });
    for (const part of ['Margaret Hughes', valid.email, valid.phone, valid.message, reference]) {
      expect(toSupport?.bodyText).toContain(part);
    }

    const toSender = emails.find((email) => email.toAddress === valid.email);
    expect(toSender).toMatchObject({
      replyTo: null,
      subject: `We have received your message [${reference}]`,
    });
    expect(toSender?.bodyText).toContain(reference);
    expect(toSender?.bodyText).toMatch(/within 24 hours/);
    // Nothing the sender typed is echoed to the address they gave.
    for (const typed of [valid.message, valid.subject, valid.firstName, valid.lastName, valid.phone]) {
      expect(toSender?.bodyText).not.toContain(typed);
    }

    for (const email of emails) {
      expect(JSON.stringify(email)).not.toContain(t.config.sessionSecret);
      expect(email.bodyText).not.toMatch(/password|cookie|secret/i);
    }
  });

  it('goes out through the log transport in demo mode and is marked delivered', async () => {
    const { reference } = (await post(valid)).json<ContactEnquiryReceipt>();
    await t.app.mailer.dispatch();
    const emails = await emailsFor(reference);
    expect(emails).toHaveLength(2);
    for (const email of emails) {
      expect(email).toMatchObject({ transport: 'log', attempts: 1, lastError: null });
      expect(email.deliveredAt).toBeInstanceOf(Date);
    }
  });

  it('takes the phone number as optional, and trims what was typed', async () => {
    const { phone: _phone, ...withoutPhone } = valid;
    for (const body of [withoutPhone, { ...valid, phone: '' }, { ...valid, phone: '   ' }]) {
      const response = await post({ ...body, firstName: '  Margaret  ', subject: ` ${valid.subject}\t` });
      expect(response.statusCode).toBe(201);
      const { reference } = response.json<ContactEnquiryReceipt>();
      expect(await stored(reference)).toMatchObject({
        phone: null,
        firstName: 'Margaret',
        subject: valid.subject,
      });
      const toSupport = (await emailsFor(reference)).find((email) => email.toAddress === SITE_CONTACT.email);
      expect(toSupport?.bodyText).toContain('Phone: not given');
    }
  });

  it('records the account of a signed-in sender', async () => {
    const { user, cookie } = await t.register();
    const response = await post(valid, nextAddress(), cookie);
    expect(response.statusCode).toBe(201);
    expect(await stored(response.json<ContactEnquiryReceipt>().reference)).toMatchObject({ userId: user.id });
  });

  it.each([
    ['exactly 10', 10],
    ['exactly 5,000', 5000],
  ])('accepts a message of %s characters', async (_label, length) => {
    const response = await post({ ...valid, message: 'm'.repeat(length) });
    expect(response.statusCode).toBe(201);
    expect((await stored(response.json<ContactEnquiryReceipt>().reference))?.message).toHaveLength(length);
  });

  it('is refused from another site by the cross-site guard', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: valid,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/contact: an invalid enquiry', () => {
  const { firstName: _f, ...noFirstName } = valid;
  const { email: _e, ...noEmail } = valid;
  const { message: _m, ...noMessage } = valid;
  it.each<[string, Body, string, string]>([
    ['no first name', noFirstName, 'firstName', CONTACT_MESSAGES.firstNameRequired],
    ['a blank first name', { ...valid, firstName: '   ' }, 'firstName', CONTACT_MESSAGES.firstNameRequired],
    [
      'a first name too long',
      { ...valid, firstName: 'A'.repeat(81) },
      'firstName',
      CONTACT_MESSAGES.nameTooLong,
    ],
    ['no last name', { ...valid, lastName: '' }, 'lastName', CONTACT_MESSAGES.lastNameRequired],
    [
      'a last name too long',
      { ...valid, lastName: 'B'.repeat(81) },
      'lastName',
      CONTACT_MESSAGES.nameTooLong,
    ],
    ['no email', noEmail, 'email', CONTACT_MESSAGES.emailRequired],
    ['an empty email', { ...valid, email: '' }, 'email', CONTACT_MESSAGES.emailRequired],
    ['an invalid email', { ...valid, email: 'margaret.example.org' }, 'email', CONTACT_MESSAGES.emailInvalid],
    [
      'two emails',
      { ...valid, email: 'a@example.org, b@example.org' },
      'email',
      CONTACT_MESSAGES.emailInvalid,
    ],
    ['a short phone number', { ...valid, phone: '0770090012' }, 'phone', CONTACT_MESSAGES.phoneInvalid],
    ['a US phone number', { ...valid, phone: '+1 202 555 0100' }, 'phone', CONTACT_MESSAGES.phoneInvalid],
    ['letters for a phone number', { ...valid, phone: 'ring me' }, 'phone', CONTACT_MESSAGES.phoneInvalid],
    ['no subject', { ...valid, subject: ' ' }, 'subject', CONTACT_MESSAGES.subjectRequired],
    [
      'a subject too long',
      { ...valid, subject: 'S'.repeat(151) },
      'subject',
      CONTACT_MESSAGES.subjectTooLong,
    ],
    ['no message', noMessage, 'message', CONTACT_MESSAGES.messageTooShort],
    [
      'a message of 9 characters',
      { ...valid, message: 'm'.repeat(9) },
      'message',
      CONTACT_MESSAGES.messageTooShort,
    ],
    [
      'a message of 10 characters only with the spaces around it',
      { ...valid, message: '   123456789   ' },
      'message',
      CONTACT_MESSAGES.messageTooShort,
    ],
    [
      'a message of 5,001 characters',
      { ...valid, message: 'm'.repeat(5001) },
      'message',
      CONTACT_MESSAGES.messageTooLong,
    ],
  ])(
    'with %s gets 400 with the message beside the field, and nothing is stored or sent',
    async (_case, body, field, message) => {
      const before = await countRows();
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, fieldErrors: { [field]: message } });
      expect(await countRows()).toEqual(before);
    },
  );

  it('gives every failing field its own message', async () => {
    const response = await post({ email: 'nope', phone: '123', message: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      firstName: CONTACT_MESSAGES.firstNameRequired,
      lastName: CONTACT_MESSAGES.lastNameRequired,
      email: CONTACT_MESSAGES.emailInvalid,
      phone: CONTACT_MESSAGES.phoneInvalid,
      subject: CONTACT_MESSAGES.subjectRequired,
      message: CONTACT_MESSAGES.messageTooShort,
    });
  });
});

describe('POST /api/contact: flooding', () => {
  it(`answers 429 with Retry-After after ${CONTACT_MAX_PER_HOUR} enquiries from one address in an hour, and stores nothing more`, async () => {
    const address = '203.0.113.50';
    const email = 'flood@example.org';
    for (let i = 0; i < CONTACT_MAX_PER_HOUR; i += 1) {
      expect((await post({ ...valid, email }, address)).statusCode).toBe(201);
    }
    const before = await countRows();
    const blocked = await post({ ...valid, email }, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: CONTACT_MESSAGES.tooManyEnquiries });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await countRows()).toEqual(before);

    expect((await post({ ...valid, email: 'someone.else@example.org' }, '203.0.113.51')).statusCode).toBe(
      201,
    );
  });

  it('counts invalid attempts too', async () => {
    const address = '203.0.113.60';
    for (let i = 0; i < CONTACT_MAX_PER_HOUR; i += 1) {
      expect((await post({ ...valid, message: 'short' }, address)).statusCode).toBe(400);
    }
    expect((await post(valid, address)).statusCode).toBe(429);
  });

  it('treats the addresses of one IPv6 /64 network as one', async () => {
    for (let i = 1; i <= CONTACT_MAX_PER_HOUR; i += 1) {
      expect((await post(valid, `2001:db8:1:2::${i}`)).statusCode).toBe(201);
    }
    expect((await post(valid, '2001:db8:1:2:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
    expect((await post(valid, '2001:db8:1:3::1')).statusCode).toBe(201);
  });

  it('sends one address at most a few acknowledgements a day, while support still gets every enquiry', async () => {
    const email = 'victim@example.org';
    const references: string[] = [];
    for (let i = 0; i < CONTACT_MAX_PER_HOUR + 2; i += 1) {
      const response = await post({ ...valid, email });
      expect(response.statusCode).toBe(201);
      references.push(response.json<ContactEnquiryReceipt>().reference);
    }
    const emails = (await t.outbox()).filter((e) => references.some((r) => e.subject.includes(r)));
    expect(emails.filter((e) => e.toAddress === SITE_CONTACT.email)).toHaveLength(references.length);
    expect(emails.filter((e) => e.toAddress === email)).toHaveLength(CONTACT_MAX_PER_HOUR);
  });

  it('keeps no network address: the counters hold keyed hashes', async () => {
    await post(valid, '192.0.2.77');
    const counters = await t.database.db.select().from(rateLimitCounters);
    expect(counters.length).toBeGreaterThan(0);
    expect(JSON.stringify(counters)).not.toMatch(/192\.0\.2\.77|198\.51\.100|example\.org/);
    expect(
      Object.keys((await stored((await post(valid)).json<ContactEnquiryReceipt>().reference)) ?? {}),
    ).not.toContain('ip');
  });
});

describe('the rate limiter', () => {
  const rule = { bucket: 'test-limit', limit: 3, windowSeconds: 60 };

  it('counts concurrent hits exactly once each, from any number of connections', async () => {
    const limiter = createRateLimiter(t.database.db, { secret: 's'.repeat(32) });
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit(rule, 'concurrent')));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(rule.limit);
  });

  it('starts a new window once the last has passed, and housekeeping removes ended windows', async () => {
    let clock = new Date('2026-03-01T10:00:00Z');
    const limiter = createRateLimiter(t.database.db, { secret: 's'.repeat(32), now: () => clock });
    for (let i = 0; i < rule.limit; i += 1) expect((await limiter.hit(rule, 'window')).allowed).toBe(true);
    const over = await limiter.hit(rule, 'window');
    expect(over).toMatchObject({ allowed: false, count: 4, remaining: 0, retryAfterSeconds: 60 });

    clock = new Date('2026-03-01T10:00:45Z');
    expect(await limiter.hit(rule, 'window')).toMatchObject({ allowed: false, retryAfterSeconds: 15 });
    await expect(limiter.enforce(rule, 'window', 'Slow down')).rejects.toMatchObject({
      statusCode: 429,
      message: 'Slow down',
      headers: { 'retry-after': '15' },
    });

    clock = new Date('2026-03-01T10:01:00Z');
    expect(await limiter.hit(rule, 'window')).toMatchObject({ allowed: true, count: 1, remaining: 2 });

    clock = new Date('2026-03-01T10:05:00Z');
    expect(await limiter.deleteExpired()).toBeGreaterThanOrEqual(1);
    expect((await limiter.hit(rule, 'window')).count).toBe(1);
  });

  it('keeps buckets and keys apart, and forgets a key on reset', async () => {
    const limiter = createRateLimiter(t.database.db, { secret: 's'.repeat(32) });
    const other = { ...rule, bucket: 'test-other' };
    await limiter.hit(rule, 'apart');
    await limiter.hit(rule, 'apart');
    expect((await limiter.hit(other, 'apart')).count).toBe(1);
    expect((await limiter.hit(rule, 'apart-2')).count).toBe(1);
    await limiter.reset(rule, 'apart');
    expect((await limiter.hit(rule, 'apart')).count).toBe(1);
  });

  it('refuses a malformed rule', async () => {
    const limiter = createRateLimiter(t.database.db, { secret: 's'.repeat(32) });
    await expect(limiter.hit({ ...rule, bucket: 'Bad Bucket' }, 'k')).rejects.toThrow(/bucket/);
    await expect(limiter.hit({ ...rule, limit: 0 }, 'k')).rejects.toThrow(/limit/);
  });

  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('keys the client address %s as %s', (ip, key) => {
    expect(clientNetworkKey(ip)).toBe(key);
  });
});
