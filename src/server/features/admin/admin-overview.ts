import { and, count, eq, gte, lt, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { OVERVIEW_WEEKS, type AdminOverview } from '@contracts/admin-overview';
import { ukDay } from '@contracts/verification-compliance';
import type { Executor } from '../../db/client';
import { carerVerifications, payments, users } from '../../db/schema';
import { openReportCount } from '../safeguarding';
import { verificationQueueCounts } from '../verification';

/** The family plans: a paid one is a subscription on the chart (a carer's membership is not). */
const FAMILY_PLANS = ['three_month', 'monthly', 'annual'];

const shiftDay = (day: string, days: number) => {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** The Mondays (UK days) of the last OVERVIEW_WEEKS weeks, this week's last. */
export function overviewWeekStarts(now: Date): string[] {
  const today = ukDay(now);
  const monday = shiftDay(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  return Array.from({ length: OVERVIEW_WEEKS }, (_, i) => shiftDay(monday, (i - OVERVIEW_WEEKS + 1) * 7));
}

/** A UK day's midnight as an instant (the bounds compare with the column, so its index serves). */
const ukMidnight = (day: string) => sql`(${day}::timestamp at time zone 'Europe/London')`;

/** Rows per UK week (Monday first) of `at` from UK day `from` to the day before `until`. */
async function perWeek(
  db: Executor,
  table: PgTable,
  at: PgColumn,
  { from, until }: { from: string; until: string },
  where: SQL | undefined,
) {
  const week = sql<string>`to_char(date_trunc('week', ${at} at time zone 'Europe/London'), 'YYYY-MM-DD')`;
  const rows = await db
    .select({ week, n: count() })
    .from(table)
    .where(and(gte(at, ukMidnight(from)), lt(at, ukMidnight(until)), where))
    .groupBy(week);
  return new Map(rows.map((row) => [row.week, Number(row.n)]));
}

/** GET /api/admin/overview: the queues' sizes from their features, and the weeks' counts. */
export async function adminOverview(db: Executor, now: Date): Promise<AdminOverview> {
  const starts = overviewWeekStarts(now);
  const span = { from: starts[0]!, until: shiftDay(starts.at(-1)!, 7) };
  const [verification, reportsOpen, signUps, subscriptions, checks] = await Promise.all([
    verificationQueueCounts(db, now),
    openReportCount(db),
    perWeek(db, users, users.createdAt, span, inArray(users.role, ['customer', 'carer'])),
    perWeek(
      db,
      payments,
      payments.paidAt,
      span,
      and(inArray(payments.plan, FAMILY_PLANS), eq(payments.status, 'succeeded')),
    ),
    perWeek(db, carerVerifications, carerVerifications.submittedAt, span, undefined),
  ]);
  return {
    queues: { ...verification, reportsOpen },
    weeks: starts.map((weekStart) => ({
      weekStart,
      signUps: signUps.get(weekStart) ?? 0,
      subscriptions: subscriptions.get(weekStart) ?? 0,
      checks: checks.get(weekStart) ?? 0,
    })),
  };
}
