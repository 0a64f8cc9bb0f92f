import {
  formatMinutes,
  formatPence,
  type BankDetails,
  type Invoice,
  type InvoiceLine,
} from '@contracts/invoicing';
import type { InvoiceRow, InvoicingSettingsRow, TimesheetLineRow } from '../../db/schema';
import { ukTime } from '../../platform/uk-time';
import { actsForFamily, type Viewer } from './access';

/** 'INV-0007', 'CN-0002': the number as printed, in the carer's own sequence of its kind. */
export const referenceOf = (kind: string, number: number): string =>
  `${kind === 'invoice' ? 'INV' : 'CN'}-${String(number).padStart(4, '0')}`;

/** '12.5' from tenths of a mile. */
export const milesOf = (tenths: number): string =>
  tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);

/** The billed lines of a timesheet as the invoice prints them (copied in, never changed after). */
export function invoiceLinesOf(lines: TimesheetLineRow[]): InvoiceLine[] {
  return lines
    .filter((line) => !line.excluded)
    .map((line): InvoiceLine => {
      if (line.kind === 'visit') {
        return {
          date: line.date,
          description: `Care visit ${ukTime(line.startsAt!)}–${ukTime(line.endsAt!)}${line.recordedAfterwards ? ' (times recorded afterwards)' : ''}${line.carriedOver ? ' (from an earlier week, recorded after it was submitted)' : ''}`,
          quantity: formatMinutes(line.minutes ?? 0),
          rate: `${formatPence(line.ratePence ?? 0)} an hour`,
          amountPence: line.amountPence,
        };
      }
      if (line.kind === 'mileage') {
        return {
          date: line.date,
          description: line.note ? `Mileage: ${line.note}` : 'Mileage',
          quantity: `${milesOf(line.tenthMiles ?? 0)} miles`,
          rate: `${line.ratePence ?? 0}p a mile`,
          amountPence: line.amountPence,
        };
      }
      return {
        date: line.date,
        description: `Expense: ${line.note}`,
        quantity: '1',
        rate: '',
        amountPence: line.amountPence,
      };
    });
}

/** Bank details complete enough to pay into, else null. */
export function bankDetailsOf(
  settings: Pick<InvoicingSettingsRow, 'bankAccountName' | 'bankSortCode' | 'bankAccountNumber'> | undefined,
): BankDetails | null {
  if (!settings?.bankAccountName || !settings.bankSortCode || !settings.bankAccountNumber) return null;
  const code = settings.bankSortCode;
  return {
    accountName: settings.bankAccountName,
    sortCode: `${code.slice(0, 2)}-${code.slice(2, 4)}-${code.slice(4, 6)}`,
    accountNumber: settings.bankAccountNumber,
  };
}

/** What is left to pay on an invoice: nothing once paid (refunded or not) or credited in full. */
export function amountDueOf(row: InvoiceRow, creditedPence: number): number {
  if (row.kind !== 'invoice' || (row.status !== 'open' && row.status !== 'marked_paid')) return 0;
  return Math.max(0, row.totalPence - creditedPence);
}

/** An invoice or credit note as `viewer` reads it. */
export function toInvoice(
  row: InvoiceRow,
  viewer: Viewer,
  context: {
    creditNotes: Array<Pick<InvoiceRow, 'id' | 'kind' | 'number' | 'totalPence'>>;
    creditFor: Pick<InvoiceRow, 'id' | 'number'> | undefined;
    carerSettings: Parameters<typeof bankDetailsOf>[0];
  },
): Invoice {
  const creditedPence = context.creditNotes.reduce((sum, note) => sum + note.totalPence, 0);
  const amountDuePence = amountDueOf(row, creditedPence);
  const isInvoice = row.kind === 'invoice';
  const family = actsForFamily(viewer);
  const payable = isInvoice && !row.frozenAt && amountDuePence > 0;
  return {
    id: row.id,
    kind: row.kind as Invoice['kind'],
    number: row.number,
    reference: referenceOf(row.kind, row.number),
    issuedAt: row.issuedAt.toISOString(),
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    seller: { name: row.sellerName, address: row.sellerAddress, vatNumber: row.vatNumber || null },
    buyer: { name: row.buyerName, address: row.buyerAddress },
    lines: row.lines as InvoiceLine[],
    totalPence: row.totalPence,
    creditedPence,
    amountDuePence,
    status: row.status as Invoice['status'],
    frozen: row.frozenAt !== null,
    paidMethod: (row.paidMethod as Invoice['paidMethod']) ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    refundedPence: row.refundedPence,
    chargedBackPence: row.chargedBackPence,
    markedPaidAt: row.markedPaidAt?.toISOString() ?? null,
    markedPaidReference: row.markedPaidReference,
    reason: row.reason,
    creditFor: context.creditFor
      ? { id: context.creditFor.id, reference: referenceOf('invoice', context.creditFor.number) }
      : null,
    creditNotes: context.creditNotes.map((note) => ({
      id: note.id,
      reference: referenceOf(note.kind, note.number),
      totalPence: note.totalPence,
    })),
    timesheetId: row.timesheetId,
    // Only to those who may pay, and only while there is something to pay (decision 0038).
    bankDetails:
      family && payable && (row.status === 'open' || row.status === 'marked_paid')
        ? bankDetailsOf(context.carerSettings)
        : null,
    viewerRole: viewer,
    mayMarkPaid: family && payable && row.status === 'open',
    mayConfirmPaid: viewer === 'carer' && isInvoice && !row.frozenAt && row.status === 'marked_paid',
    mayCredit: viewer === 'carer' && isInvoice && !row.frozenAt && row.totalPence - creditedPence > 0,
  };
}
