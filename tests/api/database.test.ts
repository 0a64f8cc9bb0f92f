import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@contracts/auth';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { carerProfiles, messages, conversations, reviews, sessions, users } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../src/server/demo-seed/seed';
import { SEED_CARERS } from '../../src/server/demo-seed/seed-data';
import { rankScoreSql } from '../../src/server/features/carers/carer-ranking';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let database: DatabaseHandle;
beforeAll(async () => {
  t = await createTestApp();
  database = t.database;
  await seedDemoData(database.db);
});
afterAll(() => t.close());

const tableCounts = async () => {
  const [u] = await database.db.select({ n: count() }).from(users);
  const [c] = await database.db.select({ n: count() }).from(carerProfiles);
  const [r] = await database.db.select({ n: count() }).from(reviews);
  return { users: u?.n, carers: c?.n, reviews: r?.n };
};

const pgCode = (error: unknown): string | undefined =>
  (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;

async function expectViolation(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected a ${code} violation`).toBeDefined();
  expect(pgCode(error)).toBe(code);
}

describe('demo seed', () => {
  it('is idempotent', async () => {
    const before = await tableCounts();
    await seedDemoData(database.db);
    expect(await tableCounts()).toEqual(before);
  });

  it('creates at least 24 active carers across at least 10 towns with varied profiles', async () => {
    const carers = await database.db.select().from(carerProfiles).where(eq(carerProfiles.isActive, true));
    expect(carers.length).toBeGreaterThanOrEqual(24);
    expect(new Set(carers.map((c) => c.location.split(',')[0])).size).toBeGreaterThanOrEqual(10);
    expect(new Set(carers.map((c) => c.specialization)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(carers.map((c) => c.experience)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(carers.map((c) => c.hourlyRateMin)).size).toBeGreaterThanOrEqual(10);
    for (const carer of carers) expect(carer.description.length).toBeGreaterThanOrEqual(50);
  });

  it("keeps each carer's rating and review count equal to their reviews", async () => {
    type Row = {
      id: string;
      rating: string;
      review_count: number;
      actual_count: number;
      actual_avg: string | null;
    };
    const rows = (await database.db.execute(sql`
      select c.id, c.rating, c.review_count, count(r.id)::int as actual_count, round(avg(r.rating), 2)::text as actual_avg
      from carer_profiles c left join reviews r on r.carer_id = c.id
      group by c.id`)) as unknown as { rows: Row[] };
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const row of rows.rows) {
      expect(row.review_count).toBe(row.actual_count);
      expect(Number(row.rating)).toBeCloseTo(Number(row.actual_avg ?? 0), 2);
    }
  });

  it('lets every demo account sign in with the demo password, with the role the README gives it', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: DEMO_PASSWORD },
      });
      expect(response.statusCode, account.email).toBe(200);
      expect(response.json<CurrentUser>().role).toBe(account.role);
    }
  });

  it('gives the subscribed demo customer an active annual plan and the demo carer a verified profile', async () => {
    const [subscriber] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.subscribed.email));
    expect(subscriber).toMatchObject({ subscriptionStatus: 'active', subscriptionType: 'annual' });
    expect(subscriber!.subscriptionExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    const [carer] = await database.db
      .select()
      .from(carerProfiles)
      .innerJoin(users, eq(users.id, carerProfiles.userId))
      .where(eq(users.email, DEMO_ACCOUNTS.carer.email));
    expect(carer?.carer_profiles.isVerified).toBe(true);
  });

  it('gives seeded carers and reviewers no password, so they cannot sign in', async () => {
    const [row] = await database.db
      .select({ n: count() })
      .from(users)
      .where(sql`${users.passwordHash} is not null`);
    expect(row?.n).toBe(Object.keys(DEMO_ACCOUNTS).length);
  });

  // No more initials; the portraits are illustrations the project drew.
  it('gives every seeded carer an illustrated portrait, served as a WebP photo at the ordinary photo address', async () => {
    const carers = await database.db
      .select({ photoUrl: carerProfiles.photoUrl, userPhoto: users.profileImageUrl, key: users.email })
      .from(carerProfiles)
      .innerJoin(users, eq(users.id, carerProfiles.userId));
    expect(carers.length).toBe(SEED_CARERS.length + 1);
    expect(new Set(carers.map((carer) => carer.photoUrl)).size).toBe(carers.length);
    for (const carer of carers) {
      expect(carer.photoUrl, carer.key).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}\.webp$/);
      expect(carer.userPhoto, carer.key).toBe(carer.photoUrl);
      const served = await t.app.inject({ url: carer.photoUrl! });
      expect(served.statusCode, carer.key).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const { format, width, height } = await sharp(served.rawPayload).metadata();
      expect({ format, width, height }, carer.key).toEqual({ format: 'webp', width: 224, height: 224 });
      expect(served.rawPayload.length, carer.key).toBeLessThan(8 * 1024);
    }
    // A name that is not a portrait (or an upload) is still a photo that does not exist.
    const missing = await t.app.inject({ url: '/uploads/photos/00000000-0000-4000-8000-000000000000.webp' });
    expect(missing.statusCode).toBe(404);
  });

  it('gives a seeded carer from before the portraits theirs when it runs again, and leaves a chosen photo alone', async () => {
    const [seeded] = await database.db
      .select({ id: carerProfiles.id, userId: carerProfiles.userId, photoUrl: carerProfiles.photoUrl })
      .from(carerProfiles)
      .innerJoin(users, eq(users.id, carerProfiles.userId))
      .where(eq(users.email, SEED_CARERS[0]!.email));
    const [demoCarer] = await database.db
      .select({ id: carerProfiles.id, photoUrl: carerProfiles.photoUrl })
      .from(carerProfiles)
      .innerJoin(users, eq(users.id, carerProfiles.userId))
      .where(eq(users.email, DEMO_ACCOUNTS.carer.email));
    await database.db.update(carerProfiles).set({ photoUrl: null }).where(eq(carerProfiles.id, seeded!.id));
    const chosen = '/uploads/photos/11111111-1111-4111-8111-111111111111.webp';
    await database.db
      .update(carerProfiles)
      .set({ photoUrl: chosen })
      .where(eq(carerProfiles.id, demoCarer!.id));
    await seedDemoData(database.db);
    const photoOf = async (id: string) =>
      (
        await database.db
          .select({ photoUrl: carerProfiles.photoUrl })
          .from(carerProfiles)
          .where(eq(carerProfiles.id, id))
      )[0]?.photoUrl;
    expect(await photoOf(seeded!.id)).toBe(seeded!.photoUrl);
    expect(await photoOf(demoCarer!.id)).toBe(chosen);
    await database.db
      .update(carerProfiles)
      .set({ photoUrl: demoCarer!.photoUrl })
      .where(eq(carerProfiles.id, demoCarer!.id));
  });
});

describe('migration 0020: checks are not qualifications', () => {
  it("removes a self-declared 'DBS Checked' and recomputes the rank from what is left", async () => {
    const [row] = await database.db
      .insert(carerProfiles)
      .values({
        firstName: 'Old',
        lastName: 'Claim',
        specialization: 'Elderly Care',
        experience: '3-5 years',
        location: 'Leeds, West Yorkshire',
        hourlyRateMin: '15.00',
        hourlyRateMax: '20.00',
        description: 'A profile written when a carer could still tick a DBS check for themself.',
        qualifications: ['DBS Checked', 'First Aid Certified', 'Manual Handling'],
        availability: ['Weekdays'],
        rankScore: 99,
      })
      .returning();
    const migration = fs.readFileSync(
      path.join(import.meta.dirname, '../../src/server/db/migrations/0020_checks_not_qualifications.sql'),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) {
      await database.db.execute(sql.raw(statement));
    }
    const [after] = await database.db
      .select({
        qualifications: carerProfiles.qualifications,
        rankScore: carerProfiles.rankScore,
        expected: rankScoreSql,
      })
      .from(carerProfiles)
      .where(eq(carerProfiles.id, row!.id));
    expect(after?.qualifications).toEqual(['First Aid Certified', 'Manual Handling']);
    expect(after?.rankScore).toBeCloseTo(Number(after?.expected), 9);
    expect(after?.rankScore).not.toBe(99);
  });
});

describe('constraints', () => {
  it('refuses a second account whose email differs only in case', async () => {
    await expectViolation(database.db.insert(users).values({ email: 'CARER@EXAMPLE.COM' }), '23505');
  });

  it('refuses a role outside customer, carer and admin', async () => {
    await expectViolation(
      database.db.execute(sql`insert into users (email, role) values ('odd.role@example.org', 'superuser')`),
      '23514',
    );
  });

  it('refuses a review rating outside 1 to 5', async () => {
    const [carer] = await database.db.select({ id: carerProfiles.id }).from(carerProfiles).limit(1);
    await expectViolation(
      database.db.insert(reviews).values({ carerId: carer!.id, rating: 6, comment: 'Too good to be true' }),
      '23514',
    );
    await expectViolation(
      database.db.insert(reviews).values({ carerId: carer!.id, rating: 0, comment: 'Too bad to be true' }),
      '23514',
    );
  });

  it('refuses a minimum rate above the maximum', async () => {
    await expectViolation(
      database.db.insert(carerProfiles).values({
        firstName: 'Rate',
        lastName: 'Check',
        specialization: 'Elderly Care',
        experience: '1-2 years',
        location: 'York, North Yorkshire',
        hourlyRateMin: '30.00',
        hourlyRateMax: '20.00',
        description: 'x'.repeat(60),
      }),
      '23514',
    );
  });

  it('deletes sessions and the carer profile with the account, but keeps reviews and messages for the other person', async () => {
    const { user: customer } = await t.register({ email: 'leaving.customer@example.org' });
    const { user: carerUser } = await t.register({ email: 'leaving.carer@example.org', userType: 'carer' });
    const [profile] = await database.db
      .insert(carerProfiles)
      .values({
        userId: carerUser.id,
        firstName: 'Leaving',
        lastName: 'Carer',
        specialization: 'Elderly Care',
        experience: '1-2 years',
        location: 'York, North Yorkshire',
        hourlyRateMin: '15.00',
        hourlyRateMax: '18.00',
        description: 'x'.repeat(60),
      })
      .returning();
    const [other] = await database.db
      .select({ id: carerProfiles.id })
      .from(carerProfiles)
      .where(sql`${carerProfiles.userId} <> ${carerUser.id}`)
      .limit(1);
    const [review] = await database.db
      .insert(reviews)
      .values({ carerId: other!.id, customerId: customer.id, rating: 5, comment: 'Lovely with my nan.' })
      .returning();
    const [thread] = await database.db
      .insert(conversations)
      .values({ customerId: customer.id, carerId: other!.id })
      .returning();
    const [message] = await database.db
      .insert(messages)
      .values({ conversationId: thread!.id, senderId: customer.id, content: 'Hello' })
      .returning();

    await database.db.delete(users).where(eq(users.id, customer.id));
    await database.db.delete(users).where(eq(users.id, carerUser.id));

    expect(await database.db.select().from(sessions).where(eq(sessions.userId, customer.id))).toHaveLength(0);
    expect(
      await database.db.select().from(carerProfiles).where(eq(carerProfiles.id, profile!.id)),
    ).toHaveLength(0);
    const [keptReview] = await database.db.select().from(reviews).where(eq(reviews.id, review!.id));
    expect(keptReview?.customerId).toBeNull();
    const [keptMessage] = await database.db.select().from(messages).where(eq(messages.id, message!.id));
    expect(keptMessage).toMatchObject({ senderId: null, content: 'Hello' });
  });
});

// Every other test starts from a migrated template; this one runs the migrations from nothing, the
// way `npm start` does on a fresh machine (PGlite on disk), and again on the same folder.
describe.runIf(process.env.TEST_DB_KIND !== 'postgres')('the embedded start (PGlite in DATA_DIR)', () => {
  it('migrates an empty folder, keeps what was written, and migrates again as a no-op', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carematch-embedded-'));
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir });
      await first.migrate();
      await seedDemoData(first.db);
      const [before] = await first.db.select({ n: count() }).from(users);
      await first.close();

      const again = await openDatabase({ kind: 'pglite', dataDir });
      await again.migrate();
      const [after] = await again.db.select({ n: count() }).from(users);
      const trgm = await again.db.execute(sql`select 1 from pg_extension where extname = 'pg_trgm'`);
      await again.close();
      expect(after?.n).toBe(before?.n);
      expect(before?.n).toBeGreaterThan(0);
      expect((trgm as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000); // two on-disk PGlite starts with every migration: ~10 s alone, 35 s on a busy machine
});
