import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarerReview } from '@contracts/carers';
import { getQueryFn } from '@web/lib/api-client';

export const carerReviewsQueryKey = (carerId: string) => ['/api/carers', carerId, 'reviews'] as const;

/** Newest first, as the server sends them. */
export function carerReviewsQueryOptions(carerId: string) {
  return queryOptions({
    queryKey: carerReviewsQueryKey(carerId),
    queryFn: getQueryFn<CarerReview[]>({ on401: 'throw' }),
  });
}

/** SPEC 7: reviews are fetched only once the profile (and so its id) is known. */
export function useCarerReviews(carerId: string | undefined) {
  return useQuery({ ...carerReviewsQueryOptions(carerId ?? ''), enabled: Boolean(carerId) });
}
