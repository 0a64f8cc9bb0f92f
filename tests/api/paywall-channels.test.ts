import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MESSAGES } from '@contracts/messaging';
import { reply, type Carer, type Person } from '../support/messaging-fixtures';
import {
  answerRequest,
  buyThreeMonthAccess,
  calendarFeedOf,
  cancelWithRefund,
  carerNearLeeds,
  exportOf,
  inboxOf,
  liveStreamOf,
  postCareRequest,
  requestsOf,
  threadOf,
} from '../support/paywall-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * product.md, difference 13: a rule that hides something hides it on every channel. The hidden kind here is
 * what a carer writes to a family (their answer to a care request first of all), held back until
 * the family has a plan; the one predicate is `isHeldBack` (subscriptions/subscription-access.ts).
 * Each channel that could carry the words is read as the family reads it: without a plan (never
 * had one), with one (the words arrive, so the checks are not empty), and after a cooling-off
 * refund (held back again, as for a family that never paid).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Words a family without a plan must not get by any channel; the phone number most of all.
const PHONE = '07700 900461';
const ANSWER = `Hello, I live nearby and I am free on Tuesday mornings. Call me on ${PHONE}.`;
const LATER = `Following up: I could start next week. My number again is ${PHONE}.`;
const OWN = 'Thank you, could you tell me more about your experience with dementia?';

interface Scene {
  family: Person;
  carer: Carer;
  requestId: string;
  conversationId: string;
}

/**
 * The family's export, downloaded once per state of their plan (five downloads an hour are
 * allowed): `planChanged` forgets it.
 */
let exported: Promise<Record<string, string>> | undefined;
const exportFor = (scene: Scene) => (exported ??= exportOf(t, scene.family));
const planChanged = () => {
  exported = undefined;
};

/** Every channel that could carry the carer's words to the family, each read as the family. */
const CHANNELS: Array<[string, (scene: Scene) => Promise<string>]> = [
  [
    'the thread (GET /api/conversations/:id)',
    async (s) => JSON.stringify(await threadOf(t, s.family, s.conversationId)),
  ],
  ['the inbox (GET /api/conversations)', async (s) => JSON.stringify(await inboxOf(t, s.family))],
  [
    'the answers on their care request (GET /api/care-requests/mine)',
    async (s) => JSON.stringify(await requestsOf(t, s.family)),
  ],
  [
    'the data export, JSON files',
    async (s) => {
      const files = await exportFor(s);
      return Object.entries(files)
        .filter(([name]) => name.endsWith('.json'))
        .map(([, text]) => text)
        .join('\n');
    },
  ],
  [
    'the data export, CSV files and README',
    async (s) => {
      const files = await exportFor(s);
      return Object.entries(files)
        .filter(([name]) => !name.endsWith('.json'))
        .map(([, text]) => text)
        .join('\n');
    },
  ],
  [
    'emails to the family (the outbox)',
    async (s) =>
      (await t.outbox())
        .filter((mail) => mail.toAddress === s.family.user.email)
        .map((mail) => `${mail.subject}\n${mail.bodyText}`)
        .join('\n'),
  ],
  ['the calendar feed', async (s) => calendarFeedOf(t, s.family)],
  [
    'arrangements and the printable arrangement page’s data (GET /api/bookings)',
    async (s) => (await t.injectAs(s.family.cookie, { url: '/api/bookings' })).body,
  ],
  [
    'the carer’s public profile as the family sees it',
    async (s) => (await t.injectAs(s.family.cookie, { url: `/api/carers/${s.carer.carerId}` })).body,
  ],
];

/** Asserts that no channel carries `words` to the family; answers what each channel gave. */
async function everyChannelWithout(scene: Scene, words: string[]) {
  for (const [channel, read] of CHANNELS) {
    const text = await read(scene);
    for (const held of words) expect(text, `${channel} carries "${held}"`).not.toContain(held);
    expect(text, `${channel} carries the phone number`).not.toContain(PHONE);
  }
}

