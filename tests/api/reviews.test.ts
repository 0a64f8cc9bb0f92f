import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarerReview, PublicCarer } from '@contracts/carers';
import { CARER_MESSAGES } from '@contracts/carers';
import { REVIEW_MESSAGES, type MyReviewState, type SavedReview } from '@contracts/reviews';
import { carerProfiles, reviews } from '../../src/server/db/schema';
import { rankScoreSql } from '../../src/server/features/carers/carer-ranking';
import { createSafeguardingRepository } from '../../src/server/features/safeguarding/safeguarding.repository';
import { createPeople, type CarerPerson, type Person } from '../support/review-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let people: ReturnType<typeof createPeople>;

beforeAll(async () => {
  t = await createTestApp();
  people = createPeople(t);
});
afterAll(() => t.close());

const mineUrl = (carerId: string) => `/api/carers/${carerId}/reviews/mine`;
const getMine = (who: Person | undefined, carerId: string) =>
  t.injectAs(who?.cookie, { method: 'GET', url: mineUrl(carerId) });
const putMine = (who: Person | undefined, carerId: string, payload: unknown) =>
  t.injectAs(who?.cookie, { method: 'PUT', url: mineUrl(carerId), payload: payload as object });
const goodReview = { rating: 5, comment: 'Kind, punctual and brilliant with Mum.' };

/** A carer and a customer the carer has replied to. */
async function eligiblePair(subscription: 'active' | 'expired' = 'active') {
  const carer = await people.carer();
  const customer = await people.customer(subscription);
  await people.conversation(customer.user.id, carer.profile, { carerReplied: true });
  return { carer, customer };
}

/** The carer's stored figures next to the truth computed from the review rows. */
async function figures(carerId: string) {
  const [stored] = await t.database.db
    .select({
      rating: carerProfiles.rating,
      reviewCount: carerProfiles.reviewCount,
      rankScore: carerProfiles.rankScore,
      freshRankScore: sql<number>`${rankScoreSql}`,
    })
    .from(carerProfiles)
    .where(eq(carerProfiles.id, carerId));
  const rows = await t.database.db.select().from(reviews).where(eq(reviews.carerId, carerId));
  const sum = rows.reduce((total, row) => total + row.rating, 0);
  const truth = {
    rating: rows.length === 0 ? '0.00' : (Math.round((sum / rows.length) * 100) / 100).toFixed(2),
    reviewCount: rows.length,
  };
  return { stored: stored!, truth, rows };
}

describe('who may review', () => {
  // Nothing new reaches a suspended account, a review included.
  it('pauses reviews of a suspended carer (403), new or changed, and leaves the rating as it was', async () => {
    const { carer, customer } = await eligiblePair();
    expect((await putMine(customer, carer.profile.id, goodReview)).statusCode).toBe(201);
    const before = await figures(carer.profile.id);
    const safeguarding = createSafeguardingRepository(t.database.db);
    await safeguarding.suspend(carer.user.id, new Date());
    const changed = await putMine(customer, carer.profile.id, { ...goodReview, rating: 1 });
    expect(changed.statusCode).toBe(403);
    expect(changed.json()).toEqual({ message: REVIEW_MESSAGES.carerSuspended });
    const other = await people.customer('active');
    await people.conversation(other.user.id, carer.profile, { carerReplied: true });
    expect((await putMine(other, carer.profile.id, goodReview)).statusCode).toBe(403);
    expect((await figures(carer.profile.id)).rows).toEqual(before.rows);
    await safeguarding.unsuspend(carer.user.id, new Date());
    expect((await putMine(other, carer.profile.id, goodReview)).statusCode).toBe(201);
  });

  it('answers a visitor with 401', async () => {
    const { carer } = await eligiblePair();
    expect((await getMine(undefined, carer.profile.id)).statusCode).toBe(401);
    expect((await putMine(undefined, carer.profile.id, goodReview)).statusCode).toBe(401);
  });

  it('refuses a customer with no conversation with the carer', async () => {
    const carer = await people.carer();
    const customer = await people.customer('active');
    expect((await getMine(customer, carer.profile.id)).json()).toEqual({ eligible: false, review: null });
    const response = await putMine(customer, carer.profile.id, goodReview);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: REVIEW_MESSAGES.notEligible });
  });

  it('refuses a customer until the carer has replied in their conversation, then allows them', async () => {
    const carer = await people.carer();
    const customer = await people.customer('active');
    const conversationId = await people.conversation(customer.user.id, carer.profile, {
      carerReplied: false,
    });
    // A reply from another carer in some other conversation does not count either.
    const elsewhere = await people.carer();
    await people.conversation(customer.user.id, elsewhere.profile, { carerReplied: true });

    expect((await getMine(customer, carer.profile.id)).json<MyReviewState>().eligible).toBe(false);
    const refused = await putMine(customer, carer.profile.id, goodReview);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: REVIEW_MESSAGES.notEligible });

    await people.reply(conversationId, carer.user.id, customer.user.id);
    expect((await getMine(customer, carer.profile.id)).json<MyReviewState>()).toEqual({
      eligible: true,
      review: null,
    });
    expect((await putMine(customer, carer.profile.id, goodReview)).statusCode).toBe(201);
  });

  it('lets a customer whose subscription has ended review a carer who replied to them', async () => {
    const { carer, customer } = await eligiblePair('expired');
    expect((await getMine(customer, carer.profile.id)).json<MyReviewState>().eligible).toBe(true);
    expect((await putMine(customer, carer.profile.id, goodReview)).statusCode).toBe(201);
  });

  it.each(['carer', 'admin'] as const)('refuses a %s account with onlyCustomers', async (role) => {
    const carer = await people.carer();
    const someone = await people.person(role);
    expect((await getMine(someone, carer.profile.id)).json()).toEqual({ eligible: false, review: null });
    const response = await putMine(someone, carer.profile.id, goodReview);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: REVIEW_MESSAGES.onlyCustomers });
  });

  it('refuses the carer reviewing their own profile', async () => {
    const { carer } = await eligiblePair();
    const response = await putMine(carer, carer.profile.id, goodReview);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: REVIEW_MESSAGES.onlyCustomers });
  });

  it.each([
    ['an unknown id', '6f1d2c3b-4a59-4e8f-9a0b-1c2d3e4f5a6b'],
    ['an id that is not a uuid', 'not-a-carer'],
  ])('answers %s with 404', async (_what, id) => {
    const customer = await people.customer('active');
    for (const response of [await getMine(customer, id), await putMine(customer, id, goodReview)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: CARER_MESSAGES.carerNotFound });
    }
  });
});

