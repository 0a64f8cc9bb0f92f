import { ADMIN_MESSAGES } from '@contracts/admin';
import {
  REPORT_CONTEXT_MESSAGES,
  type ReportQueueQuery,
  type AdminReport,
  type ReportAccount,
  type ReportAction,
  type ResolveReportInput,
  type SessionsEnded,
} from '@contracts/safeguarding';
import { DELETED_USER_NAME } from '@contracts/messaging';
import { PRODUCT_NAME } from '@contracts/pricing';
import type { ReportReason } from '@contracts/reports';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { decodeAdminCursor } from '../../platform/admin-paging';
import { AppError } from '../../platform/errors';
import type { Mailer, OutgoingEmail } from '../../platform/mailer';
import { createArrangementEndings } from '../arrangements';
import { createAuditRecorder } from '../audit';
import {
  createSafeguardingRepository,
  type AccountRow,
  type ContextMessageRow,
  type ReportRow,
  type ReportStatus,
  type SafeguardingRepository,
} from './safeguarding.repository';

interface SafeguardingDeps {
  safeguarding: SafeguardingRepository;
  db: Database;
  mailer: Mailer;
  /** The site's address, for the links in the emails about ended arrangements. */
  publicUrl: string;
  now?: () => Date;
}

export interface AdminActor {
  user: UserRow;
  ipAddress?: string | undefined;
}

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter((part) => part && part.trim()).join(' ');

const toAccount = (row: AccountRow): ReportAccount => ({
  id: row.id,
  name: fullName(row.firstName, row.lastName) || row.email,
  email: row.email,
  role: row.role,
  suspendedAt: row.suspendedAt?.toISOString() ?? null,
});

/**
 * Who a report is about: for a conversation, the other person from the reporter's side (unknown
 * once the reporter's account is gone); for a review, its author; for a carer, the carer's account.
 */
export function reportedIdOf(row: ReportRow): string | null {
  if (row.reviewId) return row.reviewAuthorId;
  if (row.carerId) return row.carerUserId;
  if (!row.reporterId) return null;
  if (row.reporterId === row.conversationCustomerId) return row.conversationCarerUserId;
  if (row.reporterId === row.conversationCarerUserId) return row.conversationCustomerId;
  return null;
}

const STATUS_OF: Record<ReportAction, ReportStatus> = {
  dismiss: 'dismissed',
  warn: 'resolved',
  suspend: 'resolved',
};

function warningEmail(to: string, name: string, note: string): OutgoingEmail {
  return {
    to,
    subject: `A warning from the ${PRODUCT_NAME} team`,
    text: [
      `Hello ${name},`,
      '',
      'We have looked into a report about your use of ' + PRODUCT_NAME + ' and are giving you this warning:',
      '',
      note,
      '',
      'Please keep to our rules. If it happens again, we may suspend your account.',
      '',
      `The ${PRODUCT_NAME} team`,
    ].join('\n'),
  };
}

function suspensionEmail(to: string, name: string, note: string): OutgoingEmail {
  return {
    to,
    subject: `Your ${PRODUCT_NAME} account has been suspended`,
    text: [
      `Hello ${name},`,
      '',
      `After looking into a report, we have suspended your ${PRODUCT_NAME} account. You cannot sign in`,
      'while it is suspended, and a carer profile is not shown in search.',
      ...(note ? ['', note] : []),
      '',
      'If you think this is a mistake, reply to our support team through the Contact page.',
      '',
      `The ${PRODUCT_NAME} team`,
    ].join('\n'),
  };
}

