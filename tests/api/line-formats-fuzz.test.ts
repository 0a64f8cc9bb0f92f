import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import ICAL from 'ical.js';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed, Visit } from '@contracts/arrangements';
import { ERROR_MESSAGES } from '@contracts/error-messages';
import { TEXT_MESSAGES } from '@contracts/text';
import {
  arrangements,
  carerProfiles,
  messages,
  outboxEmails,
  rateLimitCounters,
  users,
  visits as visitRows,
} from '../../src/server/db/schema';
import type { EmailMessage, EmailTransport } from '../../src/server/platform/mailer';
import { readableLine } from '../../src/server/platform/readable-log';
import {
  CONTROL_COMBOS,
  codeOf,
  decodeEncodedWords,
  EVERY_CONTROL,
  expectedMultiLine,
  hasControl,
  parseCsvStrict,
  parseHeaderBlock,
} from '../support/line-formats';
import { carer, customer, startConversation, type Carer, type Person } from '../support/messaging-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Decision 0020, line-based formats: a "running late" note with a bare carriage return once split
 * a family's calendar feed into extra events. Every control character (C0, DEL, C1, U+2028/U+2029,
 * and combinations that forge a line) goes through every free-text field that reaches a
 * line-based output, by the real API and as text stored before the rules were this strict; each
 * output is then read by a real or strict parser: the iCalendar feed by ical.js, the data export's
 * CSV by an RFC 4180 parser (checked cell by cell against its JSON twin), each email as nodemailer
 * writes it by an RFC 5322 header reader, and the log as its JSON lines and readable lines.
 */

/**
 * Every control, each between letters, and the combinations: one text that holds them all. Not
 * NUL: no text column can hold it (PostgreSQL refuses it), and the API refuses it in any field with
 * its own message (ERROR_MESSAGES.nulCharacter), which the one-line cases below check.
 */
const ALL = `Start ${EVERY_CONTROL.filter((char) => char !== '\u0000')
  .map((char, index) => `c${index}${char}`)
  .join('')} ${CONTROL_COMBOS.map((combo) => combo.replaceAll('\u0000', '')).join(' | ')} End`;
/** The one-line rule's message, or for NUL the API's own. */
const REFUSED = [TEXT_MESSAGES.notOneLine, ERROR_MESSAGES.nulCharacter];
let network = 0;

let t: TestApp;
let family: Person;
let grace: Carer;
let conversationId: string;
let arrangementId: string;
let familyFeed: string;
let graceFeed: string;
/** What the app handed the mail transport, and the same email as nodemailer writes it for SMTP. */
const sent: Array<{ message: EmailMessage; raw: string }> = [];
const logText: string[] = [];

/** The SMTP transport's own fields, written by nodemailer's stream transport instead of a server. */
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
const capture: EmailTransport = {
  name: 'capture',
  async send(message) {
    const info = await composer.sendMail({
      messageId: message.messageId,
      from: message.from,
      to: message.to,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      subject: message.subject,
      text: message.text,
    });
    sent.push({ message, raw: (info.message as Buffer).toString('utf8') });
  },
};

const DAY_MS = 86_400_000;
const ukDay = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
const everyDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map(
  (day) => ({ day, start: '09:00', end: '10:00' }),
);

