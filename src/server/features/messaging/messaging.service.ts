import {
  CARER_MESSAGES_MAX_PER_HOUR,
  DELETED_USER_NAME,
  MESSAGE_EMAIL_INTERVAL_MINUTES,
  MESSAGE_MESSAGES,
  type BlockState,
  type ConversationList,
  type ConversationPartner,
  type ConversationSummary,
  type ConversationThread,
  type MarkedRead,
  type ReplyBlocker,
  type ReplyInput,
  type SendMessageInput,
  type SentMessage,
  type UnreadCount,
} from '@contracts/messaging';
import { conversationPath } from '@contracts/paths';
import { PRODUCT_NAME } from '@contracts/pricing';
import type { Database, Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, isForeignKeyViolation } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { shortName } from '../../platform/short-name';
import { liveEventNotice, publishLiveEvent } from '../../platform/live-events';
import { outboxValues, quotedForEmail, type Mailer, type OutgoingEmail } from '../../platform/mailer';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit';
import type { CarersService } from '../carers';
import { hasActiveSubscription, isHeldBack } from '../subscriptions';
import {
  createMessagingRepository,
  type ConversationRow,
  type MessagingRepository,
  type NotifiedSide,
} from './messaging.repository';
import { assertEmailConfirmed } from '../auth';
import { wantsEmailSql } from '../circle';
import { previewText, pushNoticeSql, type PushDispatcher, type PushNotice } from '../push';
import { PUSH_TEXTS } from '@contracts/push';

/** A thread shows its latest messages; older ones beyond this are not sent (no paging yet). */
export const THREAD_MESSAGE_LIMIT = 200;
/** The inbox lists this many conversations, most recent first. */
const INBOX_LIMIT = 500;
/** The inbox shows the start of the last message; the thread has the whole text. */
const PREVIEW_LENGTH = 200;
const EMAIL_INTERVAL_MS = MESSAGE_EMAIL_INTERVAL_MINUTES * 60_000;
type Side = NotifiedSide;

/** How a step told in a conversation (`writeEvent`) reaches the other person. */
export interface EventDelivery {
  /** 'proposals': a step of an arrangement, pushed as such rather than as a message. */
  pushKind?: 'messages' | 'proposals';
  /**
   * False: the step sends its own email, always (the message's email waits 15 minutes after the
   * last one, and a step such as an acceptance must not wait behind a chat).
   */
  messageEmail?: boolean;
}

// Names are shortened by the platform's rule; others have long imported it from here.
export { shortName };

interface MessagingDeps {
  messaging: MessagingRepository;
  db: Database;
  carers: CarersService;
  mailer: Mailer;
  /** Push notices: dispatched after a commit that queued one. */
  push: Pick<PushDispatcher, 'dispatchSoon'>;
  rateLimiter: RateLimiter;
  /** The site's address, for the link in notification emails. */
  publicUrl: string;
  now?: () => Date;
}

/** POST /api/messages per customer account (CARER_MESSAGES_MAX_PER_HOUR). */
export const CARER_MESSAGES_LIMIT: RateLimitRule = {
  bucket: 'carer-messages',
  limit: CARER_MESSAGES_MAX_PER_HOUR,
  windowSeconds: 3600,
};

/**
 * The email a recipient gets about a new message: the sender's first name and a link, nothing
 * the sender wrote. Messages can hold health details; email is neither private nor ours to recall.
 */
export function newMessageEmail(to: string, senderFirstName: string | null, link: string): OutgoingEmail {
  // A member's name is theirs to choose: it stays out of the subject (the line a phishing
  // sentence would need) and is quoted and shortened in the body (decision 0020).
  const sender = senderFirstName?.trim() ? quotedForEmail(senderFirstName) : null;
  return {
    to,
    subject: `New message on ${PRODUCT_NAME}`,
    text: [
      'Hello,',
      '',
      sender
        ? `${sender} has sent you a message on ${PRODUCT_NAME}.`
        : `You have a new message on ${PRODUCT_NAME}.`,
      '',
      `Read it and reply: ${link}`,
      '',
      'For your privacy we never put messages in emails, and we email you about the same',
      `conversation at most once every ${MESSAGE_EMAIL_INTERVAL_MINUTES} minutes.`,
      '',
      `The ${PRODUCT_NAME} team`,
    ].join('\n'),
  };
}

