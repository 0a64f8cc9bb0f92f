import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARER_MESSAGES_MAX_PER_HOUR,
  DELETED_USER_NAME,
  MESSAGE_EMAIL_INTERVAL_MINUTES,
  MESSAGE_MAX_LENGTH,
  MESSAGE_MESSAGES,
  type BlockState,
  type ConversationList,
  type ConversationThread,
  type MarkedRead,
  type SentMessage,
  type UnreadCount,
} from '@contracts/messaging';
import { carerProfiles, conversations, messages, userBlocks, users } from '../../src/server/db/schema';
import { createCarersRepository } from '../../src/server/features/carers/carers.repository';
import { createCarersService } from '../../src/server/features/carers/carers.service';
import { createMessagingRepository } from '../../src/server/features/messaging/messaging.repository';
import { createMessagingService } from '../../src/server/features/messaging/messaging.service';
import { createSafeguardingRepository } from '../../src/server/features/safeguarding/safeguarding.repository';
import { isForeignKeyViolation } from '../../src/server/platform/errors';
import { createRateLimiter } from '../../src/server/platform/rate-limit';
import {
  admin,
  carer,
  customer,
  reply,
  sendFirst,
  setSubscription,
  startConversation,
  type Carer,
  type Person,
} from '../support/messaging-fixtures';
import { builtInServiceDeps, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;

const get = <T>(who: Person | undefined, url: string) =>
  t.injectAs(who?.cookie, { url }).then((response) => ({ response, body: response.json<T>() }));
const thread = async (who: Person, id: string) => {
  const { response, body } = await get<ConversationThread>(who, `/api/conversations/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return body;
};
const inbox = async (who: Person) =>
  (await get<ConversationList>(who, '/api/conversations')).body.conversations;
const unread = async (who: Person) => (await get<UnreadCount>(who, '/api/messages/unread')).body.unread;
const post = (who: Person | undefined, url: string) => t.injectAs(who?.cookie, { method: 'POST', url });
const del = (who: Person | undefined, url: string) => t.injectAs(who?.cookie, { method: 'DELETE', url });
/** Emails to the address but the confirmation link every registration sends. */
const emailsTo = async (address: string) =>
  (await t.outbox()).filter(
    (email) => email.toAddress === address && !email.bodyText.includes('/verify-email?token='),
  );

describe('conversations: list and thread', () => {
  let priya: Person;
  let grace: Carer;
  let conversationId: string;

  beforeAll(async () => {
    priya = await customer(t, 'active', { firstName: 'Priya', lastName: 'sharma' });
    grace = await carer(t, { firstName: 'Grace', lastName: 'Mensah' });
    conversationId = await startConversation(t, priya, grace, 'First question');
    const second = await reply(t, grace, conversationId, 'An answer from Grace');
    expect(second.statusCode, second.body).toBe(201);
  });

  it('shows each side the other person: first name and last initial, role and photo', async () => {
    const forPriya = await thread(priya, conversationId);
    expect(forPriya.partner).toEqual({
      userId: grace.user.id,
      name: 'Grace M.',
      photoUrl: null,
      role: 'carer',
    });
    expect(forPriya.carerId).toBe(grace.carerId);
    const forGrace = await thread(grace, conversationId);
    expect(forGrace.partner).toEqual({
      userId: priya.user.id,
      name: 'Priya S.',
      photoUrl: null,
      role: 'customer',
    });

    // The carer's photo comes from her profile; a customer never has one shown.
    await t.database.db
      .update(carerProfiles)
      .set({ photoUrl: '/uploads/photos/grace.webp' })
      .where(eq(carerProfiles.id, grace.carerId));
    expect((await thread(priya, conversationId)).partner.photoUrl).toBe('/uploads/photos/grace.webp');
    const listed = (await inbox(priya)).find((row) => row.id === conversationId);
    expect(listed?.partner.photoUrl).toBe('/uploads/photos/grace.webp');
  });

  it('lists messages oldest first, marking which are the viewer’s', async () => {
    const forGrace = await thread(grace, conversationId);
    expect(forGrace.messages.map((m) => [m.content, m.fromMe])).toEqual([
      ['First question', false],
      ['An answer from Grace', true],
    ]);
    expect(forGrace.messages[0]).toMatchObject({ senderId: priya.user.id, readAt: null });
    expect(forGrace.lastMessage).toMatchObject({ content: 'An answer from Grace', fromMe: true });
    expect(forGrace.replyBlockedBy).toBeNull();
    expect(forGrace.blockedByMe).toBe(false);
  });

  it('orders the inbox by the latest activity, and a reply moves a conversation to the top', async () => {
    const sam = await customer(t);
    const first = await carer(t, { firstName: 'Amira', lastName: 'Khan' });
    const second = await carer(t, { firstName: 'Ben', lastName: 'Lewis' });
    const withFirst = await startConversation(t, sam, first, 'To Amira');
    const withSecond = await startConversation(t, sam, second, 'To Ben');
    expect((await inbox(sam)).map((row) => row.id)).toEqual([withSecond, withFirst]);

    expect((await reply(t, first, withFirst, 'Amira answers')).statusCode).toBe(201);
    const rows = await inbox(sam);
    expect(rows.map((row) => row.id)).toEqual([withFirst, withSecond]);
    expect(rows[0]).toMatchObject({
      partner: { name: 'Amira K.', role: 'carer' },
      lastMessage: { content: 'Amira answers', fromMe: false },
      unreadCount: 1,
    });
    expect(rows[1]).toMatchObject({ lastMessage: { content: 'To Ben', fromMe: true }, unreadCount: 0 });
    // Each carer sees only her own conversation.
    expect((await inbox(first)).map((row) => row.id)).toEqual([withFirst]);
  });

  it('answers 404 with the same message to everyone not in the conversation, and for a malformed id', async () => {
    const outsiders = [await customer(t), await carer(t), await admin(t)];
    for (const outsider of outsiders) {
      for (const [method, url, payload] of [
        ['GET', `/api/conversations/${conversationId}`, undefined],
        ['POST', `/api/conversations/${conversationId}/messages`, { content: 'Let me in' }],
        ['POST', `/api/conversations/${conversationId}/read`, undefined],
        ['POST', `/api/conversations/${conversationId}/block`, undefined],
        ['DELETE', `/api/conversations/${conversationId}/block`, undefined],
      ] as const) {
        const response = await t.injectAs(outsider.cookie, { method, url, ...(payload ? { payload } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ message: MESSAGE_MESSAGES.conversationNotFound });
      }
      expect((await inbox(outsider)).map((row) => row.id)).not.toContain(conversationId);
    }
    for (const id of ['not-a-uuid', '7f9c1b7e-1111-4000-8000-000000000000']) {
      const response = await t.injectAs(priya.cookie, { url: `/api/conversations/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MESSAGE_MESSAGES.conversationNotFound });
    }
    expect(await inbox(outsiders[2]!)).toEqual([]);
  });

  it('asks visitors to sign in for every messaging call', async () => {
    for (const [method, url] of [
      ['GET', '/api/conversations'],
      ['GET', `/api/conversations/${conversationId}`],
      ['POST', `/api/conversations/${conversationId}/messages`],
      ['POST', `/api/conversations/${conversationId}/read`],
      ['POST', `/api/conversations/${conversationId}/block`],
      ['DELETE', `/api/conversations/${conversationId}/block`],
      ['GET', '/api/messages/unread'],
      ['GET', '/api/events'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        ...(method === 'POST' && url.endsWith('/messages') ? { payload: { content: 'Hi' } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('replies', () => {
  let priya: Person;
  let grace: Carer;
  let conversationId: string;

  beforeAll(async () => {
    priya = await customer(t, 'active', { firstName: 'Priya', lastName: 'Shah' });
    grace = await carer(t, { firstName: 'Grace', lastName: 'Mensah' });
    conversationId = await startConversation(t, priya, grace);
  });

  it('lets the carer answer and the subscribed customer write again; each row names sender and receiver', async () => {
    const before = (
      await t.database.db.select().from(conversations).where(eq(conversations.id, conversationId))
    )[0]!;
    const fromCarer = await reply(t, grace, conversationId, 'Yes, I can help on Tuesdays.');
    expect(fromCarer.statusCode, fromCarer.body).toBe(201);
    expect(fromCarer.json<SentMessage>()).toMatchObject({
      conversationId,
      senderId: grace.user.id,
      receiverId: priya.user.id,
      content: 'Yes, I can help on Tuesdays.',
    });
    const fromCustomer = await reply(t, priya, conversationId, 'Wonderful, thank you.');
    expect(fromCustomer.statusCode).toBe(201);
    expect(fromCustomer.json<SentMessage>()).toMatchObject({
      senderId: priya.user.id,
      receiverId: grace.user.id,
    });

    const after = (
      await t.database.db.select().from(conversations).where(eq(conversations.id, conversationId))
    )[0]!;
    expect(after.lastMessageAt.getTime()).toBeGreaterThan(before.lastMessageAt.getTime());
    expect(after.lastMessageAt.toISOString()).toBe(fromCustomer.json<SentMessage>().createdAt);
  });

  it('keeps an expired customer able to open the thread, their own words readable, but not to write', async () => {
    const lapsed = await customer(t, 'active', { firstName: 'Lena', lastName: 'Ward' });
    const id = await startConversation(t, lapsed, grace);
    expect((await reply(t, grace, id, 'Happy to help.')).statusCode).toBe(201);
    await setSubscription(t, lapsed.user.id, new Date(Date.now() - MINUTE));

    const seen = await thread(lapsed, id);
    expect(seen.messages).toHaveLength(2);
    // No unlock outlives the plan (decision 0029): having written first does not keep the carer's
    // words open; the customer's own stay theirs.
    expect(seen.messages.map((m) => [m.locked, m.content])).toEqual([
      [false, 'Hello, can you help my dad?'],
      [true, MESSAGE_MESSAGES.subscribeToRead],
    ]);
    expect(seen.replyBlockedBy).toBe('subscription');
    const refused = await reply(t, lapsed, id, 'Can we start Monday?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MESSAGE_MESSAGES.subscriptionRequired });
    const fresh = await sendFirst(t, lapsed, grace, 'Another try');
    expect(fresh.statusCode).toBe(403);
    expect((await post(lapsed, `/api/conversations/${id}/read`)).statusCode).toBe(200);
    // The carer still answers: her replies never needed the customer's plan.
    expect((await thread(grace, id)).replyBlockedBy).toBeNull();
    expect((await reply(t, grace, id, 'Any time.')).statusCode).toBe(201);
    // A customer who never subscribed sees the same reason.
    await t.database.db
      .update(users)
      .set({ subscriptionStatus: null, subscriptionExpiresAt: null })
      .where(eq(users.id, lapsed.user.id));
    expect((await thread(lapsed, id)).replyBlockedBy).toBe('subscription');
  });

  it.each([
    ['', MESSAGE_MESSAGES.required],
    [' \n\t  ', MESSAGE_MESSAGES.required],
    ['x'.repeat(MESSAGE_MAX_LENGTH + 1), MESSAGE_MESSAGES.tooLong],
    ['😀'.repeat(MESSAGE_MAX_LENGTH + 1), MESSAGE_MESSAGES.tooLong],
  ])('refuses content %j with 400 and stores nothing', async (content, message) => {
    const count = async () =>
      (await t.database.db.select().from(messages).where(eq(messages.conversationId, conversationId))).length;
    const before = await count();
    const response = await reply(t, grace, conversationId, content);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('counts characters as people see them: 2,000 emoji fit, even family emoji of five code points', async () => {
    // 4,000 UTF-16 units, 2,000 characters on screen.
    const smiles = '😀'.repeat(MESSAGE_MAX_LENGTH);
    const sent = await reply(t, grace, conversationId, smiles);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<SentMessage>().content).toBe(smiles);
    const families = '👨‍👩‍👧'.repeat(MESSAGE_MAX_LENGTH);
    expect((await reply(t, grace, conversationId, families)).statusCode).toBe(201);
    // Accented letters typed as a letter and a combining mark are one character each.
    expect((await reply(t, grace, conversationId, 'e\u0301'.repeat(MESSAGE_MAX_LENGTH))).statusCode).toBe(
      201,
    );
  });

  it('trims the text, accepts exactly the maximum, and keeps markup as literal text', async () => {
    const trimmed = await reply(t, grace, conversationId, '   Padded answer \n ');
    expect(trimmed.json<SentMessage>().content).toBe('Padded answer');
    const longest = ` ${'y'.repeat(MESSAGE_MAX_LENGTH)} `;
    expect((await reply(t, grace, conversationId, longest)).statusCode).toBe(201);
    const markup = '<script>alert("x")</script> & <b>bold</b>';
    const sent = await reply(t, priya, conversationId, markup);
    expect(sent.statusCode).toBe(201);
    expect(sent.json<SentMessage>().content).toBe(markup);
    const [stored] = await t.database.db
      .select({ content: messages.content })
      .from(messages)
      .where(eq(messages.id, sent.json<SentMessage>().id));
    expect(stored?.content).toBe(markup);
    expect((await thread(grace, conversationId)).messages.at(-1)?.content).toBe(markup);
  });

  it('shows a deleted customer as "Deleted user" and refuses replies to them with 409', async () => {
    const leaving = await customer(t, 'active', { firstName: 'Gone', lastName: 'Soon' });
    const id = await startConversation(t, leaving, grace, 'Before I go');
    await t.database.db.delete(users).where(eq(users.id, leaving.user.id));

    const seen = await thread(grace, id);
    expect(seen.partner).toEqual({ userId: null, name: DELETED_USER_NAME, photoUrl: null, role: 'customer' });
    expect(seen.replyBlockedBy).toBe('otherPartyGone');
    expect(seen.messages).toMatchObject([{ content: 'Before I go', senderId: null, fromMe: false }]);
    expect((await inbox(grace)).find((row) => row.id === id)?.partner.name).toBe(DELETED_USER_NAME);
    const refused = await reply(t, grace, id, 'Are you still there?');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: MESSAGE_MESSAGES.otherPartyGone });
    expect((await post(grace, `/api/conversations/${id}/block`)).statusCode).toBe(409);
  });

  it('shows a carer profile without an account as "Deleted user" to the customer', async () => {
    const kim = await customer(t);
    const orphan = await carer(t, { firstName: 'Orla', lastName: 'Price' });
    const id = await startConversation(t, kim, orphan);
    await t.database.db
      .update(carerProfiles)
      .set({ userId: null })
      .where(eq(carerProfiles.id, orphan.carerId));
    const seen = await thread(kim, id);
    expect(seen.partner).toEqual({ userId: null, name: DELETED_USER_NAME, photoUrl: null, role: 'carer' });
    expect(seen.replyBlockedBy).toBe('otherPartyGone');
    expect((await reply(t, kim, id, 'Hello?')).statusCode).toBe(409);
  });
});

describe('sending limit', () => {
  it(`lets one customer send ${CARER_MESSAGES_MAX_PER_HOUR} messages to carers an hour; replies do not count`, async () => {
    const flood = await customer(t, 'active');
    const carers = [await carer(t), await carer(t), await carer(t)];
    let conversationId = '';
    for (let i = 0; i < CARER_MESSAGES_MAX_PER_HOUR; i += 1) {
      const sent = await sendFirst(t, flood, carers[i % carers.length]!, `Hello number ${i}`);
      expect(sent.statusCode, sent.body).toBe(201);
      conversationId = sent.json<SentMessage>().conversationId;
    }
    const stored = async () =>
      (await t.database.db.select().from(messages).where(eq(messages.senderId, flood.user.id))).length;
    expect(await stored()).toBe(CARER_MESSAGES_MAX_PER_HOUR);

    const refused = await sendFirst(t, flood, carers[0]!, 'One too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: MESSAGE_MESSAGES.tooManyMessages });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await stored()).toBe(CARER_MESSAGES_MAX_PER_HOUR);

    // Going on in a conversation already started is not held back, and nobody else is.
    expect((await reply(t, flood, conversationId, 'Still here')).statusCode).toBe(201);
    expect((await sendFirst(t, await customer(t, 'active'), carers[0]!)).statusCode).toBe(201);
  });
});

describe('read marks and unread counts', () => {
  it('counts messages to the viewer until they open the conversation', async () => {
    const priya = await customer(t);
    const grace = await carer(t);
    const id = await startConversation(t, priya, grace, 'One');
    expect((await reply(t, priya, id, 'Two')).statusCode).toBe(201);
    const other = await carer(t);
    const otherId = await startConversation(t, priya, other, 'Elsewhere');

    expect(await unread(grace)).toBe(2);
    expect(await unread(priya)).toBe(0);
    expect((await inbox(grace))[0]).toMatchObject({ id, unreadCount: 2 });
    expect((await thread(grace, id)).unreadCount).toBe(2);

    const marked = await post(grace, `/api/conversations/${id}/read`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json<MarkedRead>()).toEqual({ marked: 2 });
    expect(await unread(grace)).toBe(0);
    expect((await post(grace, `/api/conversations/${id}/read`)).json<MarkedRead>()).toEqual({ marked: 0 });
    // The sender sees when they were read; the other carer's count is untouched.
    expect((await thread(priya, id)).messages.every((m) => m.readAt !== null)).toBe(true);
    expect(await unread(other)).toBe(1);
    expect((await thread(other, otherId)).messages[0]?.readAt).toBeNull();

    // Reading marks only messages to the reader, never the reader's own.
    expect((await reply(t, grace, id, 'Three')).statusCode).toBe(201);
    expect((await post(grace, `/api/conversations/${id}/read`)).json<MarkedRead>()).toEqual({ marked: 0 });
    expect(await unread(priya)).toBe(1);
  });
});

describe('blocks', () => {
  let priya: Person;
  let grace: Carer;
  let id: string;

  beforeAll(async () => {
    priya = await customer(t);
    grace = await carer(t);
    id = await startConversation(t, priya, grace);
  });

  const expectBlocked = async (response: Awaited<ReturnType<typeof reply>>) => {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MESSAGE_MESSAGES.blocked });
  };

  it('a carer’s block stops messages both ways; only she can lift it', async () => {
    const blocked = await post(grace, `/api/conversations/${id}/block`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json<BlockState>()).toEqual({ blockedByMe: true });
    // Blocking twice changes nothing.
    expect((await post(grace, `/api/conversations/${id}/block`)).json<BlockState>()).toEqual({
      blockedByMe: true,
    });

    const before = (await t.database.db.select().from(messages).where(eq(messages.conversationId, id)))
      .length;
    await expectBlocked(await reply(t, priya, id, 'Why?'));
    await expectBlocked(await sendFirst(t, priya, grace, 'Through the profile instead'));
    await expectBlocked(await reply(t, grace, id, 'One last word'));
    expect((await t.database.db.select().from(messages).where(eq(messages.conversationId, id))).length).toBe(
      before,
    );

    expect(await thread(priya, id)).toMatchObject({ replyBlockedBy: 'blocked', blockedByMe: false });
    expect(await thread(grace, id)).toMatchObject({ replyBlockedBy: 'blocked', blockedByMe: true });

    const notHers = await del(priya, `/api/conversations/${id}/block`);
    expect(notHers.statusCode).toBe(409);
    expect(notHers.json()).toEqual({ message: MESSAGE_MESSAGES.notBlocked });
    await expectBlocked(await reply(t, priya, id, 'Still blocked?'));

    const lifted = await del(grace, `/api/conversations/${id}/block`);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json<BlockState>()).toEqual({ blockedByMe: false });
    expect((await reply(t, priya, id, 'Thanks for unblocking')).statusCode).toBe(201);
    expect((await reply(t, grace, id, 'No problem')).statusCode).toBe(201);
  });

  it('a customer’s block stops the carer’s replies; each lifts only their own of two blocks', async () => {
    expect((await post(priya, `/api/conversations/${id}/block`)).statusCode).toBe(200);
    await expectBlocked(await reply(t, grace, id, 'Hello again'));
    expect((await post(grace, `/api/conversations/${id}/block`)).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, priya.user.id), eq(userBlocks.blockedId, grace.user.id)));
    expect(rows).toHaveLength(1);

    expect((await del(priya, `/api/conversations/${id}/block`)).statusCode).toBe(200);
    await expectBlocked(await reply(t, priya, id, 'Grace still blocks me'));
    expect((await del(grace, `/api/conversations/${id}/block`)).statusCode).toBe(200);
    expect((await reply(t, priya, id, 'Open again')).statusCode).toBe(201);
  });

  it('a block made before any conversation stops the first message and creates no conversation', async () => {
    const sam = await customer(t);
    const amira = await carer(t);
    await t.database.db.insert(userBlocks).values({ blockerId: amira.user.id, blockedId: sam.user.id });
    await expectBlocked(await sendFirst(t, sam, amira));
    const rows = await t.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.customerId, sam.user.id));
    expect(rows).toEqual([]);
  });
});

// A customer kept writing (and emailing) a suspended carer inside an existing
// conversation. Nothing reaches a suspended account, whichever side it is on (ASVS 5.0 V8.2.1).
describe('suspended accounts', () => {
  const suspend = (person: Person) =>
    createSafeguardingRepository(t.database.db).suspend(person.user.id, new Date());
  const unsuspend = (person: Person) =>
    createSafeguardingRepository(t.database.db).unsuspend(person.user.id, new Date());
  const messageCount = async (conversationId: string) =>
    (await t.database.db.select().from(messages).where(eq(messages.conversationId, conversationId))).length;

  it('refuses a reply to a suspended carer with 403 and no email, and says why in the thread', async () => {
    const priya = await customer(t, 'active', { firstName: 'Priya' });
    const grace = await carer(t, { firstName: 'Grace' });
    const id = await startConversation(t, priya, grace);
    expect((await reply(t, grace, id, 'Happy to help.')).statusCode).toBe(201);
    await suspend(grace);
    const emailsBefore = (await emailsTo(grace.user.email)).length;
    const before = await messageCount(id);

    const refused = await reply(t, priya, id, 'Are you still there?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MESSAGE_MESSAGES.otherPartySuspended });
    expect((await thread(priya, id)).replyBlockedBy).toBe('otherPartySuspended');
    // A new message through the carer's profile is refused too, even if the profile were listed again.
    expect([403, 404]).toContain((await sendFirst(t, priya, grace)).statusCode);
    await t.database.db
      .update(carerProfiles)
      .set({ isActive: true })
      .where(eq(carerProfiles.id, grace.carerId));
    const relisted = await sendFirst(t, priya, grace);
    expect(relisted.statusCode).toBe(403);
    expect(relisted.json()).toEqual({ message: MESSAGE_MESSAGES.otherPartySuspended });
    expect(await messageCount(id)).toBe(before);
    expect(await emailsTo(grace.user.email)).toHaveLength(emailsBefore);

    // Lifted: the conversation carries on.
    await unsuspend(grace);
    expect((await reply(t, priya, id, 'Welcome back.')).statusCode).toBe(201);
    expect((await thread(priya, id)).replyBlockedBy).toBeNull();
  });

  it('refuses a carer’s reply to a suspended customer with 403 and no email', async () => {
    const priya = await customer(t, 'active', { firstName: 'Priya' });
    const grace = await carer(t, { firstName: 'Grace' });
    const id = await startConversation(t, priya, grace);
    await suspend(priya);
    const emailsBefore = (await emailsTo(priya.user.email)).length;
    const refused = await reply(t, grace, id, 'Yes, Tuesdays work.');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MESSAGE_MESSAGES.otherPartySuspended });
    expect((await thread(grace, id)).replyBlockedBy).toBe('otherPartySuspended');
    expect(await messageCount(id)).toBe(1);
    expect(await emailsTo(priya.user.email)).toHaveLength(emailsBefore);
    // The suspended account itself has no session left to write with.
    expect((await reply(t, priya, id, 'Hello?')).statusCode).toBe(401);
  });
});

