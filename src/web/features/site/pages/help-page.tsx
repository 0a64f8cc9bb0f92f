import type { LucideIcon } from 'lucide-react';
import { ArrowRight, HeartHandshake, Mail, Phone, Search, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { PRODUCT_NAME } from '@contracts/pricing';
import { BUSINESS_HOURS, SITE_CONTACT } from '@contracts/site';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { usePageTitle } from '@web/lib/use-page-title';
import { FaqAccordion } from '../components/faq-accordion';
import { FAQ_ITEMS } from '../content/faq';

type HelpTopic = {
  icon: LucideIcon;
  title: string;
  text: string;
  /** Product §2 (About, Contact and Help), Help: 'Safety & Trust' has no link. */
  link?: { label: string; to: string };
};

const TOPICS: readonly HelpTopic[] = [
  {
    icon: Search,
    title: 'Finding Care',
    text: 'Search verified carers near you by town, type of care and availability, then message the ones who suit you.',
    link: { label: 'Browse carers', to: paths.carers },
  },
  {
    icon: HeartHandshake,
    title: 'For Carers',
    text: 'Create your profile, show your checks and set your own rates to connect with families who need you.',
    link: { label: 'Join as a carer', to: paths.carerSignup },
  },
  {
    icon: ShieldCheck,
    title: 'Safety & Trust',
    text: 'Our team checks every carer’s ID, right to work, enhanced DBS certificate and references before they are marked Verified.',
  },
];

/** Product §2 (About, Contact and Help), Help: three topic cards, a 10-item FAQ and a way to reach a person. */
export function HelpPage() {
  usePageTitle(
    'Help Center',
    `Answers about finding a carer on ${PRODUCT_NAME}: DBS checks, verification, prices, messaging, cancelling and staying safe, and how to contact our UK support team.`,
  );
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Help Center</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Answers to common questions about finding care, offering care and staying safe.
        </p>
      </header>

      <ul aria-label="Help topics" className="mt-10 grid gap-6 md:grid-cols-3">
        {TOPICS.map(({ icon: Icon, title, text, link }) => (
          <li key={title}>
            <Card className="flex h-full flex-col p-6">
              <Icon aria-hidden="true" className="size-8 text-primary" />
              <h2 className="mt-3 text-lg font-semibold">{title}</h2>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              {link && (
                <Link
                  to={link.to}
                  className="mt-4 inline-flex items-center gap-1 self-start font-medium text-primary underline underline-offset-4"
                >
                  {link.label}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              )}
            </Card>
          </li>
        ))}
      </ul>

      <section aria-labelledby="faq-heading" className="mx-auto mt-16 max-w-3xl">
        <h2 id="faq-heading" className="text-center text-2xl font-semibold">
          Frequently Asked Questions
        </h2>
        <div className="mt-8">
          <FaqAccordion items={FAQ_ITEMS} />
        </div>
      </section>

      <section
        aria-labelledby="still-need-help"
        className="mx-auto mt-16 max-w-3xl rounded-lg bg-secondary p-6 text-center sm:p-8"
      >
        <h2 id="still-need-help" className="text-2xl font-semibold">
          Still Need Help?
        </h2>
        <p className="mt-2 text-muted-foreground">
          Our support team is happy to help. {SITE_CONTACT.responseTime}
        </p>
        <p className="mt-2 text-sm text-muted-foreground">
          Phone lines: {BUSINESS_HOURS.map(({ days, hours }) => `${days} ${hours}`).join(', ')}.
        </p>
        <div className="mt-6 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Button asChild size="lg">
            <a href={SITE_CONTACT.phoneHref}>
              <Phone aria-hidden="true" />
              Call {SITE_CONTACT.phoneDisplay}
            </a>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.contact}>
              <Mail aria-hidden="true" />
              Contact Us
            </Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
