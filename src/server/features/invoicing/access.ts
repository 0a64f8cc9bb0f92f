import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { circleRoleIn, createFamilySide } from '../circle';

/** Who someone is on a timesheet or an invoice; null: nobody (404). */
export type Viewer = 'carer' | 'holder' | 'can_arrange' | 'can_see';

/**
 * The one rule of who sees a timesheet or an invoice: the carer it is from, or the family side it
 * is to — the holder and their circle, as the circle feature says (decision 0036: a suspended
 * holder's circle sees nothing, a suspended member is left out, a removed member has no row).
 */
export async function viewerOf(
  executor: Executor,
  row: { carerUserId: string | null; customerId: string | null },
  userId: string,
): Promise<Viewer | null> {
  if (row.carerUserId === userId) return 'carer';
  if (!row.customerId) return null;
  return createFamilySide(executor).roleOf(row.customerId, userId);
}

/**
 * viewerOf in SQL, for a read that finds rows and who `userId` is on each in one statement: the
 * carer; else, as createFamilySide().roleOf says, nobody while the holder is suspended, the holder,
 * nobody while the reader is suspended, or their role in the holder's circle. `userId` may be a
 * placeholder of a prepared statement. tests/api/invoicing-reads.test.ts holds it to viewerOf.
 */
export const viewerIn = (
  carerColumn: AnyPgColumn,
  customerColumn: AnyPgColumn,
  userId: string | SQLWrapper,
): SQL<Viewer | null> => sql<Viewer | null>`case
    when ${carerColumn} = ${userId} then 'carer'
    when not exists (select 1 from ${users} holder where holder.id = ${customerColumn} and holder.suspended_at is null) then null
    when ${customerColumn} = ${userId} then 'holder'
    when exists (select 1 from ${users} reader where reader.id = ${userId} and reader.suspended_at is not null) then null
    else ${circleRoleIn(customerColumn, userId as string)}
  end`;

/** The holder and "can arrange" members act for the family (approve, query, pay). */
export const actsForFamily = (viewer: Viewer | null): boolean =>
  viewer === 'holder' || viewer === 'can_arrange';
