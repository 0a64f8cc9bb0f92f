import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DemoMailbox } from '@contracts/demo';
import { endpoints } from '@contracts/endpoints';
import { api, ApiError } from '@web/lib/api-client';
import { endpointKey } from '@web/lib/query-keys';

/** GET /api/demo/mailbox; null when the server has none (production answers 404). */
export function demoMailboxQueryOptions() {
  return queryOptions({
    queryKey: endpointKey(endpoints.demo.getDemoMailbox),
    queryFn: async ({ signal }): Promise<DemoMailbox | null> => {
      try {
        return await api(endpoints.demo.getDemoMailbox, { signal });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.status === 404) return null;
        throw new Error(`The mailbox could not be loaded (${error.status}).`, { cause: error });
      }
    },
    retry: false,
    // New emails arrive as people click around the demo in another tab.
    refetchOnWindowFocus: true,
  });
}

export function useDemoMailbox() {
  return useQuery(demoMailboxQueryOptions());
}
