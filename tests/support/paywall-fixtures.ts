// What the paywall and refund tests share: a family paying through the demo provider's real
// payment path, a cooling-off refund, a carer near a care request, and every channel a held-back
// message could travel by, read as the family reads it.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { strFromU8, unzipSync } from 'fflate';
import { expect } from 'vitest';
import type { CalendarFeed } from '@contracts/arrangements';
import type { OwnCareRequests } from '@contracts/care-requests';
import type { ConversationList, ConversationThread } from '@contracts/messaging';
import type { SubscriptionStatus } from '@contracts/subscriptions';
import { ukDate } from '../../src/server/platform/uk-time';
import { approveChecks, validProfile } from './carer-fixtures';
import type { Carer, Person } from './messaging-fixtures';
import { confirmDemo } from './payments';
import type { TestApp } from './test-app';

const DAY_MS = 86_400_000;
export const inDays = (days: number) => ukDate(new Date(Date.now() + days * DAY_MS));

/** Buys 3-Month Access with the demo card (the checkout page's path). */
export async function buyThreeMonthAccess(t: TestApp, family: Person): Promise<void> {
  const started = await t.injectAs(family.cookie, { method: 'POST', url: '/api/create-subscription' });
  expect(started.statusCode, started.body).toBe(200);
  const confirmed = await confirmDemo(
    t,
    family.cookie,
    started.json<{ clientSecret: string }>().clientSecret,
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect(await hasPlan(t, family)).toBe(true);
}

export const hasPlan = async (t: TestApp, family: Person) =>
  (await t.injectAs(family.cookie, { url: '/api/subscription/status' })).json<SubscriptionStatus>()
    .hasActiveSubscription;

/** "Cancel subscription" within the 14 days: the unused days refunded, access ended at once. */
export async function cancelWithRefund(t: TestApp, family: Person): Promise<void> {
  const cancelled = await t.injectAs(family.cookie, { method: 'POST', url: '/api/subscription/cancel' });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  expect(cancelled.json<SubscriptionStatus>().hasActiveSubscription).toBe(false);
}

/** A listed carer living in LS8, travelling 10 miles, free on Tuesday mornings. */
export async function carerNearLeeds(t: TestApp, firstName: string): Promise<Carer> {
  const person = await t.register({ userType: 'carer', firstName, lastName: 'Answers' });
  const created = await t.injectAs(person.cookie, {
    method: 'POST',
    url: '/api/carers',
    payload: validProfile({
      specialization: 'Elderly Care',
      homePostcode: 'LS8 2PG',
      travelMiles: 10,
      availability: undefined,
      weeklyAvailability: { slots: ['tuesday-morning'] },
    }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const carerId = created.json<{ id: string }>().id;
  await approveChecks(t.database.db, carerId);
  return { ...person, carerId };
}

/** The family posts a care request in LS6 (free, no plan needed); answers its id. */
export async function postCareRequest(t: TestApp, family: Person): Promise<string> {
  const posted = await t.injectAs(family.cookie, {
    method: 'POST',
    url: '/api/care-requests',
    payload: {
      recipient: 'My mother',
      careType: 'Elderly Care',
      postcode: 'LS6 3AB',
      startDate: inDays(7),
      pattern: { slots: ['tuesday-morning'] },
      hoursPerWeek: 4,
      budgetMin: '16',
      budgetMax: '22',
      description: 'Mum needs help getting washed and dressed, and a hot breakfast, on Tuesdays.',
    },
  });
  expect(posted.statusCode, posted.body).toBe(201);
  return posted.json<{ id: string }>().id;
}

/** The carer answers the request; answers the conversation it opened. */
export async function answerRequest(t: TestApp, carer: Carer, requestId: string, message: string) {
  const answered = await t.injectAs(carer.cookie, {
    method: 'POST',
    url: `/api/care-requests/${requestId}/responses`,
    payload: { message },
  });
  expect(answered.statusCode, answered.body).toBe(201);
  return answered.json<{ conversationId: string }>().conversationId;
}

export async function threadOf(t: TestApp, who: Person, conversationId: string) {
  const response = await t.injectAs(who.cookie, { url: `/api/conversations/${conversationId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConversationThread>();
}

export async function inboxOf(t: TestApp, who: Person) {
  const response = await t.injectAs(who.cookie, { url: '/api/conversations' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConversationList>();
}

export async function requestsOf(t: TestApp, family: Person) {
  const response = await t.injectAs(family.cookie, { url: '/api/care-requests/mine' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OwnCareRequests>().items;
}

/** "Download my data": every file of the ZIP as text, by name. */
export async function exportOf(t: TestApp, who: Person): Promise<Record<string, string>> {
  const response = await t.injectAs(who.cookie, { method: 'POST', url: '/api/settings/export' });
  expect(response.statusCode, response.body).toBe(200);
  const files = unzipSync(new Uint8Array(response.rawPayload));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

/** The family's calendar feed, made in Settings and fetched as a calendar app would. */
export async function calendarFeedOf(t: TestApp, who: Person): Promise<string> {
  const made = await t.injectAs(who.cookie, { method: 'POST', url: '/api/settings/calendar-feed' });
  expect(made.statusCode, made.body).toBe(200);
  const feed = await t.injectAs(undefined, { url: new URL(made.json<CalendarFeed>().url!).pathname });
  expect(feed.statusCode).toBe(200);
  return feed.body;
}

/**
 * The family's live event stream, opened on the app's own registry (as GET /api/events does):
 * everything written to it, as text. `close` ends it.
 */
export function liveStreamOf(t: TestApp, who: Person) {
  const response = Object.assign(new EventEmitter(), { socket: null }) as unknown as ServerResponse;
  const stream = t.app.liveEvents.open(who.user.id, response);
  if (!stream) throw new Error('no live stream');
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  return {
    text: () => text,
    /** Resolves once a line naming `conversationId` has arrived (events come on commit). */
    async until(conversationId: string): Promise<void> {
      while (!text.includes(conversationId)) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    close: () => response.emit('close'),
  };
}
