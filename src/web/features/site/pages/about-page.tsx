import { ArrowLeft, Award, Heart, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { CARER_EARNINGS_SHARE_PERCENT, PRODUCT_NAME } from '@contracts/pricing';
import { Button } from '@web/components/ui/button';
import aboutImageUrl from '@web/assets/illustrations/about-kitchen-table.svg?no-inline';
import { usePageTitle } from '@web/lib/use-page-title';

/** Drawn for us (scripts/make-illustrations.ts): 5 KB of SVG, below the fold, so loaded lazily. */
export const ABOUT_IMAGE_ALT =
  'Illustration: a carer in a headscarf chatting with an older man and his daughter around their kitchen table, with a pot of tea';

const FOUNDER = { name: 'Rachel Adeyemi', role: `Founder of ${PRODUCT_NAME}` } as const;

// Product §1: the four values are compassion, trust, community and excellence.
const VALUES = [
  {
    icon: Heart,
    title: 'Compassion',
    text: 'Care is personal. We help people stay in their own homes, on their own terms, with carers who treat them with warmth and dignity.',
  },
  {
    icon: ShieldCheck,
    title: 'Trust',
    text: 'Our team checks every carer’s identity, right to work, enhanced DBS certificate and references before their profile shows the Verified badge, and shows you what was checked.',
  },
  {
    icon: Users,
    title: 'Community',
    text: `We bring families and local carers together directly. Carers set their own rates and keep ${CARER_EARNINGS_SHARE_PERCENT}% of each card payment (all of a direct one), because good care depends on carers who are valued.`,
  },
  {
    icon: Award,
    title: 'Excellence',
    text: 'We hold ourselves to a high standard: clear prices before you pay, a site everyone can use, and real people when you need help.',
  },
] as const;

const VERIFICATION_STEPS = [
  { title: 'Identity', text: 'We match the carer to their photo ID.' },
  { title: 'Right to work', text: 'We confirm they are allowed to work in the UK.' },
  {
    title: 'Enhanced DBS check',
    text: 'We check their enhanced DBS certificate and record its issue date and whether they are on the DBS Update Service.',
  },
  { title: 'References', text: 'We ask people they have cared for or worked with about them.' },
  {
    title: 'A person reviews it all',
    text: 'A member of our team looks at everything before the profile is marked Verified.',
  },
] as const;

/** Product §2 (About, Contact and Help), About: back to home, hero, our story, mission, values, a second story, call to action. */
export function AboutPage() {
  usePageTitle(
    'About Us',
    `Why ${PRODUCT_NAME} exists: our founder’s story, our mission and values, and how we check every carer before families across the UK can find them.`,
  );
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <Button asChild variant="ghost" className="mb-6">
        <Link to={paths.home}>
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Link>
      </Button>

      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">About {PRODUCT_NAME}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
          We connect families across the UK with background-checked carers they can trust, and help good
          carers find the families who need them.
        </p>
      </header>

      <section aria-labelledby="our-story" className="mx-auto mt-16 max-w-3xl">
        <h2 id="our-story" className="text-2xl font-semibold">
          Our Story
        </h2>
        <div className="mt-4 grid gap-4 leading-relaxed">
          <p>
            {PRODUCT_NAME} started with a phone call. Our founder, {FOUNDER.name}, heard from her mum’s
            neighbour that her mum had fallen at home. She was not badly hurt, but she could no longer manage
            on her own. Rachel lived two hours away, with a job and two children. Her mum needed help at home,
            and she needed it quickly.
          </p>
          <p>
            What Rachel found was a maze: agencies with waiting lists and fees she only saw on the invoice,
            noticeboards with no way of telling who had been checked, and brilliant carers who were almost
            impossible to find. It took six weeks and dozens of calls to find Joyce, the carer who looked
            after her mum for the next three years.
          </p>
          <p>
            Rachel built {PRODUCT_NAME} so that no family has to go through that again: one place where every
            carer’s checks are verified and shown in full, prices are clear from the start, and families and
            carers deal with each other directly.
          </p>
        </div>
        <img
          src={aboutImageUrl}
          alt={ABOUT_IMAGE_ALT}
          width={720}
          height={400}
          loading="lazy"
          decoding="async"
          className="mt-8 h-auto w-full rounded-3xl"
          data-testid="about-image"
        />
        <figure className="mt-8 rounded-lg border-l-4 border-primary bg-secondary p-6">
          <blockquote className="text-lg leading-relaxed font-medium text-secondary-foreground">
            <p>
              “I didn’t need a miracle. I needed to know that the person coming through Mum’s door had been
              properly checked, and I needed to find them before things got worse. That is what {PRODUCT_NAME}{' '}
              is for.”
            </p>
          </blockquote>
          <figcaption className="mt-4 text-sm text-secondary-foreground">
            <cite className="font-semibold not-italic">{FOUNDER.name}</cite>, {FOUNDER.role}
          </figcaption>
        </figure>
      </section>

      <section aria-labelledby="our-mission" className="mx-auto mt-16 max-w-3xl">
        <h2 id="our-mission" className="text-2xl font-semibold">
          Our Mission
        </h2>
        <div className="mt-4 grid gap-4 leading-relaxed">
          <p>
            To make finding safe, dignified care at home as simple as it should be for every family in the UK,
            and to make independent caring a fair and respected career.
          </p>
          <p>
            We do that by checking carers carefully, showing families exactly what we checked, keeping prices
            clear, and building a site that everyone can use, including people using a screen reader, a
            keyboard or a small phone.
          </p>
        </div>
      </section>

      <section aria-labelledby="our-values" className="mt-16">
        <h2 id="our-values" className="text-center text-2xl font-semibold">
          Our Values
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-border p-6">
              <Icon aria-hidden="true" className="size-8 text-primary" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="verified-badge" className="mx-auto mt-16 max-w-3xl">
        <h2 id="verified-badge" className="text-2xl font-semibold">
          Behind Every Verified Badge
        </h2>
        <p className="mt-4 leading-relaxed">
          Joyce, the carer who looked after Rachel’s mum, had every check a family could want but no easy way
          to show it. So we built verification to do that for her. When a carer joins {PRODUCT_NAME}, this is
          what happens before families can find them:
        </p>
        <ol className="mt-6 grid gap-4">
          {VERIFICATION_STEPS.map(({ title, text }, index) => (
            <li key={title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
              >
                {index + 1}
              </span>
              <p className="pt-1">
                <strong className="font-semibold">{title}.</strong> {text}
              </p>
            </li>
          ))}
        </ol>
        <p className="mt-6 leading-relaxed">
          Families see the results on each carer’s profile, including the DBS level and issue date, so they
          can decide for themselves. We still encourage every family to meet a carer and see their documents
          before care starts.
        </p>
      </section>

      <section aria-labelledby="get-started" className="mt-16 rounded-lg bg-secondary p-6 text-center sm:p-8">
        <h2 id="get-started" className="text-2xl font-semibold">
          Ready to Get Started?
        </h2>
        <p className="mt-2 text-muted-foreground">
          Whether you are looking for care or offering it, we are here to help.
        </p>
        <div className="mt-6 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Button asChild size="lg">
            <Link to={paths.carers}>Find Care Now</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.carerSignup}>Become a Carer</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
