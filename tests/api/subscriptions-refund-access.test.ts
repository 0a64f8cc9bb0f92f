import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARRANGEMENT_MESSAGES, type Arrangement } from '@contracts/arrangements';
import type { PublicCarer } from '@contracts/carers';
import { MESSAGE_MESSAGES } from '@contracts/messaging';
import { REVIEW_MESSAGES, type MyReviewState } from '@contracts/reviews';
import { carer, reply, startConversation, type Carer, type Person } from '../support/messaging-fixtures';
import {
  answerRequest,
  buyThreeMonthAccess,
  cancelWithRefund,
  carerNearLeeds,
  inboxOf,
  inDays,
  postCareRequest,
  requestsOf,
  threadOf,
} from '../support/paywall-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Decision 0029, "A refund takes back what it paid for": access bought with a payment ends when
 * the payment is refunded, everywhere it was used. Each use: buy 3-Month Access through the demo
 * provider's real payment path, use it, cancel within cooling-off (the unused days refunded),
 * and find it locked again, exactly as for a family that never paid.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const family = (firstName: string) => t.register({ firstName, lastName: 'Refund' });

/** A family that paid, wrote once to a listed carer, and got an answer. */
async function paidFamilyInTouch(name: string): Promise<{ family: Person; carer: Carer; id: string }> {
  const who = await family(name);
  const partner = await carer(t, { firstName: `${name}Carer`, lastName: 'Kind' });
  await buyThreeMonthAccess(t, who);
  const id = await startConversation(t, who, partner, 'Could you help my father on Mondays?');
  expect((await reply(t, partner, id, 'Yes, Mondays suit me: 07700 900462.')).statusCode).toBe(201);
  return { family: who, carer: partner, id };
}

describe('reading a conversation', () => {
  it('locks every carer message again, sent before or after the refund; the family’s own words stay', async () => {
    const { family: who, carer: partner, id } = await paidFamilyInTouch('Rhoswen');
    expect((await threadOf(t, who, id)).messages.map((m) => m.locked)).toEqual([false, false]);

    await cancelWithRefund(t, who);
    expect((await reply(t, partner, id, 'Did you get my number? 07700 900462')).statusCode).toBe(201);

    const thread = await threadOf(t, who, id);
    expect(thread.messages.map((m) => [m.fromMe, m.locked, m.content])).toEqual([
      [true, false, 'Could you help my father on Mondays?'],
      [false, true, MESSAGE_MESSAGES.subscribeToRead],
      [false, true, MESSAGE_MESSAGES.subscribeToRead],
    ]);
    expect(thread.replyBlockedBy).toBe('subscription');
    const summary = (await inboxOf(t, who)).conversations.find((c) => c.id === id);
    expect(summary?.lastMessage?.content).toBe(MESSAGE_MESSAGES.subscribeToRead);
    expect((await reply(t, who, id, 'Hello?')).statusCode).toBe(403);

    // The same view as a family that never paid, and paying again opens it all.
    await buyThreeMonthAccess(t, who);
    expect((await threadOf(t, who, id)).messages.every((m) => !m.locked)).toBe(true);
  });
});

describe('reading answers to care requests', () => {
  it('holds the answer back again on the request, in its thread and in the inbox', async () => {
    const who = await family('Eirlys');
    const near = await carerNearLeeds(t, 'Tegwen');
    const requestId = await postCareRequest(t, who);
    const conversationId = await answerRequest(t, near, requestId, 'I am free on Tuesdays: 07700 900463.');
    await buyThreeMonthAccess(t, who);
    expect((await requestsOf(t, who))[0]!.responses[0]).toMatchObject({
      message: 'I am free on Tuesdays: 07700 900463.',
      conversationId,
    });
    // Writing back once in the conversation the answer opened must not keep it open.
    expect((await reply(t, who, conversationId, 'Lovely, when could we talk?')).statusCode).toBe(201);

    await cancelWithRefund(t, who);
    expect((await requestsOf(t, who))[0]!.responses[0]).toMatchObject({
      message: null,
      conversationId: null,
    });
    const thread = await threadOf(t, who, conversationId);
    expect(thread.messages.filter((m) => !m.fromMe).every((m) => m.locked)).toBe(true);
    expect(JSON.stringify(thread)).not.toContain('07700 900463');
  });
});

describe('proposing arrangements', () => {
  const terms = {
    startDate: inDays(5),
    visits: [{ day: 'monday', start: '09:00', end: '11:00' }],
    hourlyRate: '18.00',
    tasks: 'Breakfast and a short walk.',
  };

  it('refuses a new proposal, and the carer can no longer accept one made before the refund', async () => {
    const { family: who, carer: partner, id } = await paidFamilyInTouch('Lowri');
    const proposed = await t.injectAs(who.cookie, {
      method: 'POST',
      url: '/api/bookings',
      payload: { ...terms, conversationId: id },
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const arrangementId = proposed.json<Arrangement>().id;

    await cancelWithRefund(t, who);
    const accepted = await t.injectAs(partner.cookie, {
      method: 'POST',
      url: `/api/bookings/${arrangementId}/accept`,
    });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toEqual({ message: ARRANGEMENT_MESSAGES.familyPlanEnded });
    const again = await t.injectAs(who.cookie, {
      method: 'POST',
      url: '/api/bookings',
      payload: { ...terms, conversationId: id },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: ARRANGEMENT_MESSAGES.subscriptionRequired });
    // The carer may still decline it: nothing about that needs the family's plan.
    const declined = await t.injectAs(partner.cookie, {
      method: 'POST',
      url: `/api/bookings/${arrangementId}/decline`,
      payload: { reason: 'The family’s plan ended.' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
  });
});

describe('review eligibility', () => {
  const review = { rating: 5, comment: 'Kind, punctual and thoughtful with my father.' };
  const mine = async (who: Person, partner: Carer) =>
    (
      await t.injectAs(who.cookie, { url: `/api/carers/${partner.carerId}/reviews/mine` })
    ).json<MyReviewState>();

  it('no longer counts contact made on access since refunded', async () => {
    const { family: who, carer: partner } = await paidFamilyInTouch('Angharad');
    expect((await mine(who, partner)).eligible).toBe(true);

    await cancelWithRefund(t, who);
    expect((await mine(who, partner)).eligible).toBe(false);
    const refused = await t.injectAs(who.cookie, {
      method: 'PUT',
      url: `/api/carers/${partner.carerId}/reviews/mine`,
      payload: review,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: REVIEW_MESSAGES.notEligible });
  });

  it('still counts contact made on a later plan that was not refunded', async () => {
    const { family: who, carer: partner, id } = await paidFamilyInTouch('Carys');
    await cancelWithRefund(t, who);
    await buyThreeMonthAccess(t, who);
    // Written on the second plan, which stays paid for: contact that counts.
    expect((await reply(t, who, id, 'Thank you for Monday.')).statusCode).toBe(201);
    expect((await mine(who, partner)).eligible).toBe(true);
  });
});

describe('check reports on carer profiles', () => {
  it('shows the DBS details with the plan and hides them again after the refund', async () => {
    const who = await family('Nerys');
    const checked = await carer(t, { firstName: 'Bethan', lastName: 'Checked' });
    const profile = async () =>
      (await t.injectAs(who.cookie, { url: `/api/carers/${checked.carerId}` })).json<PublicCarer>();
    expect((await profile()).checks).toBeNull();
    await buyThreeMonthAccess(t, who);
    expect((await profile()).checks).not.toBeNull();
    await cancelWithRefund(t, who);
    expect((await profile()).checks).toBeNull();
  });
});