/** The safeguarding queue (decision 0009): reports with their context, and what admins do about them. */
export function createSafeguardingService({
  safeguarding,
  db,
  mailer,
  publicUrl,
  now = () => new Date(),
}: SafeguardingDeps) {
  async function views(rows: ReportRow[]): Promise<AdminReport[]> {
    const accountIds = new Set<string>();
    for (const row of rows) {
      if (row.reporterId) accountIds.add(row.reporterId);
      const reported = reportedIdOf(row);
      if (reported) accountIds.add(reported);
    }
    const accounts = new Map((await safeguarding.accounts([...accountIds])).map((a) => [a.id, toAccount(a)]));
    const conversationIds = [
      ...new Set(rows.flatMap((row) => (row.conversationId ? [row.conversationId] : []))),
    ];
    const byConversation = new Map<string, ContextMessageRow[]>();
    for (const message of await safeguarding.lastMessages(conversationIds, REPORT_CONTEXT_MESSAGES)) {
      const list = byConversation.get(message.conversationId) ?? [];
      list.push(message);
      byConversation.set(message.conversationId, list);
    }
    return rows.map((row): AdminReport => {
      const reportedId = reportedIdOf(row);
      return {
        id: row.id,
        reason: row.reason as ReportReason,
        details: row.details,
        status: row.status as ReportStatus,
        createdAt: row.createdAt.toISOString(),
        resolvedAt: row.resolvedAt?.toISOString() ?? null,
        resolution: row.resolution as ReportAction | null,
        resolutionNote: row.resolutionNote,
        reporter: (row.reporterId && accounts.get(row.reporterId)) || null,
        reported: (reportedId && accounts.get(reportedId)) || null,
        subject: row.conversationId
          ? {
              kind: 'conversation',
              conversationId: row.conversationId,
              messages: (byConversation.get(row.conversationId) ?? []).map((message) => ({
                id: message.id,
                senderName: message.senderId
                  ? fullName(message.senderFirstName, message.senderLastName) || PRODUCT_NAME + ' member'
                  : DELETED_USER_NAME,
                content: message.content,
                createdAt: message.createdAt.toISOString(),
              })),
            }
          : row.carerId
            ? {
                kind: 'carer',
                carerId: row.carerId,
                carerName: fullName(row.carerFirstName, row.carerLastName),
              }
            : {
                kind: 'review',
                reviewId: row.reviewId ?? '',
                carerId: row.reviewCarerId ?? '',
                carerName: fullName(row.reviewCarerFirstName, row.reviewCarerLastName),
                rating: row.reviewRating ?? 0,
                comment: row.reviewComment ?? '',
                createdAt: row.reviewCreatedAt?.toISOString() ?? row.createdAt.toISOString(),
              },
      };
    });
  }

  async function get(id: string): Promise<AdminReport> {
    const row = await safeguarding.find(id);
    if (!row) throw AppError.notFound(ADMIN_MESSAGES.reportNotFound);
    const [view] = await views([row]);
    return view!;
  }

  return {
    /** One page of the queue (keyset paging, search by either person's name or email). */
    async list(query: ReportQueueQuery) {
      const page = await safeguarding.list({
        status: query.status,
        q: query.q || undefined,
        after: decodeAdminCursor(query.cursor),
        limit: query.limit,
      });
      return { ...page, rows: await views(page.rows) };
    },
    get,

    /**
     * Resolves an open report: dismiss it, warn the reported account (by email), or suspend it.
     * The report, the account, the emails and the audit entries change in one transaction.
     */
    async resolve(id: string, actor: AdminActor, input: ResolveReportInput): Promise<AdminReport> {
      const at = now();
      await db.transaction(async (tx) => {
        const repository = createSafeguardingRepository(tx);
        const audit = createAuditRecorder(tx);
        const locked = await repository.lock(id);
        if (!locked) throw AppError.notFound(ADMIN_MESSAGES.reportNotFound);
        if (locked.status !== 'open') throw AppError.conflict(ADMIN_MESSAGES.reportAlreadyResolved);
        const row = (await repository.find(id))!;

        let reported: AccountRow | undefined;
        if (input.action !== 'dismiss') {
          const reportedId = reportedIdOf(row);
          reported = reportedId ? await repository.lockAccount(reportedId) : undefined;
          if (!reported) throw AppError.conflict(ADMIN_MESSAGES.noAccountToAct);
          if (input.action === 'suspend' && reported.id === actor.user.id) {
            throw AppError.forbidden(ADMIN_MESSAGES.cannotChangeOwnAccount);
          }
        }
        const name = reported ? reported.firstName?.trim() || 'there' : '';

        if (input.action === 'warn' && reported) {
          await mailer.enqueue(tx, warningEmail(reported.email, name, input.note));
        }
        if (input.action === 'suspend' && reported) {
          const { carerProfileDeactivated } = await repository.suspend(reported.id, at);
          // Its arrangements end today and the other people are told; lifting the suspension later
          // brings none of them back (decision 0024).
          const arrangementsEnded = await createArrangementEndings(tx, { publicUrl }).end(
            { userId: reported.id, carerId: null },
            'suspended',
            at,
          );
          await audit.record({
            actorId: actor.user.id,
            action: 'user.suspended',
            entityType: 'user',
            entityId: reported.id,
            before: {
              suspendedAt: reported.suspendedAt?.toISOString() ?? null,
              ...(carerProfileDeactivated ? { carerProfileActive: true } : {}),
            },
            after: {
              suspendedAt: (reported.suspendedAt ?? at).toISOString(),
              sessionsEnded: true,
              ...(carerProfileDeactivated ? { carerProfileActive: false } : {}),
              ...(arrangementsEnded > 0 ? { arrangementsEnded } : {}),
              reportId: id,
            },
            ipAddress: actor.ipAddress ?? null,
          });
          await mailer.enqueue(tx, suspensionEmail(reported.email, name, input.note));
        }

        const status = STATUS_OF[input.action];
        await repository.resolve(id, {
          status,
          resolution: input.action,
          note: input.note,
          resolvedBy: actor.user.id,
          at,
        });
        await audit.record({
          actorId: actor.user.id,
          action: `report.${input.action === 'dismiss' ? 'dismissed' : input.action === 'warn' ? 'warned' : 'suspended'}`,
          entityType: 'report',
          entityId: id,
          before: { status: 'open', resolution: null },
          after: {
            status,
            resolution: input.action,
            resolutionNote: input.note || null,
            // Who the report is about, dismissed or not: the entry names them.
            reportedAccountId: reported?.id ?? reportedIdOf(row),
          },
          ipAddress: actor.ipAddress ?? null,
        });
      });
      mailer.dispatchSoon();
      return get(id);
    },

    /** Lifts a suspension (409 when the account is not suspended). */
    async unsuspend(userId: string, actor: AdminActor): Promise<ReportAccount> {
      const at = now();
      return db.transaction(async (tx) => {
        const repository = createSafeguardingRepository(tx);
        const account = await repository.lockAccount(userId);
        if (!account) throw AppError.notFound(ADMIN_MESSAGES.userNotFound);
        if (!account.suspendedAt) throw AppError.conflict(ADMIN_MESSAGES.notSuspended);
        const { carerProfileReactivated } = await repository.unsuspend(userId, at);
        await createAuditRecorder(tx).record({
          actorId: actor.user.id,
          action: 'user.unsuspended',
          entityType: 'user',
          entityId: userId,
          before: {
            suspendedAt: account.suspendedAt.toISOString(),
            ...(carerProfileReactivated ? { carerProfileActive: false } : {}),
          },
          after: { suspendedAt: null, ...(carerProfileReactivated ? { carerProfileActive: true } : {}) },
          ipAddress: actor.ipAddress ?? null,
        });
        return toAccount({ ...account, suspendedAt: null });
      });
    },

    /**
     * Signs an account out on every device without suspending it (ASVS 7.4.5): a stolen session
     * stops at once, and the owner signs in again as usual. Not the admin's own account: that is
     * what Settings' sessions list is for.
     */
    async endSessions(userId: string, actor: AdminActor): Promise<SessionsEnded> {
      if (userId === actor.user.id) throw AppError.forbidden(ADMIN_MESSAGES.cannotSignOutSelf);
      return db.transaction(async (tx) => {
        const repository = createSafeguardingRepository(tx);
        const account = await repository.lockAccount(userId);
        if (!account) throw AppError.notFound(ADMIN_MESSAGES.userNotFound);
        const sessionsEnded = await repository.endSessions(userId);
        await createAuditRecorder(tx).record({
          actorId: actor.user.id,
          action: 'user.signed-out',
          entityType: 'user',
          entityId: userId,
          before: { sessions: sessionsEnded },
          after: { sessions: 0 },
          ipAddress: actor.ipAddress ?? null,
        });
        return { sessionsEnded };
      });
    },
  };
}
export type SafeguardingService = ReturnType<typeof createSafeguardingService>;
