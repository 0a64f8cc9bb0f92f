import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database, Executor } from '../db/client';
import { outboxEmails, type OutboxEmailRow } from '../db/schema';
import { asOneLine, toMultiLine, toOneLine } from '@contracts/text';

// Email as a transactional outbox (docs/decisions/0005-mailer-outbox-and-rate-limits.md):
// a feature calls `enqueueEmail(tx, …)` inside its own transaction, so the email exists exactly
// when the change it reports does; the dispatcher delivers pending rows after the commit and on a
// timer, through the log (demo) or SMTP. Delivery is at least once.

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox: `app.mailer.enqueue(tx, email)` inside a transaction, then `dispatchSoon()`. */
    mailer: Mailer;
  }
}

/** 'https://…', 'www.…', and 'host.tld/…' (a link a mail client may still make clickable). */
const LINK_LIKE = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S*|\b[\w-]+(?:\.[\w-]+)+\/\S*/giu;

/**
 * Text someone else wrote (a name, a contact form's subject), made fit to stand in an email's
 * subject or a sentence of ours: one line, at most `max` characters (cut with an ellipsis), and in
 * quotation marks, so it reads as their words and cannot pass for a sentence of ours with a link
 * after it (decision 0020). Web addresses in it become [link].
 */
export function quotedForEmail(text: string, max = 40): string {
  // A web address in someone's words is shown as [link]: it could only be there to be followed.
  const line = (toOneLine(text) ?? '').replace(LINK_LIKE, '[link]');
  const short = line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
  return `“${short}”`;
}

/** One plain-text email to one recipient. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** Where replies go, e.g. the person who wrote to support. */
  replyTo?: string | undefined;
}

/** What a transport is handed: the outbox row, addressed and ready to send. */
export interface EmailMessage {
  id: string;
  /** `<outbox-id@domain>`: a retried send keeps it, so receivers can drop a duplicate. */
  messageId: string;
  from: string;
  to: string;
  replyTo: string | undefined;
  subject: string;
  text: string;
}

export interface EmailTransport {
  /** Recorded in `outbox_emails.transport`: 'log' or 'smtp'. */
  readonly name: string;
  /** Resolves once the message is accepted; throws to leave it pending for a retry. */
  send(message: EmailMessage): Promise<void>;
  close?(): void;
}

export interface DispatchResult {
  delivered: number;
  failed: number;
}

