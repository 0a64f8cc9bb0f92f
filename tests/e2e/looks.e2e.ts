// How the product looks: the carers' portraits, the hero and About pictures, fractional
// stars with the number ('New' before a first review), the search card's one-line lock and the
// self-hosted web font, at desktop and 375 px.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CarerSearchResult, CarerSummary } from '@contracts/carers';
import { ratingSummaryLabel, starFills } from '@web/lib/format';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { approveChecksByApi, registerByApi } from './support/journeys';

const suite = useE2ESuite();
const open = suite.open;

async function expectNoSidewaysScroll(page: Page, label: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `sideways scroll on ${label}`).toBeLessThanOrEqual(widths.client);
}

async function searchCarers(page: Page, query: string): Promise<CarerSummary[]> {
  const response = await page.request.get(`/api/carers?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as CarerSearchResult).items;
}

const cardOf = (page: Page, name: string) =>
  page.getByTestId('carer-card').filter({ has: page.getByRole('link', { name, exact: true }) });

/** Waits for an image to have loaded and says how wide its file is (0 when it failed). */
async function loadedWidth(image: Locator): Promise<number> {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  return image.evaluate((img: HTMLImageElement) => img.naturalWidth);
}

/** The fill of each star as drawn: the filled overlay's width over the star's, to a tenth. */
async function drawnFills(rating: Locator): Promise<number[]> {
  return rating.locator('[data-star-fill]').evaluateAll((stars) =>
    stars.map((star) => {
      const full = star.getBoundingClientRect().width;
      const overlay = star.querySelector('span');
      if (overlay) return Math.round((overlay.getBoundingClientRect().width / full) * 10) / 10;
      return star.querySelector('svg')?.classList.contains('fill-amber-400') ? 1 : 0;
    }),
  );
}

describe('portraits of the demo carers', () => {
  it.each([
    ['desktop', DESKTOP],
    ['375 px', MOBILE],
  ])(
    'shows every search card and landing card with its photo, not initials (%s)',
    async (label, viewport) => {
      const page = await open(viewport);
      await page.goto('/carers?location=leeds');
      const cards = page.getByTestId('carer-card');
      await cards.first().waitFor();
      const carers = await searchCarers(page, 'location=leeds&limit=12');
      expect(carers.length).toBeGreaterThan(1);
      for (const carer of carers) {
        const name = `${carer.firstName} ${carer.lastName}`;
        expect(carer.photoUrl, name).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}\.webp$/);
        const photo = cardOf(page, name).getByRole('img', { name: `Photo of ${name}` });
        await photo.waitFor();
        expect(await loadedWidth(photo), name).toBe(224);
      }
      await expectNoSidewaysScroll(page, `/carers (${label})`);

      await page.goto('/');
      const landing = page.getByTestId('landing-carer-card');
      await landing.first().waitFor();
      for (const card of await landing.all()) {
        const photo = card.getByRole('img', { name: /^Photo of / });
        expect(await photo.getAttribute('width')).toBe('56');
        expect(await photo.getAttribute('height')).toBe('56');
        expect(await loadedWidth(photo)).toBe(224);
      }
    },
  );
});

describe('pictures on the landing and About pages', () => {
  it.each([
    ['desktop', DESKTOP],
    ['375 px', MOBILE],
  ])(
    'shows the hero and About illustrations, described, sized and lazy below the fold (%s)',
    async (label, viewport) => {
      const page = await open(viewport);
      await page.goto('/');
      const hero = page.getByRole('img', { name: /^Illustration: a carer and an older woman/ });
      await hero.waitFor({ state: 'attached' });
      expect(await hero.getAttribute('width')).toBe('560');
      expect(await hero.getAttribute('height')).toBe('480');
      expect(await hero.getAttribute('loading')).toBe('lazy');
      expect(await hero.getAttribute('src')).toMatch(/^\/assets\/hero-tea-at-home-[\w-]+\.svg$/);
      const box = (await hero.boundingBox())!;
      if (viewport === MOBILE) {
        // Under the text on a phone: below the fold, so it is not what the first paint waits for.
        expect(box.y).toBeGreaterThan(MOBILE.height);
      } else {
        // Beside the heading on a wide screen.
        const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
        expect(box.x).toBeGreaterThan(heading.x + heading.width);
        expect(box.y).toBeLessThan(DESKTOP.height);
      }
      expect(await loadedWidth(hero)).toBe(560);
      expect(Math.round(box.width / box.height / 0.01)).toBe(Math.round(560 / 480 / 0.01));
      await expectNoSidewaysScroll(page, `/ (${label})`);
      await expectNoAxeViolations(page, `/ with the hero picture (${label})`);

      await page.goto('/about');
      const about = page.getByRole('img', { name: /^Illustration: a carer .* kitchen table/ });
      await about.waitFor({ state: 'attached' });
      expect(await about.getAttribute('width')).toBe('720');
      expect(await about.getAttribute('height')).toBe('400');
      expect(await about.getAttribute('loading')).toBe('lazy');
      // Below the story's opening: out of sight on a phone's first screen.
      if (viewport === MOBILE) expect((await about.boundingBox())!.y).toBeGreaterThan(MOBILE.height);
      expect(await loadedWidth(about)).toBe(720);
      await expectNoSidewaysScroll(page, `/about (${label})`);
      await expectNoAxeViolations(page, `/about with its picture (${label})`);
    },
  );
});

describe('ratings', () => {
  it('fills a 4.8 rating to 4.8 stars beside the number, heard as one sentence, on search cards and the profile', async () => {
    const page = await open();
    const [margaret] = (await searchCarers(page, 'location=leeds&limit=12')).filter(
      (carer) => carer.firstName === 'Margaret',
    );
    expect(margaret).toBeDefined();
    const name = `${margaret!.firstName} ${margaret!.lastName}`;
    const label = ratingSummaryLabel(margaret!.rating, margaret!.reviewCount);
    expect(label).toBe(`Rated 4.8 out of 5 from ${margaret!.reviewCount} reviews`);

    await page.goto('/carers?location=leeds');
    const rating = cardOf(page, name).getByTestId('carer-rating');
    await rating.getByText(label, { exact: true }).waitFor();
    expect(await rating.innerText()).toContain('4.8');
    expect(await rating.innerText()).toContain(`(${margaret!.reviewCount} reviews)`);
    expect(await drawnFills(rating)).toEqual([1, 1, 1, 1, 0.8]);
    expect(await drawnFills(rating)).toEqual(starFills(margaret!.rating));

    await page.goto(`/carers/${margaret!.id}`);
    const profileRating = page.getByTestId('carer-rating');
    await profileRating.getByText(label, { exact: true }).waitFor();
    expect(await drawnFills(profileRating)).toEqual([1, 1, 1, 1, 0.8]);
  });

  it("says 'New' for a carer nobody has reviewed yet, on search, the profile and the carer's dashboard (375 px)", async () => {
    const page = await open(MOBILE);
    await registerByApi(page, { firstName: 'Nerys', lastName: 'Newydd', userType: 'carer' });
    const town = `Llanfair ${Date.now()}`;
    const created = await page.request.post('/api/carers', {
      headers: { Accept: 'application/json' },
      data: {
        specialization: 'Elderly Care',
        experience: '3-5 years',
        location: town,
        hourlyRateMin: '17',
        hourlyRateMax: '21',
        description: 'Warm, patient help at home for older people: meals, medication prompts and company.',
        qualifications: ['Manual Handling', 'First Aid Certified'],
        availability: ['Weekdays'],
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await approveChecksByApi(page, suite.server().baseUrl);

    const expectNew = async (rating: Locator, where: string) => {
      await rating.getByText('New', { exact: true }).waitFor();
      expect(await rating.textContent(), where).toBe('New carer, no reviews yet');
      expect(await rating.locator('[data-star-fill]').count(), where).toBe(0);
    };

    await page.goto(`/carers?location=${encodeURIComponent(town)}`);
    const card = cardOf(page, 'Nerys Newydd');
    await expectNew(card.getByTestId('carer-rating'), 'search card');
    expect(await card.innerText()).not.toMatch(/0\.0|\(0 reviews\)/);
    await expectNoSidewaysScroll(page, '/carers with a new carer (375 px)');

    await page.goto(`/carers/${id}`);
    await expectNew(page.getByTestId('carer-rating'), 'profile');
    expect(await page.locator('main').innerText()).not.toMatch(/0\.0 \(0 reviews\)/);
    await expectNoAxeViolations(page, '/carers/:id of a new carer (375 px)');

    await page.goto('/carer-dashboard');
    const stat = page.locator('dl div').filter({ has: page.getByText('Rating', { exact: true }) });
    await stat.getByText('New', { exact: true }).waitFor();
    expect(await stat.locator('[data-star-fill]').count()).toBe(0);
    expect(await stat.innerText()).not.toContain('0.0');
  });
});

describe("the search's one call to action", () => {
  const LOCKS = [
    {
      who: 'a visitor',
      account: undefined,
      title: 'Sign In Required',
      text: 'Please sign in to view contact details',
      link: 'Sign In',
      href: /^\/api\/login/,
    },
    {
      who: 'a family without a plan',
      account: DEMO_ACCOUNTS.family,
      title: 'Subscription Required',
      text: 'Subscribe to access carer contact information',
      link: 'Subscribe Now',
      href: /^\/pricing\?returnTo=%2Fcarers/,
    },
  ] as const;

  for (const lock of LOCKS) {
    it.each([
      ['desktop', DESKTOP],
      ['375 px', MOBILE],
    ])(
      `is said once above the cards with the contract's words for ${lock.who} (%s); the profile keeps the panel`,
      async (label, viewport) => {
        const page = await open(viewport, lock.account);
        await page.goto('/carers?location=leeds');
        const notice = page.getByTestId('contact-notice');
        await notice.waitFor();
        expect(await notice.count()).toBe(1);
        await notice.getByText(lock.title, { exact: true }).waitFor();
        expect(await notice.innerText()).toContain(lock.text);
        expect(await notice.getByRole('link', { name: lock.link }).getAttribute('href')).toMatch(lock.href);
        // No card repeats it: each has its own button to the profile.
        expect(await page.getByTestId('carer-card').filter({ hasText: lock.title }).count()).toBe(0);
        expect(await page.getByTestId('card-view-profile').count()).toBe(
          await page.getByTestId('carer-card').count(),
        );
        await expectNoSidewaysScroll(page, `/carers (${label})`);
        await expectNoAxeViolations(page, `/carers with the lock line for ${lock.who} (${label})`);

        // The profile page keeps the larger panel.
        await page.getByTestId('carer-card').first().getByRole('heading').getByRole('link').click();
        await page.waitForURL(/\/carers\/[0-9a-f-]{36}$/);
        await page.getByTestId('carer-card').first().waitFor({ state: 'detached' });
        const area = page.getByTestId('contact-area');
        await area.getByText(lock.title, { exact: true }).waitFor();
        expect((await area.boundingBox())!.height).toBeGreaterThanOrEqual(144);
      },
    );
  }
});