const sideOf = (conversation: ConversationRow, viewer: UserRow): Side =>
  conversation.customerId === viewer.id ? 'customer' : 'carer';

/** The other person's account id; null once it is deleted. */
const otherUserId = (conversation: ConversationRow, side: Side): string | null =>
  side === 'customer' ? conversation.carerUserId : conversation.customerId;

function partnerOf(conversation: ConversationRow, side: Side): ConversationPartner {
  if (side === 'customer') {
    const { carerUserId } = conversation;
    // No account, or no profile any more (its columns are then all null): no name, no photo.
    return carerUserId && conversation.carerId
      ? {
          userId: carerUserId,
          name: shortName(conversation.carerFirstName, conversation.carerLastName),
          photoUrl: conversation.carerPhotoUrl,
          role: 'carer',
        }
      : { userId: null, name: DELETED_USER_NAME, photoUrl: null, role: 'carer' };
  }
  const { customerId } = conversation;
  return customerId
    ? {
        userId: customerId,
        name: shortName(conversation.customerFirstName, conversation.customerLastName),
        photoUrl: null,
        role: 'customer',
      }
    : { userId: null, name: DELETED_USER_NAME, photoUrl: null, role: 'customer' };
}

/** Why `viewer` cannot write here now, or null. The order is the order of the reply's checks. */
function replyBlocker(
  conversation: ConversationRow,
  viewer: UserRow,
  blocks: { byMe: boolean; byOther: boolean; otherSuspended: boolean },
  at: Date,
): ReplyBlocker | null {
  const side = sideOf(conversation, viewer);
  if (side === 'customer' && !conversation.carerId) return 'carerGone';
  if (!otherUserId(conversation, side)) return 'otherPartyGone';
  // Suspended: no message and no email reaches them, whichever side they are.
  // (A suspended account has no session, so it cannot write either.)
  if (blocks.otherSuspended) return 'otherPartySuspended';
  if (blocks.byMe || blocks.byOther) return 'blocked';
  if (side === 'customer' && !hasActiveSubscription(viewer, at)) return 'subscription';
  return null;
}

const BLOCKER_ERRORS: Record<ReplyBlocker, () => AppError> = {
  otherPartyGone: () => AppError.conflict(MESSAGE_MESSAGES.otherPartyGone),
  carerGone: () => AppError.conflict(MESSAGE_MESSAGES.carerGone),
  blocked: () => AppError.forbidden(MESSAGE_MESSAGES.blocked),
  otherPartySuspended: () => AppError.forbidden(MESSAGE_MESSAGES.otherPartySuspended),
  subscription: () => AppError.forbidden(MESSAGE_MESSAGES.subscriptionRequired),
};

/** The 409 for acting towards someone who is no longer there. */
const goneError = (conversation: ConversationRow) =>
  conversation.carerId ? BLOCKER_ERRORS.otherPartyGone() : BLOCKER_ERRORS.carerGone();

