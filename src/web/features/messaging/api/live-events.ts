// GET /api/events: one server-sent event stream per signed-in tab (decision 0007).
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@contracts/messaging';
import { endpoints } from '@contracts/endpoints';
import { refreshMessages } from '@web/features/messaging/api/messaging-api';
import { endpointKey, invalidateUnder } from '@web/lib/query-keys';

const EVENTS_URL = endpoints.liveEvents.getEvents.path;
/** The browser retries a dropped stream by itself; these apply only when it gave up (a refusal). */
const RETRY_MIN_MS = 5_000;
const RETRY_MAX_MS = 60_000;

/** The event, checked by hand: this runs in every page's first load, zod does not. */
function eventOf(data: unknown): { type: string; conversationId: string } | null {
  if (typeof data !== 'string') return null;
  try {
    const event = JSON.parse(data) as Partial<LiveEvent>;
    return typeof event.conversationId === 'string' && typeof event.type === 'string'
      ? { type: event.type, conversationId: event.conversationId }
      : null;
  } catch {
    return null;
  }
}

/** The queries of care arrangements (each one's too) and visits. */
const AGENDA_KEYS = [
  endpointKey(endpoints.arrangements.getVisits),
  endpointKey(endpoints.arrangements.getBookings),
];

/**
 * Keeps messages current without polling: each event refetches the inbox, the unread count and
 * the thread it names. Every (re)connection refetches them all, since events sent while the stream
 * was down are gone. Mount once, for signed-in people only.
 */
export function useLiveEvents(enabled: boolean): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryDelay = RETRY_MIN_MS;

    const connect = () => {
      source = new EventSource(EVENTS_URL, { withCredentials: true });
      source.onopen = () => {
        retryDelay = RETRY_MIN_MS;
        void refreshMessages(queryClient);
      };
      source.onmessage = (message) => {
        const event = eventOf(message.data);
        if (!event) return;
        // A visit changed (a carer's notice, a cancellation): the agenda and arrangements refetch.
        if (event.type === 'visit') {
          void invalidateUnder(queryClient, AGENDA_KEYS);
          return;
        }
        void refreshMessages(queryClient, event.conversationId);
      };
      source.onerror = () => {
        // CONNECTING: the browser is already retrying. CLOSED: it refused to (an error status).
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        retryTimer = setTimeout(connect, retryDelay);
        retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
      };
    };

    connect();
    return () => {
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [enabled, queryClient]);
}
