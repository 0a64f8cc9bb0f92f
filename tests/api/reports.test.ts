import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MESSAGES } from '@contracts/messaging';
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_MAX_PER_HOUR,
  REPORT_MESSAGES,
  REPORT_REASONS,
  type ReportReceipt,
} from '@contracts/reports';
import type { SavedReview } from '@contracts/reviews';
import type { AdminReport } from '@contracts/safeguarding';
import { carerProfiles, reports } from '../../src/server/db/schema';
import { createPeople, type CarerPerson, type Person } from '../support/review-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let people: ReturnType<typeof createPeople>;
let carer: CarerPerson;
let customer: Person;
let conversationId: string;
let reviewId: string;

beforeAll(async () => {
  t = await createTestApp();
  people = createPeople(t);
  carer = await people.carer();
  customer = await people.customer('active');
  conversationId = await people.conversation(customer.user.id, carer.profile, { carerReplied: true });
  const review = await t.injectAs(customer.cookie, {
    method: 'PUT',
    url: `/api/carers/${carer.profile.id}/reviews/mine`,
    payload: { rating: 2, comment: 'Did not turn up on Tuesday.' },
  });
  reviewId = review.json<SavedReview>().review.id;
});
afterAll(() => t.close());

const report = (who: Person | undefined, url: string, payload: unknown) =>
  t.injectAs(who?.cookie, { method: 'POST', url, payload: payload as object });
const conversationUrl = (id: string) => `/api/conversations/${id}/report`;
const reviewUrl = (id: string) => `/api/reviews/${id}/report`;
const harassment = { reason: REPORT_REASONS[0], details: 'Rude messages late at night.' };
const storedReport = async (id: string) =>
  (await t.database.db.select().from(reports).where(eq(reports.id, id)))[0];

describe('reporting a conversation', () => {
  it.each(['customer', 'carer'] as const)(
    'takes a report from the %s in it, into the open queue',
    async (side) => {
      const reporter = side === 'customer' ? customer : carer;
      const response = await report(reporter, conversationUrl(conversationId), harassment);
      expect(response.statusCode).toBe(201);
      const receipt = response.json<ReportReceipt>();
      expect(receipt.status).toBe('open');
      expect(await storedReport(receipt.id)).toMatchObject({
        reporterId: reporter.user.id,
        conversationId,
        reviewId: null,
        reason: harassment.reason,
        details: harassment.details,
        status: 'open',
      });
    },
  );

  it('answers a visitor with 401', async () => {
    expect((await report(undefined, conversationUrl(conversationId), harassment)).statusCode).toBe(401);
  });

  it.each([
    ['another customer', () => people.customer('active'), () => conversationId],
    ['another carer', () => people.carer(), () => conversationId],
    ['an admin', () => people.admin(), () => conversationId],
    [
      'an unknown conversation',
      () => Promise.resolve(customer),
      () => '6f1d2c3b-4a59-4e8f-9a0b-1c2d3e4f5a6b',
    ],
    ['an id that is not a uuid', () => Promise.resolve(customer), () => 'nope'],
  ])('answers %s with 404', async (_who, reporterOf, idOf) => {
    const response = await report(await reporterOf(), conversationUrl(idOf()), harassment);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: MESSAGE_MESSAGES.conversationNotFound });
  });
});

describe('reporting a review', () => {
  it.each([
    ['a customer', () => people.customer()],
    ['a carer', () => people.carer()],
    ['an admin', () => people.admin()],
  ])('takes a report from any signed-in person (%s)', async (_who, reporterOf) => {
    const reporter = await reporterOf();
    const response = await report(reporter, reviewUrl(reviewId), {
      reason: 'Something else',
      details: '  This review is about a different carer.  ',
    });
    expect(response.statusCode).toBe(201);
    expect(await storedReport(response.json<ReportReceipt>().id)).toMatchObject({
      reporterId: reporter.user.id,
      reviewId,
      conversationId: null,
      reason: 'Something else',
      details: 'This review is about a different carer.',
      status: 'open',
    });
  });

  it('answers a visitor with 401', async () => {
    expect((await report(undefined, reviewUrl(reviewId), harassment)).statusCode).toBe(401);
  });

  it.each([
    ['an unknown review', '6f1d2c3b-4a59-4e8f-9a0b-1c2d3e4f5a6b'],
    ['an id that is not a uuid', 'nope'],
  ])('answers %s with 404', async (_what, id) => {
    const response = await report(await people.customer(), reviewUrl(id), harassment);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: REPORT_MESSAGES.reviewNotFound });
  });

  it('stores an empty details text when none is given for a listed reason', async () => {
    const response = await report(await people.customer(), reviewUrl(reviewId), {
      reason: REPORT_REASONS[1],
    });
    expect(response.statusCode).toBe(201);
    expect((await storedReport(response.json<ReportReceipt>().id))?.details).toBe('');
  });
});

