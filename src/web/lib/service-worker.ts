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

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const start = () => {
    void import('workbox-window')
      .then(async ({ Workbox }) => {
        const workbox = new Workbox('/sw.js', { scope: '/' });
        workbox.addEventListener('waiting', () =>
          setUpdate(() => {
            // The new version takes over, then the page reloads onto it.
            workbox.addEventListener('controlling', () => window.location.reload());
            workbox.messageSkipWaiting();
          }),
        );
        await workbox.register();
      })
      // Blocked (a browser setting, a test's context): the app works without it.
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
