import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@contracts/errors';
import {
  CIRCLE_INVITATIONS_PER_DAY,
  CIRCLE_MAX_MEMBERS,
  CIRCLE_MESSAGES,
  type Circle,
  type CircleInvitation,
} from '@contracts/circle';
import type { Arrangement, Visit } from '@contracts/arrangements';
import { createArrangementEndings } from '../../src/server/features/arrangements';
import { ukDate } from '../../src/server/platform/uk-time';
import {
  circleInvitations,
  circleMembers,
  rateLimitCounters,
  users,
  visits as visitRows,
} from '../../src/server/db/schema';
import { DEMO_ACCOUNTS, seedDemoData } from '../../src/server/demo-seed/seed';
import { DELETE_CONFIRMATION_WORD } from '@contracts/settings';
import { createTestApp, signInDemoAccounts, TEST_PASSWORD, type TestApp } from '../support/test-app';

/*
 * The family circle (decision 0036): the holder invites relatives by email; a relative joins with
 * their own confirmed account at the invited address; "can see" members read the holder's
 * arrangements and visits, "can arrange" members also write to the carer and answer proposals on
 * the holder's behalf; removal, leaving, suspension and deletion end access at once.
 */

let t: TestApp;
let cookies: Record<string, string>;
let holderId: string;
let arrangementId: string;
let conversationId: string;

type Person = { user: { id: string; email: string; firstName: string | null }; cookie: string };
let see: Person;
let arrange: Person;
let stranger: Person;

const call = (
  cookie: string | undefined,
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT',
  url: string,
  payload?: object,
) => t.injectAs(cookie, { method, url, ...(payload ? { payload } : {}) });
const inDays = (days: number) => ukDate(new Date(Date.now() + days * 86_400_000));

/** The secret of the newest invitation link emailed to `email`. */
async function invitationToken(email: string): Promise<string> {
  const mail = (await t.outbox())
    .filter((row) => row.toAddress === email && row.subject.includes('family circle'))
    .at(-1);
  const token = mail ? /[?&]token=([A-Za-z0-9_%-]+)/.exec(mail.bodyText)?.[1] : undefined;
  if (!token) throw new Error(`no invitation emailed to ${email}`);
  return decodeURIComponent(token);
}

async function invite(email: string, role: 'can_see' | 'can_arrange', cookie = cookies.subscribed) {
  return call(cookie, 'POST', '/api/circle/invitations', { email, role });
}

async function join(person: Person, role: 'can_see' | 'can_arrange') {
  expect((await invite(person.user.email, role)).statusCode).toBe(201);
  const accepted = await call(person.cookie, 'POST', '/api/circle/invitations/accept', {
    token: await invitationToken(person.user.email),
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

const bookingsOf = async (cookie: string | undefined) =>
  (await call(cookie, 'GET', '/api/bookings')).json<{ items: Arrangement[] }>().items;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db);
  cookies = await signInDemoAccounts(t);
  const [holder] = await t.database.db
    .select()
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.subscribed.email));
  holderId = holder!.id;
  see = await t.register({ firstName: 'Sally', lastName: 'Seer' });
  arrange = await t.register({ firstName: 'Arthur', lastName: 'Arranger' });
  stranger = await t.register({ firstName: 'Stan', lastName: 'Ger' });
  // An arrangement of the holder with the demo carer, accepted, with its visits.
  const carers = await call(undefined, 'GET', '/api/carers?limit=50');
  const demoCarer = carers
    .json<{ items: Array<{ id: string; userId: string; firstName: string }> }>()
    .items.find((carer) => carer.firstName === DEMO_ACCOUNTS.carer.firstName)!;
  const sent = await call(cookies.subscribed, 'POST', '/api/messages', {
    carerId: demoCarer.id,
    receiverId: demoCarer.userId,
    content: 'Hello, could you help my dad on Monday mornings?',
  });
  conversationId = sent.json<{ conversationId: string }>().conversationId;
  const proposed = await call(cookies.subscribed, 'POST', '/api/bookings', {
    conversationId,
    startDate: inDays(2),
    visits: [{ day: 'monday', start: '09:00', end: '11:00' }],
    hourlyRate: '18.00',
    tasks: 'Breakfast and a walk.',
  });
  expect(proposed.statusCode, proposed.body).toBe(201);
  arrangementId = proposed.json<Arrangement>().id;
});
afterAll(() => t.close());

