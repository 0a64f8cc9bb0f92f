// The service worker's part of push notices (decision 0044): show what a push says, and open the
// page it names when the notice is tapped. Self-contained (no app code, no zod): the service worker
// imports it and calls `installPushHandlers(self)`.
import type { PushPayload } from '@contracts/push';

/** What a notice shows when a push carries nothing readable (it is never left silent). */
const FALLBACK = { title: 'CareMatch', body: 'You have a new notice.', url: '/', tag: 'carematch' };
const ICON = '/icons/icon-192.png';

interface PushEventLike {
  readonly data: { json(): unknown } | null;
  waitUntil(promise: Promise<unknown>): void;
}

interface NotificationClickEventLike {
  readonly notification: { readonly data: unknown; close(): void };
  waitUntil(promise: Promise<unknown>): void;
}

interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** The parts of a ServiceWorkerGlobalScope this module uses. */
export interface PushWorkerScope {
  readonly location: { readonly origin: string };
  readonly registration: {
    showNotification(
      title: string,
      options: {
        body: string;
        tag: string;
        icon: string;
        badge: string;
        data: { url: string };
        renotify: boolean;
      },
    ): Promise<void>;
  };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEventLike) => void): void;
}

/** A path of this site, or '/': a notice never opens another site. */
export function safePath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.includes('\\'))
    return '/';
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : '/';
  } catch {
    return '/';
  }
}

const text = (value: unknown, fallback: string, max: number) =>
  typeof value === 'string' && value.trim() !== '' ? value.slice(0, max) : fallback;

/** The notice a push's payload asks for, checked field by field. */
export function noticeOf(data: PushEventLike['data'], origin: string) {
  let payload: Partial<Record<keyof PushPayload, unknown>> = {};
  try {
    const parsed = data?.json();
    if (parsed && typeof parsed === 'object') payload = parsed as typeof payload;
  } catch {
    // Not JSON: the fallback notice.
  }
  return {
    title: text(payload.title, FALLBACK.title, 80),
    body: text(payload.body, FALLBACK.body, 200),
    tag: text(payload.tag, FALLBACK.tag, 100),
    url: safePath(payload.url, origin),
  };
}

export function installPushHandlers(scope: PushWorkerScope): void {
  scope.addEventListener('push', (event) => {
    const notice = noticeOf(event.data, scope.location.origin);
    event.waitUntil(
      scope.registration.showNotification(notice.title, {
        body: notice.body,
        tag: notice.tag,
        icon: ICON,
        badge: ICON,
        data: { url: notice.url },
        // A newer notice about the same thing replaces the older one and still alerts.
        renotify: true,
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const path = safePath(data?.url, scope.location.origin);
    const target = new URL(path, scope.location.origin).href;
    event.waitUntil(
      (async () => {
        const open = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const same = open.find((client) => new URL(client.url).origin === scope.location.origin);
        if (same) {
          await same.navigate(target);
          await same.focus();
          return;
        }
        await scope.clients.openWindow(target);
      })(),
    );
  });
}
