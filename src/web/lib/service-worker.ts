// The service worker (src/web/sw/): registered in production builds only, after the page has
// loaded, so it never competes with the first visit's own downloads; the dev server has none.
// A new version waits until the person chooses to reload (UpdateNotice).
import { useSyncExternalStore } from 'react';

type Apply = () => void;
let applyUpdate: Apply | null = null;
const listeners = new Set<() => void>();

function setUpdate(apply: Apply) {
  applyUpdate = apply;
  for (const listener of listeners) listener();
}

/** A waiting new version's "reload", or null while there is none. */
export function useWaitingUpdate(): Apply | null {
  return useSyncExternalStore(
    (changed) => {
      listeners.add(changed);
      return () => listeners.delete(changed);
    },
    () => applyUpdate,
    () => null,
  );
}

/**
 * A new version's worker waits (the service worker skips no waiting by itself); the notice's
 * Reload asks it to take over (SKIP_WAITING, src/web/sw/updates.ts) and the page reloads once it
 * controls the page. The browser's own API, not workbox-window: the same steps without 2 KB more
 * on every first visit.
 */
function watchForWaiting(registration: ServiceWorkerRegistration) {
  const offer = (worker: ServiceWorker) =>
    setUpdate(() => {
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
        once: true,
      });
      worker.postMessage({ type: 'SKIP_WAITING' });
    });
  // A worker already waiting from an earlier visit, only when a version controls the page (the
  // first install has nothing to replace).
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
    });
  });
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const start = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(watchForWaiting)
      // Blocked (a browser setting, a test's context): the app works without it.
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
