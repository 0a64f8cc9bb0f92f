import { z } from 'zod';
import { PRODUCT_NAME } from './pricing';
import { graphemeLength } from './graphemes';

/** Characters as people see them (graphemes). */
export const MESSAGE_MAX_LENGTH = 2000;
/** The stored bound in code points: room for 2,000 emoji sequences (a family emoji is 5 to 11). */
export const MESSAGE_MAX_CODE_POINTS = 20_000;
/** A recipient gets at most one email per conversation in this many minutes (issue 6). */
export const MESSAGE_EMAIL_INTERVAL_MINUTES = 15;
/**
 * Messages one customer may send to carers through POST /api/messages (a carer's profile) in an
 * hour: far above what a family needs, it stops one account mass-mailing carers. Replies inside
 * a conversation are not counted (the other side can block).
 */
export const CARER_MESSAGES_MAX_PER_HOUR = 30;
/** Shown wherever the other person's account no longer exists. */
export const DELETED_USER_NAME = 'Deleted user';

/** SPEC sections 5 and 8 texts, and the server's rules behind them (DESIGN points 1 and 5). */
export const MESSAGE_MESSAGES = {
  required: 'Please enter a message before sending.',
  tooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-GB')} characters.`,
  subscriptionRequired: 'Please subscribe to contact carers.',
  onlyCustomers: 'Only family accounts can start a conversation with a carer.',
  receiverMismatch: 'The message must be addressed to the carer you are contacting.',
  carerUnreachable: 'This carer cannot receive messages yet.',
  invalidId: 'Invalid carer or receiver.',
  conversationNotFound: 'Conversation not found.',
  /** A reply to someone whose account has been deleted. */
  otherPartyGone: 'This person has deleted their account, so they cannot receive messages.',
  /** A reply in a conversation whose carer profile (or the carer's whole account) has been deleted. */
  carerGone: `This carer is no longer on ${PRODUCT_NAME}.`,
  /**
   * The other person's account is suspended (safeguarding): nothing reaches them, not even an email.
   * Worded without the reason, which is between them and us.
   */
  otherPartySuspended: `This person's account is not active on ${PRODUCT_NAME} at the moment, so they cannot receive messages.`,
  /** Either side has blocked the other. */
  blocked: 'Messages cannot be sent in this conversation because one of you has blocked the other.',
  expiredCanRead: 'Your subscription has ended: you can read your messages, and renew to send new ones.',
  /**
   * In place of a carer's message in a conversation the carer started (an answer to a care
   * request, issue 20) for a family without an active plan: reading answers needs one.
   */
  subscribeToRead: 'A carer has answered you. Subscribe to read their message and reply.',
  notBlocked: 'You have not blocked this person.',
  tooManyMessages: 'You have messaged many carers in a short time. Please wait a while and try again.',
} as const;

const id = z.string({ error: MESSAGE_MESSAGES.invalidId }).uuid({ error: MESSAGE_MESSAGES.invalidId });

/**
 * The text of any message: trimmed, then 1 to 2,000 characters as people see them (graphemes: an
 * emoji counts once, issue 21 point 11). The stored text is also bounded in code points (a
 * grapheme may be several: a family emoji is five or more), as the database's check is (migration 0022).
 */
export const MessageContent = z
  .string({ error: MESSAGE_MESSAGES.required })
  .trim()
  .min(1, MESSAGE_MESSAGES.required)
  // Two UTF-16 units at most per code point: a cheap first bound before counting.
  .max(MESSAGE_MAX_CODE_POINTS * 2, MESSAGE_MESSAGES.tooLong)
  .refine((text) => graphemeLength(text) <= MESSAGE_MAX_LENGTH, MESSAGE_MESSAGES.tooLong)
  .refine((text) => [...text].length <= MESSAGE_MAX_CODE_POINTS, MESSAGE_MESSAGES.tooLong);

/** POST /api/messages (SPEC section 7): the text is trimmed before it is checked and stored. */
export const SendMessageInput = z.object({
  receiverId: id,
  carerId: id,
  content: MessageContent,
});
export type SendMessageInput = z.infer<typeof SendMessageInput>;

