import { z } from 'zod';
import { dateFormat } from './date-format';

// The records people need about money for care: the carer's earnings and tax-year summary, the
// family's monthly statement per carer (the pack a council's direct-payments team asks for), and
// the admins' payments, fees and payouts overview. Amounts are integer pence.

/** 'YYYY-MM', a calendar month in the UK. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const MonthText = z.string().regex(MONTH_PATTERN, { error: 'Choose a month.' });

/** The UK tax year that starts on 6 April of `startYear`: '2026-27'. */
export const taxYearLabel = (startYear: number) =>
  `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;

/** The tax year (its starting calendar year) a UK date 'YYYY-MM-DD' falls in: 6 April starts one. */
export function taxYearOf(date: string): number {
  const year = Number(date.slice(0, 4));
  return date.slice(5) >= '04-06' ? year : year - 1;
}

export const EarningsQuery = z.object({
  /** The calendar year the tax year starts in (6 April); the current one when left out. */
  taxYear: z.coerce.number().int().min(2000).max(2100).optional(),
});
export type EarningsQuery = z.infer<typeof EarningsQuery>;

export const PAID_BY = ['card', 'bank_transfer'] as const;
export type PaidBy = (typeof PAID_BY)[number];
export const PAID_BY_LABELS: Record<PaidBy, string> = {
  card: 'Card through CareMatch',
  bank_transfer: 'Bank transfer',
};

/** One payment the carer received: an invoice paid (cash basis: counted when paid). */
export const EarningsRow = z.object({
  invoiceId: z.string(),
  /** 'YYYY-MM-DD', the UK date it was paid. */
  paidOn: z.string(),
  familyName: z.string(),
  invoiceNumber: z.string(),
  /** What the family paid, less any refund. */
  grossPence: z.number().int(),
  /** CareMatch's fee on a card payment (none on a bank transfer). */
  feePence: z.number().int(),
  netPence: z.number().int(),
  paidBy: z.enum(PAID_BY),
});
export type EarningsRow = z.infer<typeof EarningsRow>;

export const Payout = z.object({
  /** 'YYYY-MM-DD': when it reaches (or reached) the bank. */
  arrivalOn: z.string(),
  amountPence: z.number().int(),
  status: z.enum(['in_transit', 'paid', 'failed']),
});
export type Payout = z.infer<typeof Payout>;

export const Totals = z.object({
  grossPence: z.number().int(),
  feePence: z.number().int(),
  netPence: z.number().int(),
});
export type Totals = z.infer<typeof Totals>;

export const Earnings = z.object({
  taxYear: z.object({ startYear: z.number().int(), label: z.string(), from: z.string(), to: z.string() }),
  /** Tax years with anything paid, newest first (always the current one). */
  taxYears: z.array(z.number().int()),
  thisMonth: z.object({ month: z.string(), ...Totals.shape }),
  /** Issued invoices not yet paid (what is left of each after credit notes). */
  awaitingPayment: z.object({ count: z.number().int(), amountPence: z.number().int() }),
  /** The tax year's payments and their totals. */
  totals: Totals,
  rows: z.array(EarningsRow),
  payouts: z.array(Payout),
  payoutsPence: z.number().int(),
});
export type Earnings = z.infer<typeof Earnings>;

export const StatementParams = z.object({ arrangementId: z.string().max(64) });
export const StatementQuery = z.object({ month: MonthText });
export type StatementQuery = z.infer<typeof StatementQuery>;

export const CEST_REFERENCE_MAX = 100;
export const StatementReferenceInput = z.object({
  cestReference: z
    .string()
    .trim()
    .max(CEST_REFERENCE_MAX, { error: `Use at most ${CEST_REFERENCE_MAX} characters.` }),
});
export type StatementReferenceInput = z.infer<typeof StatementReferenceInput>;
export type StatementReferenceFormValues = z.input<typeof StatementReferenceInput>;

export const StatementVisit = z.object({
  date: z.string(),
  /** 'HH:MM–HH:MM', as agreed. */
  agreed: z.string(),
  /** 'HH:MM–HH:MM' as recorded, or null when it did not happen. */
  happened: z.string().nullable(),
  /** In words: 'Happened', 'Recorded afterwards', 'Cancelled', 'Covered by a backup carer', 'Not recorded', 'Still to come'. */
  outcome: z.string(),
});

export const StatementInvoice = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  issuedOn: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  totalPence: z.number().int(),
  status: z.string(),
});

export const StatementPayment = z.object({
  invoiceNumber: z.string(),
  paidOn: z.string(),
  amountPence: z.number().int(),
  paidBy: z.enum(PAID_BY),
  reference: z.string(),
});

export const StatementCheck = z.object({
  /** 'DBS check (Enhanced)', 'Right to work', 'Public liability insurance'. */
  check: z.string(),
  /** What was checked, in words. */
  detail: z.string(),
  /** 'YYYY-MM-DD' the check was approved, or null. */
  checkedOn: z.string().nullable(),
  /** 'YYYY-MM-DD' it runs out, or null when it does not. */
  expiresOn: z.string().nullable(),
});

export const Statement = z.object({
  month: z.string(),
  /** 'November 2026'. */
  monthLabel: z.string(),
  carerName: z.string(),
  familyName: z.string(),
  careFor: z.string(),
  cestReference: z.string(),
  /** The holder and "can arrange" members may set the reference. */
  canEditReference: z.boolean(),
  visits: z.object({
    agreed: z.number().int(),
    happened: z.number().int(),
    cancelled: z.number().int(),
    covered: z.number().int(),
    list: z.array(StatementVisit),
  }),
  invoices: z.array(StatementInvoice),
  payments: z.array(StatementPayment),
  paidPence: z.number().int(),
  checks: z.array(StatementCheck),
});
export type Statement = z.infer<typeof Statement>;

// ── admin ─────────────────────────────────────────────────────────────────────────────────────
export const AdminMoneyQuery = z.object({ month: MonthText });
export type AdminMoneyQuery = z.infer<typeof AdminMoneyQuery>;

export const AdminCardPayment = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  carerName: z.string().nullable(),
  familyName: z.string().nullable(),
  paidAt: z.string(),
  amountPence: z.number().int(),
  feePence: z.number().int(),
  refundedPence: z.number().int(),
});
export type AdminCardPayment = z.infer<typeof AdminCardPayment>;

export const AdminPayout = z.object({
  id: z.string(),
  carerName: z.string().nullable(),
  arrivalOn: z.string(),
  amountPence: z.number().int(),
  status: z.enum(['in_transit', 'paid', 'failed']),
});

export const AdminMoneyOverview = z.object({
  month: z.string(),
  totals: z.object({
    payments: z.number().int(),
    amountPence: z.number().int(),
    feePence: z.number().int(),
    refundedPence: z.number().int(),
    payoutsPence: z.number().int(),
  }),
  payments: z.array(AdminCardPayment),
  payouts: z.array(AdminPayout),
  /** Card payments with money given back (refunds made by the carer in their Stripe dashboard, or a lost dispute). */
  refunds: z.array(AdminCardPayment),
});
export type AdminMoneyOverview = z.infer<typeof AdminMoneyOverview>;

export const DISPUTE_NOTE_MAX = 500;
export const DisputeHandledInput = z.object({
  note: z
    .string()
    .trim()
    .min(1, { error: 'Say what was done.' })
    .max(DISPUTE_NOTE_MAX, { error: `Use at most ${DISPUTE_NOTE_MAX} characters.` }),
});
export type DisputeHandledInput = z.infer<typeof DisputeHandledInput>;
export type DisputeHandledFormValues = z.input<typeof DisputeHandledInput>;

export const RECORDS_MESSAGES = {
  onlyCarers: 'Only carers have earnings.',
  statementNotFound: 'This statement was not found.',
  onlyHolderOrArrange: 'Only the account holder or someone who can arrange care can change the reference.',
  disputeNotFound: 'This dispute was not found.',
  disputeStillOpen: 'This dispute is still open: the carer answers it in their Stripe dashboard.',
  disputeAlreadyHandled: 'This dispute is already marked handled.',
} as const;

export const RECORDS_TEXT = {
  earningsTitle: 'Earnings',
  statementTitle: 'Monthly statement',
  cestLabel: 'Your employment status (HMRC CEST) reference',
  cestHint:
    'If you checked the carer’s employment status with HMRC’s CEST tool, enter its reference: it is printed on the statement.',
} as const;

/** '2026-03-01' → '1 March 2026' (en-GB). */
const longDay = dateFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
export const dayText = (date: string): string => longDay(new Date(`${date}T12:00:00Z`));

/** '2026-03-01' → '01/03/2026', as UK spreadsheets read a date. */
export const csvDay = (date: string): string => date.split('-').reverse().join('/');

/** '2026-11' → 'November 2026'. */
const longMonth = dateFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
export const monthText = (month: string): string => longMonth(new Date(`${month}-15T12:00:00Z`));
