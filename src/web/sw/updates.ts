/// <reference lib="webworker" />
// Updates: a new version waits until the page's "Reload" asks it to take over (SKIP_WAITING);
// the first version takes over the open pages at once, so the app works offline from the first visit.
import { clientsClaim } from 'workbox-core';

declare const self: ServiceWorkerGlobalScope;

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();