/** POST /api/conversations/{id}/messages: a message inside an existing conversation (either side). */
export const ReplyInput = z.object({ content: MessageContent });
export type ReplyInput = z.infer<typeof ReplyInput>;

export const SentMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type SentMessage = z.infer<typeof SentMessage>;

/** One message as a participant of its conversation sees it. Content is plain text, never HTML. */
export const ThreadMessage = z.object({
  id: z.string(),
  /** Null once the sender's account is deleted. */
  senderId: z.string().nullable(),
  /** True when the viewer wrote it. */
  fromMe: z.boolean(),
  content: z.string(),
  createdAt: z.string(),
  /** When the recipient opened it; null while unread. */
  readAt: z.string().nullable(),
  /**
   * A carer's answer to a care request held back from a family without a plan: `content` is
   * MESSAGE_MESSAGES.subscribeToRead in place of the carer's words (issue 20).
   */
  locked: z.boolean(),
});
export type ThreadMessage = z.infer<typeof ThreadMessage>;

/** Why the viewer cannot write in a conversation right now (null: they can). */
export const REPLY_BLOCKERS = [
  'subscription',
  'blocked',
  'otherPartyGone',
  'otherPartySuspended',
  'carerGone',
] as const;
export type ReplyBlocker = (typeof REPLY_BLOCKERS)[number];

/** The other person of a conversation, from the viewer's side. */
export const ConversationPartner = z.object({
  /** Null when their account is deleted (the name is then DELETED_USER_NAME). */
  userId: z.string().nullable(),
  /** First name and last initial ('Priya S.'), or DELETED_USER_NAME. */
  name: z.string(),
  photoUrl: z.string().nullable(),
  role: z.enum(['customer', 'carer']),
});
export type ConversationPartner = z.infer<typeof ConversationPartner>;

/** GET /api/conversations: a row of the inbox, most recent activity first. */
export const ConversationSummary = z.object({
  id: z.string(),
  /**
   * The carer profile the conversation is about; null once that profile (or the carer's account)
   * is deleted: the family keeps the thread, the partner is then DELETED_USER_NAME.
   */
  carerId: z.string().nullable(),
  partner: ConversationPartner,
  lastMessage: z.object({ content: z.string(), createdAt: z.string(), fromMe: z.boolean() }).nullable(),
  /** Messages to the viewer not yet opened. */
  unreadCount: z.number().int().min(0),
  lastMessageAt: z.string(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const ConversationList = z.object({ conversations: z.array(ConversationSummary) });
export type ConversationList = z.infer<typeof ConversationList>;

/** GET /api/conversations/{id}: the thread, oldest message first. 404 to anyone not in it. */
export const ConversationThread = ConversationSummary.extend({
  messages: z.array(ThreadMessage),
  /** Null when the viewer may write; otherwise why not. */
  replyBlockedBy: z.enum(REPLY_BLOCKERS).nullable(),
  /** The viewer has blocked the partner (they can unblock). */
  blockedByMe: z.boolean(),
});
export type ConversationThread = z.infer<typeof ConversationThread>;

/** GET /api/messages/unread: the number shown in the header. */
export const UnreadCount = z.object({ unread: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof UnreadCount>;

/** POST /api/conversations/{id}/read answers with the messages it marked. */
export const MarkedRead = z.object({ marked: z.number().int().min(0) });
export type MarkedRead = z.infer<typeof MarkedRead>;

/** POST and DELETE /api/conversations/{id}/block. */
export const BlockState = z.object({ blockedByMe: z.boolean() });
export type BlockState = z.infer<typeof BlockState>;

/**
 * GET /api/events is a server-sent event stream for the signed-in user. Each event's `data` is
 * one of these, as JSON; the client refetches what it names. No message text travels here.
 */
/**
 * `visit`: a visit of the user's care arrangements changed (a carer's notice, a cancellation;
 * issue 20); its `conversationId` is the arrangement's conversation, or '' when there is none.
 */
export const LIVE_EVENT_TYPES = ['message', 'read', 'visit'] as const;
export const LiveEvent = z.object({
  type: z.enum(LIVE_EVENT_TYPES),
  conversationId: z.string(),
});
export type LiveEvent = z.infer<typeof LiveEvent>;
