// Deleting an account (or a carer profile) leaves the other person their thread,
// the gone side shown as 'Deleted user'; replies to it are refused with 409.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReport } from '@contracts/safeguarding';
import {
  DELETED_USER_NAME,
  MESSAGE_MESSAGES,
  type ConversationList,
  type ConversationThread,
  type UnreadCount,
} from '@contracts/messaging';
import { REPORT_REASONS, type ReportReceipt } from '@contracts/reports';
import type { CoverOffers, FamilyAlerts } from '@contracts/cover';
import { DELETE_CONFIRMATION_WORD } from '@contracts/settings';
import {
  carerProfiles,
  conversations,
  coverBackups,
  coverOffers,
  messages,
  users,
  visits,
} from '../../src/server/db/schema';
import { approveChecks, validProfile } from '../support/carer-fixtures';
import {
  admin,
  carer,
  customer,
  reply,
  startConversation,
  type Carer,
  type Person,
} from '../support/messaging-fixtures';
import { coverWithData, tablesHolding } from '../support/privacy-fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/test-app';

let t: TestApp;
let theAdmin: Person;
beforeAll(async () => {
  t = await createTestApp();
  theAdmin = await admin(t);
});
afterAll(() => t.close());

const PHOTO_URL = '/uploads/photos/not-served-in-this-test.jpg';
const GONE_PARTNER = { userId: null, name: DELETED_USER_NAME, photoUrl: null, role: 'carer' };

