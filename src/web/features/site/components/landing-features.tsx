import { Award, Headset, ShieldCheck, SlidersHorizontal } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { PRODUCT_NAME } from '@contracts/pricing';
import { SERVICES, SUPPORT_TEXTS } from '@contracts/site-texts';

/** Product §1: the landing stresses verified carers, smart matching, reliable support and quality. */
const FEATURES = [
  {
    icon: ShieldCheck,
    title: 'Verified Carers',
    text: 'Every carer’s identity and background checks, including their DBS check, are reviewed before their profile goes live.',
  },
  {
    icon: SlidersHorizontal,
    title: 'Smart Matching',
    text: 'Search by town, type of care and availability, and see the carers who fit your needs first.',
  },
  {
    icon: Headset,
    title: 'Reliable Support',
    text: SUPPORT_TEXTS.landing,
  },
  {
    icon: Award,
    title: 'Quality Assurance',
    text: 'Families review the carers they work with, and we follow up every concern quickly.',
  },
] as const;

/** Why families choose us, and the kinds of care on offer. */
export function LandingFeatures() {
  return (
    <>
      <section aria-labelledby="why-carematch" className="py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="why-carematch" className="text-3xl font-bold tracking-tight">
              Care you can count on
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">
              {PRODUCT_NAME} makes finding a carer as safe and simple as it should be.
            </p>
          </div>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-lg border border-border bg-card p-6 shadow-sm">
                <span className="inline-flex size-12 items-center justify-center rounded-full bg-secondary">
                  <Icon aria-hidden="true" className="size-6 text-primary" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="types-of-care" className="border-t border-border py-16 sm:py-20">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-3 lg:px-8">
          <div>
            <h2 id="types-of-care" className="text-3xl font-bold tracking-tight">
              Care for every need
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">
              From a weekly visit to full-time live-in support, find a carer with the right skills and
              experience.
            </p>
            <p className="mt-6">
              <Link
                to={paths.about}
                className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
              >
                How we choose and check our carers
              </Link>
            </p>
          </div>
          <ul className="grid gap-6 sm:grid-cols-2 lg:col-span-2">
            {SERVICES.map(({ title, text }) => (
              <li key={title} className="border-l-4 border-primary pl-4">
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
