import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { CarerSummary, SavedCarers } from '@contracts/carers';
import type { CurrentUser } from '@contracts/auth';
import { toast } from '@web/components/ui/use-toast';
import { endpoints } from '@contracts/endpoints';
import { api, errorMessage } from '@web/lib/api-client';
import { endpointKey, endpointQuery } from '@web/lib/query-keys';

export const savedCarersQueryKey = endpointKey(endpoints.savedCarers.get);

/** Only customer accounts keep a saved list; the server refuses everyone else. */
export function canSaveCarers(user: CurrentUser | null): boolean {
  return user !== null && user.role === 'customer' && user.userType === 'customer';
}

export function savedCarersQueryOptions() {
  return endpointQuery(endpoints.savedCarers.get);
}

export function useSavedCarers(enabled: boolean) {
  return useQuery({ ...savedCarersQueryOptions(), enabled });
}

type ToggleSavedInput = { carer: CarerSummary; save: boolean };

async function toggleSavedCarer({ carer, save }: ToggleSavedInput): Promise<void> {
  await api(save ? endpoints.savedCarers.putByCarerId : endpoints.savedCarers.deleteByCarerId, {
    params: { carerId: carer.id },
  });
}

/** Saves or removes a carer, showing the change at once and undoing it if the server refuses. */
export function useToggleSavedCarer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleSavedCarer,
    onMutate: async ({ carer, save }) => {
      await queryClient.cancelQueries({ queryKey: savedCarersQueryKey });
      const previous = queryClient.getQueryData<SavedCarers>(savedCarersQueryKey);
      if (previous) {
        const others = previous.items.filter((item) => item.id !== carer.id);
        queryClient.setQueryData<SavedCarers>(savedCarersQueryKey, {
          items: save ? [carer, ...others] : others,
        });
      }
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(savedCarersQueryKey, context.previous);
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to update saved carers.'),
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedCarersQueryKey }),
  });
}
