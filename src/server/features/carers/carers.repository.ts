import { and, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import type { CarerSearchQuery } from '@contracts/carers';
import type { Executor } from '../../db/client';
import { carerProfiles as c, reviews, users, type CarerProfileRow } from '../../db/schema';
import { isUuid } from '../../platform/ids';
import { decodeCursor, encodeCursor } from './carer-cursor';
import { postcodeDistrictOf } from './carer-mapper';
import { rankScoreSql } from './carer-ranking';

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
>;

interface SortKey {
  expr: SQL;
  direction: 'asc' | 'desc';
  /** The row's value of this key, for the next cursor. */
  valueOf(row: SearchRow): string | number;
}
type SearchRow = CarerProfileRow & { fit: number };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

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

    /** The recency part of the score changes with time alone: refreshed daily by housekeeping. */
    async refreshAllRankScores(): Promise<void> {
      await db.update(c).set({ rankScore: sql`${rankScoreSql}` });
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
      values: ProfileValues & { userId: string; firstName: string; lastName: string },
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

    /** Listed profiles matching the filters, one page in the requested order, keyset-paged. */
    async search(query: CarerSearchQuery): Promise<{ rows: CarerProfileRow[]; nextCursor: string | null }> {
      const conditions: SQL[] = [eq(c.isActive, true)];
      if (query.careType) conditions.push(eq(c.specialization, query.careType));
      if (query.availability) conditions.push(sql`${c.availability} @> array[${query.availability}]::text[]`);
      if (query.minRate !== undefined) conditions.push(sql`${c.hourlyRateMax} >= ${query.minRate}`);
      if (query.maxRate !== undefined) conditions.push(sql`${c.hourlyRateMin} <= ${query.maxRate}`);

      // Location: a postcode district ('LS6', 'ls6 3ab') matches exactly; any text matches a
      // substring of the location ('leeds', 'yorkshire'). An exact town or district match ranks first.
      let fit: SQL = sql`0`;
      if (query.location) {
        const text = query.location.toLowerCase();
        const district = postcodeDistrictOf(query.location);
        const inText = sql`lower(${c.location}) like ${`%${escapeLike(text)}%`}`;
        const inDistrict = district ? sql`upper(${c.postcodeDistrict}) = ${district}` : undefined;
        conditions.push(inDistrict ? (or(inText, inDistrict) as SQL) : inText);
        fit = sql`case when ${inDistrict ?? sql`false`} or lower(trim(split_part(${c.location}, ',', 1))) = ${text} then 1 else 0 end`;
      }

      const keys = sortKeys(query, fit);
      if (query.cursor) {
        const cursor = decodeCursor(query.cursor, query.sort, keys.length);
        conditions.push(afterCursor(keys, cursor.keys));
      }

      const rows: SearchRow[] = await db
        .select({ ...getTableColumns(c), fit: sql<number>`${fit}`.mapWith(Number) })
        .from(c)
        .where(and(...conditions))
        .orderBy(
          ...keys.map(
            (key) => sql`${key.expr} ${sql.raw(key.direction === 'desc' ? 'desc nulls last' : 'asc')}`,
          ),
        )
        .limit(query.limit + 1);

      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      const nextCursor =
        rows.length > query.limit && last
          ? encodeCursor({ sort: query.sort, keys: keys.map((key) => key.valueOf(last)) })
          : null;
      return { rows: page.map(({ fit: _fit, ...row }) => row), nextCursor };
    },
  };
}
export type CarersRepository = ReturnType<typeof createCarersRepository>;

function sortKeys(query: CarerSearchQuery, fit: SQL): SortKey[] {
  const id: SortKey = { expr: sql`${c.id}`, direction: 'asc', valueOf: (row) => row.id };
  switch (query.sort) {
    case 'rating':
      return [
        { expr: sql`${c.rating}`, direction: 'desc', valueOf: (row) => row.rating },
        { expr: sql`${c.reviewCount}`, direction: 'desc', valueOf: (row) => row.reviewCount },
        id,
      ];
    case 'price':
      return [{ expr: sql`${c.hourlyRateMin}`, direction: 'asc', valueOf: (row) => row.hourlyRateMin }, id];
    case 'best':
      return [
        ...(query.location
          ? [{ expr: fit, direction: 'desc' as const, valueOf: (row: SearchRow) => row.fit }]
          : []),
        { expr: sql`${c.rankScore}`, direction: 'desc', valueOf: (row) => row.rankScore },
        id,
      ];
  }
}

/** Rows strictly after the cursor in the sort order: (k1 > v1) or (k1 = v1 and k2 > v2) or … */
function afterCursor(keys: SortKey[], values: (string | number)[]): SQL {
  const branches = keys.map((key, index) => {
    const equalBefore = keys.slice(0, index).map((previous, i) => sql`${previous.expr} = ${values[i]}`);
    const beyond =
      key.direction === 'desc' ? sql`${key.expr} < ${values[index]}` : sql`${key.expr} > ${values[index]}`;
    return and(...equalBefore, beyond) as SQL;
  });
  return sql`(${or(...branches)})`;
}
