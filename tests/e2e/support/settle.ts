import type { Page, Request } from 'playwright-core';

const STREAMS = /\/api\/events(\?|$)/;

/**
 * Tracks `page`'s requests so `settled(page)` can wait until none is in flight (the live-event
 * stream, which stays open, aside). Playwright's 'networkidle' never comes while it is open.
 */
export function trackRequests(page: Page) {
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    if (!STREAMS.test(request.url())) inFlight.add(request);
  });
  const done = (request: Request) => inFlight.delete(request);
  // Answered is enough: a page that moves on at once (to sign-in, say) may never read the body.
  page.on('response', (response) => done(response.request()));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  (page as Page & { inFlight?: Set<Request> }).inFlight = inFlight;
}

/** Waits until `page` (tracked) has had no request in flight for `quietMs`. */
export async function settled(page: Page, { quietMs = 300, timeoutMs = 15_000 } = {}) {
  const inFlight = (page as Page & { inFlight?: Set<Request> }).inFlight;
  if (!inFlight) throw new Error('settled(page) needs trackRequests(page) first');
  const end = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
  }
  const urls = [...inFlight].map((request) => request.url()).join(', ');
  throw new Error(`${page.url()}: requests still in flight after ${timeoutMs} ms: ${urls}`);
}

/** Opens `url`, waits for its level-one heading, then for its requests to be answered. */
export async function visitAndSettle(page: Page, url: string) {
  // The previous page's requests ended with it.
  (page as Page & { inFlight?: Set<Request> }).inFlight?.clear();
  await page.goto(url);
  await page.locator('h1').first().waitFor();
  await settled(page);
}
