// The message queries, shared by the header badge, the inbox, the carer dashboard's Messages
// tab and the contact dialog. Type imports only: the header is in every page's first load, and
// zod (which the contracts' values pull in) must stay out of it.
import { useQuery, type QueryClient } from '@tanstack/react-query';

import { endpoints } from '@contracts/endpoints';
import { endpointKey, endpointQuery } from '@web/lib/query-keys';

/** Every conversation query starts with this, so one prefix refreshes the inbox and every thread. */
export const conversationsQueryKey = endpointKey(endpoints.messaging.getConversations);
export const unreadCountQueryKey = endpointKey(endpoints.messaging.getMessagesUnread);

/** The thread's key: the inbox's, then the conversation's id. */
export function conversationQueryKey(conversationId: string) {
  return conversationQueryOptions(conversationId).queryKey;
}

export function conversationsQueryOptions() {
  return endpointQuery(endpoints.messaging.getConversations);
}

/** The signed-in person's conversations, most recent activity first. */
export function useConversations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...conversationsQueryOptions(), enabled });
}

export function conversationQueryOptions(conversationId: string) {
  return endpointQuery(endpoints.messaging.getConversationsById, { params: { id: conversationId } });
}

/** The number beside "Messages" in the header; only asked for when someone is signed in. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...endpointQuery(endpoints.messaging.getMessagesUnread), enabled });
}

/**
 * After a message is written or read: the inbox, the header's count and the thread it happened in.
 * Without an id every thread is refreshed (after a reconnect we cannot know what was missed).
 */
export function refreshMessages(queryClient: QueryClient, conversationId?: string): Promise<unknown> {
  return Promise.all([
    conversationId
      ? Promise.all([
          queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true }),
          queryClient.invalidateQueries({ queryKey: conversationQueryKey(conversationId) }),
        ])
      : queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
    queryClient.invalidateQueries({ queryKey: unreadCountQueryKey }),
  ]);
}

/** 'Fiona B.' → 'FB'; the avatar's fallback when there is no photo. */
export function nameInitials(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}]/gu, '').charAt(0))
    .join('');
  return letters.slice(0, 2).toUpperCase() || '?';
}

/**
 * When a message was written, short enough for an inbox row: the time today ('14:05'), the weekday
 * within the last week ('Mon'), otherwise the en-GB date ('03/11/2026').
 */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (date.toDateString() === now.toDateString()) {
    return date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  }
  const sixDaysAgo = new Date(now);
  sixDaysAgo.setHours(0, 0, 0, 0);
  sixDaysAgo.setDate(sixDaysAgo.getDate() - 6);
  if (date >= sixDaysAgo && date <= now) return date.toLocaleDateString('en-GB', { weekday: 'short' });
  return date.toLocaleDateString('en-GB');
}

/** '22 November 2026 at 14:05', for a message's full time (screen readers, tooltips). */
export function formatMessageDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })} at ${date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;
}

/** '3 unread', the accessible words for an unread badge. */
export function unreadLabel(count: number): string {
  return `${count} unread`;
}
