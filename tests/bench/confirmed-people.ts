// People for the benchmarks who register and confirm their address over HTTP, as a person does:
// POST /api/auth/register, the emailed link read from the outbox (the demo mailbox's own
// repository on the bench's database connection, for a production build) or from the demo
// mailbox (GET /api/demo/mailbox, for a test-mode app), then POST /api/auth/verify-email, which
// signs them in (decision 0019). Used by `bench:live` and `bench:faults`: seeded accounts that
// never confirmed are refused where the product asks for a confirmed address.

import type { Database } from '../../src/server/db/client';
import { createDemoMailboxRepository } from '../../src/server/features/demo/demo-mailbox.repository';

export const BENCH_PASSWORD = 'Kettle-Harbour-Meadow-42';

export interface BenchReply {
  status: number;
  /** The response's Set-Cookie lines. */
  setCookie: string[];
  body: string;
}

/** One HTTP request: each bench brings its own client (node:http, fetch). */
export type BenchSend = (
  base: string,
  method: 'GET' | 'POST',
  urlPath: string,
  cookie?: string,
  body?: unknown,
) => Promise<BenchReply>;

/** The texts of the newest emails to an address. */
export type Inbox = (email: string) => Promise<string[]>;

/** The outbox itself, read as the demo mailbox reads it: a production build has no mailbox route. */
export const outboxInbox =
  (db: Database): Inbox =>
  async (email) =>
    (await createDemoMailboxRepository(db).newest(10, email)).map((sent) => sent.text);

/** GET /api/demo/mailbox of a test-mode or demo app. */
export const demoMailboxInbox =
  (send: BenchSend, base: string): Inbox =>
  async (email) => {
    const reply = await send(base, 'GET', `/api/demo/mailbox?to=${encodeURIComponent(email)}`);
    if (reply.status !== 200) throw new RefusedError(`GET /api/demo/mailbox answered ${describe(reply)}`);
    return (JSON.parse(reply.body) as { emails: Array<{ text: string }> }).emails.map((sent) => sent.text);
  };

/** A step a person takes was refused: the bench names it instead of measuring nothing. */
export class RefusedError extends Error {}

const describe = (reply: BenchReply) => `${reply.status} ${reply.body.slice(0, 160)}`;

export interface NewPerson {
  email: string;
  firstName: string;
  lastName: string;
  userType: 'customer' | 'carer';
}

/**
 * Registers `person`, follows the confirmation link from `inbox` and returns the session cookie
 * (`name=value`) that confirming set. Throws RefusedError naming the step that was refused.
 */
export async function registerConfirmed(
  send: BenchSend,
  base: string,
  person: NewPerson,
  inbox: Inbox,
  cookieName: string,
): Promise<string> {
  const registered = await send(base, 'POST', '/api/auth/register', undefined, {
    ...person,
    password: BENCH_PASSWORD,
  });
  if (registered.status !== 202)
    throw new RefusedError(`POST /api/auth/register answered ${describe(registered)}`);
  const texts = await inbox(person.email);
  const token = texts.map((text) => text.match(/\/verify-email\?token=(\S+)/)?.[1]).find(Boolean);
  if (!token) throw new RefusedError(`no confirmation link in the emails to ${person.email}`);
  const confirmed = await send(base, 'POST', '/api/auth/verify-email', undefined, {
    token: decodeURIComponent(token),
  });
  if (confirmed.status !== 200)
    throw new RefusedError(`POST /api/auth/verify-email answered ${describe(confirmed)}`);
  const session = confirmed.setCookie
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${cookieName}=`));
  if (!session) throw new RefusedError('POST /api/auth/verify-email set no session cookie');
  return session;
}
