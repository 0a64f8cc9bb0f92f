import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '@contracts/pricing';
import { SITE_CONTACT } from '@contracts/site';
import { FAQ_ITEMS } from '@web/features/site/content/faq';
import { DEFAULT_PAGE_DESCRIPTION } from '@web/lib/use-page-title';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectFocused, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';

const { open } = useE2ESuite();

const NARROW = { width: 320, height: 640 };

/** The content pages, with their h1 and tab title. */
const PAGES = [
  { path: '/about', h1: `About ${PRODUCT_NAME}`, title: 'About Us' },
  { path: '/help', h1: 'Help Center', title: 'Help Center' },
  { path: '/privacy', h1: 'Privacy Notice', title: 'Privacy Notice' },
  { path: '/accessibility', h1: 'Accessibility Statement', title: 'Accessibility Statement' },
  { path: '/terms', h1: 'Terms and Conditions', title: 'Terms and Conditions' },
] as const;

type ContentPage = (typeof PAGES)[number];

const main = (page: Page) => page.getByRole('main');
const href = (locator: Locator) => locator.getAttribute('href');

async function visit(page: Page, { path, h1 }: ContentPage) {
  await page.goto(path);
  await main(page).getByRole('heading', { level: 1, name: h1, exact: true }).waitFor();
}

/** One h1, and no heading skips a level on the way down (h2 → h4 would). */
async function expectHeadingOutline(page: Page, label: string) {
  const levels = await main(page)
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
  expect(
    levels.filter((level) => level === 1),
    `${label}: one h1`,
  ).toHaveLength(1);
  expect(levels[0], `${label}: starts with the h1`).toBe(1);
  levels.forEach((level, index) => {
    if (index > 0)
      expect(level - (levels[index - 1] ?? 1), `${label}: heading ${index}`).toBeLessThanOrEqual(1);
  });
}

async function expectTitleAndDescription(page: Page, title: string) {
  expect(await page.title()).toBe(`${title} · ${PRODUCT_NAME}`);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description?.length ?? 0).toBeGreaterThan(50);
  expect(description).not.toBe(DEFAULT_PAGE_DESCRIPTION);
}

async function checkAbout(page: Page) {
  const m = main(page);
  expect(await href(m.getByRole('link', { name: 'Back to Home' }))).toBe('/');
  for (const name of ['Our Story', 'Our Mission', 'Our Values', 'Behind Every Verified Badge']) {
    await m.getByRole('heading', { level: 2, name, exact: true }).waitFor();
  }
  const quote = m.locator('figure').filter({ has: page.locator('blockquote') });
  expect(await quote.count()).toBe(1);
  expect(await quote.locator('blockquote').textContent()).toMatch(/properly checked/);
  expect(await quote.locator('figcaption cite').textContent()).toBe('Rachel Adeyemi');
  const values = m.getByRole('region', { name: 'Our Values' }).getByRole('heading', { level: 3 });
  // Product §1: compassion, trust, community, excellence; background-checked carers across the UK.
  expect(await values.allTextContents()).toEqual(['Compassion', 'Trust', 'Community', 'Excellence']);
  await m.getByText(/background-checked carers/).waitFor();
  expect(await m.getByText(/background-checked carers/).textContent()).toMatch(/across the UK/);
  await m.getByText(/keep 95% of each card payment \(all of a direct one\)/).waitFor();
  // A deliberate difference: where visitors can go too (the first brief: /customer-dashboard, which needs an account).
  expect(await href(m.getByRole('link', { name: 'Find Care Now', exact: true }))).toBe('/carers');
  expect(await href(m.getByRole('link', { name: 'Become a Carer', exact: true }))).toBe('/carer-signup');
}

const faqSection = (page: Page) => main(page).getByRole('region', { name: 'Frequently Asked Questions' });
const faqTriggers = (page: Page) => faqSection(page).getByRole('heading', { level: 3 }).getByRole('button');
/** Open answers: Radix unmounts closed panels, and getByRole skips hidden elements anyway. */
const openPanels = (page: Page) => faqSection(page).getByRole('region');
const expandedStates = (page: Page) =>
  faqTriggers(page).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-expanded')));
const closedExcept = (openIndex?: number) =>
  FAQ_ITEMS.map((_, index) => (index === openIndex ? 'true' : 'false'));