describe('invitations', () => {
  it('are for signed-in families with a confirmed address, to someone else', async () => {
    expect(
      (await call(undefined, 'POST', '/api/circle/invitations', { email: 'x@example.com', role: 'can_see' }))
        .statusCode,
    ).toBe(401);
    expect((await invite('x@example.com', 'can_see', cookies.carer)).statusCode).toBe(403);
    expect((await invite('x@example.com', 'can_see', cookies.admin)).statusCode).toBe(403);
    expect((await invite('not an email', 'can_see')).statusCode).toBe(400);
    expect((await invite('x@example.com', 'owner' as 'can_see')).statusCode).toBe(400);
    const self = await invite(DEMO_ACCOUNTS.subscribed.email.toUpperCase(), 'can_see');
    expect(self.statusCode).toBe(400);
    expect(self.json<{ message: string }>().message).toBe(CIRCLE_MESSAGES.notYourself);
    const unconfirmed = await t.register({}, { verified: false });
    expect((await invite('x@example.com', 'can_see', unconfirmed.cookie)).statusCode).toBe(403);
  });

  it('email a single-use link whose secret is stored only as a hash, and show who invited', async () => {
    const sent = await invite(see.user.email, 'can_see');
    expect(sent.statusCode, sent.body).toBe(201);
    const token = await invitationToken(see.user.email);
    const rows = await t.database.db
      .select()
      .from(circleInvitations)
      .where(eq(circleInvitations.holderId, holderId));
    expect(rows.map((row) => row.tokenHash)).not.toContain(token);
    const preview = await call(undefined, 'POST', '/api/circle/invitations/preview', { token });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ email: see.user.email, role: 'can_see', holderName: 'Sam O.' });
    expect(
      (await call(undefined, 'POST', '/api/circle/invitations/preview', { token: 'nope' })).statusCode,
    ).toBe(404);
  });

  it('is accepted only by a family account proved at the invited address, once', async () => {
    const token = await invitationToken(see.user.email);
    const wrong = await call(stranger.cookie, 'POST', '/api/circle/invitations/accept', { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json<{ message: string }>().message).toBe(CIRCLE_MESSAGES.wrongAccount(see.user.email));
    expect((await call(cookies.carer, 'POST', '/api/circle/invitations/accept', { token })).statusCode).toBe(
      403,
    );
    expect(
      (await call(cookies.subscribed, 'POST', '/api/circle/invitations/accept', { token })).statusCode,
    ).toBe(409);
    expect((await call(undefined, 'POST', '/api/circle/invitations/accept', { token })).statusCode).toBe(401);
    const accepted = await call(see.cookie, 'POST', '/api/circle/invitations/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ role: 'can_see', holderName: 'Sam O.' });
    expect((await call(see.cookie, 'POST', '/api/circle/invitations/accept', { token })).statusCode).toBe(
      404,
    );
    // The holder is told who joined.
    expect((await t.outbox()).some((row) => row.subject === 'Someone joined your family circle')).toBe(true);
  });

  it('needs the address proved before the membership starts', async () => {
    const unproved = await t.register({ firstName: 'Una' }, { verified: false });
    expect((await invite(unproved.user.email, 'can_see')).statusCode).toBe(201);
    const token = await invitationToken(unproved.user.email);
    const early = await call(unproved.cookie, 'POST', '/api/circle/invitations/accept', { token });
    expect(early.statusCode).toBe(403);
    expect(early.json<{ message: string }>().message).toBe(ERROR_MESSAGES.emailNotConfirmed);
    const verify = await call(undefined, 'POST', '/api/auth/verify-email', {
      token: await t.verificationToken(unproved.user.email),
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(
      (await call(unproved.cookie, 'POST', '/api/circle/invitations/accept', { token })).statusCode,
    ).toBe(200);
    const circle = (await call(cookies.subscribed, 'GET', '/api/circle')).json<Circle>();
    const member = circle.members.find((row) => row.email === unproved.user.email)!;
    expect((await call(cookies.subscribed, 'DELETE', `/api/circle/members/${member.id}`)).statusCode).toBe(
      200,
    );
  });

  it('stops working once expired, or taken back', async () => {
    const expiring = await invite('late@example.com', 'can_see');
    const token = await invitationToken('late@example.com');
    await t.database.db
      .update(circleInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(circleInvitations.id, expiring.json<CircleInvitation>().id));
    expect((await call(undefined, 'POST', '/api/circle/invitations/preview', { token })).statusCode).toBe(
      404,
    );
    const again = await invite('late@example.com', 'can_see');
    const id = again.json<CircleInvitation>().id;
    expect((await call(stranger.cookie, 'DELETE', `/api/circle/invitations/${id}`)).statusCode).toBe(404);
    expect((await call(cookies.subscribed, 'DELETE', `/api/circle/invitations/${id}`)).statusCode).toBe(200);
    const newest = await invitationToken('late@example.com');
    expect(
      (await call(undefined, 'POST', '/api/circle/invitations/preview', { token: newest })).statusCode,
    ).toBe(404);
  });

  it(`keep a circle to ${CIRCLE_MAX_MEMBERS} people, invitations included`, async () => {
    const circle = (await call(cookies.subscribed, 'GET', '/api/circle')).json<Circle>();
    const room = CIRCLE_MAX_MEMBERS - circle.members.length - circle.invitations.length;
    const made: string[] = [];
    for (let i = 0; i < room; i += 1) {
      const response = await invite(`room-${i}@example.com`, 'can_see');
      expect(response.statusCode, response.body).toBe(201);
      made.push(response.json<CircleInvitation>().id);
    }
    const over = await invite('one-too-many@example.com', 'can_see');
    expect(over.statusCode).toBe(409);
    expect(over.json<{ message: string }>().message).toBe(CIRCLE_MESSAGES.full);
    for (const id of made) await call(cookies.subscribed, 'DELETE', `/api/circle/invitations/${id}`);
  });
});

describe('the daily limit', () => {
  it(`allows ${CIRCLE_INVITATIONS_PER_DAY} invitations a day, resending included`, async () => {
    await t.database.db.delete(rateLimitCounters);
    for (let i = 0; i < CIRCLE_INVITATIONS_PER_DAY; i += 1) {
      expect((await invite('again@example.com', 'can_see')).statusCode).toBe(201);
    }
    const over = await invite('again@example.com', 'can_see');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.json<{ message: string }>().message).toBe(CIRCLE_MESSAGES.tooManyInvitations);
    // Resending replaced the open invitation each time: one is open.
    const open = (await call(cookies.subscribed, 'GET', '/api/circle')).json<Circle>().invitations;
    expect(open.filter((row) => row.email === 'again@example.com')).toHaveLength(1);
    for (const row of open) await call(cookies.subscribed, 'DELETE', `/api/circle/invitations/${row.id}`);
    await t.database.db.delete(rateLimitCounters);
  });
});

describe('what the circle sees', () => {
  beforeAll(async () => {
    await join(arrange, 'can_arrange');
  });

  it('a "can see" member reads the arrangement and its visits, never the conversation', async () => {
    const seen = (await bookingsOf(see.cookie)).find((row) => row.id === arrangementId);
    expect(seen).toMatchObject({
      id: arrangementId,
      viewerRole: 'can_see',
      conversationId: null,
      awaitingMe: false,
    });
    expect((await call(see.cookie, 'GET', `/api/bookings/${arrangementId}`)).statusCode).toBe(200);
    expect((await call(see.cookie, 'GET', `/api/conversations/${conversationId}`)).statusCode).toBe(404);
    expect(
      (await call(see.cookie, 'GET', '/api/conversations')).json<{ conversations: unknown[] }>()
        .conversations,
    ).toEqual([]);
    expect(await bookingsOf(stranger.cookie)).toEqual([]);
    expect((await call(stranger.cookie, 'GET', `/api/bookings/${arrangementId}`)).statusCode).toBe(404);
  });

  it('the carer sees the circle by first name', async () => {
    const carerView = (await bookingsOf(cookies.carer)).find((row) => row.id === arrangementId)!;
    // The demo relative is in the demo holder's circle from the start.
    expect(carerView.circle).toEqual([DEMO_ACCOUNTS.relative.firstName, 'Sally', 'Arthur']);
    expect(carerView.viewerRole).toBe('carer');
  });

  it('"can see" cannot answer or write; "can arrange" answers on the holder’s behalf, named', async () => {
    const changed = await call(cookies.carer, 'POST', `/api/bookings/${arrangementId}/propose`, {
      startDate: inDays(3),
      visits: [{ day: 'monday', start: '10:00', end: '12:00' }],
      hourlyRate: '19.00',
      tasks: 'Breakfast and a walk.',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The "can arrange" member is emailed about it; the "can see" one is not.
    const outbox = await t.outbox();
    expect(
      outbox.some(
        (row) => row.toAddress === arrange.user.email && row.subject === 'A care arrangement has changed',
      ),
    ).toBe(true);
    expect(
      outbox.some(
        (row) => row.toAddress === see.user.email && row.subject === 'A care arrangement has changed',
      ),
    ).toBe(false);

    expect((await call(see.cookie, 'POST', `/api/bookings/${arrangementId}/accept`)).statusCode).toBe(403);
    const seeWrites = await call(see.cookie, 'POST', `/api/bookings/${arrangementId}/circle-messages`, {
      content: 'Hi',
    });
    expect(seeWrites.statusCode).toBe(403);
    expect((await bookingsOf(arrange.cookie)).find((row) => row.id === arrangementId)).toMatchObject({
      viewerRole: 'can_arrange',
      awaitingMe: true,
    });
    // Ending is the holder's alone.
    expect(
      (await call(arrange.cookie, 'POST', `/api/bookings/${arrangementId}/end`, { endDate: inDays(30) }))
        .statusCode,
    ).toBe(403);
    const accepted = await call(arrange.cookie, 'POST', `/api/bookings/${arrangementId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<Arrangement>().status).toBe('accepted');
    const written = await call(arrange.cookie, 'POST', `/api/bookings/${arrangementId}/circle-messages`, {
      content: 'Dad likes his tea strong.',
    });
    expect(written.statusCode, written.body).toBe(201);
    const thread = (await call(cookies.carer, 'GET', `/api/conversations/${conversationId}`)).json<{
      messages: Array<{ content: string }>;
    }>().messages;
    expect(thread.map((message) => message.content)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Accepted the care arrangement: .* \(by Arthur A\., family circle\)$/),
        'From Arthur A. (family circle): Dad likes his tea strong.',
      ]),
    );
  });

  it('members see the visits; the circle cannot cancel them', async () => {
    const visits = (await call(see.cookie, 'GET', '/api/visits?days=30')).json<{ items: Visit[] }>().items;
    const mine = visits.filter((visit) => visit.arrangementId === arrangementId);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine[0]!.partnerName).toBe(
      `${DEMO_ACCOUNTS.carer.firstName} ${DEMO_ACCOUNTS.carer.lastName.charAt(0)}.`,
    );
    expect((await call(arrange.cookie, 'POST', `/api/visits/${mine[0]!.id}/cancel`)).statusCode).toBe(403);
    expect(
      (await call(stranger.cookie, 'GET', '/api/visits?days=30')).json<{ items: Visit[] }>().items,
    ).toEqual([]);
  });

  it('the paywall is the holder’s plan', async () => {
    const [holder] = await t.database.db.select().from(users).where(eq(users.id, holderId));
    await t.database.db
      .update(users)
      .set({ subscriptionExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, holderId));
    const refused = await call(arrange.cookie, 'POST', `/api/bookings/${arrangementId}/circle-messages`, {
      content: 'Hello',
    });
    expect(refused.statusCode).toBe(403);
    await t.database.db
      .update(users)
      .set({ subscriptionExpiresAt: holder!.subscriptionExpiresAt })
      .where(eq(users.id, holderId));
  });
});

describe('notification settings', () => {
  it('are on for every kind until turned off, per person', async () => {
    const settings = await call(see.cookie, 'GET', '/api/settings/notifications');
    expect(settings.json<{ items: Array<{ email: boolean }> }>().items.every((item) => item.email)).toBe(
      true,
    );
    const off = await call(see.cookie, 'PUT', '/api/settings/notifications', {
      kind: 'visit_notices',
      email: false,
    });
    expect(off.json<{ items: Array<{ kind: string; email: boolean }> }>().items).toContainEqual({
      kind: 'visit_notices',
      email: false,
    });
    expect(
      (await call(see.cookie, 'PUT', '/api/settings/notifications', { kind: 'password_reset', email: false }))
        .statusCode,
    ).toBe(400);
    expect((await call(undefined, 'GET', '/api/settings/notifications')).statusCode).toBe(401);
  });

  it('a visit notice reaches the holder and the circle, except whoever turned it off', async () => {
    const startsAt = new Date(Math.floor(Date.now() / 60_000 + 240) * 60_000);
    const [visit] = await t.database.db
      .insert(visitRows)
      .values({ arrangementId, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) })
      .returning();
    const before = (await t.outbox()).length;
    const sent = await call(cookies.carer, 'POST', `/api/visits/${visit!.id}/notice`, {
      kind: 'cant_make_it',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const told = (await t.outbox())
      .slice(before)
      .filter((row) => row.subject === 'Your carer cannot make a visit');
    expect(told.map((row) => row.toAddress).sort()).toEqual(
      [DEMO_ACCOUNTS.subscribed.email, DEMO_ACCOUNTS.relative.email, arrange.user.email].sort(),
    );
  });

  it('a holder who turned a kind off is left out, and their circle is still told', async () => {
    await call(cookies.subscribed, 'PUT', '/api/settings/notifications', {
      kind: 'visit_notices',
      email: false,
    });
    const startsAt = new Date(Math.floor(Date.now() / 60_000 + 300) * 60_000);
    const [visit] = await t.database.db
      .insert(visitRows)
      .values({ arrangementId, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) })
      .returning();
    const before = (await t.outbox()).length;
    const sent = await call(cookies.carer, 'POST', `/api/visits/${visit!.id}/notice`, {
      kind: 'cant_make_it',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const told = (await t.outbox())
      .slice(before)
      .filter((row) => row.subject === 'Your carer cannot make a visit');
    expect(told.map((row) => row.toAddress).sort()).toEqual(
      [DEMO_ACCOUNTS.relative.email, arrange.user.email].sort(),
    );
    await call(cookies.subscribed, 'PUT', '/api/settings/notifications', {
      kind: 'visit_notices',
      email: true,
    });
  });

  it('message emails follow the recipient’s setting', async () => {
    await call(cookies.carer, 'PUT', '/api/settings/notifications', { kind: 'messages', email: false });
    const before = (await t.outbox()).length;
    await call(cookies.subscribed, 'POST', `/api/conversations/${conversationId}/messages`, {
      content: 'Thanks!',
    });
    const after = (await t.outbox()).slice(before);
    expect(after.filter((row) => row.subject.startsWith('New message'))).toEqual([]);
    await call(cookies.carer, 'PUT', '/api/settings/notifications', { kind: 'messages', email: true });
  });
});

describe('access ends at once', () => {
  it('when the holder changes a role, removes a member, or a member leaves', async () => {
    const circle = (await call(cookies.subscribed, 'GET', '/api/circle')).json<Circle>();
    const sally = circle.members.find((row) => row.email === see.user.email)!;
    const changed = await call(cookies.subscribed, 'PATCH', `/api/circle/members/${sally.id}`, {
      role: 'can_arrange',
    });
    expect(changed.json()).toMatchObject({ role: 'can_arrange' });
    expect((await bookingsOf(see.cookie)).find((row) => row.id === arrangementId)!.viewerRole).toBe(
      'can_arrange',
    );
    expect(
      (await call(stranger.cookie, 'PATCH', `/api/circle/members/${sally.id}`, { role: 'can_see' }))
        .statusCode,
    ).toBe(404);
    expect((await call(cookies.subscribed, 'DELETE', `/api/circle/members/${sally.id}`)).statusCode).toBe(
      200,
    );
    expect(await bookingsOf(see.cookie)).toEqual([]);
    expect((await call(see.cookie, 'GET', `/api/bookings/${arrangementId}`)).statusCode).toBe(404);

    const memberships = (await call(arrange.cookie, 'GET', '/api/circle')).json<Circle>().memberships;
    expect(memberships).toHaveLength(1);
    expect(
      (await call(stranger.cookie, 'DELETE', `/api/circle/memberships/${memberships[0]!.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(arrange.cookie, 'DELETE', `/api/circle/memberships/${memberships[0]!.id}`)).statusCode,
    ).toBe(200);
    expect(await bookingsOf(arrange.cookie)).toEqual([]);
  });

  it('while the holder is suspended', async () => {
    await join(see, 'can_see');
    expect((await bookingsOf(see.cookie)).map((row) => row.id)).toContain(arrangementId);
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, holderId));
    expect(await bookingsOf(see.cookie)).toEqual([]);
    expect((await call(see.cookie, 'GET', '/api/visits?days=30')).json<{ items: Visit[] }>().items).toEqual(
      [],
    );
    expect((await call(see.cookie, 'GET', '/api/circle')).json<Circle>().memberships).toEqual([]);
    await t.database.db.update(users).set({ suspendedAt: null }).where(eq(users.id, holderId));
    expect((await bookingsOf(see.cookie)).map((row) => row.id)).toContain(arrangementId);
  });

  it('is in the data export, and goes with a deleted account', async () => {
    const zip = await t.injectAs(see.cookie, { method: 'POST', url: '/api/settings/export' });
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(JSON.parse(strFromU8(files['family-circle.json']!))).toEqual([
      expect.objectContaining({ circle: 'theirs', person: 'Sam O.', role: 'can_see' }),
    ]);
    const holderZip = await t.injectAs(cookies.subscribed, { method: 'POST', url: '/api/settings/export' });
    const holderFiles = unzipSync(new Uint8Array(holderZip.rawPayload));
    expect(JSON.parse(strFromU8(holderFiles['circle-invitations.json']!)).length).toBeGreaterThan(0);

    const deleted = await t.injectAs(see.cookie, {
      method: 'DELETE',
      url: '/api/settings/account',
      payload: { password: TEST_PASSWORD, confirmation: DELETE_CONFIRMATION_WORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      await t.database.db.select().from(circleMembers).where(eq(circleMembers.memberId, see.user.id)),
    ).toEqual([]);
    expect(
      (await t.database.db.select().from(circleInvitations)).filter((row) => row.email === see.user.email),
    ).toEqual([]);
  });
});

describe('an arrangement ended because an account left', () => {
  it('is told to the holder and the circle, each by their settings', async () => {
    await join(arrange, 'can_arrange');
    const watcher = await t.register({ firstName: 'Wendy', lastName: 'Watcher' });
    await join(watcher, 'can_see');
    await call(watcher.cookie, 'PUT', '/api/settings/notifications', { kind: 'visit_notices', email: false });
    const [carer] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.carer.email));
    const booking = (await bookingsOf(cookies.subscribed)).find((row) => row.id === arrangementId)!;
    expect(booking.status).toBe('accepted');
    const before = (await t.outbox()).length;
    await t.database.db.transaction((tx) =>
      createArrangementEndings(tx, { publicUrl: t.config.publicUrl }).end(
        { userId: carer!.id, carerId: booking.carerId },
        'closed',
        new Date(),
      ),
    );
    const told = (await t.outbox())
      .slice(before)
      .filter((row) => row.subject === 'Your care arrangement has ended');
    // The demo carer's other families are told too; of this family, everyone but Wendy (who turned it off).
    const addresses = told.map((row) => row.toAddress);
    expect(addresses).toEqual(
      expect.arrayContaining([
        DEMO_ACCOUNTS.subscribed.email,
        DEMO_ACCOUNTS.relative.email,
        arrange.user.email,
      ]),
    );
    expect(addresses).not.toContain(watcher.user.email);
  });
});
