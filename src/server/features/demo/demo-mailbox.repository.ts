import { desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { outboxEmails } from '../../db/schema';

export function createDemoMailboxRepository(db: Executor) {
  return {
    /** The newest `limit` emails of the outbox, to one address (case aside) or to anyone. */
    async newest(limit: number, to?: string) {
      return db
        .select({
          to: outboxEmails.toAddress,
          subject: outboxEmails.subject,
          text: outboxEmails.bodyText,
          createdAt: outboxEmails.createdAt,
        })
        .from(outboxEmails)
        .where(to ? sql`lower(${outboxEmails.toAddress}) = lower(${to})` : undefined)
        .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
        .limit(limit);
    },
  };
}
