import {
  aliasedTable,
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  arrangements as a,
  carerProfiles,
  conversations,
  coverBackups as b,
  coverOffers as o,
  users,
  visits as v,
  type CoverOfferRow,
} from '../../db/schema';
import { circleRoleIn, familyAccountsOf } from '../circle';

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/** The SQL of no-show alerts and cover (decision 0037). */
export function createCoverRepository(db: Executor) {
  const customer = aliasedTable(users, 'cover_customer');
  const carer = aliasedTable(carerProfiles, 'cover_carer');
  const carerAccount = aliasedTable(users, 'cover_carer_account');
  const backup = aliasedTable(carerProfiles, 'cover_backup');
  const backupAccount = aliasedTable(users, 'cover_backup_account');

  /** A visit with its arrangement, the family's holder, the carer and the backup covering it. */
  const visitWithPeople = (viewerId: string | null) =>
    db
      .select({
        visit: v,
        arrangement: a,
        circleRole: viewerId ? circleRoleIn(a.customerId, viewerId) : sql<string | null>`null`,
        customerFirstName: customer.firstName,
        customerSearchPlace: customer.searchPlace,
        customerSuspendedAt: customer.suspendedAt,
        carerUserId: carer.userId,
        carerFirstName: carer.firstName,
        carerLastName: carer.lastName,
        carerEmail: carerAccount.email,
        carerSuspendedAt: carerAccount.suspendedAt,
        backupUserId: backup.userId,
        backupFirstName: backup.firstName,
        backupLastName: backup.lastName,
        backupEmail: backupAccount.email,
        offered: sql<boolean>`exists (select 1 from ${o} where ${o.visitId} = ${v.id})`,
        backupCount: sql<number>`(select count(*)::int from ${b} where ${b.arrangementId} = ${a.id})`,
      })
      .from(v)
      .innerJoin(a, eq(a.id, v.arrangementId))
      .leftJoin(customer, eq(customer.id, a.customerId))
      .leftJoin(carer, eq(carer.id, a.carerId))
      .leftJoin(carerAccount, eq(carerAccount.id, carer.userId))
      .leftJoin(backup, eq(backup.id, v.coveredBy))
      .leftJoin(backupAccount, eq(backupAccount.id, backup.userId));

  /** The family side of an arrangement: its holder or a member of the holder's circle, none suspended. */
  const onFamilySide = (viewerId: string) =>
    and(
      sql`${a.customerId} = any(${familyAccountsOf(viewerId)})`,
      isNull(customer.suspendedAt),
      isNull(carerAccount.suspendedAt),
    );

  return {
    /**
     * Claims every visit due its no-show alert at `now`: scheduled, of an accepted arrangement, not
     * checked into, no "can't make it", the arrangement's minutes after its start passed (plus the
     * minutes the carer said they would be late), not yet over. One statement that sets the time
     * only where it is still unset, so two housekeeping rounds at once (two instances) never claim
     * the same visit twice: exactly one alert per visit.
     */
    async claimDueNoShows(now: Date): Promise<string[]> {
      const due = aliasedTable(v, 'due_visit');
      const candidates = db
        .select({ id: due.id })
        .from(due)
        .innerJoin(a, eq(a.id, due.arrangementId))
        .where(
          and(
            eq(a.status, 'accepted'),
            eq(due.status, 'scheduled'),
            isNull(due.checkedInAt),
            isNull(due.noShowAlertedAt),
            or(isNull(due.notice), ne(due.notice, 'cant_make_it')),
            lte(due.startsAt, at(now)),
            gt(due.endsAt, at(now)),
            sql`${due.startsAt} + make_interval(mins => ${a.noShowMinutes} + case when ${due.notice} = 'running_late' then coalesce(${due.noticeMinutes}, 0) else 0 end) <= ${at(now)}`,
          ),
        );
      const rows = await db
        .update(v)
        .set({ noShowAlertedAt: now })
        .where(
          and(
            isNull(v.noShowAlertedAt),
            isNull(v.checkedInAt),
            eq(v.status, 'scheduled'),
            inArray(v.id, candidates),
          ),
        )
        .returning({ id: v.id });
      return rows.map((row) => row.id);
    },

    /** Visits with their people, by id (the claimed ones, to tell everyone). */
    async visitsWithPeople(ids: string[]) {
      if (ids.length === 0) return [];
      return visitWithPeople(null).where(inArray(v.id, ids));
    },

    /** A visit the viewer sees as the family, locked for the offer that follows. */
    async familyVisit(visitId: string, viewerId: string) {
      const [row] = await visitWithPeople(viewerId)
        .where(and(eq(v.id, visitId), onFamilySide(viewerId)))
        .limit(1)
        .for('update', { of: v });
      return row;
    },

    /**
     * The family's alerts: visits of the arrangements the viewer sees as the family whose carer was
     * alerted as not checked in, or said they can't make it, from 12 hours ago on.
     */
    async familyAlerts(viewerId: string, now: Date) {
      return visitWithPeople(viewerId)
        .where(
          and(
            onFamilySide(viewerId),
            eq(v.status, 'scheduled'),
            or(isNotNull(v.noShowAlertedAt), eq(v.notice, 'cant_make_it')),
            sql`${v.endsAt} > ${at(now)} - interval '12 hours'`,
          ),
        )
        .orderBy(asc(v.startsAt), asc(v.id))
        .limit(50);
    },

    /** Visits the carer (or the backup covering them) has not checked into since the alert. */
    async onYourWay(carerUserId: string, now: Date) {
      return visitWithPeople(null)
        .where(
          and(
            or(and(isNull(v.coveredBy), eq(carer.userId, carerUserId)), eq(backup.userId, carerUserId)),
            isNull(customer.suspendedAt),
            eq(v.status, 'scheduled'),
            isNotNull(v.noShowAlertedAt),
            isNull(v.checkedInAt),
            or(isNull(v.notice), ne(v.notice, 'cant_make_it')),
            gt(v.endsAt, at(now)),
          ),
        )
        .orderBy(asc(v.startsAt))
        .limit(20);
    },

    /** The arrangement's backups in order, with what the plan shows of each. */
    async backupsOf(arrangementId: string) {
      return db
        .select({
          carerId: b.carerId,
          position: b.position,
          hourlyRate: b.hourlyRate,
          userId: backup.userId,
          firstName: backup.firstName,
          lastName: backup.lastName,
          postcodeDistrict: backup.postcodeDistrict,
          email: backupAccount.email,
          accountFirstName: backupAccount.firstName,
          suspendedAt: backupAccount.suspendedAt,
          isActive: backup.isActive,
          isVerified: backup.isVerified,
          listedUntil: backup.listedUntil,
        })
        .from(b)
        .innerJoin(backup, eq(backup.id, b.carerId))
        .leftJoin(backupAccount, eq(backupAccount.id, backup.userId))
        .where(eq(b.arrangementId, arrangementId))
        .orderBy(asc(b.position));
    },

    /** The plan is replaced as a whole, in the caller's transaction. */
    async replaceBackups(
      arrangementId: string,
      backups: Array<{ carerId: string; hourlyRate: string }>,
    ): Promise<void> {
      await db.delete(b).where(eq(b.arrangementId, arrangementId));
      if (backups.length === 0) return;
      await db
        .insert(b)
        .values(backups.map((item, index) => ({ arrangementId, position: index + 1, ...item })));
    },

    /** Carers the family account has a conversation with, whose accounts are not suspended. */
    async conversationCarers(customerId: string) {
      return db
        .selectDistinctOn([backup.id], {
          carerId: backup.id,
          firstName: backup.firstName,
          lastName: backup.lastName,
          isActive: backup.isActive,
          isVerified: backup.isVerified,
          listedUntil: backup.listedUntil,
        })
        .from(conversations)
        .innerJoin(backup, eq(backup.id, conversations.carerId))
        .innerJoin(backupAccount, eq(backupAccount.id, backup.userId))
        .where(and(eq(conversations.customerId, customerId), isNull(backupAccount.suspendedAt)))
        .orderBy(asc(backup.id))
        .limit(200);
    },

    async insertOffers(values: Array<typeof o.$inferInsert>): Promise<void> {
      if (values.length > 0) await db.insert(o).values(values);
    },

    /** The carer's offers, newest first, with the visit and the family's first name. */
    async offersFor(carerUserId: string, now: Date) {
      return db
        .select({
          offer: o,
          visit: v,
          careFor: a.careFor,
          careNotes: a.careNotes,
          customerFirstName: customer.firstName,
          customerSearchPlace: customer.searchPlace,
        })
        .from(o)
        .innerJoin(backup, eq(backup.id, o.carerId))
        .innerJoin(v, eq(v.id, o.visitId))
        .innerJoin(a, eq(a.id, v.arrangementId))
        .leftJoin(customer, eq(customer.id, a.customerId))
        .where(
          and(
            eq(backup.userId, carerUserId),
            isNull(customer.suspendedAt),
            sql`${v.endsAt} > ${at(now)} - interval '14 days'`,
          ),
        )
        .orderBy(desc(v.startsAt), asc(o.id))
        .limit(100);
    },

    /**
     * One of the carer's offers. Not locked: the visit's row is what two accepting backups meet
     * on (`takeVisit`), and locking the offers first would have each wait for the other's.
     */
    async offerFor(offerId: string, carerUserId: string): Promise<CoverOfferRow | undefined> {
      const [row] = await db
        .select({ offer: o })
        .from(o)
        .innerJoin(backup, eq(backup.id, o.carerId))
        .where(and(eq(o.id, offerId), eq(backup.userId, carerUserId)))
        .limit(1);
      return row?.offer;
    },

    /**
     * The backup takes the visit if nobody has: a conditional update, so of two backups accepting
     * at once exactly one finds it uncovered (the other's update waits, then matches no row).
     */
    async takeVisit(visitId: string, carerId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(v)
        .set({ coveredBy: carerId, coveredAt: now })
        .where(
          and(
            eq(v.id, visitId),
            isNull(v.coveredBy),
            eq(v.status, 'scheduled'),
            isNull(v.checkedInAt),
            gt(v.endsAt, at(now)),
          ),
        )
        .returning({ id: v.id });
      return rows.length === 1;
    },

    /** The winner's offer is accepted; the others still open are taken (returned, to tell them). */
    async settleOffers(visitId: string, acceptedId: string, now: Date) {
      await db.update(o).set({ status: 'accepted', answeredAt: now }).where(eq(o.id, acceptedId));
      const others = await db
        .update(o)
        .set({ status: 'taken', answeredAt: now })
        .where(and(eq(o.visitId, visitId), ne(o.id, acceptedId), eq(o.status, 'open')))
        .returning({ carerId: o.carerId });
      if (!others.some((row) => row.carerId)) return [];
      return db
        .select({ email: backupAccount.email, firstName: backupAccount.firstName })
        .from(backup)
        .innerJoin(backupAccount, eq(backupAccount.id, backup.userId))
        .where(
          inArray(
            backup.id,
            others.flatMap((row) => (row.carerId ? [row.carerId] : [])),
          ),
        );
    },

    /**
     * A family leaving CareMatch (decision 0011): its cover plans go, its offers still open are
     * withdrawn; answered ones stay in the backups' records. Answers the visits to come that a
     * backup took, with the backup's account, to tell them (the arrangement's ending cancels them).
     */
    async familyLeaves(customerId: string, now: Date) {
      const held = db.select({ id: a.id }).from(a).where(eq(a.customerId, customerId));
      const covered = await db
        .select({ startsAt: v.startsAt, email: backupAccount.email, firstName: backupAccount.firstName })
        .from(v)
        .innerJoin(backup, eq(backup.id, v.coveredBy))
        .innerJoin(backupAccount, eq(backupAccount.id, backup.userId))
        .where(and(inArray(v.arrangementId, held), eq(v.status, 'scheduled'), gt(v.startsAt, at(now))));
      await db.delete(b).where(inArray(b.arrangementId, held));
      await db
        .delete(o)
        .where(
          and(
            eq(o.status, 'open'),
            inArray(o.visitId, db.select({ id: v.id }).from(v).where(inArray(v.arrangementId, held))),
          ),
        );
      return covered;
    },

    /**
     * A backup carer leaving CareMatch: out of every cover plan, their open offers withdrawn; the
     * visits to come they took are uncovered again (their offers cleared, so the family may offer
     * them anew) and answered, with each family's holder, to tell them. Their answered offers of
     * visits that have begun stay for the family, the name gone with the profile.
     */
    async backupLeaves(carerId: string, now: Date) {
      await db.delete(b).where(eq(b.carerId, carerId));
      await db.delete(o).where(and(eq(o.carerId, carerId), eq(o.status, 'open')));
      const reopened = await db
        .update(v)
        .set({ coveredBy: null, coveredAt: null })
        .where(
          and(
            eq(v.coveredBy, carerId),
            eq(v.status, 'scheduled'),
            isNull(v.checkedInAt),
            gt(v.startsAt, at(now)),
          ),
        )
        .returning({ id: v.id, arrangementId: v.arrangementId, startsAt: v.startsAt });
      if (reopened.length === 0) return [];
      await db.delete(o).where(
        inArray(
          o.visitId,
          reopened.map((visit) => visit.id),
        ),
      );
      const holders = await db
        .select({ id: a.id, customerId: a.customerId, conversationId: a.conversationId })
        .from(a)
        .where(
          inArray(
            a.id,
            reopened.map((visit) => visit.arrangementId),
          ),
        );
      return reopened.map((visit) => {
        const arrangement = holders.find((row) => row.id === visit.arrangementId);
        return {
          startsAt: visit.startsAt,
          customerId: arrangement?.customerId ?? null,
          conversationId: arrangement?.conversationId ?? null,
        };
      });
    },

    async setNoShowMinutes(arrangementId: string, minutes: number, now: Date): Promise<void> {
      await db.update(a).set({ noShowMinutes: minutes, updatedAt: now }).where(eq(a.id, arrangementId));
    },
  };
}
export type CoverRepository = ReturnType<typeof createCoverRepository>;
