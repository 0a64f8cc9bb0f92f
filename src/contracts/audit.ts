// The audit log's shapes; its words are in audit-words.ts.
import { z } from 'zod';
import { oneLine } from './text';
import { ADMIN_LIST_MESSAGES, ADMIN_MESSAGES } from './admin';

// ---------------------------------------------------------------------------------------------
// Audit log (decision 0008): GET /api/admin/audit-log
// ---------------------------------------------------------------------------------------------

export const AUDIT_ENTITY_TYPES = ['user', 'carer', 'subscription', 'verification', 'report'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AuditEntry = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actorId: z.string().nullable(),
  /** Who acted, with their role then: 'Admin: Jane Smith (jane@…)', 'Deleted family account'. */
  actorName: z.string(),
  /** The actor's role when they acted: 'admin', 'customer', 'carer', 'system', 'operator'. */
  actorRole: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** The record's fields before and after, as JSON (null where there was none; `unknown` allows it). */
  before: z.unknown(),
  after: z.unknown(),
  /**
   * Who the entry is about, named by the server ('Jane Smith (jane@…)'),
   * 'deleted account' once gone, or null for entries about nobody in particular.
   */
  subjectName: z.string().nullable(),
  /** What was done, in words: 'Approved Jane Smith’s checks'. */
  summary: z.string(),
  /** Each changed field in words: 'Changed subscription end date from 1 Jan 2027 to 1 Apr 2027'. */
  changes: z.array(
    z.object({
      field: z.string(),
      before: z.string().nullable(),
      after: z.string().nullable(),
      text: z.string(),
    }),
  ),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AUDIT_PAGE_SIZE = 50;

export const AuditLogQuery = z.object({
  entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
  entityId: z.string().trim().max(64).optional(),
  actorId: z.string().trim().max(64).optional(),
  action: z.string().trim().max(64).optional(),
  /** ISO dates (inclusive, whole days in UK time are the web's business). */
  from: z.iso.datetime({ offset: true, error: ADMIN_MESSAGES.invalidDate }).optional(),
  to: z.iso.datetime({ offset: true, error: ADMIN_MESSAGES.invalidDate }).optional(),
  /** The last id of the previous page. */
  before: z.coerce.number().int().positive().optional(),
  /**
   * The X-Next-Cursor of the previous page (the same keyset as `before`, as
   * the other admin lists page), and `q`: the actor's or the subject's name or email.
   */
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, ADMIN_LIST_MESSAGES.cursorInvalid)
    .optional(),
  q: oneLine(z.string().trim().max(100, ADMIN_LIST_MESSAGES.queryTooLong)).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

export const AuditLogPage = z.object({ items: z.array(AuditEntry), nextBefore: z.number().int().nullable() });
export type AuditLogPage = z.infer<typeof AuditLogPage>;
