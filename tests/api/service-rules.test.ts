import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARER_MESSAGES, CarerProfileInput } from '@contracts/carers';
import { MESSAGE_MESSAGES } from '@contracts/messaging';
import { REVIEW_MESSAGES } from '@contracts/reviews';
import type { DatabaseHandle } from '../../src/server/db/client';
import {
  carerProfiles,
  conversations,
  messages,
  reports,
  reviews,
  users,
  type CarerProfileRow,
  type UserRow,
} from '../../src/server/db/schema';
import { DEMO_ACCOUNTS, seedDemoData } from '../../src/server/demo-seed/seed';
import { SEED_CARERS } from '../../src/server/demo-seed/seed-data';
import { createCarersRepository } from '../../src/server/features/carers/carers.repository';
import { createCarersService, type CarersService } from '../../src/server/features/carers/carers.service';
import { createReportsRepository } from '../../src/server/features/reports/reports.repository';
import { createReportsService, type ReportsService } from '../../src/server/features/reports/reports.service';
import { createReviewsRepository } from '../../src/server/features/reviews/reviews.repository';
import { createReviewsService, type ReviewsService } from '../../src/server/features/reviews/reviews.service';
import { AppError } from '../../src/server/platform/errors';
import { createRateLimiter } from '../../src/server/platform/rate-limit';
import { createGeocoder } from '../../src/server/platform/geocoder/geocoder';
import { createMemoryStorage } from '../../src/server/platform/storage';
import { createTestDatabase } from '../support/test-database';

// Services receive their repositories, so a rule is tested here against a real,
// migrated database with the services built directly: no app, no HTTP, no session.

let database: DatabaseHandle;
let carersService: CarersService;
let reviewsService: ReviewsService;
let reportsService: ReportsService;
let family: UserRow;
let subscribed: UserRow;
let grace: UserRow;
let graceProfile: CarerProfileRow;

