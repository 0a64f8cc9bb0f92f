// The signed-in customer's own review of one carer.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { REVIEW_MESSAGES, type ReviewInput, type SavedReview } from '@contracts/reviews';
import { toast } from '@web/components/ui/use-toast';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { endpointKey, endpointQuery } from '@web/lib/query-keys';
import { savedCarersQueryKey } from '@web/features/saved-carers';
import { useSendOnceMutation } from '@web/lib/use-send-once';

export function myReviewQueryOptions(carerId: string) {
  return endpointQuery(endpoints.reviews.getCarersByIdReviewsMine, { params: { id: carerId } });
}

/** Whether the viewer may review this carer, and their review if they wrote one. */
export function useMyReview(carerId: string, enabled: boolean) {
  return useQuery({ ...myReviewQueryOptions(carerId), enabled });
}

/**
 * PUT /api/carers/{id}/reviews/mine writes or changes the review. The carer's rating and count
 * show on their profile, every search card and the saved list, so all of those are refetched.
 */
export function useSaveReview(carerId: string) {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: async (input: ReviewInput): Promise<SavedReview> => {
      return api(endpoints.reviews.putCarersByIdReviewsMine, { params: { id: carerId }, body: input });
    },
    onSuccess: async (saved) => {
      // Here, not in the form: saving a first review swaps the form for the saved one, and a
      // component's own mutate callbacks do not run once it has unmounted.
      toast({ title: REVIEW_MESSAGES.savedTitle, description: REVIEW_MESSAGES.savedDescription });
      queryClient.setQueryData(myReviewQueryOptions(carerId).queryKey, {
        eligible: true,
        review: saved.review,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: endpointKey(endpoints.carers.get) }),
        queryClient.invalidateQueries({ queryKey: savedCarersQueryKey }),
      ]);
    },
  });
}
