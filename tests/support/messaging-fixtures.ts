import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CurrentUser } from '@contracts/auth';
import type { OwnCarerProfile } from '@contracts/carers';
import type { SentMessage } from '@contracts/messaging';
import { users } from '../../src/server/db/schema';
import { approveChecks, validProfile } from './carer-fixtures';
import type { TestApp } from './test-app';

export interface Person {
  user: CurrentUser;
  cookie: string;
}

export interface Carer extends Person {
  /** The carer profile's id (what conversations and reviews point at). */
  carerId: string;
}

const DAY_MS = 24 * 3_600_000;

/** Sets a customer's plan: active until `expiresAt` (in the past: an expired plan). */
export async function setSubscription(t: TestApp, userId: string, expiresAt: Date): Promise<void> {
  await t.database.db
    .update(users)
    .set({ subscriptionStatus: 'active', subscriptionType: 'annual', subscriptionExpiresAt: expiresAt })
    .where(eq(users.id, userId));
}

/** A customer account; `plan` 'active' (a year ahead), 'expired' (ended yesterday) or 'none'. */
export async function customer(
  t: TestApp,
  plan: 'active' | 'expired' | 'none' = 'active',
  names: { firstName?: string; lastName?: string } = {},
): Promise<Person> {
  const person = await t.register({ userType: 'customer', ...names });
  if (plan !== 'none') {
    await setSubscription(t, person.user.id, new Date(Date.now() + (plan === 'active' ? 365 : -1) * DAY_MS));
  }
  return person;
}

/** A carer account with a profile whose checks are not yet approved: not listed, not public. */
export async function uncheckedCarer(
  t: TestApp,
  names: { firstName?: string; lastName?: string } = {},
): Promise<Carer> {
  const person = await t.register({ userType: 'carer', ...names });
  const created = await t.injectAs(person.cookie, {
    method: 'POST',
    url: '/api/carers',
    payload: validProfile(),
  });
  expect(created.statusCode, created.body).toBe(201);
  return { ...person, carerId: created.json<OwnCarerProfile>().id };
}

/** A carer account with a listed profile: its checks approved. */
export async function carer(
  t: TestApp,
  names: { firstName?: string; lastName?: string } = {},
): Promise<Carer> {
  const person = await uncheckedCarer(t, names);
  await approveChecks(t.database.db, person.carerId);
  return person;
}

/** An admin account (no admin sign-up exists: the role is set in the database). */
export async function admin(t: TestApp): Promise<Person> {
  const person = await t.register();
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, person.user.id));
  return person;
}

/** POST /api/messages from `from` to `to`: starts (or continues) their conversation. */
export async function sendFirst(
  t: TestApp,
  from: Person,
  to: Carer,
  content = 'Hello, can you help my dad?',
) {
  return t.injectAs(from.cookie, {
    method: 'POST',
    url: '/api/messages',
    payload: { receiverId: to.user.id, carerId: to.carerId, content },
  });
}

/** Starts a conversation and answers its id. */
export async function startConversation(
  t: TestApp,
  from: Person,
  to: Carer,
  content?: string,
): Promise<string> {
  const response = await sendFirst(t, from, to, content);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SentMessage>().conversationId;
}

/** POST /api/conversations/{id}/messages. */
export function reply(t: TestApp, who: Person | undefined, conversationId: string, content: string) {
  return t.injectAs(who?.cookie, {
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    payload: { content },
  });
}
