import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, default as AxeCore } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 740 };

/**
 * Debian's `chromium-headless-shell` where it is installed: the engine Playwright itself runs
 * headless tests in, the same Chromium without the desktop browser around it, at less than half the
 * CPU per page on this machine (decision 0021). Otherwise Debian's full Chromium.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * A browser context for `baseURL`, in British English, reporting every CSP refusal. Service
 * workers are blocked unless asked for: a worker kept between tests would serve one test's cached
 * build to the next (tests/e2e/installable.e2e.ts allows them).
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, locale: 'en-GB', serviceWorkers });
  // Some refusals (an `eval` a library tried and caught) print nothing: report every one.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} (${event.blockedURI || 'inline'}) in ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return context;
}

/** A page of `context` at `viewport` whose uncaught errors and CSP refusals are collected. */
export async function newPageIn(context: BrowserContext, viewport = DESKTOP): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  // A page error (an uncaught exception or a CSP refusal) fails the test that caused it.
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text()))
      problems.push(message.text());
  });
  (page as Page & { problems: string[] }).problems = problems;
  return page;
}

export function pageProblems(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? [];
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
let axeSource: string | undefined;

/**
 * axe-core run in the page itself, as `@axe-core/playwright` does in its legacy mode, with the
 * script injected once per document rather than on every call. The builder's default mode opens a
 * blank page (a renderer process) per call to merge the frames' results, which cost more than the
 * rules; the app has no iframes to merge. Only violations are listed in full.
 */
async function runAxe(page: Page, repeated?: string): Promise<AxeResults['violations']> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) {
    // A violation is reported by its selector (below): the markup of every node axe looked at,
    // which it otherwise copies into its results (3% of its time on an admin list), is not needed.
    await page.evaluate(`${axeSource}\n;axe.configure({ noHtml: true });`);
  }
  return page.evaluate(
    ({ tags, repeated, checked }) => {
      const rest = repeated ? [...document.querySelectorAll(repeated)].slice(checked) : [];
      return (window as unknown as { axe: typeof AxeCore }).axe
        .run(rest.length > 0 ? { include: document, exclude: rest } : document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        })
        .then((results) => results.violations);
    },
    { tags: AXE_TAGS, repeated, checked: REPEATED_CHECKED },
  );
}

/** How many of a long list's items axe reads (`repeated` below): enough to see them side by side. */
const REPEATED_CHECKED = 3;

/**
 * axe-core with the WCAG 2.x A and AA rules (2.2 included): no violations allowed.
 *
 * `repeated`: the selector of a long list's items, all drawn by one component (an admin queue
 * paged at 50). axe reads the first few, side by side, and the rest of the page; the other items
 * are the same elements with other words. axe's time grows with the page: 50 verification cards
 * took 15 s of the run's 18 (colour contrast alone 6 s), three took 3 s.
 */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  { repeated }: { repeated?: string } = {},
) {
  // A toast or dialog fading in or out has, for that moment, colours no one reads, and axe would
  // measure them (a colour-contrast failure that depends on timing). With reduced motion (which
  // the app honours) every fade takes no time, so axe sees the page as it settles.
  const t0 = Date.now();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // A test may check the state as soon as the part it waited for (a banner in the header, say) is
  // drawn, while the page's own code is still arriving behind a spinner. Every checked state has a
  // level-one heading (axe requires one), so the check waits for it; if none comes, axe says so.
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
  await page
    .waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== 'running'),
      undefined,
      {
        timeout: 2_000,
      },
    )
    .catch(() => undefined);
  const t1 = Date.now();
  const violations = await runAxe(page, repeated);
  const summary = violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  if (process.env.AXE_TIMING) console.log(`AXE ${label} settle=${t1 - t0} axe=${Date.now() - t1}`);
  await page.emulateMedia({ reducedMotion: null });
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/**
 * One axe check per state, at 375 px, whatever the page's own width (put back after). A state's own
 * parts (a dialog, a card, a form, an alert) are the same elements at every width, stacked on a
 * phone: axe's rules read elements, names, roles and colours, and what the width changes for them
 * (targets closer together, boxes that scroll) is tightest there. Parts drawn only at one width
 * (the header's links or menu, the settings section menu, the search filters' sheet or side panel)
 * are checked at each width by the files about them (shell, settings, first-ten-minutes); a state
 * that shows such a part of its own, such as the week view's table or its phone list, is checked
 * at both widths (`expectNoAxeViolationsAtBothWidths`).
 */
export async function expectNoAxeViolationsAtPhoneWidth(page: Page, label: string) {
  const size = page.viewportSize();
  const resize = size?.width !== MOBILE.width;
  if (resize) await page.setViewportSize(MOBILE);
  await expectNoAxeViolations(page, `${label} (mobile)`);
  if (resize && size) await page.setViewportSize(size);
}

/** axe at the page's width and at the other one (desktop or 375 px), then back: see above. */
export async function expectNoAxeViolationsAtBothWidths(page: Page, label: string) {
  const size = page.viewportSize() ?? DESKTOP;
  const phone = size.width === MOBILE.width;
  const other = phone ? DESKTOP : MOBILE;
  await expectNoAxeViolations(page, `${label} (${phone ? 'mobile' : 'desktop'})`);
  await page.setViewportSize(other);
  await expectNoAxeViolations(page, `${label} (${phone ? 'desktop' : 'mobile'})`);
  await page.setViewportSize(size);
}

/**
 * Signs the page's browser context in through the API (the session cookie lands in the context's
 * cookie jar), for journeys that are not about signing in. Accounts with two-factor need the form.
 */
export async function signInByCookie(page: Page, email: string, password: string) {
  const response = await page.context().request.post('/api/auth/login', { data: { email, password } });
  if (response.status() !== 200) {
    throw new Error(`sign-in by cookie failed for ${email}: ${response.status()} ${await response.text()}`);
  }
}

/** Signs in through the /login form, the way a person does. */
export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * The element has the keyboard focus. Screens move focus in an effect after they render, a moment
 * after the click that opened them, so the check polls briefly rather than reading once.
 */
export async function expectFocused(locator: Locator, timeout = 2_000) {
  await expect
    .poll(() => locator.evaluate((element) => element === document.activeElement), { timeout })
    .toBe(true);
}
