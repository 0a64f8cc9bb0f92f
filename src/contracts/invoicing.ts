import { z } from 'zod';
import { multiLine, oneLine } from './text';
import { formatCount } from './limits';

// Timesheets and invoices (decision 0038). Each week an arrangement's visits that happened become a
// timesheet the carer submits and the family approves (or queries a line of); an approved timesheet
// becomes the carer's invoice to the family, numbered in the carer's own sequence. Money is integer
// pence in every answer; people type pounds ('12.50').

/** A submitted timesheet nobody answered is approved this long after it was submitted… */
export const AUTO_APPROVE_HOURS = 72;
/** …and the family is reminded by email this long before. */
export const AUTO_APPROVE_REMINDER_HOURS = 24;
/** Invoices and timesheets are kept this long after they were issued (HMRC, councils' audits). */
export const INVOICE_RETENTION_YEARS = 6;
/** Lines a carer may add to one timesheet (mileage, expenses). */
export const ADDED_LINES_MAX = 30;
export const LINE_NOTE_MAX = 200;
export const QUERY_REASON_MAX = 500;
export const ADDRESS_MAX = 300;
export const NAME_MAX = 120;
export const MILES_MAX = 1000;
export const EXPENSE_MAX_POUNDS = 1000;
export const MILEAGE_RATE_MAX_PENCE = 1000;
export const PAID_REFERENCE_MAX = 100;

