import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  min,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
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
import { createTimesheetSource } from '../arrangements';
import { familyAccountsOf } from '../circle';
import { viewerIn } from './access';

type TimesheetValues = typeof ts.$inferInsert;
/** An invoice that was paid, whatever came back afterwards. */
export const PAID_STATUSES = ['paid', 'partly_refunded', 'refunded'];
type LineValues = typeof l.$inferInsert;
type InvoiceValues = typeof inv.$inferInsert;

/** A timesheet line as a timesheet read answers it: its times already as UK clock times. */
export interface LineView {
  id: string;
  kind: string;
  date: string;
  start: string | null;
  end: string | null;
  minutes: number | null;
  tenthMiles: number | null;
  ratePence: number | null;
  amountPence: number;
  note: string;
  excluded: boolean;
  recordedAfterwards: boolean;
  carriedOver: boolean;
  queryReason: string | null;
  /** As PostgreSQL writes a timestamp in JSON. */
  queriedAt: string | null;
  queriedBy: string | null;
  querierFirstName: string | null;
  querierLastName: string | null;
}

/** The carer's bank details as an invoice to pay shows them. */
export type BankView = Pick<InvoicingSettingsRow, 'bankAccountName' | 'bankSortCode' | 'bankAccountNumber'>;

/** A credit note as its invoice lists it. */
export interface CreditNoteView {
  id: string;
  kind: string;
  number: number;
  totalPence: number;
}

/**
 * The placeholders of the timesheet and invoice reads: `user` (the reader), `id` (one row), `from`
 * and `to` (the round's visits).
 */