const inbox = async (who: Person) => {
  const response = await t.injectAs(who.cookie, { url: '/api/conversations' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConversationList>().conversations;
};
const openThread = (who: Person, id: string) => t.injectAs(who.cookie, { url: `/api/conversations/${id}` });
const thread = async (who: Person, id: string) => {
  const response = await openThread(who, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConversationThread>();
};
const unread = async (who: Person) =>
  (await t.injectAs(who.cookie, { url: '/api/messages/unread' })).json<UnreadCount>().unread;
const post = (who: Person, url: string, payload?: object) =>
  t.injectAs(who.cookie, { method: 'POST', url, payload });
const deleteProfile = (carerId: string) =>
  t.injectAs(theAdmin.cookie, { method: 'DELETE', url: `/api/test/carers/${carerId}` });
const deleteAccount = (userId: string) => t.database.db.delete(users).where(eq(users.id, userId));
const conversationRow = async (id: string) =>
  (await t.database.db.select().from(conversations).where(eq(conversations.id, id)))[0];

async function reportConversation(who: Person, conversationId: string): Promise<string> {
  const response = await post(who, `/api/conversations/${conversationId}/report`, {
    reason: REPORT_REASONS[0],
    details: 'Asked me to pay outside the site.',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ReportReceipt>().id;
}
const reportInQueue = async (id: string) => {
  const response = await t.injectAs(theAdmin.cookie, { url: '/api/admin/reports?status=all' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminReport[]>().find((report) => report.id === id);
};

/**
 * A family and a carer with a photo who have written to each other; the carer's last message is
 * still unread by the family, the family's last one unread by the carer.
 */
async function exchange() {
  const family = await customer(t, 'active', { firstName: 'Priya', lastName: 'Shah' });
  const worker: Carer = await carer(t, { firstName: 'Tom', lastName: 'Baker' });
  await t.database.db
    .update(carerProfiles)
    .set({ photoUrl: PHOTO_URL })
    .where(eq(carerProfiles.id, worker.carerId));
  const id = await startConversation(t, family, worker, 'Can you help my dad on Mondays?');
  expect((await post(worker, `/api/conversations/${id}/read`)).statusCode).toBe(200);
  expect((await reply(t, worker, id, 'Yes, from 9 until 12.')).statusCode).toBe(201);
  expect((await post(family, `/api/conversations/${id}/read`)).statusCode).toBe(200);
  expect((await reply(t, family, id, 'Lovely, see you then.')).statusCode).toBe(201);
  expect((await reply(t, worker, id, 'I will bring my DBS certificate.')).statusCode).toBe(201);
  expect(await unread(family)).toBe(1);
  expect(await unread(worker)).toBe(1);
  const before = await thread(family, id);
  expect(before.partner).toEqual({
    userId: worker.user.id,
    name: 'Tom B.',
    photoUrl: PHOTO_URL,
    role: 'carer',
  });
  return { family, worker, id };
}

const CONTENTS = [
  'Can you help my dad on Mondays?',
  'Yes, from 9 until 12.',
  'Lovely, see you then.',
  'I will bring my DBS certificate.',
];

/** What the family sees once the carer side is gone, however it went. */
async function expectFamilyKeepsThread(family: Person, id: string, carerSenderId: string | null) {
  const row = (await inbox(family)).find((conversation) => conversation.id === id);
  expect(row).toMatchObject({
    carerId: null,
    partner: GONE_PARTNER,
    unreadCount: 1,
    lastMessage: { content: 'I will bring my DBS certificate.', fromMe: false },
  });
  expect(await unread(family)).toBe(1);

  const seen = await thread(family, id);
  expect(seen).toMatchObject({ carerId: null, partner: GONE_PARTNER, replyBlockedBy: 'carerGone' });
  expect(seen.messages.map((m) => [m.content, m.fromMe, m.senderId])).toEqual([
    [CONTENTS[0], true, family.user.id],
    [CONTENTS[1], false, carerSenderId],
    [CONTENTS[2], true, family.user.id],
    [CONTENTS[3], false, carerSenderId],
  ]);

  const refused = await reply(t, family, id, 'Are you still coming?');
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toEqual({ message: MESSAGE_MESSAGES.carerGone });
  expect((await post(family, `/api/conversations/${id}/block`)).statusCode).toBe(409);
  const stored = await t.database.db.select().from(messages).where(eq(messages.conversationId, id));
  expect(stored).toHaveLength(CONTENTS.length);

  // Reading still works, and clears the count.
  expect((await post(family, `/api/conversations/${id}/read`)).json()).toEqual({ marked: 1 });
  expect(await unread(family)).toBe(0);
}

describe('an admin deletes a carer profile (DELETE /api/test/carers/{id})', () => {
  it('leaves the family the whole thread from "Deleted user", and refuses replies with 409', async () => {
    const { family, worker, id } = await exchange();
    const reportId = await reportConversation(family, id);
    expect((await deleteProfile(worker.carerId)).statusCode).toBe(200);

    expect(await conversationRow(id)).toMatchObject({ customerId: family.user.id, carerId: null });
    // The carer's account stays, so its messages keep their sender.
    await expectFamilyKeepsThread(family, id, worker.user.id);

    // The report still lists; the reported carer is still known through the thread's messages.
    const report = await reportInQueue(reportId);
    expect(report).toMatchObject({
      reporter: { id: family.user.id },
      reported: { id: worker.user.id, role: 'carer' },
      subject: { kind: 'conversation', conversationId: id },
    });
    if (report?.subject.kind !== 'conversation') throw new Error('conversation expected');
    expect(report.subject.messages.map((m) => m.content)).toEqual(CONTENTS);
  });

  it('no longer shows the thread, or counts its messages, to the carer account that lost the profile', async () => {
    const { worker, id } = await exchange();
    expect((await deleteProfile(worker.carerId)).statusCode).toBe(200);

    expect((await inbox(worker)).map((conversation) => conversation.id)).not.toContain(id);
    expect((await openThread(worker, id)).statusCode).toBe(404);
    expect(await unread(worker)).toBe(0);
    expect((await reply(t, worker, id, 'Still here')).statusCode).toBe(404);
    expect((await post(worker, `/api/conversations/${id}/read`)).statusCode).toBe(404);
    const report = await post(worker, `/api/conversations/${id}/report`, {
      reason: REPORT_REASONS[0],
      details: 'x',
    });
    expect(report.statusCode).toBe(404);
  });

  it('keeps every such thread (NULLs are distinct in the one-thread-per-pair index) and new ones start apart', async () => {
    const family = await customer(t);
    const first = await carer(t);
    const second = await carer(t);
    const firstId = await startConversation(t, family, first, 'To the first');
    const secondId = await startConversation(t, family, second, 'To the second');
    expect((await deleteProfile(first.carerId)).statusCode).toBe(200);
    expect((await deleteProfile(second.carerId)).statusCode).toBe(200);

    // The first carer lists a new profile; writing to it starts a new thread.
    const relisted = await post(first, '/api/carers', validProfile());
    expect(relisted.statusCode, relisted.body).toBe(201);
    // Its checks went with the old profile: the new one is listed once they are approved again.
    await approveChecks(t.database.db, relisted.json<{ id: string }>().id);
    const newId = await startConversation(t, family, {
      ...first,
      carerId: relisted.json<{ id: string }>().id,
    });
    expect([firstId, secondId]).not.toContain(newId);

    const rows = await inbox(family);
    expect(rows.map((row) => row.id).sort()).toEqual([firstId, secondId, newId].sort());
    expect(rows.find((row) => row.id === newId)?.partner).toMatchObject({ userId: first.user.id });
    expect((await thread(first, newId)).messages).toHaveLength(1);
    expect((await openThread(first, firstId)).statusCode).toBe(404);
  });
});

describe("a carer's account is deleted (its profile goes with it)", () => {
  it('leaves the family the thread, the carer\'s messages from "Deleted user"', async () => {
    const { family, worker, id } = await exchange();
    const reportId = await reportConversation(family, id);
    await deleteAccount(worker.user.id);
    expect(
      await t.database.db.select().from(carerProfiles).where(eq(carerProfiles.id, worker.carerId)),
    ).toEqual([]);

    await expectFamilyKeepsThread(family, id, null);

    // The safeguarding queue still has the report, with the gone carer's messages unnamed.
    const report = await reportInQueue(reportId);
    expect(report).toMatchObject({ reporter: { id: family.user.id }, reported: null });
    if (report?.subject.kind !== 'conversation') throw new Error('conversation expected');
    expect(report.subject.messages.map((m) => [m.senderName, m.content])).toEqual([
      ['Priya Shah', CONTENTS[0]],
      [DELETED_USER_NAME, CONTENTS[1]],
      ['Priya Shah', CONTENTS[2]],
      [DELETED_USER_NAME, CONTENTS[3]],
    ]);
  });
});

describe("a customer's account is deleted", () => {
  it('leaves the carer the thread from "Deleted user" and refuses replies with 409', async () => {
    const { family, worker, id } = await exchange();
    await deleteAccount(family.user.id);

    const row = (await inbox(worker)).find((conversation) => conversation.id === id);
    expect(row).toMatchObject({
      carerId: worker.carerId,
      partner: { userId: null, name: DELETED_USER_NAME, photoUrl: null, role: 'customer' },
      unreadCount: 1,
    });
    expect(await unread(worker)).toBe(1);
    const seen = await thread(worker, id);
    expect(seen.replyBlockedBy).toBe('otherPartyGone');
    expect(seen.messages.map((m) => [m.content, m.fromMe, m.senderId])).toEqual([
      [CONTENTS[0], false, null],
      [CONTENTS[1], true, worker.user.id],
      [CONTENTS[2], false, null],
      [CONTENTS[3], true, worker.user.id],
    ]);
    const refused = await reply(t, worker, id, 'Hello?');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: MESSAGE_MESSAGES.otherPartyGone });
  });

  it('keeps a thread both of whose people are gone, for the reports about it', async () => {
    const { family, worker, id } = await exchange();
    const reportId = await reportConversation(worker, id);
    await deleteAccount(family.user.id);
    await deleteAccount(worker.user.id);
    expect(await conversationRow(id)).toMatchObject({ customerId: null, carerId: null });
    const report = await reportInQueue(reportId);
    expect(report).toMatchObject({ reporter: null, reported: null });
    if (report?.subject.kind !== 'conversation') throw new Error('conversation expected');
    expect(report.subject.messages.map((m) => m.senderName)).toEqual(Array(4).fill(DELETED_USER_NAME));
  });
});

// Cover (decision 0037) when one side leaves through "Delete my account" (the erasure of decision
// 0011): the plan and the open offers go with the person; answered offers stay for the other
// party, unnamed; those left behind are told what changed.
describe('cover when a family or a backup carer deletes their account', () => {
  const erase = async (who: Person) => {
    const response = await t.injectAs(who.cookie, {
      method: 'DELETE',
      url: '/api/settings/account',
      payload: { password: TEST_PASSWORD, confirmation: DELETE_CONFIRMATION_WORD },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const offersOf = async (visitId: string) =>
    t.database.db.select().from(coverOffers).where(eq(coverOffers.visitId, visitId));
  const visitRow = async (visitId: string) =>
    (await t.database.db.select().from(visits).where(eq(visits.id, visitId)))[0]!;
  const alertsOf = async (who: Person) =>
    (await t.injectAs(who.cookie, { url: '/api/cover/alerts' })).json<FamilyAlerts>().items;

  it('a backup leaving: out of the plan, open offers withdrawn, visits to come uncovered and the family told; the visit under way stays covered by "Deleted user"', async () => {
    const cover = await coverWithData(t);
    await erase(cover.first);

    const backups = await t.database.db
      .select({ carerId: coverBackups.carerId })
      .from(coverBackups)
      .where(eq(coverBackups.arrangementId, cover.arrangementId));
    expect(backups).toEqual([{ carerId: cover.second.carerId }]);
    // Tomorrow's open offer to them is withdrawn; the other backup's stays.
    expect((await offersOf(cover.tomorrow)).map((offer) => [offer.carerId, offer.status])).toEqual([
      [cover.second.carerId, 'open'],
    ]);
    // The visit under way keeps its record: accepted, by nobody named now.
    expect((await offersOf(cover.underWay)).map((offer) => [offer.carerId, offer.status]).sort()).toEqual(
      [
        [null, 'accepted'],
        [cover.second.carerId, 'taken'],
      ].sort(),
    );
    const alerts = await alertsOf(cover.family);
    expect(alerts.find((alert) => alert.visitId === cover.underWay)).toMatchObject({
      state: 'covered',
      coverName: DELETED_USER_NAME,
    });
    // The visit in two days is nobody's now: the family may offer it again, and is told.
    expect(await visitRow(cover.inTwoDays)).toMatchObject({ coveredBy: null, coveredAt: null });
    expect(await offersOf(cover.inTwoDays)).toEqual([]);
    expect(alerts.find((alert) => alert.visitId === cover.inTwoDays)).toMatchObject({
      state: 'open',
      offered: false,
      mayOffer: true,
    });
    const told = (await t.outbox()).filter(
      (mail) =>
        mail.toAddress === cover.family.user.email &&
        mail.subject === 'Your backup carer can no longer cover a visit',
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.bodyText).not.toContain(cover.first.user.firstName!);
    // Nothing of theirs is left in the cover tables.
    const holding = (await tablesHolding(t, cover.first.carerId)).map((found) => found.table);
    for (const table of ['cover_backups', 'cover_offers', 'visits']) expect(holding).not.toContain(table);
  });

  it('an admin deleting a backup’s carer profile does the same: out of the plan, open offers withdrawn, visits to come uncovered', async () => {
    const cover = await coverWithData(t);
    expect((await deleteProfile(cover.first.carerId)).statusCode).toBe(200);
    const backups = await t.database.db
      .select({ carerId: coverBackups.carerId })
      .from(coverBackups)
      .where(eq(coverBackups.arrangementId, cover.arrangementId));
    expect(backups).toEqual([{ carerId: cover.second.carerId }]);
    expect((await offersOf(cover.tomorrow)).map((offer) => [offer.carerId, offer.status])).toEqual([
      [cover.second.carerId, 'open'],
    ]);
    expect(await visitRow(cover.inTwoDays)).toMatchObject({ coveredBy: null, coveredAt: null });
    expect((await offersOf(cover.underWay)).find((offer) => offer.status === 'accepted')?.carerId).toBeNull();
  });

  it('a family leaving: its cover plan and open offers go, a backup coming to a visit to come is told it is cancelled, answered offers stay unnamed', async () => {
    const cover = await coverWithData(t);
    await erase(cover.family);

    const backups = await t.database.db
      .select()
      .from(coverBackups)
      .where(eq(coverBackups.arrangementId, cover.arrangementId));
    expect(backups).toEqual([]);
    expect(await offersOf(cover.tomorrow)).toEqual([]);
    expect((await offersOf(cover.inTwoDays)).map((offer) => offer.status).sort()).toEqual([
      'accepted',
      'taken',
    ]);
    const told = (await t.outbox()).filter(
      (mail) =>
        mail.toAddress === cover.first.user.email &&
        mail.subject === 'A visit you were covering is cancelled',
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.bodyText).not.toContain(cover.family.user.firstName!);
    // The backup keeps the offers they answered, the family unnamed; the one to come cancelled.
    const offers = (await t.injectAs(cover.first.cookie, { url: '/api/cover/offers' })).json<CoverOffers>()
      .items;
    expect(
      offers.map((offer) => [offer.visitId, offer.familyName, offer.status, offer.cancelled]).sort(),
    ).toEqual(
      [
        [cover.underWay, DELETED_USER_NAME, 'accepted', false],
        [cover.inTwoDays, DELETED_USER_NAME, 'accepted', true],
      ].sort(),
    );
    expect(
      (await t.injectAs(cover.second.cookie, { url: '/api/cover/offers' })).json<CoverOffers>().items,
    ).toHaveLength(2);
  });
});
