import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { slotMask, slotsWanted } from '@contracts/availability';
import {
  SEARCH_TOTAL_CAP,
  TRAVEL_MILES_MAX,
  type CarerSearchQuery,
  type CarerSort,
  type SearchTotal,
} from '@contracts/carers';
import type { Executor } from '../../db/client';
import { carerProfiles as c, type CarerProfileRow } from '../../db/schema';
import { decodeCursor, encodeCursor } from './carer-cursor';
import { listingCurrent } from './carer-listing';
import { EARTH_RADIUS_M, METRES_PER_MILE, secToGc } from '../../platform/distance';
import { postcodeDistrictOf, type PublicCarerRow } from './carer-mapper';
import { escapeLike } from '../../platform/like-pattern';

/*
 * The public carer search (GET /api/carers): listed profiles matching the filters, one page in
 * the requested order, keyset-paged (docs/decisions/0003-carer-search-ranking.md).
 *
 * Every query walks an index in the page's order and stops after one page (docs/performance.md):
 * - no location, or a location with the rating or price order: one query on the order's index;
 * - "best" with a location: exact matches (fit 1: the town before the first comma is the text,
 *   or the postcode district matches) come before mere mentions (fit 0), each by rank. Ordering
 *   by the fit would sort every matching row ('york' matches ~12% of carers), so each part is
 *   read on its own in rank order, and the mentions only when the exact matches do not fill the
 *   page. The rows and their order are those of ORDER BY fit DESC, rank_score DESC, id.
 *
 * - near a place: carers whose home is within the distance and who travel that far,
 *   found through the GiST index on ll_to_earth(home) (decision 0022); nearest first walks that
 *   index in distance order, the other orders sort the carers inside the box.
 *
 * The statements are built once per shape (which filters are present, the order, the part) with
 * placeholders for the values: building a Drizzle query costs more CPU than the query itself.
 */

type Key = string | number;
type Values = Record<string, unknown>;
type Part = 'page' | 'pageWalk' | 'exact' | 'mentionWalk' | 'mentionAll' | 'count';

/** Which filters a request has: with the part, it names one prepared statement. */
interface Shape {
  part: Part;
  sort: CarerSort;
  careType: boolean;
  availability: boolean;
  minRate: boolean;
  maxRate: boolean;
  location: 'none' | 'text' | 'postcode';
  /** A place to measure from (`near`): the distance conditions, and the distance as a column. */
  near: boolean;
  /** A day or part-of-day filter: the week's bit set. */
  slots: boolean;
  /** A location text without three letters or digits in a row: the trigram index cannot find it. */
  shortText?: boolean;
  cursor: boolean;
  /**
   * Near a place, which GiST index finds the candidates when the bounded walk did not fill the
   * page: the homes inside the searched circle's box, or the carers whose travel area's box holds
   * the place (fewer, for a wide circle: most carers travel 5-25 miles).
   */
  box?: 'home' | 'travel';
}

/** Where a `near` search measures from: the geocoded place. */
export interface SearchOrigin {
  latitude: number;
  longitude: number;
}

/** What a search returns of a profile: the public fields and the sort keys, no more (cheaper to read). */
export const SEARCH_RESULT_COLUMNS = [
  'id',
  'userId',
  'firstName',
  'lastName',
  'photoUrl',
  'specialization',
  'experience',
  'location',
  'hourlyRateMin',
  'hourlyRateMax',
  'description',
  'qualifications',
  'availability',
  'availabilitySlots',
  'availabilityUpdatedAt',
  'postcodeDistrict',
  'travelMiles',
  'rating',
  'reviewCount',
  'isActive',
  'isVerified',
  'rankScore',
] as const satisfies readonly (keyof CarerProfileRow)[];
export type CarerSearchRow = Pick<CarerProfileRow, (typeof SEARCH_RESULT_COLUMNS)[number]> &
  PublicCarerRow & {
    /** Near a place only: the great-circle distance to the carer's home, in metres. */
    distanceMetres?: number;
    /** Near a place only: the distance order's key (straight-line metres through the earth). */
    distanceKey?: number;
  };

