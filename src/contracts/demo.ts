import { z } from 'zod';

/** Demo mode's mailbox (decision 0019): what the outbox holds, so links can be followed. */
export const DEMO_MAILBOX_LIMIT = 100;

export const DemoMailboxQuery = z.object({
  to: z.string().trim().max(254, 'Enter a valid email address').optional(),
});
export type DemoMailboxQuery = z.infer<typeof DemoMailboxQuery>;

export const DemoMailboxEmail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type DemoMailboxEmail = z.infer<typeof DemoMailboxEmail>;

/** Newest first, at most DEMO_MAILBOX_LIMIT. */
export const DemoMailbox = z.object({ emails: z.array(DemoMailboxEmail) });
export type DemoMailbox = z.infer<typeof DemoMailbox>;
