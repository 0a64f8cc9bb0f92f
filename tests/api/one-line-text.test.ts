import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '@contracts/text';
import { validProfile } from '../support/carer-fixtures';
import {
  admin,
  carer,
  customer,
  startConversation,
  type Carer,
  type Person,
} from '../support/messaging-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

// Decision 0020: control characters (CR, LF, tab), zero-width characters and bidirectional
// overrides in a name, a subject or a place are refused with 400 and the field's message, on
// every route that takes one (one refinement in src/contracts/text.ts). A name someone chose is
// never in an email subject, and a contact form subject is quoted and shortened there.

const HOSTILE: Array<[string, string]> = [
  ['a line feed', 'Amy\nBcc: all@example.org'],
  ['a carriage return', 'Amy\rX'],
  ['a tab', 'Amy\tSmith'],
  ['a vertical tab', 'Amy\u000bSmith'],
  ['a NEL', 'Amy\u0085Smith'],
  ['a zero-width space', 'Am\u200by'],
  ['a zero-width non-joiner', 'Am\u200cy'],
  ['a zero-width joiner', 'Am\u200dy'],
  ['a word joiner', 'Am\u2060y'],
  ['a byte order mark', 'Am\ufeffy'],
  ['a right-to-left override', 'Amy\u202egnp.exe'],
  ['a left-to-right embedding', 'Amy\u202aX'],
  ['a first strong isolate', 'Amy\u2068X\u2069'],
  ['a line separator', 'Amy\u2028Smith'],
  ['DEL', 'Amy\u007f'],
];

let t: TestApp;
let staff: Person;
let family: Person;
let grace: Carer;
let newcomer: Person;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  [staff, family, grace] = await Promise.all([admin(t), customer(t), carer(t)]);
  newcomer = await t.register({ userType: 'carer' });
});
afterAll(() => t?.close());

const adminCarer = {
  firstName: 'Harriet',
  lastName: 'Okafor',
  specialization: 'Elderly Care',
  experience: '5 years',
  location: 'York, North Yorkshire',
  hourlyRateMin: '18.00',
  hourlyRateMax: '25.00',
  description: 'Kind and patient carer with many years of home care for older people.',
  qualifications: ['Manual Handling'],
  availability: ['Weekdays'],
};

interface FieldCase {
  route: string;
  field: string;
  send(value: string): ReturnType<TestApp['injectAs']>;
}

const FIELDS: FieldCase[] = [
  ...(['firstName', 'lastName'] as const).map((field) => ({
    route: 'POST /api/auth/register',
    field,
    send: (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: `198.51.100.${(counter += 1) % 250}`,
        payload: {
          firstName: 'Nia',
          lastName: 'Hughes',
          email: `one-line.${(counter += 1)}@example.org`,
          password: 'Lantern-Orchard-Pebble-77',
          userType: 'customer',
          [field]: value,
        },
      }),
  })),
  ...(['firstName', 'lastName'] as const).map((field) => ({
    route: 'PUT /api/settings/profile',
    field,
    send: (value: string) =>
      t.injectAs(family.cookie, {
        method: 'PUT',
        url: '/api/settings/profile',
        payload: { firstName: 'Robin', lastName: 'Ellis', [field]: value },
      }),
  })),
  ...(['firstName', 'lastName', 'subject'] as const).map((field) => ({
    route: 'POST /api/contact',
    field,
    send: (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: `203.0.113.${(counter += 1) % 250}`,
        payload: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.org',
          phone: '',
          subject: 'General question',
          message: 'How do I find a carer near Leeds?',
          [field]: value,
        },
      }),
  })),
  ...(['firstName', 'lastName'] as const).map((field) => ({
    route: 'PUT /api/test/users/:id',
    field,
    send: (value: string) =>
      t.injectAs(staff.cookie, {
        method: 'PUT',
        url: `/api/test/users/${family.user.id}`,
        payload: { firstName: 'Edited', lastName: 'Name', email: family.user.email, [field]: value },
      }),
  })),
  ...(['firstName', 'lastName', 'specialization', 'experience', 'location'] as const).map((field) => ({
    route: 'PUT /api/test/carers/:id',
    field,
    send: (value: string) =>
      t.injectAs(staff.cookie, {
        method: 'PUT',
        url: `/api/test/carers/${grace.carerId}`,
        payload: { ...adminCarer, [field]: value },
      }),
  })),
  {
    route: 'PUT /api/settings/search-place',
    field: 'searchPlace',
    send: (value: string) =>
      t.injectAs(family.cookie, {
        method: 'PUT',
        url: '/api/settings/search-place',
        payload: { searchPlace: value },
      }),
  },
  {
    route: 'GET /api/admin/users',
    field: 'q',
    send: (value: string) =>
      t.injectAs(staff.cookie, { method: 'GET', url: `/api/admin/users?q=${encodeURIComponent(value)}` }),
  },
  {
    route: 'POST /api/carers',
    field: 'location',
    send: (value: string) =>
      t.injectAs(newcomer.cookie, {
        method: 'POST',
        url: '/api/carers',
        payload: { ...validProfile(), location: value },
      }),
  },
  {
    route: 'PUT /api/carers/:id',
    field: 'location',
    send: (value: string) =>
      t.injectAs(grace.cookie, {
        method: 'PUT',
        url: `/api/carers/${grace.carerId}`,
        payload: { ...validProfile(), location: value },
      }),
  },
];

