import {
  INVOICE_RETENTION_YEARS,
  INVOICING_MESSAGES,
  formatPence,
  penceOf,
  type CarerInvoicingSettings,
  type CarerInvoicingSettingsView,
  type CreditNoteInput,
  type FamilyBillingDetails,
  type FamilyBillingDetailsView,
  type Invoice,
  type InvoiceList,
  type MarkPaidInput,
} from '@contracts/invoicing';
import { paths } from '@contracts/paths';
import type { Database, Executor } from '../../db/client';
import type { InvoiceRow, TimesheetLineRow, TimesheetRow, UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { enqueueEmail, type Mailer } from '../../platform/mailer';
import { addDays, longDate, ukDate } from '../../platform/uk-time';
import type { BilledArrangement } from '../arrangements';
import { assertEmailConfirmed } from '../auth';
import { actsForFamily, viewerOf, type Viewer } from './access';
import { invoiceLinesOf, referenceOf, toInvoice, amountDueOf } from './invoice-documents';
import { invoicePdf } from './invoice-pdf';
import { creditNoteEmail, invoiceEmail, markedPaidEmail, paymentConfirmedEmail } from './invoicing-emails';
import { createInvoicingRepository, type InvoicingRepository } from './invoicing.repository';

interface InvoicesDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
}

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ').trim();

/** An invoice's link for its emails. */
export const invoiceLink = (publicUrl: string, id: string) =>
  `${publicUrl}${paths.invoice.replace(':id', encodeURIComponent(id))}`;

/**
 * Issues the invoice of an approved timesheet in the caller's transaction (decision 0038): the next
 * number of the carer's own sequence, the carer's invoicing name and business address, the family's
 * billing name and address and the billed lines copied in, and the email to the family holder.
 */
export async function issueInvoice(
  tx: Executor,
  input: {
    timesheet: TimesheetRow;
    lines: TimesheetLineRow[];
    arrangement: BilledArrangement;
    at: Date;
    publicUrl: string;
  },
): Promise<InvoiceRow> {
  const { timesheet, arrangement, at } = input;
  const repository = createInvoicingRepository(tx);
  const carerUserId = timesheet.carerUserId!;
  const lines = invoiceLinesOf(input.lines);
  const totalPence = lines.reduce((sum, line) => sum + line.amountPence, 0);
  const carer = await repository.settings(carerUserId);
  const family = timesheet.customerId ? await repository.settings(timesheet.customerId) : undefined;
  const [holder] = timesheet.customerId ? await repository.people([timesheet.customerId]) : [];
  const number = await repository.nextNumber(carerUserId, 'invoice');
  const row = await repository.insertInvoice({
    kind: 'invoice',
    carerUserId,
    customerId: timesheet.customerId,
    number,
    timesheetId: timesheet.id,
    arrangementId: timesheet.arrangementId,
    issuedAt: at,
    periodStart: timesheet.weekStart,
    periodEnd: addDays(timesheet.weekStart, 6),
    sellerName: carer?.tradingName || fullName(arrangement.carerFirstName, arrangement.carerLastName),
    sellerAddress: carer?.businessAddress ?? '',
    vatNumber: carer?.vatNumber ?? '',
    buyerName:
      family?.billingName ||
      fullName(
        holder?.firstName ?? arrangement.customerFirstName,
        holder?.lastName ?? arrangement.customerLastName,
      ),
    buyerAddress: family?.billingAddress ?? '',
    lines,
    totalPence,
    status: totalPence === 0 ? 'paid' : 'open',
  });
  if (holder && !holder.suspendedAt) {
    await enqueueEmail(
      tx,
      invoiceEmail(
        holder.email,
        holder.firstName,
        row.sellerName,
        referenceOf('invoice', number),
        formatPence(totalPence),
        `${longDate(row.periodStart)} to ${longDate(row.periodEnd)}`,
        invoiceLink(input.publicUrl, row.id),
      ),
    );
  }
  return row;
}

