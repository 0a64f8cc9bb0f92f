import { z } from 'zod';

// Paying carers by card through CareMatch (Stripe Connect; decision 0039, money for care): the
// carer's connected account, paying an invoice, the family's saved card, and disputes for admins.
// Amounts are integer pence everywhere.

export const CONNECTED_ACCOUNT_STATUSES = ['not_started', 'needs_details', 'pending', 'ready'] as const;
export type ConnectedAccountStatusName = (typeof CONNECTED_ACCOUNT_STATUSES)[number];

/** What the carer dashboard's "Get paid by card" card shows. */
export const CardPaymentsAccount = z.object({
  status: z.enum(CONNECTED_ACCOUNT_STATUSES),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  /** What the payment provider still needs from the carer (its own field names). */
  requirementsDue: z.array(z.string()),
  /** PLATFORM_FEE_PERCENT: the share of each card payment CareMatch keeps (0: none). */
  feePercent: z.number(),
  provider: z.enum(['stripe', 'demo']),
});
export type CardPaymentsAccount = z.infer<typeof CardPaymentsAccount>;

export const OnboardingLink = z.object({ url: z.string() });
export type OnboardingLink = z.infer<typeof OnboardingLink>;

export const INVOICE_CARD_PAYMENT_STATES = [
  /** Nothing started, or the last attempt failed: the family can pay. */
  'unpaid',
  /** Started: the payment form confirms with `clientSecret` (also after the bank asked for authentication). */
  'requires_payment',
  /** The bank is still deciding (some methods take days). */
  'processing',
  'paid',
] as const;

export const SavedCardSummary = z.object({ brand: z.string(), last4: z.string() });
export type SavedCardSummary = z.infer<typeof SavedCardSummary>;

/** One invoice as the pay page shows it, with the payment in progress. */
export const InvoiceCardPayment = z.object({
  invoiceId: z.string(),
  number: z.string(),
  totalPence: z.number().int(),
  state: z.enum(INVOICE_CARD_PAYMENT_STATES),
  provider: z.enum(['stripe', 'demo']),
  /** Stripe's publishable key (null in demo mode). */
  publishableKey: z.string().nullable(),
  /** The carer's connected account: the Payment Element confirms on it (direct charge). */
  stripeAccount: z.string().nullable(),
  /** Present while a payment waits for the family's card or authentication. */
  clientSecret: z.string().nullable(),
  /** Why the last attempt did not go through (the bank's words), when it did not. */
  failureMessage: z.string().nullable(),
  /** The family's saved card, which "Pay with saved card" charges. */
  savedCard: SavedCardSummary.nullable(),
});
export type InvoiceCardPayment = z.infer<typeof InvoiceCardPayment>;

export const DemoCardPaymentInput = z.object({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z.string().trim().max(30),
  /** MM / YY */
  expiry: z.string().trim().max(10),
  cvc: z.string().trim().max(4),
});
export type DemoCardPaymentInput = z.infer<typeof DemoCardPaymentInput>;

/** Stripe's test card that always asks for authentication: off-session it needs the family. */
export const DEMO_AUTHENTICATION_CARD = '4000 0027 6000 3184';

export const SavedCardState = z.object({
  card: SavedCardSummary.nullable(),
  /** Each invoice is paid with the saved card when it is approved. */
  autoPay: z.boolean(),
});
export type SavedCardState = z.infer<typeof SavedCardState>;

export const CardSetupStarted = z.object({
  clientSecret: z.string(),
  provider: z.enum(['stripe', 'demo']),
  publishableKey: z.string().nullable(),
});
export type CardSetupStarted = z.infer<typeof CardSetupStarted>;

export const CardSetupFinish = z.object({
  clientSecret: z.string().min(1).max(200),
  autoPay: z.boolean().default(false),
  /** Demo mode only: the card typed in the demo form. */
  cardNumber: z.string().trim().max(30).optional(),
  expiry: z.string().trim().max(10).optional(),
  cvc: z.string().trim().max(4).optional(),
});
export type CardSetupFinish = z.infer<typeof CardSetupFinish>;

export const AutoPayInput = z.object({ enabled: z.boolean() });
export type AutoPayInput = z.infer<typeof AutoPayInput>;

/** A card dispute on a carer's payment, for the admins. */
export const CardDispute = z.object({
  id: z.string(),
  invoiceId: z.string(),
  amountPence: z.number().int(),
  reason: z.string(),
  status: z.string(),
  carerName: z.string().nullable(),
  familyName: z.string().nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /** The invoice's number, as the attempt kept it. */
  invoiceNumber: z.string(),
  /** When an admin marked it handled, and what they said was done. */
  handledAt: z.string().nullable(),
  handledNote: z.string().nullable(),
});
export type CardDispute = z.infer<typeof CardDispute>;
export const CardDisputes = z.array(CardDispute);

/** One card payment a carer received, as their invoice page shows it (amounts in pence). */
export const CarerCardPayment = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  amountPence: z.number().int(),
  /** CareMatch's application fee, taken once when the payment was made. */
  feePence: z.number().int(),
  /** Given back to the family by the carer (cumulative). */
  refundedPence: z.number().int(),
  /** Taken back by the family's bank in disputes the carer lost. */
  lostInDisputePence: z.number().int(),
  /** A dispute is open: the money is held until it closes. */
  disputed: z.boolean(),
  /** What the carer keeps: the amount less the fee and whatever went back (never below 0). */
  keptPence: z.number().int(),
  paidAt: z.string(),
  /** The payout to the carer's bank for this payment, when the provider tells us one (demo: always). */
  payout: z
    .object({
      status: z.enum(['in_transit', 'paid', 'failed']),
      amountPence: z.number().int(),
      arrivalDate: z.string(),
    })
    .nullable(),
});
export type CarerCardPayment = z.infer<typeof CarerCardPayment>;
export const CarerCardPayments = z.array(CarerCardPayment);

export const CARE_PAYMENT_MESSAGES = {
  carersOnly: 'Only carers can be paid by card.',
  familiesOnly: 'Only family accounts can save a card for paying carers.',
  notReady: "This carer can't take card payments yet. You can pay by bank transfer instead.",
  alreadyPaid: 'This invoice is already paid.',
  frozen: 'This invoice is under a card dispute and cannot be paid by card now.',
  processing: 'A payment of this invoice is already being processed.',
  noSavedCard: 'Save a card first.',
  setupUnfinished: 'The card was not saved. Please try again.',
  unknownPayment: 'This payment was not found.',
  authenticationRequired: 'Your bank asks you to confirm this payment.',
} as const;
