import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

export function createUserRepository(db: Executor) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findByOidcSubject(subject: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.oidcSubject, subject)).limit(1);
      return row;
    },

    async insert(values: typeof users.$inferInsert): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert into users returned no row');
      return row;
    },

    async linkOidcSubject(userId: string, subject: string): Promise<void> {
      await db.update(users).set({ oidcSubject: subject, updatedAt: new Date() }).where(eq(users.id, userId));
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
