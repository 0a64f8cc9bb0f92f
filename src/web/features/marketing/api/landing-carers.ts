import { queryOptions, useQuery } from '@tanstack/react-query';
// Types only: a value import from @contracts/carers would pull zod into the landing's bundle.
import type { CarerSearchResult, PublicCarer } from '@contracts/carers';
import { LANDING_CARERS_API_URL } from '@contracts/carer-search-url';
import { LANDING_CARER_COUNT } from '@contracts/limits';
import { apiRequest } from '@web/lib/api-client';

async function fetchLandingCarers(): Promise<PublicCarer[]> {
  const response = await apiRequest('GET', LANDING_CARERS_API_URL);
  const result = (await response.json()) as CarerSearchResult;
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
