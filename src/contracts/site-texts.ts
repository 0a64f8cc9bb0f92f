// The words the public pages share, so they agree with each other and with what the product does
// (product.md, "Where the words depart from the first brief"): support hours, what each plan's
// payment means, the carer's fee and introductory period, the name of care arrangements, the
// services, careers and press. A test scans the built pages for the old contradictory words.

import { BUSINESS_HOURS, SITE_CONTACT } from './site';
import { CARER_EARNINGS_SHARE_PERCENT, CARER_MEMBERSHIP, formatPounds } from './pricing';
import { CARER_INTRODUCTORY_DAYS } from './limits';
import { PRODUCT_NAME } from './brand';

/** Product §9's business hours in one line: 'Monday - Friday 8am - 6pm, Saturday 9am - 4pm'. */
export const SUPPORT_HOURS_LINE = BUSINESS_HOURS.filter(({ hours }) => hours !== 'Closed')
  .map(({ days, hours }) => `${days} ${hours}`)
  .join(', ');

/** One truth about support, wherever it is promised: product §9's business hours. */
export const SUPPORT_TEXTS = {
  /** The landing page's "Reliable Support" block. */
  landing: `Our UK team answers by phone and email (${SUPPORT_HOURS_LINE}) to help you find care, settle in and answer any question. ${SITE_CONTACT.responseTime}`,
  /** The checkout's trust badge. */
  badge: 'UK support, six days a week',
} as const;

/**
 * The 3-Month Access card: a single payment that never renews. It cannot be "cancelled anytime";
 * it can be cancelled in the 14-day cooling-off period, with the unused days refunded.
 */
export const THREE_MONTH_TEXTS = {
  billing: 'One-time payment, no recurring fees.',
  cancel: 'Never renews. Cancel within 14 days for a refund of the days you have not used.',
} as const;

const fee = 100 - CARER_EARNINGS_SHARE_PERCENT;

/**
 * What a carer pays and keeps (decision 0039): the membership after an introductory period, and
 * the platform fee on card payments only (a family may also pay the carer directly).
 */
export const CARER_MONEY_TEXTS = {
  /** The membership's benefit line, where the first brief said "Payment processing". */
  cardPayments: `Get paid by card through Stripe (${fee}% fee)`,
  /** The landing's carer card. */
  keepShare: `Keep ${CARER_EARNINGS_SHARE_PERCENT}% of each card payment from families`,
  /** The signup page's note beside the price. */
  keepShareLong: `Families can pay you by card through ${PRODUCT_NAME}: you keep ${CARER_EARNINGS_SHARE_PERCENT}% of each card payment (our fee is ${fee}%). When they pay you directly by bank transfer, you keep all of it.`,
  /** The introductory period, said wherever the membership price is. */
  introductory: `Your first ${CARER_INTRODUCTORY_DAYS} days are free, from the day you create your profile. Then ${formatPounds(CARER_MEMBERSHIP.amountPence)} a month, only once you start the membership: nothing is taken before.`,
  /** What paying before the free days end buys: the paid month starts that day, nothing is added on top. */
  payingEarly: `Paying before your free days end starts your first paid month that day: it does not add to your free days.`,
} as const;

/** One name for care arrangements everywhere (the menu, the page, the tiles, the links). */
export const CARE_ARRANGEMENTS_NAME = 'Care arrangements';

/** The registration page's way to the demo mailbox (demo mode only). */
export const AUTH_TEXTS = {
  demoMailboxLead: 'Demo mode sends no real email.',
  demoMailboxLink: 'Open the demo mailbox to find the link',
} as const;

/**
 * The four services the footer names, each a section of /services (the id is its anchor), with the
 * carer search (its query) that finds carers for it.
 */
export const SERVICES = [
  {
    id: 'elderly-care',
    title: 'Elderly Care',
    text: 'Help at home with personal care, meals, medication reminders and company, so older relatives stay independent.',
    search: 'careType=Elderly+Care',
  },
  {
    id: 'disability-support',
    title: 'Disability Support',
    text: 'Skilled support for adults and children with physical or learning disabilities, at home and out and about.',
    search: 'careType=Disability+Support',
  },
  {
    id: 'respite-care',
    title: 'Respite Care',
    text: 'A break for family carers, from a few hours a week to cover while you are away.',
    search: '',
  },
  {
    id: 'live-in-care',
    title: 'Live-in Care',
    text: 'A dedicated carer living in the home, without a move to a care home.',
    search: 'partOfDay=livein',
  },
] as const;

/** The careers page: modest and true. */
export const CAREERS_TEXTS = {
  title: 'Careers',
  lead: `${PRODUCT_NAME} is a small team in Manchester building a safer way for families to find independent carers.`,
  openings: 'We have no open roles at the moment.',
  interest: `If you would like to work with us when we do, tell us a little about yourself at ${SITE_CONTACT.email}. We read every message.`,
  carers:
    'Looking for care work? Carers are self-employed on CareMatch: you build a profile and families contact you.',
} as const;

/** The press page: who we are, in a few facts, and whom to ask. */
export const PRESS_TEXTS = {
  title: 'Press',
  lead: `${PRODUCT_NAME} is a UK web marketplace where families find independent, verified carers for elderly care, disability support and related care.`,
  facts: [
    'Families read carer profiles for free and pay for access to contact carers: 3-Month Access, Monthly or Annual.',
    'Carers are self-employed, keep their own rates and are listed once their checks (DBS, right to work, identity, references, insurance) are approved.',
    `When a family pays a carer by card through ${PRODUCT_NAME}, the carer keeps ${CARER_EARNINGS_SHARE_PERCENT}%.`,
  ],
  contact: `For press enquiries, email ${SITE_CONTACT.email} with "Press" in the subject. We reply within 24 hours, ${SUPPORT_HOURS_LINE}.`,
} as const;

/** After paying for a plan: the way back to where the person was (a carer's profile, say). */
export const PAID_TEXTS = {
  title: 'Payment Successful',
  body: 'Your plan is active: you can now message carers and propose care arrangements.',
  backToCarer: 'Back to the carer you were looking at',
  backToPage: 'Back to where you were',
  findCarer: 'Find a carer',
} as const;

/** The pricing page's ways in, for a visitor (registration) and for someone signed in. */
export const PRICING_TEXTS = {
  signUp: 'Sign Up & Subscribe',
  signIn: 'Sign in here',
  alreadyHave: 'Already have an account?',
  getStarted: 'Get Started Today',
  findCarer: 'Find a carer',
} as const;
