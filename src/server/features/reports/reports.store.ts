import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reports } from '../../db/schema';

/**
 * Feature `reports`' public store (src/server/db/table-owners.js, decision 0030): the admins'
 * safeguarding queue resolves a report through it, in its own transaction.
 */
/** Where a report is in the queue. */
export type ReportStatus = 'open' | 'resolved' | 'dismissed';

export function createReportsStore(db: Executor) {
  return {
    async resolve(
      id: string,
      values: { status: ReportStatus; resolution: string; note: string; resolvedBy: string; at: Date },
    ): Promise<void> {
      await db
        .update(reports)
        .set({
          status: values.status,
          resolution: values.resolution,
          resolutionNote: values.note || null,
          resolvedBy: values.resolvedBy,
          resolvedAt: values.at,
        })
        .where(eq(reports.id, id));
    },
  };
}
