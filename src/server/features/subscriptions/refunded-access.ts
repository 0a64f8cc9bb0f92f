import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PaymentPlan } from '@contracts/subscriptions';
import { payments } from '../../db/schema';
import { PLAN_TERMS } from './plans';

/** Each one-time plan's length in months, as SQL (the plans a cooling-off refund applies to). */
const planMonths = sql.join(
  [
    sql`case ${payments.plan}`,
    ...(Object.keys(PLAN_TERMS) as PaymentPlan[])
      .filter((plan) => PLAN_TERMS[plan].purpose === null)
      .map((plan) => sql`when ${plan} then ${PLAN_TERMS[plan].months}::int`),
    sql`else 0 end`,
  ],
  sql` `,
);

/**
 * SQL for "`instant` fell in access that `userId` bought with a payment since refunded"
 * (decision 0029, "A refund takes back what it paid for"): from the refunded payment's own period
 * start (its paying, or where the earlier plan it extended ended: that plan's days were not
 * refunded) to the refund. What a family did then counts as done without a plan: contact that
 * makes a review possible, an arrangement proposed. For query fragments in repositories only.
 */
export function inRefundedAccess(userId: AnyColumn | SQL, instant: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${payments} where ${payments.userId} = ${userId}
    and ${payments.refundedAt} is not null and ${payments.paidAt} is not null
    and ${instant} >= greatest(${payments.paidAt}, ${payments.periodEnd} - make_interval(months => ${planMonths}))
    and ${instant} < ${payments.refundedAt})`;
}
