import { Link } from 'react-router';
import { LANDING_CARER_COUNT } from '@contracts/limits';
import { paths } from '@contracts/paths';
import { Button } from '@web/components/ui/button';
import { useLandingCarers } from '../api/landing-carers';
import { LandingCarerCard, LandingCarerCardSkeleton } from './landing-carer-card';

// One column up to large screens (a lone third card on a 2-column tablet grid looks unfinished).
const GRID = 'mx-auto grid max-w-xl gap-6 lg:max-w-none lg:grid-cols-3';

function CarerResults() {
  const { data: carers, isPending, isError } = useLandingCarers();

  if (isPending) {
    return (
      <div aria-busy="true" data-testid="landing-carers-loading">
        <p role="status" className="sr-only">
          Loading carers…
        </p>
        <div className={GRID}>
          {Array.from({ length: LANDING_CARER_COUNT }, (_, index) => (
            <LandingCarerCardSkeleton key={index} />
          ))}
        </div>
      </div>
    );
  }

  if (isError) {
    return (
      <div role="alert" className="mx-auto max-w-xl rounded-md border border-border bg-card p-4 text-center">
        <p>
          We couldn’t load our carers just now.{' '}
          <Link to={paths.carers} className="font-medium text-primary underline underline-offset-4">
            Browse all carers
          </Link>{' '}
          instead.
        </p>
      </div>
    );
  }

  if (carers.length === 0) {
    return (
      <div className="mx-auto max-w-xl rounded-lg border border-dashed border-border p-8 text-center">
        <p className="font-semibold">No carers to show just yet</p>
        <p className="mt-1 text-sm text-muted-foreground">
          New carers are finishing their background checks and will appear here soon. Offer care yourself?
          Join now and be among the first carers families meet.
        </p>
        <Button asChild variant="outline" className="mt-4">
          <Link to={paths.carerSignup}>Create your carer profile</Link>
        </Button>
      </div>
    );
  }

  return (
    <ul aria-label="Featured carers" className={GRID}>
      {carers.map((carer) => (
        <li key={carer.id} className="flex">
          <LandingCarerCard carer={carer} />
        </li>
      ))}
    </ul>
  );
}

/** Product §2 (Landing page), "Meet Our Professional Carers": the first three listed carers. */
export function LandingCarers() {
  return (
    <section aria-labelledby="meet-carers" className="bg-muted/60 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="meet-carers" className="text-3xl font-bold tracking-tight">
            Meet Our Professional Carers
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Experienced, background-checked carers who set their own rates and choose the families they
            support.
          </p>
        </div>
        <div className="mt-10">
          <CarerResults />
        </div>
        <p className="mt-10 text-center">
          <Link
            to={paths.carers}
            className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
          >
            See more carers near you
          </Link>
        </p>
      </div>
    </section>
  );
}
