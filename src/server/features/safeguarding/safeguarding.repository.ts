import { aliasedTable, and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  carerProfiles,
  conversations,
  messages,
  reports,
  reviews,
  users,
  type UserRow,
} from '../../db/schema';
import { endSessionsOf } from '../../platform/sessions/session.repository';
import { createAccountsStore } from '../auth';
import { createCarerProfilesStore } from '../carers';
import { createReportsStore, type ReportStatus } from '../reports';
import {
  afterKeyset,
  keysetText,
  matches,
  readAdminPage,
  type AdminKeyset,
  type AdminPage,
  accountSearchText,
} from '../../platform/admin-paging';
import { isUuid } from '../../platform/ids';

export type { ReportStatus };

/** How many reports are open: the safeguarding queue's size. */
export async function openReportCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reports).where(eq(reports.status, 'open'));
  return row?.n ?? 0;
}

/** A report with what it is about, flat (the service works out who is reported). */
export interface ReportRow {
  id: string;
  reporterId: string | null;
  conversationId: string | null;
  reviewId: string | null;
  carerId: string | null;
  reason: string;
  details: string;
  status: string;
  createdAt: Date;
  resolvedAt: Date | null;
  resolution: string | null;
  resolutionNote: string | null;
  conversationCustomerId: string | null;
  /** The carer side's account (through the messages once the profile is deleted). */
  conversationCarerUserId: string | null;
  reviewAuthorId: string | null;
  reviewCarerId: string | null;
  reviewCarerFirstName: string | null;
  reviewCarerLastName: string | null;
  reviewRating: number | null;
  reviewComment: string | null;
  reviewCreatedAt: Date | null;
  /** A reported carer profile's account and name. */
  carerUserId: string | null;
  carerFirstName: string | null;
  carerLastName: string | null;
}

export interface ContextMessageRow {
  id: string;
  conversationId: string;
  senderFirstName: string | null;
  senderLastName: string | null;
  senderId: string | null;
  content: string;
  createdAt: Date;
}

export type AccountRow = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'role' | 'suspendedAt'>;

const conversationCarer = aliasedTable(carerProfiles, 'conversation_carer');
const reviewCarer = aliasedTable(carerProfiles, 'review_carer');
const sender = aliasedTable(users, 'sender');
const reportedCarer = aliasedTable(carerProfiles, 'reported_carer');

/**
 * The carer's account in a reported conversation: its profile's, or once the profile is deleted
 * (the conversation stays, `carer_id` null), the account on the other side of its messages, so a
 * carer whose profile went is still the one reported. Null once that account is deleted too.
 */
const conversationCarerAccount = sql<string | null>`coalesce(${conversationCarer.userId}, (
  select party.id from ${messages}
  cross join lateral (values (${messages.senderId}), (${messages.receiverId})) as party (id)
  where ${messages.conversationId} = ${conversations.id}
    and party.id is not null and party.id is distinct from ${conversations.customerId}
  limit 1))`;

/**
 * Who a report is about, in SQL: `reportedIdOf` of the service, for the queue's search. For a
 * review its author; for a conversation the other person from the reporter's side.
 */
const reportedAccount = sql<string | null>`case
  when ${reports.reviewId} is not null then ${reviews.customerId}
  when ${reports.carerId} is not null then ${reportedCarer.userId}
  when ${reports.reporterId} is null then null
  when ${reports.reporterId} = ${conversations.customerId} then ${conversationCarerAccount}
  when ${reports.reporterId} = ${conversationCarerAccount} then ${conversations.customerId}
end`;

/** An account's names and email, the expression of the trigram index of migration 0021. */
const accountText = accountSearchText;

const accountColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  suspendedAt: users.suspendedAt,
};