describe('notification emails', () => {
  it('emails the carer about a new conversation: the sender’s first name and a link, never the message', async () => {
    const priya = await customer(t, 'active', { firstName: 'Priya', lastName: 'Shah' });
    const grace = await carer(t, { firstName: 'Grace', lastName: 'Mensah' });
    const secret = 'My mother takes warfarin and lives at 4 Elm Road';
    const id = await startConversation(t, priya, grace, secret);

    const [email, ...more] = await emailsTo(grace.user.email);
    expect(more).toEqual([]);
    // Decision 0020: a name is the member's to choose, so it is never in the subject.
    expect(email?.subject).toBe('New message on CareMatch');
    expect(email?.bodyText).toContain(`${t.config.publicUrl}/messages/${id}`);
    expect(email?.bodyText).toContain('“Priya” has sent you a message');
    for (const leak of [secret, 'warfarin', 'Shah', priya.user.email]) {
      expect(email?.bodyText).not.toContain(leak);
      expect(email?.subject).not.toContain(leak);
    }

    // The carer's reply emails the customer, named by the carer's first name.
    expect((await reply(t, grace, id, 'Private answer about Elm Road')).statusCode).toBe(201);
    const [toCustomer, ...others] = await emailsTo(priya.user.email);
    expect(others).toEqual([]);
    expect(toCustomer?.subject).toBe('New message on CareMatch');
    expect(toCustomer?.bodyText).toContain('“Grace”');
    expect(toCustomer?.bodyText).not.toContain('Elm Road');
  });

  it(`sends at most one email per conversation and recipient in ${MESSAGE_EMAIL_INTERVAL_MINUTES} minutes`, async () => {
    const priya = await customer(t, 'active', { firstName: 'Priya' });
    const grace = await carer(t, { firstName: 'Grace' });
    let clock = new Date();
    const service = createMessagingService({
      messaging: createMessagingRepository(t.database.db),
      db: t.database.db,
      carers: createCarersService({
        ...builtInServiceDeps(t),
        carers: createCarersRepository(t.database.db),
        db: t.database.db,
        storage: t.storage,
      }),
      mailer: t.app.mailer,
      push: t.app.push,
      rateLimiter: createRateLimiter(t.database.db, { secret: t.config.sessionSecret }),
      publicUrl: t.config.publicUrl,
      now: () => clock,
    });
    const [sender] = await t.database.db.select().from(users).where(eq(users.id, priya.user.id));
    const [carerUser] = await t.database.db.select().from(users).where(eq(users.id, grace.user.id));
    const start = clock.getTime();
    const at = (minutes: number) => (clock = new Date(start + minutes * MINUTE));
    const input = { receiverId: grace.user.id, carerId: grace.carerId };

    const first = await service.send(sender!, { ...input, content: 'One' });
    at(1);
    await service.send(sender!, { ...input, content: 'Two' });
    at(MESSAGE_EMAIL_INTERVAL_MINUTES - 0.01);
    await service.reply(sender!, first.conversationId, { content: 'Three' });
    expect(await emailsTo(grace.user.email)).toHaveLength(1);

    // The carer's own messages are counted for the customer separately.
    await service.reply(carerUser!, first.conversationId, { content: 'Reply' });
    expect(await emailsTo(priya.user.email)).toHaveLength(1);

    // 15 minutes after the last email, the next message sends one more.
    at(MESSAGE_EMAIL_INTERVAL_MINUTES);
    await service.reply(sender!, first.conversationId, { content: 'Four' });
    expect(await emailsTo(grace.user.email)).toHaveLength(2);
    at(MESSAGE_EMAIL_INTERVAL_MINUTES + 5);
    await service.reply(sender!, first.conversationId, { content: 'Five' });
    expect(await emailsTo(grace.user.email)).toHaveLength(2);

    // Many messages at the same moment still send one email.
    at(3 * MESSAGE_EMAIL_INTERVAL_MINUTES);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        service.reply(sender!, first.conversationId, { content: `Burst ${i}` }),
      ),
    );
    expect(await emailsTo(grace.user.email)).toHaveLength(3);
    const stored = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, first.conversationId));
    expect(stored).toHaveLength(16);
  });

  it('refuses a message to a conversation that went between reading and writing it, writing nothing', async () => {
    const priya = await customer(t);
    const grace = await carer(t);
    const gone = randomUUID();
    const write = createMessagingRepository(t.database.db).insertMessage(
      {
        conversationId: gone,
        senderId: priya.user.id,
        receiverId: grace.user.id,
        content: 'Hi',
        createdAt: new Date(),
      },
      { email: null, notice: null, push: null },
    );
    const error = await write.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    // The service answers this with 404 "conversation not found" (writeMessage).
    expect(isForeignKeyViolation(error)).toBe(true);
    expect(await t.database.db.select().from(messages).where(eq(messages.conversationId, gone))).toEqual([]);
  });

  it('sends one email per conversation: a second conversation emails on its own', async () => {
    const priya = await customer(t);
    const sam = await customer(t);
    const grace = await carer(t);
    await startConversation(t, priya, grace, 'From Priya');
    await startConversation(t, priya, grace, 'Priya again');
    await startConversation(t, sam, grace, 'From Sam');
    expect(await emailsTo(grace.user.email)).toHaveLength(2);
  });
});
