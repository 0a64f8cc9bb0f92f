import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DemoMailbox } from '@contracts/demo';

/** GET /api/demo/mailbox; null when the server has none (production answers 404). */
export function demoMailboxQueryOptions() {
  return queryOptions({
    queryKey: ['/api/demo/mailbox'],
    queryFn: async ({ signal }): Promise<DemoMailbox | null> => {
      const response = await fetch('/api/demo/mailbox', {
        credentials: 'include',
        headers: { Accept: 'application/json' },
        signal,
      });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`The mailbox could not be loaded (${response.status}).`);
      return (await response.json()) as DemoMailbox;
    },
    retry: false,
    // New emails arrive as people click around the demo in another tab.
    refetchOnWindowFocus: true,
  });
}

export function useDemoMailbox() {
  return useQuery(demoMailboxQueryOptions());
}