export function createSafeguardingRepository(db: Executor) {
  const selectReports = () =>
    db
      .select({
        /** The cursor's timestamp, at the database's precision (admin-paging). */
        keyset: keysetText(reports.createdAt),
        id: reports.id,
        reporterId: reports.reporterId,
        conversationId: reports.conversationId,
        reviewId: reports.reviewId,
        carerId: reports.carerId,
        reason: reports.reason,
        details: reports.details,
        status: reports.status,
        createdAt: reports.createdAt,
        resolvedAt: reports.resolvedAt,
        resolution: reports.resolution,
        resolutionNote: reports.resolutionNote,
        conversationCustomerId: conversations.customerId,
        conversationCarerUserId: conversationCarerAccount,
        reviewAuthorId: reviews.customerId,
        reviewCarerId: reviews.carerId,
        reviewCarerFirstName: reviewCarer.firstName,
        reviewCarerLastName: reviewCarer.lastName,
        reviewRating: reviews.rating,
        reviewComment: reviews.comment,
        reviewCreatedAt: reviews.createdAt,
        carerUserId: reportedCarer.userId,
        carerFirstName: reportedCarer.firstName,
        carerLastName: reportedCarer.lastName,
      })
      .from(reports)
      .leftJoin(conversations, eq(conversations.id, reports.conversationId))
      .leftJoin(conversationCarer, eq(conversationCarer.id, conversations.carerId))
      .leftJoin(reviews, eq(reviews.id, reports.reviewId))
      .leftJoin(reviewCarer, eq(reviewCarer.id, reviews.carerId))
      .leftJoin(reportedCarer, eq(reportedCarer.id, reports.carerId));

  return {
    /**
     * One page of the queue: open reports oldest first (the longest waiting first), the others
     * newest first, ties by id (the keyset), matching `q` in the name or email of the reporter or
     * of the account reported.
     */
    async list(options: {
      status: ReportStatus | 'all';
      q?: string | undefined;
      after: AdminKeyset | null;
      limit: number;
    }): Promise<AdminPage<ReportRow>> {
      const ascending = options.status === 'open';
      const conditions: SQL[] = [];
      if (options.status !== 'all') conditions.push(eq(reports.status, options.status));
      if (options.q) {
        // The matching accounts once (the trigram index), then each report's two people among them.
        const matching = db.select({ id: users.id }).from(users).where(matches(accountText, options.q));
        conditions.push(or(inArray(reports.reporterId, matching), sql`${reportedAccount} in (${matching})`)!);
      }
      const matching = (keyset?: SQL) => selectReports().where(and(...conditions, keyset));
      const order = ascending ? asc : desc;
      const page = await readAdminPage(db, {
        rows: matching(afterKeyset(reports.createdAt, reports.id, options.after, ascending))
          .orderBy(order(reports.createdAt), order(reports.id))
          .limit(options.limit + 1),
        matching: matching(),
        limit: options.limit,
        keysetOf: (row) => ({ at: row.keyset, id: row.id }),
      });
      return { ...page, rows: page.rows.map(({ keyset: _keyset, ...row }) => row) };
    },

    async find(id: string): Promise<ReportRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await selectReports().where(eq(reports.id, id)).limit(1);
      if (!row) return undefined;
      const { keyset: _keyset, ...report } = row;
      return report;
    },

    /** Locks the report row for the rest of the transaction: two admins resolve it one at a time. */
    async lock(id: string): Promise<{ status: string } | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ status: reports.status })
        .from(reports)
        .where(eq(reports.id, id))
        .for('update');
      return row;
    },

    async accounts(ids: string[]): Promise<AccountRow[]> {
      if (ids.length === 0) return [];
      return db.select(accountColumns).from(users).where(inArray(users.id, ids));
    },

    async lockAccount(id: string): Promise<AccountRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id)).for('update');
      return row;
    },

    /** The last `perConversation` messages of each conversation, oldest first. */
    async lastMessages(conversationIds: string[], perConversation: number): Promise<ContextMessageRow[]> {
      if (conversationIds.length === 0) return [];
      const ranked = db
        .select({
          id: messages.id,
          conversationId: messages.conversationId,
          senderId: messages.senderId,
          content: messages.content,
          createdAt: messages.createdAt,
          position:
            sql<number>`row_number() over (partition by ${messages.conversationId} order by ${messages.createdAt} desc, ${messages.id} desc)`.as(
              'position',
            ),
        })
        .from(messages)
        .where(inArray(messages.conversationId, conversationIds))
        .as('ranked');
      return db
        .select({
          id: ranked.id,
          conversationId: ranked.conversationId,
          senderId: ranked.senderId,
          senderFirstName: sender.firstName,
          senderLastName: sender.lastName,
          content: ranked.content,
          createdAt: ranked.createdAt,
        })
        .from(ranked)
        .leftJoin(sender, eq(sender.id, ranked.senderId))
        .where(sql`${ranked.position} <= ${perConversation}`)
        .orderBy(asc(ranked.conversationId), asc(ranked.createdAt), asc(ranked.id));
    },

    resolve: (id: string, values: Parameters<ReturnType<typeof createReportsStore>['resolve']>[1]) =>
      createReportsStore(db).resolve(id, values),

    /**
     * Suspends an account: it cannot sign in, its sessions end now, and its carer profile (if
     * any) leaves search. Answers whether a carer profile was taken down.
     */
    async suspend(userId: string, at: Date): Promise<{ carerProfileDeactivated: boolean }> {
      await createAccountsStore(db).suspend(userId, at);
      await endSessionsOf(db, userId);
      return {
        carerProfileDeactivated: await createCarerProfilesStore(db).setActiveOfAccount(userId, false, at),
      };
    },

    /**
     * Signs an account out everywhere: its sessions end, and so does any sign-in half done (a
     * password given, the two-factor code still due). Answers how many sessions there were.
     */
    endSessions: (userId: string) => createAccountsStore(db).signOutEverywhere(userId),

    /** Lifts a suspension: the account signs in again and its carer profile is listed again. */
    async unsuspend(userId: string, at: Date): Promise<{ carerProfileReactivated: boolean }> {
      await createAccountsStore(db).unsuspend(userId, at);
      return {
        carerProfileReactivated: await createCarerProfilesStore(db).setActiveOfAccount(userId, true, at),
      };
    },
  };
}
export type SafeguardingRepository = ReturnType<typeof createSafeguardingRepository>;
