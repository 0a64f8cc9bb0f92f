import {
  ADDED_LINES_MAX,
  AUTO_APPROVE_HOURS,
  AUTO_APPROVE_REMINDER_HOURS,
  INVOICING_MESSAGES,
  formatPence,
  penceOf,
  type AddedLineInput,
  type LineUpdateInput,
  type QueryInput,
  type Timesheet,
  type TimesheetList,
  type TimesheetLine,
} from '@contracts/invoicing';
import { DELETED_USER_NAME } from '@contracts/messaging';
import { paths } from '@contracts/paths';
import { RECORDED_VISIT_MAX_HOURS } from '@contracts/visit-records';
import type { Database, Executor } from '../../db/client';
import type { TimesheetRow, UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { enqueueEmail, type Mailer } from '../../platform/mailer';
import { addDays, longDate, ukDate, ukInstant, ukTime } from '../../platform/uk-time';
import { createTimesheetSource, type BilledArrangement, type RecordedVisit } from '../arrangements';
import { assertEmailConfirmed } from '../auth';
import { createFamilySide } from '../circle';
import { shortName } from '../messaging';
import { actsForFamily, viewerOf, type Viewer } from './access';
import { milesOf, referenceOf } from './invoice-documents';
import { invoiceLink, issueInvoice } from './invoices.service';
import {
  autoApprovalReminderEmail,
  timesheetApprovedEmail,
  timesheetQueriedEmail,
  timesheetSubmittedEmail,
} from './invoicing-emails';
import { createInvoicingRepository, type InvoicingRepository } from './invoicing.repository';
import { mileageAmount, mondayAt, mondayOf, toMinute, visitAmount, weekBounds, weekIsOver } from './weeks';

interface TimesheetsDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
}

const HOUR_MS = 3_600_000;

/** An invoice an approval issued, and the family it is addressed to. */
export interface IssuedInvoice {
  invoiceId: string;
  familyUserId: string;
}
/** Weeks back a visit recorded late is still put on its week's timesheet (visits are recorded up to 14 days on). */
const WEEKS_BACK = 5;
const EDITABLE = new Set(['draft', 'queried']);

/** The visits a round looks at: those of the weeks over, WEEKS_BACK weeks back. */
function roundWindow(at: Date): { from: Date; to: Date } {
  const thisMonday = mondayAt(at);
  return { from: weekBounds(addDays(thisMonday, -7 * WEEKS_BACK)).from, to: weekBounds(thisMonday).from };
}

/** One row of the timesheet reads. */
type TimesheetView = Awaited<
  ReturnType<ReturnType<InvoicingRepository['timesheetViews']>['execute']>
>[number];

/** The hourly rate agreed ('18.00') in pence. */
const ratePenceOf = (hourlyRate: string) => penceOf(hourlyRate);

/** A visit that happened as a timesheet line: its own times to the minute, at the agreed rate. */
function visitLine(timesheetId: string, visit: RecordedVisit, ratePence: number, carriedOver = false) {
  const startsAt = toMinute(visit.checkedInAt);
  const endsAt = toMinute(visit.checkedOutAt);
  const minutes = Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000);
  return {
    timesheetId,
    kind: 'visit' as const,
    visitId: visit.visitId,
    // The visit's own date, as the visit records show it: within its week even after an early check-in.
    date: ukDate(visit.startsAt),
    startsAt,
    endsAt,
    minutes,
    ratePence,
    amountPence: visitAmount(minutes, ratePence),
    recordedAfterwards: visit.recordedAfterwards,
    carriedOver,
  };
}

/**
 * Timesheets (decision 0038): each UK week's visits that happened of an accepted arrangement, made
 * once the week is over; the carer corrects, adds mileage and expenses and submits; the family
 * (holder or "can arrange") approves or queries a line; after 72 hours without an answer it is
 * approved on its own, with an email 24 hours before. Approval issues the invoice in the same
 * transaction.
 */
