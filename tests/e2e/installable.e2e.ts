// The app on a phone like an app (decision 0042): the web app manifest with its icons, the service
// worker installed and controlling the page; then, with the network cut, the carer's today and
// tomorrow still open from the phone (the visits, the family's first name and area, the care
// notes), a check-out made offline waits in the queue, shown as waiting, and is delivered with its
// real time once the phone is back online. axe at 375 px.
// The other files' contexts block service workers (support/browser.ts); this one allows them.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Arrangements } from '../../src/contracts/arrangements';
import { OFFLINE_TEXT } from '../../src/contracts/app-install';
import { eq } from 'drizzle-orm';
import { arrangements as arrangementRows, users, visits as visitRows } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/demo-seed/seed';
import { expectNoAxeViolations, MOBILE, newContext, newPageIn, signInByCookie } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';

const suite = useE2ESuite();

/** A phone's browser that lets the service worker run, signed in as the demo carer. */
async function phoneWithServiceWorker(): Promise<{ context: BrowserContext; page: Page }> {
  // A page of the suite's only to reach the worker's browser; it is closed with the test.
  const probe = await suite.open(MOBILE);
  const context = await newContext(probe.context().browser()!, suite.server().baseUrl, {
    serviceWorkers: 'allow',
  });
  const page = await newPageIn(context, MOBILE);
  await signInByCookie(page, DEMO_ACCOUNTS.carer.email, DEMO_PASSWORD);
  return { context, page };
}

