import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { carerProfiles as c, reviews, users } from '../../db/schema';
import { createCarerProfilesStore } from './carer-profiles.store';
import { createCarerSearch } from './carer-search.repository';

export function createCarersRepository(db: Executor) {
  const store = createCarerProfilesStore(db);
  return {
    refreshRankScore: store.refreshRankScore,
    refreshAllRankScores: store.refreshAllRankScores,
    findById: store.findById,
    findByUserId: store.findByUserId,
    insert: store.insert,
    update: store.update,

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
    setHome: store.setHome,
    homeDistricts: store.homeDistricts,
    placeAtDistrictCentres: store.placeAtDistrictCentres,

    /** The public search: filters, orders, keyset pages (carer-search.repository.ts). */
    search: createCarerSearch(db).search,
  };
}
export type CarersRepository = ReturnType<typeof createCarersRepository>;
