import { Check, HeartHandshake, MapPin, ShieldCheck, Star } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { TAGLINE } from '@contracts/pricing';
import { Button } from '@web/components/ui/button';

const TRUST_POINTS = [
  'DBS-checked, verified carers',
  'Honest reviews from families',
  'Local carers across the UK',
] as const;

const CHIP = 'absolute flex items-center gap-2 rounded-lg bg-white px-4 py-3 text-sm font-medium shadow-lg';

/** Drawn with CSS and icons instead of a photo, so the hero costs no image download. */
function HeroIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-md lg:block">
      <div className="flex aspect-square items-center justify-center rounded-[2rem] bg-linear-to-br from-primary to-primary-hover">
        <HeartHandshake className="size-40 text-white/90" strokeWidth={1.25} />
      </div>
      <div className={`${CHIP} top-10 -left-6`}>
        <ShieldCheck className="size-5 text-primary" />
        DBS checked
      </div>
      <div className={`${CHIP} top-1/2 -right-4`}>
        <Star className="size-5 fill-amber-400 text-amber-500" />
        Reviewed by families
      </div>
      <div className={`${CHIP} bottom-8 left-6`}>
        <MapPin className="size-5 text-primary" />
        Carers near you
      </div>
    </div>
  );
}

/** The landing page's opening: who we are for, and the two ways in (SPEC 2). */
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
              {/* To the search, which visitors may use (SPEC: /subscribe, which asks them to sign in). */}
              <Link to={paths.carers}>Find Care Services</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.carerSignup}>Become a Carer</Link>
            </Button>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            Already have an account? {/* A full-page navigation: signing in is the server's job (SPEC 1). */}
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
