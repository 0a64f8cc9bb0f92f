import { useQuery } from '@tanstack/react-query';
import type { PublicCarer } from '@contracts/carers';
import type { CarerChecks } from '@contracts/verification';
import { endpoints } from '@contracts/endpoints';
import { endpointQuery } from '@web/lib/query-keys';

/**
 * GET /api/carers/{id}: the public profile, plus `checks` for subscribed customers,
 * admins and the carer themself; null or absent for everyone else.
 */
export type CarerWithChecks = PublicCarer & { checks?: CarerChecks | null };

export function carerQueryOptions(carerId: string) {
  return endpointQuery(endpoints.carers.getById, { params: { id: carerId } });
}

/** One carer's public profile; a 404 means missing or no longer listed. */
export function useCarer(carerId: string) {
  return useQuery(carerQueryOptions(carerId));
}
