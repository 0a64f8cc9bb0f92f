import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { conversations, messages } from '../../db/schema';

export function createMessagingRepository(db: Executor) {
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

    async insertMessage(values: typeof messages.$inferInsert) {
      const [row] = await db.insert(messages).values(values).returning();
      if (!row) throw new Error('insert into messages returned no row');
      return row;
    },
  };
}