const preview = (content: string) =>
  content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH - 1)}…` : content;

type ThreadHead = NonNullable<Awaited<ReturnType<MessagingRepository['threadHead']>>>;

export function createMessagingService({
  messaging,
  db,
  carers,
  mailer,
  push,
  rateLimiter,
  publicUrl,
  now = () => new Date(),
}: MessagingDeps) {
  /** After a commit: the email and the push it may have queued go out. */
  function afterCommit(queued: { emailed: boolean; pushed: boolean }) {
    if (queued.emailed) mailer.dispatchSoon();
    if (queued.pushed) push.dispatchSoon();
  }

  /** The conversation if `viewer` is in it; the same 404 for a bad id, an unknown one and someone else's. */
  async function participantConversation(viewer: UserRow, id: string, executor: Executor = db) {
    const conversation = isUuid(id)
      ? await createMessagingRepository(executor).findForParticipant(id, viewer.id)
      : undefined;
    if (!conversation) throw AppError.notFound(MESSAGE_MESSAGES.conversationNotFound);
    return conversation;
  }

  /**
   * Stores the message, queues the recipient's email if their last one about this conversation is
   * old enough, and publishes the live event (sent on commit): one statement (see insertMessage),
   * inside the caller's transaction when it has one. `emailed`: whether the email went to the
   * outbox, to dispatch once committed.
   */
  async function writeMessage(
    executor: Executor,
    conversation: ConversationRow,
    sender: UserRow,
    content: string,
    at: Date,
    /** Pushed as a message (with a preview for who wants one), or as news of a proposal. */
    pushKind: 'messages' | 'proposals' = 'messages',
    /** False when the caller sends its own email about this message (an arrangement's step). */
    messageEmail = true,
  ): Promise<{ sent: SentMessage; emailed: boolean; pushed: boolean }> {
    const senderSide = sideOf(conversation, sender);
    const recipientSide: Side = senderSide === 'customer' ? 'carer' : 'customer';
    const receiverId = otherUserId(conversation, senderSide);
    if (!receiverId || !conversation.carerId) throw goneError(conversation);
    // A recipient who turned message emails off in Settings is not emailed (decision 0036): decided
    // in the statement that writes the message (`onlyIf`), not by a read before it.
    const recipientEmail = messageEmail
      ? recipientSide === 'carer'
        ? conversation.carerEmail
        : conversation.customerEmail
      : null;
    const senderFirstName = senderSide === 'carer' ? conversation.carerFirstName : sender.firstName;
    // The words go into a preview only for a recipient who may read them now: a family without a
    // plan is told that a message came, never what it says (decision 0029).
    const heldBack =
      recipientSide === 'customer' &&
      isHeldBack(
        {
          id: receiverId,
          role: 'customer',
          subscriptionStatus: conversation.customerSubscriptionStatus,
          subscriptionExpiresAt: conversation.customerSubscriptionExpiresAt,
        },
        { senderId: sender.id },
        at,
      );
    const pushNotice: PushNotice =
      pushKind === 'messages'
        ? {
            kind: 'messages',
            body: PUSH_TEXTS.messages,
            url: conversationPath(conversation.id),
            tag: `conversation-${conversation.id}`,
            preview: heldBack
              ? null
              : {
                  title: senderFirstName?.trim()
                    ? PUSH_TEXTS.messageFrom(shortName(senderFirstName, null))
                    : PUSH_TEXTS.title,
                  body: previewText(content),
                },
          }
        : {
            kind: 'proposals',
            body: PUSH_TEXTS.proposals,
            url: conversationPath(conversation.id),
            tag: `proposal-${conversation.id}`,
          };
    const message = await createMessagingRepository(executor)
      .insertMessage(
        { conversationId: conversation.id, senderId: sender.id, receiverId, content, createdAt: at },
        {
          email: recipientEmail
            ? {
                side: recipientSide,
                notEmailedSince: new Date(at.getTime() - EMAIL_INTERVAL_MS),
                onlyIf: wantsEmailSql(receiverId, 'messages'),
                outbox: outboxValues(
                  newMessageEmail(
                    recipientEmail,
                    senderFirstName,
                    `${publicUrl}${conversationPath(conversation.id)}`,
                  ),
                ),
              }
            : null,
          notice: liveEventNotice([conversation.customerId, conversation.carerUserId], {
            type: 'message',
            conversationId: conversation.id,
          }),
          push: pushNoticeSql([receiverId], pushNotice),
        },
      )
      .catch((error: unknown) => {
        // The conversation went (an account deleted) between reading it and writing to it.
        if (isForeignKeyViolation(error)) throw AppError.notFound(MESSAGE_MESSAGES.conversationNotFound);
        throw error;
      });
    return {
      sent: {
        id: message.id,
        conversationId: conversation.id,
        senderId: sender.id,
        receiverId,
        content,
        createdAt: at.toISOString(),
      },
      emailed: message.emailed,
      pushed: message.pushed,
    };
  }

  function summaryOf(
    conversation: ConversationRow,
    viewer: UserRow,
    last: { senderId: string | null; content: string; createdAt: Date } | undefined,
    unreadCount: number,
  ): ConversationSummary {
    return {
      id: conversation.id,
      carerId: conversation.carerId,
      partner: partnerOf(conversation, sideOf(conversation, viewer)),
      lastMessage: last
        ? {
            content: preview(last.content),
            createdAt: last.createdAt.toISOString(),
            fromMe: last.senderId === viewer.id,
          }
        : null,
      unreadCount,
      lastMessageAt: conversation.lastMessageAt.toISOString(),
    };
  }

  /** The conversation a reply goes to, as `reply` reads it (the route starts it beside its claim). */
  const replyHead = (viewer: UserRow, id: string): Promise<ThreadHead | undefined> =>
    isUuid(id) ? messaging.threadHead(id, viewer.id) : Promise.resolve(undefined);

  return {
    /**
     * POST /api/messages: a subscribed customer writes to a listed carer; the message joins (or
     * starts) their one conversation, in one transaction.
     */
    async send(sender: UserRow, input: SendMessageInput): Promise<SentMessage> {
      if (sender.role !== 'customer') throw AppError.forbidden(MESSAGE_MESSAGES.onlyCustomers);
      assertEmailConfirmed(sender);
      const at = now();
      if (!hasActiveSubscription(sender, at)) throw AppError.forbidden(MESSAGE_MESSAGES.subscriptionRequired);
      const carer = await carers.get(input.carerId, null);
      if (!carer.userId) throw AppError.badRequest(MESSAGE_MESSAGES.carerUnreachable);
      if (carer.userId !== input.receiverId) {
        throw AppError.badRequest(MESSAGE_MESSAGES.receiverMismatch, {
          receiverId: MESSAGE_MESSAGES.receiverMismatch,
        });
      }
      const carerUserId = carer.userId;
      // Counted once the message could go, so a refusal above costs the sender nothing.
      await rateLimiter.enforce(CARER_MESSAGES_LIMIT, sender.id, MESSAGE_MESSAGES.tooManyMessages);
      const sent = await db.transaction(async (tx) => {
        const repository = createMessagingRepository(tx);
        // Checked before anything is written; a refusal rolls back a conversation just created.
        const blocks = await repository.blocksBetween(sender.id, carerUserId);
        if (blocks.byMe || blocks.byOther) throw BLOCKER_ERRORS.blocked();
        if (await repository.isSuspended(carerUserId)) throw BLOCKER_ERRORS.otherPartySuspended();
        // The upsert locks the conversation's row until commit (writeMessage relies on it).
        const conversationId = await repository.touchConversation(sender.id, carer.id, at);
        const conversation = await participantConversation(sender, conversationId, tx);
        return writeMessage(tx, conversation, sender, input.content, at);
      });
      afterCommit(sent);
      return sent.sent;
    },

    /**
     * A carer writes first to a family: their answer to the family's care request. The
     * message joins (or starts) their one conversation, and `alsoInTransaction` records what the
     * message answers, in the same transaction. Blocks and suspensions are checked as for
     * POST /api/messages; the family then needs a plan to reply, as for any message.
     */
    async writeFromCarer(
      carer: UserRow,
      carerProfileId: string,
      customerId: string,
      content: string,
      alsoInTransaction: (tx: Executor, conversationId: string) => Promise<void>,
    ): Promise<SentMessage> {
      assertEmailConfirmed(carer);
      const at = now();
      const sent = await db.transaction(async (tx) => {
        const repository = createMessagingRepository(tx);
        const blocks = await repository.blocksBetween(carer.id, customerId);
        if (blocks.byMe || blocks.byOther) throw BLOCKER_ERRORS.blocked();
        if (await repository.isSuspended(customerId)) throw BLOCKER_ERRORS.otherPartySuspended();
        const conversationId = await repository.touchConversation(customerId, carerProfileId, at);
        const conversation = await participantConversation(carer, conversationId, tx);
        const written = await writeMessage(tx, conversation, carer, content, at);
        await alsoInTransaction(tx, conversationId);
        return written;
      });
      afterCommit(sent);
      return sent.sent;
    },

    /**
     * A step of an arrangement told in the pair's conversation, as a message from the
     * person who took it, with `alsoInTransaction` recording the step itself: both or neither.
     * Refused across a block or to a suspended account, as any message is. Not held to the plan
     * rule: the step itself is (a family needs a plan to propose).
     */
    async writeEvent(
      sender: UserRow,
      conversationId: string,
      /** The words, or a function giving them once the step is recorded (they may depend on it). */
      content: string | (() => string),
      alsoInTransaction: (tx: Executor, conversation: ConversationRow) => Promise<void>,
      { pushKind = 'messages', messageEmail = true }: EventDelivery = {},
    ): Promise<void> {
      const at = now();
      const queued = await db.transaction(async (tx) => {
        const conversation = await participantConversation(sender, conversationId, tx);
        const side = sideOf(conversation, sender);
        const otherId = otherUserId(conversation, side);
        if (!otherId || !conversation.carerId) throw goneError(conversation);
        const repository = createMessagingRepository(tx);
        const blocks = await repository.blocksBetween(sender.id, otherId);
        if (blocks.byMe || blocks.byOther) throw BLOCKER_ERRORS.blocked();
        if (await repository.isSuspended(otherId)) throw BLOCKER_ERRORS.otherPartySuspended();
        await alsoInTransaction(tx, conversation);
        await repository.touchConversation(conversation.customerId!, conversation.carerId, at);
        const words = typeof content === 'string' ? content : content();
        return writeMessage(tx, conversation, sender, words, at, pushKind, messageEmail);
      });
      // The step's own email was queued in the transaction: send it now too.
      afterCommit({ ...queued, emailed: queued.emailed || !messageEmail });
    },

    replyHead,

    /** POST /api/conversations/{id}/messages: either person writes in their conversation. */
    async reply(
      viewer: UserRow,
      id: string,
      input: ReplyInput,
      head: Promise<ThreadHead | undefined> = replyHead(viewer, id),
    ): Promise<SentMessage> {
      const at = now();
      if (!isUuid(id)) throw AppError.notFound(MESSAGE_MESSAGES.conversationNotFound);
      assertEmailConfirmed(viewer);
      // Read, then one statement that writes: no transaction is held across the round trips.
      const conversation = await head;
      if (!conversation) throw AppError.notFound(MESSAGE_MESSAGES.conversationNotFound);
      const blocks = {
        byMe: conversation.blockedByMe,
        byOther: conversation.blockedByOther,
        otherSuspended: conversation.otherSuspended,
      };
      const blocker = replyBlocker(conversation, viewer, blocks, at);
      if (blocker) throw BLOCKER_ERRORS[blocker]();
      const written = await writeMessage(db, conversation, viewer, input.content, at);
      afterCommit(written);
      return written.sent;
    },

    /** GET /api/conversations: the viewer's conversations, most recent activity first. */
    async list(viewer: UserRow): Promise<ConversationList> {
      const rows = await messaging.inbox(viewer.id, INBOX_LIMIT);
      const at = now();
      return {
        conversations: rows.map((row) =>
          summaryOf(
            row,
            viewer,
            row.lastCreatedAt === null
              ? undefined
              : {
                  senderId: row.lastSenderId,
                  content: isHeldBack(viewer, { senderId: row.lastSenderId }, at)
                    ? MESSAGE_MESSAGES.subscribeToRead
                    : (row.lastContent ?? ''),
                  createdAt: row.lastCreatedAt,
                },
            row.unread,
          ),
        ),
      };
    },

    /** GET /api/conversations/{id}: the thread, oldest message first. */
    async thread(viewer: UserRow, id: string): Promise<ConversationThread> {
      if (!isUuid(id)) throw AppError.notFound(MESSAGE_MESSAGES.conversationNotFound);
      // Both at once: the messages are only sent once the head shows the viewer is in it.
      const [conversation, newestFirst] = await Promise.all([
        messaging.threadHead(id, viewer.id),
        messaging.latestMessages(id, THREAD_MESSAGE_LIMIT),
      ]);
      if (!conversation) throw AppError.notFound(MESSAGE_MESSAGES.conversationNotFound);
      const blocks = {
        byMe: conversation.blockedByMe,
        byOther: conversation.blockedByOther,
        otherSuspended: conversation.otherSuspended,
      };
      const at = now();
      // What the viewer may read of each message: the one paywall rule (their own, always).
      const shown = newestFirst.reverse().map((message) => {
        const locked = isHeldBack(viewer, message, at);
        return { ...message, locked, content: locked ? MESSAGE_MESSAGES.subscribeToRead : message.content };
      });
      return {
        ...summaryOf(conversation, viewer, shown.at(-1), conversation.unread),
        messages: shown.map((message) => ({
          id: message.id,
          senderId: message.senderId,
          fromMe: message.senderId === viewer.id,
          content: message.content,
          createdAt: message.createdAt.toISOString(),
          readAt: message.readAt?.toISOString() ?? null,
          locked: message.locked,
        })),
        replyBlockedBy: replyBlocker(conversation, viewer, blocks, at),
        blockedByMe: blocks.byMe,
      };
    },

    /** POST /api/conversations/{id}/read: the viewer has opened the thread. */
    async markRead(viewer: UserRow, id: string): Promise<MarkedRead> {
      const conversation = await participantConversation(viewer, id);
      const marked = await db.transaction(async (tx) => {
        const count = await createMessagingRepository(tx).markRead(conversation.id, viewer.id, now());
        // Both people: the sender may show it as read, the reader's other tabs update their count.
        if (count > 0) {
          await publishLiveEvent(tx, [conversation.customerId, conversation.carerUserId], {
            type: 'read',
            conversationId: conversation.id,
          });
        }
        return count;
      });
      return { marked };
    },

    /** GET /api/messages/unread: every unread message to the viewer. */
    async unread(viewer: UserRow): Promise<UnreadCount> {
      return { unread: await messaging.totalUnread(viewer.id) };
    },

    /** POST /api/conversations/{id}/block: no message passes between the two, either way. */
    async block(viewer: UserRow, id: string): Promise<BlockState> {
      const conversation = await participantConversation(viewer, id);
      const otherId = otherUserId(conversation, sideOf(conversation, viewer));
      if (!otherId) throw goneError(conversation);
      await messaging.block(viewer.id, otherId, now());
      return { blockedByMe: true };
    },

    /** DELETE /api/conversations/{id}/block: lifts the viewer's own block (never the other's). */
    async unblock(viewer: UserRow, id: string): Promise<BlockState> {
      const conversation = await participantConversation(viewer, id);
      const otherId = otherUserId(conversation, sideOf(conversation, viewer));
      if (!otherId || !(await messaging.unblock(viewer.id, otherId))) {
        throw AppError.conflict(MESSAGE_MESSAGES.notBlocked);
      }
      return { blockedByMe: false };
    },
  };
}
export type MessagingService = ReturnType<typeof createMessagingService>;