/** A page of search: its rows in order and the cursor of the next page. */
export interface CarerSearchAnswer {
  rows: CarerSearchRow[];
  nextCursor: string | null;
  /** First pages only (no cursor): how many carers match in all, counted up to SEARCH_TOTAL_CAP. */
  total?: SearchTotal | null;
  /** The in-memory search's distances in metres, row by row (its rows are shared, so they do not carry them). */
  distancesMetres?: number[];
}

/** The result columns of the table or of a subquery of it. */
const resultColumns = <T extends Record<(typeof SEARCH_RESULT_COLUMNS)[number], AnyPgColumn>>(t: T) =>
  Object.fromEntries(SEARCH_RESULT_COLUMNS.map((name) => [name, t[name]])) as Pick<
    T,
    (typeof SEARCH_RESULT_COLUMNS)[number]
  >;

interface Statement {
  execute(values: Values): Promise<CarerSearchRow[]>;
}

/** How many listed carers, in rank order, are searched for mentions before the trigram index is used. */
const PROBE_ROWS = 600;
/**
 * How many carers, in the page's order, a search near a place or with a location text reads
 * before it looks the candidates up through the place's (or the text's) index instead.
 */
const WALK_ROWS = 800;
/** Near a place, the longest second walk in the page's order (best, rating, price) before the place's index is used. */
const LONG_WALK_ROWS = 4000;
/** From this many miles, the carers whose travel area holds the place are fewer than the homes in the circle. */
const TRAVEL_BOX_FROM_MILES = 20;

/** The columns search reads: the table's own, or a subquery's of the same names. */
type SearchColumns = Record<
  | 'id'
  | 'isActive'
  | 'isVerified'
  | 'listedUntil'
  | 'specialization'
  | 'availability'
  | 'availabilitySlots'
  | 'hourlyRateMin'
  | 'hourlyRateMax'
  | 'location'
  | 'postcodeDistrict'
  | 'rating'
  | 'reviewCount'
  | 'rankScore',
  AnyPgColumn
> & {
  /** Near a place: the straight-line distance through the earth to the home (cube's `<->`). */
  distanceKey?: AnyPgColumn;
};

interface OrderKey {
  column(t: SearchColumns): AnyPgColumn | SQL;
  direction: 'asc' | 'desc';
  /** The row's value of this key, for the next cursor. */
  valueOf(row: CarerSearchRow): Key;
}

const ID: OrderKey = { column: (t) => t.id, direction: 'asc', valueOf: (row) => row.id };
const BY_RANK: OrderKey[] = [
  { column: (t) => t.rankScore, direction: 'desc', valueOf: (row) => row.rankScore },
  ID,
];
const ORDERS: Record<CarerSort, OrderKey[]> = {
  best: BY_RANK,
  rating: [
    { column: (t) => t.rating, direction: 'desc', valueOf: (row) => row.rating },
    { column: (t) => t.reviewCount, direction: 'desc', valueOf: (row) => row.reviewCount },
    ID,
  ],
  price: [{ column: (t) => t.hourlyRateMin, direction: 'asc', valueOf: (row) => row.hourlyRateMin }, ID],
  // The straight line through the earth (cube's `<->`, which the GiST index can return rows in
  // order of); it grows with the distance along the ground, so the order is the same.
  distance: [{ column: (t) => t.distanceKey!, direction: 'asc', valueOf: (row) => row.distanceKey! }, ID],
};

/** The carer's home and the searched place, as earthdistance points (the index's expression). */
const home = () => sql`ll_to_earth(${c.homeLatitude}, ${c.homeLongitude})`;
const origin = () => sql`ll_to_earth(${p('latitude')}::float8, ${p('longitude')}::float8)`;

/**
 * Cube's `<->` between ll_to_earth(home) and ll_to_earth(place), in plain arithmetic: the same
 * operations in the same order as ll_to_earth and cube_distance (x = R·cos φ·cos λ, y = R·cos φ·
 * sin λ, z = R·sin φ; the square root of the summed squares), so the same value, without
 * building cubes and checking the earth domain for each row (ten times the cost).
 */