export const TIMESHEET_STATUSES = ['draft', 'submitted', 'queried', 'approved'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];
/** refunded / partly_refunded: a card payment went back to the family (refund or lost dispute). */
export const INVOICE_STATUSES = [
  'open',
  'marked_paid',
  'paid',
  'credited',
  'partly_refunded',
  'refunded',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** How an invoice's status reads, on its pages and in the carer's records. */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'To pay',
  marked_paid: 'Paid by transfer, to confirm',
  paid: 'Paid',
  credited: 'Credited',
  partly_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

export const INVOICING_MESSAGES = {
  timesheetNotFound: 'Timesheet not found.',
  lineNotFound: 'Line not found.',
  invoiceNotFound: 'Invoice not found.',
  onlyCarer: 'Only the carer changes and submits their timesheet.',
  onlyArrange: 'Only the account holder or someone who can arrange can do this.',
  onlyHolderOrArrange:
    'Only the family (the account holder or someone who can arrange) can mark an invoice paid.',
  onlyCarerCredits: 'Only the carer who issued the invoice can issue a credit note or confirm a payment.',
  notEditable: 'This timesheet has been submitted: it can be changed only if the family queries it.',
  notSubmitted: 'This timesheet is not waiting for approval.',
  weekNotOver: 'A timesheet is submitted once its week is over.',
  nothingToSubmit: 'There is nothing on this timesheet to submit.',
  alreadyApproved: 'This timesheet has already been approved.',
  tooManyLines: `A timesheet can have at most ${ADDED_LINES_MAX} added lines.`,
  visitLineKind: 'A visit line is changed by its times.',
  addedLineKind: 'Only mileage and expenses can be added.',
  visitLineNotDeleted: 'A visit line is taken off, not deleted: it stays so the visit is not added again.',
  dateOutsideWeek: 'Choose a date in the timesheet’s week.',
  dateFormat: 'Enter a date as YYYY-MM-DD',
  timeFormat: 'Enter a time as HH:MM',
  endBeforeStart: 'The end must be after the start.',
  visitTooLong: 'A visit on a timesheet lasts at most 16 hours.',
  milesFormat: `Enter the miles as a number up to ${MILES_MAX}, with at most one decimal place`,
  mileageRateFormat: `Enter pence per mile, 0 to ${MILEAGE_RATE_MAX_PENCE}`,
  amountFormat: `Enter an amount in pounds up to £${EXPENSE_MAX_POUNDS}, like 12.50`,
  amountPositive: 'Enter an amount above £0.00',
  noteRequired: 'Say what the expense was for',
  noteTooLong: `Keep the note to ${LINE_NOTE_MAX} characters`,
  reasonRequired: 'Say what is wrong with this line',
  reasonTooLong: `Keep the reason to ${QUERY_REASON_MAX} characters`,
  lineRequired: 'Choose the line you are querying',
  nameTooLong: `Keep the name to ${NAME_MAX} characters`,
  addressTooLong: `Keep the address to ${ADDRESS_MAX} characters`,
  vatFormat: 'Enter a UK VAT number like GB123456789, or leave it empty',
  sortCodeFormat: 'Enter the sort code as six digits, like 12-34-56',
  accountNumberFormat: 'Enter the account number as eight digits',
  bankIncomplete: 'Enter the account name, sort code and account number together, or none of them',
  referenceTooLong: `Keep the reference to ${PAID_REFERENCE_MAX} characters`,
  creditTooMuch: 'A credit note can be at most what is left on the invoice.',
  creditReasonRequired: 'Say why you are crediting this invoice',
  notAnInvoice: 'A credit note corrects an invoice, not another credit note.',
  alreadyPaid: 'This invoice has been paid.',
  alreadyMarkedPaid: 'This invoice is already marked as paid.',
  nothingToPay: 'Nothing is left to pay on this invoice.',
  refunded: 'The card payment of this invoice went back to the family: it cannot be paid again here.',
  notMarkedPaid: 'The family has not marked this invoice paid.',
  frozen: 'This invoice is on hold while a card payment is disputed.',
  notFrozen: 'This invoice is not on hold.',
  notYours: 'This invoice is not yours to pay.',
  notPayable: 'This invoice cannot be paid now.',
  onlyCarers: 'Only carers have invoicing details.',
  onlyFamilies: 'Only family accounts have billing details.',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const dateField = z
  .string({ error: INVOICING_MESSAGES.dateFormat })
  .regex(DATE, INVOICING_MESSAGES.dateFormat);
const timeField = z
  .string({ error: INVOICING_MESSAGES.timeFormat })
  .regex(TIME, INVOICING_MESSAGES.timeFormat);
const note = (required: boolean) => {
  const base = multiLine(z.string()).trim().max(LINE_NOTE_MAX, INVOICING_MESSAGES.noteTooLong);
  return required ? base.min(1, INVOICING_MESSAGES.noteRequired) : base.default('');
};

/** '12.50' → 1250 pence; a number or string of pounds with at most two decimals. */
export function penceOf(pounds: string): number {
  const [whole, fraction = ''] = pounds.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** 1250 → '£12.50' (a credit shown by the caller with its minus sign). */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  const pounds = formatCount(Math.floor(abs / 100));
  return `${sign}£${pounds}.${String(abs % 100).padStart(2, '0')}`;
}

/** 135 → '2 h 15 min'. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest} min` : `${hours} h ${String(rest).padStart(2, '0')} min`;
}

const pounds = z
  .union([z.string(), z.number()], { error: INVOICING_MESSAGES.amountFormat })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim().replace(/^£/, '')))
  .pipe(
    z
      .string()
      .regex(/^\d{1,4}(\.\d{1,2})?$/, INVOICING_MESSAGES.amountFormat)
      .refine((value) => Number(value) <= EXPENSE_MAX_POUNDS, INVOICING_MESSAGES.amountFormat)
      .refine((value) => Number(value) > 0, INVOICING_MESSAGES.amountPositive),
  );
const miles = z
  .union([z.string(), z.number()], { error: INVOICING_MESSAGES.milesFormat })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .pipe(
    z
      .string()
      .regex(/^\d{1,4}(\.\d)?$/, INVOICING_MESSAGES.milesFormat)
      .refine((value) => Number(value) > 0 && Number(value) <= MILES_MAX, INVOICING_MESSAGES.milesFormat),
  );
const mileageRate = z.coerce
  .number({ error: INVOICING_MESSAGES.mileageRateFormat })
  .int(INVOICING_MESSAGES.mileageRateFormat)
  .min(0, INVOICING_MESSAGES.mileageRateFormat)
  .max(MILEAGE_RATE_MAX_PENCE, INVOICING_MESSAGES.mileageRateFormat);

/** POST /api/timesheets/{id}/lines: mileage (at pence a mile) or an expense with a note. */
export const AddedLineInput = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('mileage'),
      date: dateField,
      miles,
      /** Pence a mile; the carer's usual rate when left out. */
      ratePence: mileageRate.optional(),
      note: note(false),
    }),
    z.object({ kind: z.literal('expense'), date: dateField, amount: pounds, note: note(true) }),
  ],
  { error: INVOICING_MESSAGES.addedLineKind },
);
export type AddedLineInput = z.infer<typeof AddedLineInput>;

/** PUT /api/timesheet-lines/{id}: a visit's corrected times (taking it back on), or an added line again. */
export const LineUpdateInput = z.discriminatedUnion(
  'kind',
  [z.object({ kind: z.literal('visit'), start: timeField, end: timeField }), ...AddedLineInput.options],
  { error: INVOICING_MESSAGES.addedLineKind },
);
export type LineUpdateInput = z.infer<typeof LineUpdateInput>;

