import { queryOptions, useQuery } from '@tanstack/react-query';

import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';

export const carerReviewsQueryKey = (carerId: string) => ['/api/carers', carerId, 'reviews'] as const;

/** Newest first, as the server sends them. */
export function carerReviewsQueryOptions(carerId: string) {
  return queryOptions({
    queryKey: carerReviewsQueryKey(carerId),
    queryFn: ({ signal }) => api(endpoints.carers.getByIdReviews, { params: { id: carerId }, signal }),
  });
}

/** Product §7: reviews are fetched only once the profile (and so its id) is known. */
export function useCarerReviews(carerId: string | undefined) {
  return useQuery({ ...carerReviewsQueryOptions(carerId ?? ''), enabled: Boolean(carerId) });
}
