import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARE_REQUEST_MESSAGES,
  type CareRequestFormValues,
  type NearbyCareRequests,
  type OwnCareRequest,
  type OwnCareRequests,
} from '@contracts/care-requests';
import { MESSAGE_MESSAGES } from '@contracts/messaging';
import { POSTCODE_MESSAGES } from '@contracts/postcodes';
import { carerProfiles, userBlocks, users } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/demo-seed/seed';
import { createCareRequestsRepository } from '../../src/server/features/care-requests/care-requests.repository';
import { createCareRequestsService } from '../../src/server/features/care-requests/care-requests.service';
import type { MessagingService } from '../../src/server/features/messaging/messaging.service';
import { createGeocoder } from '../../src/server/platform/geocoder/geocoder';
import { createRateLimiter } from '../../src/server/platform/rate-limit';
import { approveChecks, validProfile } from '../support/carer-fixtures';
import { createTestApp, signInDemoAccounts, type TestApp } from '../support/test-app';

/*
 * Care requests (decision 0024): a family posts what it needs; carers near it, of that care type and
 * free when it is needed, see it and answer once, which opens the conversation; the family sees
 * who answered, and reads the answers with a plan. Built-in places (no postcode service): a
 * postcode is placed at its district.
 */

let t: TestApp;
let cookies: Record<string, string>;
let leedsCarer: { cookie: string; profileId: string; userId: string };

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

const request = (overrides: Partial<Record<keyof CareRequestFormValues, unknown>> = {}) => ({
  recipient: 'My mother',
  careType: 'Elderly Care',
  postcode: 'ls6 3ab',
  startDate: inDays(7),
  pattern: { slots: ['tuesday-morning', 'thursday-morning'] },
  hoursPerWeek: 6,
  budgetMin: '16',
  budgetMax: '22.50',
  description: 'Mum is 84 and needs help getting washed and dressed, and a hot breakfast, twice a week.',
  ...overrides,
});

const post = (cookie: string | undefined, body: object) =>
  t.injectAs(cookie, { method: 'POST', url: '/api/care-requests', payload: body });
