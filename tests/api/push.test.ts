// Push notices (decision 0044): devices subscribe through the API; the fake push service checks
// the VAPID signature and decrypts each payload as a browser would.
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_MAX_PER_MINUTE, PUSH_MESSAGES, PUSH_TEXTS, type PushSettings } from '@contracts/push';
import { pushOutbox, pushSubscriptions, users } from '../../src/server/db/schema';
import { PUSH_RATE } from '../../src/server/features/push/push-dispatcher';
import { createRateLimiter } from '../../src/server/platform/rate-limit';
import {
  startFakePushService,
  type FakeDevice,
  type FakePushService,
  type ReceivedPush,
} from '../support/fake-push-service';
import { carer, customer, reply, startConversation, type Person } from '../support/messaging-fixtures';
import { DELETE_CONFIRMATION_WORD } from '@contracts/settings';
import { pushSettings, visits } from '../../src/server/db/schema';
import { createTestApp, PRODUCTION_TEST_ENV, TEST_PASSWORD, type TestApp } from '../support/test-app';

let t: TestApp;
let service: FakePushService;
beforeAll(async () => {
  service = await startFakePushService();
  t = await createTestApp({ PUSH_SERVICE_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await service.close();
});
beforeEach(() => {
  service.received.length = 0;
  service.refused.length = 0;
});

async function subscribe(person: Person, device: FakeDevice = service.newDevice()) {
  const response = await t.injectAs(person.cookie, {
    method: 'POST',
    url: '/api/push/subscriptions',
    payload: device.subscription,
    headers: {
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return device;
}

const settings = async (person: Person, payload?: object) => {
  const response = await t.injectAs(
    person.cookie,
    payload ? { method: 'PUT', url: '/api/settings/push', payload } : { url: '/api/settings/push' },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PushSettings>();
};

/** Everything queued so far has been through the dispatcher. */
async function delivered() {
  await t.app.push.idle();
  await t.app.push.dispatch();
  await t.app.push.idle();
  expect(service.refused).toEqual([]);
  return service.received;
}

async function pair(plan: 'active' | 'none' = 'active') {
  const family = await customer(t, 'active', { firstName: 'Harriet' });
  const worker = await carer(t, { firstName: 'Gwendolyn' });
  const conversationId = await startConversation(t, family, worker, 'Hello, are you free on Tuesdays?');
  if (plan === 'none') {
    await t.database.db
      .update(users)
      .set({ subscriptionExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, family.user.id));
  }
  return { family, worker, conversationId };
}

describe('push subscriptions', () => {
  it('gives the VAPID public key and stores this browser as a device of the account', async () => {
    const key = await t.injectAs((await customer(t)).cookie, { url: '/api/push/key' });
    expect(key.json()).toEqual({ enabled: true, publicKey: expect.stringMatching(/^B[\w-]{86}$/) });
    const family = await customer(t);
    await subscribe(family);
    const mine = await settings(family);
    expect(mine.devices).toEqual([expect.objectContaining({ label: 'Chrome on Android', thisDevice: true })]);
    expect(mine.previews).toBe(false);
    expect(Object.values(mine.kinds).every(Boolean)).toBe(true);
  });

  it('refuses an endpoint that is not a push service it sends to', async () => {
    const family = await customer(t);
    const device = service.newDevice();
    const response = await t.injectAs(family.cookie, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { ...device.subscription, endpoint: 'http://169.254.169.254/latest/meta-data' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(PUSH_MESSAGES.endpointNotAllowed);
  });

  it('keeps the demo key pair across restarts (it is stored), and production needs keys when push is on', async () => {
    const again = await createTestApp({ PUSH_SERVICE_HOSTS: '127.0.0.1' }, undefined, {
      database: t.database,
    });
    try {
      expect(again.app.push.publicKey).toBe(t.app.push.publicKey);
    } finally {
      await again.close();
    }
    await expect(createTestApp({ ...PRODUCTION_TEST_ENV, PUSH_NOTIFICATIONS: 'on' })).rejects.toThrow(
      /VAPID_PUBLIC_KEY: required/,
    );
  });

  it('signing out removes the device', async () => {
    const family = await customer(t);
    await subscribe(family);
    await t.injectAs(family.cookie, { method: 'POST', url: '/api/auth/logout' });
    const rows = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, family.user.id));
    expect(rows).toEqual([]);
  });
});

describe('privacy', () => {
  it('lists the devices and settings in the data export, without the push address or keys', async () => {
    const family = await customer(t);
    const device = await subscribe(family);
    await settings(family, { previews: true, kinds: { care_requests: false } });
    const response = await t.injectAs(family.cookie, { method: 'POST', url: '/api/settings/export' });
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const devices = strFromU8(files['push-devices.json']!);
    expect(JSON.parse(devices)).toEqual([expect.objectContaining({ label: 'Chrome on Android' })]);
    expect(devices).not.toContain(device.subscription.endpoint);
    expect(devices).not.toContain(device.subscription.keys.auth);
    expect(JSON.parse(strFromU8(files['push-settings.json']!))).toEqual([
      expect.objectContaining({ kindsOff: 'care_requests', previews: true }),
    ]);
  });

  it('deletes the devices, settings and waiting notices with the account', async () => {
    const { family, worker, conversationId } = await pair();
    await subscribe(family);
    await settings(family, { previews: true });
    // A notice still waiting (its dispatch not run yet) goes too.
    await t.app.push.idle();
    expect((await reply(t, worker, conversationId, 'See you Tuesday')).statusCode).toBe(201);
    const response = await t.injectAs(family.cookie, {
      method: 'DELETE',
      url: '/api/settings/account',
      payload: { password: TEST_PASSWORD, confirmation: DELETE_CONFIRMATION_WORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    for (const table of [pushSubscriptions, pushSettings, pushOutbox]) {
      expect(await t.database.db.select().from(table).where(eq(table.userId, family.user.id))).toEqual([]);
    }
    await t.app.push.idle();
  });
});

describe('a new message', () => {
  it('is pushed to a subscribed family with the setting on, signed by our VAPID key, without the words', async () => {
    const { family, worker, conversationId } = await pair();
    const device = await subscribe(family);
    expect((await reply(t, worker, conversationId, 'Yes, I can do Tuesday mornings.')).statusCode).toBe(201);
    const pushes = await delivered();
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({
      deviceId: device.id,
      publicKey: t.app.push.publicKey,
      jwt: { aud: service.origin },
      payload: {
        title: PUSH_TEXTS.title,
        body: PUSH_TEXTS.messages,
        url: `/messages/${conversationId}`,
        kind: 'messages',
      },
    });
    expect(pushes[0]!.text).not.toContain('Tuesday');
    expect(pushes[0]!.text).not.toContain('Gwendolyn');
  });

  it('is not pushed with the setting off', async () => {
    const { family, worker, conversationId } = await pair();
    await subscribe(family);
    expect((await settings(family, { kinds: { messages: false } })).kinds.messages).toBe(false);
    expect((await reply(t, worker, conversationId, 'Yes, I can do Tuesday mornings.')).statusCode).toBe(201);
    expect(await delivered()).toEqual([]);
    expect(
      await t.database.db.select().from(pushOutbox).where(eq(pushOutbox.userId, family.user.id)),
    ).toEqual([]);
  });

  it('carries the sender and the start of the text only with previews on', async () => {
    const { family, worker, conversationId } = await pair();
    await subscribe(family);
    await settings(family, { previews: true });
    expect((await reply(t, worker, conversationId, 'Yes, I can do Tuesday mornings.')).statusCode).toBe(201);
    const [push] = await delivered();
    expect(push?.payload).toMatchObject({
      title: 'Message from Gwendolyn',
      body: 'Yes, I can do Tuesday mornings.',
    });
  });

  it('never carries what the paywall holds back, previews or not', async () => {
    const { family, worker, conversationId } = await pair('none');
    await subscribe(family);
    await settings(family, { previews: true });
    expect((await reply(t, worker, conversationId, 'My rate is 18 pounds an hour.')).statusCode).toBe(201);
    const [push] = await delivered();
    expect(push?.payload).toMatchObject({ title: PUSH_TEXTS.title, body: PUSH_TEXTS.messages });
    expect(push?.text).not.toContain('18 pounds');
    // The carer, who reads everything, gets the family's words with previews on.
    await subscribe(worker);
    await settings(worker, { previews: true });
    await t.database.db
      .update(users)
      .set({ subscriptionExpiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, family.user.id));
    expect((await reply(t, family, conversationId, 'Thank you, that works.')).statusCode).toBe(201);
    const pushes = await delivered();
    expect(pushes.at(-1)?.payload).toMatchObject({ body: 'Thank you, that works.' });
  });

  it('drops a subscription the push service says has gone (410)', async () => {
    const { family, worker, conversationId } = await pair();
    const device = await subscribe(family);
    device.status = 410;
    expect((await reply(t, worker, conversationId, 'Hello')).statusCode).toBe(201);
    await delivered();
    expect((await settings(family)).devices).toEqual([]);
    expect(
      await t.database.db.select().from(pushOutbox).where(eq(pushOutbox.userId, family.user.id)),
    ).toEqual([]);
  });

  it(`sends a person at most ${PUSH_MAX_PER_MINUTE} pushes a minute and collapses the rest into one`, async () => {
    const { family, worker, conversationId } = await pair();
    await subscribe(family);
    const limiter = createRateLimiter(t.database.db, { secret: t.config.sessionSecret });
    const waiting = () =>
      t.database.db.select().from(pushOutbox).where(eq(pushOutbox.userId, family.user.id));
    const told = (push: ReceivedPush) =>
      push.payload.kind === 'collapsed'
        ? Number(/(\d+) new notices/.exec(String(push.payload.body))?.[1])
        : 1;

    // However the dispatches fall, no more than the rate goes out in the minute; the rest wait.
    const total = PUSH_MAX_PER_MINUTE + 3;
    for (let index = 0; index < total; index += 1) {
      expect((await reply(t, worker, conversationId, `Message ${index}`)).statusCode).toBe(201);
    }
    const pushes = await delivered();
    expect(pushes).toHaveLength(PUSH_MAX_PER_MINUTE);
    const held = await waiting();
    expect(pushes.reduce((sum, push) => sum + told(push), 0) + held.length).toBe(total);
    expect(held.every((row) => row.nextAttemptAt.getTime() > Date.now())).toBe(true);
    expect((await reply(t, worker, conversationId, 'One more')).statusCode).toBe(201);
    expect(await delivered()).toHaveLength(PUSH_MAX_PER_MINUTE);

    // When the window ends, what waited goes within the rate: the last push the rate allows
    // carries all those still left, as one notice without anyone's words.
    for (const words of ['a', 'b', 'c', 'd', 'e']) {
      expect((await reply(t, worker, conversationId, words)).statusCode).toBe(201);
    }
    await t.app.push.idle();
    const queued = (await waiting()).length;
    expect(queued).toBeGreaterThan(PUSH_MAX_PER_MINUTE);
    await limiter.reset(PUSH_RATE, family.user.id);
    await t.database.db
      .update(pushOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(pushOutbox.userId, family.user.id));
    const after = (await delivered()).slice(PUSH_MAX_PER_MINUTE);
    expect(after).toHaveLength(PUSH_MAX_PER_MINUTE);
    expect(after.at(-1)?.payload).toEqual({
      title: PUSH_TEXTS.title,
      body: PUSH_TEXTS.collapsed(queued - (PUSH_MAX_PER_MINUTE - 1)),
      url: '/',
      tag: 'carematch-collapsed',
      kind: 'collapsed',
    });
    expect(await waiting()).toEqual([]);
  });
});

describe('arrangements and cover', () => {
  it('pushes a proposal, its answer and an offer to a backup, each by its kind and with no details', async () => {
    const family = await customer(t, 'active', { firstName: 'Imogen' });
    const worker = await carer(t, { firstName: 'Leontes' });
    const backup = await carer(t, { firstName: 'Florizel' });
    const conversationId = await startConversation(t, family, worker);
    await startConversation(t, family, backup);
    const [familyDevice, workerDevice, backupDevice] = [
      await subscribe(family),
      await subscribe(worker),
      await subscribe(backup),
    ];
    await delivered();
    service.received.length = 0;
    const pushedTo = async (device: FakeDevice) =>
      (await delivered()).filter((push) => push.deviceId === device.id);

    const proposed = await t.injectAs(family.cookie, {
      method: 'POST',
      url: '/api/bookings',
      payload: {
        conversationId,
        startDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        visits: [{ day: 'tuesday', start: '09:00', end: '11:00' }],
        hourlyRate: '18.00',
      },
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    expect((await pushedTo(workerDevice)).map((push) => push.payload)).toEqual([
      expect.objectContaining({ kind: 'proposals', body: PUSH_TEXTS.proposals, title: PUSH_TEXTS.title }),
    ]);
    const arrangementId = proposed.json<{ id: string }>().id;
    const accepted = await t.injectAs(worker.cookie, {
      method: 'POST',
      url: `/api/bookings/${arrangementId}/accept`,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await pushedTo(familyDevice)).map((push) => push.payload.kind)).toEqual(['proposals']);

    const plan = await t.injectAs(family.cookie, {
      method: 'PUT',
      url: `/api/bookings/${arrangementId}/cover`,
      payload: { noShowMinutes: 15, backups: [{ carerId: backup.carerId, hourlyRate: '21.00' }] },
    });
    expect(plan.statusCode, plan.body).toBe(200);
    const startsAt = Date.now() + 86_400_000;
    const [visit] = await t.database.db
      .insert(visits)
      .values({
        arrangementId,
        startsAt: new Date(startsAt),
        endsAt: new Date(startsAt + 2 * 3_600_000),
        notice: 'cant_make_it',
        noticeAt: new Date(),
      })
      .returning({ id: visits.id });
    const offered = await t.injectAs(family.cookie, {
      method: 'POST',
      url: `/api/visits/${visit!.id}/cover-offer`,
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const [offer] = await pushedTo(backupDevice);
    expect(offer?.payload).toEqual({
      kind: 'cover_offers',
      title: PUSH_TEXTS.title,
      body: PUSH_TEXTS.cover_offers,
      url: '/carer-dashboard',
      tag: `cover-${visit!.id}`,
    });
    for (const push of service.received) {
      for (const word of ['Imogen', 'Leontes', 'Florizel', '18.00', '21.00'])
        expect(push.text).not.toContain(word);
    }
  });
});