const userByEmail = async (email: string): Promise<UserRow> => {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no seeded user ${email}`);
  return row;
};

const profileOf = async (user: UserRow): Promise<CarerProfileRow> => {
  const [row] = await database.db.select().from(carerProfiles).where(eq(carerProfiles.userId, user.id));
  if (!row) throw new Error(`no carer profile for ${user.email}`);
  return row;
};

/** A seeded carer account (not the demo carer) and its profile. */
const seededCarer = async (index: number) => {
  const user = await userByEmail(SEED_CARERS[index]!.email);
  return { user, profile: await profileOf(user) };
};

/** The profile's own fields as the edit form would send them. */
const inputFrom = (profile: CarerProfileRow): CarerProfileInput =>
  CarerProfileInput.parse({
    specialization: profile.specialization,
    experience: profile.experience,
    location: profile.location,
    hourlyRateMin: profile.hourlyRateMin,
    hourlyRateMax: profile.hourlyRateMax,
    description: profile.description,
    qualifications: profile.qualifications,
    availability: profile.availability,
  });

/** A conversation between a customer and a carer with the customer's first message (and the carer's reply). */
async function conversation(
  customer: UserRow,
  carer: { user: UserRow; profile: CarerProfileRow },
  { carerReplied }: { carerReplied: boolean },
): Promise<string> {
  const [row] = await database.db
    .insert(conversations)
    .values({ customerId: customer.id, carerId: carer.profile.id })
    .returning({ id: conversations.id });
  const conversationId = row!.id;
  await database.db.insert(messages).values({
    conversationId,
    senderId: customer.id,
    receiverId: carer.user.id,
    content: 'Hello, are you free on Tuesdays?',
  });
  if (carerReplied) await reply(conversationId, carer.user, customer);
  return conversationId;
}

const reply = (conversationId: string, carer: UserRow, customer: UserRow) =>
  database.db.insert(messages).values({
    conversationId,
    senderId: carer.id,
    receiverId: customer.id,
    content: 'Yes, Tuesday mornings suit me.',
  });

/** The promise rejects with an AppError of this status and message (what the routes would answer). */
async function expectAppError(promise: Promise<unknown>, statusCode: number, message: string) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ statusCode, message });
}

const reviewsOf = (carerId: string, customerId: string) =>
  database.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.carerId, carerId), eq(reviews.customerId, customerId)));

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db);
  const { db } = database;
  carersService = createCarersService({
    carers: createCarersRepository(db),
    db,
    storage: createMemoryStorage(),
    geocoder: createGeocoder({}),
    publicUrl: 'http://localhost:3000',
  });
  reviewsService = createReviewsService({ reviews: createReviewsRepository(db), db });
  reportsService = createReportsService({
    reports: createReportsRepository(db),
    rateLimiter: createRateLimiter(db, { secret: 'service-rules-test-secret-0123456789' }),
  });
  family = await userByEmail(DEMO_ACCOUNTS.family.email);
  subscribed = await userByEmail(DEMO_ACCOUNTS.subscribed.email);
  grace = await userByEmail(DEMO_ACCOUNTS.carer.email);
  graceProfile = await profileOf(grace);
});

afterAll(async () => {
  await database?.close();
});

describe('carers service', () => {
  it("refuses to let a carer edit another carer's profile, and leaves it as it was", async () => {
    const other = await seededCarer(0);
    const changed = {
      ...inputFrom(other.profile),
      description: 'Someone else wrote this, to see whether the service would let it through.',
    };

    await expectAppError(
      carersService.update(other.profile.id, grace, changed),
      403,
      CARER_MESSAGES.notYourProfile,
    );
    expect((await profileOf(other.user)).description).toBe(other.profile.description);

    // The owner may make the same change.
    const updated = await carersService.update(other.profile.id, other.user, changed);
    expect(updated.description).toBe(changed.description);
  });

  it('lets only carer accounts create a carer profile', async () => {
    await expectAppError(
      carersService.create(family, inputFrom(graceProfile)),
      403,
      CARER_MESSAGES.onlyCarers,
    );
    const [profile] = await database.db
      .select()
      .from(carerProfiles)
      .where(eq(carerProfiles.userId, family.id));
    expect(profile).toBeUndefined();
  });
});

describe('reviews service', () => {
  const input = { rating: 5, comment: 'Grace was kind, punctual and thorough every visit.' };

  it('takes a review only once the carer has replied to the customer', async () => {
    const carer = { user: grace, profile: graceProfile };
    // No conversation at all.
    await expectAppError(
      reviewsService.save(graceProfile.id, family, input),
      403,
      REVIEW_MESSAGES.notEligible,
    );
    // A conversation the carer never answered.
    const conversationId = await conversation(family, carer, { carerReplied: false });
    await expectAppError(
      reviewsService.save(graceProfile.id, family, input),
      403,
      REVIEW_MESSAGES.notEligible,
    );
    expect(await reviewsOf(graceProfile.id, family.id)).toHaveLength(0);

    await reply(conversationId, grace, family);
    const { created, saved } = await reviewsService.save(graceProfile.id, family, input);
    expect(created).toBe(true);
    expect(saved.carer.reviewCount).toBe(graceProfile.reviewCount + 1);
    expect(await reviewsOf(graceProfile.id, family.id)).toHaveLength(1);
  });

  it('takes no review of a suspended carer, even from an eligible customer', async () => {
    const carer = await seededCarer(1);
    await conversation(family, carer, { carerReplied: true });
    await database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, carer.user.id));

    await expectAppError(
      reviewsService.save(carer.profile.id, family, input),
      403,
      REVIEW_MESSAGES.carerSuspended,
    );
    expect(await reviewsOf(carer.profile.id, family.id)).toHaveLength(0);
    expect((await profileOf(carer.user)).reviewCount).toBe(carer.profile.reviewCount);
  });
});

describe('reports service', () => {
  it("answers 'not found' to anyone reporting a conversation they are not in", async () => {
    const conversationId = await conversation(family, await seededCarer(2), { carerReplied: true });
    const input = { reason: 'Spam or a scam' as const, details: 'Asked me to pay by bank transfer.' };

    await expectAppError(
      reportsService.reportConversation(conversationId, subscribed, input),
      404,
      MESSAGE_MESSAGES.conversationNotFound,
    );
    const filedBy = (user: UserRow) =>
      database.db
        .select()
        .from(reports)
        .where(and(eq(reports.conversationId, conversationId), eq(reports.reporterId, user.id)));
    expect(await filedBy(subscribed)).toHaveLength(0);

    // One of the conversation's two people may report it.
    expect(await reportsService.reportConversation(conversationId, family, input)).toMatchObject({
      status: 'open',
    });
    expect(await filedBy(family)).toHaveLength(1);
  });
});

describe('rate limiter', () => {
  it('never asks to wait longer than the window, when a parallel hit read the clock later and started it', async () => {
    // Two parallel requests: B reads the clock 800 ms after A but its upsert lands first and
    // starts the window; A's hit then falls into B's window, which ends 800 ms past A's own clock.
    let clock = new Date('2026-11-29T10:00:00.800Z');
    const limiter = createRateLimiter(database.db, {
      secret: 'service-rules-test-secret-0123456789',
      now: () => clock,
    });
    const rule = { bucket: 'test.retry-after', limit: 1, windowSeconds: 900 };
    expect((await limiter.hit(rule, 'someone')).allowed).toBe(true);
    clock = new Date('2026-11-29T10:00:00.000Z');
    const refused = await limiter.hit(rule, 'someone');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(900);
  });
});
