import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CarerSearchResult, CarerSummary } from '@contracts/carers';
import {
  CARD_MAX_QUALIFICATIONS,
  LANDING_CARER_COUNT,
  LANDING_DESCRIPTION_MAX_LENGTH,
  RATING_MAX,
} from '@contracts/limits';
import { CUSTOMER_BENEFITS, formatPounds, PLANS, PRODUCT_NAME } from '@contracts/pricing';
import { THREE_MONTH_TEXTS } from '@contracts/site-texts';
import { starFills } from '@web/lib/format';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';

const { open } = useE2ESuite();

const LANDING_TITLE = 'Find Trusted, Verified Carers Across the UK';

/** Every link the first brief named on the landing, with the texts this page gives them. */
const LANDING_LINKS: readonly (readonly [name: string, href: string])[] = [
  ['Start Your Subscription', '/register?as=customer&returnTo=%2Fsubscription'],
  ['Become a Carer', '/carer-signup'],
  ['Join as Carer', '/carer-signup'],
  ['Sign In', '/api/login'],
  ['See full pricing', '/pricing'],
  ['How we choose and check our carers', '/about'],
  ['Read our help guides', '/help'],
  ['Contact our team', '/contact'],
];

/** Product §2, Header and footer: the footer, word for word. */
const FOOTER_COLUMNS: Record<string, readonly (readonly [string, string])[]> = {
  Services: [
    ['Elderly Care', '/services#elderly-care'],
    ['Disability Support', '/services#disability-support'],
    ['Respite Care', '/services#respite-care'],
    ['Live-in Care', '/services#live-in-care'],
  ],
  Support: [
    ['Help Center', '/help'],
    ['Contact Us', '/contact'],
    ['Safety', '/about'],
    ['Pricing', '/pricing'],
  ],
  Company: [
    ['About Us', '/about'],
    ['Join as Carer', '/carer-signup'],
    ['Careers', '/careers'],
    ['Press', '/press'],
  ],
};

const isCarerSearch = (url: URL) => url.pathname === '/api/carers';

async function landingCarersFromApi(page: Page): Promise<CarerSummary[]> {
  const response = await page.request.get(`/api/carers?limit=${LANDING_CARER_COUNT}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as CarerSearchResult).items;
}

const pounds = (value: string) => {
  const amount = Number(value);
  return `£${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
};

type ShiftWindow = typeof globalThis & { layoutShift?: number };

/** Starts adding up layout-shift scores (CLS) from now, or from page load with `buffered`. */
async function watchLayoutShift(page: Page, buffered: boolean) {
  await page.evaluate((fromLoad) => {
    const scope = globalThis as ShiftWindow;
    scope.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) scope.layoutShift = (scope.layoutShift ?? 0) + entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: fromLoad });
  }, buffered);
}

const layoutShift = (page: Page) => page.evaluate(() => (globalThis as ShiftWindow).layoutShift ?? 0);

async function linksOf(scope: Locator) {
  const links = scope.getByRole('link');
  const result: [string, string | null][] = [];
  for (const link of await links.all()) {
    result.push([((await link.textContent()) ?? '').trim(), await link.getAttribute('href')]);
  }
  return result;
}

async function expectFooter(page: Page, label: string) {
  const footer = page.getByRole('contentinfo');
  await footer.waitFor();
  const nav = footer.getByRole('navigation', { name: 'Footer' });
  const headings = await nav.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings, label).toEqual(Object.keys(FOOTER_COLUMNS));
  for (const [title, links] of Object.entries(FOOTER_COLUMNS)) {
    const column = nav
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    expect(await linksOf(column), `${label}: ${title}`).toEqual(links.map(([text, href]) => [text, href]));
  }
  // The year the browser's clock says (the first brief's fixed 2025 went stale).
  const year = await page.evaluate(() => new Date().getFullYear());
  await footer.getByText(`© ${year} ${PRODUCT_NAME}. All rights reserved.`, { exact: true }).waitFor();
  expect(await linksOf(footer.getByRole('navigation', { name: 'Legal' })), label).toEqual([
    ['Privacy', '/privacy'],
    ['Terms', '/terms'],
    ['Accessibility', '/accessibility'],
    // Out of the public header (docs/spec-conformance.md), staff find it here.
    ['Admin Login', '/admin-login'],
  ]);
}