/** Width and height from a PNG's header. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function waitForControllingWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

describe('installable and offline', () => {
  it('has a manifest with its icons, and a service worker that controls the page', async () => {
    const { context, page } = await phoneWithServiceWorker();
    try {
      await page.goto('/');
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBe('/manifest.webmanifest');
      const answer = await page.request.get(href!);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toMatch(/application\/manifest\+json/);
      const manifest = (await answer.json()) as {
        name: string;
        short_name: string;
        start_url: string;
        display: string;
        theme_color: string;
        icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
      };
      expect(manifest.short_name).toBe('CareMatch');
      expect(manifest.name).toContain('CareMatch');
      expect(manifest.display).toBe('standalone');
      expect(manifest.theme_color).toBe('#0f5f5a');
      expect(manifest.start_url).toBe('/start');
      const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
      expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
      for (const icon of manifest.icons) {
        const image = await page.request.get(icon.src);
        expect(image.status(), icon.src).toBe(200);
        expect(image.headers()['content-type']).toBe('image/png');
        const [width] = icon.sizes.split('x').map(Number);
        expect(pngSize(await image.body())).toEqual({ width, height: width });
      }

      const worker = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return { script: registration.active?.scriptURL ?? '', scope: registration.scope };
      });
      expect(worker.script).toBe(`${suite.server().baseUrl}/sw.js`);
      expect(worker.scope).toBe(`${suite.server().baseUrl}/`);
      await waitForControllingWorker(page);
      const sw = await page.request.get('/sw.js');
      expect(sw.headers()['cache-control']).toBe('no-cache');

      // The start address opens each person's own first page: the carer's dashboard.
      await page.goto('/start');
      await page.waitForURL('**/carer-dashboard');
      await page.getByRole('heading', { name: 'Carer Dashboard', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows today and tomorrow offline, keeps a check-out made offline and sends it when back', async () => {
    const { context, page } = await phoneWithServiceWorker();
    try {
      // A visit of one of Grace's arrangements under way: she checked in 40 minutes ago.
      const bookings = await page.request.get('/api/bookings');
      const arrangement = ((await bookings.json()) as Arrangements).items.find(
        (item) => item.status === 'accepted' && item.viewerRole === 'carer',
      );
      expect(arrangement, 'the demo carer has an accepted arrangement').toBeDefined();
      const startsAt = new Date(Math.floor(Date.now() / 60_000 - 45) * 60_000 + 7_000);
      const [visit] = await suite
        .server()
        .database.db.insert(visitRows)
        .values({
          arrangementId: arrangement!.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
          checkedInAt: new Date(Date.now() - 40 * 60_000),
        })
        .returning();
      // The family's own postcode: the carer is shown its district, never more.
      const database = suite.server().database.db;
      const [{ customerId } = { customerId: null }] = await database
        .select({ customerId: arrangementRows.customerId })
        .from(arrangementRows)
        .where(eq(arrangementRows.id, arrangement!.id));
      await database.update(users).set({ searchPlace: 'LS6 3AB' }).where(eq(users.id, customerId!));

      // Online first: the worker installs and the dashboard keeps today and tomorrow on the phone.
      await page.goto('/carer-dashboard');
      await page.getByRole('heading', { name: 'Carer Dashboard', level: 1 }).waitFor();
      await waitForControllingWorker(page);
      await page.waitForFunction(
        async () =>
          new Promise<boolean>((resolve) => {
            const request = indexedDB.open('carematch-offline');
            request.onsuccess = () => {
              const db = request.result;
              if (!db.objectStoreNames.contains('snapshots')) return resolve(false);
              const get = db.transaction('snapshots').objectStore('snapshots').getAllKeys();
              get.onsuccess = () => resolve(get.result.some((key) => String(key).endsWith(':today')));
              get.onerror = () => resolve(false);
            };
            request.onerror = () => resolve(false);
          }),
        undefined,
        { timeout: 20_000, polling: 250 },
      );

      // The network is cut; the page is opened again from the phone.
      await context.setOffline(true);
      await page.goto('/carer-dashboard');
      await page.getByRole('heading', { name: OFFLINE_TEXT.todayTitle, level: 2 }).waitFor();
      await page.getByText(OFFLINE_TEXT.offlineBanner, { exact: false }).waitFor();
      const today = page.locator('section[aria-labelledby="today-offline-heading"]');
      const item = today
        .locator('li')
        .filter({ has: page.getByRole('button', { name: /^Check out of the visit/ }) });
      await item.first().waitFor();
      expect(await item.count()).toBe(1);
      await item.getByText(` · ${arrangement!.partnerName.split(' ')[0]}`, { exact: false }).waitFor();
      await item.getByText(`${OFFLINE_TEXT.area}: LS6`, { exact: true }).waitFor();
      expect(await today.getByText('3AB').count()).toBe(0);
      if (arrangement!.careNotes)
        await today.getByText(arrangement!.careNotes.split('\n')[0]!).first().waitFor();
      await expectNoAxeViolations(page, 'today and tomorrow offline (mobile)');

      // A check-out with a note, made offline: kept on the phone and shown as waiting to send.
      const madeAt = Date.now();
      await item.getByRole('button', { name: /^Check out of the visit/ }).click();
      const form = today.getByRole('form', { name: /^Check out of the visit/ });
      await form.getByRole('textbox').first().fill('Made lunch; all well.');
      await form.getByRole('button', { name: 'Check out' }).click();
      await page.getByText(OFFLINE_TEXT.waitingCount(1)).waitFor();
      await expectNoAxeViolations(page, 'a check-out waiting to send (mobile)');
      const [waiting] = await suite
        .server()
        .database.db.select()
        .from(visitRows)
        .where(eq(visitRows.id, visit!.id));
      expect(waiting!.checkedOutAt).toBeNull();

      // Back online (a little later): it is sent with the time it was made, once.
      await page.waitForTimeout(1_500);
      await context.setOffline(false);
      await page.getByText(OFFLINE_TEXT.waitingCount(1)).waitFor({ state: 'detached', timeout: 20_000 });
      const [sent] = await suite
        .server()
        .database.db.select()
        .from(visitRows)
        .where(eq(visitRows.id, visit!.id));
      expect(sent!.checkedOutAt).not.toBeNull();
      expect(Math.abs(sent!.checkedOutAt!.getTime() - madeAt)).toBeLessThan(1_500);
      const history = await page.request.get(`/api/bookings/${arrangement!.id}/history?limit=50`);
      const record = (
        (await history.json()) as { items: Array<{ id: string; note: { text: string } | null }> }
      ).items.find((entry) => entry.id === visit!.id);
      expect(record?.note?.text).toBe('Made lunch; all well.');

      // Signed out elsewhere (the session gone): the next page, a visitor's, deletes all it kept.
      expect(await page.evaluate(() => localStorage.getItem('carematch-offline-kept'))).toBe('1');
      await context.clearCookies();
      await page.goto('/');
      await page.waitForFunction(() => localStorage.getItem('carematch-offline-kept') === null, undefined, {
        timeout: 20_000,
      });
      const databases = await page.evaluate(async () =>
        (await indexedDB.databases()).map((database) => database.name),
      );
      expect(databases).not.toContain('carematch-offline');
    } finally {
      await context.close();
    }
  });
});
