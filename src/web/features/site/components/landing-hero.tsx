import { useState, type FormEvent } from 'react';
import { Check, MapPin, Search, ShieldCheck, Star } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { carerSearchPagePath } from '@contracts/carers-search-url';
import { paths } from '@contracts/paths';
import { Input } from '@web/components/ui/input';
import { TAGLINE } from '@contracts/pricing';
import { Button } from '@web/components/ui/button';
import heroImageUrl from '@web/assets/illustrations/hero-tea-at-home.svg?no-inline';

const TRUST_POINTS = [
  'DBS-checked, verified carers',
  'Honest reviews from families',
  'Local carers across the UK',
] as const;

const CHIP =
  'absolute hidden items-center gap-2 rounded-lg bg-white px-4 py-3 text-sm font-medium shadow-lg lg:flex';

/** Its drawn size; the picture scales down with the column and keeps its shape. */
export const HERO_IMAGE = { width: 560, height: 480 } as const;
export const HERO_IMAGE_ALT =
  'Illustration: a carer and an older woman sitting together on her sofa at home, sharing a cup of tea';

/**
 * An illustration drawn for us (scripts/make-illustrations.ts), 4 KB of SVG: beside the text on a
 * wide screen, under it on a phone, where it is below the fold and so loads lazily.
 */
function HeroIllustration() {
  return (
    <div className="relative mx-auto w-full max-w-md">
      <img
        src={heroImageUrl}
        alt={HERO_IMAGE_ALT}
        width={HERO_IMAGE.width}
        height={HERO_IMAGE.height}
        loading="lazy"
        decoding="async"
        className="h-auto w-full rounded-[2rem] shadow-sm"
        data-testid="hero-image"
      />
      <div aria-hidden="true" className={`${CHIP} top-10 -left-6`}>
        <ShieldCheck className="size-5 text-primary" />
        DBS checked
      </div>
      <div aria-hidden="true" className={`${CHIP} top-1/2 -right-4`}>
        <Star className="size-5 fill-amber-400 text-amber-500" />
        Reviewed by families
      </div>
      <div aria-hidden="true" className={`${CHIP} bottom-8 left-6`}>
        <MapPin className="size-5 text-primary" />
        Carers near you
      </div>
    </div>
  );
}

/**
 * The first question, on the first screen: where care is needed. It goes straight to the carers
 * near that place (the search's `near`), where a place we do not know is said beside the box. A
 * plain GET form to the search, so it works before the page's code has run; empty, it shows every
 * carer. (The first brief's "Find Care Services" went to /subscribe, which asks visitors to sign in.)
 */
function PlaceForm() {
  const navigate = useNavigate();
  const [place, setPlace] = useState('');
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const near = place.trim();
    void navigate(near ? carerSearchPagePath(paths.carers, near) : paths.carers);
  }
  return (
    <form
      role="search"
      aria-label="Find carers near you"
      action={paths.carers}
      method="get"
      onSubmit={handleSubmit}
      className="mt-6 grid max-w-xl gap-2 sm:mt-8"
    >
      <label htmlFor="landing-place" className="text-base font-semibold text-foreground">
        Where is care needed?
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          id="landing-place"
          name="near"
          type="search"
          autoComplete="postal-code"
          maxLength={100}
          placeholder="Postcode or town, like LS6 3AB or Leeds"
          aria-describedby="landing-place-hint"
          className="h-12 min-w-0 flex-1 text-base"
          value={place}
          onChange={(event) => setPlace(event.target.value)}
        />
        <Button type="submit" size="lg" className="h-12">
          <Search aria-hidden="true" />
          Find Care Services
        </Button>
      </div>
      <p id="landing-place-hint" className="text-sm text-muted-foreground">
        We show the verified carers who travel to you, nearest first. Free to search, no account needed.
      </p>
    </form>
  );
}

/** The landing page's opening: who we are for, and the two ways in (product §2). */
export function LandingHero() {
  return (
    <section aria-labelledby="hero-title" className="bg-linear-to-b from-secondary to-background">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-8 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{TAGLINE}</p>
          <h1 id="hero-title" className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-5xl">
            Find Trusted, Verified Carers Across the UK
          </h1>

          <PlaceForm />
          <p className="mt-6 text-base text-muted-foreground sm:text-lg">
            Compare independent, DBS-checked carers for elderly care, disability support, respite breaks and
            live-in care. See each carer’s checks, reviews and rates, then choose the right person for your
            family.
          </p>
          <p className="mt-4 text-sm text-muted-foreground">
            Looking for work as a carer?{' '}
            <Link to={paths.carerSignup} className="font-medium text-primary underline underline-offset-4">
              Become a Carer
            </Link>
          </p>
          <p className="mt-2 text-sm text-muted-foreground">
            Already have an account? {/* Full-page: signing in is the server's job (product §2, Routes). */}
            <a href={paths.apiLogin} className="font-medium text-primary underline underline-offset-4">
              Sign In
            </a>
          </p>
          <ul aria-label="Why families trust us" className="mt-8 grid gap-2 text-sm font-medium">
            {TRUST_POINTS.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-5 shrink-0 text-primary" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
