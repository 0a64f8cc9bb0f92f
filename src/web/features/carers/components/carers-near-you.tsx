import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import type { CurrentUser } from '@contracts/auth';
import { carerSearchPagePath } from '@contracts/carers-search-url';
import { endpoints } from '@contracts/endpoints';
import { LANDING_CARER_COUNT } from '@contracts/limits';
import { carerProfilePath, paths } from '@contracts/paths';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { api } from '@web/lib/api-client';
import { endpointKey } from '@web/lib/query-keys';
import { formatMiles } from '@web/lib/format';
import { useSearchPlace } from '@web/lib/search-place';

const LINK = 'font-medium text-primary underline underline-offset-4 hover:text-primary-hover';

function useNearbyCarers(place: string | null | undefined) {
  const query = { near: place ?? '', limit: LANDING_CARER_COUNT };
  return useQuery({
    // A carer search's key, so anything that refreshes carer listings refreshes these too.
    queryKey: endpointKey(endpoints.carers.get, { query }),
    queryFn: async () => (await api(endpoints.carers.get, { query })).items,
    enabled: Boolean(place),
  });
}

function NearbyList({ place }: { place: string }) {
  const carers = useNearbyCarers(place);
  if (carers.isPending) {
    return (
      <div aria-busy="true" className="mt-4 grid gap-3">
        <p role="status" className="sr-only">
          Loading carers near you...
        </p>
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (carers.isError) {
    return <p className="mt-4 text-sm">We could not look for carers near {place} just now.</p>;
  }
  if (carers.data.length === 0) {
    return (
      <p className="mt-4 text-sm">No carers travel to {place} yet. Try a wider distance in the search.</p>
    );
  }
  return (
    <ul aria-label={`Carers near ${place}`} className="mt-4 grid gap-3">
      {carers.data.map((carer) => (
        <li key={carer.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <span className="min-w-0">
            <Link to={carerProfilePath(carer.id)} className={LINK}>
              {`${carer.firstName} ${carer.lastName}`.trim() || carer.specialization}
            </Link>
            <span className="text-sm text-muted-foreground">{`, ${carer.specialization}`}</span>
          </span>
          {carer.distanceMiles !== undefined ? (
            <span className="text-sm">
              {`${formatMiles(carer.distanceMiles)} away`}
              {carer.postcodeDistrict ? ` (${carer.postcodeDistrict})` : null}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The customer home's "Carers near you": the nearest three to their saved place. */
export function CarersNearYou({ user }: { user: CurrentUser }) {
  const { place } = useSearchPlace(user);
  return (
    <Card className="p-6 md:col-span-2">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <MapPin aria-hidden="true" className="size-5 text-primary" />
        Carers near you
      </h2>
      {place === undefined ? (
        <Skeleton className="mt-4 h-12" />
      ) : place ? (
        <>
          <NearbyList place={place} />
          <p className="mt-4">
            <Link to={carerSearchPagePath(paths.customerDashboard, place)} className={LINK}>
              {`See all carers near ${place}`}
            </Link>
          </p>
        </>
      ) : (
        <p className="mt-3 text-sm">
          <Link to={`${paths.settings}#search-place`} className={LINK}>
            Save your postcode or town in Settings
          </Link>{' '}
          and we will show the carers nearest to you here, and start every search from it.
        </p>
      )}
    </Card>
  );
}