export function createTimesheetsService({ db, mailer, publicUrl, now = () => new Date() }: TimesheetsDeps) {
  const repository = createInvoicingRepository(db);
  // The pages' reads, built once and named: PostgreSQL plans each once per connection (planning
  // them cost more than running them), and a request only fills in the placeholders.
  const reads = {
    one: repository.timesheetViews('one').prepare('invoicing_timesheet'),
    carer: repository.timesheetViews('list', 'carer').prepare('invoicing_timesheets_carer'),
    customer: repository.timesheetViews('list', 'customer').prepare('invoicing_timesheets_customer'),
    staff: repository.timesheetViews('list').prepare('invoicing_timesheets_staff'),
  };
  const link = (id: string) => `${publicUrl}${paths.timesheet.replace(':id', encodeURIComponent(id))}`;
  const weekInWords = (monday: string) => longDate(monday);
  const autoApproveAtOf = (row: TimesheetRow) =>
    row.status === 'submitted' && row.submittedAt
      ? new Date(row.submittedAt.getTime() + AUTO_APPROVE_HOURS * HOUR_MS)
      : null;
  const whenInWords = (instant: Date) => `${longDate(ukDate(instant))} at ${ukTime(instant)}`;

  /** A timesheet as `viewerId` reads it, from one row of the timesheet reads (timesheetViews). */
  function present(view: TimesheetView, viewerId: string, at: Date): Timesheet {
    const { timesheet: row, arrangement } = view;
    const viewer = view.viewer!;
    const billed = view.lines.filter((line) => !line.excluded);
    const mayEdit = viewer === 'carer' && EDITABLE.has(row.status);
    return {
      id: row.id,
      arrangementId: row.arrangementId,
      weekStart: row.weekStart,
      weekEnd: addDays(row.weekStart, 6),
      status: row.status as Timesheet['status'],
      carerName: arrangement?.carerUserId
        ? shortName(arrangement.carerFirstName, arrangement.carerLastName)
        : DELETED_USER_NAME,
      familyName: arrangement?.customerId
        ? shortName(arrangement.customerFirstName, arrangement.customerLastName)
        : DELETED_USER_NAME,
      careFor: arrangement?.careFor ?? '',
      hourlyRatePence: arrangement?.hourlyRate ? ratePenceOf(arrangement.hourlyRate) : 0,
      totalMinutes: billed.reduce((sum, line) => sum + (line.kind === 'visit' ? (line.minutes ?? 0) : 0), 0),
      totalPence: billed.reduce((sum, line) => sum + line.amountPence, 0),
      submittedAt: row.submittedAt?.toISOString() ?? null,
      autoApproveAt: autoApproveAtOf(row)?.toISOString() ?? null,
      approvedAt: row.approvedAt?.toISOString() ?? null,
      autoApproved: row.autoApproved,
      invoiceId: view.invoiceId,
      viewerRole: viewer,
      mayEdit,
      maySubmit: mayEdit && weekIsOver(row.weekStart, at) && billed.length > 0,
      mayApprove: actsForFamily(viewer) && row.status === 'submitted',
      lines: view.lines.map((line): TimesheetLine => ({
        id: line.id,
        kind: line.kind as TimesheetLine['kind'],
        date: line.date,
        start: line.start,
        end: line.end,
        minutes: line.minutes,
        miles: line.tenthMiles === null ? null : milesOf(line.tenthMiles),
        ratePence: line.ratePence,
        amountPence: line.excluded ? 0 : line.amountPence,
        note: line.note,
        excluded: line.excluded,
        recordedAfterwards: line.recordedAfterwards,
        carriedOver: line.carriedOver,
        query:
          line.queryReason && line.queriedAt
            ? {
                reason: line.queryReason,
                // queried_by is cleared when its account goes, so a set one names someone.
                by:
                  line.queriedBy === viewerId
                    ? 'You'
                    : line.queriedBy
                      ? shortName(line.querierFirstName, line.querierLastName)
                      : DELETED_USER_NAME,
                at: new Date(line.queriedAt).toISOString(),
              }
            : null,
      })),
    };
  }

  /** The one timesheet `user` may read, in one statement (on `tx` after a change); 404 otherwise. */
  async function readOne(executor: Executor, user: UserRow, id: string): Promise<Timesheet> {
    if (!isUuid(id)) throw AppError.notFound(INVOICING_MESSAGES.timesheetNotFound);
    const values = { user: user.id, id };
    const [view] = await (executor === db
      ? reads.one.execute(values)
      : createInvoicingRepository(executor).timesheetViews('one').execute(values));
    if (!view?.viewer) throw AppError.notFound(INVOICING_MESSAGES.timesheetNotFound);
    return present(view, user.id, now());
  }

  /** The timesheet if `user` is on it (404 otherwise). */
  async function find(executor: Executor, user: UserRow, id: string, lock = false) {
    if (!isUuid(id)) throw AppError.notFound(INVOICING_MESSAGES.timesheetNotFound);
    const row = await createInvoicingRepository(executor).timesheet(id, lock);
    const viewer = row ? await viewerOf(executor, row, user.id) : null;
    if (!row || !viewer) throw AppError.notFound(INVOICING_MESSAGES.timesheetNotFound);
    return { row, viewer };
  }

  /** One change to a timesheet in one transaction, the timesheet locked; the answer is it as it now is. */
  async function onTimesheet(
    user: UserRow,
    id: string,
    apply: (context: {
      tx: Executor;
      inTx: InvoicingRepository;
      row: TimesheetRow;
      viewer: Viewer;
      at: Date;
    }) => Promise<void>,
  ): Promise<Timesheet> {
    assertEmailConfirmed(user);
    const answer = await db.transaction(async (tx) => {
      const { row, viewer } = await find(tx, user, id, true);
      const inTx = createInvoicingRepository(tx);
      await apply({ tx, inTx, row, viewer, at: now() });
      return readOne(tx, user, id);
    });
    mailer.dispatchSoon();
    return answer;
  }

  function carerMayEdit(row: TimesheetRow, viewer: Viewer) {
    if (viewer !== 'carer') throw AppError.forbidden(INVOICING_MESSAGES.onlyCarer);
    if (!EDITABLE.has(row.status)) throw AppError.conflict(INVOICING_MESSAGES.notEditable);
  }

  function inWeek(row: TimesheetRow, date: string) {
    if (date < row.weekStart || date > addDays(row.weekStart, 6)) {
      throw AppError.badRequest(INVOICING_MESSAGES.dateOutsideWeek, {
        date: INVOICING_MESSAGES.dateOutsideWeek,
      });
    }
  }

  /** An added line's stored values from what the carer typed. */
  async function addedValues(inTx: InvoicingRepository, row: TimesheetRow, input: AddedLineInput) {
    inWeek(row, input.date);
    if (input.kind === 'mileage') {
      const tenthMiles = Math.round(Number(input.miles) * 10);
      const settings = row.carerUserId ? await inTx.settings(row.carerUserId) : undefined;
      const ratePence = input.ratePence ?? settings?.mileageRatePence ?? 45;
      return {
        kind: 'mileage' as const,
        date: input.date,
        tenthMiles,
        ratePence,
        amountPence: mileageAmount(tenthMiles, ratePence),
        note: input.note,
      };
    }
    return {
      kind: 'expense' as const,
      date: input.date,
      tenthMiles: null,
      ratePence: null,
      amountPence: penceOf(input.amount),
      note: input.note,
    };
  }

  /** The family members who act for it (holder, "can arrange"), with their addresses. */
  async function familyActors(tx: Executor, holderId: string | null) {
    if (!holderId) return [];
    const side = await createFamilySide(tx).of(holderId);
    const people = await createInvoicingRepository(tx).people(side.mayArrange.map((person) => person.userId));
    return people.filter((person) => !person.suspendedAt);
  }

  /** The timesheet emails (submitted, queried, approved) follow the person's setting. */
  const wantsTimesheetEmails = (tx: Executor, userId: string) =>
    createFamilySide(tx).wantsEmail(userId, 'timesheets');

  /** Told, after the commit, of each invoice an approval issued (the family's saved card may pay it). */
  let invoicesIssued: (issued: IssuedInvoice[]) => void = () => {};

  /** Approves a submitted timesheet (locked by the caller) and issues its invoice, in `tx`. */
  async function approveIn(
    tx: Executor,
    row: TimesheetRow,
    approvedBy: string | null,
    at: Date,
  ): Promise<IssuedInvoice | null> {
    const inTx = createInvoicingRepository(tx);
    await inTx.updateTimesheet(row.id, {
      status: 'approved',
      approvedAt: at,
      approvedBy,
      autoApproved: approvedBy === null,
      updatedAt: at,
    });
    const [arrangement] = await createTimesheetSource(tx).arrangements([row.arrangementId]);
    const lines = await inTx.linesOf([row.id]);
    const invoice = await issueInvoice(tx, {
      timesheet: row,
      lines,
      arrangement: arrangement!,
      at,
      publicUrl,
    });
    const [carer] = row.carerUserId ? await inTx.people([row.carerUserId]) : [];
    if (carer && (await wantsTimesheetEmails(tx, carer.id))) {
      await enqueueEmail(
        tx,
        timesheetApprovedEmail(
          carer.email,
          carer.firstName,
          weekInWords(row.weekStart),
          referenceOf('invoice', invoice.number),
          formatPence(invoice.totalPence),
          approvedBy === null,
          invoiceLink(publicUrl, invoice.id),
        ),
      );
    }
    return row.customerId ? { invoiceId: invoice.id, familyUserId: row.customerId } : null;
  }

  /**
   * Makes the timesheets of weeks that are over for visits that happened, and puts visits recorded
   * late on their week's timesheet while it is still the carer's to change. Safe to run at once
   * from several places: one timesheet per arrangement and week, one line per visit.
   */
  async function generate(filter: { carerUserId?: string; customerId?: string } = {}): Promise<number> {
    const at = now();
    const thisMonday = mondayAt(at);
    const { from, to } = roundWindow(at);
    const lastEnded = addDays(thisMonday, -7);
    const unbilledIn = async (executor: Executor) => {
      const visits = await createTimesheetSource(executor).recordedVisits(from, to, filter);
      const billed = await createInvoicingRepository(executor).billedVisitIds(visits.map((v) => v.visitId));
      return visits.filter((visit) => !billed.has(visit.visitId));
    };
    // Most rounds (and most lists) find every visit already on a line: a plain read answers them,
    // without a transaction; one is opened, and the read made again in it, only when there is work.
    if ((await unbilledIn(db)).length === 0) return 0;
    return db.transaction(async (tx) => {
      const source = createTimesheetSource(tx);
      const inTx = createInvoicingRepository(tx);
      const unbilled = await unbilledIn(tx);
      if (unbilled.length === 0) return 0;
      const arrangements = new Map<string, BilledArrangement>(
        (await source.arrangements([...new Set(unbilled.map((visit) => visit.arrangementId))])).map((a) => [
          a.id,
          a,
        ]),
      );
      const groups = new Map<string, RecordedVisit[]>();
      for (const visit of unbilled) {
        const key = `${visit.arrangementId}|${mondayOf(ukDate(visit.startsAt))}`;
        groups.set(key, [...(groups.get(key) ?? []), visit]);
      }
      let added = 0;
      // In one order everywhere: each timesheet is locked below, so a submit waits for its lines.
      for (const [key, group] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1))) {
        const [arrangementId, weekStart] = key.split('|') as [string, string];
        const arrangement = arrangements.get(arrangementId);
        if (!arrangement?.carerUserId || !arrangement.customerId) continue;
        const timesheet = await inTx.ensureTimesheet(
          {
            arrangementId,
            weekStart,
            carerUserId: arrangement.carerUserId,
            customerId: arrangement.customerId,
          },
          true,
        );
        const rate = ratePenceOf(arrangement.hourlyRate);
        if (EDITABLE.has(timesheet.status)) {
          await inTx.insertLines(group.map((visit) => visitLine(timesheet.id, visit, rate)));
          added += group.length;
          continue;
        }
        // A submitted or approved week is what the family saw and never changes: a visit recorded
        // later is carried to the last ended week's timesheet while that one is the carer's, or
        // waits for the next week's (a later round) when it is not.
        if (weekStart >= lastEnded) continue;
        const later = await inTx.ensureTimesheet(
          {
            arrangementId,
            weekStart: lastEnded,
            carerUserId: arrangement.carerUserId,
            customerId: arrangement.customerId,
          },
          true,
        );
        if (!EDITABLE.has(later.status)) continue;
        await inTx.insertLines(group.map((visit) => visitLine(later.id, visit, rate, true)));
        added += group.length;
      }
      return added;
    });
  }

  return {
    generate,

    /**
     * GET /api/timesheets: the caller's, as the carer or the family side, in one statement that
     * also says whether the round has work for their own weeks; only then is it run (it opens a
     * transaction) and the list read again.
     */
    async list(user: UserRow): Promise<TimesheetList> {
      const side = user.role === 'carer' || user.role === 'customer' ? user.role : undefined;
      const at = now();
      const values = { user: user.id, ...roundWindow(at) };
      const read = reads[side ?? 'staff'];
      let views = await read.execute(values);
      // An empty list has no row to carry `due`: the round's own read decides.
      if (side && (views.length === 0 || views[0]!.due)) {
        const made = await generate(side === 'carer' ? { carerUserId: user.id } : { customerId: user.id });
        if (made > 0) views = await read.execute(values);
      }
      return { items: views.filter((view) => view.viewer).map((view) => present(view, user.id, at)) };
    },

    get: (user: UserRow, id: string): Promise<Timesheet> => readOne(db, user, id),

    addLine: (user: UserRow, id: string, input: AddedLineInput) =>
      onTimesheet(user, id, async ({ inTx, row, viewer, at }) => {
        carerMayEdit(row, viewer);
        if ((await inTx.addedLineCount(row.id)) >= ADDED_LINES_MAX) {
          throw AppError.conflict(INVOICING_MESSAGES.tooManyLines);
        }
        await inTx.insertLines([{ timesheetId: row.id, ...(await addedValues(inTx, row, input)) }]);
        await inTx.updateTimesheet(row.id, { updatedAt: at });
      }),

    async updateLine(user: UserRow, lineId: string, input: LineUpdateInput): Promise<Timesheet> {
      const line = isUuid(lineId) ? await repository.line(lineId) : undefined;
      if (!line) throw AppError.notFound(INVOICING_MESSAGES.lineNotFound);
      return onTimesheet(user, line.timesheetId, async ({ inTx, row, viewer, at }) => {
        carerMayEdit(row, viewer);
        const current = (await inTx.line(lineId))!;
        if (input.kind === 'visit') {
          if (current.kind !== 'visit') throw AppError.badRequest(INVOICING_MESSAGES.addedLineKind);
          const startsAt = ukInstant(current.date, input.start);
          let endsAt = ukInstant(current.date, input.end);
          // An end at or before the start is the next morning (a night's care).
          if (input.end <= input.start) endsAt = ukInstant(addDays(current.date, 1), input.end);
          const minutes = Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000);
          if (minutes <= 0)
            throw AppError.badRequest(INVOICING_MESSAGES.endBeforeStart, {
              end: INVOICING_MESSAGES.endBeforeStart,
            });
          if (minutes > RECORDED_VISIT_MAX_HOURS * 60) {
            throw AppError.badRequest(INVOICING_MESSAGES.visitTooLong, {
              end: INVOICING_MESSAGES.visitTooLong,
            });
          }
          await inTx.updateLine(lineId, {
            startsAt,
            endsAt,
            minutes,
            amountPence: visitAmount(minutes, current.ratePence ?? 0),
            excluded: false,
          });
        } else {
          if (current.kind !== input.kind) throw AppError.badRequest(INVOICING_MESSAGES.visitLineKind);
          await inTx.updateLine(lineId, await addedValues(inTx, row, input));
        }
        await inTx.updateTimesheet(row.id, { updatedAt: at });
      });
    },

    async deleteLine(user: UserRow, lineId: string): Promise<Timesheet> {
      const line = isUuid(lineId) ? await repository.line(lineId) : undefined;
      if (!line) throw AppError.notFound(INVOICING_MESSAGES.lineNotFound);
      return onTimesheet(user, line.timesheetId, async ({ inTx, row, viewer, at }) => {
        carerMayEdit(row, viewer);
        // A visit line stays, taken off, so the visit is not put back on by the next round.
        if (line.kind === 'visit') await inTx.updateLine(lineId, { excluded: true });
        else await inTx.deleteLine(lineId);
        await inTx.updateTimesheet(row.id, { updatedAt: at });
      });
    },

    submit: (user: UserRow, id: string) =>
      onTimesheet(user, id, async ({ tx, inTx, row, viewer, at }) => {
        carerMayEdit(row, viewer);
        if (!weekIsOver(row.weekStart, at)) throw AppError.conflict(INVOICING_MESSAGES.weekNotOver);
        const lines = (await inTx.linesOf([row.id])).filter((line) => !line.excluded);
        if (lines.length === 0) throw AppError.conflict(INVOICING_MESSAGES.nothingToSubmit);
        await inTx.clearQueries(row.id);
        await inTx.updateTimesheet(row.id, {
          status: 'submitted',
          submittedAt: at,
          reminderSentAt: null,
          updatedAt: at,
        });
        const [arrangement] = await createTimesheetSource(tx).arrangements([row.arrangementId]);
        const carerName = arrangement
          ? shortName(arrangement.carerFirstName, arrangement.carerLastName)
          : DELETED_USER_NAME;
        const total = formatPence(lines.reduce((sum, line) => sum + line.amountPence, 0));
        const autoOn = whenInWords(new Date(at.getTime() + AUTO_APPROVE_HOURS * HOUR_MS));
        for (const person of await familyActors(tx, row.customerId)) {
          if (!(await wantsTimesheetEmails(tx, person.id))) continue;
          await enqueueEmail(
            tx,
            timesheetSubmittedEmail(
              person.email,
              person.firstName,
              carerName,
              weekInWords(row.weekStart),
              total,
              autoOn,
              link(row.id),
            ),
          );
        }
      }),

    async approve(user: UserRow, id: string) {
      let issued: IssuedInvoice | null = null;
      const answer = await onTimesheet(user, id, async ({ tx, row, viewer, at }) => {
        if (!actsForFamily(viewer)) throw AppError.forbidden(INVOICING_MESSAGES.onlyArrange);
        if (row.status === 'approved') throw AppError.conflict(INVOICING_MESSAGES.alreadyApproved);
        if (row.status !== 'submitted') throw AppError.conflict(INVOICING_MESSAGES.notSubmitted);
        issued = await approveIn(tx, row, user.id, at);
      });
      if (issued) invoicesIssued([issued]);
      return answer;
    },

    /** The composition root's listener for issued invoices (card payments' auto-pay). */
    onInvoicesIssued(listener: (issued: IssuedInvoice[]) => void) {
      invoicesIssued = listener;
    },

    query: (user: UserRow, id: string, input: QueryInput) =>
      onTimesheet(user, id, async ({ tx, inTx, row, viewer, at }) => {
        if (!actsForFamily(viewer)) throw AppError.forbidden(INVOICING_MESSAGES.onlyArrange);
        if (row.status !== 'submitted') throw AppError.conflict(INVOICING_MESSAGES.notSubmitted);
        const line = await inTx.line(input.lineId);
        if (!line || line.timesheetId !== row.id) {
          throw AppError.badRequest(INVOICING_MESSAGES.lineNotFound, {
            lineId: INVOICING_MESSAGES.lineNotFound,
          });
        }
        await inTx.updateLine(line.id, { queryReason: input.reason, queriedAt: at, queriedBy: user.id });
        await inTx.updateTimesheet(row.id, { status: 'queried', reminderSentAt: null, updatedAt: at });
        const [carer] = row.carerUserId ? await inTx.people([row.carerUserId]) : [];
        if (carer && (await wantsTimesheetEmails(tx, carer.id))) {
          const [arrangement] = await createTimesheetSource(tx).arrangements([row.arrangementId]);
          const familyName = arrangement?.customerId
            ? shortName(arrangement.customerFirstName, arrangement.customerLastName)
            : DELETED_USER_NAME;
          await enqueueEmail(
            tx,
            timesheetQueriedEmail(
              carer.email,
              carer.firstName,
              familyName,
              weekInWords(row.weekStart),
              input.reason,
              link(row.id),
            ),
          );
        }
      }),

    /**
     * Housekeeping: the email 24 hours before, then approval 72 hours after submission of any
     * timesheet nobody answered. Each reminder is claimed by one update; each approval locks its
     * timesheet (skipping those another round holds), so two rounds at once never act twice.
     */
    async autoApprove(): Promise<{ reminded: number; approved: number }> {
      const at = now();
      const result = await db.transaction(async (tx) => {
        const inTx = createInvoicingRepository(tx);
        const reminderDue = new Date(
          at.getTime() - (AUTO_APPROVE_HOURS - AUTO_APPROVE_REMINDER_HOURS) * HOUR_MS,
        );
        const reminded = await inTx.claimReminders(reminderDue, at);
        const names = new Map(
          (
            await createTimesheetSource(tx).arrangements([
              ...new Set(reminded.map((row) => row.arrangementId)),
            ])
          ).map((a) => [
            a.id,
            a.carerUserId ? shortName(a.carerFirstName, a.carerLastName) : DELETED_USER_NAME,
          ]),
        );
        for (const row of reminded) {
          // Always sent, whatever the timesheet setting: the last word before the family owes it.
          const autoOn = whenInWords(autoApproveAtOf(row)!);
          for (const person of await familyActors(tx, row.customerId)) {
            await enqueueEmail(
              tx,
              autoApprovalReminderEmail(
                person.email,
                person.firstName,
                names.get(row.arrangementId) ?? DELETED_USER_NAME,
                weekInWords(row.weekStart),
                autoOn,
                link(row.id),
              ),
            );
          }
        }
        const due = await inTx.dueForAutoApproval(new Date(at.getTime() - AUTO_APPROVE_HOURS * HOUR_MS));
        const issued: IssuedInvoice[] = [];
        for (const row of due) {
          const invoice = await approveIn(tx, row, null, at);
          if (invoice) issued.push(invoice);
        }
        return { reminded: reminded.length, approved: due.length, issued };
      });
      if (result.reminded + result.approved > 0) mailer.dispatchSoon();
      if (result.issued.length > 0) invoicesIssued(result.issued);
      return { reminded: result.reminded, approved: result.approved };
    },
  };
}
export type TimesheetsService = ReturnType<typeof createTimesheetsService>;