function chord(): SQL {
  const axis = (lat: SQL, lng: SQL) => [
    sql`${sql.raw(String(EARTH_RADIUS_M))}::float8 * cos(radians(${lat})) * cos(radians(${lng}))`,
    sql`${sql.raw(String(EARTH_RADIUS_M))}::float8 * cos(radians(${lat})) * sin(radians(${lng}))`,
    sql`${sql.raw(String(EARTH_RADIUS_M))}::float8 * sin(radians(${lat}))`,
  ];
  const row = axis(sql`${c.homeLatitude}`, sql`${c.homeLongitude}`);
  const place = axis(sql`${p('latitude')}::float8`, sql`${p('longitude')}::float8`);
  const squares = row.map((value, index) => sql`(${value} - ${place[index]!}) ^ 2`);
  return sql`sqrt(${sql.join(squares, sql` + `)})`;
}

const p = (name: string) => sql.placeholder(name);

export function createCarerSearch(db: Executor) {
  const statements = new Map<string, Statement>();

  function statement(shape: Shape): Statement {
    const name = JSON.stringify(shape);
    let found = statements.get(name);
    if (!found) {
      found = build(db, shape);
      statements.set(name, found);
    }
    return found;
  }

  async function search(query: CarerSearchQuery, near?: SearchOrigin): Promise<CarerSearchAnswer> {
    // Near a place, a location text is one more filter: the place already decides what is close.
    const bestWithLocation = query.sort === 'best' && query.location !== undefined && !near;
    const cursor = query.cursor
      ? decodeCursor(query.cursor, bestWithLocation ? 'best-near' : query.sort).keys
      : undefined;
    const limit = query.limit + 1;
    const shape: Omit<Shape, 'part' | 'cursor'> = {
      sort: query.sort,
      careType: query.careType !== undefined,
      availability: query.availability !== undefined,
      minRate: query.minRate !== undefined,
      maxRate: query.maxRate !== undefined,
      location: !query.location ? 'none' : postcodeDistrictOf(query.location) ? 'postcode' : 'text',
      near: near !== undefined,
      slots: query.day !== undefined || query.partOfDay !== undefined,
      ...(query.location && isShortText(query.location) ? { shortText: true } : {}),
      ...(near
        ? { box: query.within >= TRAVEL_BOX_FROM_MILES ? ('travel' as const) : ('home' as const) }
        : {}),
    };
    const values = valuesOf(query, near);

    let rows: CarerSearchRow[];
    let fits: number[] = [];
    if (!bestWithLocation) {
      const run = (part: Part, wanted = limit) =>
        statement({ ...shape, part, cursor: cursor !== undefined }).execute({
          ...values,
          ...cursorValues(cursor),
          limit: wanted,
        });
      // Near a place or with a location text, the page is first looked for among the next
      // WALK_ROWS carers in its order (a few hundred rows read, however many match in all); only
      // when that does not fill it are the candidates looked up through the place's or the text's
      // index and sorted (right for a place or a text few carers match).
      const walkFirst = shape.near || (shape.location !== 'none' && query.sort !== 'best');
      let walked: CarerSearchRow[] | null = null;
      if (walkFirst && query.sort === 'distance') {
        // Nearest first: read one row more than the page (nearestWalk).
        const walk = nearestWalk(await run('pageWalk', limit + 1), limit);
        walked = walk.page;
        if (!walked && walk.tieMetres !== undefined) {
          // Carers at the same distance across the page's end (many homes share a town's or a
          // district's point): the page is among the carers no farther than that distance, found
          // through the homes' index in that circle's box and sorted.
          walked = await statement({
            ...shape,
            box: 'home',
            part: 'page',
            cursor: cursor !== undefined,
          }).execute({
            ...values,
            ...cursorValues(cursor),
            boxMetres: Math.min(values.radiusMetres as number, walk.tieMetres + 1),
            limit,
          });
        }
      } else if (walkFirst) {
        // The walk's rows come in the page's order: a full page among them is the page.
        const found = await run('pageWalk');
        if (found.length === limit) walked = found;
        else if (shape.near && found.length > 0) {
          // Near a place, a walk that found part of the page says how far a page is: walk that
          // far (half as far again) when it is not much, rather than read every carer in the
          // circle or every travel area holding the place (thousands, at 25-50 miles).
          const walkRows = Math.ceil(((WALK_ROWS * limit) / found.length) * 1.5);
          if (walkRows <= LONG_WALK_ROWS) {
            const longer = await statement({
              ...shape,
              part: 'pageWalk',
              cursor: cursor !== undefined,
            }).execute({ ...values, ...cursorValues(cursor), limit, walkRows });
            if (longer.length === limit) walked = longer;
          }
        }
      }
      rows = walked ?? (await run('page'));
    } else {
      // The cursor is [fit, rank_score, id]: rows after it are the rest of its fit group, then
      // every row of a lower fit.
      const cursorFit = cursor?.[0] as number | undefined;
      const after = (fit: number): 'all' | 'none' | Key[] =>
        cursorFit === undefined || cursorFit > fit ? 'all' : cursorFit < fit ? 'none' : cursor!.slice(1);
      const read = (part: Part, from: Key[] | 'all', wanted: number) =>
        statement({ ...shape, part, cursor: from !== 'all' }).execute({
          ...values,
          ...cursorValues(from === 'all' ? undefined : from),
          limit: wanted,
        });

      const exact = after(1);
      const mention = after(0);
      let found: CarerSearchRow[] = [];
      if (exact !== 'none') found = await read('exact', exact, limit);
      const exactCount = found.length;
      if (found.length < limit && mention !== 'none') {
        // Mentions, only when the exact matches do not fill the page: first among the next
        // PROBE_ROWS carers in rank order, and only if too few are there, all of them.
        const wanted = limit - found.length;
        let mentions = await read('mentionWalk', mention, wanted);
        if (mentions.length < wanted) mentions = await read('mentionAll', mention, wanted);
        found = [...found, ...mentions];
      }
      rows = found;
      fits = found.map((_row, index) => (index < exactCount ? 1 : 0));
    }

    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    let nextCursor: string | null = null;
    if (rows.length > query.limit && last) {
      const rankKeys = ORDERS[query.sort].map((key) => key.valueOf(last));
      const lastFit = fits[page.length - 1] ?? 0;
      nextCursor = encodeCursor({
        sort: query.sort,
        keys: bestWithLocation ? [lastFit, ...rankKeys] : rankKeys,
      });
    }
    // The first page also says how many match in all: one bounded count (SEARCH_TOTAL_CAP + 1 rows
    // at most), beside the page's own statements.
    let total: SearchTotal | null = null;
    if (!cursor) {
      const [counted] = (await statement({ ...shape, part: 'count', cursor: false }).execute({
        ...values,
        limit: SEARCH_TOTAL_CAP + 1,
      })) as unknown as { count: number }[];
      const count = Number(counted?.count ?? 0);
      total = { count: Math.min(count, SEARCH_TOTAL_CAP), more: count > SEARCH_TOTAL_CAP };
    }
    return { rows: page, nextCursor, total };
  }

  return { search };
}

