import { aliasedTable, and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { carerProfiles, conversations, messages, outboxEmails, userBlocks, users } from '../../db/schema';
import type { OutboxValues } from '../../platform/mailer';

/**
 * A conversation with both people as the service needs them (emails never leave the server).
 * Either side may be gone: `customerId` is null once the customer's account is deleted, `carerId`
 * (and every carer column) once the carer profile is.
 */
export interface ConversationRow {
  id: string;
  carerId: string | null;
  customerId: string | null;
  lastMessageAt: Date;
  customerNotifiedAt: Date | null;
  carerNotifiedAt: Date | null;
  customerFirstName: string | null;
  customerLastName: string | null;
  customerEmail: string | null;
  /** The customer's plan, for what a push to them may show (the paywall, decision 0029). */
  customerSubscriptionStatus: string | null;
  customerSubscriptionExpiresAt: Date | null;
  /** The carer's account; null when the profile is gone or has none (an admin-made profile). */
  carerUserId: string | null;
  carerFirstName: string | null;
  carerLastName: string | null;
  carerPhotoUrl: string | null;
  carerEmail: string | null;
}

export type NotifiedSide = 'customer' | 'carer';

const customerUser = aliasedTable(users, 'customer_user');
const carerUser = aliasedTable(users, 'carer_user');
const ownProfile = aliasedTable(carerProfiles, 'own_profile');

// Flat columns: drizzle turns a nested object of a left join's all-null columns into null.
const conversationFields = {
  id: conversations.id,
  carerId: conversations.carerId,
  customerId: conversations.customerId,
  lastMessageAt: conversations.lastMessageAt,
  customerNotifiedAt: conversations.customerNotifiedAt,
  carerNotifiedAt: conversations.carerNotifiedAt,
  customerFirstName: customerUser.firstName,
  customerLastName: customerUser.lastName,
  customerEmail: customerUser.email,
  customerSubscriptionStatus: customerUser.subscriptionStatus,
  customerSubscriptionExpiresAt: customerUser.subscriptionExpiresAt,
  carerUserId: carerProfiles.userId,
  carerFirstName: carerProfiles.firstName,
  carerLastName: carerProfiles.lastName,
  carerPhotoUrl: carerProfiles.photoUrl,
  carerEmail: carerUser.email,
};

export function createMessagingRepository(db: Executor) {
  /** Left join on the profile: the thread outlives it, for the customer (`carerId` then null). */
  function selectConversations<Extra extends SelectedFields>(extra: Extra = {} as Extra) {
    return db
      .select({ ...conversationFields, ...extra })
      .from(conversations)
      .leftJoin(carerProfiles, eq(carerProfiles.id, conversations.carerId))
      .leftJoin(customerUser, eq(customerUser.id, conversations.customerId))
      .leftJoin(carerUser, eq(carerUser.id, carerProfiles.userId));
  }

  /** Messages to `userId` in the conversation of the row being read that they have not read. */
  const unreadIn = (userId: string) =>
    sql<number>`(select count(*) from ${messages} where ${messages.conversationId} = ${conversations.id}
      and ${messages.receiverId} = ${userId} and ${messages.readAt} is null)`.mapWith(Number);

  /**
   * The customer, or the account of the conversation's carer profile. Once the profile is deleted
   * nobody on the carer side is: an account that lost its profile no longer sees those threads.
   * Both sides are tested on conversations' own indexed columns (the account's one profile is
   * looked up first), so PostgreSQL combines two index scans; a test on the joined profile's
   * user_id made every inbox scan all conversations and profiles.
   */
  const isParticipant = (userId: string) =>
    or(
      eq(conversations.customerId, userId),
      sql`${conversations.carerId} = (${db
        .select({ id: ownProfile.id })
        .from(ownProfile)
        .where(eq(ownProfile.userId, userId))})`,
    );

  return {
    /** The one thread of this customer and carer, created on first contact; its activity time moves on. */
    async touchConversation(customerId: string, carerId: string, at: Date): Promise<string> {
      const [row] = await db
        .insert(conversations)
        .values({ customerId, carerId, createdAt: at, lastMessageAt: at })
        .onConflictDoUpdate({
          target: [conversations.customerId, conversations.carerId],
          set: { lastMessageAt: sql`excluded.last_message_at` },
        })
        .returning({ id: conversations.id });
      if (!row) throw new Error('conversation upsert returned no row');
      return row.id;
    },

    /** The conversation if `userId` is one of its two people, else undefined. */
    async findForParticipant(id: string, userId: string): Promise<ConversationRow | undefined> {
      const [row] = await selectConversations()
        .where(and(eq(conversations.id, id), isParticipant(userId)))
        .limit(1);
      return row;
    },

    /**
     * The inbox in one query: every conversation `userId` is in, most recent activity first, each
     * with its newest message and how many of its messages `userId` has not read.
     */
    async inbox(userId: string, limit: number) {
      const last = db
        .select({ senderId: messages.senderId, content: messages.content, createdAt: messages.createdAt })
        .from(messages)
        .where(eq(messages.conversationId, conversations.id))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(1)
        .as('last_message');
      return selectConversations({
        lastSenderId: last.senderId,
        lastContent: last.content,
        lastCreatedAt: last.createdAt,
        unread: unreadIn(userId),
      })
        .leftJoinLateral(last, sql`true`)
        .where(isParticipant(userId))
        .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
        .limit(limit);
    },

    /**
     * The conversation if `userId` is one of its two people, with what the thread shows besides
     * its messages: how many `userId` has not read, and who of the two has blocked the other.
     */
    async threadHead(id: string, userId: string) {
      const otherId = sql`case when ${conversations.customerId} = ${userId} then ${carerProfiles.userId} else ${conversations.customerId} end`;
      const blocked = (blocker: SQL | string, blockedUser: SQL | string) =>
        sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${blocker} and ${userBlocks.blockedId} = ${blockedUser})`;
      const query = selectConversations({
        unread: unreadIn(userId),
        blockedByMe: blocked(userId, otherId),
        blockedByOther: blocked(otherId, userId),
        otherSuspended: sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${otherId} and ${users.suspendedAt} is not null)`,
      })
        .where(and(eq(conversations.id, id), isParticipant(userId)))
        .limit(1);
      const [row] = await query;
      return row;
    },

    /** Unread messages to `userId` in the threads they can still open (not a deleted profile's). */
    async totalUnread(userId: string): Promise<number> {
      const [row] = await db
        .select({ unread: count() })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .leftJoin(carerProfiles, eq(carerProfiles.id, conversations.carerId))
        .where(and(eq(messages.receiverId, userId), isNull(messages.readAt), isParticipant(userId)));
      return row?.unread ?? 0;
    },

    /** The latest `limit` messages of a conversation, newest first. */
    async latestMessages(conversationId: string, limit: number) {
      return db
        .select()
        .from(messages)
        .where(eq(messages.conversationId, conversationId))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(limit);
    },

    /**
     * Stores a message in one statement, so it needs no transaction of its own: the conversation's
     * activity time moves on with it, `notice` (a live event's pg_notify, sent on commit) goes out
     * and, when `email` is given, the email is written to the outbox if that side was last emailed
     * at or before `email.notEmailedSince` (at most one email per interval). That test is made in
     * the UPDATE of the conversation's row: of two messages at once the second waits for the row,
     * sees the first's time and sends none (decision 0015). Raw SQL: the conditional insert into
     * the outbox is an INSERT … SELECT, which drizzle only builds over every column.
     * The conversation must exist (a foreign key violation otherwise: the caller read it first).
     */
    async insertMessage(
      values: {
        conversationId: string;
        senderId: string;
        receiverId: string;
        content: string;
        createdAt: Date;
      },
      {
        email,
        notice,
        push,
      }: {
        /** `onlyIf`: the recipient still wants these emails (decided in the statement). */
        email: {
          side: NotifiedSide;
          notEmailedSince: Date;
          outbox: OutboxValues;
          onlyIf: SQL<boolean>;
        } | null;
        notice: SQL | null;
        /** The push notice's INSERT (features/push `pushNoticeSql`), queued in the same statement. */
        push: SQL | null;
      },
    ): Promise<{ id: string; emailed: boolean; pushed: boolean }> {
      const { conversationId: id, createdAt: at } = values;
      const inserted = sql`inserted as (
        insert into ${messages} (conversation_id, sender_id, receiver_id, content, created_at)
        values (${id}, ${values.senderId}, ${values.receiverId}, ${values.content}, ${at})
        returning id)${push ? sql`, pushed as (${push})` : sql``}`;
      const pushed = push ? sql`exists (select 1 from pushed)` : sql`false`;
      let statement: SQL;
      if (email) {
        const notifiedAt = sql.identifier(`${email.side}_notified_at`);
        const { toAddress, replyTo, subject, bodyText } = email.outbox;
        statement = sql`with ${inserted},
          claimed as (
            update ${conversations} set last_message_at = ${at}, ${notifiedAt} = ${at}
            where id = ${id} and (${notifiedAt} is null or ${notifiedAt} <= ${email.notEmailedSince})
              and ${email.onlyIf}
            returning id),
          touched as (
            update ${conversations} set last_message_at = ${at}
            where id = ${id} and not exists (select 1 from claimed)
            returning id),
          mailed as (
            insert into ${outboxEmails} (to_address, reply_to, subject, body_text)
            select ${toAddress}, ${replyTo ?? null}, ${subject}, ${bodyText} from claimed
            returning id)
          select inserted.id, exists (select 1 from mailed) as emailed, ${pushed} as pushed,
            ${notice ?? sql`null`} as notified
          from inserted`;
      } else {
        statement = sql`with ${inserted},
          touched as (update ${conversations} set last_message_at = ${at} where id = ${id} returning id)
          select inserted.id, false as emailed, ${pushed} as pushed, ${notice ?? sql`null`} as notified
          from inserted`;
      }
      const result = (await db.execute(statement)) as unknown as {
        rows: { id: string; emailed: boolean; pushed: boolean }[];
      };
      const [row] = result.rows;
      if (!row) throw new Error('insert into messages returned no row');
      return { id: row.id, emailed: row.emailed, pushed: row.pushed };
    },

    /** Marks every unread message to `userId` in the conversation as read; how many it marked. */
    async markRead(conversationId: string, userId: string, at: Date): Promise<number> {
      const marked = await db
        .update(messages)
        .set({ readAt: at })
        .where(
          and(
            eq(messages.conversationId, conversationId),
            eq(messages.receiverId, userId),
            isNull(messages.readAt),
          ),
        )
        .returning({ id: messages.id });
      return marked.length;
    },

    /** Who of the two has blocked the other. */
    /** Whether the account is suspended (safeguarding): nobody may write to it meanwhile. */
    async isSuspended(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ suspendedAt: users.suspendedAt })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return Boolean(row?.suspendedAt);
    },

    async blocksBetween(userId: string, otherId: string): Promise<{ byMe: boolean; byOther: boolean }> {
      const rows = await db
        .select({ blockerId: userBlocks.blockerId })
        .from(userBlocks)
        .where(
          or(
            and(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, otherId)),
            and(eq(userBlocks.blockerId, otherId), eq(userBlocks.blockedId, userId)),
          ),
        );
      return {
        byMe: rows.some((row) => row.blockerId === userId),
        byOther: rows.some((row) => row.blockerId === otherId),
      };
    },

    async block(blockerId: string, blockedId: string, at: Date): Promise<void> {
      await db.insert(userBlocks).values({ blockerId, blockedId, createdAt: at }).onConflictDoNothing();
    },

    /** Removes only `blockerId`'s own block; true if there was one. */
    async unblock(blockerId: string, blockedId: string): Promise<boolean> {
      const removed = await db
        .delete(userBlocks)
        .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
        .returning({ blockerId: userBlocks.blockerId });
      return removed.length > 0;
    },
  };
}
export type MessagingRepository = ReturnType<typeof createMessagingRepository>;
