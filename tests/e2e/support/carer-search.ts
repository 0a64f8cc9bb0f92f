// Steps of the carer search that several journeys take.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The results line once a search has settled ("12 carers within 10 miles of Leeds"). */
export const RESULTS_LINE = /^(Showing [\d,]+ of )?[\d,]+\+? carers?( (in|within) .+)?$/;

/** Waits for the results line: the search's answer has been drawn. */
export async function resultsShown(page: Page) {
  await page.getByText(RESULTS_LINE).first().waitFor();
}

/** The page is no wider than the window: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, label: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `sideways scroll on ${label}`).toBeLessThanOrEqual(widths.client);
}