async function checkHelp(page: Page) {
  const m = main(page);
  const topics = m.getByRole('list', { name: 'Help topics' }).getByRole('listitem');
  expect(await topics.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
    'Finding Care',
    'For Carers',
    'Safety & Trust',
  ]);
  const topic = (name: string) =>
    topics.filter({ has: page.getByRole('heading', { name, exact: true }) }).getByRole('link');
  // A deliberate difference: where visitors can go too (the first brief: /customer-dashboard, which needs an account).
  expect(await href(topic('Finding Care'))).toBe('/carers');
  expect(await href(topic('For Carers'))).toBe('/carer-signup');
  expect(await topic('Safety & Trust').count()).toBe(0);

  await m.getByRole('heading', { level: 2, name: 'Frequently Asked Questions' }).waitFor();
  expect(FAQ_ITEMS).toHaveLength(10);
  expect(await faqTriggers(page).allTextContents()).toEqual(FAQ_ITEMS.map((item) => item.question));
  expect(await expandedStates(page)).toEqual(closedExcept());
  expect(await openPanels(page).count()).toBe(0);

  const help = m.getByRole('region', { name: 'Still Need Help?' });
  const phone = help.getByRole('link', { name: `Call ${SITE_CONTACT.phoneDisplay}` });
  expect(await href(phone)).toBe(SITE_CONTACT.phoneHref);
  expect(SITE_CONTACT.phoneHref).toMatch(/^tel:\+44\d+$/);
  expect(await href(help.getByRole('link', { name: 'Contact Us' }))).toBe('/contact');
}

async function checkPrivacy(page: Page) {
  const m = main(page);
  await m.getByText('Last updated 22 November 2026.').waitFor();
  for (const name of [
    'Who we are',
    'What we hold about you',
    'Why we use it: our lawful bases',
    'Who we share it with',
    'How long we keep it',
    'International transfers',
    'Your rights',
    'Download or delete your data',
    'Cookies',
    'Questions and complaints',
  ]) {
    await m.getByRole('heading', { level: 2, name, exact: true }).waitFor();
  }
  const rights = m.getByRole('region', { name: 'Your rights' }).getByRole('listitem');
  expect(await rights.locator('strong').allTextContents()).toEqual([
    'Access:',
    'Rectification:',
    'Erasure:',
    'Restriction:',
    'Objection:',
    'Portability:',
  ]);
  expect(await href(m.getByRole('link', { name: 'Go to Settings' }))).toBe('/settings');
  expect(await href(m.getByRole('link', { name: SITE_CONTACT.email }).first())).toBe(
    `mailto:${SITE_CONTACT.email}`,
  );
  await m.getByText(/we never see or store your card number/).waitFor();
  await m.getByText(/strictly necessary session cookie/).waitFor();
  await m
    .getByText(/Information Commissioner’s Office \(ICO\)/)
    .first()
    .waitFor();
}

async function checkAccessibility(page: Page) {
  const m = main(page);
  for (const name of [
    'Using this website',
    'How accessible this website is',
    'Feedback and contact information',
    'Reporting accessibility problems with this website',
    'Enforcement procedure',
    'Technical information about this website’s accessibility',
    'How we tested this website',
    'Preparation of this accessibility statement',
  ]) {
    await m.getByRole('heading', { level: 2, name, exact: true }).waitFor();
  }
  await m.getByText(/WCAG\) version 2\.2 at level AA/).waitFor();
  await m.getByText(/This statement was prepared on 22 November 2026\./).waitFor();
  await m.getByText(/axe-core in a real browser/).waitFor();
  expect(await href(m.getByRole('link', { name: SITE_CONTACT.email }).first())).toBe(
    `mailto:${SITE_CONTACT.email}`,
  );
  expect(await href(m.getByRole('link', { name: SITE_CONTACT.phoneDisplay }))).toBe(SITE_CONTACT.phoneHref);
  expect(await href(m.getByRole('link', { name: 'Equality Advisory and Support Service (EASS)' }))).toBe(
    'https://www.equalityadvisoryservice.com/',
  );
}

async function checkTerms(page: Page) {
  const data = main(page)
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Your data', exact: true }) });
  expect(await href(data.getByRole('link', { name: 'Read our privacy notice' }))).toBe('/privacy');
}

const CHECKS: Record<ContentPage['path'], (page: Page) => Promise<void>> = {
  '/about': checkAbout,
  '/help': checkHelp,
  '/privacy': checkPrivacy,
  '/accessibility': checkAccessibility,
  '/terms': checkTerms,
};

describe('content pages, signed out', () => {
  for (const contentPage of PAGES) {
    it(`${contentPage.path}: every required element, title, description, heading outline and no axe violations`, async () => {
      // MOBILE (375 px): most visitors read these pages on a phone, where the layout is tightest;
      // the pages show the same elements at desktop, where the signed-in tests below read them
      // again (the desktop header is checked on the landing page).
      const page = await open(MOBILE);
      await visit(page, contentPage);
      await CHECKS[contentPage.path](page);
      await expectTitleAndDescription(page, contentPage.title);
      await expectHeadingOutline(page, contentPage.path);
      await expectNoAxeViolations(page, `${contentPage.path} (mobile)`);
    });
  }
});

