import { DBS_SCAN_RETENTION_MONTHS, RIGHT_TO_WORK_RETENTION_YEARS } from '@contracts/verification-compliance';
import { INVOICE_RETENTION_YEARS } from '@contracts/invoicing';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { PRODUCT_NAME } from '@contracts/pricing';
import { SITE_CONTACT } from '@contracts/site';
import { usePageTitle } from '@web/lib/use-page-title';

const LAST_UPDATED = '22 November 2026';
const linkClass = 'font-medium text-primary underline underline-offset-4';

const SECTIONS = [
  { id: 'who-we-are', title: 'Who we are' },
  { id: 'what-we-hold', title: 'What we hold about you' },
  { id: 'why-we-use-it', title: 'Why we use it: our lawful bases' },
  { id: 'who-we-share-with', title: 'Who we share it with' },
  { id: 'how-long', title: 'How long we keep it' },
  { id: 'international-transfers', title: 'International transfers' },
  { id: 'your-rights', title: 'Your rights' },
  { id: 'export-or-delete', title: 'Download or delete your data' },
  { id: 'cookies', title: 'Cookies' },
  { id: 'complaints', title: 'Questions and complaints' },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = SECTIONS.find((section) => section.id === id)?.title;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="scroll-mt-6 text-xl font-semibold sm:text-2xl">
        {title}
      </h2>
      <div className="mt-3 grid gap-3 leading-relaxed">{children}</div>
    </section>
  );
}

/** A list of "term: explanation" items. */
function TermList({ items }: { items: readonly [term: string, text: ReactNode][] }) {
  return (
    <ul className="grid list-disc gap-2 pl-6">
      {items.map(([term, text]) => (
        <li key={term}>
          <strong className="font-semibold">{term}:</strong> {text}
        </li>
      ))}
    </ul>
  );
}

function EmailLink() {
  return (
    <a href={`mailto:${SITE_CONTACT.email}`} className={`${linkClass}`}>
      {SITE_CONTACT.email}
    </a>
  );
}

