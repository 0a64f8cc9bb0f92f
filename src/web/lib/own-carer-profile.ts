import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnCarerProfile } from '@contracts/carers';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { endpointKey } from '@web/lib/query-keys';

export const myProfileQueryKey = endpointKey(endpoints.carers.getCarerProfile);

/**
 * The signed-in carer's own profile, null while they have none yet (the dashboard, sign-up and
 * Settings all ask it). Product §7: no retry.
 * GET /api/carer-profile answers "none yet" 200 `{ profile: null }`, where the spec's
 * GET /api/carers/my-profile answers 404, which the browser logs as a failed request.
 */
export function myProfileQueryOptions() {
  return queryOptions({
    queryKey: myProfileQueryKey,
    queryFn: async ({ signal }): Promise<OwnCarerProfile | null> =>
      (await api(endpoints.carers.getCarerProfile, { signal })).profile,
    retry: false,
  });
}

export function useMyProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myProfileQueryOptions(), enabled });
}
