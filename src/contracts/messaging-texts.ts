// The messages' limits and texts: no zod here, so a carer card's contact button can show them
// without loading the schemas (messaging.ts re-exports them beside the schemas).
import { PRODUCT_NAME } from './pricing';
import { formatCount } from './limits';

/** Characters as people see them (graphemes). */
export const MESSAGE_MAX_LENGTH = 2000;
/** The stored bound in code points: room for 2,000 emoji sequences (a family emoji is 5 to 11). */
export const MESSAGE_MAX_CODE_POINTS = 20_000;
/** A recipient gets at most one email per conversation in this many minutes. */
export const MESSAGE_EMAIL_INTERVAL_MINUTES = 15;
/**
 * Messages one customer may send to carers through POST /api/messages (a carer's profile) in an
 * hour: far above what a family needs, it stops one account mass-mailing carers. Replies inside
 * a conversation are not counted (the other side can block).
 */
export const CARER_MESSAGES_MAX_PER_HOUR = 30;
/** Shown wherever the other person's account no longer exists. */
export const DELETED_USER_NAME = 'Deleted user';

/** Product §5 and §8 texts, and the server's rules behind them (product.md, differences 1 and 5). */
export const MESSAGE_MESSAGES = {
  required: 'Please enter a message before sending.',
  tooLong: `Messages can be at most ${formatCount(MESSAGE_MAX_LENGTH)} characters.`,
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
   * request) for a family without an active plan: reading answers needs one.
   */
  subscribeToRead: 'A carer has answered you. Subscribe to read their message and reply.',
  notBlocked: 'You have not blocked this person.',
  tooManyMessages: 'You have messaged many carers in a short time. Please wait a while and try again.',
} as const;