const nearby = async (cookie: string) => {
  const response = await t.injectAs(cookie, { method: 'GET', url: '/api/care-requests/nearby' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NearbyCareRequests>().items;
};
const mine = async (cookie: string) => {
  const response = await t.injectAs(cookie, { method: 'GET', url: '/api/care-requests/mine' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OwnCareRequests>().items;
};
const respond = (
  cookie: string,
  id: string,
  message = 'Hello, I live nearby and I am free on those mornings.',
) => t.injectAs(cookie, { method: 'POST', url: `/api/care-requests/${id}/responses`, payload: { message } });

/** A registered carer with a listed profile at `postcode`, free on `slots`. */
async function carerAt(
  postcode: string,
  travelMiles: number,
  specialization = 'Elderly Care',
  slots = ['tuesday-morning'],
) {
  const { cookie, user } = await t.register({
    userType: 'carer',
    firstName: 'Near',
    lastName: postcode.replace(' ', ''),
  });
  const created = await t.injectAs(cookie, {
    method: 'POST',
    url: '/api/carers',
    payload: validProfile({
      specialization,
      homePostcode: postcode,
      travelMiles,
      availability: undefined,
      weeklyAvailability: { slots },
    }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const profileId = created.json<{ id: string }>().id;
  await approveChecks(t.database.db, profileId);
  return { cookie, profileId, userId: user.id };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db);
  cookies = await signInDemoAccounts(t);
  leedsCarer = await carerAt('LS8 2PG', 10);
});
afterAll(async () => {
  // A carer never sees the family's full postcode or who they are.
  for (const body of t.bodies.filter(
    (b) => b.includes('"distanceMiles"') && b.includes('"respondedConversationId"'),
  )) {
    expect(body).not.toMatch(/LS6 3AB|family@example\.com|Fiona/);
  }
  await t.close();
});

describe('the demo data', () => {
  // First: the closing test below moves the clock past every request's 30 days.
  it('has open requests near the demo carer that fit their care type and week', async () => {
    const items = await nearby(cookies.carer!);
    const seeded = items.filter((item) => item.description.length > 100);
    expect(seeded.length).toBeGreaterThanOrEqual(2);
  });
});

describe('POST /api/care-requests', () => {
  it('posts a request for a family, free, open for 30 days, the postcode normalised and kept private', async () => {
    const response = await post(cookies.family, request());
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<OwnCareRequest>();
    expect(created).toMatchObject({
      recipient: 'My mother',
      careType: 'Elderly Care',
      postcode: 'LS6 3AB',
      postcodeDistrict: 'LS6',
      budgetMin: '16.00',
      budgetMax: '22.50',
      status: 'open',
      pattern: { slots: ['tuesday-morning', 'thursday-morning'], liveIn: false, shortNotice: false },
      responses: [],
    });
    const open = new Date(created.closesAt).getTime() - new Date(created.createdAt).getTime();
    expect(open).toBe(30 * DAY_MS);
    // The family's data export holds it, with the postcode only they see.
    const exported = await t.injectAs(cookies.family, { method: 'POST', url: '/api/settings/export' });
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    const records = JSON.parse(strFromU8(files['care-requests.json']!)) as Array<Record<string, unknown>>;
    expect(records.find((record) => record.id === created.id)).toMatchObject({ postcode: 'LS6 3AB' });
  });

  it('gives each wrong field its message', async () => {
    const cases: Array<[string, object]> = [
      ['recipient', { recipient: 'Bob Smith' }],
      ['careType', { careType: 'Gardening' }],
      ['postcode', { postcode: 'LS6' }],
      ['startDate', { startDate: '7th March' }],
      ['startDate', { startDate: inDays(-2) }],
      ['startDate', { startDate: inDays(400) }],
      ['hoursPerWeek', { hoursPerWeek: 0 }],
      ['budgetMin', { budgetMin: 'cheap' }],
      ['budgetMax', { budgetMin: '30', budgetMax: '20' }],
      ['pattern', { pattern: { slots: [] } }],
      ['description', { description: 'Help please' }],
    ];
    for (const [field, change] of cases) {
      const response = await post(cookies.family, request(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(response.json().fieldErrors ?? {}), JSON.stringify(change)).toEqual([field]);
    }
    const nowhere = await post(cookies.family, request({ postcode: 'QQ1 1QQ' }));
    expect(nowhere.json().fieldErrors).toEqual({ postcode: POSTCODE_MESSAGES.notFound });
  });

  it('is for families with a confirmed email', async () => {
    for (const cookie of [cookies.carer, cookies.admin]) {
      const response = await post(cookie, request());
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(CARE_REQUEST_MESSAGES.onlyCustomers);
    }
    expect((await post(undefined, request())).statusCode).toBe(401);
    const { cookie } = await t.register({ userType: 'customer' }, { verified: false });
    expect((await post(cookie, request())).statusCode).toBe(403);
  });

  it('limits how many requests a family posts in a day', async () => {
    const { cookie } = await t.register({ userType: 'customer' });
    for (let i = 0; i < 5; i += 1) expect((await post(cookie, request())).statusCode).toBe(201);
    const sixth = await post(cookie, request());
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(CARE_REQUEST_MESSAGES.tooManyRequests);
  });
});

describe('carers near a request', () => {
  let requestId: string;
  let family: { cookie: string; userId: string };

  beforeAll(async () => {
    const registered = await t.register({ userType: 'customer', firstName: 'Nia', lastName: 'Lloyd' });
    family = { cookie: registered.cookie, userId: registered.user.id };
    const response = await post(family.cookie, request());
    requestId = response.json<OwnCareRequest>().id;
  });

  it('shows the request to a carer within their travel distance, of that care type, free then; nearest first', async () => {
    const items = await nearby(leedsCarer.cookie);
    const found = items.find((item) => item.id === requestId);
    expect(found).toMatchObject({
      recipient: 'My mother',
      postcodeDistrict: 'LS6',
      respondedConversationId: null,
    });
    expect(found!.distanceMiles).toBeGreaterThan(0);
    expect(found!.distanceMiles).toBeLessThanOrEqual(10);
    expect(found).not.toHaveProperty('postcode');
    const distances = items.map((item) => item.distanceMiles);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('hides it from carers too far, of another care type, or never free then', async () => {
    const far = await carerAt('BS6 5AA', 50);
    const otherType = await carerAt('LS6 1AA', 10, 'Childcare');
    const otherWeek = await carerAt('LS6 2AA', 10, 'Elderly Care', ['saturday-evening']);
    const shortTravel = await carerAt('LS17 5AA', 1);
    for (const carer of [far, otherType, otherWeek, shortTravel]) {
      expect((await nearby(carer.cookie)).map((item) => item.id)).not.toContain(requestId);
      const refused = await respond(carer.cookie, requestId);
      expect(refused.statusCode).toBe(404);
    }
  });

  it('takes one answer per carer, which opens the conversation with the family', async () => {
    const first = await respond(leedsCarer.cookie, requestId);
    expect(first.statusCode, first.body).toBe(201);
    const { conversationId } = first.json<{ conversationId: string }>();
    const again = await respond(leedsCarer.cookie, requestId, 'Just checking you got my message.');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CARE_REQUEST_MESSAGES.alreadyResponded);
    expect(
      (await nearby(leedsCarer.cookie)).find((item) => item.id === requestId)?.respondedConversationId,
    ).toBe(conversationId);
    // The family is emailed about the new message (never its text).
    const emails = await t.outbox();
    const [user] = await t.database.db.select().from(users).where(eq(users.id, family.userId));
    const email = emails.find(
      (mail) => mail.toAddress === user!.email && mail.subject.startsWith('New message'),
    );
    expect(email?.bodyText).not.toContain('free on those mornings');
  });

  it('takes one of two answers sent at once by the same carer', async () => {
    const racer = await carerAt('LS8 5AA', 10);
    const statuses = await Promise.all([respond(racer.cookie, requestId), respond(racer.cookie, requestId)]);
    expect(statuses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const [own] = (await mine(family.cookie)).filter((item) => item.id === requestId);
    expect(own!.responses.filter((responder) => responder.carerId === racer.profileId)).toHaveLength(1);
  });

  it('lists who answered to the family, and the answer itself only with a plan', async () => {
    const [own] = (await mine(family.cookie)).filter((item) => item.id === requestId);
    expect(own!.responses).toHaveLength(2);
    expect(own!.responses[0]).toMatchObject({
      carerId: leedsCarer.profileId,
      firstName: 'Near',
      message: null,
      conversationId: null,
    });
    expect(own!.responses[0]!.distanceMiles).toBeGreaterThan(0);
    // The conversation the answer opened shows the family that a carer answered, not the answer.
    const inbox = await t.injectAs(family.cookie, { method: 'GET', url: '/api/conversations' });
    const [summary] = inbox.json<{ conversations: Array<{ id: string; lastMessage: { content: string } }> }>()
      .conversations;
    expect(summary!.lastMessage.content).toBe(MESSAGE_MESSAGES.subscribeToRead);
    const thread = await t.injectAs(family.cookie, {
      method: 'GET',
      url: `/api/conversations/${summary!.id}`,
    });
    expect(thread.json<{ messages: Array<{ content: string }> }>().messages.map((m) => m.content)).toEqual([
      MESSAGE_MESSAGES.subscribeToRead,
    ]);
    expect(thread.body).not.toContain('free on those mornings');
    await t.database.db
      .update(users)
      .set({
        subscriptionStatus: 'active',
        subscriptionType: 'annual',
        subscriptionExpiresAt: new Date(Date.now() + 30 * DAY_MS),
      })
      .where(eq(users.id, family.userId));
    const [paid] = (await mine(family.cookie)).filter((item) => item.id === requestId);
    expect(paid!.responses[0]!.message).toBe('Hello, I live nearby and I am free on those mornings.');
    expect(paid!.responses[0]!.conversationId).not.toBeNull();
    const paidThread = await t.injectAs(family.cookie, {
      method: 'GET',
      url: `/api/conversations/${paid!.responses[0]!.conversationId}`,
    });
    expect(paidThread.body).toContain('free on those mornings');
  });

  it('keeps blocked pairs and suspended families apart', async () => {
    const other = await carerAt('LS8 3AA', 10);
    await t.database.db.insert(userBlocks).values({ blockerId: family.userId, blockedId: other.userId });
    expect((await nearby(other.cookie)).map((item) => item.id)).not.toContain(requestId);
    expect((await respond(other.cookie, requestId)).statusCode).toBe(404);
    await t.database.db.delete(userBlocks).where(eq(userBlocks.blockedId, other.userId));
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, family.userId));
    expect((await nearby(other.cookie)).map((item) => item.id)).not.toContain(requestId);
    await t.database.db.update(users).set({ suspendedAt: null }).where(eq(users.id, family.userId));
  });

  it('is for carers with a listed profile and a place', async () => {
    for (const cookie of [cookies.family, cookies.admin]) {
      const response = await t.injectAs(cookie, { method: 'GET', url: '/api/care-requests/nearby' });
      expect(response.statusCode).toBe(403);
    }
    const { cookie } = await t.register({ userType: 'carer' });
    const noProfile = await t.injectAs(cookie, { method: 'GET', url: '/api/care-requests/nearby' });
    expect(noProfile.json().message).toBe(CARE_REQUEST_MESSAGES.needsProfile);

    // A profile families cannot see yet cannot answer them either: it says why.
    const created = await t.injectAs(cookie, {
      method: 'POST',
      url: '/api/carers',
      payload: validProfile({ homePostcode: 'LS8 2PG', travelMiles: 10 }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const unchecked = await t.injectAs(cookie, { method: 'GET', url: '/api/care-requests/nearby' });
    expect(unchecked.statusCode).toBe(403);
    expect(unchecked.json().message).toBe(CARE_REQUEST_MESSAGES.needsChecks);
    await approveChecks(t.database.db, created.json().id);
    await t.database.db
      .update(carerProfiles)
      .set({ listedUntil: new Date(Date.now() - 1000) })
      .where(eq(carerProfiles.id, created.json().id));
    const lapsed = await t.injectAs(cookie, { method: 'GET', url: '/api/care-requests/nearby' });
    expect(lapsed.json().message).toBe(CARE_REQUEST_MESSAGES.needsListing);
  });

  it('lets the family edit the request and close it; a closed request leaves carers’ lists', async () => {
    const edit = await t.injectAs(family.cookie, {
      method: 'PATCH',
      url: `/api/care-requests/${requestId}`,
      payload: { hoursPerWeek: 8, budgetMax: '25' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<OwnCareRequest>()).toMatchObject({
      hoursPerWeek: 8,
      budgetMax: '25.00',
      budgetMin: '16.00',
    });
    const someoneElse = await t.injectAs(cookies.family, {
      method: 'PATCH',
      url: `/api/care-requests/${requestId}`,
      payload: { status: 'filled' },
    });
    expect(someoneElse.statusCode).toBe(404);
    const closed = await t.injectAs(family.cookie, {
      method: 'PATCH',
      url: `/api/care-requests/${requestId}`,
      payload: { status: 'filled' },
    });
    expect(closed.json<OwnCareRequest>().status).toBe('filled');
    expect((await nearby(leedsCarer.cookie)).map((item) => item.id)).not.toContain(requestId);
    const late = await respond((await carerAt('LS8 4AA', 10)).cookie, requestId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CARE_REQUEST_MESSAGES.closed);
  });
});

describe('requests close themselves after 30 days', () => {
  it('emails the family the day before, once, then closes the request', async () => {
    const { cookie, user } = await t.register({ userType: 'customer', firstName: 'Tomos' });
    const created = (await post(cookie, request())).json<OwnCareRequest>();
    const closesAt = new Date(created.closesAt).getTime();
    const at = (time: number) =>
      createCareRequestsService({
        repository: createCareRequestsRepository(t.database.db),
        db: t.database.db,
        carers: { profileOfUser: async () => undefined },
        messaging: {} as MessagingService, // closing requests sends no message
        geocoder: createGeocoder({}),
        rateLimiter: createRateLimiter(t.database.db, { secret: t.config.sessionSecret }),
        mailer: t.app.mailer,
        push: t.app.push,
        publicUrl: t.config.publicUrl,
        now: () => new Date(time),
      });
    const notices = async () =>
      (await t.outbox()).filter(
        (mail) => mail.toAddress === user.email && mail.subject.includes('closes tomorrow'),
      );

    await at(closesAt - 2 * DAY_MS).closeDueRequests();
    expect(await notices()).toHaveLength(0);
    await at(closesAt - 20 * 3_600_000).closeDueRequests();
    expect(await notices()).toHaveLength(1);
    await at(closesAt - 3_600_000).closeDueRequests();
    expect(await notices()).toHaveLength(1);
    expect((await mine(cookie)).find((item) => item.id === created.id)?.status).toBe('open');
    await at(closesAt + 60_000).closeDueRequests();
    expect((await mine(cookie)).find((item) => item.id === created.id)?.status).toBe('expired');
    expect((await nearby(leedsCarer.cookie)).map((item) => item.id)).not.toContain(created.id);
  });
});

describe('emails to carers about new requests that fit them', () => {
  it('sends one email a day listing the new ones, and none to a carer who turned them off', async () => {
    const service = (time: number) =>
      createCareRequestsService({
        repository: createCareRequestsRepository(t.database.db),
        db: t.database.db,
        carers: { profileOfUser: async () => undefined },
        messaging: {} as MessagingService, // sending alerts writes no message
        geocoder: createGeocoder({}),
        rateLimiter: createRateLimiter(t.database.db, { secret: t.config.sessionSecret }),
        mailer: t.app.mailer,
        push: t.app.push,
        publicUrl: t.config.publicUrl,
        now: () => new Date(time),
      });
    const alerted = await carerAt('LS7 3AA', 10, 'Palliative Care', ['wednesday-afternoon']);
    const quiet = await carerAt('LS7 4AA', 10, 'Palliative Care', ['wednesday-afternoon']);
    const off = await t.injectAs(quiet.cookie, {
      method: 'PUT',
      url: '/api/settings/request-alerts',
      payload: { on: false },
    });
    expect(off.json()).toEqual({ on: false });
    const [alertedUser] = await t.database.db.select().from(users).where(eq(users.id, alerted.userId));
    const [quietUser] = await t.database.db.select().from(users).where(eq(users.id, quiet.userId));
    const alertsTo = async (email: string) =>
      (await t.outbox()).filter(
        (mail) => mail.toAddress === email && mail.subject.includes('near you on CareMatch'),
      );

    const { cookie } = await t.register({ userType: 'customer' });
    const palliative = request({ careType: 'Palliative Care', pattern: { slots: ['wednesday-afternoon'] } });
    expect((await post(cookie, palliative)).statusCode).toBe(201);
    expect((await post(cookie, { ...palliative, postcode: 'LS8 1AB' })).statusCode).toBe(201);
    const now = Date.now();
    await service(now).sendRequestAlerts();
    const [first] = await alertsTo(alertedUser!.email);
    expect(first?.subject).toBe('2 new care requests near you on CareMatch');
    expect(first?.bodyText).toMatch(/Palliative Care in LS6, (under 1 mile|1 mile|\d+ miles) from you/);
    expect(first?.bodyText).toContain('Palliative Care in LS8');
    expect(first?.bodyText).not.toContain('LS6 3AB');
    expect(await alertsTo(quietUser!.email)).toHaveLength(0);

    // A third request: nothing more the same day, then one email with only the new request.
    expect((await post(cookie, { ...palliative, postcode: 'LS17 6HQ' })).statusCode).toBe(201);
    await service(now + 3_600_000).sendRequestAlerts();
    expect(await alertsTo(alertedUser!.email)).toHaveLength(1);
    await service(now + 25 * 3_600_000).sendRequestAlerts();
    const alerts = await alertsTo(alertedUser!.email);
    expect(alerts).toHaveLength(2);
    expect(alerts[1]!.subject).toBe('A new care request near you on CareMatch');
    expect(alerts[1]!.bodyText).toContain('Palliative Care in LS17');
    expect(alerts[1]!.bodyText).not.toContain('in LS8');
  });

  it('is a carer’s setting', async () => {
    expect(
      (await t.injectAs(leedsCarer.cookie, { method: 'GET', url: '/api/settings/request-alerts' })).json(),
    ).toEqual({
      on: true,
    });
    const customer = await t.injectAs(cookies.family, { method: 'GET', url: '/api/settings/request-alerts' });
    expect(customer.statusCode).toBe(403);
  });
});