describe('writing and changing a review', () => {
  it('creates the review (201), then changes the same row (200)', async () => {
    const { carer, customer } = await eligiblePair();
    const created = await putMine(customer, carer.profile.id, {
      rating: 3,
      comment: 'Good, but late twice.',
    });
    expect(created.statusCode).toBe(201);
    const first = created.json<SavedReview>();
    expect(first).toMatchObject({
      review: { rating: 3, comment: 'Good, but late twice.' },
      carer: { rating: '3.00', reviewCount: 1 },
    });

    const changed = await putMine(customer, carer.profile.id, {
      rating: 5,
      comment: 'Sorted out the timing, now excellent.',
    });
    expect(changed.statusCode).toBe(200);
    const second = changed.json<SavedReview>();
    expect(second.review).toMatchObject({
      id: first.review.id,
      rating: 5,
      comment: 'Sorted out the timing, now excellent.',
      createdAt: first.review.createdAt,
    });
    expect(second.carer).toEqual({ rating: '5.00', reviewCount: 1 });

    const { rows, stored } = await figures(carer.profile.id);
    expect(rows).toHaveLength(1);
    expect(stored).toMatchObject({ rating: '5.00', reviewCount: 1 });
    expect((await getMine(customer, carer.profile.id)).json<MyReviewState>()).toEqual({
      eligible: true,
      review: second.review,
    });
  });

  it('stores the comment trimmed, as plain text', async () => {
    const { carer, customer } = await eligiblePair();
    const comment = '   <b>Lovely</b> & caring carer.  \n ';
    const response = await putMine(customer, carer.profile.id, { rating: 4, comment });
    expect(response.statusCode).toBe(201);
    expect(response.json<SavedReview>().review.comment).toBe('<b>Lovely</b> & caring carer.');
    const { rows } = await figures(carer.profile.id);
    expect(rows[0]!.comment).toBe('<b>Lovely</b> & caring carer.');
  });

  it.each([
    ['rating 0', { rating: 0, comment: goodReview.comment }, 'rating', REVIEW_MESSAGES.rating],
    ['rating 6', { rating: 6, comment: goodReview.comment }, 'rating', REVIEW_MESSAGES.rating],
    ['rating 2.5', { rating: 2.5, comment: goodReview.comment }, 'rating', REVIEW_MESSAGES.rating],
    ['rating as text', { rating: '5', comment: goodReview.comment }, 'rating', REVIEW_MESSAGES.rating],
    ['no rating', { comment: goodReview.comment }, 'rating', REVIEW_MESSAGES.rating],
    [
      'a 9-character comment',
      { rating: 4, comment: 'Very good' },
      'comment',
      REVIEW_MESSAGES.commentTooShort,
    ],
    [
      'a comment of 9 characters padded with spaces',
      { rating: 4, comment: '   Very good   ' },
      'comment',
      REVIEW_MESSAGES.commentTooShort,
    ],
    [
      'a 1,001-character comment',
      { rating: 4, comment: 'a'.repeat(1001) },
      'comment',
      REVIEW_MESSAGES.commentTooLong,
    ],
    ['no comment', { rating: 4 }, 'comment', REVIEW_MESSAGES.commentTooShort],
  ])('refuses %s with its message', async (_what, payload, field, message) => {
    const { carer, customer } = await eligiblePair();
    const response = await putMine(customer, carer.profile.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fieldErrors: { [field]: message } });
    expect((await figures(carer.profile.id)).rows).toHaveLength(0);
  });

  it('accepts exactly 10 and exactly 1,000 characters', async () => {
    const { carer, customer } = await eligiblePair();
    expect(
      (await putMine(customer, carer.profile.id, { rating: 1, comment: 'a'.repeat(10) })).statusCode,
    ).toBe(201);
    expect(
      (await putMine(customer, carer.profile.id, { rating: 1, comment: 'b'.repeat(1000) })).statusCode,
    ).toBe(200);
  });
});