/** POST /api/timesheets/{id}/query: the line the family queries and why. */
export const QueryInput = z.object({
  lineId: z.string({ error: INVOICING_MESSAGES.lineRequired }).uuid(INVOICING_MESSAGES.lineRequired),
  reason: multiLine(z.string({ error: INVOICING_MESSAGES.reasonRequired }))
    .trim()
    .min(1, INVOICING_MESSAGES.reasonRequired)
    .max(QUERY_REASON_MAX, INVOICING_MESSAGES.reasonTooLong),
});
export type QueryInput = z.infer<typeof QueryInput>;
export type QueryFormValues = z.input<typeof QueryInput>;

export const TimesheetLine = z.object({
  id: z.string(),
  kind: z.enum(['visit', 'mileage', 'expense']),
  date: z.string(),
  /** UK times of a visit line ('09:00'), else null. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  minutes: z.number().int().nullable(),
  /** Mileage: '12.5'. */
  miles: z.string().nullable(),
  /** Pence an hour (visit) or a mile (mileage). */
  ratePence: z.number().int().nullable(),
  amountPence: z.number().int(),
  note: z.string(),
  /** A visit the carer took off this timesheet (not billed). */
  excluded: z.boolean(),
  recordedAfterwards: z.boolean(),
  /** A visit of an earlier week, recorded after that week's timesheet was submitted. */
  carriedOver: z.boolean(),
  query: z.object({ reason: z.string(), by: z.string(), at: z.string() }).nullable(),
});
export type TimesheetLine = z.infer<typeof TimesheetLine>;

export const Timesheet = z.object({
  id: z.string(),
  arrangementId: z.string(),
  weekStart: z.string(),
  weekEnd: z.string(),
  status: z.enum(TIMESHEET_STATUSES),
  /** 'Grace H.' to the family; the family's name to the carer. */
  carerName: z.string(),
  familyName: z.string(),
  careFor: z.string(),
  hourlyRatePence: z.number().int(),
  totalMinutes: z.number().int(),
  totalPence: z.number().int(),
  submittedAt: z.string().nullable(),
  /** When it will be approved if nobody answers (while submitted). */
  autoApproveAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  autoApproved: z.boolean(),
  invoiceId: z.string().nullable(),
  viewerRole: z.enum(['carer', 'holder', 'can_arrange', 'can_see']),
  mayEdit: z.boolean(),
  maySubmit: z.boolean(),
  mayApprove: z.boolean(),
  lines: z.array(TimesheetLine),
});
export type Timesheet = z.infer<typeof Timesheet>;

export const TimesheetList = z.object({ items: z.array(Timesheet) });
export type TimesheetList = z.infer<typeof TimesheetList>;

