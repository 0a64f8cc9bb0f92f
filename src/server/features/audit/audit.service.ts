import type { AuditEntry, AuditLogPage, AuditLogQuery } from '@contracts/admin';
import type { Executor } from '../../db/client';
import {
  createAuditRepository,
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

/** '<first> <last> (<email>)', or 'Deleted admin' once the acting account is gone. */
export function actorName(row: Pick<AuditRow, 'actorFirstName' | 'actorLastName' | 'actorEmail'>): string {
  if (!row.actorEmail) return 'Deleted admin';
  const name = [row.actorFirstName, row.actorLastName].filter(Boolean).join(' ');
  return name ? `${name} (${row.actorEmail})` : row.actorEmail;
}

const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  actorId: row.actorId,
  actorName: actorName(row),
  action: row.action,
  entityType: row.entityType,
  entityId: row.entityId,
  before: row.before ?? null,
  after: row.after ?? null,
});

/** The audit log as admins read it (issue 7 point 6); entries are written by each feature's own transaction. */
export function createAuditService({ audit }: { audit: AuditRepository }) {
  return {
    async list(query: AuditLogQuery): Promise<AuditLogPage> {
      const { rows, hasMore } = await audit.list(query);
      const last = rows.at(-1);
      return { items: rows.map(toAuditEntry), nextBefore: hasMore && last ? last.id : null };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