describe("the carer's figures", () => {
  let carer: CarerPerson;

  it('shows rating and review count on the profile, and the reviews newest first', async () => {
    carer = await people.carer();
    const ratings = [5, 4, 4];
    const authors: Person[] = [];
    for (const rating of ratings) {
      const customer = await people.customer('active');
      await people.conversation(customer.user.id, carer.profile, { carerReplied: true });
      const response = await putMine(customer, carer.profile.id, {
        rating,
        comment: `A ${rating}-star experience overall.`,
      });
      expect(response.statusCode).toBe(201);
      authors.push(customer);
    }
    const profile = (await t.app.inject({ url: `/api/carers/${carer.profile.id}` })).json<PublicCarer>();
    expect(profile).toMatchObject({ rating: 4.33, reviewCount: 3 });

    const list = (await t.app.inject({ url: `/api/carers/${carer.profile.id}/reviews` })).json<
      CarerReview[]
    >();
    expect(list.map((review) => review.rating)).toEqual([4, 4, 5]);
    expect(list.map((review) => review.comment)).toEqual([
      'A 4-star experience overall.',
      'A 4-star experience overall.',
      'A 5-star experience overall.',
    ]);
    const third = authors[2]!.user;
    expect(list[0]!.authorName).toBe(`${third.firstName} ${third.lastName!.charAt(0)}.`);

    // Editing the oldest review moves the figures but not its place in the list.
    const edited = await putMine(authors[0], carer.profile.id, {
      rating: 1,
      comment: 'Changed my mind, sadly.',
    });
    expect(edited.json<SavedReview>().carer).toEqual({ rating: '3.00', reviewCount: 3 });
    const after = (await t.app.inject({ url: `/api/carers/${carer.profile.id}/reviews` })).json<
      CarerReview[]
    >();
    expect(after.map((review) => review.rating)).toEqual([4, 4, 1]);
  });

  it('keeps the ranking score in step with the new rating', async () => {
    const { stored, truth } = await figures(carer.profile.id);
    expect({ rating: stored.rating, reviewCount: stored.reviewCount }).toEqual(truth);
    expect(stored.rankScore).toBeCloseTo(stored.freshRankScore, 9);
    expect(stored.rankScore).toBeGreaterThan(0);
  });
});

describe('concurrency', () => {
  it('leaves rating and reviewCount exactly right after 50 reviews, edits and messages in parallel', async () => {
    const carer = await people.carer();
    const customers = await Promise.all(Array.from({ length: 50 }, () => people.customer('active')));
    await Promise.all(
      customers.map((customer) =>
        people.conversation(customer.user.id, carer.profile, { carerReplied: true }),
      ),
    );
    const ratingOf = (i: number) => (i % 5) + 1;
    // In waves of 10 customers (30 requests at once): every save of a wave waits in line for the
    // carer's row lock while holding a connection, so 150 at once would wait for the test pool's 5
    // connections longer than its 5-second limit on a busy machine (a 503, not a wrong figure).
    const WAVE = 10;
    const responses = [];
    for (let start = 0; start < customers.length; start += WAVE) {
      responses.push(
        ...(await Promise.all(
          customers.slice(start, start + WAVE).flatMap((customer, j) => {
            const i = start + j;
            return [
              // Each customer saves twice at once: the carer's row lock puts them in line (one 201, one 200).
              putMine(customer, carer.profile.id, {
                rating: ratingOf(i),
                comment: `First thoughts from customer ${i}.`,
              }),
              putMine(customer, carer.profile.id, {
                rating: ratingOf(i + 2),
                comment: `Second thoughts from customer ${i}.`,
              }),
              t.injectAs(customer.cookie, {
                method: 'POST',
                url: '/api/messages',
                payload: {
                  receiverId: carer.user.id,
                  carerId: carer.profile.id,
                  content: `Thank you (${i})`,
                },
              }),
            ];
          }),
        )),
      );
    }
    const statuses = responses.map((response) => response.statusCode);
    for (let i = 0; i < customers.length; i += 1) {
      expect(statuses.slice(i * 3, i * 3 + 2).sort()).toEqual([200, 201]);
      expect(statuses[i * 3 + 2]).toBe(201);
    }

    const { stored, truth, rows } = await figures(carer.profile.id);
    expect(rows).toHaveLength(50);
    expect(truth.reviewCount).toBe(50);
    expect({ rating: stored.rating, reviewCount: stored.reviewCount }).toEqual(truth);
    expect(stored.rankScore).toBeCloseTo(stored.freshRankScore, 9);
    // Every customer's stored review is whichever of their two saves came last.
    const savedLast = responses.filter((response, index) => index % 3 !== 2 && response.statusCode === 200);
    expect(new Set(rows.map((row) => row.comment))).toEqual(
      new Set(savedLast.map((response) => response.json<SavedReview>().review.comment)),
    );
  });
});
