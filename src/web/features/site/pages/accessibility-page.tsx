import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { PRODUCT_NAME } from '@contracts/pricing';
import { BUSINESS_HOURS, SITE_CONTACT } from '@contracts/site';
import { usePageTitle } from '@web/lib/use-page-title';

const PREPARED_ON = '22 November 2026';
const linkClass = 'font-medium text-primary underline underline-offset-4';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-semibold sm:text-2xl">
        {title}
      </h2>
      <div className="mt-3 grid gap-3 leading-relaxed">{children}</div>
    </section>
  );
}

function Bullets({ children }: { children: ReactNode }) {
  return <ul className="grid list-disc gap-2 pl-6">{children}</ul>;
}

/**
 * The accessibility statement, after the UK government's model statement: what works, what does
 * not yet, how to tell us, the enforcement route, and how we tested.
 */
export function AccessibilityPage() {
  usePageTitle(
    'Accessibility Statement',
    `How accessible ${PRODUCT_NAME} is: our commitment to WCAG 2.2 AA, known limitations, how to report a problem or ask for another format, and how we test.`,
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Accessibility Statement</h1>
      <p className="mt-4 leading-relaxed">
        This accessibility statement applies to the {PRODUCT_NAME} website, run by {PRODUCT_NAME} Ltd. We want
        as many people as possible to be able to use it, whether you are looking for care for someone you
        love, arranging your own care, or offering care as a carer.
      </p>

      <Section id="using-this-website" title="Using this website">
        <p>We design and test the website so that you should be able to:</p>
        <Bullets>
          <li>use every page with a keyboard alone, with a visible focus indicator at every step</li>
          <li>use the website with a screen reader or speech recognition software</li>
          <li>zoom in up to 400% without text spilling off the screen</li>
          <li>
            use it on a screen as narrow as 320 pixels, such as a small phone, without scrolling sideways
          </li>
          <li>read text and controls with colour contrast that meets WCAG 2.2 AA</li>
          <li>change colours, contrast and fonts using your browser or device settings</li>
          <li>turn off animation by choosing reduced motion in your device settings</li>
          <li>skip straight to the main content of each page with a “Skip to main content” link</li>
        </Bullets>
        <p>We have also tried to keep the text as simple as possible to understand.</p>
        <p>
          <a href="https://mcmw.abilitynet.org.uk/" className={linkClass}>
            AbilityNet has advice on making your device easier to use
          </a>{' '}
          if you have a disability.
        </p>
      </Section>

      <Section id="how-accessible" title="How accessible this website is">
        <p>We know some parts of this website are not fully accessible:</p>
        <Bullets>
          <li>
            photos on carer profiles are uploaded by carers; each has a text alternative naming the carer, but
            it cannot describe what the photo shows
          </li>
          <li>
            profiles, messages and reviews are written by carers and families, so they may not always use
            plain language
          </li>
          <li>
            when card payments are switched on, the card details form is provided by our payment provider in
            an embedded frame; we chose a provider that designs its form for accessibility, but we do not
            control its code
          </li>
        </Bullets>
      </Section>

      <Section id="feedback" title="Feedback and contact information">
        <p>
          If you need information on this website in a different format, such as large print, easy read or an
          audio recording, or you need help with any part of the service, contact us:
        </p>
        <Bullets>
          <li>
            email{' '}
            <a href={`mailto:${SITE_CONTACT.email}`} className={`${linkClass}`}>
              {SITE_CONTACT.email}
            </a>
          </li>
          <li>
            call{' '}
            <a href={SITE_CONTACT.phoneHref} className={linkClass}>
              {SITE_CONTACT.phoneDisplay}
            </a>{' '}
            ({BUSINESS_HOURS.map(({ days, hours }) => `${days} ${hours}`).join(', ')})
          </li>
          <li>
            use our{' '}
            <Link to={paths.contact} className={linkClass}>
              contact form
            </Link>
          </li>
        </Bullets>
        <p>{SITE_CONTACT.responseTime}</p>
      </Section>

      <Section id="reporting-problems" title="Reporting accessibility problems with this website">
        <p>
          We are always looking to improve the accessibility of this website. If you find a problem that is
          not listed on this page, or you think we are not meeting accessibility requirements, email{' '}
          <a href={`mailto:${SITE_CONTACT.email}`} className={`${linkClass}`}>
            {SITE_CONTACT.email}
          </a>{' '}
          and tell us the page and what happened. We will reply within 24 hours and tell you what we will do
          about it.
        </p>
      </Section>

      <Section id="enforcement" title="Enforcement procedure">
        <p>
          The Equality and Human Rights Commission (EHRC) enforces the Equality Act 2010, which requires
          service providers to make reasonable adjustments for disabled people. As a private company we are
          not covered by the public sector accessibility regulations, but we follow their model for this
          statement.
        </p>
        <p>
          If you contact us with a complaint and you are not happy with our response, contact the{' '}
          <a href="https://www.equalityadvisoryservice.com/" className={linkClass}>
            Equality Advisory and Support Service (EASS)
          </a>
          . In Northern Ireland, contact the{' '}
          <a href="https://www.equalityni.org/" className={linkClass}>
            Equality Commission for Northern Ireland
          </a>
          .
        </p>
      </Section>

      <Section id="technical-information" title="Technical information about this website’s accessibility">
        <p>
          {PRODUCT_NAME} Ltd is committed to making its website accessible, in line with the Web Content
          Accessibility Guidelines (WCAG) version 2.2 at level AA.
        </p>
        <h3 className="mt-2 text-lg font-semibold">Compliance status</h3>
        <p>
          This website is partially compliant with WCAG 2.2 AA, because of the limitations listed under “How
          accessible this website is”. The parts we write and build ourselves aim to meet every AA success
          criterion, and we treat any failure we find as a bug to fix.
        </p>
        <h3 className="mt-2 text-lg font-semibold">Content that is not within our control</h3>
        <p>
          Photos, profiles, messages and reviews written by users, and the payment provider’s card form, are
          not produced by us. We give people the tools to make their content accessible and help anyone who
          has trouble with them.
        </p>
      </Section>

      <Section id="how-we-tested" title="How we tested this website">
        <p>
          Every page is checked automatically with axe-core in a real browser, at desktop and mobile sizes,
          each time we change the website. Changes that introduce an accessibility failure are not released.
        </p>
        <p>
          We also test by hand: using every journey with a keyboard alone, with screen readers, zoomed to
          400%, and at a width of 320 pixels.
        </p>
      </Section>

      <Section id="preparation" title="Preparation of this accessibility statement">
        <p>
          This statement was prepared on {PREPARED_ON}. It was last reviewed on {PREPARED_ON}. The website was
          last tested on {PREPARED_ON}, by our own team.
        </p>
      </Section>
    </article>
  );
}
