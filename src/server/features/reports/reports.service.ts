import { MESSAGE_MESSAGES } from '@contracts/messaging';
import {
  REPORT_MAX_PER_HOUR,
  REPORT_MESSAGES,
  type ReportInput,
  type ReportReceipt,
} from '@contracts/reports';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit';
import type { NewReport, ReportsRepository } from './reports.repository';

/** Every report request counts, found or not, so the limit also stops probing for ids. */
export const REPORT_RATE_LIMIT: RateLimitRule = {
  bucket: 'reports',
  limit: REPORT_MAX_PER_HOUR,
  windowSeconds: 3600,
};

interface ReportsServiceDeps {
  reports: ReportsRepository;
  rateLimiter: RateLimiter;
  now?: () => Date;
}

/** Reports of a conversation, a review or a carer go into the `reports` table, the admins' queue (decision 0009). */
export function createReportsService({ reports, rateLimiter, now = () => new Date() }: ReportsServiceDeps) {
  const admit = (reporter: UserRow) =>
    rateLimiter.enforce(REPORT_RATE_LIMIT, reporter.id, REPORT_MESSAGES.tooManyReports);

  async function file(
    reporter: UserRow,
    input: ReportInput,
    subject: NewReport['subject'],
  ): Promise<ReportReceipt> {
    const { id } = await reports.insert({
      reporterId: reporter.id,
      reason: input.reason,
      details: input.details,
      at: now(),
      subject,
    });
    return { id, status: 'open' };
  }

  return {
    /** Only the conversation's two people may report it; to anyone else it does not exist (404). */
    async reportConversation(conversationId: string, reporter: UserRow, input: ReportInput) {
      await admit(reporter);
      if (!(await reports.isConversationParticipant(conversationId, reporter.id))) {
        throw AppError.notFound(MESSAGE_MESSAGES.conversationNotFound);
      }
      return file(reporter, input, { conversationId });
    },

    /** Reviews are public, so any signed-in person may report one. */
    async reportReview(reviewId: string, reporter: UserRow, input: ReportInput) {
      await admit(reporter);
      if (!(await reports.reviewExists(reviewId))) throw AppError.notFound(REPORT_MESSAGES.reviewNotFound);
      return file(reporter, input, { reviewId });
    },

    /** A listed carer (or one the reporter talks to) may be reported by anyone signed in. */
    async reportCarer(carerId: string, reporter: UserRow, input: ReportInput) {
      await admit(reporter);
      if (!(await reports.carerReportable(carerId, reporter.id))) {
        throw AppError.notFound(REPORT_MESSAGES.carerNotFound);
      }
      return file(reporter, input, { carerId });
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
