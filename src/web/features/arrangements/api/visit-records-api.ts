// Visits that happened: check-in and check-out, a visit recorded afterwards, replies to notes, the
// history of past visits and the family's care details. Type imports only from the contracts.
import { useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Arrangement } from '@contracts/arrangements';
import type { CareDetailsFormValues, VisitHistory, VisitRecord } from '@contracts/visit-records';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { invalidateUnder, pagedEndpointKey } from '@web/lib/query-keys';
import { useSendOnceMutation } from '@web/lib/use-send-once';
import { arrangementsQueryKey, visitsQueryKey, weekVisitsQueryKey } from './arrangements-api';
import { offersKey, onYourWayKey } from './cover-api';

/** An arrangement's history, `pageSize` visits a page: ['/api/bookings', id, 'history', { limit }, 'pages']. */
export const visitHistoryQueryKey = (arrangementId: string, pageSize: number) =>
  pagedEndpointKey(endpoints.visitRecords.getBookingsByIdHistory, {
    params: { id: arrangementId },
    query: { limit: pageSize },
  });

/** An arrangement's past visits, newest first, `pageSize` at a time ("Show older visits"). */
export function useVisitHistory(arrangementId: string, pageSize: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: visitHistoryQueryKey(arrangementId, pageSize),
    queryFn: ({ pageParam, signal }): Promise<VisitHistory> =>
      api(endpoints.visitRecords.getBookingsByIdHistory, {
        params: { id: arrangementId },
        query: { limit: pageSize, ...(pageParam ? { before: pageParam } : {}) },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    enabled,
  });
}

/**
 * After any step on a visit: the agenda, the weeks, every arrangement's history, and the carer's
 * "Are you on your way?" prompts and cover offers (a check-in answers both).
 */
export function refreshVisits(queryClient: QueryClient): Promise<void> {
  // The weeks are asked again without waiting: a step's own answer (its toast) comes first.
  void queryClient.invalidateQueries({ queryKey: weekVisitsQueryKey });
  return invalidateUnder(queryClient, [
    visitsQueryKey,
    endpoints.visitRecords.getBookingsByIdHistory,
    onYourWayKey,
    offersKey,
  ]);
}

export type CheckOutValues = { note: string; ticks: string[] };
export type RecordValues = CheckOutValues & { date: string; arrived: string; left: string; reason: string };
export type VisitRecordStep =
  | { step: 'checkIn' }
  | { step: 'checkOut'; body: CheckOutValues }
  | { step: 'record'; body: RecordValues }
  | { step: 'reply'; text: string };

/** POST /api/visits/{id}/check-in | check-out | record | note/replies. */
export function useVisitRecordStep(visitId: string) {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: async (input: VisitRecordStep): Promise<VisitRecord> => {
      const params = { id: visitId };
      if (input.step === 'checkIn') return api(endpoints.visitRecords.postVisitsByIdCheckIn, { params });
      if (input.step === 'checkOut')
        return api(endpoints.visitRecords.postVisitsByIdCheckOut, { params, body: input.body });
      if (input.step === 'record')
        return api(endpoints.visitRecords.postVisitsByIdRecord, { params, body: input.body });
      return api(endpoints.visitRecords.postVisitsByIdNoteReplies, { params, body: { text: input.text } });
    },
    onSettled: () => refreshVisits(queryClient),
  });
}

/** PUT /api/bookings/{id}/care-details (the family). */
export function useSetCareDetails(arrangementId: string) {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: (details: CareDetailsFormValues): Promise<Arrangement> =>
      api(endpoints.visitRecords.putBookingsByIdCareDetails, {
        params: { id: arrangementId },
        body: details,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: arrangementsQueryKey }),
  });
}
