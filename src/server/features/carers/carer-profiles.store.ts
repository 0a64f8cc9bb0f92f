import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { carerProfiles as c, reviews, type CarerProfileRow } from '../../db/schema';
import { districtCentresTable, type DistrictCentre } from '../../platform/district-centres-sql';
import { isUuid } from '../../platform/ids';
import { createAccountsStore } from '../auth';
import { rankScoreSql } from './carer-ranking';

/**
 * The one writer of `carer_profiles` (src/server/db/table-owners.js, decision 0030). Every
 * feature that changes a profile calls these, passing its own transaction (or the database), so
 * the change and what must follow it are written together. The rule kept here: any change to a
 * column the ranking reads (carer-ranking.ts) recomputes `rank_score` in the same transaction,
 * and this file is the only place that writes `rank_score`.
 */

/** The columns a carer edits in their own profile. */
export type CarerProfileValues = Pick<
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

/** The profile columns the admin tools write (product §7 test carer calls). */
export type AdminCarerValues = Pick<
  typeof c.$inferInsert,
  | 'firstName'
  | 'lastName'
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
  | 'isVerified'
>;

export function createCarerProfilesStore(db: Executor) {
  const users = createAccountsStore(db);

  /** Recomputes the stored "best match" score of the profiles from their current values. */
  async function rerank(where: SQL | undefined): Promise<CarerProfileRow[]> {
    return db
      .update(c)
      .set({ rankScore: sql`${rankScoreSql}` })
      .where(where)
      .returning();
  }

  async function rerankOne(id: string): Promise<CarerProfileRow> {
    const [row] = await rerank(eq(c.id, id));
    if (!row) throw new Error(`carer profile ${id} vanished`);
    return row;
  }

  return {
    // ── reads ──────────────────────────────────────────────────────────────────────────────────
    async findById(id: string): Promise<CarerProfileRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(c).where(eq(c.id, id)).limit(1);
      return row;
    },

    async findByUserId(userId: string): Promise<CarerProfileRow | undefined> {
      const [row] = await db.select().from(c).where(eq(c.userId, userId)).limit(1);
      return row;
    },

    /**
     * The profile row-locked until the transaction ends. 'no key update' (what an UPDATE of the row
     * takes anyway) lets messages and conversations that only reference the carer go on.
     */
    async lock(
      id: string,
      strength: 'update' | 'no key update' = 'update',
    ): Promise<CarerProfileRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(c).where(eq(c.id, id)).limit(1).for(strength);
      return row;
    },

    /** Whether any account or carer profile still shows the photo at `url` (the photo pipeline asks). */
    async photoShown(url: string): Promise<boolean> {
      if (await users.avatarInUse(url)) return true;
      const [row] = await db.select({ id: c.id }).from(c).where(eq(c.photoUrl, url)).limit(1);
      return row !== undefined;
    },

    // ── the ranking ────────────────────────────────────────────────────────────────────────────
    refreshRankScore: rerankOne,

    /**
     * The recency part of the score changes with time alone: housekeeping refreshes it hourly,
     * writing only the rows whose score moved (a new day for them), not every row.
     */
    async refreshAllRankScores(): Promise<number> {
      const changed = await rerank(sql`${c.rankScore} is distinct from ${rankScoreSql}`);
      return changed.length;
    },

    // ── the carer's own profile ────────────────────────────────────────────────────────────────
    async insert(
      values: CarerProfileValues & {
        userId: string;
        firstName: string;
        lastName: string;
        createdAt: Date;
        listedUntil: Date;
      },
    ): Promise<CarerProfileRow> {
      const [row] = await db.insert(c).values(values).returning({ id: c.id });
      if (!row) throw new Error('insert into carer_profiles returned no row');
      return rerankOne(row.id);
    },

    async update(id: string, values: CarerProfileValues): Promise<CarerProfileRow> {
      const now = new Date();
      await db
        .update(c)
        .set({ ...values, updatedAt: now, lastActiveAt: now })
        .where(eq(c.id, id));
      return rerankOne(id);
    },

    /**
     * Sets the profile photo; a new photo is the account's avatar too (the photo pipeline,
     * platform/photos.ts). `activity`: the carer did it, so it counts as activity.
     */
    async setPhoto(
      id: string,
      userId: string | null,
      photoUrl: string,
      at: Date,
      activity: boolean,
    ): Promise<CarerProfileRow> {
      await db
        .update(c)
        .set({ photoUrl, updatedAt: at, ...(activity ? { lastActiveAt: at } : {}) })
        .where(eq(c.id, id));
      if (userId) await users.setAvatar(userId, photoUrl, at);
      return rerankOne(id);
    },

    /**
     * The account's photo changed (Settings): a profile that showed the old avatar (or none)
     * shows the new one. Answers the profiles changed.
     */
    async followAvatar(userId: string, photoUrl: string, oldUrl: string | null, at: Date): Promise<string[]> {
      const mirrored = await db
        .update(c)
        .set({ photoUrl, updatedAt: at })
        .where(and(eq(c.userId, userId), oldUrl === null ? isNull(c.photoUrl) : eq(c.photoUrl, oldUrl)))
        .returning({ id: c.id });
      const ids = mirrored.map((row) => row.id);
      if (ids.length > 0) await rerank(inArray(c.id, ids));
      return ids;
    },

    /** Not a profile edit: where the profile's home is, for distance search. */
    async setHome(
      id: string,
      home: { homeLatitude: number; homeLongitude: number; homePostcodeChecked: boolean },
    ): Promise<void> {
      await db.update(c).set(home).where(eq(c.id, id));
    },

    /** The postcode districts of the homes placed from a checked postcode (decision 0032). */
    async homeDistricts(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ district: c.postcodeDistrict })
        .from(c)
        .where(
          sql`${c.homePostcode} is not null and ${c.homePostcodeChecked} and ${c.postcodeDistrict} is not null`,
        );
      return rows.map((row) => row.district!);
    },

    /**
     * Moves every home placed from a checked postcode to its district's centre where it is not
     * there already (decision 0032: a profile from before, or a centre that moved). Not a profile
     * edit. Returns how many moved.
     */
    async placeAtDistrictCentres(centres: DistrictCentre[]): Promise<number> {
      if (centres.length === 0) return 0;
      const moved = (await db.execute(sql`
        update ${c} set home_latitude = centre.latitude, home_longitude = centre.longitude
        from ${districtCentresTable(centres)}
        where ${c.postcodeDistrict} = centre.district and ${c.homePostcode} is not null and ${c.homePostcodeChecked}
          and (${c.homeLatitude} is distinct from centre.latitude or ${c.homeLongitude} is distinct from centre.longitude)
        returning ${c.id}`)) as unknown as { rows: unknown[] };
      return moved.rows.length;
    },

    // ── admin tools ────────────────────────────────────────────────────────────────────────────
    /** A profile with no account (admin-made). */
    async insertWithoutAccount(
      values: AdminCarerValues & { createdAt: Date; listedUntil: Date; photoUrl: string | null },
    ): Promise<string> {
      const [row] = await db
        .insert(c)
        .values({ ...values, userId: null, isActive: true, updatedAt: values.createdAt })
        .returning({ id: c.id });
      if (!row) throw new Error('insert into carer_profiles returned no row');
      await rerankOne(row.id);
      return row.id;
    },

    /** An admin's edit: not the carer's activity, so `last_active_at` stays. */
    async adminUpdate(id: string, values: AdminCarerValues, at: Date): Promise<CarerProfileRow> {
      await db
        .update(c)
        .set({ ...values, updatedAt: at })
        .where(eq(c.id, id));
      return rerankOne(id);
    },

    /**
     * Deletes the profile (reviews, saved entries and verifications go by cascade; its
     * conversations stay for the families with `carer_id` null). The account stays; its avatar
     * was the profile photo, which goes.
     */
    async delete(profile: Pick<CarerProfileRow, 'id' | 'userId' | 'photoUrl'>, at: Date): Promise<void> {
      await db.delete(c).where(eq(c.id, profile.id));
      if (profile.userId && profile.photoUrl) await users.clearAvatar(profile.userId, profile.photoUrl, at);
    },

    // ── other features' changes ────────────────────────────────────────────────────────────────
    /**
     * Recomputes the carer's figures from the reviews table itself (never by adding to the stored
     * ones, so they cannot drift), then the ranking score that depends on them. Two statements:
     * in one UPDATE the score would still read the old rating.
     */
    async recountReviews(carerId: string): Promise<{ rating: string; reviewCount: number }> {
      await db
        .update(c)
        .set({
          rating: sql`(select coalesce(round(avg(${reviews.rating}), 2), 0) from ${reviews} where ${reviews.carerId} = ${carerId})`,
          reviewCount: sql`(select count(*)::int from ${reviews} where ${reviews.carerId} = ${carerId})`,
        })
        .where(eq(c.id, carerId));
      const row = await rerankOne(carerId);
      return { rating: row.rating, reviewCount: row.reviewCount };
    },

    /** Sets or clears the Verified badge, and the score it is part of; true when it changed. */
    async setVerified(carerId: string, verified: boolean, at: Date): Promise<boolean> {
      const changed = await db
        .update(c)
        .set({ isVerified: verified, updatedAt: at })
        .where(and(eq(c.id, carerId), ne(c.isVerified, verified)))
        .returning({ id: c.id });
      if (changed.length === 0) return false;
      await rerankOne(carerId);
      return true;
    },

    /** Takes the account's profile out of search (a suspension) or back; true when it changed. */
    async setActiveOfAccount(userId: string, active: boolean, at: Date): Promise<boolean> {
      const changed = await db
        .update(c)
        .set({ isActive: active, updatedAt: at })
        .where(and(eq(c.userId, userId), eq(c.isActive, !active)))
        .returning({ id: c.id });
      return changed.length > 0;
    },

    /** Lists the carer's profile at least until `until` (never shortens a listing). */
    async extendListing(userId: string, until: Date): Promise<void> {
      await db
        .update(c)
        .set({ listedUntil: sql`greatest(${c.listedUntil}, ${until.toISOString()}::timestamptz)` })
        .where(eq(c.userId, userId));
    },

    /** Lists the carer's profile no longer than `until` (a refunded membership; never lengthens). */
    async shortenListing(userId: string, until: Date): Promise<void> {
      await db
        .update(c)
        .set({ listedUntil: sql`least(${c.listedUntil}, ${until.toISOString()}::timestamptz)` })
        .where(eq(c.userId, userId));
    },

    /** Whether the carer gets care-request alerts; undefined without a profile. */
    async requestAlertsOf(userId: string): Promise<boolean | undefined> {
      const [row] = await db.select({ on: c.requestAlerts }).from(c).where(eq(c.userId, userId)).limit(1);
      return row?.on;
    },

    /** Turns care-request alerts on or off; false when the account has no profile. */
    async setRequestAlerts(userId: string, on: boolean): Promise<boolean> {
      const rows = await db
        .update(c)
        .set({ requestAlerts: on })
        .where(eq(c.userId, userId))
        .returning({ id: c.id });
      return rows.length > 0;
    },

    /** Marks the carers as alerted now, unless another instance did within the day; returns those marked. */
    async claimRequestAlerts(carerIds: string[], dayAgo: Date, now: Date): Promise<string[]> {
      if (carerIds.length === 0) return [];
      const rows = await db
        .update(c)
        .set({ requestAlertsSentAt: now })
        .where(
          and(
            inArray(c.id, carerIds),
            sql`(${c.requestAlertsSentAt} is null or ${c.requestAlertsSentAt} < ${dayAgo.toISOString()}::timestamptz)`,
          ),
        )
        .returning({ id: c.id });
      return rows.map((row) => row.id);
    },
  };
}
export type CarerProfilesStore = ReturnType<typeof createCarerProfilesStore>;
