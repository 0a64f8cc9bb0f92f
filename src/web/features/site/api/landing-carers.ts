import { queryOptions, useQuery } from '@tanstack/react-query';
// Types only: a value import from @contracts/carers would pull zod into the landing's bundle.
import type { PublicCarer } from '@contracts/carers';
import { LANDING_CARER_COUNT } from '@contracts/limits';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';

async function fetchLandingCarers(): Promise<PublicCarer[]> {
  // '/api/carers?limit=3': LANDING_CARERS_API_URL, which the server preloads for the landing page.
  const result = await api(endpoints.carers.get, { query: { limit: LANDING_CARER_COUNT } });
  return result.items.slice(0, LANDING_CARER_COUNT);
}

export function landingCarersQueryOptions() {
  return queryOptions({
    // Under the '/api/carers' prefix, so anything that refreshes carer listings refreshes these too.
    queryKey: ['/api/carers', { limit: LANDING_CARER_COUNT }] as const,
    queryFn: fetchLandingCarers,
  });
}

/** The first three listed carers for the landing page's "Meet Our Professional Carers". */
export function useLandingCarers() {
  return useQuery(landingCarersQueryOptions());
}
