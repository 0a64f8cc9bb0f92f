import type { Executor } from '../../db/client';
import { createFamilySide } from '../circle';

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

/** The holder and "can arrange" members act for the family (approve, query, pay). */
export const actsForFamily = (viewer: Viewer | null): boolean =>
  viewer === 'holder' || viewer === 'can_arrange';

/** viewerOf for many rows, asking the circle once per family. */
export async function viewersOf<T extends { carerUserId: string | null; customerId: string | null }>(
  executor: Executor,
  rows: T[],
  userId: string,
): Promise<Array<{ row: T; viewer: Viewer }>> {
  const sides = new Map<string, Viewer | null>();
  const out: Array<{ row: T; viewer: Viewer }> = [];
  for (const row of rows) {
    let viewer: Viewer | null;
    if (row.carerUserId === userId) viewer = 'carer';
    else if (!row.customerId) viewer = null;
    else {
      if (!sides.has(row.customerId)) sides.set(row.customerId, await viewerOf(executor, row, userId));
      viewer = sides.get(row.customerId)!;
    }
    if (viewer) out.push({ row, viewer });
  }
  return out;
}