describe('names, subjects and places are one line of visible text', () => {
  it.each(
    FIELDS.flatMap((c) => HOSTILE.map(([what, value]) => [`${c.route} ${c.field}`, what, c, value] as const)),
  )('%s: refuses %s with 400 and the field message', async (_label, _what, fieldCase, value) => {
    const response = await fieldCase.send(value);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors?.[fieldCase.field]).toBe(TEXT_MESSAGES.notOneLine);
  });

  it.each(FIELDS.map((c) => [`${c.route} ${c.field}`, c] as const))(
    '%s: still takes names with accents, apostrophes, hyphens and other scripts',
    async (_label, fieldCase) => {
      const value =
        fieldCase.field === 'subject'
          ? 'Help for Zoë’s mum — Mon–Fri'
          : fieldCase.field === 'searchPlace'
            ? 'LS6 2AB'
            : "Zoë O'Brien-Łukasz 李";
      const response = await fieldCase.send(value);
      expect(response.statusCode, response.body).toBeLessThan(300);
    },
  );

  it('trims a newline at either end rather than refusing it', async () => {
    const response = await t.injectAs(family.cookie, {
      method: 'PUT',
      url: '/api/settings/profile',
      payload: { firstName: '\tRobin\n', lastName: 'Ellis\r\n' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Robin', lastName: 'Ellis' });
  });
});

describe('email subjects carry no text a member chose', () => {
  const phishing = 'Your account is locked. Sign in again at https://carematch-support.example/login';

  it('leaves the sender’s name out of a new message email’s subject, and quotes it shortened in the body', async () => {
    const sender = await customer(t, 'active', { firstName: phishing, lastName: 'X' });
    const receiver = await carer(t);
    // Only what the message sent: the accounts' own confirmation emails came before it.
    const earlier = new Set((await t.outbox()).map((email) => email.id));
    await startConversation(t, sender, receiver, 'Hello, are you free on Thursdays?');
    const emails = (await t.outbox()).filter(
      (email) => email.toAddress === receiver.user.email && !earlier.has(email.id),
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('New message on CareMatch');
    expect(emails[0]!.bodyText).not.toContain('carematch-support.example');
    expect(emails[0]!.bodyText).toContain(
      '“Your account is locked. Sign in again a…” has sent you a message',
    );
  });

  it('quotes and shortens a contact form subject after the reference in the email to support', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '192.0.2.77',
      payload: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada.phish@example.org',
        phone: '',
        subject: phishing,
        message: 'How do I find a carer near Leeds?',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { reference } = response.json<{ reference: string }>();
    const toSupport = (await t.outbox()).find(
      (email) => email.subject.includes(reference) && email.toAddress !== 'ada.phish@example.org',
    )!;
    expect(toSupport.subject).toBe(
      `Contact form [${reference}]: “Your account is locked. Sign in again at [link]”`,
    );
    expect(toSupport.subject).not.toMatch(/https?:|carematch-support/);
    // Support still reads the whole subject in the body.
    expect(toSupport.bodyText).toContain(phishing);
  });
});
