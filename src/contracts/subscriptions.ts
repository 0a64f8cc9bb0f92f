// Plans, payments and the carer membership (product §2, §3, §7, §8; product.md, difference 3).
// The client names a plan; the server alone decides the amount.
import { z } from 'zod';
import { CARER_MEMBERSHIP, formatPounds, PLANS, SUBSCRIPTION_TYPES } from './pricing';

/** What a payment was for. */
export const PAYMENT_PLANS = ['three_month', 'monthly', 'annual', 'carer_membership'] as const;
export type PaymentPlan = (typeof PAYMENT_PLANS)[number];

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The statuses a payment history shows: the provider answered a payment the person submitted.
 * `pending` is a payment form that is open (or was left), `cancelled` one replaced unpaid: neither
 * was paid or tried, so neither is history (decision 0027).
 */
export const HISTORY_PAYMENT_STATUSES = [
  'succeeded',
  'failed',
  'refunded',
] as const satisfies readonly PaymentStatus[];

export const PAYMENT_PROVIDERS = ['demo', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** GET /api/payments/config: which payment form the pages show. */
export const PaymentsConfig = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key; null with the demo provider. */
  publishableKey: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfig>;

/**
 * GET /api/subscription/status (product §3 plus what the /subscribe page needs to offer cancelling).
 * `hasActiveSubscription` is false once `expiresAt` has passed, whatever the stored status says.
 */
export const SubscriptionStatus = z.object({
  hasActiveSubscription: z.boolean(),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES).nullable(),
  expiresAt: z.string().nullable(),
  /** A Monthly plan that will be charged again, at `nextPaymentAt`. */
  renews: z.boolean(),
  /**
   * When a renewing Monthly plan is charged next (the end of its billing period, ISO); null when it
   * does not renew. Access may run past it (`expiresAt`) by days no-reply protection added.
   */
  nextPaymentAt: z.string().nullable(),
  /** A Monthly plan the user cancelled: access stays until `expiresAt`. */
  cancelAtPeriodEnd: z.boolean(),
  /**
   * A one-time plan still in its cooling-off period: cancelling now ends it and gives back this
   * much (the unused days); null otherwise.
   */
  refundIfCancelledPence: z.number().int().nullable(),
  /** The last moment of that cooling-off period (ISO); null when there is none. */
  refundableUntil: z.string().nullable(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/**
 * The optional body of POST /api/create-subscription and POST /api/carer-membership (the first brief: no
 * body). `extend: true` is the person's explicit choice to pay for more time while their access
 * (or paid membership) still runs; without it such a payment is refused with 409 (decision 0027).
 */
export const ExtendInput = z.object({ extend: z.boolean().optional() }).nullish();
export type ExtendInput = z.infer<typeof ExtendInput>;

/**
 * One plan as this account could buy it now (GET /api/subscription/plans): allowed, with the end
 * date paying now would give (`extendsAccess` when it adds to access that still runs), or refused
 * with the rule's message. Computed by the server's purchase rules (decision 0018).
 */
export const PlanOption = z.object({
  type: z.enum(SUBSCRIPTION_TYPES),
  allowed: z.boolean(),
  /** Paying now gives access until this date (ISO); null when refused. */
  expiresAtIfPaid: z.string().nullable(),
  /** The payment would add to access that still runs: the person must choose to extend. */
  extendsAccess: z.boolean(),
  /** Why it is refused; null when allowed. */
  reason: z.string().nullable(),
});
export type PlanOption = z.infer<typeof PlanOption>;

/** GET /api/subscription/plans: the three plans in the order of FAMILY_PLAN_TYPES. */
export const SubscriptionPlans = z.object({ plans: z.array(PlanOption) });
export type SubscriptionPlans = z.infer<typeof SubscriptionPlans>;

/** POST /api/create-subscription (3-Month Access, no body) → the payment form's secret. */
export const CreateSubscriptionResponse = z.object({ clientSecret: z.string() });
export type CreateSubscriptionResponse = z.infer<typeof CreateSubscriptionResponse>;

/** POST /api/subscribe: product §7 `{type: monthly or annual}`; any other field (an amount) is ignored. */
export const SubscribeInput = z.object({
  type: z.enum(['monthly', 'annual'], { error: 'Choose the Monthly or the Annual plan.' }),
  /** See ExtendInput: the explicit choice to add to access that still runs. */
  extend: z.boolean().optional(),
});
export type SubscribeInput = z.infer<typeof SubscribeInput>;

/** Payment starts; access follows only when the payment is confirmed. */
export const SubscribeResponse = z.object({
  subscriptionType: z.enum(['monthly', 'annual']),
  clientSecret: z.string(),
});
export type SubscribeResponse = z.infer<typeof SubscribeResponse>;

/** One row of the payment history (the /subscribe active view and the carer dashboard). */
export const PaymentHistoryItem = z.object({
  id: z.string(),
  createdAt: z.string(),
  plan: z.enum(PAYMENT_PLANS),
  amountPence: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  /** A cooling-off refund of part of the payment (the unused days); null when none or all of it. */
  refundedPence: z.number().int().nullable(),
});
export type PaymentHistoryItem = z.infer<typeof PaymentHistoryItem>;

/**
 * GET /api/payments: the signed-in user's payments, newest first. Only payments the person
 * submitted and the provider answered (paid, failed, refunded) are history: a payment form that
 * was opened and left is not (docs/decisions/0027-payment-attempts.md).
 */
export const PaymentHistory = z.object({ payments: z.array(PaymentHistoryItem) });
export type PaymentHistory = z.infer<typeof PaymentHistory>;

/** Display names of the plans in the payment history. */
export const PAYMENT_PLAN_LABELS: Record<PaymentPlan, string> = {
  three_month: '3-Month Access',
  monthly: 'Monthly Plan',
  annual: 'Annual Plan',
  carer_membership: 'Carer Membership',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  succeeded: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

/**
 * The demo provider's card form (product §10, Demo mode). POST /api/payments/demo/confirm answers
 * 200 `{status: 'succeeded'}` or 402 `{message}` with the card's failure message.
 */
export const DemoCardInput = z.object({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z.string().trim().max(30),
  /** MM / YY */
  expiry: z.string().trim().max(10),
  cvc: z.string().trim().max(4),
});
export type DemoCardInput = z.infer<typeof DemoCardInput>;

export const DemoConfirmResponse = z.object({ status: z.literal('succeeded') });
export type DemoConfirmResponse = z.infer<typeof DemoConfirmResponse>;

/** Stripe's test cards, which the demo provider imitates. */
export const DEMO_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

/** The carer membership (product §1: £29 a month) as the dashboard shows it. */
export const CARER_MEMBERSHIP_STATES = [
  /** A new profile's first 30 days, before any payment. */
  'introductory',
  'active',
  /** Cancelled; still listed until `listedUntil`. */
  'cancelling',
  /** The last renewal failed; still listed until `listedUntil`. */
  'past_due',
  /** Not listed in search: the introductory period or the paid period is over. */
  'lapsed',
] as const;
export type CarerMembershipState = (typeof CARER_MEMBERSHIP_STATES)[number];

/** GET /api/carer-membership (carers with a profile only). */
export const CarerMembership = z.object({
  state: z.enum(CARER_MEMBERSHIP_STATES),
  /** The profile is shown in search while this is in the future (and the profile is active). */
  listedUntil: z.string().nullable(),
  /** When the next £29 is taken; null when nothing will be charged. */
  nextPaymentDate: z.string().nullable(),
  /**
   * Paying now would list the profile until this date; null while a membership renews (nothing to
   * start). When `renewalNeedsChoice`, a paid period still runs and the start must say `extend: true`.
   */
  listedUntilIfPaid: z.string().nullable(),
  renewalNeedsChoice: z.boolean(),
  /** Payments with an outcome (paid, failed, refunded); a form opened and left is not one. */
  payments: z.array(PaymentHistoryItem),
});
export type CarerMembership = z.infer<typeof CarerMembership>;

/** The carer dashboard's one-line membership summary; the full card opens beneath it. */
export const MEMBERSHIP_SUMMARY_TEXTS = {
  title: 'Membership',
  loading: 'Loading…',
  failed: 'Could not be loaded',
  state: (state: CarerMembershipState, dates: { listedUntil: string; nextPayment: string | null }) => {
    switch (state) {
      case 'introductory':
        return `Introductory period until ${dates.listedUntil}`;
      case 'active':
        return dates.nextPayment ? `Active, next payment on ${dates.nextPayment}` : 'Active';
      case 'cancelling':
        return `Cancelled, ends on ${dates.listedUntil}`;
      case 'past_due':
        return 'Your last payment failed';
      case 'lapsed':
        return 'Not started: start it to appear to families';
    }
  },
} as const;

/** POST /api/carer-membership → the payment form's secret for the first month. */
export const StartMembershipResponse = z.object({ clientSecret: z.string() });
export type StartMembershipResponse = z.infer<typeof StartMembershipResponse>;

// In limits.ts (no zod): the landing page says it too.
export { CARER_INTRODUCTORY_DAYS } from './limits';

/**
 * A one-time plan (3-Month Access, Annual) can be bought while other access lasts only in that
 * access's last this-many days, to carry on without a gap; earlier it would be a second plan on
 * top of the first (docs/decisions/0018-one-plan-at-a-time.md).
 */
export const PLAN_RENEWAL_WINDOW_DAYS = 30;

/** Days after paying for a one-time plan in which cancelling refunds the unused days. */
export const COOLING_OFF_DAYS = 14;

/** How many days before a renewal its reminder is emailed (all renewing plans are monthly). */
export const RENEWAL_REMINDER_DAYS = 3;
/**
 * No-reply protection (decision 0029, point 9): a family whose messages and care requests no carer
 * answered in this many days after paying gets those days back (or, in cooling-off, its money).
 */
export const NO_REPLY_PROTECTION_DAYS = 7;

/**
 * The key terms of each plan, shown together before paying (checkout, /subscribe, /pricing, the
 * carer membership): price, length, renewal, how to cancel and the cooling-off right.
 */
export interface PlanKeyTerms {
  price: string;
  length: string;
  renewal: string;
  cancelling: string;
  coolingOff: string;
}

export const PLAN_KEY_TERMS: Record<PaymentPlan, PlanKeyTerms> = {
  three_month: {
    price: `${formatPounds(PLANS.threeMonth.amountPence)}, paid once.`,
    length: '3 months of access from the day you pay (added to any access you still have).',
    renewal: 'Does not renew: nothing more is taken when it ends.',
    cancelling: 'Nothing to cancel later. In the first 14 days, cancel in Settings or on the Subscribe page.',
    coolingOff: `Cancel within ${COOLING_OFF_DAYS} days of paying and we refund the days you have not used.`,
  },
  monthly: {
    price: `${formatPounds(PLANS.monthly.amountPence)} a month.`,
    length: 'One month at a time, from the day you pay.',
    renewal: `Renews every month until you cancel. We email you ${RENEWAL_REMINDER_DAYS} days before each renewal.`,
    cancelling:
      'Cancel any time in two clicks in Settings or on the Subscribe page, or from the link in the reminder email.',
    coolingOff:
      'Cancel whenever you like, including in the first 14 days: you keep the month you paid for and nothing more is taken.',
  },
  annual: {
    price: `${formatPounds(PLANS.annual.amountPence)}, paid once.`,
    length: '12 months of access from the day you pay (added to any access you still have).',
    renewal: 'Does not renew: nothing more is taken when it ends.',
    cancelling: 'Nothing to cancel later. In the first 14 days, cancel in Settings or on the Subscribe page.',
    coolingOff: `Cancel within ${COOLING_OFF_DAYS} days of paying and we refund the days you have not used.`,
  },
  carer_membership: {
    price: `${formatPounds(CARER_MEMBERSHIP.amountPence)} a month.`,
    length: 'One month at a time, from the day you pay.',
    renewal: `Renews every month until you cancel. We email you ${RENEWAL_REMINDER_DAYS} days before each renewal.`,
    cancelling: 'Cancel any time in two clicks on your dashboard, or from the link in the reminder email.',
    coolingOff:
      'Cancel whenever you like, including in the first 14 days: your profile stays listed for the month you paid for and nothing more is taken.',
  },
};

/** The labels of the key terms, in the order they are shown. */
export const PLAN_KEY_TERM_LABELS: Record<keyof PlanKeyTerms, string> = {
  price: 'Price',
  length: 'Length',
  renewal: 'Renewal',
  cancelling: 'How to cancel',
  coolingOff: 'Cooling-off',
};

/** GET /api/subscription/cancel-link?token= and POST /api/subscription/cancel-link: the emailed link's token. */
export const CancelLinkInput = z.object({
  token: z
    .string({ error: 'This link is not valid.' })
    .trim()
    .min(1, 'This link is not valid.')
    .max(300, 'This link is not valid.'),
});
export type CancelLinkInput = z.infer<typeof CancelLinkInput>;

/** What the cancel link's page shows before (and after) the person confirms. */
export const CancelLinkDetails = z.object({
  plan: z.enum(['monthly', 'carer_membership']),
  planLabel: z.string(),
  /** 'renewing': the confirm button cancels; 'cancelled': nothing more will be taken. */
  state: z.enum(['renewing', 'cancelled']),
  /** Access (or the listing) lasts until this date either way. */
  paidUntil: z.string().nullable(),
});
export type CancelLinkDetails = z.infer<typeof CancelLinkDetails>;

export const SUBSCRIPTION_MESSAGES = {
  // Product §8 toasts.
  subscribeFailedTitle: 'Subscription Failed',
  subscribeFailedDescription: 'Please try again.',
  subscribeSuccessTitle: 'Subscription Activated!',
  // The first brief: "You now have access to all carer profiles" (profiles are free to read).
  subscribeSuccessDescription: 'You can now contact every verified carer.',
  monthlyActivated: 'Your Monthly plan is now active.',
  annualActivated: 'Your Annual plan is now active.',
  setupFailedTitle: 'Error',
  setupFailedDescription: 'Failed to initialize payment. Please try again.',
  paymentFailedTitle: 'Payment Failed',
  paymentSuccessTitle: 'Payment Successful',
  paymentSuccessDescription: 'Welcome to CareMatch! You now have access to our network of verified carers.',
  setupErrorTitle: 'Payment Setup Error',
  setupErrorDescription: 'There was an issue setting up your payment. Please try again later.',
  // Card answers (Stripe's wording, which the demo provider imitates).
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  cardNumberInvalid: 'Your card number is incorrect.',
  expiryInvalid: "Your card's expiration date is incomplete or in the past.",
  cvcInvalid: "Your card's security code is incomplete.",
  // Server answers.
  monthlyAlreadyRenews:
    'Your Monthly plan renews automatically. Cancel it first if you would like a different plan.',
  nothingToCancel: 'You have no plan that renews automatically.',
  paymentNotFound: 'This payment could not be found. Please start again.',
  paymentAlreadyDone: 'This payment has already been completed.',
  carerProfileRequired: 'Create your carer profile first.',
  membershipAlreadyActive: 'Your membership is already active.',
  onlyCustomers: 'Plans are for family accounts. Carers list their profile with the carer membership.',
  onlyCarers: 'The membership is for carer accounts.',
  accessStillActive: 'You already have access. You can start the Monthly plan when your current access ends.',
  extendRequired:
    'You already have access. To pay for more time now, choose to extend your access: its new end date is shown before you pay.',
  membershipRenewalRequired:
    'Your membership is still paid for. To start a new one now, choose to renew it: the new listing date is shown before you pay.',
  planStillActive: `You already have a plan. You can buy your next one in the last ${PLAN_RENEWAL_WINDOW_DAYS} days of your current access.`,
  refundedPlanAlreadyActive:
    'This payment was refunded: a plan was already active on your account when it went through.',
  paymentFailed: 'Your payment could not be completed. Please try again.',
  // Cancelling.
  cancelledTitle: 'Plan Cancelled',
  cancelledDescription: 'Your plan will not renew. You keep access until the end of the period you paid for.',
  membershipCancelledDescription:
    'Your membership will not renew. Your profile stays listed until the end of the period you paid for.',
  demoNotice: 'Demo mode — no card is charged',
  // Ending a plan.
  cancelLinkInvalid: 'This link is not valid or has expired. Sign in to manage your plan in Settings.',
  refundedTitle: 'Plan Cancelled and Refunded',
  refundedDescription: 'We have refunded the days you had not used. Your access has ended.',
  nothingRenews: 'This plan does not renew: nothing more will be taken.',
  cancelFailed: 'We could not cancel your plan just now. Please try again in a few minutes.',
} as const;