// A single address: no display name, list, line break or other control character can reach a
// header through it.
const ADDRESS =
  // eslint-disable-next-line no-control-regex -- the control characters are what this keeps out
  /^[^\s\u0000-\u001f\u007f-\u009f@,;<>"]+@[^\s\u0000-\u001f\u007f-\u009f@,;<>"]+\.[^\s\u0000-\u001f\u007f-\u009f@,;<>"]+$/u;
const SUBJECT_MAX_LENGTH = 200;
/** After this many attempts an email stays undelivered, with its last error, for a person to look at. */
export const MAX_DELIVERY_ATTEMPTS = 10;
/** How long a dispatcher owns the emails it claimed; a crashed instance's claims then expire. */
const LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 20;
const MAX_BATCHES_PER_RUN = 10;

/** 1, 2, 4, … minutes after each failure, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(2 ** Math.max(0, attempts - 1), 60) * 60_000;

function checkAddress(value: string, field: string) {
  if (!ADDRESS.test(value)) throw new Error(`enqueueEmail: ${field} must be one email address`);
}

/** An email's outbox columns, checked: one address per field, a one-line subject, a body. */
export type OutboxValues = Pick<
  typeof outboxEmails.$inferInsert,
  'toAddress' | 'replyTo' | 'subject' | 'bodyText'
>;

/** Checks an email and turns it into its outbox columns; throws on a malformed address or empty text. */
export function outboxValues(email: OutgoingEmail): OutboxValues {
  checkAddress(email.to, 'to');
  if (email.replyTo !== undefined) checkAddress(email.replyTo, 'replyTo');
  let subject = headerText(email.subject);
  if (subject === '') throw new Error('enqueueEmail: subject is empty');
  if (subject.length > SUBJECT_MAX_LENGTH) subject = `${subject.slice(0, SUBJECT_MAX_LENGTH - 1)}…`;
  const bodyText = toMultiLine(email.text);
  if (bodyText.trim() === '') throw new Error('enqueueEmail: text is empty');
  return { toAddress: email.to, replyTo: email.replyTo ?? null, subject, bodyText };
}

/**
 * A header's text as our own composition writes it, whatever nodemailer would encode: line breaks
 * (CR, LF, U+2028…) and tabs folded to spaces, other control and invisible characters gone
 * (decision 0020). Applied when an email is queued and again when it is sent, so a row queued
 * before the rule was this strict cannot carry a line break into a header either.
 */
export const headerText = (value: string): string => asOneLine(value);

/**
 * Writes an email to the outbox through `tx`, the caller's transaction: it is sent only if that
 * transaction commits. Call `mailer.dispatchSoon()` after the commit to send it straight away.
 */
export async function enqueueEmail(tx: Executor, email: OutgoingEmail): Promise<{ id: string }> {
  return createOutboxRepository(tx).insert(outboxValues(email));
}

/** The outbox's SQL (kept beside the mailer, its only user). */
export function createOutboxRepository(db: Executor) {
  return {
    async insert(values: typeof outboxEmails.$inferInsert): Promise<{ id: string }> {
      const [row] = await db.insert(outboxEmails).values(values).returning({ id: outboxEmails.id });
      if (!row) throw new Error('outbox insert returned no row');
      return row;
    },

    /**
     * Takes up to `limit` due emails for this dispatcher: counts the attempt and moves their next
     * attempt past the lease, in one statement. SKIP LOCKED lets other instances claim other rows
     * at the same moment instead of waiting for, and then re-sending, these.
     */
    async claimDue(at: Date, leaseUntil: Date, limit: number): Promise<OutboxEmailRow[]> {
      const due = db
        .select({ id: outboxEmails.id })
        .from(outboxEmails)
        .where(
          and(
            isNull(outboxEmails.deliveredAt),
            lte(outboxEmails.nextAttemptAt, at),
            lt(outboxEmails.attempts, MAX_DELIVERY_ATTEMPTS),
          ),
        )
        .orderBy(asc(outboxEmails.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(outboxEmails)
        .set({ attempts: sql`${outboxEmails.attempts} + 1`, nextAttemptAt: leaseUntil })
        .where(inArray(outboxEmails.id, due))
        .returning();
    },

    async markDelivered(ids: string[], at: Date, transport: string): Promise<void> {
      if (ids.length === 0) return;
      await db.update(outboxEmails).set({ deliveredAt: at, transport }).where(inArray(outboxEmails.id, ids));
    },

    async markFailed(id: string, error: string, retryAt: Date): Promise<void> {
      await db
        .update(outboxEmails)
        .set({ lastError: error, nextAttemptAt: retryAt })
        .where(eq(outboxEmails.id, id));
    },

    async deleteDeliveredBefore(before: Date): Promise<number> {
      const deleted = await db
        .delete(outboxEmails)
        .where(lt(outboxEmails.deliveredAt, before))
        .returning({ id: outboxEmails.id });
      return deleted.length;
    },
  };
}

/** Demo and tests: the recipient and subject go to the log. Never the body, which may be private. */
export function createLogTransport(log: FastifyBaseLogger): EmailTransport {
  return {
    name: 'log',
    async send(message) {
      log.info(
        { email: { id: message.id, to: message.to, subject: message.subject } },
        'email delivered to the log (no SMTP_URL set)',
      );
    },
  };
}

/** Production: SMTP through nodemailer. Errors carry no credentials. */
export function createSmtpTransport(url: string): EmailTransport {
  const rawPassword = new URL(url).password;
  let password = rawPassword;
  try {
    password = decodeURIComponent(rawPassword);
  } catch {
    // Not percent-encoded after all: nodemailer will use it as written.
  }
  const redact = (text: string) =>
    [rawPassword, password].reduce(
      (out, secret) => (secret ? out.split(secret).join('[redacted]') : out),
      text,
    );
  // Short timeouts: a dead server fails the attempt in seconds, and the email waits for a retry.
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    name: 'smtp',
    async send(message) {
      try {
        await transporter.sendMail({
          messageId: message.messageId,
          from: message.from,
          to: message.to,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          subject: message.subject,
          text: message.text,
        });
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        // No `cause`: the original error may hold the connection settings, password included.
        // eslint-disable-next-line preserve-caught-error
        throw new Error(redact(text));
      }
    },
    close: () => transporter.close(),
  };
}

interface MailerDeps {
  db: Database;
  transport: EmailTransport;
  /** The From header, e.g. 'CareMatch <no-reply@carematch.co.uk>'. */
  from: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export function createMailer({ db, transport, from, log, now = () => new Date() }: MailerDeps) {
  const outbox = createOutboxRepository(db);
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'carematch.invalid';

  /** Sends one claimed email; a failure is recorded for a retry at once, a success by the caller. */
  async function deliver(row: OutboxEmailRow): Promise<boolean> {
    try {
      // Checked again at sending: an address stored before the check was this strict is refused.
      checkAddress(row.toAddress, 'to');
      if (row.replyTo) checkAddress(row.replyTo, 'replyTo');
      await transport.send({
        id: row.id,
        messageId: `<${row.id}@${domain}>`,
        from,
        to: row.toAddress,
        replyTo: row.replyTo ?? undefined,
        subject: headerText(row.subject),
        text: toMultiLine(row.bodyText),
      });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await outbox.markFailed(row.id, message, new Date(now().getTime() + retryDelayMs(row.attempts)));
      const givingUp = row.attempts >= MAX_DELIVERY_ATTEMPTS;
      log[givingUp ? 'error' : 'warn'](
        { email: { id: row.id, attempts: row.attempts }, error: message },
        givingUp ? 'email delivery failed; giving up' : 'email delivery failed; will retry',
      );
      return false;
    }
    return true;
  }

  async function deliverDue(): Promise<DispatchResult> {
    const result: DispatchResult = { delivered: 0, failed: 0 };
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
      const at = now();
      // PostgreSQL stamps `next_attempt_at` in microseconds and a JS Date holds milliseconds: an
      // email inserted within the current millisecond is due too, so the cut-off is its end.
      const dueBy = new Date(at.getTime() + 1);
      const rows = await outbox.claimDue(dueBy, new Date(at.getTime() + LEASE_MS), BATCH_SIZE);
      // One write marks the batch's delivered emails. Should the instance stop before it, they are
      // sent again when their lease ends: delivery is at least once either way, with a stable
      // Message-ID for the receiver to drop the duplicate.
      const delivered: string[] = [];
      try {
        for (const row of rows) {
          if (await deliver(row)) delivered.push(row.id);
          else result.failed += 1;
        }
      } finally {
        await outbox.markDelivered(delivered, now(), transport.name);
      }
      result.delivered += delivered.length;
      if (rows.length < BATCH_SIZE) break;
    }
    return result;
  }

  // One run at a time per instance; a run asked for while one is going starts after it (and is
  // shared by everyone who asks meanwhile), so it sees every email committed before the request.
  let tail: Promise<unknown> = Promise.resolve();
  let queued: Promise<DispatchResult> | undefined;

  function dispatch(): Promise<DispatchResult> {
    if (queued) return queued;
    const run = tail.then(() => {
      queued = undefined;
      return deliverDue();
    });
    queued = run;
    tail = run.catch(() => {});
    return run;
  }

  return {
    /** The address every email is sent from. */
    from,
    transportName: transport.name,
    /** `enqueueEmail`, for features that hold the mailer. */
    enqueue: enqueueEmail,
    /** Delivers every due email once; resolves with how it went. Housekeeping and tests call it. */
    dispatch,
    /** After a commit: starts a dispatch without waiting for it; failures are logged and retried later. */
    dispatchSoon(): void {
      dispatch().catch((error: unknown) => log.error({ err: error }, 'email dispatch failed'));
    },
    /** Resolves when no dispatch is running or queued (tests, shutdown). */
    async idle(): Promise<void> {
      for (;;) {
        const current = tail;
        await current;
        if (current === tail) return;
      }
    },
    /** Delivered emails older than `before` (housekeeping keeps the outbox from growing forever). */
    deleteDeliveredBefore: (before: Date) => outbox.deleteDeliveredBefore(before),
    close(): void {
      transport.close?.();
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