export const VIEW = {
  user: sql.placeholder('user'),
  id: sql.placeholder('id'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
};

/**
 * LIMIT written into the statement: as a parameter, a prepared statement's generic plan guesses a
 * tenth of the table for it and walks an index in the list's order (invoices_issued_idx),
 * reading every invoice to find the reader's few. Drizzle writes an SQL limit as it is.
 */
const literalLimit = (rows: number) => sql.raw(String(rows)) as unknown as number;

/**
 * A field of a read from one table, its column references kept as `table.column`: Drizzle writes
 * the top level of such a select's SQL fields with bare column names, and a bare name in a
 * correlated subquery means the subquery's own column when it has one (`id`) — not the row's.
 */
const rowField = <T>(fragment: SQL<T>): SQL<T> => sql<T>`${fragment}`;

/** A UK clock time ('09:30') of a timestamp column, as ukTime writes it. */
const ukClock = (column: AnyPgColumn) => sql`to_char(${column} at time zone 'Europe/London', 'HH24:MI')`;

/** The SQL of timesheets, their lines, invoices and invoicing details (feature invoicing). */
export function createInvoicingRepository(db: Executor) {
  /**
   * Rows `userId` is on: as the carer, the holder, or a member of the holder's circle. Two indexed
   * conditions (the carer's, the family accounts'), so the planner reads only those rows.
   */
  const concerns = (carerColumn: AnyPgColumn, customerColumn: AnyPgColumn, userId: string | SQLWrapper) =>
    // familyAccountsOf writes the id in as a parameter: a placeholder takes its place as well.
    or(eq(carerColumn, userId), sql`${customerColumn} = any(${familyAccountsOf(userId as string)})`);

  /**
   * The rows a read looks at: the one of `id`, or those `user` may be on (up to 200, as found by
   * the indexes); the caller keeps those whose viewer (viewerIn, in the same statement) is someone.
   */
  const candidates = (
    table: { id: AnyPgColumn; carerUserId: AnyPgColumn; customerId: AnyPgColumn },
    which: 'list' | 'one',
  ) => (which === 'one' ? eq(table.id, VIEW.id) : concerns(table.carerUserId, table.customerId, VIEW.user));

  return {
    /**
     * The reads of the Timesheets pages in one statement (placeholders in VIEW): the timesheets
     * `user` is on (`list`, newest week first, up to 200) or the one of `id`, each with who the
     * reader is on it, its arrangement's people and rate, its lines (and who queried them) and its
     * invoice. `round` adds `due`: whether a visit of the reader's own as that side (the carer, or
     * the holder) between `from` and `to` is not yet on a line, i.e. whether the round has work.
     */
    timesheetViews(which: 'list' | 'one', round?: 'carer' | 'customer') {
      const lines = sql<LineView[]>`coalesce((select json_agg(json_build_object(
          'id', ${l.id}, 'kind', ${l.kind}, 'date', ${l.date},
          'start', ${ukClock(l.startsAt)}, 'end', ${ukClock(l.endsAt)},
          'minutes', ${l.minutes}, 'tenthMiles', ${l.tenthMiles}, 'ratePence', ${l.ratePence},
          'amountPence', ${l.amountPence}, 'note', ${l.note}, 'excluded', ${l.excluded},
          'recordedAfterwards', ${l.recordedAfterwards}, 'carriedOver', ${l.carriedOver},
          'queryReason', ${l.queryReason}, 'queriedAt', ${l.queriedAt}, 'queriedBy', ${l.queriedBy},
          'querierFirstName', ${users.firstName}, 'querierLastName', ${users.lastName})
        order by ${l.date}, ${l.startsAt}, ${l.createdAt}, ${l.id})
        from ${l} left join ${users} on ${users.id} = ${l.queriedBy}
        where ${l.timesheetId} = ${ts.id}), '[]'::json)`;
      const due = round
        ? createTimesheetSource(db).unbilledVisitExists(
            VIEW.from,
            VIEW.to,
            round === 'carer' ? { carerUserId: VIEW.user } : { customerId: VIEW.user },
            (visitId) => sql`not exists (select 1 from ${l} where ${l.visitId} = ${visitId})`,
          )
        : sql<boolean>`false`;
      return db
        .select({
          timesheet: ts,
          viewer: rowField(viewerIn(ts.carerUserId, ts.customerId, VIEW.user)),
          arrangement: rowField(createTimesheetSource(db).billedArrangementOf(ts.arrangementId)),
          lines: rowField(lines),
          invoiceId: rowField(sql<string | null>`case when ${ts.status} = 'approved' then
            (select ${inv.id} from ${inv} where ${inv.timesheetId} = ${ts.id} and ${inv.kind} = 'invoice') end`),
          due: rowField(due),
        })
        .from(ts)
        .where(candidates(ts, which))
        .orderBy(desc(ts.weekStart), desc(ts.id))
        .limit(literalLimit(which === 'one' ? 1 : 200));
    },

    /**
     * The reads of the Invoices pages in one statement (placeholders in VIEW): the invoices and
     * credit notes `user` is on (`list`, newest first, up to 200) or the one of `id`, each with who
     * the reader is on it, an invoice's credit notes, a credit note's invoice, and the carer's bank
     * details (shown only to those who pay).
     */
    invoiceViews(which: 'list' | 'one') {
      const credited = alias(inv, 'credited_invoice');
      const note = alias(inv, 'credit_note');
      const notes = db
        .select({
          list: rowField(sql`coalesce(json_agg(json_build_object('id', ${note.id}, 'kind', ${note.kind},
            'number', ${note.number}, 'totalPence', ${note.totalPence}) order by ${note.issuedAt}, ${note.number}),
            '[]'::json)`),
        })
        .from(note)
        .where(eq(note.creditFor, inv.id));
      return db
        .select({
          invoice: inv,
          viewer: rowField(viewerIn(inv.carerUserId, inv.customerId, VIEW.user)),
          creditNotes: rowField(
            sql<CreditNoteView[]>`case when ${inv.kind} = 'invoice' then (${notes}) else '[]'::json end`,
          ),
          creditForNumber: rowField(
            sql<
              number | null
            >`(select ${credited.number} from ${inv} ${credited} where ${credited.id} = ${inv.creditFor})`,
          ),
          bank: rowField(
            sql<BankView | null>`(select json_build_object('bankAccountName', ${s.bankAccountName},
              'bankSortCode', ${s.bankSortCode}, 'bankAccountNumber', ${s.bankAccountNumber})
              from ${s} where ${s.userId} = ${inv.carerUserId})`,
          ),
        })
        .from(inv)
        .where(candidates(inv, which))
        .orderBy(desc(inv.issuedAt), desc(inv.id))
        .limit(literalLimit(which === 'one' ? 1 : 200));
    },

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