/** One row of the invoice reads. */
type InvoiceView = Awaited<ReturnType<ReturnType<InvoicingRepository['invoiceViews']>['execute']>>[number];

/** Invoices and credit notes, their PDF, paying directly, and invoicing details (decision 0038). */
export function createInvoicesService({ db, mailer, publicUrl, now = () => new Date() }: InvoicesDeps) {
  const repository = createInvoicingRepository(db);

  // The pages' reads, built once and named: PostgreSQL plans each once per connection (planning
  // them cost more than running them), and a request only fills in the placeholders.
  const reads = {
    list: repository.invoiceViews('list').prepare('invoicing_invoice_list'),
    one: repository.invoiceViews('one').prepare('invoicing_invoice'),
  };

  /** An invoice as its reader reads it, from one row of the invoice reads (invoiceViews). */
  const present = (view: InvoiceView): Invoice => {
    const viewer = view.viewer!;
    return toInvoice(view.invoice, viewer, {
      creditNotes: view.creditNotes,
      creditFor:
        view.invoice.creditFor && view.creditForNumber !== null
          ? { id: view.invoice.creditFor, number: view.creditForNumber }
          : undefined,
      carerSettings: actsForFamily(viewer) ? (view.bank ?? undefined) : undefined,
    });
  };

  /** The one invoice `user` may read, in one statement (on `tx` after a change); 404 otherwise. */
  async function readOne(executor: Executor, user: UserRow, id: string): Promise<Invoice> {
    if (!isUuid(id)) throw AppError.notFound(INVOICING_MESSAGES.invoiceNotFound);
    const values = { user: user.id, id };
    const [view] = await (executor === db
      ? reads.one.execute(values)
      : createInvoicingRepository(executor).invoiceViews('one').execute(values));
    if (!view?.viewer) throw AppError.notFound(INVOICING_MESSAGES.invoiceNotFound);
    return present(view);
  }

  /** The invoice if `user` is on it (404 otherwise), with who they are on it. */
  async function find(executor: Executor, user: UserRow, id: string, lock = false) {
    if (!isUuid(id)) throw AppError.notFound(INVOICING_MESSAGES.invoiceNotFound);
    const row = await createInvoicingRepository(executor).invoice(id, lock);
    const viewer = row ? await viewerOf(executor, row, user.id) : null;
    if (!row || !viewer) throw AppError.notFound(INVOICING_MESSAGES.invoiceNotFound);
    return { row, viewer };
  }

  /** One change to an invoice, in one transaction with it locked; the invoice as it is now is the answer. */
  async function onInvoice(
    user: UserRow,
    id: string,
    apply: (context: { tx: Executor; row: InvoiceRow; viewer: Viewer; at: Date }) => Promise<void>,
  ): Promise<Invoice> {
    assertEmailConfirmed(user);
    const answer = await db.transaction(async (tx) => {
      const { row, viewer } = await find(tx, user, id, true);
      await apply({ tx, row, viewer, at: now() });
      return readOne(tx, user, id);
    });
    mailer.dispatchSoon();
    return answer;
  }

  const personOf = async (executor: Executor, userId: string | null) =>
    userId ? (await createInvoicingRepository(executor).people([userId]))[0] : undefined;

  return {
    /** GET /api/invoices: the caller's, with their extras, in one statement. */
    async list(user: UserRow): Promise<InvoiceList> {
      const views = await reads.list.execute({ user: user.id });
      return { items: views.filter((view) => view.viewer).map(present) };
    },

    get: (user: UserRow, id: string): Promise<Invoice> => readOne(db, user, id),

    /** The PDF both sides download: `{ filename, bytes }`. */
    async pdf(user: UserRow, id: string): Promise<{ filename: string; bytes: Uint8Array }> {
      const { row } = await find(db, user, id);
      const creditFor = row.creditFor ? await repository.invoice(row.creditFor) : undefined;
      const bytes = await invoicePdf(row, creditFor ? referenceOf('invoice', creditFor.number) : null);
      return { filename: `${referenceOf(row.kind, row.number)}.pdf`, bytes };
    },

    /** The carer corrects a sent invoice with a credit note (never by editing it). */
    async creditNote(user: UserRow, id: string, input: CreditNoteInput): Promise<Invoice> {
      assertEmailConfirmed(user);
      const answer = await db.transaction(async (tx) => {
        const { row, viewer } = await find(tx, user, id, true);
        if (viewer !== 'carer') throw AppError.forbidden(INVOICING_MESSAGES.onlyCarerCredits);
        if (row.kind !== 'invoice') throw AppError.conflict(INVOICING_MESSAGES.notAnInvoice);
        if (row.frozenAt) throw AppError.conflict(INVOICING_MESSAGES.frozen);
        const inTx = createInvoicingRepository(tx);
        const credited = (await inTx.creditNotesOf([row.id])).reduce((sum, note) => sum + note.totalPence, 0);
        const amount = penceOf(input.amount);
        if (amount > row.totalPence - credited) {
          throw AppError.conflict(INVOICING_MESSAGES.creditTooMuch, {
            amount: INVOICING_MESSAGES.creditTooMuch,
          });
        }
        const at = now();
        const number = await inTx.nextNumber(row.carerUserId!, 'credit_note');
        const invoiceReference = referenceOf('invoice', row.number);
        const note = await inTx.insertInvoice({
          kind: 'credit_note',
          carerUserId: row.carerUserId,
          customerId: row.customerId,
          number,
          timesheetId: row.timesheetId,
          arrangementId: row.arrangementId,
          creditFor: row.id,
          reason: input.reason,
          issuedAt: at,
          periodStart: row.periodStart,
          periodEnd: row.periodEnd,
          sellerName: row.sellerName,
          sellerAddress: row.sellerAddress,
          vatNumber: row.vatNumber,
          buyerName: row.buyerName,
          buyerAddress: row.buyerAddress,
          lines: [
            {
              date: ukDate(at),
              description: `Credit against invoice ${invoiceReference}: ${input.reason}`,
              quantity: '1',
              rate: '',
              amountPence: amount,
            },
          ],
          totalPence: amount,
          status: 'credited',
        });
        // Credited in full before it was paid: nothing is left to pay.
        if (credited + amount === row.totalPence && (row.status === 'open' || row.status === 'marked_paid')) {
          await inTx.updateInvoice(row.id, { status: 'credited' });
        }
        const holder = await personOf(tx, row.customerId);
        if (holder && !holder.suspendedAt) {
          await enqueueEmail(
            tx,
            creditNoteEmail(
              holder.email,
              holder.firstName,
              row.sellerName,
              referenceOf('credit_note', number),
              invoiceReference,
              formatPence(amount),
              invoiceLink(publicUrl, note.id),
            ),
          );
        }
        return readOne(tx, user, note.id);
      });
      mailer.dispatchSoon();
      return answer;
    },

    /** The family says it paid by bank transfer; the carer is asked to confirm. */
    markPaid: (user: UserRow, id: string, input: MarkPaidInput) =>
      onInvoice(user, id, async ({ tx, row, viewer, at }) => {
        if (!actsForFamily(viewer)) throw AppError.forbidden(INVOICING_MESSAGES.onlyHolderOrArrange);
        if (row.kind !== 'invoice') throw AppError.conflict(INVOICING_MESSAGES.notAnInvoice);
        if (row.frozenAt) throw AppError.conflict(INVOICING_MESSAGES.frozen);
        if (row.status === 'paid') throw AppError.conflict(INVOICING_MESSAGES.alreadyPaid);
        if (row.status === 'marked_paid') throw AppError.conflict(INVOICING_MESSAGES.alreadyMarkedPaid);
        if (row.status === 'credited') throw AppError.conflict(INVOICING_MESSAGES.nothingToPay);
        if (row.status !== 'open') throw AppError.conflict(INVOICING_MESSAGES.refunded);
        await createInvoicingRepository(tx).updateInvoice(row.id, {
          status: 'marked_paid',
          markedPaidAt: at,
          markedPaidBy: user.id,
          markedPaidReference: input.reference || null,
        });
        const carer = await personOf(tx, row.carerUserId);
        if (carer) {
          const credited = (await createInvoicingRepository(tx).creditNotesOf([row.id])).reduce(
            (sum, note) => sum + note.totalPence,
            0,
          );
          await enqueueEmail(
            tx,
            markedPaidEmail(
              carer.email,
              carer.firstName,
              row.buyerName,
              referenceOf('invoice', row.number),
              formatPence(amountDueOf(row, credited)),
              invoiceLink(publicUrl, row.id),
            ),
          );
        }
      }),

    /** The carer confirms the transfer arrived: paid. */
    confirmPaid: (user: UserRow, id: string) =>
      onInvoice(user, id, async ({ tx, row, viewer, at }) => {
        if (viewer !== 'carer') throw AppError.forbidden(INVOICING_MESSAGES.onlyCarerCredits);
        if (row.frozenAt) throw AppError.conflict(INVOICING_MESSAGES.frozen);
        if (row.status === 'paid') throw AppError.conflict(INVOICING_MESSAGES.alreadyPaid);
        if (row.status !== 'marked_paid') throw AppError.conflict(INVOICING_MESSAGES.notMarkedPaid);
        await createInvoicingRepository(tx).updateInvoice(row.id, {
          status: 'paid',
          paidMethod: 'bank_transfer',
          paidReference: row.markedPaidReference,
          paidAt: at,
        });
        const holder = await personOf(tx, row.customerId);
        if (holder && !holder.suspendedAt) {
          await enqueueEmail(
            tx,
            paymentConfirmedEmail(
              holder.email,
              holder.firstName,
              row.sellerName,
              referenceOf('invoice', row.number),
              invoiceLink(publicUrl, row.id),
            ),
          );
        }
      }),

    async carerSettings(user: UserRow): Promise<CarerInvoicingSettingsView> {
      if (user.role !== 'carer') throw AppError.forbidden(INVOICING_MESSAGES.onlyCarers);
      const row = await repository.settings(user.id);
      return {
        tradingName: row?.tradingName ?? '',
        businessAddress: row?.businessAddress ?? '',
        vatNumber: row?.vatNumber ?? '',
        bankAccountName: row?.bankAccountName ?? '',
        bankSortCode: row?.bankSortCode ?? '',
        bankAccountNumber: row?.bankAccountNumber ?? '',
        mileageRatePence: row?.mileageRatePence ?? 45,
      };
    },

    async saveCarerSettings(
      user: UserRow,
      input: CarerInvoicingSettings,
    ): Promise<CarerInvoicingSettingsView> {
      if (user.role !== 'carer') throw AppError.forbidden(INVOICING_MESSAGES.onlyCarers);
      assertEmailConfirmed(user);
      await repository.saveSettings(user.id, { ...input, updatedAt: now() });
      return this.carerSettings(user);
    },

    async billing(user: UserRow): Promise<FamilyBillingDetailsView> {
      if (user.role !== 'customer') throw AppError.forbidden(INVOICING_MESSAGES.onlyFamilies);
      const row = await repository.settings(user.id);
      return { billingName: row?.billingName ?? '', billingAddress: row?.billingAddress ?? '' };
    },

    async saveBilling(user: UserRow, input: FamilyBillingDetails): Promise<FamilyBillingDetailsView> {
      if (user.role !== 'customer') throw AppError.forbidden(INVOICING_MESSAGES.onlyFamilies);
      assertEmailConfirmed(user);
      await repository.saveSettings(user.id, { ...input, updatedAt: now() });
      return this.billing(user);
    },

    /** Housekeeping: invoices issued, and timesheets whose week began, over six years ago go. */
    async deleteExpired(): Promise<number> {
      const before = now();
      before.setUTCFullYear(before.getUTCFullYear() - INVOICE_RETENTION_YEARS);
      return repository.deleteIssuedBefore(before, ukDate(before));
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
