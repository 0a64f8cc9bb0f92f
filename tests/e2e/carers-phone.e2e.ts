// Finding a carer on a phone (and a desktop): the landing page's first question, the search's one
// Filters sheet and its chips, old links, one call to action for the page, Back to search, and the
// "Report this carer" link.
import { describe, expect, it } from 'vitest';
import { SEARCH_MESSAGES } from '@contracts/carers-search-text';
import { REPORT_MESSAGES } from '@contracts/reports';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectFocused, expectNoAxeViolations, MOBILE } from './support/browser';
import { expectNoSidewaysScroll, resultsShown } from './support/carer-search';
import { useE2ESuite } from './support/e2e-suite';
import { toastTitle } from './support/journeys';

const { open } = useE2ESuite();

describe('the landing page asks where care is needed', () => {
  it.each([
    ['375 px', MOBILE],
    ['desktop', DESKTOP],
  ])('a visitor types a postcode and reaches the carers near it (%s)', async (label, viewport) => {
    const page = await open(viewport);
    await page.goto('/');
    const box = page.getByRole('searchbox', { name: 'Where is care needed?' });
    await box.waitFor();
    // On the first screen, without scrolling.
    const rect = (await box.boundingBox())!;
    expect(rect.y + rect.height, label).toBeLessThanOrEqual(viewport.height);
    await expectNoAxeViolations(page, `/ with the place question (${label})`);

    await box.fill('LS6 3AB');
    await page.getByRole('button', { name: 'Find Care Services' }).click();
    await page.waitForURL((url) => url.pathname === '/carers' && url.searchParams.get('near') === 'LS6 3AB');
    await page.getByTestId('carer-distance').first().waitFor();
    await resultsShown(page);
    await expectNoSidewaysScroll(page, `/carers near LS6 3AB (${label})`);
    await expectNoAxeViolations(page, `/carers near LS6 3AB (${label})`);
  });

  it('says plainly when it does not know the place, not an empty page', async () => {
    const page = await open(MOBILE);
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Where is care needed?' }).fill('Narnia Cupboard');
    await page.getByRole('searchbox', { name: 'Where is care needed?' }).press('Enter');
    await page.waitForURL(/\/carers\?near=Narnia/);
    await page.getByText(SEARCH_MESSAGES.near, { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: 'Check the place you searched for' }).waitFor();
    expect(await page.getByTestId('carer-card').count()).toBe(0);
  });
});

describe('the search on a phone', () => {
  it('shows the results first, filters through one sheet, and removes a chip', async () => {
    const page = await open(MOBILE);
    await page.goto('/carers');
    await resultsShown(page);
    // No filter controls on the page itself: one Filters button, and the first result on screen.
    expect(await page.getByRole('combobox').count()).toBe(0);
    const filtersButton = page.getByRole('button', { name: /^Filters/ });
    const firstCard = (await page.getByTestId('carer-card').first().boundingBox())!;
    expect(firstCard.y).toBeLessThan(MOBILE.height);

    await filtersButton.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    for (const control of ['Care type', 'Days', 'Time of day', 'Hourly rate', 'Distance', 'Sort by']) {
      await sheet.getByLabel(control, { exact: true }).waitFor();
    }
    await sheet.getByRole('group', { name: 'When' }).waitFor();
    await expectNoAxeViolations(page, 'the Filters sheet (375 px)');

    await sheet.getByLabel('Care type', { exact: true }).selectOption('Childcare');
    await page.waitForURL((url) => url.searchParams.get('careType') === 'Childcare');
    await sheet.getByLabel('Days', { exact: true }).selectOption('weekdays');
    await page.waitForURL((url) => url.searchParams.get('day') === 'weekdays');
    await sheet.getByRole('button', { name: /^Show / }).click();
    await sheet.waitFor({ state: 'hidden' });
    await expectFocused(filtersButton);

    // Carers who offer childcare are found.
    await resultsShown(page);
    const specialisms = await page.getByTestId('carer-card').locator('p.text-primary').allTextContents();
    expect(specialisms.length).toBeGreaterThan(0);
    expect(new Set(specialisms)).toEqual(new Set(['Childcare']));
    expect(await filtersButton.textContent()).toContain('2');

    await page.getByRole('button', { name: 'Clear care type filter' }).click();
    await page.waitForURL((url) => !url.searchParams.has('careType'));
    // The control is in the closed sheet: the keyboard goes to the button that opens it.
    await expectFocused(filtersButton);
    await page.getByRole('button', { name: 'Clear when filter' }).waitFor();
    await expectNoSidewaysScroll(page, '/carers with chips (375 px)');
    await expectNoAxeViolations(page, '/carers with chips (375 px)');
  });

  it('keeps a desktop side panel with the same filters', async () => {
    const page = await open(DESKTOP);
    await page.goto('/carers?careType=Childcare');
    await resultsShown(page);
    expect(await page.getByRole('button', { name: /^Filters/ }).count()).toBe(0);
    expect(await page.getByLabel('Care type', { exact: true }).inputValue()).toBe('Childcare');
    await page.getByLabel('Hourly rate', { exact: true }).selectOption('20');
    await page.waitForURL((url) => url.searchParams.get('maxRate') === '20');
    await page.getByRole('button', { name: 'Clear rate filter' }).click();
    await page.waitForURL((url) => !url.searchParams.has('maxRate'));
    await expectFocused(page.getByLabel('Hourly rate', { exact: true }));
    await expectNoAxeViolations(page, '/carers with the side panel (desktop)');
  });

  it.each([
    ['availability=Weekends', 'When: Weekends, Daytime', 'day=weekends&partOfDay=daytime'],
    ['availability=Live-in+Care', 'When: Live-in care', 'availability=Live-in+Care'],
    ['day=tuesday&partOfDay=morning', 'When: Tuesday, Morning', 'day=tuesday&partOfDay=morning'],
  ])('keeps an old link working: %s', async (query, chip, apiQuery) => {
    const page = await open(MOBILE);
    const asked = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname === '/api/carers' && url.search.includes(apiQuery);
    });
    await page.goto(`/carers?${query}`);
    await asked;
    await resultsShown(page);
    await page
      .getByText(chip.replace(/^When: /, ''))
      .first()
      .waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: chip }).count()).toBe(1);
  });
});

