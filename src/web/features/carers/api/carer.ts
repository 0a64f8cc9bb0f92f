import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicCarer } from '@contracts/carers';
import { getQueryFn } from '@web/lib/api-client';

export function carerQueryOptions(carerId: string) {
  return queryOptions({
    queryKey: ['/api/carers', carerId],
    queryFn: getQueryFn<PublicCarer>({ on401: 'throw' }),
  });
}

/** One carer's public profile; a 404 means missing or no longer listed. */
export function useCarer(carerId: string) {
  return useQuery(carerQueryOptions(carerId));
}
