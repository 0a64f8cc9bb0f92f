import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { carerProfiles as c, reviews, users, type CarerProfileRow } from '../../db/schema';
import { isUuid } from '../../platform/ids';
import { rankScoreSql } from './carer-ranking';
import { createCarerSearch } from './carer-search.repository';

type ProfileValues = Pick<
  typeof c.$inferInsert,
  | 'specialization'
  | 'experience'
  | 'location'
  | 'postcodeDistrict'
  | 'hourlyRateMin'
  | 'hourlyRateMax'
  | 'description'
  | 'qualifications'
  | 'availability'
  | 'availabilitySlots'
  | 'availabilityUpdatedAt'
  | 'availabilityRemindedAt'
  | 'homePostcode'
  | 'homePostcodeChecked'
  | 'homeLatitude'
  | 'homeLongitude'
  | 'travelMiles'
>;

export function createCarersRepository(db: Executor) {
  async function refreshRankScore(id: string): Promise<CarerProfileRow> {
    const [row] = await db
      .update(c)
      .set({ rankScore: sql`${rankScoreSql}` })
      .where(eq(c.id, id))
      .returning();
    if (!row) throw new Error(`carer profile ${id} vanished`);
    return row;
  }

  return {
    refreshRankScore,

    /**
     * The recency part of the score changes with time alone: housekeeping refreshes it hourly,
     * writing only the rows whose score moved (a new day for them), not every row.
     */
    async refreshAllRankScores(): Promise<number> {
      const changed = await db
        .update(c)
        .set({ rankScore: sql`${rankScoreSql}` })
        .where(sql`${c.rankScore} is distinct from ${rankScoreSql}`)
        .returning({ id: c.id });
      return changed.length;
    },

    async findById(id: string): Promise<CarerProfileRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(c).where(eq(c.id, id)).limit(1);
      return row;
    },

    async findByUserId(userId: string): Promise<CarerProfileRow | undefined> {
      const [row] = await db.select().from(c).where(eq(c.userId, userId)).limit(1);
      return row;
    },

    async insert(
      values: ProfileValues & {
        userId: string;
        firstName: string;
        lastName: string;
        createdAt: Date;
        listedUntil: Date;
      },
    ): Promise<CarerProfileRow> {
      const [row] = await db.insert(c).values(values).returning({ id: c.id });
      if (!row) throw new Error('insert into carer_profiles returned no row');
      return refreshRankScore(row.id);
    },

    async update(id: string, values: ProfileValues): Promise<CarerProfileRow> {
      const now = new Date();
      await db
        .update(c)
        .set({ ...values, updatedAt: now, lastActiveAt: now })
        .where(eq(c.id, id));
      return refreshRankScore(id);
    },

    /** Sets the profile photo and mirrors it as the account's avatar. */
    async setPhoto(id: string, userId: string | null, photoUrl: string): Promise<CarerProfileRow> {
      const now = new Date();
      await db.update(c).set({ photoUrl, updatedAt: now, lastActiveAt: now }).where(eq(c.id, id));
      if (userId)
        await db.update(users).set({ profileImageUrl: photoUrl, updatedAt: now }).where(eq(users.id, userId));
      return refreshRankScore(id);
    },

    async listReviews(carerId: string) {
      return db
        .select({
          id: reviews.id,
          rating: reviews.rating,
          comment: reviews.comment,
          createdAt: reviews.createdAt,
          authorFirstName: users.firstName,
          authorLastName: users.lastName,
        })
        .from(reviews)
        .leftJoin(users, eq(users.id, reviews.customerId))
        .where(eq(reviews.carerId, carerId))
        .orderBy(sql`${reviews.createdAt} desc`, reviews.id);
    },

    /**
     * Marks up to `limit` active carers whose week was last saved before `before`, and not yet
     * reminded since, as reminded now; returns them with their address. SKIP LOCKED: instances
     * running housekeeping at once take different carers.
     */
    async claimAvailabilityReminders(before: Date, now: Date, limit: number) {
      const due = db
        .select({ id: c.id })
        .from(c)
        .where(
          and(
            eq(c.isActive, true),
            isNotNull(c.userId),
            lt(c.availabilityUpdatedAt, before),
            or(isNull(c.availabilityRemindedAt), lt(c.availabilityRemindedAt, c.availabilityUpdatedAt)),
          ),
        )
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(c)
        .set({ availabilityRemindedAt: now })
        .where(inArray(c.id, due))
        .returning({ userId: c.userId, firstName: c.firstName });
      const userIds = claimed.map((row) => row.userId!);
      if (userIds.length === 0) return [];
      return db
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(and(inArray(users.id, userIds), isNull(users.suspendedAt)));
    },

    /**
     * Profiles distance search cannot place yet: no coordinates (written before migration 0013),
     * or a postcode saved while the postcode service was down. Oldest change first.
     */
    async unplaced(limit: number) {
      return db
        .select({
          id: c.id,
          location: c.location,
          homePostcode: c.homePostcode,
          homeLatitude: c.homeLatitude,
          homeLongitude: c.homeLongitude,
        })
        .from(c)
        .where(or(isNull(c.homeLatitude), eq(c.homePostcodeChecked, false)))
        .orderBy(c.updatedAt)
        .limit(limit);
    },

    /** Where a profile's home is (no other column changes: not a profile edit). */
    async setHome(
      id: string,
      home: { homeLatitude: number; homeLongitude: number; homePostcodeChecked: boolean },
    ): Promise<void> {
      await db.update(c).set(home).where(eq(c.id, id));
    },

    /** The public search: filters, orders, keyset pages (carer-search.repository.ts). */
    search: createCarerSearch(db).search,
  };
}
export type CarersRepository = ReturnType<typeof createCarersRepository>;
