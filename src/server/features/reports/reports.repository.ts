import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { ReportReason } from '@contracts/reports';
import type { Executor } from '../../db/client';
import { carerProfiles, conversations, reports, reviews } from '../../db/schema';
import { isUuid } from '../../platform/ids';
import { listingCurrent } from '../carers';

export interface NewReport {
  reporterId: string;
  reason: ReportReason;
  details: string;
  at: Date;
  subject: { conversationId: string } | { reviewId: string } | { carerId: string };
}

export function createReportsRepository(db: Executor) {
  return {
    /**
     * Whether `userId` is one of the conversation's two people: its customer or its carer's
     * account. The customer still is once the carer profile is deleted (the same rule as reading it).
     */
    async isConversationParticipant(conversationId: string, userId: string): Promise<boolean> {
      if (!isUuid(conversationId)) return false;
      const [row] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .leftJoin(carerProfiles, eq(carerProfiles.id, conversations.carerId))
        .where(
          and(
            eq(conversations.id, conversationId),
            or(eq(conversations.customerId, userId), eq(carerProfiles.userId, userId)),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async reviewExists(reviewId: string): Promise<boolean> {
      if (!isUuid(reviewId)) return false;
      const [row] = await db
        .select({ id: reviews.id })
        .from(reviews)
        .where(eq(reviews.id, reviewId))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Whether the carer profile may be reported by this person: it exists and is listed, or it is
     * one they already talk to (a family may report a carer whose listing has since ended).
     */
    async carerReportable(carerId: string, userId: string): Promise<boolean> {
      if (!isUuid(carerId)) return false;
      const [row] = await db
        .select({ id: carerProfiles.id })
        .from(carerProfiles)
        .leftJoin(
          conversations,
          and(eq(conversations.carerId, carerProfiles.id), eq(conversations.customerId, userId)),
        )
        .where(
          and(
            eq(carerProfiles.id, carerId),
            or(
              and(eq(carerProfiles.isActive, true), listingCurrent(carerProfiles)),
              isNotNull(conversations.id),
            ),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** A new report in the admins' queue, status 'open'. */
    async insert(report: NewReport): Promise<{ id: string }> {
      const [row] = await db
        .insert(reports)
        .values({
          reporterId: report.reporterId,
          reason: report.reason,
          details: report.details,
          status: 'open',
          createdAt: report.at,
          ...report.subject,
        })
        .returning({ id: reports.id });
      if (!row) throw new Error('insert into reports returned no row');
      return row;
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
