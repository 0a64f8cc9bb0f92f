import { and, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CarerSearchQuery } from '@contracts/carers';
import type { Executor } from '../../db/client';
import { carerProfiles as c, reviews, users, type CarerProfileRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
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

    /**
     * Listed profiles matching the filters, one page in the requested order, keyset-paged
     * (docs/decisions/0003-carer-search-ranking.md). Every query walks an index in the page's
     * order and stops after one page; see docs/performance.md for the shapes and their costs.
     */
    async search(query: CarerSearchQuery): Promise<{ rows: CarerProfileRow[]; nextCursor: string | null }> {
      const location = query.location ? locationMatch(c, query.location) : undefined;
      const keys = sortKeys(query, location?.fit ?? sql`0`);
      const cursor = query.cursor ? decodeCursor(query.cursor, query.sort, keys.length).keys : undefined;
      const limit = query.limit + 1;

      let rows: SearchRow[];
      if (location && query.sort === 'best') {
        rows = await bestWithLocation(query, limit, cursor);
      } else {
        const conditions = filterConditions(c, query);
        if (location) conditions.push(location.matches);
        if (cursor) conditions.push(afterCursor(keys, cursor));
        rows = await db
          .select({ ...getTableColumns(c), fit: sql<number>`0`.mapWith(Number) })
          .from(c)
          .where(and(...conditions))
          .orderBy(...orderBy(keys))
          .limit(limit);
      }

      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      const nextCursor =
        rows.length > query.limit && last
          ? encodeCursor({ sort: query.sort, keys: keys.map((key) => key.valueOf(last)) })
          : null;
      return { rows: page.map(({ fit: _fit, ...row }) => row), nextCursor };
    },
  };

  /**
   * "Best" order with a location: exact matches (fit 1: the town before the first comma is the
   * text, or the postcode district matches) first, then mere mentions (fit 0), each by rank.
   * Sorting on the fit would sort every matching row ('york' matches ~12% of carers), so each
   * part is read on its own, in index order, and the mentions only when the exact matches do not
   * fill the page. Same rows, same order as ORDER BY fit DESC, rank_score DESC, id.
   */
  async function bestWithLocation(
    query: CarerSearchQuery,
    limit: number,
    cursor: (string | number)[] | undefined,
  ): Promise<SearchRow[]> {
    // The cursor is [fit, rank_score, id]: rows after it are the rest of its fit group, then
    // every row of a lower fit.
    if (cursor && typeof cursor[0] !== 'number') throw invalidCursor();
    const cursorFit = cursor?.[0] as number | undefined;
    const after = (fit: number): 'all' | 'none' | (string | number)[] => {
      if (cursorFit === undefined || cursorFit > fit) return 'all';
      if (cursorFit < fit) return 'none';
      return cursor!.slice(1);
    };
    const rows: SearchRow[] = [];
    const exactPart = after(1);
    if (exactPart !== 'none') {
      const exact = await exactMatches(query, limit, exactPart === 'all' ? undefined : exactPart);
      rows.push(...exact.map((row) => ({ ...row, fit: 1 })));
    }
    const mentionPart = after(0);
    if (rows.length < limit && mentionPart !== 'none') {
      const mentions = await mentionsOnly(
        query,
        limit - rows.length,
        mentionPart === 'all' ? undefined : mentionPart,
      );
      rows.push(...mentions.map((row) => ({ ...row, fit: 0 })));
    }
    return rows;
  }

  /**
   * Fit-1 rows by rank: one index walk per way of matching (district; town). A town equal to
   * the text is part of the location, so it needs no substring test (which would tempt the
   * planner into combining indexes and sorting).
   */
  async function exactMatches(query: CarerSearchQuery, limit: number, cursor?: (string | number)[]) {
    const location = locationMatch(c, query.location!);
    const base = filterConditions(c, query);
    if (cursor) base.push(afterCursor(rankKeys(c), cursor));
    const byTown = (extra: SQL[]) =>
      db
        .select()
        .from(c)
        .where(and(...base, location.townIs, ...extra))
        .orderBy(...orderBy(rankKeys(c)))
        .limit(limit);
    if (!location.inDistrict) return byTown([]);
    const [inDistrict, inTown] = await Promise.all([
      db
        .select()
        .from(c)
        .where(and(...base, location.inDistrict))
        .orderBy(...orderBy(rankKeys(c)))
        .limit(limit),
      byTown([sql`(${location.inDistrict}) is not true`]),
    ]);
    return [...inDistrict, ...inTown].sort(byRank).slice(0, limit);
  }

  /**
   * Fit-0 rows by rank. The planner cannot know how many rows mention the text without being
   * exact matches ('leeds': none; 'york': every Yorkshire town), so it may walk the whole rank
   * index looking for rows that are not there. Instead: first look among the next PROBE_ROWS
   * listed carers in rank order (a bounded walk); only if the page is not full there, collect
   * every matching row through the trigram index and sort those.
   */
  async function mentionsOnly(query: CarerSearchQuery, limit: number, cursor?: (string | number)[]) {
    const walkConditions: SQL[] = [eq(c.isActive, true)];
    if (query.careType) walkConditions.push(eq(c.specialization, query.careType));
    if (cursor) walkConditions.push(afterCursor(rankKeys(c), cursor));
    const walk = db
      .select()
      .from(c)
      .where(and(...walkConditions))
      .orderBy(...orderBy(rankKeys(c)))
      .limit(PROBE_ROWS)
      .as('walk');
    const probed = await db
      .select()
      .from(walk)
      .where(and(...mentionConditions(walk, query)))
      .orderBy(...orderBy(rankKeys(walk)))
      .limit(limit);
    if (probed.length === limit) return probed;

    const conditions = mentionConditions(c, query);
    if (cursor) conditions.push(afterCursor(rankKeys(c), cursor));
    // OFFSET 0 keeps the planner from pushing the order into this subquery: it collects the
    // matches by the cheapest route (the trigram index), and only those are sorted.
    const matches = db
      .select()
      .from(c)
      .where(and(...conditions))
      .offset(0)
      .as('matches');
    return db
      .select()
      .from(matches)
      .orderBy(...orderBy(rankKeys(matches)))
      .limit(limit);
  }
}
export type CarersRepository = ReturnType<typeof createCarersRepository>;

