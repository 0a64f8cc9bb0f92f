// No-show alerts and cover (decision 0037): the family's alerts, cover plan and offers; the
// carer's "Are you on your way?"; a backup's offers. Type imports only from the contracts.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CoverOffer, CoverPlan, CoverPlanFormValues, FamilyAlert } from '@contracts/cover';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { endpointKey, invalidateUnder } from '@web/lib/query-keys';
import { useSendOnceMutation } from '@web/lib/use-send-once';
import { visitsQueryKey } from './arrangements-api';

export const alertsKey = endpointKey(endpoints.cover.getCoverAlerts);
export const onYourWayKey = endpointKey(endpoints.cover.getCoverOnYourWay);
export const offersKey = endpointKey(endpoints.cover.getCoverOffers);
export const coverPlanKey = (id: string) =>
  endpointKey(endpoints.cover.getBookingsByIdCover, { params: { id } });

/** After any cover change: the alerts, prompts, offers, every cover plan, and the agenda. */
export function refreshCover(queryClient: QueryClient): Promise<void> {
  return invalidateUnder(queryClient, [
    alertsKey,
    onYourWayKey,
    offersKey,
    endpoints.cover.getBookingsByIdCover,
    visitsQueryKey,
  ]);
}

/** The family's alerts: visits the carer has not checked in to, or can't make. */
export function useFamilyAlerts(enabled = true) {
  return useQuery({
    queryKey: alertsKey,
    queryFn: ({ signal }) => api(endpoints.cover.getCoverAlerts, { signal }),
    enabled,
    refetchInterval: 60_000,
  });
}

/** The carer's visits not checked in to since the family was alerted. */
export function useOnYourWay(enabled = true) {
  return useQuery({
    queryKey: onYourWayKey,
    queryFn: ({ signal }) => api(endpoints.cover.getCoverOnYourWay, { signal }),
    enabled,
    refetchInterval: 60_000,
  });
}

/** Visits offered to this carer as a backup. */
export function useCoverOffers(enabled = true) {
  return useQuery({
    queryKey: offersKey,
    queryFn: ({ signal }) => api(endpoints.cover.getCoverOffers, { signal }),
    enabled,
  });
}

export function useCoverPlan(arrangementId: string, enabled = true) {
  return useQuery({
    queryKey: coverPlanKey(arrangementId),
    queryFn: ({ signal }) =>
      api(endpoints.cover.getBookingsByIdCover, { params: { id: arrangementId }, signal }),
    enabled,
  });
}

export function useSetCoverPlan(arrangementId: string) {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: (body: CoverPlanFormValues): Promise<CoverPlan> =>
      api(endpoints.cover.putBookingsByIdCover, { params: { id: arrangementId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coverPlanKey(arrangementId) }),
  });
}

/** The family offers a visit to its backups (one tap, its own choice). */
export function useOfferCover(visitId: string) {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: (): Promise<FamilyAlert> =>
      api(endpoints.cover.postVisitsByIdCoverOffer, { params: { id: visitId } }),
    onSettled: () => refreshCover(queryClient),
  });
}

/** A backup accepts an offer: the first to accept takes the visit. */
export function useAcceptOffer(offerId: string) {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: (): Promise<CoverOffer> =>
      api(endpoints.cover.postCoverOffersByIdAccept, { params: { id: offerId } }),
    onSettled: () => refreshCover(queryClient),
  });
}

/** "Can't make it" in answer to "Are you on your way?". */
export function useCantMakeIt(visitId: string) {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: () =>
      api(endpoints.arrangements.postVisitsByIdNotice, {
        params: { id: visitId },
        body: { kind: 'cant_make_it' },
      }),
    onSettled: () => refreshCover(queryClient),
  });
}
