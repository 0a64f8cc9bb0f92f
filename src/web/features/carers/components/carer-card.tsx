import { BadgeCheck, MapPin, Navigation } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { carerDisplayName } from '@contracts/carers-search-text';
import type { CarerSummary } from '@contracts/carers';
import { CARD_MAX_AVAILABILITY, CARD_MAX_QUALIFICATIONS } from '@contracts/limits';
import { carerProfilePath } from '@contracts/paths';
import { RatingSummary } from '@web/components/star-rating';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { formatMiles, formatRateRange } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { CarerAvatar } from './carer-card-avatar';
import { CarerChipList } from './carer-card-lists';
import { ContactArea, searchOrigin } from './contact-area';
import { SaveCarerButton } from '@web/features/saved-carers';

export function VerifiedBadge() {
  return (
    <Badge variant="success">
      <BadgeCheck aria-hidden="true" />
      Verified
    </Badge>
  );
}

/** Stars filled to the rating, the number and the review count; 'New' before the first review. */
export function CarerRating({ carer }: { carer: CarerSummary }) {
  return <RatingSummary rating={carer.rating} reviewCount={carer.reviewCount} testId="carer-rating" />;
}

/** Product §2 carer card, for search results and the saved list. */
export function CarerCard({
  carer,
  headingLevel = 'h3',
  className,
}: {
  carer: CarerSummary;
  headingLevel?: 'h2' | 'h3';
  className?: string;
}) {
  const Heading = headingLevel;
  const name = carerDisplayName(carer);
  const location = useLocation();
  return (
    <Card className={cn('flex h-full w-full flex-col gap-4 p-5 sm:p-6', className)} data-testid="carer-card">
      <div className="flex items-start gap-4">
        <CarerAvatar carer={carer} />
        <div className="min-w-0 flex-1">
          <Heading className="text-lg leading-snug font-semibold [overflow-wrap:anywhere]">
            <Link
              to={carerProfilePath(carer.id)}
              state={searchOrigin(location)}
              className="text-foreground underline-offset-4 hover:text-primary hover:underline"
            >
              {name}
            </Link>
          </Heading>
          <p className="text-sm font-medium text-primary">{carer.specialization}</p>
          <p className="mt-0.5 flex items-start gap-1 text-sm text-muted-foreground">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0">
              {carer.location}
              {carer.postcodeDistrict ? ` (${carer.postcodeDistrict})` : null}
            </span>
          </p>
          {carer.distanceMiles !== undefined ? (
            <p
              className="mt-0.5 flex items-center gap-1 text-sm font-medium text-foreground"
              data-testid="carer-distance"
            >
              <Navigation aria-hidden="true" className="size-4 shrink-0" />
              {`${formatMiles(carer.distanceMiles)} away`}
            </p>
          ) : null}
        </div>
        <SaveCarerButton carer={carer} />
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <CarerRating carer={carer} />
        {carer.isVerified ? <VerifiedBadge /> : null}
      </div>

      <dl className="grid grid-cols-2 gap-3 rounded-md bg-muted px-3 py-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Experience</dt>
          <dd className="font-medium text-foreground">{carer.experience}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Hourly rate</dt>
          <dd className="font-medium text-foreground">
            {formatRateRange(carer.hourlyRateMin, carer.hourlyRateMax)}
          </dd>
        </div>
      </dl>

      <p className="line-clamp-3 min-h-[3lh] text-sm text-muted-foreground">{carer.description}</p>

      <div className="grid gap-2">
        <CarerChipList
          label={`Qualifications of ${name}`}
          items={carer.qualifications}
          max={CARD_MAX_QUALIFICATIONS}
          variant="secondary"
        />
        <CarerChipList
          label={`Availability of ${name}`}
          items={carer.availability}
          max={CARD_MAX_AVAILABILITY}
          variant="outline"
        />
      </div>

      <ContactArea carer={carer} layout="line" className="mt-auto pt-2" />
    </Card>
  );
}