/** How many listed carers, in rank order, are searched for mentions before using the trigram index. */
const PROBE_ROWS = 600;

const invalidCursor = () => AppError.badRequest('Invalid cursor', { cursor: 'Invalid cursor' });

/** The columns search reads: the table's own, or a subquery's of the same names. */
type SearchColumns = Record<
  | 'id'
  | 'isActive'
  | 'specialization'
  | 'availability'
  | 'hourlyRateMin'
  | 'hourlyRateMax'
  | 'location'
  | 'postcodeDistrict'
  | 'rankScore',
  AnyPgColumn
>;

/** Listed, and the care type, availability and rate filters. */
function filterConditions(t: SearchColumns, query: CarerSearchQuery): SQL[] {
  const conditions: SQL[] = [eq(t.isActive, true)];
  if (query.careType) conditions.push(eq(t.specialization, query.careType));
  if (query.availability) conditions.push(sql`${t.availability} @> array[${query.availability}]::text[]`);
  if (query.minRate !== undefined) conditions.push(sql`${t.hourlyRateMax} >= ${query.minRate}`);
  if (query.maxRate !== undefined) conditions.push(sql`${t.hourlyRateMin} <= ${query.maxRate}`);
  return conditions;
}

/**
 * Location: a postcode district ('LS6', 'ls6 3ab') matches exactly; any text matches a substring
 * of the location ('leeds', 'yorkshire'). An exact town or district match ranks first (fit 1).
 */
function locationMatch(t: SearchColumns, location: string) {
  const text = location.toLowerCase();
  const district = postcodeDistrictOf(location);
  const inText = sql`lower(${t.location}) like ${`%${escapeLike(text)}%`}`;
  const inDistrict = district ? sql`upper(${t.postcodeDistrict}) = ${district}` : undefined;
  // Served by carer_profiles_town_best_idx: keep the expression identical to the index's.
  const townIs = sql`lower(trim(split_part(${t.location}, ',', 1))) = ${text}`;
  return {
    inText,
    inDistrict,
    townIs,
    matches: inDistrict ? (or(inText, inDistrict) as SQL) : inText,
    fit: sql`case when ${inDistrict ?? sql`false`} or ${townIs} then 1 else 0 end`,
  };
}

/** Fit-0 rows: matching the location only by a mention (not the town, not the district). */
function mentionConditions(t: SearchColumns, query: CarerSearchQuery): SQL[] {
  const location = locationMatch(t, query.location!);
  return [
    ...filterConditions(t, query),
    location.inText,
    sql`not ${location.townIs}`,
    ...(location.inDistrict ? [sql`(${location.inDistrict}) is not true`] : []),
  ];
}

function rankKeys(t: SearchColumns): SortKey[] {
  return [
    { expr: sql`${t.rankScore}`, direction: 'desc', valueOf: (row) => row.rankScore },
    { expr: sql`${t.id}`, direction: 'asc', valueOf: (row) => row.id },
  ];
}

/** rank_score descending, then id: the order of rankKeys, for merging two index walks. */
function byRank(a: CarerProfileRow, b: CarerProfileRow): number {
  if (a.rankScore !== b.rankScore) return b.rankScore - a.rankScore;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function orderBy(keys: SortKey[]): SQL[] {
  return keys.map((key) => sql`${key.expr} ${sql.raw(key.direction === 'desc' ? 'desc nulls last' : 'asc')}`);
}

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

/**
 * Rows strictly after the cursor in the sort order: (k1 > v1) or (k1 = v1 and k2 > v2) or …,
 * and also k1 ≥ v1 (implied, but an index can start its walk there rather than at the top).
 */
function afterCursor(keys: SortKey[], values: (string | number)[]): SQL {
  const branches = keys.map((key, index) => {
    const equalBefore = keys.slice(0, index).map((previous, i) => sql`${previous.expr} = ${values[i]}`);
    const beyond =
      key.direction === 'desc' ? sql`${key.expr} < ${values[index]}` : sql`${key.expr} > ${values[index]}`;
    return and(...equalBefore, beyond) as SQL;
  });
  const [first] = keys;
  const start =
    first!.direction === 'desc' ? sql`${first!.expr} <= ${values[0]}` : sql`${first!.expr} >= ${values[0]}`;
  return sql`(${start} and (${or(...branches)}))`;
}
