import { useQuery } from '@tanstack/react-query';
import type { CarersMap } from '@contracts/carers';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { endpointKey } from '@web/lib/query-keys';

/** The tile address and the centres of `districts` (sorted, so one set of districts is one key). */
export function useCarersMap(districts: string[]) {
  const query = { districts: [...districts].sort().join(',') };
  return useQuery({
    queryKey: endpointKey(endpoints.carers.getMap, { query }),
    queryFn: ({ signal }): Promise<CarersMap> => api(endpoints.carers.getMap, { query, signal }),
    staleTime: 60 * 60_000,
  });
}
