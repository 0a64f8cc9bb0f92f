// A new version of the installed app (decision 0042): the phone has version A's service worker;
// a deploy changes the page shell and with it the worker (B). The next visit finds B, which waits;
// "A new version is ready — reload" is shown, and its Reload lets B take over and reloads the page
// onto it: offline afterwards, the shell comes from B's cache. axe at 375 px with the notice shown.
// The file serves a copy of the build and changes it under the running server, as a deploy does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_UPDATE_TEXT } from '../../src/contracts/app-install';
import { WEB_DIST_DIR } from '../../src/server/paths';
import { expectNoAxeViolations, MOBILE, newContext, newPageIn } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carematch-e2e-update-'));
fs.cpSync(process.env.E2E_WEB_DIR ?? WEB_DIST_DIR, webDir, { recursive: true });
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

const suite = useE2ESuite({ webDir });

const VERSION_MARK = 'carematch-e2e-version';

/**
 * Deploys version B: index.html carries a mark, and sw.js names index.html's new revision (as the
 * build writes it), so the worker's bytes change and its install caches the new shell.
 */
function deployVersionB() {
  const indexFile = path.join(webDir, 'index.html');
  const swFile = path.join(webDir, 'sw.js');
  fs.writeFileSync(
    indexFile,
    fs.readFileSync(indexFile, 'utf8').replace('<head>', `<head><meta name="${VERSION_MARK}" content="B">`),
  );
  const worker = fs.readFileSync(swFile, 'utf8');
  const revised = worker.replace(
    /\{"revision":"[0-9a-f]+","url":"index\.html"\}/,
    '{"revision":"e2e-version-b","url":"index.html"}',
  );
  expect(revised, 'sw.js lists index.html with its revision').not.toBe(worker);
  fs.writeFileSync(swFile, `${revised}\n// version B\n`);
  // The precompressed twins (npm run build:web writes them) would still be A.
  for (const file of [indexFile, swFile])
    for (const twin of ['.br', '.gz']) fs.rmSync(`${file}${twin}`, { force: true });
}

describe('a new version of the app', () => {
  it('shows "A new version is ready — reload", and Reload opens the new version', async () => {
    const probe = await suite.open(MOBILE);
    const context = await newContext(probe.context().browser()!, suite.server().baseUrl, {
      serviceWorkers: 'allow',
    });
    try {
      const page = await newPageIn(context, MOBILE);
      // Version A installs and controls the page; no notice, as nothing newer exists.
      await page.goto('/');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 60_000,
      });
      const notice = page.getByRole('status').filter({ hasText: APP_UPDATE_TEXT.ready });
      expect(await notice.count()).toBe(0);

      // The deploy; the phone opens the app again and finds B, which waits for the person.
      deployVersionB();
      await page.goto('/');
      await notice.waitFor({ timeout: 60_000 });
      const waiting = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.waiting?.state ?? null;
      });
      expect(waiting).toBe('installed');
      await expectNoAxeViolations(page, 'the update notice (mobile)');

      // Reload: B takes over and the page reloads onto it.
      await page.evaluate(() => {
        (window as Window & { beforeUpdate?: boolean }).beforeUpdate = true;
      });
      await notice.getByRole('button', { name: APP_UPDATE_TEXT.reload }).click();
      await page.waitForFunction(
        () => !(window as Window & { beforeUpdate?: boolean }).beforeUpdate,
        undefined,
        { timeout: 30_000 },
      );
      await page.waitForLoadState('load');
      const after = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          waiting: registration?.waiting ?? null,
          controlled: navigator.serviceWorker.controller !== null,
        };
      });
      expect(after).toEqual({ waiting: null, controlled: true });
      expect(await notice.count()).toBe(0);

      // The shell the phone now keeps is B's: offline, the page opens from it.
      await context.setOffline(true);
      await page.goto('/about');
      expect(await page.locator(`meta[name="${VERSION_MARK}"]`).getAttribute('content')).toBe('B');
    } finally {
      await context.close();
    }
  });
});