describe('the web font', () => {
  it.each([
    ['desktop', DESKTOP],
    ['375 px', MOBILE],
  ])(
    'sets the text in self-hosted Inter, swapped in, with only the Latin file preloaded and loaded (%s)',
    async (label, viewport) => {
      const page = await open(viewport);
      const response = await page.goto('/');
      const preloads = (response!.headers().link ?? '')
        .split(', ')
        .filter((link) => link.includes('as=font'));
      expect(preloads).toHaveLength(1);
      expect(preloads[0]).toMatch(
        /^<\/assets\/inter-latin-wght-normal-[\w-]+\.woff2>; rel=preload; as=font; type="font\/woff2"; crossorigin$/,
      );
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.evaluate(() => document.fonts.ready);

      const font = await page.evaluate(() => {
        const faces = [...document.styleSheets]
          .flatMap((sheet) => [...sheet.cssRules])
          .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
          .filter((rule) => rule.style.getPropertyValue('font-family').includes('Inter Variable'));
        return {
          family: getComputedStyle(document.body).fontFamily,
          headingFamily: getComputedStyle(document.querySelector('h1')!).fontFamily,
          displays: [...new Set(faces.map((rule) => rule.style.getPropertyValue('font-display')))],
          sources: faces.map((rule) => rule.style.getPropertyValue('src')),
          loaded: [...document.fonts].filter(
            (face) => face.family.includes('Inter') && face.status === 'loaded',
          ).length,
          files: performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((path) => path.endsWith('.woff2')),
        };
      });
      expect(font.family, label).toMatch(/^"Inter Variable"/);
      expect(font.headingFamily, label).toMatch(/^"Inter Variable"/);
      expect(font.displays).toEqual(['swap']);
      // Served by the app itself, never a font service.
      for (const source of font.sources) expect(source).toMatch(/url\("?\/assets\/inter-[\w-]+\.woff2"?\)/);
      expect(font.loaded, label).toBeGreaterThanOrEqual(1);
      expect(font.files, label).toHaveLength(1);
      expect(font.files[0]).toMatch(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
      const file = await page.request.get(font.files[0]!);
      expect(file.status()).toBe(200);
      expect(file.headers()['cache-control']).toContain('immutable');
      expect((await file.body()).length).toBeLessThan(60 * 1024);
    },
  );
});
