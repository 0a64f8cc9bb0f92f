import { Check, MapPin, ShieldCheck, Star } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
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

/** The landing page's opening: who we are for, and the two ways in (product §2). */
export function LandingHero() {
  return (
    <section aria-labelledby="hero-title" className="bg-linear-to-b from-secondary to-background">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{TAGLINE}</p>
          <h1 id="hero-title" className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Find Trusted, Verified Carers Across the UK
          </h1>
          <p className="mt-6 text-lg text-muted-foreground">
            Compare independent, DBS-checked carers for elderly care, disability support, respite breaks and
            live-in care. See each carer’s checks, reviews and rates, then choose the right person for your
            family.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              {/* To the search, which visitors may use (the first brief: /subscribe, which asks them to sign in). */}
              <Link to={paths.carers}>Find Care Services</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.carerSignup}>Become a Carer</Link>
            </Button>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
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
