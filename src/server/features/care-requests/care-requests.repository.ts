import { aliasedTable, and, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { METRES_PER_MILE } from '../../platform/distance';
import { districtCentresTable, type DistrictCentre } from '../../platform/district-centres-sql';
import {
  careRequestResponses as r,
  careRequests as q,
  carerProfiles,
  userBlocks,
  users,
  type CareRequestRow,
} from '../../db/schema';
import { createCarerProfilesStore } from '../carers';

/** How far a carer who has not said how far they travel is shown requests from. */
export const DEFAULT_TRAVEL_MILES = 10;

type RequestValues = Omit<typeof q.$inferInsert, 'id'>;

/** The family's `requestIds`' answers, with what the family may see of each carer. */
export interface ResponderRow {
  requestId: string;
  carerId: string;
  /** Who wrote the answer (the carer's account; null for a profile without one). */
  carerUserId: string | null;
  conversationId: string | null;
  message: string;
  createdAt: Date;
  firstName: string;
  photoUrl: string | null;
  rating: string;
  reviewCount: number;
  distanceMetres: number | null;
}

export function createCareRequestsRepository(db: Executor) {
  const home = sql`ll_to_earth(${carerProfiles.homeLatitude}, ${carerProfiles.homeLongitude})`;
  const where = sql`ll_to_earth(${q.latitude}, ${q.longitude})`;

  return {
    async insert(values: RequestValues): Promise<CareRequestRow> {
      const [row] = await db.insert(q).values(values).returning();
      if (!row) throw new Error('insert into care_requests returned no row');
      return row;
    },

    async findById(id: string): Promise<CareRequestRow | undefined> {
      const [row] = await db.select().from(q).where(eq(q.id, id)).limit(1);
      return row;
    },

    async update(id: string, values: Partial<RequestValues>, at: Date): Promise<CareRequestRow> {
      const [row] = await db
        .update(q)
        .set({ ...values, updatedAt: at })
        .where(eq(q.id, id))
        .returning();
      if (!row) throw new Error(`care request ${id} vanished`);
      return row;
    },

    /** The family's requests, newest first. */
    mine: (customerId: string) =>
      db.select().from(q).where(eq(q.customerId, customerId)).orderBy(desc(q.createdAt), desc(q.id)),

    async responders(requestIds: string[]): Promise<ResponderRow[]> {
      if (requestIds.length === 0) return [];
      return db
        .select({
          requestId: r.requestId,
          carerId: r.carerId,
          carerUserId: carerProfiles.userId,
          conversationId: r.conversationId,
          message: r.message,
          createdAt: r.createdAt,
          firstName: carerProfiles.firstName,
          photoUrl: carerProfiles.photoUrl,
          rating: carerProfiles.rating,
          reviewCount: carerProfiles.reviewCount,
          distanceMetres: sql<number | null>`case when ${carerProfiles.homeLatitude} is null then null
            else earth_distance(${home}, ${where}) end`,
        })
        .from(r)
        .innerJoin(q, eq(q.id, r.requestId))
        .innerJoin(carerProfiles, eq(carerProfiles.id, r.carerId))
        .where(inArray(r.requestId, requestIds))
        .orderBy(r.createdAt, r.id);
    },

    /**
     * Open requests within `travelMiles` of the carer's home whose care type is theirs and whose
     * week overlaps theirs (a slot in common, or live-in care both ways), nearest first; not from
     * a suspended family or one either side has blocked. The box finds the candidates through the
     * GiST index, as carer search does (decision 0022).
     */
    async nearby(
      carer: {
        profileId: string;
        userId: string;
        latitude: number;
        longitude: number;
        travelMiles: number;
        careType: string;
        slots: number;
        liveIn: boolean;
        now: Date;
      },
      /** Only this request: whether the carer may see (and answer) it. */
      onlyId?: string,
    ) {
      const origin = sql`ll_to_earth(${carer.latitude}::float8, ${carer.longitude}::float8)`;
      const radius = carer.travelMiles * METRES_PER_MILE;
      const distance = sql<number>`earth_distance(${where}, ${origin})`;
      const blocked = db
        .select({ one: sql`1` })
        .from(userBlocks)
        .where(
          sql`(${userBlocks.blockerId} = ${q.customerId} and ${userBlocks.blockedId} = ${carer.userId})
            or (${userBlocks.blockerId} = ${carer.userId} and ${userBlocks.blockedId} = ${q.customerId})`,
        );
      return db
        .select({
          request: q,
          distanceMetres: distance,
          respondedConversationId: r.conversationId,
          responded: sql<boolean>`${r.id} is not null`,
        })
        .from(q)
        .innerJoin(users, eq(users.id, q.customerId))
        .leftJoin(r, and(eq(r.requestId, q.id), eq(r.carerId, carer.profileId)))
        .where(
          and(
            eq(q.status, 'open'),
            sql`${q.closesAt} > ${carer.now.toISOString()}::timestamptz`,
            isNull(users.suspendedAt),
            eq(q.careType, carer.careType),
            sql`((${q.patternSlots} & ${carer.slots}::int) <> 0 or (${q.liveIn} and ${carer.liveIn}::boolean))`,
            sql`earth_box(${origin}, ${radius}::float8) @> ${where}`,
            sql`${distance} <= ${radius}::float8`,
            sql`not exists (${blocked})`,
            ...(onlyId ? [eq(q.id, onlyId)] : []),
          ),
        )
        .orderBy(sql`${where} <-> ${origin}`, q.id)
        .limit(50);
    },

    async insertResponse(values: typeof r.$inferInsert): Promise<void> {
      await db.insert(r).values(values);
    },

    async hasResponded(requestId: string, carerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: r.id })
        .from(r)
        .where(and(eq(r.requestId, requestId), eq(r.carerId, carerId)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * The alert emails due: requests posted since `since`, each with the carers it fits
     * (as the carers' own list decides: travel distance, care type, week; no blocks, no suspended
     * or unconfirmed accounts), for carers with alerts on who have not been emailed in the last
     * day, and only requests newer than their last email. Found from the requests' side, through
     * the GiST index on the carers' travel areas (migration 0015).
     */
    async alertsDue(since: Date, dayAgo: Date, now: Date) {
      const carerHome = sql`ll_to_earth(${carerProfiles.homeLatitude}, ${carerProfiles.homeLongitude})`;
      const distance = sql<number>`earth_distance(${carerHome}, ${where})`;
      const family = aliasedTable(users, 'requesting_family');
      return db
        .select({
          carerId: carerProfiles.id,
          userId: users.id,
          email: users.email,
          firstName: users.firstName,
          requestId: q.id,
          careType: q.careType,
          postcodeDistrict: q.postcodeDistrict,
          startDate: q.startDate,
          distanceMetres: distance,
        })
        .from(q)
        .innerJoin(family, and(eq(family.id, q.customerId), isNull(family.suspendedAt)))
        .innerJoin(
          carerProfiles,
          and(
            sql`${carerProfiles.homeLatitude} is not null and ${carerProfiles.homeLongitude} is not null`,
            sql`earth_box(${carerHome}, coalesce(${carerProfiles.travelMiles}, 50) * 1609.344::float8) @> ${where}`,
            sql`${distance} <= coalesce(${carerProfiles.travelMiles}, ${DEFAULT_TRAVEL_MILES}) * ${METRES_PER_MILE}::float8`,
            eq(carerProfiles.specialization, q.careType),
            sql`((${q.patternSlots} & ${carerProfiles.availabilitySlots}) <> 0
              or (${q.liveIn} and 'Live-in Care' = any(${carerProfiles.availability})))`,
            // Listed carers only (carer-listing.ts), on the sweep's clock.
            eq(carerProfiles.isActive, true),
            eq(carerProfiles.isVerified, true),
            sql`${carerProfiles.listedUntil} > ${now.toISOString()}::timestamptz`,
            eq(carerProfiles.requestAlerts, true),
            sql`(${carerProfiles.requestAlertsSentAt} is null or ${carerProfiles.requestAlertsSentAt} < ${dayAgo.toISOString()}::timestamptz)`,
            sql`${q.createdAt} > coalesce(${carerProfiles.requestAlertsSentAt}, ${since.toISOString()}::timestamptz)`,
          ),
        )
        .innerJoin(
          users,
          and(
            eq(users.id, carerProfiles.userId),
            isNull(users.suspendedAt),
            isNotNull(users.emailVerifiedAt),
          ),
        )
        .where(
          and(
            eq(q.status, 'open'),
            sql`${q.closesAt} > ${now.toISOString()}::timestamptz`,
            sql`${q.createdAt} > ${since.toISOString()}::timestamptz`,
            sql`not exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${q.customerId} and ${userBlocks.blockedId} = ${users.id})
              or (${userBlocks.blockerId} = ${users.id} and ${userBlocks.blockedId} = ${q.customerId}))`,
            sql`not exists (select 1 from ${r} where ${r.requestId} = ${q.id} and ${r.carerId} = ${carerProfiles.id})`,
          ),
        )
        .orderBy(carerProfiles.id, distance);
    },

    /** Marks the carers as emailed now, unless another instance just did; returns those marked. */
    claimAlerts: (carerIds: string[], dayAgo: Date, now: Date) =>
      createCarerProfilesStore(db).claimRequestAlerts(carerIds, dayAgo, now),

    alertsOn: (userId: string) => createCarerProfilesStore(db).requestAlertsOf(userId),

    setAlerts: (userId: string, on: boolean) => createCarerProfilesStore(db).setRequestAlerts(userId, on),

    /** The postcode districts requests are in (decision 0032). */
    async districts(): Promise<string[]> {
      const rows = await db.selectDistinct({ district: q.postcodeDistrict }).from(q);
      return rows.map((row) => row.district);
    },

    /** Moves every request not at its district's centre there (decision 0032); returns how many moved. */
    async placeAtDistrictCentres(centres: DistrictCentre[]): Promise<number> {
      if (centres.length === 0) return 0;
      const moved = (await db.execute(sql`
        update ${q} set latitude = centre.latitude, longitude = centre.longitude
        from ${districtCentresTable(centres)}
        where ${q.postcodeDistrict} = centre.district
          and (${q.latitude} <> centre.latitude or ${q.longitude} <> centre.longitude)
        returning ${q.id}`)) as unknown as { rows: unknown[] };
      return moved.rows.length;
    },

    /** Open requests past their closing time become expired; returns how many. */
    async expireDue(now: Date): Promise<number> {
      const rows = await db
        .update(q)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(q.status, 'open'), lt(q.closesAt, now)))
        .returning({ id: q.id });
      return rows.length;
    },

    /**
     * Open requests closing before `before` whose family has not been told: marked as told now,
     * returned with the family's address (the email goes in the same transaction).
     */
    async claimClosingNotices(before: Date, now: Date) {
      const claimed = await db
        .update(q)
        .set({ closingNoticeAt: now })
        .where(and(eq(q.status, 'open'), lt(q.closesAt, before), isNull(q.closingNoticeAt)))
        .returning({ id: q.id, customerId: q.customerId, careType: q.careType, closesAt: q.closesAt });
      if (claimed.length === 0) return [];
      const people = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(inArray(users.id, [...new Set(claimed.map((row) => row.customerId))]));
      return claimed.flatMap((row) => {
        const person = people.find((candidate) => candidate.id === row.customerId);
        return person ? [{ ...row, email: person.email, firstName: person.firstName }] : [];
      });
    },
  };
}
export type CareRequestsRepository = ReturnType<typeof createCareRequestsRepository>;
