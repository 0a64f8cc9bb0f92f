import type { AuditEntry, AuditLogPage, AuditLogQuery } from '@contracts/audit';
import {
  auditActorWords,
  auditChangeWords,
  auditSummary,
  DELETED_ACCOUNT,
  SYSTEM_AUDIT_ACTIONS,
} from '@contracts/audit-words';
import type { Executor } from '../../db/client';
import {
  createAuditRepository,
  type AuditPerson,
  type AuditRecord,
  type AuditRepository,
  type AuditRow,
} from './audit.repository';

export type { AuditRecord };

/**
 * What other features use to write the audit log: call it with the executor of the change's own
 * transaction, so the change and its record commit together or not at all.
 */
export function createAuditRecorder(db: Executor) {
  const audit = createAuditRepository(db);
  return { record: (entry: AuditRecord) => audit.record(entry) };
}
export type AuditRecorder = ReturnType<typeof createAuditRecorder>;

/**
 * 'Admin: Jane Smith (jane@…)', 'Deleted family account', 'CareMatch (automatic)': the role is the
 * one stored on the entry when it was written (entries from before it was stored have it filled
 * in by migration 0027).
 */
export function actorName(
  row: Pick<AuditRow, 'actorFirstName' | 'actorLastName' | 'actorEmail' | 'actorRole'> & { action?: string },
): string {
  const role =
    row.actorRole ??
    (row.action && (SYSTEM_AUDIT_ACTIONS as readonly string[]).includes(row.action) ? 'system' : null);
  return auditActorWords({
    role,
    firstName: row.actorFirstName,
    lastName: row.actorLastName,
    email: row.actorEmail,
  });
}

/** Where an entry's subject is found: an account, a carer profile or a verification's carer. */
type SubjectRef = { kind: 'user' | 'carer' | 'verification'; id: string } | null;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Who an entry is about. Reports are about the account reported. */
function subjectRef(row: AuditRow): SubjectRef {
  if (row.entityType === 'report') {
    const reported = isRecord(row.after) ? row.after.reportedAccountId : undefined;
    return typeof reported === 'string' ? { kind: 'user', id: reported } : null;
  }
  if (!row.entityId) return null;
  if (row.entityType === 'user' || row.entityType === 'subscription')
    return { kind: 'user', id: row.entityId };
  if (row.entityType === 'carer') return { kind: 'carer', id: row.entityId };
  if (row.entityType === 'verification') return { kind: 'verification', id: row.entityId };
  return null;
}

/** 'Jane Smith', or the email when the account has no name. */
const shortName = (person: AuditPerson) =>
  [person.firstName, person.lastName].filter((part) => part?.trim()).join(' ') || person.email || null;

/** 'Jane Smith (jane@example.com)', or either part alone. */
const fullName = (person: AuditPerson) => {
  const name = [person.firstName, person.lastName].filter((part) => part?.trim()).join(' ');
  if (name && person.email) return `${name} (${person.email})`;
  return name || person.email || DELETED_ACCOUNT;
};

/** The audit log as admins read it (decision 0008); entries are written by each feature's own transaction. */
export function createAuditService({ audit }: { audit: AuditRepository }) {
  return {
    /** One page, and `total`: how many entries match in all (the X-Total-Count header). */
    async list(query: AuditLogQuery): Promise<AuditLogPage & { total: number }> {
      const { rows, hasMore, total } = await audit.list(query);
      const refs = rows.map(subjectRef);
      const idsOf = (kind: NonNullable<SubjectRef>['kind']) =>
        refs.flatMap((ref) => (ref?.kind === kind ? [ref.id] : []));
      const people = await audit.people({
        userIds: idsOf('user'),
        carerIds: idsOf('carer'),
        verificationIds: idsOf('verification'),
      });
      const maps = { user: people.users, carer: people.carers, verification: people.verifications };

      const items = rows.map((row, index): AuditEntry => {
        const ref = refs[index] ?? null;
        const person = ref ? maps[ref.kind].get(ref.id) : undefined;
        // An entry about someone who is gone says so; one about nobody in particular has no subject.
        const subjectName = ref ? (person ? fullName(person) : DELETED_ACCOUNT) : null;
        const subject = { name: person ? shortName(person) : null };
        return {
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          actorId: row.actorId,
          actorName: actorName(row),
          actorRole: row.actorRole,
          action: row.action,
          entityType: row.entityType,
          entityId: row.entityId,
          before: row.before ?? null,
          after: row.after ?? null,
          subjectName,
          summary: auditSummary({ action: row.action, subject, before: row.before, after: row.after }),
          changes: auditChangeWords(row.before ?? null, row.after ?? null),
        };
      });
      const last = rows.at(-1);
      return { items, nextBefore: hasMore && last ? last.id : null, total };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
