import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnCarerProfile } from '@contracts/carers';
import { getQueryFn, parseApiError } from '@web/lib/api-client';

export const myProfileQueryKey = ['/api/carers/my-profile'] as const;

/** The signed-in carer's own profile; 404 means they have none yet. SPEC 7: no retry. */
export function myProfileQueryOptions() {
  return queryOptions({
    queryKey: myProfileQueryKey,
    queryFn: getQueryFn<OwnCarerProfile>({ on401: 'throw' }),
    retry: false,
  });
}

export function useMyProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myProfileQueryOptions(), enabled });
}

/** True when the answer was "you have no carer profile" rather than a failure. */
export function isNoProfileError(error: unknown): boolean {
  return parseApiError(error)?.status === 404;
}
