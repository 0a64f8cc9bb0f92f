import {
  and,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { arrangements as a, carerProfiles, users, visits as v } from '../../db/schema';

/** A visit that happened, as a timesheet bills it. */
export interface RecordedVisit {
  visitId: string;
  arrangementId: string;
  startsAt: Date;
  checkedInAt: Date;
  checkedOutAt: Date;
  recordedAfterwards: boolean;
}

/** A visit of the month as the family's statement counts it: agreed, and whether it happened. */
export interface StatementVisitRow {
  visitId: string;
  arrangementId: string;
  startsAt: Date;
  endsAt: Date;
  status: string;
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
  recordedAfterwards: boolean;
  covered: boolean;
}

/** An arrangement's people and terms, as timesheets and invoices name them. */
export interface BilledArrangement {
  id: string;
  status: string;
  customerId: string | null;
  carerUserId: string | null;
  hourlyRate: string;
  careFor: string;
  customerFirstName: string | null;
  customerLastName: string | null;
  carerFirstName: string | null;
  carerLastName: string | null;
}

/** A value, or a placeholder a prepared statement fills in. */
type Value<T> = T | SQLWrapper;
type VisitFilter = { carerUserId?: Value<string>; customerId?: Value<string>; arrangementId?: Value<string> };

/**
 * The visits that happened in [from, to) (checked out, or recorded afterwards) of accepted or
 * ended arrangements with both people, not covered by a backup: the one rule of what is billed.
 */
const happened = (from: Value<Date>, to: Value<Date>, filter: VisitFilter) =>
  and(
    gte(v.startsAt, from),
    lt(v.startsAt, to),
    eq(v.status, 'scheduled'),
    isNotNull(v.checkedOutAt),
    isNull(v.coveredBy),
    inArray(a.status, ['accepted', 'ended']),
    isNotNull(a.customerId),
    isNotNull(carerProfiles.userId),
    filter.carerUserId ? eq(carerProfiles.userId, filter.carerUserId) : undefined,
    filter.customerId ? eq(a.customerId, filter.customerId) : undefined,
    filter.arrangementId ? eq(a.id, filter.arrangementId) : undefined,
  );

/**
 * What feature invoicing reads of arrangements and their visits (decision 0038): the visits that
 * happened (checked out, or recorded afterwards) of accepted or ended arrangements, and the
 * arrangements' people and agreed rate. A visit a backup covered is the backup's to bill, not on
 * the arrangement's timesheet (decision 0037). Reads only: pass the caller's transaction.
 */
export function createTimesheetSource(db: Executor) {
  return {
    /**
     * SQL: whether a visit that happened in [from, to) for `filter` passes `unbilled` (given the
     * visit's id column): one `exists`, so a read can ask it in its own statement.
     */
    unbilledVisitExists(
      from: Value<Date>,
      to: Value<Date>,
      filter: VisitFilter,
      unbilled: (visitId: AnyPgColumn) => SQL,
    ): SQL<boolean> {
      return sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(v)
          .innerJoin(a, eq(a.id, v.arrangementId))
          .leftJoin(carerProfiles, eq(carerProfiles.id, a.carerId))
          .where(and(happened(from, to, filter), unbilled(v.id))),
      )}`;
    },

    /**
     * SQL: the people and terms of the arrangement in `arrangementId` (BilledArrangement's fields,
     * the rate as text), one JSON object looked up by its key, so a read of timesheets names them
     * in its own statement, whatever its plan estimates.
     */
    billedArrangementOf(arrangementId: AnyPgColumn): SQL<BilledArrangement | null> {
      return sql<BilledArrangement | null>`(${db
        .select({
          json: sql`json_build_object('id', ${a.id}, 'status', ${a.status}, 'customerId', ${a.customerId},
            'carerUserId', ${carerProfiles.userId}, 'hourlyRate', ${a.hourlyRate}::text, 'careFor', ${a.careFor},
            'customerFirstName', ${users.firstName}, 'customerLastName', ${users.lastName},
            'carerFirstName', ${carerProfiles.firstName}, 'carerLastName', ${carerProfiles.lastName})`,
        })
        .from(a)
        .leftJoin(users, eq(users.id, a.customerId))
        .leftJoin(carerProfiles, eq(carerProfiles.id, a.carerId))
        .where(eq(a.id, arrangementId))})`;
    },

    async recordedVisits(from: Date, to: Date, filter: VisitFilter = {}): Promise<RecordedVisit[]> {
      const rows = await db
        .select({
          visitId: v.id,
          arrangementId: v.arrangementId,
          startsAt: v.startsAt,
          checkedInAt: v.checkedInAt,
          checkedOutAt: v.checkedOutAt,
          recordedAfterwardsAt: v.recordedAfterwardsAt,
        })
        .from(v)
        .innerJoin(a, eq(a.id, v.arrangementId))
        .leftJoin(carerProfiles, eq(carerProfiles.id, a.carerId))
        .where(happened(from, to, filter))
        .orderBy(v.startsAt)
        .limit(5000);
      return rows.map((row) => ({
        visitId: row.visitId,
        arrangementId: row.arrangementId,
        startsAt: row.startsAt,
        checkedInAt: row.checkedInAt!,
        checkedOutAt: row.checkedOutAt!,
        recordedAfterwards: row.recordedAfterwardsAt !== null,
      }));
    },

    /**
     * Every visit agreed between a family and a carer starting in [from, to), cancelled and covered
     * ones included (the statement says what became of each), of arrangements that were accepted.
     */
    async visitsOf(
      from: Date,
      to: Date,
      filter: { carerUserId: string; customerId: string },
    ): Promise<StatementVisitRow[]> {
      const rows = await db
        .select({
          visitId: v.id,
          arrangementId: v.arrangementId,
          startsAt: v.startsAt,
          endsAt: v.endsAt,
          status: v.status,
          checkedInAt: v.checkedInAt,
          checkedOutAt: v.checkedOutAt,
          recordedAfterwardsAt: v.recordedAfterwardsAt,
          coveredBy: v.coveredBy,
        })
        .from(v)
        .innerJoin(a, eq(a.id, v.arrangementId))
        .innerJoin(carerProfiles, eq(carerProfiles.id, a.carerId))
        .where(
          and(
            gte(v.startsAt, from),
            lt(v.startsAt, to),
            inArray(a.status, ['accepted', 'ended']),
            eq(a.customerId, filter.customerId),
            eq(carerProfiles.userId, filter.carerUserId),
          ),
        )
        .orderBy(v.startsAt)
        .limit(5000);
      return rows.map((row) => ({
        visitId: row.visitId,
        arrangementId: row.arrangementId,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        status: row.status,
        checkedInAt: row.checkedInAt,
        checkedOutAt: row.checkedOutAt,
        recordedAfterwards: row.recordedAfterwardsAt !== null,
        covered: row.coveredBy !== null,
      }));
    },

    async arrangements(ids: string[]): Promise<BilledArrangement[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          id: a.id,
          status: a.status,
          customerId: a.customerId,
          carerUserId: carerProfiles.userId,
          hourlyRate: a.hourlyRate,
          careFor: a.careFor,
          customerFirstName: users.firstName,
          customerLastName: users.lastName,
          carerFirstName: carerProfiles.firstName,
          carerLastName: carerProfiles.lastName,
        })
        .from(a)
        .leftJoin(users, eq(users.id, a.customerId))
        .leftJoin(carerProfiles, eq(carerProfiles.id, a.carerId))
        .where(inArray(a.id, ids));
    },
  };
}
export type TimesheetSource = ReturnType<typeof createTimesheetSource>;