export const InvoiceLine = z.object({
  date: z.string(),
  description: z.string(),
  /** '2 h 15 min', '12.5 miles', '1'. */
  quantity: z.string(),
  /** '£18.00 an hour', '45p a mile', ''. */
  rate: z.string(),
  amountPence: z.number().int(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const BankDetails = z.object({
  accountName: z.string(),
  sortCode: z.string(),
  accountNumber: z.string(),
});
export type BankDetails = z.infer<typeof BankDetails>;

export const Invoice = z.object({
  id: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.number().int(),
  /** 'INV-0007' or 'CN-0002'. */
  reference: z.string(),
  issuedAt: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  seller: z.object({ name: z.string(), address: z.string(), vatNumber: z.string().nullable() }),
  buyer: z.object({ name: z.string(), address: z.string() }),
  lines: z.array(InvoiceLine),
  totalPence: z.number().int(),
  /** Credit notes against it so far (an invoice). */
  creditedPence: z.number().int(),
  amountDuePence: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  frozen: z.boolean(),
  paidMethod: z.enum(['card', 'bank_transfer']).nullable(),
  paidAt: z.string().nullable(),
  /** Of a card payment: given back by the carer, and taken back by the bank in lost disputes. */
  refundedPence: z.number().int(),
  chargedBackPence: z.number().int(),
  markedPaidAt: z.string().nullable(),
  markedPaidReference: z.string().nullable(),
  reason: z.string(),
  creditFor: z.object({ id: z.string(), reference: z.string() }).nullable(),
  creditNotes: z.array(z.object({ id: z.string(), reference: z.string(), totalPence: z.number().int() })),
  timesheetId: z.string().nullable(),
  /** The carer's bank details: only to the family members who may pay, only while there is something to pay. */
  bankDetails: BankDetails.nullable(),
  viewerRole: z.enum(['carer', 'holder', 'can_arrange', 'can_see']),
  mayMarkPaid: z.boolean(),
  mayConfirmPaid: z.boolean(),
  mayCredit: z.boolean(),
});
export type Invoice = z.infer<typeof Invoice>;

export const InvoiceList = z.object({ items: z.array(Invoice) });
export type InvoiceList = z.infer<typeof InvoiceList>;

/** POST /api/invoices/{id}/credit-notes. */
export const CreditNoteInput = z.object({
  amount: pounds,
  reason: multiLine(z.string({ error: INVOICING_MESSAGES.creditReasonRequired }))
    .trim()
    .min(1, INVOICING_MESSAGES.creditReasonRequired)
    .max(QUERY_REASON_MAX, INVOICING_MESSAGES.reasonTooLong),
});
export type CreditNoteInput = z.infer<typeof CreditNoteInput>;
export type CreditNoteFormValues = z.input<typeof CreditNoteInput>;

/** POST /api/invoices/{id}/mark-paid: the family paid by bank transfer (a reference optional). */
export const MarkPaidInput = z.object({
  reference: oneLine(z.string().trim().max(PAID_REFERENCE_MAX, INVOICING_MESSAGES.referenceTooLong)).default(
    '',
  ),
});
export type MarkPaidInput = z.infer<typeof MarkPaidInput>;
export type MarkPaidFormValues = z.input<typeof MarkPaidInput>;

const address = multiLine(z.string()).trim().max(ADDRESS_MAX, INVOICING_MESSAGES.addressTooLong).default('');
const name = oneLine(z.string().trim().max(NAME_MAX, INVOICING_MESSAGES.nameTooLong)).default('');

/** GET/PUT /api/invoicing/settings: what the carer's invoices say and where the family pays. */
export const CarerInvoicingSettings = z
  .object({
    /** The name invoices carry; the carer's own name when empty. */
    tradingName: name,
    /** The business address invoices carry; never the home address unless the carer enters it. */
    businessAddress: address,
    vatNumber: oneLine(z.string().trim())
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().regex(/^$|^GB(\d{9}|\d{12})$/, INVOICING_MESSAGES.vatFormat))
      .default(''),
    bankAccountName: name,
    bankSortCode: oneLine(z.string().trim())
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^$|^\d{6}$/, INVOICING_MESSAGES.sortCodeFormat))
      .default(''),
    bankAccountNumber: oneLine(z.string().trim())
      .transform((value) => value.replace(/\s/g, ''))
      .pipe(z.string().regex(/^$|^\d{8}$/, INVOICING_MESSAGES.accountNumberFormat))
      .default(''),
    mileageRatePence: mileageRate.default(45),
  })
  .refine(
    (value) => {
      const filled = [value.bankAccountName, value.bankSortCode, value.bankAccountNumber].filter(Boolean);
      return filled.length === 0 || filled.length === 3;
    },
    { message: INVOICING_MESSAGES.bankIncomplete, path: ['bankAccountName'] },
  );
export type CarerInvoicingSettings = z.infer<typeof CarerInvoicingSettings>;
export type CarerInvoicingSettingsFormValues = z.input<typeof CarerInvoicingSettings>;

/** GET/PUT /api/invoicing/billing: the name and address invoices to the family carry. */
export const FamilyBillingDetails = z.object({
  /** The account holder's name when empty. */
  billingName: name,
  billingAddress: address,
});
export type FamilyBillingDetails = z.infer<typeof FamilyBillingDetails>;
export type FamilyBillingDetailsFormValues = z.input<typeof FamilyBillingDetails>;

/** The carer's invoicing details as the server answers them. */
export const CarerInvoicingSettingsView = z.object({
  tradingName: z.string(),
  businessAddress: z.string(),
  vatNumber: z.string(),
  bankAccountName: z.string(),
  bankSortCode: z.string(),
  bankAccountNumber: z.string(),
  mileageRatePence: z.number().int(),
});
export type CarerInvoicingSettingsView = z.infer<typeof CarerInvoicingSettingsView>;

/** The family's billing details as the server answers them. */
export const FamilyBillingDetailsView = z.object({ billingName: z.string(), billingAddress: z.string() });
export type FamilyBillingDetailsView = z.infer<typeof FamilyBillingDetailsView>;
