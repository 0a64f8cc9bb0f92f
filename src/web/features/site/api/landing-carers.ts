import { queryOptions, useQuery } from '@tanstack/react-query';
// Types only: a value import from @contracts/carers would pull zod into the landing's bundle.
import type { CarerSummary } from '@contracts/carers';
import { LANDING_CARER_COUNT } from '@contracts/limits';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { endpointKey } from '@web/lib/query-keys';

/** GET /api/carers?limit=3: LANDING_CARERS_API_URL, which the server preloads for the landing page. */
const LANDING_QUERY = { limit: LANDING_CARER_COUNT };

async function fetchLandingCarers(): Promise<CarerSummary[]> {
  const result = await api(endpoints.carers.get, { query: LANDING_QUERY });
  return result.items.slice(0, LANDING_CARER_COUNT);
}

export function landingCarersQueryOptions() {
  return queryOptions({
    // A carer search's key, so anything that refreshes carer listings refreshes these too.
    queryKey: endpointKey(endpoints.carers.get, { query: LANDING_QUERY }),
    queryFn: fetchLandingCarers,
  });
}

/** The first three listed carers for the landing page's "Meet Our Professional Carers". */
export function useLandingCarers() {
  return useQuery(landingCarersQueryOptions());
}
