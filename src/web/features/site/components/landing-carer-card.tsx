import { useState } from 'react';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import type { CarerSummary } from '@contracts/carers';
import { CARD_MAX_QUALIFICATIONS, LANDING_DESCRIPTION_MAX_LENGTH } from '@contracts/limits';
import { carerProfilePath } from '@contracts/paths';
import { RatingSummary } from '@web/components/star-rating';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatRateRange, initialsOf } from '@web/lib/format';

/** The first 100 characters and an ellipsis when the description is longer (product §2 landing card). */
export function truncateDescription(text: string, max = LANDING_DESCRIPTION_MAX_LENGTH): string {
  const trimmed = text.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max).trimEnd()}…` : trimmed;
}

/** 'Margaret Evans', or 'Elderly Care Specialist' when a profile has no name (product §2). */
function displayName(carer: CarerSummary): string {
  return `${carer.firstName} ${carer.lastName}`.trim() || `${carer.specialization} Specialist`;
}

/** 'Margaret', or 'Carer' when no first name is known: the contact button's name. */
function firstName(carer: CarerSummary): string {
  return carer.firstName.trim() || carer.user?.firstName?.trim() || 'Carer';
}

function initials(carer: CarerSummary): string {
  return initialsOf(carer, 'C');
}

// The card and its skeleton share these, so the grid keeps its size when the carers arrive.
// The looks of ui/card, ui/avatar and ui/badge are written out here: the Radix avatar and cva would
// add about 2 KB to the landing's JavaScript, which counts against the page's budget.
const CARD =
  'flex h-full w-full flex-col gap-4 rounded-lg border border-border bg-card p-5 text-card-foreground shadow-sm sm:p-6';
const HEAD = 'flex items-start gap-4';
const FACTS = 'grid grid-cols-2 gap-3 rounded-md bg-muted px-3 py-2 text-sm';
const DESCRIPTION = 'min-h-[4lh] text-sm sm:min-h-[3lh]';
const QUALIFICATIONS = 'flex min-h-[3.25rem] flex-wrap content-start gap-1.5';
const BADGE =
  'inline-flex w-fit items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

/** The carer's photo over their initials; the initials stay if there is no photo or it fails to load. */
function CarerPhoto({ carer, name }: { carer: CarerSummary; name: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="relative flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary text-lg font-semibold text-secondary-foreground">
      {/* Decorative: the name sits right beside it. */}
      <span aria-hidden="true">{initials(carer)}</span>
      {carer.photoUrl && !failed ? (
        <img
          src={carer.photoUrl}
          alt={`Photo of ${name}`}
          width={56}
          height={56}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : null}
    </span>
  );
}

/** Product §2 landing card: who, what, how well rated, how much, where, and a way to get in touch. */
export function LandingCarerCard({ carer }: { carer: CarerSummary }) {
  const name = displayName(carer);
  const qualifications = carer.qualifications.slice(0, CARD_MAX_QUALIFICATIONS);
  return (
    <article className={CARD} data-testid="landing-carer-card" aria-labelledby={`carer-${carer.id}`}>
      <div className={HEAD}>
        <CarerPhoto carer={carer} name={name} />
        <div className="min-w-0 flex-1">
          <h3 id={`carer-${carer.id}`} className="text-lg leading-snug font-semibold">
            <Link
              to={carerProfilePath(carer.id)}
              className="text-foreground underline-offset-4 hover:text-primary hover:underline"
            >
              {name}
            </Link>
          </h3>
          <p className="text-sm font-medium text-primary">{carer.specialization}</p>
          <p className="mt-0.5 flex items-start gap-1 text-sm text-muted-foreground">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0">{carer.location}</span>
          </p>
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <RatingSummary rating={carer.rating} reviewCount={carer.reviewCount} testId="landing-carer-rating" />
        {carer.isVerified ? <span className={`${BADGE} bg-green-100 text-green-900`}>Verified</span> : null}
      </div>

      <dl className={FACTS}>
        <div>
          <dt className="text-muted-foreground">Experience</dt>
          <dd className="font-medium">{carer.experience}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Hourly rate</dt>
          <dd className="font-medium">{formatRateRange(carer.hourlyRateMin, carer.hourlyRateMax)}</dd>
        </div>
      </dl>

      <p className={DESCRIPTION} data-testid="landing-carer-description">
        {truncateDescription(carer.description)}
      </p>

      <ul aria-label={`Qualifications of ${name}`} className={QUALIFICATIONS}>
        {qualifications.map((qualification, index) => (
          <li key={qualification} data-highlighted={index === 0 ? 'true' : undefined}>
            <span
              className={`${BADGE} ${index === 0 ? 'bg-primary text-primary-foreground' : 'bg-secondary text-secondary-foreground'}`}
            >
              {qualification}
            </span>
          </li>
        ))}
      </ul>

      {/* To the carer's profile, whose contact area says what contacting needs (the first brief: /subscribe). */}
      <Button asChild className="mt-auto w-full">
        <Link to={carerProfilePath(carer.id)}>Contact {firstName(carer)}</Link>
      </Button>
    </article>
  );
}

/** Stands in for a LandingCarerCard row for row while the carers load. */
export function LandingCarerCardSkeleton() {
  return (
    <div aria-hidden="true" className={CARD} data-testid="landing-carer-skeleton">
      <div className={HEAD}>
        <Skeleton className="size-14 shrink-0 rounded-full" />
        <div className="flex-1 space-y-2 pt-1">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-4 w-2/5" />
        </div>
      </div>
      <Skeleton className="h-5 w-2/5" />
      <Skeleton className="h-14" />
      <div className={`${DESCRIPTION} space-y-2`}>
        <Skeleton className="h-4" />
        <Skeleton className="h-4" />
        <Skeleton className="h-4 w-3/4" />
      </div>
      <div className={QUALIFICATIONS}>
        <Skeleton className="h-5 w-28 rounded-full" />
        <Skeleton className="h-5 w-24 rounded-full" />
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
      <Skeleton className="mt-auto h-10" />
    </div>
  );
}