const carerUrl = (id: string) => `/api/carers/${id}/report`;

describe('reporting a carer', () => {
  it.each([
    ['a customer', () => people.customer()],
    ['a carer', () => people.carer()],
    ['an admin', () => people.admin()],
  ])('takes a report of a listed carer from any signed-in person (%s)', async (_who, reporterOf) => {
    const reporter = await reporterOf();
    const response = await report(reporter, carerUrl(carer.profile.id), {
      reason: 'False or misleading information',
      details: 'The photo is not of this carer.',
    });
    expect(response.statusCode).toBe(201);
    expect(await storedReport(response.json<ReportReceipt>().id)).toMatchObject({
      reporterId: reporter.user.id,
      carerId: carer.profile.id,
      reviewId: null,
      conversationId: null,
      reason: 'False or misleading information',
      status: 'open',
    });
  });

  it('answers a visitor with 401', async () => {
    expect((await report(undefined, carerUrl(carer.profile.id), harassment)).statusCode).toBe(401);
  });

  it.each([
    ['an unknown carer', '6f1d2c3b-4a59-4e8f-9a0b-1c2d3e4f5a6b'],
    ['an id that is not a uuid', 'nope'],
  ])('answers %s with 404', async (_what, id) => {
    const response = await report(await people.customer(), carerUrl(id), harassment);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: REPORT_MESSAGES.carerNotFound });
  });

  it('hides an unlisted carer from strangers but not from a family already talking to them', async () => {
    const unlisted = await people.carer();
    await t.database.db
      .update(carerProfiles)
      .set({ isVerified: false })
      .where(eq(carerProfiles.id, unlisted.profile.id));
    const stranger = await report(await people.customer('active'), carerUrl(unlisted.profile.id), harassment);
    expect(stranger.statusCode).toBe(404);
    const family = await people.customer('active');
    await people.conversation(family.user.id, unlisted.profile, { carerReplied: true });
    expect((await report(family, carerUrl(unlisted.profile.id), harassment)).statusCode).toBe(201);
  });

  it('shows the report in the safeguarding queue with the carer as the one reported', async () => {
    const response = await report(await people.customer(), carerUrl(carer.profile.id), {
      reason: 'Concern for someone’s safety',
      details: 'Queue check.',
    });
    const { id } = response.json<ReportReceipt>();
    const admin = await people.admin();
    const queue = await t.injectAs(admin.cookie, {
      method: 'GET',
      url: '/api/admin/reports?status=open&limit=100',
    });
    expect(queue.statusCode).toBe(200);
    const item = queue.json<AdminReport[]>().find((row) => row.id === id);
    expect(item?.subject).toEqual({
      kind: 'carer',
      carerId: carer.profile.id,
      carerName: expect.any(String) as string,
    });
    expect(item?.reported?.id).toBe(carer.user.id);
  });
});

describe('validation', () => {
  it.each([
    ['an unknown reason', { reason: 'I just do not like it' }, 'reason', REPORT_MESSAGES.reason],
    ['no reason', { details: 'Something happened.' }, 'reason', REPORT_MESSAGES.reason],
    [
      "'Something else' without details",
      { reason: 'Something else' },
      'details',
      REPORT_MESSAGES.detailsRequired,
    ],
    [
      "'Something else' with only spaces",
      { reason: 'Something else', details: '    ' },
      'details',
      REPORT_MESSAGES.detailsRequired,
    ],
    [
      'details that are too long',
      { reason: REPORT_REASONS[0], details: 'x'.repeat(REPORT_DETAILS_MAX_LENGTH + 1) },
      'details',
      REPORT_MESSAGES.detailsTooLong,
    ],
  ])('refuses %s with its message', async (_what, payload, field, message) => {
    const before = (await t.database.db.select().from(reports)).length;
    for (const url of [conversationUrl(conversationId), reviewUrl(reviewId)]) {
      const response = await report(customer, url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, fieldErrors: { [field]: message } });
    }
    expect(await t.database.db.select().from(reports)).toHaveLength(before);
  });
});

describe('rate limit', () => {
  it(`takes ${REPORT_MAX_PER_HOUR} reports an hour from one account, then answers 429`, async () => {
    const reporter = await people.customer();
    const own = await people.conversation(reporter.user.id, carer.profile, { carerReplied: false });
    for (let i = 0; i < REPORT_MAX_PER_HOUR; i += 1) {
      const url = i % 2 === 0 ? reviewUrl(reviewId) : conversationUrl(own);
      expect((await report(reporter, url, harassment)).statusCode).toBe(201);
    }
    for (const url of [reviewUrl(reviewId), conversationUrl(own)]) {
      const refused = await report(reporter, url, harassment);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: REPORT_MESSAGES.tooManyReports });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The limit is per account: someone else is not held back.
    expect((await report(await people.customer(), reviewUrl(reviewId), harassment)).statusCode).toBe(201);
  });
});