/**
 * The page from a nearest-first walk's rows (in the index's distance order, `limit` + 1 wanted).
 * Every row the walk did not read is at least as far as the last it read, which is at least as
 * far as the farthest it returned; so the page is exact when it ends nearer than that farthest
 * row (the index cannot order equal distances by id: the page does). Otherwise no page: with a
 * full page read but a tie across its end, `tieMetres` is the distance of the page's last row
 * (along the ground), within which the whole page lies.
 */
function nearestWalk(
  rows: CarerSearchRow[],
  limit: number,
): { page: CarerSearchRow[] | null; tieMetres?: number } {
  if (rows.length < limit) return { page: null };
  const sorted = [...rows].sort(
    (a, b) => a.distanceKey! - b.distanceKey! || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const last = sorted[limit - 1]!.distanceKey!;
  if (rows.length > limit && last < sorted[sorted.length - 1]!.distanceKey!)
    return { page: sorted.slice(0, limit) };
  return { page: null, tieMetres: secToGc(last) };
}

function valuesOf(query: CarerSearchQuery, near: SearchOrigin | undefined): Values {
  const text = query.location?.toLowerCase();
  return {
    latitude: near?.latitude,
    longitude: near?.longitude,
    walkRows: WALK_ROWS,
    radiusMetres: query.within * METRES_PER_MILE,
    boxMetres: query.within * METRES_PER_MILE,
    slotMask: slotMask(slotsWanted(query.day, query.partOfDay)),
    careType: query.careType,
    availability: query.availability,
    minRate: query.minRate,
    maxRate: query.maxRate,
    text,
    pattern: text === undefined ? undefined : `%${escapeLike(text)}%`,
    district: query.location ? postcodeDistrictOf(query.location) : undefined,
  };
}

const cursorValues = (cursor: Key[] | undefined): Values =>
  Object.fromEntries((cursor ?? []).map((value, index) => [`k${index}`, value]));

function build(db: Executor, shape: Shape): Statement {
  const cursor = (keys: OrderKey[], t: SearchColumns) => (shape.cursor ? [afterCursor(keys, t)] : []);
  const location = locationMatch(c, shape);
  let query;
  switch (shape.part) {
    case 'page':
      if (shape.near) {
        query = nearPage(db, shape, false);
        break;
      }
      if (location) {
        // A location text with the rating or price order whose walk found no full page: few
        // carers match it, so collect them through the text's indexes (trigram, district) and
        // sort those. Left alone, the planner may walk the order's index past tens of thousands
        // of rows instead (140 ms for 'sheffield' with a minRate). OFFSET keeps the order out of
        // the subquery.
        const matches = db
          .select({ ...resultColumns(c), listedUntil: c.listedUntil })
          .from(c)
          .where(and(...filterConditions(c, shape), location.indexed, ...cursor(ORDERS[shape.sort], c)))
          .offset(p('zero'))
          .as('matches');
        query = db
          .select(resultColumns(matches))
          .from(matches)
          .orderBy(...order(ORDERS[shape.sort], matches as unknown as SearchColumns))
          .limit(p('limit'));
        break;
      }
      query = db
        .select(resultColumns(c))
        .from(c)
        .where(and(...filterConditions(c, shape), ...cursor(ORDERS[shape.sort], c)))
        .orderBy(...order(ORDERS[shape.sort], c))
        .limit(p('limit'));
      break;
    case 'count': {
      // Every listed carer the search matches (the page's own conditions, without its order or
      // cursor), read no further than SEARCH_TOTAL_CAP + 1 rows.
      const conditions = [...filterConditions(c, shape)];
      if (shape.near) {
        const distance = sql`sec_to_gc(${chord()})`;
        conditions.push(
          isNotNull(c.homeLatitude),
          isNotNull(c.homeLongitude),
          sql`earth_box(${origin()}, ${p('radiusMetres')}::float8) @> ${home()}`,
          sql`${distance} <= ${p('radiusMetres')}::float8`,
          sql`(${c.travelMiles} is null or ${distance} <= ${c.travelMiles} * ${sql.raw(String(METRES_PER_MILE))}::float8)`,
        );
        if (location) conditions.push(location.matches);
      } else if (location) conditions.push(location.indexed);
      const matching = db
        .select({ one: sql`1`.as('one') })
        .from(c)
        .where(and(...conditions))
        .limit(p('limit'))
        .as('matching');
      query = db.select({ count: sql<number>`count(*)::int`.as('count') }).from(matching);
      break;
    }
    case 'pageWalk': {
      if (shape.near) {
        query = nearPage(db, shape, true);
        break;
      }
      // A location with the rating or price order: the next WALK_ROWS carers in that order (of
      // the care type, if any), and the location tested on those.
      const walk = orderWalk(db, shape, {});
      const text = locationMatch(walk, shape)!;
      query = db
        .select(resultColumns(walk))
        .from(walk)
        .where(and(...filterConditions(walk, shape), text.matches))
        .orderBy(...order(ORDERS[shape.sort], walk))
        .limit(p('limit'));
      break;
    }
    case 'exact': {
      // Exact matches by rank, one index walk per way of matching: the town (a town equal to the
      // text is part of the location, so it needs no substring test, which would tempt the
      // planner into combining indexes and sorting) and, for a postcode, the district.
      const arm = (where: SQL | undefined) =>
        db
          .select(resultColumns(c))
          .from(c)
          .where(where)
          .orderBy(...order(BY_RANK, c))
          .limit(p('limit'));
      const byTown = arm(
        and(
          ...filterConditions(c, shape),
          location!.townIs,
          ...(location!.inDistrict ? [sql`(${location!.inDistrict}) is not true`] : []),
          ...cursor(BY_RANK, c),
        ),
      );
      if (!location!.inDistrict) {
        query = byTown;
        break;
      }
      const byDistrict = arm(and(...filterConditions(c, shape), location!.inDistrict, ...cursor(BY_RANK, c)));
      query = byDistrict
        .unionAll(byTown)
        .orderBy(sql`"rank_score" desc nulls last, "id" asc`)
        .limit(p('limit'));
      break;
    }
    case 'mentionWalk': {
      const walk = probeWalk(db, shape, shape.cursor);
      query = db
        .select(resultColumns(walk))
        .from(walk)
        .where(and(...mentionConditions(walk, shape)))
        .orderBy(...order(BY_RANK, walk))
        .limit(p('limit'));
      break;
    }
    case 'mentionAll': {
      // Not a full page in the probe: collect every mention through the trigram index and sort
      // those. OFFSET keeps the planner from pushing the order into the subquery.
      const matches = db
        .select({ ...resultColumns(c), postcodeDistrict: c.postcodeDistrict, listedUntil: c.listedUntil })
        .from(c)
        .where(and(...mentionConditions(c, shape, true), ...cursor(BY_RANK, c)))
        .offset(p('zero'))
        .as('matches');
      query = db
        .select(resultColumns(matches))
        .from(matches)
        .orderBy(...order(BY_RANK, matches))
        .limit(p('limit'));
      break;
    }
  }
  const prepared = query.prepare('');
  return {
    execute: (values) => prepared.execute({ ...values, zero: 0 }) as Promise<CarerSearchRow[]>,
  };
}

/** The columns a walk or a candidate set carries beyond the result: what the filters test. */
const filterColumns = () => ({
  listedUntil: c.listedUntil,
  homeLatitude: c.homeLatitude,
  homeLongitude: c.homeLongitude,
});

/**
 * The next WALK_ROWS listed carers in the page's order, from the order's index (of the care type,
 * if any, when the index has it), after the cursor; `extra` are more columns to carry.
 */
function orderWalk(db: Executor, shape: Shape, extra: Record<string, SQL.Aliased>) {
  const keys = ORDERS[shape.sort];
  return db
    .select({ ...resultColumns(c), ...filterColumns(), ...extra })
    .from(c)
    .where(
      and(
        eq(c.isActive, true),
        ...(shape.careType ? [eq(c.specialization, p('careType'))] : []),
        // The price indexes hold both rates (migration 0017): the rate window is tested on the
        // index entries, so the walk reads only carers inside it (a high minRate no longer
        // walks past every cheaper carer whose rates end below it).
        ...(shape.sort === 'price' && shape.minRate ? [sql`${c.hourlyRateMax} >= ${p('minRate')}`] : []),
        ...(shape.sort === 'price' && shape.maxRate ? [sql`${c.hourlyRateMin} <= ${p('maxRate')}`] : []),
        ...(shape.cursor ? [afterCursor(keys, c)] : []),
      ),
    )
    .orderBy(...order(keys, c))
    .limit(p('walkRows'))
    .as('walk');
}

/**
 * A page near a place. `walk`: among the next WALK_ROWS carers in the page's order (nearest first:
 * the GiST index's distance order), which is exact when that fills the page; otherwise every
 * carer the GiST index finds in the box (the searched circle's, or the travel areas holding the
 * place), tested and sorted. The distance is computed once per row (chord()), and the conditions
 * are earthdistance's own (earth_distance = sec_to_gc of the chord).
 */
function nearPage(db: Executor, shape: Shape, walk: boolean) {
  const key = sql<number>`${chord()}`.as('distance_key');
  let candidates;
  const nearestWalk = walk && shape.sort === 'distance';
  if (nearestWalk) {
    // Nearest first from the index, read only as far as the page needs: the query keeps the
    // walk's order (no sort above it), so it stops at its LIMIT rather than reading all
    // WALK_ROWS; the caller orders equal distances by id (nearestWalkPage).
    candidates = db
      .select({ ...resultColumns(c), ...filterColumns(), distanceKey: key })
      .from(c)
      .where(and(isNotNull(c.homeLatitude), isNotNull(c.homeLongitude)))
      .orderBy(sql`${home()} <-> ${origin()}`)
      .limit(WALK_ROWS)
      .as('nearest');
  } else if (walk) {
    candidates = orderWalk(db, shape, { distanceKey: key });
  } else {
    const inBox =
      shape.box === 'travel'
        ? sql`earth_box(${home()}, coalesce(${c.travelMiles}, ${sql.raw(String(TRAVEL_MILES_MAX))}) * ${sql.raw(String(METRES_PER_MILE))}::float8) @> ${origin()}`
        : sql`earth_box(${origin()}, ${p('boxMetres')}::float8) @> ${home()}`;
    candidates = db
      .select({ ...resultColumns(c), ...filterColumns(), distanceKey: key })
      .from(c)
      .where(and(isNotNull(c.homeLatitude), isNotNull(c.homeLongitude), eq(c.isActive, true), inBox))
      .offset(p('zero'))
      .as('candidates');
  }
  const t = candidates as unknown as SearchColumns & Record<string, AnyPgColumn>;
  const location = locationMatch(t, shape);
  const distance = sql`sec_to_gc(${t.distanceKey})`;
  return db
    .select({
      ...resultColumns(t as never),
      distanceMetres: sql<number>`${distance}`,
      distanceKey: sql<number>`${t.distanceKey}`,
    })
    .from(candidates)
    .where(
      and(
        ...filterConditions(t, shape),
        sql`${distance} <= ${p('radiusMetres')}::float8`,
        sql`(${t.travelMiles} is null or ${distance} <= ${t.travelMiles} * ${sql.raw(String(METRES_PER_MILE))}::float8)`,
        ...(location ? [location.matches] : []),
        ...(shape.cursor ? [afterCursor(ORDERS[shape.sort], t)] : []),
      ),
    )
    .orderBy(...(nearestWalk ? [] : order(ORDERS[shape.sort], t)))
    .limit(p('limit'));
}

/**
 * The next PROBE_ROWS listed carers in rank order (of the care type, if any): a bounded walk in
 * which to look for mentions. The planner cannot know how many rows mention the text without
 * being exact matches ('leeds': none; 'york': every Yorkshire town), so left alone it may walk the
 * whole rank index for rows that are not there.
 */
function probeWalk(db: Executor, shape: Shape, afterTheCursor: boolean) {
  return db
    .select({ ...resultColumns(c), postcodeDistrict: c.postcodeDistrict, listedUntil: c.listedUntil })
    .from(c)
    .where(
      and(
        eq(c.isActive, true),
        listingCurrent(c),
        ...(shape.careType ? [eq(c.specialization, p('careType'))] : []),
        ...(afterTheCursor ? [afterCursor(BY_RANK, c)] : []),
      ),
    )
    .orderBy(...order(BY_RANK, c))
    .limit(PROBE_ROWS)
    .as('walk');
}

const order = (keys: OrderKey[], t: SearchColumns) =>
  keys.map((key) => sql`${key.column(t)} ${sql.raw(key.direction === 'desc' ? 'desc nulls last' : 'asc')}`);

/**
 * Listed (active, and the introductory or paid period not over: carer-listing.ts), and the care
 * type, availability and rate filters. The listing's end is a plain filter on the rows an index
 * walk reads: it moves with time, so no partial index can hold it, and nearly every row passes.
 */
function filterConditions(t: SearchColumns, shape: Shape): SQL[] {
  const conditions: SQL[] = [eq(t.isActive, true), listingCurrent(t)];
  if (shape.careType) conditions.push(eq(t.specialization, p('careType')));
  if (shape.availability) conditions.push(sql`${t.availability} @> array[${p('availability')}]::text[]`);
  if (shape.minRate) conditions.push(sql`${t.hourlyRateMax} >= ${p('minRate')}`);
  if (shape.maxRate) conditions.push(sql`${t.hourlyRateMin} <= ${p('maxRate')}`);
  if (shape.slots) conditions.push(sql`(${t.availabilitySlots} & ${p('slotMask')}::int) <> 0`);
  return conditions;
}

/**
 * Location: a postcode district ('LS6', 'ls6 3ab') matches exactly; any text matches a substring
 * of the location ('leeds', 'yorkshire'). An exact town or district match ranks first (fit 1).
 */
function locationMatch(t: SearchColumns, shape: Shape) {
  if (shape.location === 'none') return undefined;
  const inText = sql`lower(${t.location}) like ${p('pattern')}`;
  const inDistrict =
    shape.location === 'postcode' ? sql`upper(${t.postcodeDistrict}) = ${p('district')}` : undefined;
  // Served by carer_profiles_town_best_idx: keep the expression identical to the index's.
  const townIs = sql`lower(trim(split_part(${t.location}, ',', 1))) = ${p('text')}`;
  // The same test as inText, in the form an index finds: the trigram index, or for a text without
  // three letters or digits in a row ('m6', 'l8': no trigram, so the trigram index returns every
  // row) the locations containing it among the distinct ones (shortText).
  const inTextIndexed = shape.shortText
    ? sql`lower(${t.location}) = any(array(${distinctLocationsLike()}))`
    : inText;
  return {
    inText,
    inDistrict,
    townIs,
    matches: inDistrict ? (or(inText, inDistrict) as SQL) : inText,
    indexed: inDistrict ? (or(inTextIndexed, inDistrict) as SQL) : inTextIndexed,
    inTextIndexed,
  };
}

/**
 * The distinct lower(location)s that contain the text (placeholder `pattern`), read by skipping
 * through carer_profiles_location_lower_idx (one index descent per distinct location: ~280 in
 * the bench's 100,000 carers, ~2 ms). For a text too short for the trigram index.
 */
const distinctLocationsLike = () => sql`with recursive locations(l) as (
    (select lower(${c.location}) from ${c} where lower(${c.location}) is not null order by 1 limit 1)
    union all
    select (select lower(${c.location}) from ${c} where lower(${c.location}) > locations.l order by 1 limit 1)
    from locations where locations.l is not null
  ) select l from locations where l like ${p('pattern')}`;

/** Whether a location text has no run of three letters or digits: no trigram to look up. */
const isShortText = (text: string) => !/[\p{L}\p{N}]{3}/u.test(text);

/** Fit-0 rows: matching the location only by a mention (not the town, not the district). */
function mentionConditions(t: SearchColumns, shape: Shape, indexed = false): SQL[] {
  const location = locationMatch(t, shape)!;
  return [
    ...filterConditions(t, shape),
    indexed ? location.inTextIndexed : location.inText,
    sql`not ${location.townIs}`,
    ...(location.inDistrict ? [sql`(${location.inDistrict}) is not true`] : []),
  ];
}

/**
 * Rows strictly after the cursor (placeholders k0, k1, …) in the order of `keys`:
 * (k1 > v1) or (k1 = v1 and k2 > v2) or …, and also k1 ≥ v1, which is implied but lets an
 * index start its walk at the cursor rather than at the top.
 */
function afterCursor(keys: OrderKey[], t: SearchColumns): SQL {
  const value = (index: number) => p(`k${index}`);
  const branches = keys.map((key, index) => {
    const equalBefore = keys.slice(0, index).map((previous, i) => sql`${previous.column(t)} = ${value(i)}`);
    const beyond =
      key.direction === 'desc'
        ? sql`${key.column(t)} < ${value(index)}`
        : sql`${key.column(t)} > ${value(index)}`;
    return and(...equalBefore, beyond) as SQL;
  });
  const first = keys[0]!;
  const start =
    first.direction === 'desc'
      ? sql`${first.column(t)} <= ${value(0)}`
      : sql`${first.column(t)} >= ${value(0)}`;
  return sql`(${start} and (${or(...branches)}))`;
}
