import { and, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuditLogQuery } from '@contracts/audit';
import type { AuditAction, AuditActorRole } from '@contracts/audit-words';
import type { Executor } from '../../db/client';
import { auditLog, carerProfiles, carerVerifications, users } from '../../db/schema';
import { matches, withTotal, accountSearchText } from '../../platform/admin-paging';
import { isUuid } from '../../platform/ids';

/** One stored entry with its actor's names (null when that account was deleted). */
export interface AuditRow {
  id: number;
  createdAt: Date;
  actorId: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/** A person an entry is about, as found now: names and email (null parts when unknown). */
export interface AuditPerson {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** One admin change (decision 0008). `before`/`after` hold the fields that matter, never secrets. */
export interface AuditRecord {
  /** Null for what housekeeping does by itself (SYSTEM_AUDIT_ACTIONS). */
  actorId: string | null;
  /** Verb in the past tense of the thing changed: 'customer.updated', 'subscription.activated', … */
  action: AuditAction;
  /**
   * Who acted, when it is not the account `actorId`'s role at this moment: 'system' for
   * housekeeping, 'operator' for the server's command line. Otherwise the role is read in the
   * same statement that writes the entry.
   */
  actorRole?: Extract<AuditActorRole, 'system' | 'operator'>;
  entityType: 'user' | 'carer' | 'subscription' | 'verification' | 'report';
  entityId: string | null;
  before: unknown;
  after: unknown;
  ipAddress?: string | null;
}

/** Names and email of an account, and a carer's name: the expressions of migration 0021's trigram indexes. */
const accountText = accountSearchText;
const carerNameText = sql`${carerProfiles.firstName} || ' ' || ${carerProfiles.lastName}`;

/**
 * Entries whose actor or subject (as the service names them: the account of a
 * user or subscription entry, the carer of a carer or verification entry, the account reported of
 * a report entry) has `q` in a name or email. The matching people are found once, by their
 * trigram indexes; the entries by their actor and entity indexes.
 */
function mentions(db: Executor, q: string): SQL {
  const matchingAccounts = db.select({ id: users.id }).from(users).where(matches(accountText, q));
  const accountIds = db
    .select({ id: sql`${users.id}::text` })
    .from(users)
    .where(matches(accountText, q));
  const carerMatches = or(matches(carerNameText, q), matches(accountText, q))!;
  const carerIds = db
    .select({ id: sql`${carerProfiles.id}::text` })
    .from(carerProfiles)
    .leftJoin(users, eq(users.id, carerProfiles.userId))
    .where(carerMatches);
  const verificationIds = db
    .select({ id: sql`${carerVerifications.id}::text` })
    .from(carerVerifications)
    .innerJoin(carerProfiles, eq(carerProfiles.id, carerVerifications.carerId))
    .leftJoin(users, eq(users.id, carerProfiles.userId))
    .where(carerMatches);
  return or(
    inArray(auditLog.actorId, matchingAccounts),
    and(inArray(auditLog.entityType, ['user', 'subscription']), inArray(auditLog.entityId, accountIds)),
    and(eq(auditLog.entityType, 'carer'), inArray(auditLog.entityId, carerIds)),
    and(eq(auditLog.entityType, 'verification'), inArray(auditLog.entityId, verificationIds)),
    and(
      eq(auditLog.entityType, 'report'),
      sql`(${auditLog.after} ->> 'reportedAccountId') in (${accountIds})`,
    ),
  )!;
}

/**
 * Writes to the audit log. Call it with the executor of the change's own transaction, so the
 * change and its record commit together or not at all.
 */
export function createAuditRepository(db: Executor) {
  return {
    async record(entry: AuditRecord): Promise<void> {
      const actorId = entry.actorId;
      await db.insert(auditLog).values({
        actorId,
        actorRole:
          entry.actorRole ??
          (actorId ? sql`(select ${users.role} from ${users} where ${users.id} = ${actorId})` : 'system'),
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId,
        before: entry.before ?? null,
        after: entry.after ?? null,
        ipAddress: entry.ipAddress ?? null,
      });
    },

    /**
     * Entries matching the filters, newest first, one page of `limit` after the keyset `cursor`
     * or `before` (the last id of the previous page); `hasMore` says whether another page
     * follows, `total` how many match in all.
     */
    async list(query: AuditLogQuery): Promise<{ rows: AuditRow[]; hasMore: boolean; total: number }> {
      const conditions: SQL[] = [];
      if (query.entityType) conditions.push(eq(auditLog.entityType, query.entityType));
      if (query.entityId) conditions.push(eq(auditLog.entityId, query.entityId));
      if (query.actorId) {
        // Not a uuid: no actor has it (and it must not reach SQL as one).
        if (!isUuid(query.actorId)) return { rows: [], hasMore: false, total: 0 };
        conditions.push(eq(auditLog.actorId, query.actorId));
      }
      if (query.action) conditions.push(eq(auditLog.action, query.action));
      if (query.from) conditions.push(gte(auditLog.createdAt, new Date(query.from)));
      if (query.to) conditions.push(lte(auditLog.createdAt, new Date(query.to)));
      if (query.q) conditions.push(mentions(db, query.q));
      const after = query.cursor ? Number(query.cursor) : query.before;
      const matching = (keyset?: SQL) =>
        db
          .select({
            id: auditLog.id,
            createdAt: auditLog.createdAt,
            actorId: auditLog.actorId,
            actorFirstName: users.firstName,
            actorLastName: users.lastName,
            actorEmail: users.email,
            actorRole: auditLog.actorRole,
            action: auditLog.action,
            entityType: auditLog.entityType,
            entityId: auditLog.entityId,
            before: auditLog.before,
            after: auditLog.after,
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(and(...conditions, keyset));
      const { rows, total } = await withTotal(
        db,
        matching(after ? lt(auditLog.id, after) : undefined)
          .orderBy(desc(auditLog.id))
          .limit(query.limit + 1),
        matching(),
      );
      return { rows: rows.slice(0, query.limit), hasMore: rows.length > query.limit, total };
    },

    /**
     * The people a page of entries is about, by kind of id, in three queries whatever the page
     * size. Ids that are gone (deleted accounts) are simply not in the maps.
     */
    async people(ids: { userIds: string[]; carerIds: string[]; verificationIds: string[] }): Promise<{
      users: Map<string, AuditPerson>;
      carers: Map<string, AuditPerson>;
      verifications: Map<string, AuditPerson>;
    }> {
      const only = (list: string[]) => [...new Set(list.filter(isUuid))];
      const userIds = only(ids.userIds);
      const carerIds = only(ids.carerIds);
      const verificationIds = only(ids.verificationIds);
      const [userRows, carerRows, verificationRows] = await Promise.all([
        userIds.length === 0
          ? []
          : db
              .select({
                id: users.id,
                firstName: users.firstName,
                lastName: users.lastName,
                email: users.email,
              })
              .from(users)
              .where(inArray(users.id, userIds)),
        carerIds.length === 0
          ? []
          : db
              .select({
                id: carerProfiles.id,
                firstName: carerProfiles.firstName,
                lastName: carerProfiles.lastName,
                email: users.email,
              })
              .from(carerProfiles)
              .leftJoin(users, eq(users.id, carerProfiles.userId))
              .where(inArray(carerProfiles.id, carerIds)),
        verificationIds.length === 0
          ? []
          : db
              .select({
                id: carerVerifications.id,
                firstName: carerProfiles.firstName,
                lastName: carerProfiles.lastName,
                email: users.email,
              })
              .from(carerVerifications)
              .innerJoin(carerProfiles, eq(carerProfiles.id, carerVerifications.carerId))
              .leftJoin(users, eq(users.id, carerProfiles.userId))
              .where(inArray(carerVerifications.id, verificationIds)),
      ]);
      const byId = (rows: Array<AuditPerson & { id: string }>) =>
        new Map(rows.map(({ id, ...person }) => [id, person]));
      return { users: byId(userRows), carers: byId(carerRows), verifications: byId(verificationRows) };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
