/// <reference lib="webworker" />
// The app shell: the built files (scripts, styles, fonts, icons, index.html) are kept in the
// cache at install and served from it, so pages open at once on a slow network and offline. Pages
// are asked of the network first (the server adds each page's preload hints); after a few seconds
// without an answer, or with none at all, the cached index.html is the page. No answer of the API
// is cached here: what a carer keeps offline is kept by the page for that carer (IndexedDB).
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

// Written as `self.__WB_MANIFEST` for the build to find and replace with the file list.
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** How long a page waits for the network before the cached shell is shown instead. */
export const NETWORK_TIMEOUT_MS = 3_000;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

async function shell(): Promise<Response> {
  return (await matchPrecache('/index.html')) ?? Response.error();
}

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      const network = fetch(request);
      const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), NETWORK_TIMEOUT_MS));
      try {
        const answer = await Promise.race([network, timeout]);
        if (answer) return answer;
        // Too slow: the shell now; the network's answer is still awaited so the request completes.
        network.catch(() => undefined);
        return shell();
      } catch {
        return shell();
      }
    },
    // The server's own pages (sign-out, the API's documents, the demo's tile stub) are not the app.
    { denylist: [/^\/api\//, /^\/demo\/tiles\//, /^\/healthz/, /^\/readyz/] },
  ),
);
