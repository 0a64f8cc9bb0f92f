// Visits that happened: check-in and check-out, a visit recorded afterwards, replies to notes, the
// history of past visits and the family's care details. Type imports only from the contracts.
import { useInfiniteQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Arrangement } from '@contracts/arrangements';
import type { CareDetailsFormValues, VisitHistory, VisitRecord } from '@contracts/visit-records';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { endpointKey, pagedEndpointKey } from '@web/lib/query-keys';
import { useSendOnceMutation } from '@web/lib/use-send-once';
import { arrangementsQueryKey, visitsQueryKey, weekVisitsQueryKey } from './arrangements-api';

/** An arrangement's history, `pageSize` visits a page: ['/api/bookings', id, 'history', { limit }, 'pages']. */
export const visitHistoryQueryKey = (arrangementId: string, pageSize: number) =>
  pagedEndpointKey(endpoints.visitRecords.getBookingsByIdHistory, {
    params: { id: arrangementId },
    query: { limit: pageSize },
  });
/** Whether a key is some arrangement's history (the third word of the address). */
const isHistoryKey = (key: QueryKey) =>
  key[0] === endpointKey(endpoints.arrangements.getBookings)[0] && key[2] === 'history';

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

function refreshVisits(queryClient: QueryClient): Promise<unknown> {
  // The weeks are asked again without waiting: a step's own answer (its toast) comes first.
  void queryClient.invalidateQueries({ queryKey: weekVisitsQueryKey });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: visitsQueryKey }),
    queryClient.invalidateQueries({ predicate: (query) => isHistoryKey(query.queryKey) }),
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
