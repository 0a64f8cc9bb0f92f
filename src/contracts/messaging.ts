import { z } from 'zod';
import { multiLine } from './text';
import { graphemeLength } from './graphemes';

export {
  CARER_MESSAGES_MAX_PER_HOUR,
  DELETED_USER_NAME,
  MESSAGE_EMAIL_INTERVAL_MINUTES,
  MESSAGE_MAX_CODE_POINTS,
  MESSAGE_MAX_LENGTH,
  MESSAGE_MESSAGES,
} from './messaging-texts';
import { MESSAGE_MAX_CODE_POINTS, MESSAGE_MAX_LENGTH, MESSAGE_MESSAGES } from './messaging-texts';

const id = z.string({ error: MESSAGE_MESSAGES.invalidId }).uuid({ error: MESSAGE_MESSAGES.invalidId });

/**
 * The text of any message: trimmed, then 1 to 2,000 characters as people see them (graphemes: an
 * emoji counts once). The stored text is also bounded in code points (a
 * grapheme may be several: a family emoji is five or more), as the database's check is (migration 0022).
 */
export const MessageContent = multiLine(z.string({ error: MESSAGE_MESSAGES.required }))
  .trim()
  .min(1, MESSAGE_MESSAGES.required)
  // Two UTF-16 units at most per code point: a cheap first bound before counting.
  .max(MESSAGE_MAX_CODE_POINTS * 2, MESSAGE_MESSAGES.tooLong)
  .refine((text) => graphemeLength(text) <= MESSAGE_MAX_LENGTH, MESSAGE_MESSAGES.tooLong)
  .refine((text) => [...text].length <= MESSAGE_MAX_CODE_POINTS, MESSAGE_MESSAGES.tooLong);

/** POST /api/messages (product §7): the text is trimmed before it is checked and stored. */
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
   * MESSAGE_MESSAGES.subscribeToRead in place of the carer's words.
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
 * `visit`: a visit of the user's care arrangements changed (a carer's notice, a
 * cancellation); its `conversationId` is the arrangement's conversation, or '' when there is none.
 */
export const LIVE_EVENT_TYPES = ['message', 'read', 'visit'] as const;
export const LiveEvent = z.object({
  type: z.enum(LIVE_EVENT_TYPES),
  conversationId: z.string(),
});
export type LiveEvent = z.infer<typeof LiveEvent>;
