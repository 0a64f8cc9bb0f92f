import { aliasedTable, and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { NotificationKind } from '@contracts/circle';
import type { Executor } from '../../db/client';
import {
  circleInvitations as inv,
  circleMembers as m,
  notificationSettings as ns,
  users,
  type CircleInvitationRow,
} from '../../db/schema';

/**
 * The viewer's role in the circle of the account in `holderId` ('can_see', 'can_arrange'), or
 * null: one subquery, so a query over arrangements decides access in the same statement.
 */
export const circleRoleIn = (holderId: AnyPgColumn, userId: string): SQL<string | null> =>
  sql<
    string | null
  >`(select ${m.role} from ${m} where ${m.holderId} = ${holderId} and ${m.memberId} = ${userId})`;

/**
 * Whether `userId` still wants emails of `kind` (`wantsEmail` of the family side), as a condition a
 * writing statement can carry: a message's email is then decided in the statement that sends it.
 */
export const wantsEmailSql = (userId: string, kind: NotificationKind): SQL<boolean> =>
  sql<boolean>`not exists (select 1 from ${ns} where ${ns.userId} = ${userId} and ${ns.kind} = ${kind} and ${ns.email} = false)`;

/**
 * The family accounts `userId` is on the side of: their own, and each holder whose circle they are
 * in. One uncorrelated subquery, computed once per statement, so `holder = any(...)` can use an
 * index on the holder column where a per-row `circleRoleIn` makes the planner read every row.
 */
export const familyAccountsOf = (userId: string): SQL<string[]> =>
  sql<string[]>`(array(select ${m.holderId} from ${m} where ${m.memberId} = ${userId}) || ${userId}::uuid)`;

/** The first names of the holder's circle, for the carer ('Anna, Tom'). */
export const circleFirstNamesOf = (holderId: AnyPgColumn): SQL<string[] | null> =>
  sql<string[] | null>`(select array_agg(coalesce(cu.first_name, '') order by ${m.createdAt}, ${m.id})
    from ${m} join ${users} cu on cu.id = ${m.memberId}
    where ${m.holderId} = ${holderId} and cu.suspended_at is null)`;

export function createCircleRepository(db: Executor) {
  const member = aliasedTable(users, 'circle_member_account');
  const holder = aliasedTable(users, 'circle_holder_account');

  return {
    /** The holder's members with their accounts, oldest first. */
    async membersOf(holderId: string) {
      return db
        .select({
          id: m.id,
          memberId: m.memberId,
          role: m.role,
          createdAt: m.createdAt,
          firstName: member.firstName,
          lastName: member.lastName,
          email: member.email,
          suspendedAt: member.suspendedAt,
        })
        .from(m)
        .innerJoin(member, eq(member.id, m.memberId))
        .where(eq(m.holderId, holderId))
        .orderBy(asc(m.createdAt), asc(m.id));
    },

    /** The circles `memberId` belongs to, with their holders. */
    async membershipsOf(memberId: string) {
      return db
        .select({
          id: m.id,
          holderId: m.holderId,
          role: m.role,
          createdAt: m.createdAt,
          holderFirstName: holder.firstName,
          holderLastName: holder.lastName,
          holderSuspendedAt: holder.suspendedAt,
        })
        .from(m)
        .innerJoin(holder, eq(holder.id, m.holderId))
        .where(eq(m.memberId, memberId))
        .orderBy(asc(m.createdAt), asc(m.id));
    },

    /** Invitations still open (unused, unexpired). */
    async openInvitationsOf(holderId: string, at: Date): Promise<CircleInvitationRow[]> {
      return db
        .select()
        .from(inv)
        .where(and(eq(inv.holderId, holderId), isNull(inv.usedAt), gt(inv.expiresAt, at)))
        .orderBy(asc(inv.createdAt), asc(inv.id));
    },

    /** Locks the holder's account row: invitations and joins of one circle queue here (the limit of 5). */
    async lockHolder(holderId: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, holderId)).for('update');
    },

    async insertInvitation(values: typeof inv.$inferInsert): Promise<CircleInvitationRow> {
      const [row] = await db.insert(inv).values(values).returning();
      if (!row) throw new Error('insert into circle_invitations returned no row');
      return row;
    },

    /** Open invitations of the holder to this address go (a new one replaces them). */
    async dropOpenInvitationsTo(holderId: string, email: string): Promise<void> {
      await db
        .delete(inv)
        .where(
          and(eq(inv.holderId, holderId), isNull(inv.usedAt), sql`lower(${inv.email}) = lower(${email})`),
        );
    },

    async deleteInvitation(id: string, holderId: string): Promise<boolean> {
      const rows = await db
        .delete(inv)
        .where(and(eq(inv.id, id), eq(inv.holderId, holderId), isNull(inv.usedAt)))
        .returning({ id: inv.id });
      return rows.length > 0;
    },

    /** The invitation whose secret hashes to `tokenHash`, while it is unused and unexpired, with its holder. */
    async usableInvitation(tokenHash: string, at: Date, lock = false) {
      const query = db
        .select({
          invitation: inv,
          holderFirstName: holder.firstName,
          holderLastName: holder.lastName,
          holderSuspendedAt: holder.suspendedAt,
        })
        .from(inv)
        .innerJoin(holder, eq(holder.id, inv.holderId))
        .where(and(eq(inv.tokenHash, tokenHash), isNull(inv.usedAt), gt(inv.expiresAt, at)))
        .limit(1);
      const [row] = lock ? await query.for('update', { of: inv }) : await query;
      return row;
    },

    /** Spends the invitation: true only for the one call that used it. */
    async useInvitation(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(inv)
        .set({ usedAt: at })
        .where(and(eq(inv.id, id), isNull(inv.usedAt)))
        .returning({ id: inv.id });
      return rows.length > 0;
    },

    /** Adds the member, or gives an existing one the invitation's role. */
    async upsertMember(holderId: string, memberId: string, role: string, at: Date) {
      const [row] = await db
        .insert(m)
        .values({ holderId, memberId, role, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({ target: [m.holderId, m.memberId], set: { role, updatedAt: at } })
        .returning();
      return row!;
    },

    async isMember(holderId: string, memberId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: m.id })
        .from(m)
        .where(and(eq(m.holderId, holderId), eq(m.memberId, memberId)))
        .limit(1);
      return row !== undefined;
    },

    async setRole(id: string, holderId: string, role: string, at: Date) {
      const [row] = await db
        .update(m)
        .set({ role, updatedAt: at })
        .where(and(eq(m.id, id), eq(m.holderId, holderId)))
        .returning();
      return row;
    },

    /** The holder removes a member (`by: 'holder'`), or a member leaves (`by: 'member'`). */
    async deleteMember(id: string, userId: string, by: 'holder' | 'member') {
      const [row] = await db
        .delete(m)
        .where(and(eq(m.id, id), eq(by === 'holder' ? m.holderId : m.memberId, userId)))
        .returning();
      return row;
    },

    /**
     * In one statement: whether the holder's account is suspended (undefined: gone), and the role
     * of `userId` in their circle with whether that member's account is suspended.
     */
    async sideOf(
      holderId: string,
      userId: string,
    ): Promise<
      { holderSuspendedAt: Date | null; role: string | null; memberSuspendedAt: Date | null } | undefined
    > {
      const memberAccount = aliasedTable(users, 'circle_side_member');
      const [row] = await db
        .select({
          holderSuspendedAt: users.suspendedAt,
          role: m.role,
          memberSuspendedAt: memberAccount.suspendedAt,
        })
        .from(users)
        .leftJoin(m, and(eq(m.holderId, users.id), eq(m.memberId, userId)))
        .leftJoin(memberAccount, eq(memberAccount.id, m.memberId))
        .where(eq(users.id, holderId))
        .limit(1);
      return row;
    },

    async emailOf(userId: string) {
      const [row] = await db
        .select({
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          suspendedAt: users.suspendedAt,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /** The kinds `userId` turned off. */
    async emailsOff(userId: string): Promise<string[]> {
      const rows = await db
        .select({ kind: ns.kind })
        .from(ns)
        .where(and(eq(ns.userId, userId), eq(ns.email, false)));
      return rows.map((row) => row.kind);
    },

    async setEmail(userId: string, kind: NotificationKind, email: boolean, at: Date): Promise<void> {
      await db
        .insert(ns)
        .values({ userId, kind, email, updatedAt: at })
        .onConflictDoUpdate({ target: [ns.userId, ns.kind], set: { email, updatedAt: at } });
    },

    /**
     * The holder and their members who may be emailed about `kind`: not suspended, not turned
     * off. `roles`: the members' roles the kind concerns (none: the holder only).
     */
    async recipients(holderId: string, kind: NotificationKind, roles: readonly string[]) {
      const off = sql`exists (select 1 from ${ns} where ${ns.userId} = ${users.id} and ${ns.kind} = ${kind} and ${ns.email} = false)`;
      const [holder] = await db
        .select({
          userId: users.id,
          email: users.email,
          firstName: users.firstName,
          off: sql<boolean>`${off}`,
        })
        .from(users)
        .where(and(eq(users.id, holderId), isNull(users.suspendedAt)));
      // A suspended (or gone) holder's circle hears nothing; a holder who turned the kind off is
      // left out, but their members are still told.
      if (!holder) return [];
      const holderRows = holder.off
        ? []
        : [{ userId: holder.userId, email: holder.email, firstName: holder.firstName }];
      if (roles.length === 0) return holderRows.map((row) => ({ ...row, role: 'holder' as const }));
      const memberRows = await db
        .select({ userId: users.id, email: users.email, firstName: users.firstName, role: m.role })
        .from(m)
        .innerJoin(users, eq(users.id, m.memberId))
        .where(
          and(
            eq(m.holderId, holderId),
            inArray(m.role, [...roles]),
            isNull(users.suspendedAt),
            sql`not ${off}`,
          ),
        )
        .orderBy(asc(m.createdAt), asc(m.id));
      return [
        ...holderRows.map((row) => ({ ...row, role: 'holder' as const })),
        ...memberRows.map((row) => ({ ...row, role: row.role as 'can_see' | 'can_arrange' })),
      ];
    },

    /** Whether `userId` turned email about `kind` off. */
    async emailOff(userId: string, kind: NotificationKind): Promise<boolean> {
      const [row] = await db
        .select({ email: ns.email })
        .from(ns)
        .where(and(eq(ns.userId, userId), eq(ns.kind, kind)))
        .limit(1);
      return row?.email === false;
    },

    /** Housekeeping: invitations used or expired before `before`. */
    async deleteStaleInvitations(before: Date): Promise<number> {
      const rows = await db
        .delete(inv)
        .where(sql`${inv.expiresAt} < ${before} or (${inv.usedAt} is not null and ${inv.usedAt} < ${before})`)
        .returning({ id: inv.id });
      return rows.length;
    },
  };
}
export type CircleRepository = ReturnType<typeof createCircleRepository>;
