import { useQuery } from '@tanstack/react-query';

import { endpoints } from '@contracts/endpoints';
import { endpointQuery } from '@web/lib/query-keys';

/** Newest first, as the server sends them. */
export function carerReviewsQueryOptions(carerId: string) {
  return endpointQuery(endpoints.carers.getByIdReviews, { params: { id: carerId } });
}

/** Product §7: reviews are fetched only once the profile (and so its id) is known. */
export function useCarerReviews(carerId: string | undefined) {
  return useQuery({ ...carerReviewsQueryOptions(carerId ?? ''), enabled: Boolean(carerId) });
}