beforeAll(async () => {
  const logs = new PassThrough();
  logs.on('data', (chunk: Buffer) => logText.push(chunk.toString('utf8')));
  t = await createTestApp({ LOG_LEVEL: 'info' }, undefined, { mailTransport: capture, logStream: logs });
  [family, grace] = await Promise.all([customer(t), carer(t, { firstName: 'Grace', lastName: 'Hill' })]);
  conversationId = await startConversation(t, family, grace, 'Hello, could you help my mum?');
  const proposed = await t.injectAs(family.cookie, {
    method: 'POST',
    url: '/api/bookings',
    payload: { conversationId, startDate: ukDay(1), visits: everyDay, hourlyRate: '18.00', tasks: 'Lunch.' },
  });
  expect(proposed.statusCode, proposed.body).toBe(201);
  arrangementId = proposed.json<{ id: string }>().id;
  const accepted = await t.injectAs(grace.cookie, {
    method: 'POST',
    url: `/api/bookings/${arrangementId}/accept`,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const feedOf = async (person: Person) => {
    const made = await t.injectAs(person.cookie, { method: 'POST', url: '/api/settings/calendar-feed' });
    return new URL(made.json<CalendarFeed>().url!).pathname;
  };
  [familyFeed, graceFeed] = await Promise.all([feedOf(family), feedOf(grace)]);
});
afterAll(() => t?.close());

/** A visit of the arrangement starting `minutes` from now: "running late" is open for it. */
async function visitSoon(minutes = 60): Promise<string> {
  const startsAt = new Date(Math.floor(Date.now() / 60_000 + minutes) * 60_000);
  const [row] = await t.database.db
    .insert(visitRows)
    .values({ arrangementId, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) })
    .returning({ id: visitRows.id });
  return row!.id;
}

// ── the readers ─────────────────────────────────────────────────────────────────────────────

interface FeedEvent {
  uid: string;
  summary: string;
  description: string;
}

/**
 * The feed's events as ical.js reads them, after checking its lines: CRLF after each (never a bare
 * CR or LF), at most 75 octets, no control character, and a folded line only after a full one.
 */
async function readFeed(path: string): Promise<FeedEvent[]> {
  const response = await t.app.inject({ method: 'GET', url: path });
  expect(response.statusCode).toBe(200);
  const body = response.body;
  expect(body.endsWith('\r\n')).toBe(true);
  const lines = body.slice(0, -2).split('\r\n');
  for (const line of lines) {
    expect(hasControl(line), `control character in the feed line ${JSON.stringify(line)}`).toBe(false);
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
  }
  // Exactly as many BEGIN:VEVENT lines as events read: no forged one.
  const calendar = new ICAL.Component(ICAL.parse(body));
  const events = calendar.getAllSubcomponents('vevent');
  expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(events.length);
  expect(lines.filter((line) => line.startsWith('BEGIN:'))).toHaveLength(events.length + 1);
  return events.map((event) => ({
    uid: String(event.getFirstPropertyValue('uid')),
    summary: String(event.getFirstPropertyValue('summary')),
    description: String(event.getFirstPropertyValue('description') ?? ''),
  }));
}

/** The visits the account has in the feed's range, by the API: the feed must list exactly these. */
async function visitIds(person: Person): Promise<string[]> {
  const from = new Date(Date.now() - 30 * DAY_MS).toISOString();
  const response = await t.injectAs(person.cookie, {
    method: 'GET',
    url: `/api/visits?from=${encodeURIComponent(from)}&days=100`,
  });
  return response
    .json<{ items: Visit[] }>()
    .items.map((visit) => `${visit.id}@carematch`)
    .sort();
}

async function expectFeedsIntact() {
  for (const [person, path] of [
    [family, familyFeed],
    [grace, graceFeed],
  ] as const) {
    const events = await readFeed(path);
    expect(events.map((event) => event.uid).sort()).toEqual(await visitIds(person));
  }
}

const FORMULA_START = /^[=+\-@\t\r]/;
/** A string of the JSON file as its CSV cell must read: controls dealt with, formulas defused. */
const asCell = (value: string) => {
  const text = expectedMultiLine(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
};

/**
 * The account's data export: every CSV file parsed strictly, with one row per record of its JSON
 * twin, every row as wide as the header, and each text cell the JSON's text as the rule writes it.
 * Returns the parsed JSON parts.
 */
async function readExport(person: Person): Promise<Record<string, Array<Record<string, unknown>>>> {
  // The export is limited to a few an hour per account: each read here is a fresh allowance.
  await t.database.db.delete(rateLimitCounters);
  const response = await t.injectAs(person.cookie, { method: 'POST', url: '/api/settings/export' });
  expect(response.statusCode, response.body).toBe(200);
  const files = unzipSync(new Uint8Array(response.rawPayload));
  const parts: Record<string, Array<Record<string, unknown>>> = {};
  for (const name of Object.keys(files).filter((file) => file.endsWith('.csv'))) {
    const part = name.slice(0, -4);
    const json = JSON.parse(strFromU8(files[`${part}.json`]!)) as unknown;
    const records = (Array.isArray(json) ? json : [json]) as Array<Record<string, unknown>>;
    parts[part] = records;
    const [header, ...rows] = parseCsvStrict(strFromU8(files[name]!));
    expect(rows, name).toHaveLength(records.length);
    rows.forEach((row, index) => {
      expect(row, `${name} row ${index + 1}`).toHaveLength(header!.length);
      header!.forEach((column, at) => {
        const value = records[index]![column];
        if (typeof value === 'string') expect(row[at], `${name} ${column}`).toBe(asCell(value));
      });
    });
  }
  return parts;
}

/** Every email handed to the transport: its fields one line, and nodemailer's headers strict. */
async function expectEmailsIntact() {
  await t.app.mailer.dispatch();
  await t.app.mailer.idle();
  expect(sent.length).toBeGreaterThan(0);
  for (const { message, raw } of sent) {
    for (const field of [message.from, message.to, message.replyTo ?? '', message.subject]) {
      expect(hasControl(field), `control character in ${JSON.stringify(field)}`).toBe(false);
    }
    expect(hasControl(message.text.replace(/\n/g, '')), 'control character in a body').toBe(false);
    const headers = parseHeaderBlock(raw);
    const subject = headers.filter((header) => header.name.toLowerCase() === 'subject');
    expect(subject).toHaveLength(1);
    expect(decodeEncodedWords(subject[0]!.value.replace(/\r\n[ \t]/g, ' '))).toBe(message.subject);
    for (const name of ['from', 'to', 'message-id', 'bcc', 'cc'])
      expect(headers.filter((header) => header.name.toLowerCase() === name).length).toBeLessThanOrEqual(1);
    expect(headers.some((header) => header.name.toLowerCase() === 'bcc')).toBe(false);
  }
}

/** Every log record one line of JSON with no raw line separator, and one readable line too. */
function expectLogsIntact() {
  const text = logText.join('');
  expect(text.endsWith('\n')).toBe(true);
  const lines = text.slice(0, -1).split('\n');
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    expect(/[\u007f-\u009f\u2028\u2029\r]/u.test(line), `raw control in the log line ${line}`).toBe(false);
    const record = JSON.parse(line) as { msg?: string };
    expect(record.msg).not.toBe('forged record');
    // The readable format (demo mode): the record on its first line, an error's stack indented.
    const [first, ...rest] = readableLine(line).split('\n');
    expect(hasControl(first!), `control character in the readable line ${first}`).toBe(false);
    expect(first).toMatch(/^\d\d:\d\d:\d\d /);
    for (const more of rest) {
      expect(more.startsWith('  '), `an unindented readable line ${more}`).toBe(true);
      expect(hasControl(more)).toBe(false);
    }
  }
}

// ── the fuzz ────────────────────────────────────────────────────────────────────────────────

describe('one-line fields refuse every control character', () => {
  const values = [...EVERY_CONTROL, ...CONTROL_COMBOS]
    // A break or space at either end is trimmed away, as the one-line rule says; inside it is refused.
    .map(
      (control) =>
        [control.length === 1 ? codeOf(control) : JSON.stringify(control), `Traffic${control}ahead`] as const,
    );

  let visitId: string;
  beforeAll(async () => {
    visitId = await visitSoon();
  });

  it.each(values)(
    'the running-late note refuses %s with 400 and the one-line message',
    async (_code, note) => {
      const response = await t.injectAs(grace.cookie, {
        method: 'POST',
        url: `/api/visits/${visitId}/notice`,
        payload: { kind: 'running_late', minutesLate: 10, note },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().fieldErrors)).toEqual(['note']);
      expect(REFUSED).toContain(response.json().fieldErrors.note);
    },
  );

  it.each(values)('names and the contact subject refuse %s', async (_code, value) => {
    const profile = await t.injectAs(family.cookie, {
      method: 'PUT',
      url: '/api/settings/profile',
      payload: { firstName: value, lastName: 'Ellis' },
    });
    // (A long combination may be refused for its length first: refused either way.)
    expect(profile.statusCode).toBe(400);
    expect(Object.keys(profile.json().fieldErrors)).toEqual(['firstName']);
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: `198.18.${Math.floor((network += 1) / 250)}.${network % 250}`,
      payload: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: family.user.email,
        subject: value,
        message: 'How do I find a carer near Leeds?',
      },
    });
    expect(contact.statusCode).toBe(400);
    expect(Object.keys(contact.json().fieldErrors)).toEqual(['subject']);
  });

  it('leaves the feeds as they were', async () => {
    await expectFeedsIntact();
  });
});