describe('help FAQ accordion', () => {
  it('opens one answer at a time and closes the open one when clicked again', async () => {
    const page = await open();
    await visit(page, PAGES[1]);
    const triggers = faqTriggers(page);
    const [first, second] = FAQ_ITEMS;
    if (!first || !second) throw new Error('the FAQ needs at least two items');

    await triggers.nth(0).click();
    expect(await expandedStates(page)).toEqual(closedExcept(0));
    expect(await openPanels(page).count()).toBe(1);
    await openPanels(page)
      .getByText(first.answer[0] ?? '')
      .waitFor();
    // The panel is labelled by its question.
    await faqSection(page).getByRole('region', { name: first.question }).waitFor();

    await triggers.nth(1).click();
    expect(await expandedStates(page)).toEqual(closedExcept(1));
    expect(await openPanels(page).count()).toBe(1);
    await openPanels(page)
      .getByText(second.answer[0] ?? '')
      .waitFor();

    await triggers.nth(1).click();
    expect(await expandedStates(page)).toEqual(closedExcept());
    expect(await openPanels(page).count()).toBe(0);
  });

  it('works from the keyboard: Enter and Space toggle, arrow keys, Home and End move', async () => {
    const page = await open();
    await visit(page, PAGES[1]);
    const triggers = faqTriggers(page);

    await triggers.nth(0).focus();
    await page.keyboard.press('Enter');
    expect(await expandedStates(page)).toEqual(closedExcept(0));

    await page.keyboard.press('ArrowDown');
    await expectFocused(triggers.nth(1));
    await page.keyboard.press('Space');
    expect(await expandedStates(page)).toEqual(closedExcept(1));
    expect(await openPanels(page).count()).toBe(1);

    await page.keyboard.press('Space');
    expect(await expandedStates(page)).toEqual(closedExcept());

    await page.keyboard.press('ArrowUp');
    await expectFocused(triggers.nth(0));
    await page.keyboard.press('End');
    await expectFocused(triggers.nth(FAQ_ITEMS.length - 1));
    await page.keyboard.press('Home');
    await expectFocused(triggers.nth(0));
  });

  it('links answers to the right pages', async () => {
    const page = await open();
    await visit(page, PAGES[1]);
    const dataIndex = FAQ_ITEMS.findIndex((item) => item.id === 'your-data');
    await faqTriggers(page).nth(dataIndex).click();
    const panel = openPanels(page);
    expect(await href(panel.getByRole('link', { name: 'Go to Settings' }))).toBe('/settings');
    expect(await href(panel.getByRole('link', { name: 'Read our privacy notice' }))).toBe('/privacy');
  });
});

describe('content pages, signed in', () => {
  // What a visitor's desktop page shows, read once for the three accounts below (the pages do not
  // change between the tests; reading them again for each account cost ten page loads).
  const visitorText = new Map<ContentPage['path'], string>();

  for (const account of [DEMO_ACCOUNTS.subscribed, DEMO_ACCOUNTS.carer, DEMO_ACCOUNTS.admin]) {
    it(`render the same for a ${account.role} as for a visitor`, async () => {
      const visitor = visitorText.size < PAGES.length ? await open() : undefined;
      const member = await open(DESKTOP, account);
      for (const contentPage of PAGES) {
        if (visitor && !visitorText.has(contentPage.path)) {
          await visit(visitor, contentPage);
          visitorText.set(contentPage.path, await main(visitor).innerText());
        }
        await visit(member, contentPage);
        await CHECKS[contentPage.path](member);
        expect(await main(member).innerText(), `${contentPage.path} as ${account.role}`).toBe(
          visitorText.get(contentPage.path),
        );
      }
    });
  }
});

describe('content pages at 320 px', () => {
  it('never scroll sideways, and /help with an answer open has no axe violations', async () => {
    const page = await open(NARROW);
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    for (const contentPage of PAGES) {
      await visit(page, contentPage);
      expect(await scrollWidth(), contentPage.path).toBeLessThanOrEqual(NARROW.width);
      if (contentPage.path !== '/help') continue;
      // The help page with an answer and its links open (on this visit, not another load).
      await faqTriggers(page)
        .nth(FAQ_ITEMS.length - 1)
        .click();
      await openPanels(page).waitFor();
      expect(await scrollWidth(), '/help with an answer open').toBeLessThanOrEqual(NARROW.width);
      await expectNoAxeViolations(page, '/help with an answer open (320 px)');
    }
  });
});
