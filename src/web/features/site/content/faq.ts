// The Help page's FAQ (product §2, About, Contact and Help; 10 items per §9). Plain data, no React, so the
// page renders it and the end-to-end tests compare against it. Prices come from the pricing contract.

import { paths } from '@contracts/paths';
import { CARER_DESCRIPTION_MIN_LENGTH } from '@contracts/limits';
import { CARER_INTRODUCTORY_DAYS } from '@contracts/limits';
import {
  CARER_EARNINGS_SHARE_PERCENT,
  CARER_MEMBERSHIP,
  formatPounds,
  PLANS,
  PRODUCT_NAME,
} from '@contracts/pricing';

/** Product §9: the typical carer rates quoted on the Help page (£15-30 an hour). */
export const TYPICAL_CARER_RATE_PENCE = { min: 1500, max: 3000 } as const;

export interface FaqLink {
  label: string;
  /** An internal path from @contracts/paths. */
  to: string;
}

export interface FaqItem {
  /** Stable, URL-safe: the accordion item's value. */
  id: string;
  question: string;
  /** One string per paragraph. */
  answer: readonly string[];
  links?: readonly FaqLink[];
}

const { threeMonth, monthly, annual } = PLANS;
const annualSaving = monthly.amountPence * annual.months - annual.amountPence;

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 'dbs-checks',
    question: 'How do DBS checks work?',
    answer: [
      'A DBS check comes from the Disclosure and Barring Service and shows whether someone has a criminal record that matters for the work they do. Carers on ' +
        `${PRODUCT_NAME} need an enhanced DBS check, the level for people who work closely with adults and children who need care.`,
      'We record the certificate’s level and issue date and show both on the carer’s profile, so you can see how recent it is. Many carers also subscribe to the DBS Update Service, which lets us check online, with their permission, that their certificate is still up to date. Profiles say when a carer is on the Update Service.',
    ],
  },
  {
    id: 'verification',
    question: 'How do you verify carers?',
    answer: [
      'Before a carer can show the Verified badge, a member of our team checks their photo ID, their right to work in the UK, their enhanced DBS certificate and their references from previous clients or employers. We also ask for evidence of the qualifications they list.',
      'Verification tells you what we checked and when. It is not a guarantee, so always meet a carer and see their documents yourself before care starts.',
    ],
  },
  {
    id: 'cost-for-families',
    question: 'What does it cost for families?',
    answer: [
      `${threeMonth.label} costs ${formatPounds(threeMonth.amountPence)} for ${threeMonth.months} months. It is a one-time payment with no recurring fees, and it lets you search every verified carer and message as many as you like.`,
      `The subscribe page also offers the ${monthly.label} at ${formatPounds(monthly.amountPence)} a month, which renews each month until you cancel, and the ${annual.label} at ${formatPounds(annual.amountPence)} for ${annual.months} months, paid once, ${formatPounds(annualSaving)} less than a year of monthly payments.`,
      'Your plan pays for access to ' +
        `${PRODUCT_NAME}. You pay your carer directly for the care itself, at the rate you agree with them.`,
    ],
    links: [{ label: 'See pricing', to: paths.pricing }],
  },
  {
    id: 'messaging',
    question: 'How does messaging work?',
    answer: [
      'Once your plan is active, you can message any carer from their profile. The carer sees your message in their inbox and replies there, and you each get an email when a new message arrives.',
      'Each carer you talk to has one conversation, so the whole history stays together. Keep early conversations on ' +
        `${PRODUCT_NAME} until you have met and feel confident, and do not share bank details before then.`,
    ],
  },
  {
    id: 'cancelling',
    question: 'How do I cancel?',
    answer: [
      `${threeMonth.label} and the ${annual.label} are one-time payments. They simply end when their time is up and never renew. In the first 14 days after paying you can still cancel one with Cancel subscription in Settings or on the subscribe page: your access ends and we refund the days you have not used.`,
      `The ${monthly.label} can be cancelled at any time with Cancel subscription in Settings or on the subscribe page, or from the link in the reminder we email 3 days before each renewal. You keep access until the end of the month you have paid for and you will not be charged again.`,
    ],
    links: [{ label: 'Manage your subscription', to: paths.subscribe }],
  },
  {
    id: 'safety-tips',
    question: 'How can I stay safe when arranging care?',
    answer: [
      'Meet the carer before care starts, ideally with a relative or friend there. Check that their photo ID and DBS certificate match their profile. Agree duties, hours, rates and notice in writing, and keep a copy.',
      'Never pay outside what you have agreed, and never pay anyone who asks for a fee to “unlock” a carer. If something worries you, tell us straight away; we look into every report. If someone is in immediate danger, call 999.',
    ],
    links: [{ label: 'Report a concern', to: paths.contact }],
  },
  {
    id: 'carer-rates',
    question: 'How much do carers charge?',
    answer: [
      `Carers set their own rates. Most charge between ${formatPounds(TYPICAL_CARER_RATE_PENCE.min)} and ${formatPounds(TYPICAL_CARER_RATE_PENCE.max)} an hour, depending on the type of care, their experience and where you live. Specialist care, such as dementia or palliative care, nights and live-in care usually costs more.`,
      'Every profile shows the carer’s hourly rate, so you can compare before you get in touch.',
    ],
  },
  {
    id: 'carer-membership',
    question: 'What does it cost to join as a carer?',
    answer: [
      `${CARER_MEMBERSHIP.label} costs ${formatPounds(CARER_MEMBERSHIP.amountPence)} a month. You set your own rates and availability and keep ${CARER_EARNINGS_SHARE_PERCENT}% of each card payment from a family (all of a payment made to you directly). Your first ${CARER_INTRODUCTORY_DAYS} days are free.`,
      'As a self-employed carer you are responsible for your own tax, National Insurance and insurance.',
    ],
  },
  {
    id: 'become-a-carer',
    question: `How do I become a carer on ${PRODUCT_NAME}?`,
    answer: [
      `Create an account as a carer, then fill in your carer profile: the care you offer, your experience, where you work, your rates and availability, your qualifications, and a description of at least ${CARER_DESCRIPTION_MIN_LENGTH} characters. Add a clear photo of yourself.`,
      'Then send us your checks: photo ID, right to work, your enhanced DBS certificate and references. Once our team has verified them, your profile shows the Verified badge and families can find you.',
    ],
    links: [{ label: 'Become a carer', to: paths.carerSignup }],
  },
  {
    id: 'your-data',
    question: 'How do you use my data, and can I delete it?',
    answer: [
      'We handle your personal data under UK GDPR, only to run the service, and we never sell it.',
      'When you are signed in, go to Settings and choose Download my data to get a copy of everything we hold about you, or Delete my account to remove your account and data. Our privacy notice explains what we keep, why and for how long.',
    ],
    links: [
      { label: 'Go to Settings', to: paths.settings },
      { label: 'Read our privacy notice', to: paths.privacy },
    ],
  },
];