describe('multi-line fields keep their line breaks and lose the other controls', () => {
  const kept = expectedMultiLine(ALL);

  it('through the API: a message, a care request, a review, a report, a contact message', async () => {
    const sequential: Array<[string, () => Promise<{ statusCode: number; body: string }>]> = [
      [
        'message',
        () =>
          t.injectAs(family.cookie, {
            method: 'POST',
            url: `/api/conversations/${conversationId}/messages`,
            payload: { content: ALL },
          }),
      ],
      [
        'care request',
        () =>
          t.injectAs(family.cookie, {
            method: 'POST',
            url: '/api/care-requests',
            payload: {
              recipient: 'My father',
              careType: 'Elderly Care',
              postcode: 'HG1 2AB',
              startDate: ukDay(7),
              pattern: { slots: ['tuesday-morning'] },
              hoursPerWeek: 6,
              budgetMin: '16.00',
              budgetMax: '22.00',
              description: ALL,
            },
          }),
      ],
      [
        'review',
        () =>
          t.injectAs(family.cookie, {
            method: 'PUT',
            url: `/api/carers/${grace.carerId}/reviews/mine`,
            payload: { rating: 5, comment: ALL },
          }),
      ],
      [
        'report',
        () =>
          t.injectAs(family.cookie, {
            method: 'POST',
            url: `/api/conversations/${conversationId}/report`,
            payload: { reason: 'Something else', details: ALL },
          }),
      ],
      [
        'contact message',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/contact',
            remoteAddress: '192.0.2.11',
            payload: {
              firstName: 'Ada',
              lastName: 'Lovelace',
              email: family.user.email,
              subject: 'A question',
              message: ALL,
            },
          }),
      ],
    ];
    for (const [what, send] of sequential) {
      const done = await send();
      expect(done.statusCode, `${what}: ${done.body}`).toBeLessThan(300);
    }

    const parts = await readExport(family);
    expect(parts['messages-sent']!.map((record) => record.content)).toContain(kept);
    expect(parts['care-requests']!.map((record) => record.description)).toContain(kept);
    expect(parts['reviews-written']!.map((record) => record.comment)).toContain(kept);
    expect(parts['reports-made']!.map((record) => record.details)).toContain(kept);
    await readExport(grace);
    await expectFeedsIntact();
    await expectEmailsIntact();
    expectLogsIntact();
  });
});

