// The carer's today and tomorrow, readable offline: each answer is kept on the phone for the
// signed-in carer (src/web/lib/offline/offline-store.ts) and shown from there when the network
// is gone; check-ins and check-outs made then wait in a queue and are sent, with the times they
// were made and their own Idempotency-Keys, once the phone is back online.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Visit } from '@contracts/arrangements';
import { OFFLINE_TEXT } from '@contracts/app-install';
import { endpoints } from '@contracts/endpoints';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, api, errorMessage } from '@web/lib/api-client';
import { isNetworkFailure, offlineStore, type QueuedStep } from '@web/lib/offline/offline-store';
import { endpointKey } from '@web/lib/query-keys';
import { refreshVisits } from './visit-records-api';

/** What the carer needs of a visit's arrangement: the area, who the care is for and the notes. */
export interface TodayDetails {
  /** The family's postcode district ('LS6'), never the address; null when not given. */
  area: string | null;
  careFor: string;
  careNotes: string;
  noteTicks: string[];
}

export interface TodaySnapshot {
  savedAt: string;
  visits: Visit[];
  details: Record<string, TodayDetails>;
}

export type TodayView = TodaySnapshot & { offline: boolean };

const SNAPSHOT = 'today';
const HOUR = 3_600_000;

/** 'YYYY-MM-DD' in the UK, as the visits' dates are. */
const ukDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(at);

export const todayQueryKey = (userId: string) => [
  ...endpointKey(endpoints.arrangements.getVisits),
  'today',
  userId,
];
export const queueQueryKey = (userId: string) => [...todayQueryKey(userId), 'queue'];

async function fetchToday(signal: AbortSignal): Promise<TodaySnapshot> {
  const now = new Date();
  const days = new Set([ukDay(now), ukDay(new Date(now.getTime() + 24 * HOUR))]);
  const [visits, arrangements] = await Promise.all([
    api(endpoints.arrangements.getVisits, {
      query: { from: new Date(now.getTime() - 24 * HOUR).toISOString(), days: 3 },
      signal,
    }),
    api(endpoints.arrangements.getBookings, { signal }),
  ]);
  // Today's and tomorrow's, and one checked into yesterday and not yet out.
  const kept = visits.items.filter(
    (visit) => days.has(visit.date) || (visit.checkedInAt !== null && visit.checkedOutAt === null),
  );
  const details: Record<string, TodayDetails> = {};
  for (const arrangement of arrangements.items) {
    if (!kept.some((visit) => visit.arrangementId === arrangement.id)) continue;
    details[arrangement.id] = {
      area: arrangement.area,
      careFor: arrangement.careFor,
      careNotes: arrangement.careNotes,
      noteTicks: arrangement.noteTicks,
    };
  }
  return { savedAt: now.toISOString(), visits: kept, details };
}

/** Today and tomorrow: from the server, kept for offline; from the phone when the network is gone. */
export function useTodayAndTomorrow(userId: string) {
  return useQuery({
    queryKey: todayQueryKey(userId),
    queryFn: async ({ signal }): Promise<TodayView> => {
      try {
        const snapshot = await fetchToday(signal);
        await offlineStore.saveSnapshot(userId, SNAPSHOT, snapshot).catch(() => undefined);
        return { ...snapshot, offline: false };
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        const saved = await offlineStore.readSnapshot<TodaySnapshot>(userId, SNAPSHOT).catch(() => undefined);
        if (!saved) throw error;
        return { ...saved, offline: true };
      }
    },
    // Asked even offline: the answer then comes from the phone.
    networkMode: 'always',
    retry: false,
    refetchInterval: 30_000,
  });
}

/** The carer's steps still on the phone, oldest first. */
export function useQueuedSteps(userId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queueQueryKey(userId),
    queryFn: () => offlineStore.queued(userId),
    networkMode: 'always',
  });
  useEffect(() => {
    const send = () => void sendQueued(queryClient, userId);
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [queryClient, userId]);
  return query;
}

/** Keeps a step on the phone and tries to send it (and any before it) at once. */
export async function queueStep(queryClient: QueryClient, step: QueuedStep): Promise<void> {
  await offlineStore.enqueue(step);
  await queryClient.invalidateQueries({ queryKey: queueQueryKey(step.userId) });
  await sendQueued(queryClient, step.userId);
}

let sending: Promise<void> | undefined;

/**
 * Sends the waiting steps in the order they were made, each with its time and key, until one
 * meets no network (the rest wait for the next try). One the server refuses (the visit was
 * cancelled meanwhile, the day-old limit passed) is dropped and the carer told why.
 */
export function sendQueued(queryClient: QueryClient, userId: string): Promise<void> {
  sending ??= (async () => {
    let sent = 0;
    try {
      for (const step of await offlineStore.queued(userId)) {
        try {
          const params = { id: step.visitId };
          if (step.step === 'checkIn') {
            await api(endpoints.visitRecords.postVisitsByIdCheckIn, {
              params,
              body: { at: step.at },
              idempotencyKey: step.id,
            });
          } else {
            await api(endpoints.visitRecords.postVisitsByIdCheckOut, {
              params,
              body: { at: step.at, note: step.note, ticks: step.ticks },
              idempotencyKey: step.id,
            });
          }
          sent += 1;
        } catch (error) {
          const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
          const retryLater = !refused || error.status === 401 || error.status === 408 || error.status === 429;
          if (retryLater) break;
          toast({
            variant: 'destructive',
            title: OFFLINE_TEXT.refusedToast,
            description: `${step.label}: ${errorMessage(error, '')}`,
          });
        }
        await offlineStore.remove(step.id);
      }
    } finally {
      sending = undefined;
      await queryClient.invalidateQueries({ queryKey: queueQueryKey(userId) });
      if (sent > 0) {
        toast({ title: OFFLINE_TEXT.sentToast(sent) });
        await Promise.all([
          refreshVisits(queryClient),
          queryClient.invalidateQueries({ queryKey: todayQueryKey(userId) }),
        ]);
      }
    }
  })();
  return sending;
}
