import net from 'node:net';
import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactEnquiryReceipt } from '@contracts/contact';
import { SITE_CONTACT } from '@contracts/site';
import { buildApp } from '../../src/server/app';
import { ConfigError, loadConfig } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/client';
import { outboxEmails } from '../../src/server/db/schema';
import {
  createMailer,
  createOutboxRepository,
  enqueueEmail,
  MAX_DELIVERY_ATTEMPTS,
  type EmailMessage,
  type EmailTransport,
} from '../../src/server/platform/mailer';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';

const enquiry = {
  firstName: 'Priya',
  lastName: 'Shah',
  email: 'priya.shah@example.org',
  subject: 'Question about subscriptions',
  message: 'Private details: my mother has early dementia and lives alone in Bristol.',
};
const email = (n = 1) => ({
  to: `person${n}@example.org`,
  subject: `Test email ${n}`,
  text: `Body of test email ${n}, which must never be logged.`,
});

/** A port nothing listens on: connecting fails at once with ECONNREFUSED. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Just enough of an SMTP server to accept mail: records the AUTH line and each message's data. */
async function fakeSmtpServer(behaviour: 'accept' | 'silent' = 'accept') {
  const messages: string[] = [];
  const commands: string[] = [];
  const sockets = new Set<net.Socket>();
  let onConnect: () => void = () => {};
  const connected = new Promise<void>((resolve) => (onConnect = resolve));
  let hangingUp = false;
  const server = net.createServer((socket) => {
    if (hangingUp) return socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    onConnect();
    if (behaviour === 'silent') return;
    socket.setEncoding('utf8');
    socket.write('220 fake.example ESMTP\r\n');
    let buffer = '';
    let data: string | undefined;
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== undefined) {
          if (line === '.') {
            messages.push(data);
            data = undefined;
            socket.write('250 2.0.0 queued\r\n');
          } else data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          continue;
        }
        commands.push(line);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake.example\r\n250 AUTH PLAIN LOGIN\r\n');
        else if (verb === 'AUTH') socket.write('235 2.7.0 accepted\r\n');
        else if (verb === 'DATA') {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    messages,
    commands,
    connected,
    /** Drops every connection, now and from now on. */
    hangUp: () => {
      hangingUp = true;
      sockets.forEach((socket) => socket.destroy());
    },
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const postEnquiry = (app: FastifyInstance, remoteAddress = '198.51.100.1') =>
  app.inject({ method: 'POST', url: '/api/contact', payload: enquiry, remoteAddress });

describe('mail settings', () => {
  it('default to the log, a no-reply sender and the support address', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: 'CareMatch <no-reply@carematch.co.uk>',
      supportEmail: SITE_CONTACT.email,
    });
  });

  it('are read from SMTP_URL, MAIL_FROM and SUPPORT_EMAIL', () => {
    expect(
      loadConfig({
        SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
        MAIL_FROM: 'Care Team <care@example.com>',
        SUPPORT_EMAIL: 'help@example.com',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://mailer:secret@smtp.example.com:465',
      from: 'Care Team <care@example.com>',
      supportEmail: 'help@example.com',
    });
  });

  it.each([
    [{ SMTP_URL: 'https://smtp.example.com' }, /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ SMTP_URL: 'smtp.example.com:587' }, /SMTP_URL/],
    [{ MAIL_FROM: 'no-reply' }, /MAIL_FROM: must be an address/],
    [{ MAIL_FROM: 'a@example.com, b@example.com' }, /MAIL_FROM/],
    [{ SUPPORT_EMAIL: 'support' }, /SUPPORT_EMAIL: must be an email address/],
  ])('stop the start when malformed (%o)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('the outbox with the log transport (demo)', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    database = await createTestDatabase();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }),
      database,
      logStream: stream,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('delivers to the log: recipient and subject, never the body', async () => {
    const response = await postEnquiry(app);
    expect(response.statusCode).toBe(201);
    const { reference } = response.json<ContactEnquiryReceipt>();
    await app.mailer.dispatch();

    const rows = (await database.db.select().from(outboxEmails)).filter((row) =>
      row.subject.includes(reference),
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ transport: 'log', attempts: 1 });

    const logged = lines.filter((line) => line.includes('email delivered to the log'));
    expect(logged).toHaveLength(2);
    const all = lines.join('\n');
    expect(all).toContain(SITE_CONTACT.email);
    expect(all).toContain(`Contact form [${reference}]: “${enquiry.subject}”`);
    expect(all).not.toContain(enquiry.message);
    expect(all).not.toContain('We have received your message and will reply');
  });

  it('writes an email only if the transaction that queued it commits', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(tx, { ...email(), subject: 'Rolled back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await database.db.transaction((tx) => enqueueEmail(tx, { ...email(), subject: 'Committed' }));
    const subjects = (await database.db.select().from(outboxEmails)).map((row) => row.subject);
    expect(subjects).toContain('Committed');
    expect(subjects).not.toContain('Rolled back');
  });

  it('folds line breaks out of subjects and refuses anything but one address', async () => {
    const { id } = await enqueueEmail(database.db, {
      ...email(),
      subject: 'Hello\r\nBcc: victim@example.org',
    });
    const [row] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    expect(row?.subject).toBe('Hello Bcc: victim@example.org');
    for (const to of [
      'a@example.org, b@example.org',
      'a@example.org\r\nBcc: b@example.org',
      'Name <a@example.org>',
    ]) {
      await expect(enqueueEmail(database.db, { ...email(), to })).rejects.toThrow(/one email address/);
    }
    await expect(enqueueEmail(database.db, { ...email(), replyTo: 'x@y.org\nBcc: z@y.org' })).rejects.toThrow(
      /replyTo/,
    );
    await expect(enqueueEmail(database.db, { ...email(), text: '  ' })).rejects.toThrow(/text/);
  });
});

describe('the outbox with SMTP', () => {
  it('sends through the SMTP server with From, Reply-To and a stable Message-ID, and marks it delivered', async () => {
    const smtp = await fakeSmtpServer();
    const t = await createTestApp({
      SMTP_URL: `smtp://mailer:pa55word@127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'CareMatch <no-reply@carematch.co.uk>',
    });
    try {
      const response = await postEnquiry(t.app);
      expect(response.statusCode).toBe(201);
      const { reference } = response.json<ContactEnquiryReceipt>();
      const rows = await t.outbox();
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row).toMatchObject({ transport: 'smtp', attempts: 1, lastError: null });
      expect(smtp.commands.some((line) => line.startsWith('AUTH'))).toBe(true);
      expect(smtp.messages).toHaveLength(2);

      const toSupport = smtp.messages.find((message) => message.includes(`To: ${SITE_CONTACT.email}`));
      const supportRow = rows.find((row) => row.toAddress === SITE_CONTACT.email)!;
      expect(toSupport).toMatch(/^From: CareMatch <no-reply@carematch\.co\.uk>\r?$/m);
      expect(toSupport).toMatch(new RegExp(`^Reply-To: ${enquiry.email.replace('.', '\\.')}\\r?$`, 'm'));
      expect(toSupport).toContain(`Message-ID: <${supportRow.id}@carematch.co.uk>`);
      expect(toSupport).toContain(reference);
      expect(toSupport).toContain('early dementia');
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('leaves an email pending with the attempt and error recorded when the server cannot be reached', async () => {
    const port = await closedPort();
    const t = await createTestApp({ SMTP_URL: `smtp://mailer:pa55word@127.0.0.1:${port}` });
    try {
      const response = await postEnquiry(t.app);
      expect(response.statusCode).toBe(201);
      const rows = await t.outbox();
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row).toMatchObject({ deliveredAt: null, transport: null, attempts: 1 });
        expect(row.lastError).toMatch(/ECONNREFUSED/);
        expect(row.lastError).not.toContain('pa55word');
        // Tried again in a minute, not at once.
        expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
      }
      expect(await t.app.mailer.dispatch()).toEqual({ delivered: 0, failed: 0 });
      expect((await t.outbox()).map((row) => row.attempts)).toEqual([1, 1]);
    } finally {
      await t.close();
    }
  });

  it('answers the request without waiting for the mail server', async () => {
    const smtp = await fakeSmtpServer('silent');
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    try {
      // The server never greets, so no email can be delivered until it drops the connection.
      const response = await postEnquiry(t.app);
      expect(response.statusCode).toBe(201);
      await smtp.connected;
      const inFlight = await t.database.db.select().from(outboxEmails);
      expect(inFlight.some((row) => row.attempts === 1 && row.deliveredAt === null)).toBe(true);
      smtp.hangUp();
      const rows = await t.outbox();
      expect(rows.every((row) => row.deliveredAt === null && row.lastError !== null)).toBe(true);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe('the dispatcher', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const clear = () => t.database.db.delete(outboxEmails);
  const recording = (
    sent: EmailMessage[],
    fail: (message: EmailMessage) => boolean = () => false,
  ): EmailTransport => ({
    name: 'test',
    async send(message) {
      await new Promise((resolve) => setImmediate(resolve));
      if (fail(message)) throw new Error('421 try again later');
      sent.push(message);
    },
  });

  it('retries a failed email after a growing delay, then delivers it', async () => {
    await clear();
    let clock = new Date(Date.now() + 1000);
    let failures = 2;
    const sent: EmailMessage[] = [];
    const mailer = createMailer({
      db: t.database.db,
      transport: recording(sent, () => failures-- > 0),
      from: 'CareMatch <no-reply@carematch.co.uk>',
      log: t.app.log,
      now: () => clock,
    });
    const { id } = await enqueueEmail(t.database.db, email());
    const row = async () =>
      (await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id)))[0]!;

    expect(await mailer.dispatch()).toEqual({ delivered: 0, failed: 1 });
    expect(await row()).toMatchObject({ attempts: 1, deliveredAt: null, lastError: '421 try again later' });
    expect((await row()).nextAttemptAt.getTime()).toBe(clock.getTime() + 60_000);
    expect(await mailer.dispatch()).toEqual({ delivered: 0, failed: 0 });

    clock = new Date(clock.getTime() + 61_000);
    expect(await mailer.dispatch()).toEqual({ delivered: 0, failed: 1 });
    expect((await row()).nextAttemptAt.getTime()).toBe(clock.getTime() + 120_000);

    clock = new Date(clock.getTime() + 121_000);
    expect(await mailer.dispatch()).toEqual({ delivered: 1, failed: 0 });
    expect(await row()).toMatchObject({ attempts: 3, transport: 'test', deliveredAt: clock });
    expect(sent.map((message) => message.id)).toEqual([id]);
  });

  it(`gives up after ${MAX_DELIVERY_ATTEMPTS} attempts and keeps the email for a person to look at`, async () => {
    await clear();
    let clock = new Date(Date.now() + 1000);
    const mailer = createMailer({
      db: t.database.db,
      transport: recording([], () => true),
      from: 'no-reply@carematch.co.uk',
      log: t.app.log,
      now: () => clock,
    });
    const { id } = await enqueueEmail(t.database.db, email());
    for (let round = 0; round < MAX_DELIVERY_ATTEMPTS + 3; round += 1) {
      await mailer.dispatch();
      clock = new Date(clock.getTime() + 2 * 3_600_000);
    }
    const [row] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    expect(row).toMatchObject({
      attempts: MAX_DELIVERY_ATTEMPTS,
      deliveredAt: null,
      lastError: '421 try again later',
    });
  });

  it('sends again what a stopped dispatcher had claimed, once its lease has passed', async () => {
    await clear();
    const start = new Date(Date.now() + 1000);
    let clock = start;
    const sent: EmailMessage[] = [];
    const mailer = createMailer({
      db: t.database.db,
      transport: recording(sent),
      from: 'no-reply@carematch.co.uk',
      log: t.app.log,
      now: () => clock,
    });
    await enqueueEmail(t.database.db, email());
    // Another instance claims it and dies before sending.
    const claimed = await createOutboxRepository(t.database.db).claimDue(
      start,
      new Date(start.getTime() + 300_000),
      10,
    );
    expect(claimed).toHaveLength(1);
    expect(await mailer.dispatch()).toEqual({ delivered: 0, failed: 0 });
    clock = new Date(start.getTime() + 300_001);
    expect(await mailer.dispatch()).toEqual({ delivered: 1, failed: 0 });
    expect(sent).toHaveLength(1);
  });

  it('delivers an email queued within the current millisecond (PostgreSQL keeps microseconds)', async () => {
    await clear();
    const clock = new Date(Date.now() + 1000);
    const sent: EmailMessage[] = [];
    const mailer = createMailer({
      db: t.database.db,
      transport: recording(sent),
      from: 'no-reply@carematch.co.uk',
      log: t.app.log,
      now: () => clock,
    });
    const { id } = await enqueueEmail(t.database.db, email());
    // As if the row was stamped 0.6 ms after the instant the dispatcher's clock shows.
    await t.database.db
      .update(outboxEmails)
      .set({ nextAttemptAt: sql`${clock.toISOString()}::timestamptz + interval '600 microseconds'` })
      .where(eq(outboxEmails.id, id));
    expect(await mailer.dispatch()).toEqual({ delivered: 1, failed: 0 });
    expect(sent.map((message) => message.id)).toEqual([id]);
  });

  it('lets several instances dispatch at once without sending any email twice', async () => {
    await clear();
    const total = 45;
    for (let n = 0; n < total; n += 1) await enqueueEmail(t.database.db, email(n));
    const sent: EmailMessage[][] = [[], [], []];
    const mailers = sent.map((into) =>
      createMailer({
        db: t.database.db,
        transport: recording(into),
        from: 'no-reply@carematch.co.uk',
        log: t.app.log,
      }),
    );
    const results = await Promise.all(mailers.map((mailer) => mailer.dispatch()));
    const ids = sent.flat().map((message) => message.id);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(results.reduce((sum, result) => sum + result.delivered, 0)).toBe(total);
    const rows = await t.database.db.select().from(outboxEmails);
    expect(rows.every((row) => row.deliveredAt !== null && row.attempts === 1)).toBe(true);
  });

  it('deletes delivered emails past their retention, never pending ones', async () => {
    await clear();
    await enqueueEmail(t.database.db, email(1));
    await t.app.mailer.dispatch();
    await enqueueEmail(t.database.db, email(2));
    expect(await t.app.mailer.deleteDeliveredBefore(new Date(Date.now() + 60_000))).toBe(1);
    expect((await t.database.db.select().from(outboxEmails)).map((row) => row.toAddress)).toEqual([
      'person2@example.org',
    ]);
  });
});
