import {
  aliasedTable,
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  arrangements as a,
  carerProfiles,
  users,
  visits as v,
  visitNotes,
  type ArrangementRow,
  type VisitRow,
} from '../../db/schema';
import { createAccountsStore } from '../auth';
import { circleFirstNamesOf, circleRoleIn, familyAccountsOf } from '../circle';

type ArrangementValues = Omit<typeof a.$inferInsert, 'id'>;

/** An arrangement with the two people's names (either may be gone). */
export interface ArrangementWithPeople extends ArrangementRow {
  customerFirstName: string | null;
  customerLastName: string | null;
  /** The family's own postcode or town (private: only its postcode district is ever shown). */
  customerSearchPlace: string | null;
  /** The family's plan, for the paywall rule (never shown to the carer). */
  customerSubscriptionStatus: string | null;
  customerSubscriptionExpiresAt: Date | null;
  carerUserId: string | null;
  carerFirstName: string | null;
  carerLastName: string | null;
  /** The viewer's role in the family's circle ('can_see', 'can_arrange'), or null. */
  circleRole: string | null;
  /** The first names of the family's circle (what the carer sees of it). */
  circleNames: string[];
}

export function createArrangementsRepository(db: Executor) {
  const customer = aliasedTable(users, 'arrangement_customer');
  const carerAccount = aliasedTable(users, 'arrangement_carer_account');
  const coverProfile = aliasedTable(carerProfiles, 'arrangement_cover_carer');
  const withPeople = (viewerId: string) =>
    db
      .select({
        arrangement: a,
        circleRole: circleRoleIn(a.customerId, viewerId),
        circleNames: circleFirstNamesOf(a.customerId),
        customerFirstName: customer.firstName,
        customerLastName: customer.lastName,
        customerSearchPlace: customer.searchPlace,
        customerSubscriptionStatus: customer.subscriptionStatus,
        customerSubscriptionExpiresAt: customer.subscriptionExpiresAt,
        carerUserId: carerProfiles.userId,
        carerFirstName: carerProfiles.firstName,
        carerLastName: carerProfiles.lastName,
      })
      .from(a)
      .leftJoin(customer, eq(customer.id, a.customerId))
      .leftJoin(carerProfiles, eq(carerProfiles.id, a.carerId))
      .leftJoin(carerAccount, eq(carerAccount.id, carerProfiles.userId));
  const flatten = (row: Awaited<ReturnType<ReturnType<typeof withPeople>['execute']>>[number]) => ({
    ...row.arrangement,
    circleRole: row.circleRole,
    circleNames: row.circleNames ?? [],
    customerFirstName: row.customerFirstName,
    customerLastName: row.customerLastName,
    customerSearchPlace: row.customerSearchPlace,
    customerSubscriptionStatus: row.customerSubscriptionStatus,
    customerSubscriptionExpiresAt: row.customerSubscriptionExpiresAt,
    carerUserId: row.carerUserId,
    carerFirstName: row.carerFirstName,
    carerLastName: row.carerLastName,
  });
  /**
   * The one rule of who sees an arrangement: its customer, the account of its carer, or a member
   * of the customer's family circle (decision 0036), while the other people's accounts are not
   * suspended: a suspended account's arrangements and visits disappear from the other side, and a
   * suspended holder's from their circle. A member removed, or gone, has no row: no access.
   */
  const involves = (userId: string) =>
    and(
      // What the rule below implies, on the arrangements' own indexed columns (the family account,
      // the carer's profile): the planner reads only the user's arrangements, not every one.
      or(
        sql`${a.customerId} = any(${familyAccountsOf(userId)})`,
        sql`${a.carerId} = any(array(select own.id from ${carerProfiles} own where own.user_id = ${userId}))`,
      ),
      or(
        and(eq(a.customerId, userId), isNull(carerAccount.suspendedAt)),
        and(eq(carerProfiles.userId, userId), isNull(customer.suspendedAt)),
        and(
          isNotNull(circleRoleIn(a.customerId, userId)),
          isNull(customer.suspendedAt),
          isNull(carerAccount.suspendedAt),
        ),
      ),
    );

  return {
    async insert(values: ArrangementValues): Promise<ArrangementRow> {
      const [row] = await db.insert(a).values(values).returning();
      if (!row) throw new Error('insert into arrangements returned no row');
      return row;
    },

    async update(id: string, values: Partial<ArrangementValues>): Promise<void> {
      await db.update(a).set(values).where(eq(a.id, id));
    },

    /** The arrangement if `userId` is one of its two people (locked for the write that follows). */
    async findFor(id: string, userId: string, lock = false): Promise<ArrangementWithPeople | undefined> {
      const query = withPeople(userId)
        .where(and(eq(a.id, id), involves(userId)))
        .limit(1);
      const [row] = lock ? await query.for('update', { of: a }) : await query;
      return row ? flatten(row) : undefined;
    },

    /** The user's arrangements; for an admin's look (`everyOne`), also those hidden by a suspension. */
    async listFor(userId: string, everyOne = false): Promise<ArrangementWithPeople[]> {
      const rows = await withPeople(userId)
        .where(everyOne ? or(eq(a.customerId, userId), eq(carerProfiles.userId, userId)) : involves(userId))
        .orderBy(desc(a.updatedAt), desc(a.id))
        .limit(200);
      return rows.map(flatten);
    },

    /** Whether the family and the carer have an accepted arrangement (it makes a review possible). */
    async hasAccepted(customerId: string, carerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: a.id })
        .from(a)
        .where(
          and(eq(a.customerId, customerId), eq(a.carerId, carerId), inArray(a.status, ['accepted', 'ended'])),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Adds the visits not yet made (the unique key skips those that exist). */
    async insertVisits(values: Array<typeof v.$inferInsert>): Promise<void> {
      if (values.length === 0) return;
      await db.insert(v).values(values).onConflictDoNothing();
    },

    /** Scheduled visits starting after `after` go (an arrangement ending, or its terms changing). */
    async deleteVisitsAfter(arrangementId: string, after: Date): Promise<void> {
      await db.delete(v).where(and(eq(v.arrangementId, arrangementId), gt(v.startsAt, after)));
    },

    /** Accepted arrangements that may need visits made or may have ended. */
    async accepted(): Promise<ArrangementRow[]> {
      return db.select().from(a).where(eq(a.status, 'accepted'));
    },

    /** The user's visits from `from` to `to`, with the arrangement's people. */
    async visitsFor(userId: string, from: Date, to: Date) {
      const rows = await db
        .select({
          visit: v,
          customerId: a.customerId,
          customerFirstName: customer.firstName,
          customerLastName: customer.lastName,
          carerUserId: carerProfiles.userId,
          carerFirstName: carerProfiles.firstName,
          carerLastName: carerProfiles.lastName,
          coverUserId: coverProfile.userId,
          coverFirstName: coverProfile.firstName,
          coverLastName: coverProfile.lastName,
          hasNote: sql<boolean>`${visitNotes.visitId} is not null`,
        })
        .from(v)
        .innerJoin(a, eq(a.id, v.arrangementId))
        .leftJoin(customer, eq(customer.id, a.customerId))
        .leftJoin(carerProfiles, eq(carerProfiles.id, a.carerId))
        .leftJoin(carerAccount, eq(carerAccount.id, carerProfiles.userId))
        .leftJoin(coverProfile, eq(coverProfile.id, v.coveredBy))
        .leftJoin(visitNotes, eq(visitNotes.visitId, v.id))
        .where(and(involves(userId), gte(v.startsAt, from), lte(v.startsAt, to)))
        .orderBy(asc(v.startsAt), asc(v.id))
        .limit(1000);
      return rows;
    },

    /**
     * A visit of one of the user's arrangements, locked, with its arrangement; or a visit the user
     * covers as the family's backup carer (decision 0037), while the family is not suspended.
     */
    async visitFor(id: string, userId: string) {
      const [row] = await db
        .select({
          visit: v,
          arrangement: a,
          customerEmail: customer.email,
          customerFirstName: customer.firstName,
          carerUserId: carerProfiles.userId,
          carerFirstName: carerProfiles.firstName,
          carerLastName: carerProfiles.lastName,
          coverUserId: coverProfile.userId,
          coverFirstName: coverProfile.firstName,
          coverLastName: coverProfile.lastName,
        })
        .from(v)
        .innerJoin(a, eq(a.id, v.arrangementId))
        .leftJoin(customer, eq(customer.id, a.customerId))
        .leftJoin(carerProfiles, eq(carerProfiles.id, a.carerId))
        .leftJoin(carerAccount, eq(carerAccount.id, carerProfiles.userId))
        .leftJoin(coverProfile, eq(coverProfile.id, v.coveredBy))
        .where(
          and(
            eq(v.id, id),
            or(involves(userId), and(eq(coverProfile.userId, userId), isNull(customer.suspendedAt))),
          ),
        )
        .limit(1)
        .for('update', { of: v });
      return row;
    },

    async updateVisit(id: string, values: Partial<VisitRow>): Promise<void> {
      await db.update(v).set(values).where(eq(v.id, id));
    },

    /** The email of an account (the other person told of a change), if it is still there. */
    async emailOf(userId: string | null): Promise<{ email: string; firstName: string | null } | undefined> {
      if (!userId) return undefined;
      const [row] = await db
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /** Accepted arrangements whose last day is before `today` are ended. */
    async endFinished(today: string): Promise<number> {
      const rows = await db
        .update(a)
        .set({ status: 'ended', updatedAt: new Date() })
        .where(and(eq(a.status, 'accepted'), isNotNull(a.endDate), lt(a.endDate, today)))
        .returning({ id: a.id });
      return rows.length;
    },

    /**
     * Every arrangement in progress (proposed or accepted) of an account, as the family or as the
     * carer (by the account, or by the carer profile `carerId`), with both people's emails, locked
     * for the ending that follows. No suspension hides anything here.
     */
    async openOf(party: { userId: string | null; carerId: string | null }) {
      const sides = [
        ...(party.userId ? [eq(a.customerId, party.userId), eq(carerProfiles.userId, party.userId)] : []),
        ...(party.carerId ? [eq(a.carerId, party.carerId)] : []),
      ];
      if (sides.length === 0) return [];
      return db
        .select({
          arrangement: a,
          customerEmail: customer.email,
          customerFirstName: customer.firstName,
          customerLastName: customer.lastName,
          carerUserId: carerProfiles.userId,
          carerEmail: carerAccount.email,
          carerAccountFirstName: carerAccount.firstName,
          carerFirstName: carerProfiles.firstName,
          carerLastName: carerProfiles.lastName,
        })
        .from(a)
        .leftJoin(customer, eq(customer.id, a.customerId))
        .leftJoin(carerProfiles, eq(carerProfiles.id, a.carerId))
        .leftJoin(carerAccount, eq(carerAccount.id, carerProfiles.userId))
        .where(and(inArray(a.status, ['proposed', 'accepted']), or(...sides)))
        .orderBy(asc(a.createdAt), asc(a.id))
        .for('update', { of: a });
    },

    /** Visits still to come (starting after `at`) are cancelled, by nobody in particular. */
    async cancelVisitsAfter(arrangementId: string, at: Date): Promise<number> {
      const rows = await db
        .update(v)
        .set({ status: 'cancelled', cancelledBy: null, cancelledAt: at })
        .where(and(eq(v.arrangementId, arrangementId), eq(v.status, 'scheduled'), gt(v.startsAt, at)))
        .returning({ id: v.id });
      return rows.length;
    },

    setCalendarFeed: (userId: string, hash: string | null) =>
      createAccountsStore(db).setCalendarFeed(userId, hash),

    calendarFeedOf: (userId: string) => createAccountsStore(db).calendarFeedOf(userId),

    /** The account a feed secret's hash belongs to (not a suspended one). */
    async userByCalendarFeed(hash: string) {
      const [row] = await db
        .select({ id: users.id, suspendedAt: users.suspendedAt })
        .from(users)
        .where(eq(users.calendarFeedHash, hash))
        .limit(1);
      return row && !row.suspendedAt ? row : undefined;
    },
  };
}
export type ArrangementsRepository = ReturnType<typeof createArrangementsRepository>;
