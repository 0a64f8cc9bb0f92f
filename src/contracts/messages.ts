import { z } from 'zod';

export const MESSAGE_MAX_LENGTH = 2000;

/** SPEC sections 5 and 8 texts, and the server's rules behind them (DESIGN point 1). */
export const MESSAGE_MESSAGES = {
  required: 'Please enter a message before sending.',
  tooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-GB')} characters.`,
  subscriptionRequired: 'Please subscribe to contact carers.',
  onlyCustomers: 'Only family accounts can start a conversation with a carer.',
  receiverMismatch: 'The message must be addressed to the carer you are contacting.',
  carerUnreachable: 'This carer cannot receive messages yet.',
  invalidId: 'Invalid carer or receiver.',
} as const;

const id = z.string({ error: MESSAGE_MESSAGES.invalidId }).uuid({ error: MESSAGE_MESSAGES.invalidId });

/** POST /api/messages (SPEC section 7): the text is trimmed before it is checked and stored. */
export const SendMessageInput = z.object({
  receiverId: id,
  carerId: id,
  content: z
    .string({ error: MESSAGE_MESSAGES.required })
    .trim()
    .min(1, MESSAGE_MESSAGES.required)
    .max(MESSAGE_MAX_LENGTH, MESSAGE_MESSAGES.tooLong),
});
export type SendMessageInput = z.infer<typeof SendMessageInput>;

export const SentMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type SentMessage = z.infer<typeof SentMessage>;
