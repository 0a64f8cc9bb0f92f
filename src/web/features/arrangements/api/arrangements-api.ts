// Care arrangements, visits and the calendar feed: the queries and what each step sends.
// Type imports only from the contracts.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type {
  Arrangement,
  ArrangementProposalInput,
  ArrangementTerms,
  CalendarFeed,
  Visit,
  VisitNoticeInput,
} from '@contracts/arrangements';
import { conversationsQueryKey } from '@web/features/messaging';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { endpointKey } from '@web/lib/query-keys';
import { useSendOnceMutation } from '@web/lib/use-send-once';

/** GET /api/bookings and GET /api/visits (the contracts export only their schemas). */
export type Arrangements = { items: Arrangement[] };
export type Visits = { items: Visit[] };

export const arrangementsQueryKey = endpointKey(endpoints.arrangements.getBookings);
/** Visits for the coming four weeks. */
export const VISIT_DAYS = 28;
// From a day ago (VISITS_BEHIND_MS, below): the start moves with the clock, so the key leaves it out.
const VISITS_QUERY = { days: VISIT_DAYS + 1 };
export const visitsQueryKey = endpointKey(endpoints.arrangements.getVisits, { query: VISITS_QUERY });
export const calendarFeedQueryKey = endpointKey(endpoints.arrangements.getSettingsCalendarFeed);
/** The week view's weeks (each under it with its Monday). */
export const weekVisitsQueryKey = [...endpointKey(endpoints.arrangements.getVisits), 'week'];
/** How often an open agenda asks again, so a carer's notice shows without a reload. */
const AGENDA_REFRESH_MS = 15_000;

/** Both sides' arrangements. */
export function useArrangements({
  enabled = true,
  live = false,
}: { enabled?: boolean; live?: boolean } = {}) {
  return useQuery({
    queryKey: arrangementsQueryKey,
    queryFn: ({ signal }) => api(endpoints.arrangements.getBookings, { signal }),
    enabled,
    refetchInterval: live ? AGENDA_REFRESH_MS : false,
  });
}

/** The agenda asks from this long ago, so a visit under way (to check out of) is still there. */
const VISITS_BEHIND_MS = 24 * 3_600_000;

/** The visits of the coming weeks, asked again every few seconds and on focus while shown. */
export function useVisits({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: visitsQueryKey,
    queryFn: ({ signal }) =>
      api(endpoints.arrangements.getVisits, {
        query: { from: new Date(Date.now() - VISITS_BEHIND_MS).toISOString(), ...VISITS_QUERY },
        signal,
      }),
    enabled,
    refetchInterval: AGENDA_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}

/** After any step: the arrangements, the visits and the conversations (each step is a message). */
function refreshAll(queryClient: QueryClient): Promise<unknown> {
  // The weeks are asked again without waiting: a step's own answer (its toast) comes first.
  void queryClient.invalidateQueries({ queryKey: weekVisitsQueryKey });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: arrangementsQueryKey }),
    queryClient.invalidateQueries({ queryKey: visitsQueryKey }),
    queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
  ]);
}

function withArrangement(list: Arrangements | undefined, saved: Arrangement): Arrangements | undefined {
  if (!list) return list;
  const found = list.items.some((item) => item.id === saved.id);
  return {
    items: found ? list.items.map((item) => (item.id === saved.id ? saved : item)) : [saved, ...list.items],
  };
}

/** POST /api/bookings: the family proposes from their conversation. */
export function useProposeArrangement() {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: async (input: ArrangementProposalInput): Promise<Arrangement> => {
      return api(endpoints.arrangements.postBookings, { body: input });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<Arrangements>(arrangementsQueryKey, (list) => withArrangement(list, saved));
    },
    onSettled: () => refreshAll(queryClient),
  });
}

export type ArrangementStep =
  | { step: 'accept' }
  | { step: 'decline'; reason: string }
  | { step: 'propose'; terms: ArrangementTerms }
  | { step: 'end'; endDate: string };

/** POST /api/bookings/{id}/accept|decline|propose|end. */
export function useArrangementStep(id: string) {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: async (input: ArrangementStep): Promise<Arrangement> => {
      const params = { id };
      if (input.step === 'decline')
        return api(endpoints.arrangements.postBookingsByIdDecline, {
          params,
          body: { reason: input.reason },
        });
      if (input.step === 'propose')
        return api(endpoints.arrangements.postBookingsByIdPropose, { params, body: input.terms });
      if (input.step === 'end')
        return api(endpoints.arrangements.postBookingsByIdEnd, { params, body: { endDate: input.endDate } });
      return api(endpoints.arrangements.postBookingsByIdAccept, { params });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<Arrangements>(arrangementsQueryKey, (list) => withArrangement(list, saved));
    },
    // A 409 (the other side answered meanwhile) shows the arrangement as it now is.
    onSettled: () => refreshAll(queryClient),
  });
}

/** POST /api/visits/{id}/notice (the carer), DELETE it (the carer's undo) or POST /cancel (either side). */
export function useVisitAction(visitId: string) {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: async (
      input: { action: 'notice'; notice: VisitNoticeInput } | { action: 'undo' } | { action: 'cancel' },
    ): Promise<void> => {
      const params = { id: visitId };
      if (input.action === 'notice')
        await api(endpoints.arrangements.postVisitsByIdNotice, { params, body: input.notice });
      else if (input.action === 'undo') await api(endpoints.arrangements.deleteVisitsByIdNotice, { params });
      else await api(endpoints.arrangements.postVisitsByIdCancel, { params });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: visitsQueryKey }),
  });
}

export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarFeedQueryKey,
    queryFn: ({ signal }) => api(endpoints.arrangements.getSettingsCalendarFeed, { signal }),
  });
}

/** POST (a new address, which replaces any other) or DELETE (turn the feed off). */
export function useSetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean): Promise<CalendarFeed> => {
      return api(
        on
          ? endpoints.arrangements.postSettingsCalendarFeed
          : endpoints.arrangements.deleteSettingsCalendarFeed,
      );
    },
    // The address is shown from the answer only; the cached state just says whether it is on.
    onSuccess: (feed) => queryClient.setQueryData<CalendarFeed>(calendarFeedQueryKey, { ...feed, url: null }),
  });
}