describe('text stored before the rules were this strict still cannot break a format', () => {
  it('the feeds, the exports, the emails and the logs stay whole with every control in names, notes, tasks and messages', async () => {
    const noted = await visitSoon(30);
    await t.database.db
      .update(visitRows)
      .set({ notice: 'running_late', noticeMinutes: 20, noticeNote: ALL, noticeAt: new Date() })
      .where(eq(visitRows.id, noted));
    await t.database.db
      .update(users)
      .set({ firstName: `Robin${ALL}`, lastName: `\u0085Ellis` })
      .where(eq(users.id, family.user.id));
    await t.database.db
      .update(carerProfiles)
      .set({ firstName: `Grace${ALL}` })
      .where(eq(carerProfiles.id, grace.carerId));
    await t.database.db.update(arrangements).set({ tasks: ALL }).where(eq(arrangements.id, arrangementId));
    await t.database.db.insert(messages).values({
      conversationId,
      senderId: grace.user.id,
      receiverId: family.user.id,
      content: ALL,
    });
    await t.database.db.insert(outboxEmails).values([
      { toAddress: family.user.email, subject: `Queued long ago${ALL}`, bodyText: ALL },
      { toAddress: 'x\u0001y@example.org', subject: 'A bad address', bodyText: 'Never sent.' },
      { toAddress: family.user.email, replyTo: 'a\u2028b@example.org', subject: 'Bad reply', bodyText: '-' },
    ]);

    // The feed: same events, the note and the names as text inside their own properties.
    for (const path of [familyFeed, graceFeed]) {
      const event = (await readFeed(path)).find((found) => found.uid === `${noted}@carematch`)!;
      expect(event.description).toBe(`Running late (about 20 minutes): ${expectedMultiLine(ALL)}`);
      expect(event.summary).toMatch(/^Care visit with /);
    }
    expect((await readFeed(familyFeed))[0]!.summary).toBe(
      `Care visit with ${expectedMultiLine(`Grace${ALL}`)} H.`,
    );
    await expectFeedsIntact();

    // Emails: a notice naming the carer, and the rows queued before the rule.
    const visitId = await visitSoon(45);
    const notice = await t.injectAs(grace.cookie, {
      method: 'POST',
      url: `/api/visits/${visitId}/notice`,
      payload: { kind: 'running_late', minutesLate: 10 },
    });
    expect(notice.statusCode, notice.body).toBe(200);
    await expectEmailsIntact();
    const subjects = sent.map(({ message }) => message.subject);
    expect(
      subjects.find((subject) => subject.startsWith('Queued long ago')),
      subjects.join(' / '),
    ).toMatch(/^Queued long agoStart c0c1c2/);
    expect(subjects).not.toContain('A bad address');
    expect(subjects).not.toContain('Bad reply');

    // Exports of both people, every CSV cell against its JSON twin.
    const familyParts = await readExport(family);
    expect(familyParts.account![0]!.firstName).toBe(`Robin${ALL}`);
    const graceParts = await readExport(grace);
    expect(graceParts.visits!.some((record) => record.noticeNote === ALL)).toBe(true);

    // Logs: a message and an error carrying every control.
    t.app.log.info({ note: ALL }, ALL);
    t.app.log.error({ err: new Error(ALL) }, `failed: ${ALL}`);
    expectLogsIntact();
  });
});
