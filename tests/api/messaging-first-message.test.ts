import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarerSearchResult, CarerSummary } from '@contracts/carers';
import { MESSAGE_MESSAGES, type SentMessage } from '@contracts/messaging';
import { conversations, messages, users } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/demo-seed/seed';
import { createTestApp, signInDemoAccounts, type TestApp } from '../support/test-app';

let t: TestApp;
let carer: CarerSummary;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db);
  Object.assign(cookies, await signInDemoAccounts(t));
  const expired = await t.register({ email: 'expired.customer@example.org' });
  await t.database.db
    .update(users)
    .set({
      subscriptionStatus: 'active',
      subscriptionType: 'monthly',
      subscriptionExpiresAt: new Date(Date.now() - 60_000),
    })
    .where(eq(users.id, expired.user.id));
  cookies.expired = expired.cookie;
  carer = (await t.app.inject({ url: '/api/carers?location=leeds&limit=1' })).json<CarerSearchResult>()
    .items[0]!;
});
afterAll(() => t.close());

const send = (who: string | undefined, body: Record<string, unknown>) =>
  t.injectAs(who ? cookies[who] : undefined, { method: 'POST', url: '/api/messages', payload: body });
const body = (content = 'Hello, could you help my mum on weekday mornings?') => ({
  receiverId: carer.userId,
  carerId: carer.id,
  content,
});

describe('POST /api/messages', () => {
  it.each([
    ['a visitor', undefined, 401, undefined],
    ['a customer without a subscription', 'family', 403, MESSAGE_MESSAGES.subscriptionRequired],
    ['a customer whose plan has expired', 'expired', 403, MESSAGE_MESSAGES.subscriptionRequired],
    ['a carer', 'carer', 403, MESSAGE_MESSAGES.onlyCustomers],
    ['an admin', 'admin', 403, MESSAGE_MESSAGES.onlyCustomers],
    ['a subscribed customer', 'subscribed', 201, undefined],
  ])('answers %s with %i', async (_who, who, status, message) => {
    const response = await send(who, body());
    expect(response.statusCode).toBe(status);
    if (message) expect(response.json()).toEqual({ message });
  });

  it('trims the text and keeps one conversation per customer and carer', async () => {
    const first = (await send('subscribed', body('  First question  '))).json<SentMessage>();
    const second = (await send('subscribed', body('Second question'))).json<SentMessage>();
    expect(first.content).toBe('First question');
    expect(second.conversationId).toBe(first.conversationId);
    expect(first).toMatchObject({ receiverId: carer.userId });
    const threads = await t.database.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.carerId, carer.id), eq(conversations.customerId, first.senderId)));
    expect(threads).toHaveLength(1);
    const stored = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, first.conversationId));
    expect(stored.map((m) => m.content)).toEqual(
      expect.arrayContaining(['First question', 'Second question']),
    );
  });

  it.each([
    ['', MESSAGE_MESSAGES.required],
    ['   \n\t ', MESSAGE_MESSAGES.required],
    ['x'.repeat(2001), MESSAGE_MESSAGES.tooLong],
  ])('refuses content %j with 400 and stores nothing', async (content, message) => {
    const before = (await t.database.db.select().from(messages)).length;
    const response = await send('subscribed', body(content));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await t.database.db.select().from(messages)).length).toBe(before);
  });

  it('refuses a receiver who is not the carer (400) and an unknown carer (404)', async () => {
    const wrongReceiver = await send('subscribed', {
      ...body(),
      receiverId: '7f9c1b7e-1111-4000-8000-000000000000',
    });
    expect(wrongReceiver.statusCode).toBe(400);
    expect(wrongReceiver.json().message).toBe(MESSAGE_MESSAGES.receiverMismatch);
    const unknownCarer = await send('subscribed', {
      ...body(),
      carerId: '7f9c1b7e-2222-4000-8000-000000000000',
    });
    expect(unknownCarer.statusCode).toBe(404);
    expect((await send('subscribed', { ...body(), carerId: 'not-a-uuid' })).statusCode).toBe(400);
  });
});
