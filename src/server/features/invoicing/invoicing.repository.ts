import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, min, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  invoices as inv,
  invoicingSettings as s,
  statementReferences as refs,
  timesheetLines as l,
  timesheets as ts,
  users,
  type InvoiceRow,
  type InvoicingSettingsRow,
  type TimesheetLineRow,
  type TimesheetRow,
} from '../../db/schema';
import { familyAccountsOf } from '../circle';

type TimesheetValues = typeof ts.$inferInsert;
/** An invoice that was paid, whatever came back afterwards. */
export const PAID_STATUSES = ['paid', 'partly_refunded', 'refunded'];
type LineValues = typeof l.$inferInsert;
type InvoiceValues = typeof inv.$inferInsert;

/** The SQL of timesheets, their lines, invoices and invoicing details (feature invoicing). */
export function createInvoicingRepository(db: Executor) {
  /**
   * Rows `userId` is on: as the carer, the holder, or a member of the holder's circle. Two indexed
   * conditions (the carer's, the family accounts'), so the planner reads only those rows.
   */
  const concerns = (carerColumn: AnyPgColumn, customerColumn: AnyPgColumn, userId: string) =>
    or(eq(carerColumn, userId), sql`${customerColumn} = any(${familyAccountsOf(userId)})`);

  return {
    // ── timesheets ──────────────────────────────────────────────────────────────
    /** Makes the week's timesheet unless it exists; answers it either way. */
    /** The arrangement's timesheet of the week, made if missing; `lock` holds its row to the end. */
    async ensureTimesheet(values: TimesheetValues, lock = false): Promise<TimesheetRow> {
      await db.insert(ts).values(values).onConflictDoNothing();
      const query = db
        .select()
        .from(ts)
        .where(and(eq(ts.arrangementId, values.arrangementId), eq(ts.weekStart, values.weekStart)))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row!;
    },

    async timesheet(id: string, lock = false): Promise<TimesheetRow | undefined> {
      const query = db.select().from(ts).where(eq(ts.id, id)).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async timesheetsFor(userId: string): Promise<TimesheetRow[]> {
      return db
        .select()
        .from(ts)
        .where(concerns(ts.carerUserId, ts.customerId, userId))
        .orderBy(desc(ts.weekStart), desc(ts.id))
        .limit(200);
    },

    async updateTimesheet(id: string, values: Partial<TimesheetValues>): Promise<void> {
      await db.update(ts).set(values).where(eq(ts.id, id));
    },

    async linesOf(timesheetIds: string[]): Promise<TimesheetLineRow[]> {
      if (timesheetIds.length === 0) return [];
      return db
        .select()
        .from(l)
        .where(inArray(l.timesheetId, timesheetIds))
        .orderBy(asc(l.date), asc(l.startsAt), asc(l.createdAt), asc(l.id));
    },

    async line(id: string): Promise<TimesheetLineRow | undefined> {
      const [row] = await db.select().from(l).where(eq(l.id, id)).limit(1);
      return row;
    },

    /** Visits already on a line (of any timesheet). */
    async billedVisitIds(visitIds: string[]): Promise<Set<string>> {
      if (visitIds.length === 0) return new Set();
      const rows = await db.select({ visitId: l.visitId }).from(l).where(inArray(l.visitId, visitIds));
      return new Set(rows.map((row) => row.visitId!));
    },

    /** Adds lines; a visit already on a line is skipped (one line per visit). */
    async insertLines(values: LineValues[]): Promise<void> {
      if (values.length === 0) return;
      await db.insert(l).values(values).onConflictDoNothing();
    },

    async updateLine(id: string, values: Partial<LineValues>): Promise<void> {
      await db.update(l).set(values).where(eq(l.id, id));
    },

    async deleteLine(id: string): Promise<void> {
      await db.delete(l).where(eq(l.id, id));
    },

    async clearQueries(timesheetId: string): Promise<void> {
      await db
        .update(l)
        .set({ queryReason: null, queriedAt: null, queriedBy: null })
        .where(eq(l.timesheetId, timesheetId));
    },

    async addedLineCount(timesheetId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(l)
        .where(and(eq(l.timesheetId, timesheetId), inArray(l.kind, ['mileage', 'expense'])));
      return row?.total ?? 0;
    },

    /** Submitted before `before` and not yet reminded: claimed (one reminder per submission). */
    async claimReminders(before: Date, at: Date): Promise<TimesheetRow[]> {
      return db
        .update(ts)
        .set({ reminderSentAt: at })
        .where(and(eq(ts.status, 'submitted'), lte(ts.submittedAt, before), isNull(ts.reminderSentAt)))
        .returning();
    },

    /** Submitted timesheets due for approval, locked, skipping those another round holds. */
    async dueForAutoApproval(before: Date): Promise<TimesheetRow[]> {
      return db
        .select()
        .from(ts)
        .where(and(eq(ts.status, 'submitted'), lte(ts.submittedAt, before)))
        .orderBy(asc(ts.submittedAt))
        .limit(100)
        .for('update', { skipLocked: true });
    },

    // ── invoices ─────────────────────────────────────────────────────────────────
    /**
     * The carer's next number of `kind`: one statement that makes the row or adds one to its
     * counter, holding the row's lock until the caller's transaction ends, so parallel issues queue
     * and a rolled-back issue gives its number back: no gaps, no duplicates.
     */
    async nextNumber(carerUserId: string, kind: 'invoice' | 'credit_note'): Promise<number> {
      const column = kind === 'invoice' ? s.lastInvoiceNumber : s.lastCreditNoteNumber;
      const field = kind === 'invoice' ? 'lastInvoiceNumber' : 'lastCreditNoteNumber';
      const [row] = await db
        .insert(s)
        .values({ userId: carerUserId, [field]: 1 })
        .onConflictDoUpdate({ target: s.userId, set: { [field]: sql`${column} + 1` } })
        .returning({ number: column });
      return row!.number;
    },

    async insertInvoice(values: InvoiceValues): Promise<InvoiceRow> {
      const [row] = await db.insert(inv).values(values).returning();
      return row!;
    },

    async invoice(id: string, lock = false): Promise<InvoiceRow | undefined> {
      const query = db.select().from(inv).where(eq(inv.id, id)).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async invoices(ids: string[]): Promise<InvoiceRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(inv).where(inArray(inv.id, ids));
    },

    /** The invoices issued from these timesheets (one each at most), for a list in one query. */
    async invoicesOfTimesheets(timesheetIds: string[]): Promise<Array<{ id: string; timesheetId: string }>> {
      if (timesheetIds.length === 0) return [];
      const rows = await db
        .select({ id: inv.id, timesheetId: inv.timesheetId })
        .from(inv)
        .where(and(inArray(inv.timesheetId, timesheetIds), eq(inv.kind, 'invoice')));
      return rows.map((row) => ({ id: row.id, timesheetId: row.timesheetId! }));
    },

    async invoicesFor(userId: string): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(inv)
        .where(concerns(inv.carerUserId, inv.customerId, userId))
        .orderBy(desc(inv.issuedAt), desc(inv.id))
        .limit(200);
    },

    async creditNotesOf(invoiceIds: string[]): Promise<InvoiceRow[]> {
      if (invoiceIds.length === 0) return [];
      return db
        .select()
        .from(inv)
        .where(inArray(inv.creditFor, invoiceIds))
        .orderBy(asc(inv.issuedAt), asc(inv.number));
    },

    async updateInvoice(id: string, values: Partial<InvoiceValues>): Promise<void> {
      await db.update(inv).set(values).where(eq(inv.id, id));
    },

    /** Retention: invoices (with their credit notes) and timesheets older than `before` go. */
    async deleteIssuedBefore(before: Date, weekBefore: string): Promise<number> {
      const gone = await db
        .delete(inv)
        .where(and(eq(inv.kind, 'invoice'), lt(inv.issuedAt, before)))
        .returning({ id: inv.id });
      // Credit notes go with their invoice (foreign key); a timesheet goes once its week is as old
      // and no invoice still kept was issued from it.
      await db
        .delete(ts)
        .where(
          and(
            lt(ts.weekStart, weekBefore),
            sql`not exists (select 1 from ${inv} where ${inv.timesheetId} = ${ts.id})`,
          ),
        );
      return gone.length;
    },

    // ── money records ─────────────────────────────────────────────────────────────
    /**
     * The carer's invoices paid in [from, to), oldest first: refunded ones too (partly or in full),
     * whose payment still happened and whose fee was not given back.
     */
    async paidInvoicesOf(carerUserId: string, from: Date, to: Date): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(inv)
        .where(
          and(
            eq(inv.carerUserId, carerUserId),
            eq(inv.kind, 'invoice'),
            inArray(inv.status, PAID_STATUSES),
            gte(inv.paidAt, from),
            lt(inv.paidAt, to),
          ),
        )
        .orderBy(asc(inv.paidAt), asc(inv.number));
    },

    /** When the carer was first paid, if ever. */
    async firstPaidAt(carerUserId: string): Promise<Date | null> {
      const [row] = await db
        .select({ first: min(inv.paidAt) })
        .from(inv)
        .where(
          and(eq(inv.carerUserId, carerUserId), eq(inv.kind, 'invoice'), inArray(inv.status, PAID_STATUSES)),
        );
      return row?.first ?? null;
    },

    /** The carer's issued invoices still to be paid (open, or marked paid and not yet confirmed). */
    async unpaidInvoicesOf(carerUserId: string): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(inv)
        .where(
          and(
            eq(inv.carerUserId, carerUserId),
            eq(inv.kind, 'invoice'),
            inArray(inv.status, ['open', 'marked_paid']),
          ),
        );
    },

    /** Invoices and credit notes between a family and a carer, oldest first. */
    async invoicesBetween(customerId: string, carerUserId: string): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(inv)
        .where(and(eq(inv.customerId, customerId), eq(inv.carerUserId, carerUserId)))
        .orderBy(asc(inv.issuedAt), asc(inv.kind), asc(inv.number))
        .limit(2000);
    },

    async cestReference(customerId: string, carerUserId: string): Promise<string> {
      const [row] = await db
        .select({ reference: refs.cestReference })
        .from(refs)
        .where(and(eq(refs.customerId, customerId), eq(refs.carerUserId, carerUserId)))
        .limit(1);
      return row?.reference ?? '';
    },

    async saveCestReference(
      customerId: string,
      carerUserId: string,
      reference: string,
      by: string,
      at: Date,
    ): Promise<void> {
      await db
        .insert(refs)
        .values({ customerId, carerUserId, cestReference: reference, updatedBy: by, updatedAt: at })
        .onConflictDoUpdate({
          target: [refs.customerId, refs.carerUserId],
          set: { cestReference: reference, updatedBy: by, updatedAt: at },
        });
    },

    // ── settings and people ──────────────────────────────────────────────────────
    async settings(userId: string): Promise<InvoicingSettingsRow | undefined> {
      const [row] = await db.select().from(s).where(eq(s.userId, userId)).limit(1);
      return row;
    },

    async settingsOf(userIds: string[]): Promise<InvoicingSettingsRow[]> {
      if (userIds.length === 0) return [];
      return db.select().from(s).where(inArray(s.userId, userIds));
    },

    async saveSettings(userId: string, values: Partial<typeof s.$inferInsert>): Promise<void> {
      await db
        .insert(s)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: s.userId, set: values });
    },

    async people(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
          suspendedAt: users.suspendedAt,
        })
        .from(users)
        .where(inArray(users.id, ids));
    },
  };
}
export type InvoicingRepository = ReturnType<typeof createInvoicingRepository>;
