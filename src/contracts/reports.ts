import { z } from 'zod';
import { multiLine } from './text';
import { formatCount } from './limits';

/** Why a conversation, a review or a carer is reported; admins see them in the safeguarding queue. */
export const REPORT_REASONS = [
  'Harassment or abusive language',
  'Spam or a scam',
  'Asking for payment off the platform',
  'Concern for someone’s safety',
  'False or misleading information',
  'Something else',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_DETAILS_MAX_LENGTH = 2000;
/** Reports one account may send per hour; more answer 429 (tooManyReports). */
export const REPORT_MAX_PER_HOUR = 10;

export const REPORT_MESSAGES = {
  reason: 'Choose a reason.',
  detailsTooLong: `Details can be at most ${formatCount(REPORT_DETAILS_MAX_LENGTH)} characters.`,
  /** 'Something else' needs words. */
  detailsRequired: 'Please tell us what happened.',
  reviewNotFound: 'Review not found.',
  carerNotFound: 'Carer not found.',
  tooManyReports:
    'You have sent several reports in the last hour. Please wait a while before sending another.',
  sentTitle: 'Report Sent',
  sentDescription: 'Thank you. Our team will look at it within one working day.',
  failedTitle: 'Error',
  failedFallback: 'Failed to send your report.',
} as const;

/** POST /api/conversations/{id}/report, /api/reviews/{id}/report and /api/carers/{id}/report. */
export const ReportInput = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reason }),
    details: multiLine(z.string())
      .trim()
      .max(REPORT_DETAILS_MAX_LENGTH, REPORT_MESSAGES.detailsTooLong)
      .default(''),
  })
  .refine((input) => input.reason !== 'Something else' || input.details.length > 0, {
    message: REPORT_MESSAGES.detailsRequired,
    path: ['details'],
  });
export type ReportInput = z.infer<typeof ReportInput>;

export const ReportReceipt = z.object({ id: z.string(), status: z.literal('open') });
export type ReportReceipt = z.infer<typeof ReportReceipt>;
