import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { Button } from '@web/components/ui/button';
import { currentUserQueryOptions } from '@web/lib/auth';
import { queryClient } from '@web/lib/query-client';
import { usePageTitle } from '@web/lib/use-page-title';
import { landingCarersQueryOptions } from '../api/landing-carers';
import { LandingCarers } from '../components/landing-carers';
import { LandingFeatures } from '../components/landing-features';
import { LandingHero } from '../components/landing-hero';
import { LandingPricing } from '../components/landing-pricing';

/**
 * A visit that starts at `/` signed out asks for the landing's carers as soon as the sign-in check
 * says so, not once the page has mounted: the answer (the server's preload for a visitor) is then
 * usually in the cache for the page's first render, which draws the cards at once instead of
 * skeletons, a second render and a second layout (docs/performance.md). Signed in, `/` is the
 * home, which asks nothing of these.
 */
if (typeof window !== 'undefined' && window.location.pathname === paths.home) {
  queryClient.fetchQuery(currentUserQueryOptions()).then(
    (user) => {
      if (user === null) void queryClient.prefetchQuery(landingCarersQueryOptions());
    },
    () => undefined,
  );
}

const DESCRIPTION =
  'Find DBS-checked, independent carers across the UK for elderly care, disability support, respite and live-in care. Compare profiles, reviews and rates.';

function LandingQuestions() {
  return (
    <section aria-labelledby="landing-questions" className="py-16 sm:py-20">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
        <h2 id="landing-questions" className="text-3xl font-bold tracking-tight">
          Questions before you start?
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">
          Choosing care is a big decision. Read our guides on finding and paying for care, or talk to our
          friendly team.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={paths.help}>Read our help guides</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.contact}>Contact our team</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

/** Product §2, Landing page and home page: `/` for signed-out visitors. The header and footer are global. */
export function LandingPage() {
  usePageTitle(undefined, DESCRIPTION);
  return (
    <>
      <LandingHero />
      <LandingFeatures />
      <LandingPricing />
      <LandingCarers />
      <LandingQuestions />
    </>
  );
}