/** The held-back view: the family's own words, every carer message in place of its words. */
async function expectLockedThread(scene: Scene, ownWords: string[]) {
  const thread = await threadOf(t, scene.family, scene.conversationId);
  for (const message of thread.messages) {
    if (message.fromMe) expect(message).toMatchObject({ locked: false });
    else expect(message).toMatchObject({ locked: true, content: MESSAGE_MESSAGES.subscribeToRead });
  }
  expect(thread.messages.filter((m) => m.fromMe).map((m) => m.content)).toEqual(ownWords);
  expect(thread.replyBlockedBy).toBe('subscription');
  const summary = (await inboxOf(t, scene.family)).conversations.find((c) => c.id === scene.conversationId);
  if (!summary?.lastMessage?.fromMe)
    expect(summary?.lastMessage?.content).toBe(MESSAGE_MESSAGES.subscribeToRead);
  const [request] = (await requestsOf(t, scene.family)).filter((item) => item.id === scene.requestId);
  expect(request!.responses[0]).toMatchObject({ message: null, conversationId: null });
}

/** The export lists each held-back message as held back: from whom and when, never its words. */
async function expectExportHoldsBack(scene: Scene, count: number) {
  const files = await exportFor(scene);
  const received = JSON.parse(files['messages-received.json']!) as Array<Record<string, unknown>>;
  expect(received).toHaveLength(count);
  for (const record of received) {
    expect(record).toMatchObject({
      conversationId: scene.conversationId,
      from: `${scene.carer.user.firstName} A.`,
      content: null,
      heldBack: true,
      createdAt: expect.any(String),
    });
    expect(record).not.toHaveProperty('senderId');
  }
  const csv = files['messages-received.csv']!.split('\r\n');
  expect(csv[0]).toBe('id,conversationId,from,content,createdAt,readAt,heldBack');
  expect(csv.filter((line) => line.endsWith(',true'))).toHaveLength(count);
  expect(files['README.txt']).toContain('held back until you have a plan');
}

describe("a carer's answer to a care request, held back until the family has a plan", () => {
  let scene: Scene;

  beforeAll(async () => {
    const family = await t.register({ firstName: 'Marnie', lastName: 'Holt' });
    const carer = await carerNearLeeds(t, 'Odette');
    const requestId = await postCareRequest(t, family);
    const live = liveStreamOf(t, family);
    const conversationId = await answerRequest(t, carer, requestId, ANSWER);
    await live.until(conversationId);
    // Live events carry ids only, never words.
    expect(live.text()).not.toContain(PHONE);
    for (const line of live
      .text()
      .split('\n')
      .filter((l) => l.startsWith('data: '))) {
      expect(Object.keys(JSON.parse(line.slice(6)) as object).sort()).toEqual(['conversationId', 'type']);
    }
    live.close();
    scene = { family, carer, requestId, conversationId };
  });

  it.each(CHANNELS.map(([channel]) => [channel]))(
    'never reaches a family without a plan through %s',
    async (channel) => {
      const read = CHANNELS.find(([name]) => name === channel)![1];
      const text = await read(scene);
      expect(text).not.toContain(ANSWER);
      expect(text).not.toContain(PHONE);
    },
  );

  it('is shown as held back (who, when) in the thread, the inbox, the request and the export', async () => {
    await expectLockedThread(scene, []);
    await expectExportHoldsBack(scene, 1);
  });

  it('opens on every channel with a plan, and is held back again, with later messages, after a refund', async () => {
    await buyThreeMonthAccess(t, scene.family);
    planChanged();
    const thread = await threadOf(t, scene.family, scene.conversationId);
    expect(thread.messages.map((m) => m.content)).toEqual([ANSWER]);
    expect((await requestsOf(t, scene.family))[0]!.responses[0]!.message).toBe(ANSWER);
    const paid = await exportFor(scene);
    expect(paid['messages-received.json']).toContain(PHONE);
    expect(paid['messages-received.csv']).toContain(PHONE);
    expect((await reply(t, scene.family, scene.conversationId, OWN)).statusCode).toBe(201);

    await cancelWithRefund(t, scene.family);
    // The carer writes again after the refund: held back too.
    expect((await reply(t, scene.carer, scene.conversationId, LATER)).statusCode).toBe(201);
    planChanged();
    await everyChannelWithout(scene, [ANSWER, LATER]);
    await expectLockedThread(scene, [OWN]);
    await expectExportHoldsBack(scene, 2);
    // What the family wrote stays theirs, in the export too.
    expect((await exportFor(scene))['messages-sent.json']).toContain(OWN);
  });
});
