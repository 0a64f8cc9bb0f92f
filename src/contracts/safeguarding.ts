// The safeguarding queue's shapes: reports with their context, and what an admin does about them.
import { z } from 'zod';
import { multiLine } from './text';
import { ADMIN_MESSAGES, AdminListQuery } from './admin';
import { REPORT_REASONS } from './reports';

/**
 * GET /api/admin/reports: the safeguarding queue by state, paged and searched like the lists
 * above (`q`: the reporter's or the reported account's name or email).
 */
export const ReportQueueQuery = AdminListQuery.extend({
  status: z
    .enum(['open', 'resolved', 'dismissed', 'all'], {
      error: 'Status must be open, resolved, dismissed or all.',
    })
    .default('open'),
});
export type ReportQueueQuery = z.infer<typeof ReportQueueQuery>;

// ---------------------------------------------------------------------------------------------
// Safeguarding queue (decision 0009): reports of conversations and reviews with their context.
// GET /api/admin/reports?status=open|resolved|dismissed|all, POST /api/admin/reports/{id}/resolve,
// POST /api/admin/users/{id}/unsuspend
// ---------------------------------------------------------------------------------------------

export const REPORT_ACTIONS = ['dismiss', 'warn', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const ReportAccount = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['customer', 'carer', 'admin']),
  suspendedAt: z.string().nullable(),
});
export type ReportAccount = z.infer<typeof ReportAccount>;

/** DELETE /api/admin/users/{id}/sessions: how many sessions (signed-in browsers) were ended. */
export const SessionsEnded = z.object({ sessionsEnded: z.number().int().min(0) });
export type SessionsEnded = z.infer<typeof SessionsEnded>;

export const AdminReport = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(['open', 'resolved', 'dismissed']),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** 'dismiss' | 'warn' | 'suspend' once resolved. */
  resolution: z.enum(REPORT_ACTIONS).nullable(),
  resolutionNote: z.string().nullable(),
  /** Who reported; null if that account was deleted. */
  reporter: ReportAccount.nullable(),
  /** The account the report is about (the other side of the conversation, the review's author or the carer). */
  reported: ReportAccount.nullable(),
  subject: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('conversation'),
      conversationId: z.string(),
      /** The last messages of the thread, oldest first, sender named ('Deleted user' when gone). */
      messages: z.array(
        z.object({ id: z.string(), senderName: z.string(), content: z.string(), createdAt: z.string() }),
      ),
    }),
    z.object({
      kind: z.literal('review'),
      reviewId: z.string(),
      carerId: z.string(),
      carerName: z.string(),
      rating: z.number().int(),
      comment: z.string(),
      createdAt: z.string(),
    }),
    /** A carer's profile itself, reported from the profile page. */
    z.object({ kind: z.literal('carer'), carerId: z.string(), carerName: z.string() }),
  ]),
});
export type AdminReport = z.infer<typeof AdminReport>;

export const REPORT_CONTEXT_MESSAGES = 20;

export const ResolveReportInput = z
  .object({
    action: z.enum(REPORT_ACTIONS, { error: 'Choose dismiss, warn or suspend.' }),
    /** Dismiss: an optional note for the record. Warn: the warning emailed to the account holder. */
    note: multiLine(z.string()).trim().max(2000, 'The note can be at most 2,000 characters.').default(''),
  })
  .refine((input) => input.action !== 'warn' || input.note.length > 0, {
    message: ADMIN_MESSAGES.warningRequired,
    path: ['note'],
  });
export type ResolveReportInput = z.infer<typeof ResolveReportInput>;
