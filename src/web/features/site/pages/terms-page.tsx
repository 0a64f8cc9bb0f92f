import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { CARER_MEMBERSHIP, formatPounds, PLANS, PRODUCT_NAME } from '@contracts/pricing';
import { COOLING_OFF_DAYS, RENEWAL_REMINDER_DAYS } from '@contracts/subscriptions';
import { usePageTitle } from '@web/lib/use-page-title';

const SECTIONS: { title: string; body: string[]; link?: { label: string; to: string } }[] = [
  {
    title: 'Who we are',
    body: [
      `${PRODUCT_NAME} is an introduction service. We help families find independent, self-employed carers and help carers find families. Carers are not our employees or agents: the care arrangement is between the family and the carer.`,
    ],
  },
  {
    title: 'Accounts',
    body: [
      'You must be 18 or over and give accurate details. Keep your password to yourself; you are responsible for what is done with your account.',
      'We may suspend an account that breaks these terms, puts anyone at risk, or is used to harass, defraud or mislead.',
    ],
  },
  {
    title: 'For families',
    body: [
      `Contacting carers needs an active plan: 3-Month Access at ${formatPounds(PLANS.threeMonth.amountPence)} once, Monthly at ${formatPounds(PLANS.monthly.amountPence)} a month (cancel anytime) or Annual at ${formatPounds(PLANS.annual.amountPence)} once. Prices include VAT where it applies.`,
      'Before care starts, meet the carer, check their documents yourself, and agree duties, hours and rates in writing.',
    ],
  },
  {
    title: 'Renewals, cancelling and refunds',
    body: [
      `The Monthly plan and the carer membership renew every month until you cancel. We email you ${RENEWAL_REMINDER_DAYS} days before each renewal with the amount, the date and a link that cancels the plan without signing in, and we send a receipt after each payment.`,
      'You can cancel online in two clicks: Cancel subscription in Settings or on the subscribe page (carers: on the dashboard). Cancelling stops the next renewal; you keep what you have paid for until the end of the period, and we confirm by email.',
      `Cooling-off: 3-Month Access and the Annual plan are paid once and never renew. If you cancel one within ${COOLING_OFF_DAYS} days of paying, your access ends and we refund the whole days you have not yet used (the day you cancel counts as used), to the card you paid with.`,
    ],
  },
  {
    title: 'For carers',
    body: [
      `Carer membership costs ${formatPounds(CARER_MEMBERSHIP.amountPence)} a month. You set your own rates and availability, and you are responsible for your own tax, National Insurance and insurance.`,
      'Everything in your profile must be true. Checks you tell us about (DBS, right to work, references) must be genuine and current; we verify them before showing the Verified badge.',
    ],
  },
  {
    title: 'Messages and conduct',
    body: [
      'Be respectful. Do not share another person’s health information beyond what care requires, and never ask for payment outside an agreed arrangement. Report anything that worries you; we review every report.',
    ],
  },
  {
    title: 'Your data',
    body: [
      'We handle personal data under UK GDPR. You can download your data or delete your account at any time from Settings.',
    ],
    link: { label: 'Read our privacy notice', to: paths.privacy },
  },
  {
    title: 'Liability',
    body: [
      'We check carers carefully but cannot guarantee the conduct of any user. Nothing in these terms limits liability that cannot be limited by law, including for death or personal injury caused by negligence.',
    ],
  },
];

/** The terms the carer signup's checkbox refers to. */
export function TermsPage() {
  usePageTitle(
    'Terms and Conditions',
    `The terms for using ${PRODUCT_NAME}: accounts, plans for families, membership for carers, conduct, your data and liability.`,
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Terms and Conditions</h1>
      <p className="mt-4 text-muted-foreground">Last updated 22 November 2026.</p>
      {SECTIONS.map((section) => (
        <section key={section.title} className="mt-8">
          <h2 className="text-xl font-semibold">{section.title}</h2>
          {section.body.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed">
              {paragraph}
            </p>
          ))}
          {section.link && (
            <p className="mt-3">
              <Link to={section.link.to} className="font-medium text-primary underline underline-offset-4">
                {section.link.label}
              </Link>
            </p>
          )}
        </section>
      ))}
      <p className="mt-10">
        Questions?{' '}
        <Link to={paths.contact} className="font-medium text-primary underline underline-offset-4">
          Contact us
        </Link>
        .
      </p>
    </article>
  );
}
