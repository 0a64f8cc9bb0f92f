import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/contracts/paths';
import { carerProfiles, users } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { registerByApi } from './support/journeys';
import { trackRequests, visitAndSettle } from './support/settle';

// A visitor is not signed in and a new carer has no profile yet. Both are
// ordinary states, so the pages they see make no request the server refuses: the browser's
// console (where Chromium logs every failed load, "Failed to load resource: … 401") stays empty.

const suite = useE2ESuite();

/** Every console error and uncaught exception of `page`, from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  trackRequests(page);
  // Chromium's own line names no address: the failed answer's is added beside it.
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** The pages a visitor reaches from the site's links (the sign-in flows' steps need a link). */
const VISITOR_PAGES = [
  paths.home,
  paths.pricing,
  paths.subscribe,
  paths.subscription,
  paths.carerSignup,
  paths.about,
  paths.contact,
  paths.help,
  paths.terms,
  paths.privacy,
  paths.accessibility,
  paths.carers,
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.adminLogin,
];

describe('the browser console stays clean (issue 21 point 13)', () => {
  it('on every page a visitor opens', async () => {
    const [carer] = await suite
      .server()
      .database.db.select({ id: carerProfiles.id })
      .from(carerProfiles)
      .innerJoin(users, eq(users.id, carerProfiles.userId))
      .where(eq(users.email, DEMO_ACCOUNTS.carer.email));
    const urls = [...VISITOR_PAGES, `${paths.carers}/${carer!.id}`];
    // Two visitors side by side, each loading every other page: most of a visit is waiting for
    // its requests to go quiet (300 ms each), which one visitor spent once per page.
    const found = await Promise.all(
      [0, 1].map(async (share) => {
        const page = await suite.open(DESKTOP);
        const errors = collectErrors(page);
        for (const url of urls.filter((_, index) => index % 2 === share)) await visitAndSettle(page, url);
        return errors;
      }),
    );
    expect(found.flat()).toEqual([]);
  });

  it("on a new carer's home, dashboard, sign-up page and Settings, before they have a profile", async () => {
    const page = await suite.open(DESKTOP);
    await registerByApi(page, { firstName: 'Nadia', lastName: 'Quill', userType: 'carer' });
    const errors = collectErrors(page);
    await visitAndSettle(page, paths.home);
    await visitAndSettle(page, paths.carerDashboard);
    await page.getByRole('heading', { name: 'No Carer Profile Found' }).waitFor();
    await visitAndSettle(page, paths.carerSignup);
    await page.getByRole('button', { name: 'Next' }).waitFor();
    await visitAndSettle(page, paths.settings);
    expect(errors).toEqual([]);
  });
});