/** The UK GDPR privacy notice (product.md, difference 7: self-service privacy, data export and deletion). */
export function PrivacyPage() {
  usePageTitle(
    'Privacy Notice',
    `How ${PRODUCT_NAME} Ltd uses your personal data under UK GDPR: what we hold, why, who we share it with, how long we keep it, and how to download or delete it.`,
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Privacy Notice</h1>
      <p className="mt-4 text-muted-foreground">Last updated {LAST_UPDATED}.</p>
      <p className="mt-4 leading-relaxed">
        This notice explains how {PRODUCT_NAME} uses personal data about families, carers and anyone else who
        uses our website, and the rights you have under UK data protection law (the UK GDPR and the Data
        Protection Act 2018).
      </p>

      <nav aria-labelledby="privacy-contents" className="mt-8 rounded-lg border border-border p-6">
        <h2 id="privacy-contents" className="text-lg font-semibold">
          On this page
        </h2>
        <ol className="mt-3 grid list-decimal gap-1 pl-6">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className={linkClass}>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <Section id="who-we-are">
        <p>
          {PRODUCT_NAME} Ltd is the controller of your personal data: we decide how and why it is used. Our
          address is {SITE_CONTACT.address}. For anything about your data, email <EmailLink />.
        </p>
        <p>
          {PRODUCT_NAME} is for adults. We do not knowingly collect data from anyone under 18, except what a
          family chooses to tell a carer about a child who needs care.
        </p>
        <p>
          The Information Commissioner’s Office (ICO) is the UK regulator for data protection, and you have
          the right to complain to it at any time (see{' '}
          <a href="#complaints" className={linkClass}>
            Questions and complaints
          </a>
          ).
        </p>
      </Section>

      <Section id="what-we-hold">
        <TermList
          items={[
            [
              'Account details',
              'your name, email address, whether you are a family or a carer, your plan and when it ends, and your password, which we store only as a one-way hash that no one can read back.',
            ],
            [
              'Carer profiles and checks',
              'what a carer puts in their profile (the care they offer, experience, town and postcode district, rates, availability, qualifications, description and photo), the evidence of their checks (photo ID, right to work and when permission ends, DBS certificate level, workforce, number and issue date, DBS Update Service status and our status checks, references), their insurance (insurer, policy number, cover, end date and document) and our decisions on them.',
            ],
            [
              'Messages',
              'the conversations between families and carers, and who sent each message and when.',
            ],
            ['Reviews', 'reviews families write about carers, with their rating and date.'],
            ['Saved carers', 'the carers a family has saved to look at later.'],
            [
              'Payments',
              'what you bought, how much, when, the payment provider’s reference, any refund (how much and when), when you cancelled, and which renewal we last reminded you of. Card payments are handled by our payment provider: we never see or store your card number.',
            ],
            [
              'Contact enquiries',
              'what you tell us when you use our contact form or email us, and our replies.',
            ],
            [
              'Technical data',
              'your sessions (when you signed in, and the browser and network address used) and security logs (sign-in attempts, password changes and administrators’ actions).',
            ],
          ]}
        />
        <p>
          Some of this is especially sensitive. DBS information is criminal offence data, and messages and
          profiles can include health information about the person who needs care. We use it only to arrange
          and check care, and we limit who on our team can see it.
        </p>
        <p>
          Photos that carers upload are re-encoded and stripped of hidden location data before we store them.
        </p>
      </Section>

      <Section id="why-we-use-it">
        <TermList
          items={[
            [
              'Contract',
              'to create and run your account, show carer profiles, pass messages between families and carers, take payments and give you the plan you paid for.',
            ],
            [
              'Legitimate interests',
              'to verify carers and keep people safe, prevent fraud and misuse, secure our systems, look into reports, and improve the service. We weigh these interests against your rights, and you can object to them.',
            ],
            [
              'Legal obligation',
              'to keep accounting records for HMRC and to answer lawful requests from the police, courts or regulators.',
            ],
            [
              'Consent',
              'where we ask for it, for example for optional emails. You can withdraw consent at any time, and we never send marketing without it.',
            ],
          ]}
        />
        <p>
          We process DBS information under the condition for safeguarding children and individuals at risk in
          Schedule 1 of the Data Protection Act 2018, and health information only as far as arranging care
          needs it. We do not make decisions about you by automated means alone: a person makes every
          verification decision.
        </p>
      </Section>

      <Section id="who-we-share-with">
        <TermList
          items={[
            [
              'Other users',
              'families see carers’ public profiles, and the people you message see your name and your messages. We never show your email address to other users.',
            ],
            ['Our payment provider', 'to take payments safely and prevent fraud.'],
            ['Our email provider', 'to send account emails and message notifications.'],
            [
              'Our hosting and storage providers',
              'who run the servers, database and photo storage the service depends on.',
            ],
            [
              'The police, courts, regulators or safeguarding authorities',
              'only when the law requires it or someone is at risk of harm.',
            ],
          ]}
        />
        <p>
          Our providers act on our instructions under written contracts and may not use your data for their
          own purposes. We never sell your data, and we do not share it with advertisers.
        </p>
      </Section>

      <Section id="how-long">
        <TermList
          items={[
            [
              'Account details and carer profiles',
              'while your account is open; deleted when you delete your account.',
            ],
            [
              'DBS certificate scans',
              `${DBS_SCAN_RETENTION_MONTHS} months after we decide on your checks. We keep the record of what we saw (level, certificate number, issue date), when and who checked it, while your account is open.`,
            ],
            [
              'Right-to-work evidence',
              `while your account is open, then ${RIGHT_TO_WORK_RETENTION_YEARS} years after you leave, as UK right-to-work rules require; then deleted.`,
            ],
            [
              'Photo ID, references and insurance documents',
              'while your account is open; deleted when you delete your account.',
            ],
            [
              'Messages, reviews and saved carers',
              'while your account is open; deleted when you delete your account.',
            ],
            [
              'Payment records',
              '6 years, as HMRC requires. If you delete your account, we keep them only as anonymised accounting records that no longer name you.',
            ],
            [
              'Timesheets and invoices between carers and families',
              `${INVOICE_RETENTION_YEARS} years after the invoice was issued, as HMRC and councils’ direct-payments audits require; then deleted. A carer’s bank details are deleted with their account.`,
            ],
            ['Security logs', '90 days.'],
            ['Copies of the emails we send you', '30 days after they are sent.'],
            ['Contact enquiries', '2 years from our last reply.'],
            [
              'Sessions',
              'a session ends when you sign out, after 7 days without use, or 30 days after you signed in, whichever comes first.',
            ],
          ]}
        />
      </Section>

      <Section id="international-transfers">
        <p>
          Some of our providers may process data outside the UK. When they do, we make sure it stays
          protected: either the country has UK adequacy regulations, or the transfer is covered by the ICO’s
          International Data Transfer Agreement or the UK Addendum to the EU Standard Contractual Clauses.
          Email us if you would like a copy of these safeguards.
        </p>
      </Section>

      <Section id="your-rights">
        <p>You have the right to:</p>
        <TermList
          items={[
            ['Access', 'get a copy of the personal data we hold about you.'],
            ['Rectification', 'have anything inaccurate or incomplete corrected.'],
            ['Erasure', 'have your data deleted, unless the law requires us to keep it.'],
            ['Restriction', 'ask us to limit how we use your data while a concern is looked into.'],
            ['Objection', 'object to anything we do on the basis of legitimate interests.'],
            [
              'Portability',
              'receive the data you gave us in a machine-readable format, or have it sent to another organisation.',
            ],
          ]}
        />
        <p>
          Using your rights is free. Most of them you can use yourself in Settings; for anything else, email{' '}
          <EmailLink />. We reply within one month and may ask you to confirm who you are first.
        </p>
      </Section>

      <Section id="export-or-delete">
        <p>
          When you are signed in, open Settings. Choose <strong>Download my data</strong> to get a copy of
          everything we hold about you in a machine-readable file, or <strong>Delete my account</strong> to
          close your account and erase your data. Deletion cannot be undone; we keep only the anonymised
          payment records the law requires.
        </p>
        <p>
          <Link to={paths.settings} className={linkClass}>
            Go to Settings
          </Link>
        </p>
        <p>
          If you cannot sign in, email <EmailLink /> from the address on your account and we will help.
        </p>
      </Section>

      <Section id="cookies">
        <p>
          We use one cookie, and only because the site cannot work without it: a strictly necessary session
          cookie that keeps you signed in. It is set when you sign in and removed when you sign out or your
          session ends.
        </p>
        <p>
          We do not use analytics, tracking or advertising cookies, so we do not need to ask for your consent.
          While a carer fills in the signup form, a draft is kept in the browser’s session storage so it is
          not lost; it disappears when the tab is closed or the form is sent.
        </p>
      </Section>

      <Section id="complaints">
        <p>
          If you have a question or are unhappy with how we have handled your data, email <EmailLink /> or
          call {SITE_CONTACT.phoneDisplay}, and we will try to put it right.
        </p>
        <p>
          You also have the right to complain to the Information Commissioner’s Office (ICO), the UK regulator
          for data protection, on their website at{' '}
          <a href="https://ico.org.uk/make-a-complaint/" className={linkClass}>
            ico.org.uk/make-a-complaint
          </a>{' '}
          or by phone on 0303 123 1113.
        </p>
        <p>
          We may update this notice when our service changes. The date at the top shows when it last changed,
          and we will tell you by email about any important change.
        </p>
      </Section>
    </article>
  );
}
