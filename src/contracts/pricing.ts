// Prices of product §1 and §9. Amounts are in pence; the server alone decides what is charged.

export { PRODUCT_NAME, TAGLINE } from './brand';

export const PLANS = {
  threeMonth: { label: '3-Month Access', amountPence: 4900, months: 3 },
  monthly: { label: 'Monthly Plan', amountPence: 1000, months: 1 },
  annual: { label: 'Annual Plan', amountPence: 10000, months: 12 },
} as const;

export const CARER_MEMBERSHIP = { label: 'Carer Membership', amountPence: 2900, months: 1 } as const;
export const CARER_EARNINGS_SHARE_PERCENT = 95;

/**
 * A family's plan as stored on the user (product §3 `subscriptionType`). The first brief named monthly and annual;
 * `three_month` is the checkout page's 3-Month Access (product.md, difference 3).
 */
export const SUBSCRIPTION_TYPES = ['monthly', 'annual', 'three_month'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

/** The plan behind each subscription type. */
export const PLAN_FOR_TYPE = {
  three_month: PLANS.threeMonth,
  monthly: PLANS.monthly,
  annual: PLANS.annual,
} as const satisfies Record<SubscriptionType, (typeof PLANS)[keyof typeof PLANS]>;

/** Product §2 /subscribe: 'Monthly (£10)', 'Annual (£100)'; and '3-Month Access (£49)'. */
export function planSummary(type: SubscriptionType): string {
  const name = type === 'monthly' ? 'Monthly' : type === 'annual' ? 'Annual' : PLANS.threeMonth.label;
  return `${name} (${formatPounds(PLAN_FOR_TYPE[type].amountPence)})`;
}

/**
 * The price of a plan with its period, the one label every screen uses for the plan a person has
 * ('£49/3 months', '£10/month', '£100/year').
 */
export function planPriceLabel(type: SubscriptionType): string {
  const period = type === 'monthly' ? 'month' : type === 'annual' ? 'year' : '3 months';
  return `${formatPounds(PLAN_FOR_TYPE[type].amountPence)}/${period}`;
}

/** The plan's name as the pages show it: '3-Month Access', 'Monthly Plan', 'Annual Plan'. */
export function planName(type: SubscriptionType): string {
  return PLAN_FOR_TYPE[type].label;
}

/** How a plan is paid, in the words of the first brief's pricing and subscribe pages. */
export const PLAN_BILLING_NOTES: Record<SubscriptionType, string> = {
  three_month: 'One-time payment, no recurring fees.',
  monthly: 'Billed monthly, cancel anytime',
  annual: 'One-time payment',
};

/** What the Annual plan saves against twelve Monthly payments (product §2: 'Save £20'). */
export const ANNUAL_SAVING_PENCE = PLANS.monthly.amountPence * PLANS.annual.months - PLANS.annual.amountPence;

/**
 * The three family plans, in the order /pricing sets them side by side and GET
 * /api/subscription/plans lists them: 3-Month Access, Monthly, Annual.
 */
export const FAMILY_PLAN_TYPES = [
  'three_month',
  'monthly',
  'annual',
] as const satisfies readonly SubscriptionType[];

/** '£49', '£10.50': whole pounds without pence, otherwise two decimals. */
export function formatPounds(amountPence: number): string {
  const pounds = amountPence / 100;
  return `£${Number.isInteger(pounds) ? pounds.toString() : pounds.toFixed(2)}`;
}

/** What a family's plan gives (product §1): shown on pricing, landing and checkout. */
export const CUSTOMER_BENEFITS = [
  'Browse all verified carer profiles',
  'Advanced search and filtering',
  'Direct messaging with carers',
  'Background check reports',
  // Product §9's business hours, not the first brief's "24/7" (product.md, the words).
  'Support from our UK team, six days a week',
  'Unlimited carer contacts',
] as const;