describe('public landing page', () => {
  it('shows the hero, the features, the pricing block and every link the first brief named', async () => {
    const page = await open();
    await page.goto('/');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: LANDING_TITLE }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await main.getByText('Professional Care Services', { exact: true }).waitFor();

    // "Find Care Services" is the first screen's question, where care is needed: a search form to
    // the carers near that place (the first brief: a link to /subscribe).
    const placeForm = main.getByRole('search', { name: 'Find carers near you' });
    expect(await placeForm.getAttribute('action')).toBe('/carers');
    await placeForm.getByRole('searchbox', { name: 'Where is care needed?' }).waitFor();
    await placeForm.getByRole('button', { name: 'Find Care Services' }).waitFor();

    for (const [name, href] of LANDING_LINKS) {
      expect(await main.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
    }
    // Each path the first brief named is linked from the page itself, not only from the header or footer.
    const hrefs = new Set((await linksOf(main)).map(([, href]) => href));
    for (const path of [
      '/about',
      '/pricing',
      '/contact',
      '/help',
      '/carer-signup',
      '/register?as=customer&returnTo=%2Fsubscription',
      '/api/login',
    ]) {
      expect(hrefs.has(path), path).toBe(true);
    }

    for (const feature of ['Verified Carers', 'Smart Matching', 'Reliable Support', 'Quality Assurance']) {
      await main.getByRole('heading', { level: 3, name: feature }).waitFor();
    }
    for (const service of ['Elderly Care', 'Disability Support', 'Respite Care', 'Live-in Care']) {
      await main.getByRole('heading', { level: 3, name: service }).waitFor();
    }

    const pricing = main.getByRole('region', { name: 'Clear pricing, no surprises' });
    await pricing.getByRole('heading', { level: 3, name: 'Customer Access' }).waitFor();
    await pricing.getByText(formatPounds(PLANS.threeMonth.amountPence), { exact: true }).waitFor();
    await pricing.getByText(`for ${PLANS.threeMonth.months} months`).waitFor();
    await pricing.getByText('One-time payment, no recurring fees.').waitFor();
    await pricing.getByText(THREE_MONTH_TEXTS.cancel, { exact: true }).waitFor();
    expect(
      await pricing
        .getByRole('list', { name: 'Customer Access includes' })
        .getByRole('listitem')
        .allTextContents(),
    ).toEqual([...CUSTOMER_BENEFITS]);

    expect(await page.title()).toBe(PRODUCT_NAME);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toMatch(/DBS-checked/);
    expect(description!.length).toBeLessThanOrEqual(160);
  });

  it('shows the first 3 carers of GET /api/carers?limit=3 by the card rules, with no axe violations at desktop', async () => {
    const page = await open(DESKTOP);
    const carers = await landingCarersFromApi(page);
    expect(carers).toHaveLength(LANDING_CARER_COUNT);
    // The seed has long descriptions, so the truncation below is really exercised.
    expect(carers.some((carer) => carer.description.length > LANDING_DESCRIPTION_MAX_LENGTH)).toBe(true);

    const request = page.waitForRequest((candidate) => isCarerSearch(new URL(candidate.url())));
    await page.goto('/');
    expect(new URL((await request).url()).search).toBe(`?limit=${LANDING_CARER_COUNT}`);
    const section = page.getByRole('region', { name: 'Meet Our Professional Carers' });
    const cards = section.getByTestId('landing-carer-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(LANDING_CARER_COUNT);

    for (const [index, carer] of carers.entries()) {
      const card = cards.nth(index);
      const name = `${carer.firstName} ${carer.lastName}`.trim() || `${carer.specialization} Specialist`;
      const label = `card ${index + 1} (${name})`;

      const nameLink = card.getByRole('heading', { level: 3 }).getByRole('link');
      expect(await nameLink.textContent(), label).toBe(name);
      expect(await nameLink.getAttribute('href'), label).toBe(`/carers/${carer.id}`);

      if (carer.photoUrl) {
        await card.getByRole('img', { name: `Photo of ${name}` }).waitFor();
      } else {
        const initials = `${carer.firstName.charAt(0)}${carer.lastName.charAt(0)}`.toUpperCase() || 'C';
        await card.getByText(initials, { exact: true }).waitFor();
      }

      const text = (await card.textContent()) ?? '';
      for (const fact of [carer.specialization, carer.location, carer.experience]) {
        expect(text, label).toContain(fact);
      }
      expect(text, label).toContain(`${pounds(carer.hourlyRateMin)}-${pounds(carer.hourlyRateMax)}/hour`);

      // Rating: one decimal, the stars filled to it (a 4.8 fills 4.8 of them, where
      // the first brief filled only the whole-number part), the review count, all heard as one sentence.
      const rating = card.getByTestId('landing-carer-rating');
      const oneDecimal = carer.rating.toFixed(1);
      expect(await rating.textContent(), label).toContain(oneDecimal);
      await rating
        .getByText(
          `Rated ${oneDecimal} out of ${RATING_MAX} from ${carer.reviewCount} ${carer.reviewCount === 1 ? 'review' : 'reviews'}`,
          { exact: true },
        )
        .waitFor();
      expect(
        await rating
          .locator('[data-star-fill]')
          .evaluateAll((stars) => stars.map((star) => star.dataset.starFill)),
        label,
      ).toEqual(starFills(carer.rating).map(String));
      expect(await rating.textContent(), label).toContain(
        `(${carer.reviewCount} ${carer.reviewCount === 1 ? 'review' : 'reviews'})`,
      );

      // Description: at most 100 characters, then an ellipsis when there was more.
      const shown = ((await card.getByTestId('landing-carer-description').textContent()) ?? '').trim();
      if (carer.description.length > LANDING_DESCRIPTION_MAX_LENGTH) {
        expect(shown.endsWith('…'), label).toBe(true);
        const kept = shown.slice(0, -1);
        expect(kept.length, label).toBeLessThanOrEqual(LANDING_DESCRIPTION_MAX_LENGTH);
        expect(kept.length, label).toBeGreaterThan(LANDING_DESCRIPTION_MAX_LENGTH - 20);
        expect(carer.description.startsWith(kept), label).toBe(true);
      } else {
        expect(shown, label).toBe(carer.description);
      }

      // Up to 3 qualifications, in order, the first one highlighted.
      const qualifications = card
        .getByRole('list', { name: `Qualifications of ${name}` })
        .getByRole('listitem');
      expect(await qualifications.allTextContents(), label).toEqual(
        carer.qualifications.slice(0, CARD_MAX_QUALIFICATIONS),
      );
      expect(await qualifications.first().getAttribute('data-highlighted'), label).toBe('true');
      expect(await card.locator('[data-highlighted]').count(), label).toBe(1);

      const firstName = carer.firstName.trim() || carer.user?.firstName?.trim() || 'Carer';
      const contact = card.getByRole('link', { name: `Contact ${firstName}`, exact: true });
      // To the carer's profile, whose contact area says what contacting needs (the first brief: /subscribe).
      expect(await contact.getAttribute('href'), label).toBe(`/carers/${carer.id}`);
    }

    // The loaded landing at desktop too, on purpose: the desktop header (main navigation and the
    // sign-in actions, which a phone hides behind the menu button) is checked here.
    await expectNoAxeViolations(page, '/ (desktop)');
  });

  it('holds 3 skeleton cards, sized like the real ones, while the carers load', async () => {
    const page = await open();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isCarerSearch, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Meet Our Professional Carers' });
    const loading = section.getByTestId('landing-carers-loading');
    await loading.waitFor();
    expect(await loading.getAttribute('aria-busy')).toBe('true');
    expect(await loading.getByTestId('landing-carer-skeleton').count()).toBe(LANDING_CARER_COUNT);
    expect(await section.getByRole('status').textContent()).toBe('Loading carers…');
    expect(await section.getByTestId('landing-carer-card').count()).toBe(0);
    const skeletonHeight = (await section.getByTestId('landing-carer-skeleton').first().boundingBox())!
      .height;

    release();
    const card = section.getByTestId('landing-carer-card').first();
    await card.waitFor();
    expect(await section.getByTestId('landing-carer-skeleton').count()).toBe(0);
    const cardHeight = (await card.boundingBox())!.height;
    // No layout shift worth the name: the skeleton reserves (nearly) the card's own height.
    expect(Math.abs(cardHeight - skeletonHeight) / cardHeight).toBeLessThan(0.1);
  });

  it('keeps the layout still: on load, and when the carers replace their skeletons in view; no axe violations on a phone', async () => {
    const phone = await open(MOBILE);
    await phone.goto('/');
    await phone.getByTestId('landing-carer-card').first().waitFor();
    await watchLayoutShift(phone, true);
    await phone.waitForTimeout(300);
    expect(await layoutShift(phone), 'CLS of loading / on a phone').toBeLessThan(0.1);
    // The loaded landing at MOBILE (375 px), where most families first meet the site.
    await expectNoAxeViolations(phone, '/ (mobile)');

    const page = await open(DESKTOP);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isCarerSearch, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Meet Our Professional Carers' });
    await section.getByTestId('landing-carers-loading').waitFor();
    await section.getByRole('heading', { level: 2 }).scrollIntoViewIfNeeded();
    await watchLayoutShift(page, false);
    release();
    await section.getByTestId('landing-carer-card').first().waitFor();
    await page.waitForTimeout(300);
    expect(await layoutShift(page), 'CLS of the skeletons giving way to the cards').toBeLessThan(0.05);
  });

  it('says so plainly, with a way on to the search, when the carers cannot load', async () => {
    const page = await open();
    await page.route(isCarerSearch, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Boom"}' }),
    );
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Meet Our Professional Carers' });
    const alert = section.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('We couldn’t load our carers just now.');
    expect(await alert.getByRole('link', { name: 'Browse all carers' }).getAttribute('href')).toBe('/carers');
  });

  it('shows a friendly empty state when no carer is listed yet', async () => {
    const page = await open();
    await page.route(isCarerSearch, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"items":[],"nextCursor":null}' }),
    );
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Meet Our Professional Carers' });
    await section.getByText('No carers to show just yet').waitFor();
    expect(await section.getByRole('link', { name: 'Create your carer profile' }).getAttribute('href')).toBe(
      '/carer-signup',
    );
    expect(await section.getByTestId('landing-carer-card').count()).toBe(0);
  });

  it('never scrolls sideways, from 320 px up to desktop', async () => {
    const page = await open({ width: 320, height: 640 });
    await page.goto('/');
    await page.getByTestId('landing-carer-card').first().waitFor();
    for (const width of [320, 375, 414, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${width} px`).toBeLessThanOrEqual(width);
    }
  });
});

describe('site footer', () => {
  it('shows the three columns, the copyright and the legal links on public pages', async () => {
    const page = await open();
    for (const path of ['/', '/pricing', '/about', '/help', '/no-such-page']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectFooter(page, path);
    }
  });

  for (const account of [DEMO_ACCOUNTS.family, DEMO_ACCOUNTS.carer, DEMO_ACCOUNTS.admin]) {
    it(`is there for a signed-in ${account.role} (${account.email})`, async () => {
      const page = await open(DESKTOP, account);
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectFooter(page, `${account.email} on /`);
    });
  }

  it('fits a 320 px screen and has no axe violations on a small screen', async () => {
    const page = await open({ width: 320, height: 640 });
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const footer = page.getByRole('contentinfo');
    const box = (await footer.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(320);
    expect(await footer.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expectNoAxeViolations(page, '/pricing at 320 px');
  });
});
