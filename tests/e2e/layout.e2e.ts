import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/contracts/paths';
import { arrangements, careRequests, carerProfiles, reviews, users } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { everyRoute } from './support/routes';
import { settled, trackRequests, visitAndSettle } from './support/settle';

// Long words and links stay inside their boxes, and no page scrolls
// sideways on a 375 px phone, signed out or in as each kind of account, with the longest text
// people can write in the places others read it.

const suite = useE2ESuite();

/** A single word of 2,000 characters: the longest message there can be, with no space in it. */
const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(45).slice(0, 2000);
/** An ordinary map link of 200 characters. */
const MAP_LINK = (
  'https://www.google.com/maps/place/Roundhay+Park,+Leeds+LS8+2HH/@53.8390,-1.4985,17z/data=' +
  '!3m1!4b1!4m6!3m5!1s0x48795c1f0b7f5c3d:0x1b6c1d2c0e0a8b2f!8m2!3d53.8390!4d-1.4985'.repeat(3)
).slice(0, 200);
const LONG_LINE = `Meet me here ${MAP_LINK} or ring first: ${LONG_WORD.slice(0, 300)}`;

interface Seeded {
  carerId: string;
  conversationId: string;
  arrangementId: string;
}

let seeding: Promise<Seeded> | undefined;

/**
 * Long text wherever one person writes and another reads: a conversation between the subscribed
 * family and the demo carer (a 2,000-character word, a 200-character link, both ways), a report
 * of it, the carer's bio, a review of them and a care request near them.
 */
function seed(): Promise<Seeded> {
  seeding ??= (async () => {
    const { db } = suite.server().database;
    const [carer] = await db
      .select({ id: carerProfiles.id, userId: carerProfiles.userId })
      .from(carerProfiles)
      .innerJoin(users, eq(users.id, carerProfiles.userId))
      .where(eq(users.email, DEMO_ACCOUNTS.carer.email));
    const [family] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.subscribed.email));

    const familyPage = await suite.open(MOBILE, DEMO_ACCOUNTS.subscribed);
    const sent = await familyPage.request.post('/api/messages', {
      data: { receiverId: carer!.userId, carerId: carer!.id, content: LONG_WORD },
    });
    expect(sent.status()).toBe(201);
    const { conversationId } = (await sent.json()) as { conversationId: string };
    const say = async (page: Page, content: string) =>
      expect(
        (
          await page.request.post(`/api/conversations/${conversationId}/messages`, { data: { content } })
        ).status(),
      ).toBe(201);
    await say(familyPage, LONG_LINE);
    const carerPage = await suite.open(MOBILE, DEMO_ACCOUNTS.carer);
    await say(carerPage, `${MAP_LINK}\n${LONG_WORD.slice(0, 500)}`);
    const reported = await familyPage.request.post(`/api/conversations/${conversationId}/report`, {
      data: { reason: 'Something else', details: LONG_LINE },
    });
    expect(reported.status()).toBe(201);
    await Promise.all([familyPage.close(), carerPage.close()]);

    await db
      .update(carerProfiles)
      .set({ description: `About me: ${LONG_LINE}` })
      .where(eq(carerProfiles.id, carer!.id));
    await suite.server().carersChanged();
    const [review] = await db.select().from(reviews).where(eq(reviews.carerId, carer!.id)).limit(1);
    await db.update(reviews).set({ comment: LONG_LINE }).where(eq(reviews.id, review!.id));
    await db.update(careRequests).set({ description: LONG_LINE });
    const [arrangement] = await db
      .select({ id: arrangements.id })
      .from(arrangements)
      .where(eq(arrangements.customerId, family!.id))
      .limit(1);
    return { carerId: carer!.id, conversationId, arrangementId: arrangement!.id };
  })();
  return seeding;
}

/** How far the page scrolls sideways (0 when it does not). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Goes to `route` inside the app, without a page load: the address changes and the router is told,
 * as Back and Forward tell it. Resolves at the first change the router's render makes to the page
 * (a route always draws something else), then waits for the heading and the page's requests.
 */