describe('one call to action for the page', () => {
  it.each([
    ['a visitor', undefined, 'Sign In Required', 'Sign In', /^\/api\/login/],
    [
      'a family without a plan',
      DEMO_ACCOUNTS.family,
      'Subscription Required',
      'Subscribe Now',
      // The plans, chosen once there, then back to this search.
      /^\/pricing\?returnTo=%2Fcarers%3Flocation%3Dleeds/,
    ],
  ] as const)('tells %s once, and each card says where it goes', async (_who, account, title, link, href) => {
    const page = await open(MOBILE, account);
    await page.goto('/carers?location=leeds');
    await resultsShown(page);
    const notice = page.getByTestId('contact-notice');
    expect(await notice.count()).toBe(1);
    await notice.getByRole('heading', { name: title }).waitFor();
    expect(await notice.getByRole('link', { name: link }).getAttribute('href')).toMatch(href);
    const cards = page.getByTestId('carer-card');
    expect(await cards.filter({ hasText: title }).count()).toBe(0);
    const views = cards.getByRole('link', { name: /^View profile of / });
    expect(await views.count()).toBe(await cards.count());
    expect(await views.first().getAttribute('href')).toMatch(/^\/carers\/[0-9a-f-]{36}$/);
    await expectNoAxeViolations(page, `/carers with one call to action (${title})`);
  });

  it('gives a family with a plan a Contact button on each card and no notice', async () => {
    const page = await open(MOBILE, DEMO_ACCOUNTS.subscribed);
    await page.goto('/customer-dashboard?location=leeds');
    await resultsShown(page);
    expect(await page.getByTestId('contact-notice').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Contact / }).count()).toBe(
      await page.getByTestId('carer-card').count(),
    );
  });
});

describe('Back to search', () => {
  it('returns to the same search, filters and place on the page; a profile opens at its top', async () => {
    const page = await open(MOBILE);
    await page.goto('/carers?careType=Elderly+Care&sort=rating');
    await resultsShown(page);
    const card = page.getByTestId('carer-card').nth(3);
    await card.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    const searchUrl = page.url();

    await card.getByRole('link', { name: /^View profile of / }).click();
    await page.waitForURL(/\/carers\/[0-9a-f-]{36}$/);
    // The profile itself (the search stays on screen while the profile's code arrives).
    await page.getByRole('heading', { name: 'Rates & Experience' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole('link', { name: 'Back to search' }).click();
    await page.waitForURL(searchUrl);
    await resultsShown(page);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.getByRole('button', { name: 'Clear care type filter' }).waitFor();
  });

  it('goes to the search when the profile was opened some other way', async () => {
    const page = await open(MOBILE);
    const answer = (await (await page.request.get('/api/carers?limit=1')).json()) as {
      items: { id: string }[];
    };
    await page.goto(`/carers/${answer.items[0]!.id}`);
    expect(await page.getByRole('link', { name: 'Back to search' }).getAttribute('href')).toBe('/carers');
  });
});

describe('Report this carer', () => {
  it('takes a report from a family on the profile; a visitor is asked to sign in', async () => {
    const visitor = await open(MOBILE);
    const answer = (await (await visitor.request.get('/api/carers?limit=1')).json()) as {
      items: { id: string }[];
    };
    const profile = `/carers/${answer.items[0]!.id}`;
    await visitor.goto(profile);
    const visitorLink = visitor.getByRole('link', { name: 'Report this carer' });
    expect(await visitorLink.getAttribute('href')).toBe(`/api/login?returnTo=${encodeURIComponent(profile)}`);

    const family = await open(MOBILE, DEMO_ACCOUNTS.family);
    await family.goto(profile);
    await family.getByRole('button', { name: 'Report this carer' }).click();
    const dialog = family.getByRole('dialog', { name: 'Report this carer' });
    await dialog.getByLabel('Reason').selectOption('False or misleading information');
    await dialog.getByLabel('Details').fill('The qualifications listed do not match what she told us.');
    await expectNoAxeViolations(family, 'the report dialog on a profile (375 px)');
    await dialog.getByRole('button', { name: /^Send/ }).click();
    await toastTitle(family, REPORT_MESSAGES.sentTitle).waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });
});
