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

    /**
     * Links the provider's subject; the provider verified the address, so it counts as proved.
     * `dropPassword`: the account had not proved its address, so a password set by whoever made
     * it is not trusted any more (the owner can set one by a reset link).
     */
    async linkOidcSubject(
      userId: string,
      subject: string,
      at: Date,
      dropPassword: boolean,
    ): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({
          oidcSubject: subject,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`,
          ...(dropPassword ? { passwordHash: null } : {}),
          updatedAt: at,
        })
        .where(eq(users.id, userId))
        .returning();
      if (!row) throw new Error(`user ${userId} vanished`);
      return row;
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