async function navigateInApp(page: Page, route: string) {
  const here = await page.evaluate(() => location.pathname);
  // The previous route sent the visitor on to this one's page (a carer's /carer-signup is their
  // dashboard, left at its last tab): a page load, as before, rather than the same page redrawn.
  if (here === new URL(route, 'http://localhost').pathname) {
    await visitAndSettle(page, route);
    return;
  }
  await page.evaluate(
    (to) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${to}: the page did not change`)), 15_000);
        const observer = new MutationObserver(() => {
          observer.disconnect();
          clearTimeout(timer);
          resolve();
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        history.pushState(history.state, '', to);
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      }),
    route,
  );
  await page.locator('h1').first().waitFor();
  await settled(page);
}

/**
 * Visits every route (and each tab of a page with tabs) and lists those that scroll sideways: one
 * page load, then the app's own navigation from route to route (a page load each cost more than
 * the page). Signed out, a page that needs an account still sends the visitor on to sign in with a
 * page load of its own (where a page load of that route cost two: the route's, then sign-in's),
 * and it is the sign-in page that is measured, as before.
 */
async function routesThatScrollSideways(page: Page, routes: string[]): Promise<string[]> {
  trackRequests(page);
  const found: string[] = [];
  const check = async (label: string) => {
    const extra = await sidewaysScroll(page);
    if (extra > 0) found.push(`${label} is ${extra} px too wide`);
  };
  for (const [index, route] of routes.entries()) {
    if (index > 0) await navigateInApp(page, route);
    else await visitAndSettle(page, route);
    await check(route);
    const tabs = page.getByRole('tab');
    for (let index = 0; index < (await tabs.count()); index += 1) {
      const tab = tabs.nth(index);
      if ((await tab.getAttribute('aria-selected')) === 'true') continue;
      await tab.click();
      await settled(page);
      await check(`${route} (${(await tab.textContent())?.trim()} tab)`);
    }
  }
  return found;
}

const VISITORS = [
  ['signed out', undefined],
  ['signed in as a family', 'subscribed'],
  ['signed in as the carer', 'carer'],
  ['signed in as the admin', 'admin'],
] as const;

describe('no page scrolls sideways at 375 px (issue 21 point 2)', () => {
  // The four rounds side by side, each in its own tab: most of a round is waiting for a page's
  // requests to go quiet (300 ms after each page and tab), which one round after another spent
  // four times over (45 s each on a busy machine).
  it('signed out, and signed in as a family, the carer and the admin', async () => {
    const routes = everyRoute(await seed());
    const found = await Promise.all(
      VISITORS.map(async ([who, account]) => {
        const page = await suite.open(MOBILE, account ? DEMO_ACCOUNTS[account] : undefined);
        return [who, await routesThatScrollSideways(page, routes)] as const;
      }),
    );
    expect(Object.fromEntries(found)).toEqual(Object.fromEntries(VISITORS.map(([who]) => [who, []])));
  }, 240_000);
});

/** Each element of `selector` inside `page` that reaches past the right edge of `within`'s box. */
async function spillsPast(page: Page, selector: string, within: string): Promise<string[]> {
  return page.evaluate(
    ([selector, within]) =>
      [...document.querySelectorAll(selector)].flatMap((element) => {
        const box = element.closest(within)?.getBoundingClientRect();
        const own = element.getBoundingClientRect();
        if (!box) return [`${selector} is not inside ${within}`];
        return own.right > box.right + 0.5 || own.left < box.left - 0.5
          ? [
              `${selector} (${Math.round(own.width)} px) spills out of ${within} (${Math.round(box.width)} px)`,
            ]
          : [];
      }),
    [selector, within] as const,
  );
}

describe('long words and links stay in their boxes (issue 21 points 1 and 2)', () => {
  it("keeps a family's conversation inside its card on desktop and makes its links real", async () => {
    const { conversationId } = await seed();
    const page = await suite.open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    trackRequests(page);
    await visitAndSettle(page, `${paths.messages}/${conversationId}`);
    const log = page.getByRole('log');
    await log.getByText(LONG_WORD.slice(0, 40)).first().waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    // Every message (the 2,000-character word included) inside the log, the log inside its card,
    // and each inbox row's preview inside the row.
    expect(await spillsPast(page, '[role="log"] li > div', '[role="log"]')).toEqual([]);
    expect(await spillsPast(page, '[role="log"]', '.rounded-lg.border')).toEqual([]);
    expect(
      await spillsPast(page, 'ul[aria-label="Conversations"] a span', 'ul[aria-label="Conversations"] a'),
    ).toEqual([]);
    const logBox = await log.boundingBox();
    expect(logBox!.width).toBeLessThan(DESKTOP.width);

    // The map link, in both people's messages, is a link to it that opens another site.
    const links = log.getByRole('link', { name: `${MAP_LINK} (opens another site)` });
    expect(await links.count()).toBe(2);
    for (const link of await links.all()) {
      expect(await link.getAttribute('href')).toBe(MAP_LINK);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect((await link.getAttribute('rel'))?.split(' ').sort()).toEqual([
        'nofollow',
        'noopener',
        'noreferrer',
      ]);
      expect(await link.locator('svg[aria-hidden="true"]').count()).toBe(1);
    }
    // Only the address is the link; the words around it are text.
    expect(await log.getByRole('link').count()).toBe(2);
  });

  it("keeps the carer dashboard's Messages card and its previews inside the page on desktop", async () => {
    await seed();
    const page = await suite.open(DESKTOP, DEMO_ACCOUNTS.carer);
    trackRequests(page);
    await visitAndSettle(page, paths.carerDashboard);
    await page.getByRole('tab', { name: 'Messages' }).click();
    await page.getByRole('list', { name: 'Conversations' }).waitFor();
    await settled(page);
    expect(await sidewaysScroll(page)).toBe(0);
    expect(
      await spillsPast(page, 'section[aria-labelledby="dashboard-messages-heading"] > div', 'main'),
    ).toEqual([]);
    expect(
      await spillsPast(page, 'ul[aria-label="Conversations"] a span', 'ul[aria-label="Conversations"] a'),
    ).toEqual([]);
  });

  it('wraps a long bio and review on the carer profile at both widths', async () => {
    const { carerId } = await seed();
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await suite.open(viewport);
      trackRequests(page);
      await visitAndSettle(page, `${paths.carers}/${carerId}`);
      await page.getByText(LONG_WORD.slice(0, 40)).first().waitFor();
      expect(await sidewaysScroll(page), `${viewport.width} px`).toBe(0);
      expect(
        await spillsPast(page, 'main p, main li', 'section, article, .rounded-lg.border, main'),
        `${viewport.width} px`,
      ).toEqual([]);
    }
  });
});
