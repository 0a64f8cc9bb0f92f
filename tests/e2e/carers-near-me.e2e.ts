// Care near me (decision 0022). Families search by postcode or town and distance, by day and part of the
// day; a customer saves the place search starts from; a carer keeps their postcode, travel
// distance and weekly grid with the keyboard, and families see them on the profile.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEARCH_MESSAGES } from '@contracts/carers';
import { POSTCODE_MESSAGES } from '@contracts/postcodes';
import { SETTINGS_MESSAGES } from '@contracts/settings';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectFocused, expectNoAxeViolations, MOBILE } from './support/browser';
import { expectNoSidewaysScroll, RESULTS_LINE, resultsShown } from './support/carer-search';
import { useE2ESuite } from './support/e2e-suite';
import { fillCarerSignup, registerByApi, toastTitle } from './support/journeys';

const suite = useE2ESuite();
const open = suite.open;

const FULL_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b/;

/** The cards' distances in the order shown, once a search near a place has been drawn. */
async function shownDistances(page: Page): Promise<number[]> {
  await resultsShown(page);
  await page.locator('[data-testid="carer-distance"]').first().waitFor();
  const texts = await page.locator('[data-testid="carer-distance"]').allTextContents();
  return texts.map((text) => {
    // Whole miles, "under 1 mile" for 0 (decision 0032).
    const match = /^(?:under 1 mile|(\d+) miles?) away$/.exec(text.trim());
    if (!match) throw new Error(`not a distance: "${text}"`);
    return Number(match[1] ?? 0);
  });
}

function expectNearestFirst(distances: number[], within: number) {
  expect(distances.length).toBeGreaterThan(0);
  for (const [index, miles] of distances.entries()) {
    expect(miles).toBeLessThanOrEqual(within);
    if (index > 0) expect(miles).toBeGreaterThanOrEqual(distances[index - 1]!);
  }
}

/** The text of one cell of a week table: 'available' or 'not available' (read by screen readers). */
async function cellText(table: Locator, day: number, part: number): Promise<string> {
  const text = await table.locator('tbody tr').nth(day).locator('td').nth(part).textContent();
  return (text ?? '').trim();
}

describe('searching near a place', () => {
  it('lists carers within the distance nearest first, filters by day and part of day, and keeps it in the URL', async () => {
    const page = await open(DESKTOP, DEMO_ACCOUNTS.family);
    await page.goto('/carers');
    await page.getByRole('heading', { name: 'Find Your Perfect Carer', level: 1 }).waitFor();
    await page.getByLabel('Where is care needed?', { exact: true }).fill('LS6 3AB');
    await page.getByLabel('Distance', { exact: true }).selectOption('5');
    // The list is read once the answer to this search has come: until then the first page's cards
    // (with no distances) stay on screen.
    const nearAnswered = page.waitForResponse(
      (response) => response.url().includes('/api/carers?') && response.url().includes('near=LS6'),
    );
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('near') === 'LS6 3AB');
    await nearAnswered;
    expect(new URL(page.url()).searchParams.get('within')).toBe('5');

    const distances = await shownDistances(page);
    expectNearestFirst(distances, 5);
    // Distance is the order, and only the first part of a carer's postcode is ever shown.
    // The fields follow the URL a render after it changes.
    await expect.poll(() => page.getByLabel('Sort by').inputValue()).toBe('distance');
    // textContent: the cards below the first screen are not laid out yet, so their innerText is empty.
    const cardsText = (await page.locator('[data-testid="carer-card"]').allTextContents()).join('\n');
    expect(cardsText).not.toMatch(FULL_POSTCODE);
    await page.getByText('Near:', { exact: true }).waitFor();
    await expectNoAxeViolations(page, '/carers near a postcode (desktop)');

    // Tuesday mornings: the URL carries it, the order stays nearest first.
    await page.getByLabel('Days', { exact: true }).selectOption('tuesday');
    await page.waitForURL(/day=tuesday/);
    // The list is read once the answer to this search has come (the last one's cards stay on
    // screen until then).
    const answered = page.waitForResponse(
      (response) => response.url().includes('/api/carers?') && response.url().includes('partOfDay=morning'),
    );
    await page.getByLabel('Time of day', { exact: true }).selectOption('morning');
    await page.waitForURL(/partOfDay=morning/);
    await answered;
    const empty = page.getByText('No Carers Found');
    await page.getByText(RESULTS_LINE).first().or(empty).waitFor();
    if (!(await empty.isVisible())) expectNearestFirst(await shownDistances(page), 5);

    // Another order, then Back undoes the filters one at a time.
    await page.getByLabel('Time of day', { exact: true }).selectOption('');
    await page.waitForURL((url) => !url.searchParams.has('partOfDay'));
    await page.goBack();
    await page.waitForURL(/partOfDay=morning/);
    await expect.poll(() => page.getByLabel('Time of day', { exact: true }).inputValue()).toBe('morning');

    // A shared link opens the same search.
    const shared = await open();
    await shared.goto('/carers?near=LS6%203AB&within=5&sort=rating');
    await expect
      .poll(() => shared.getByLabel('Where is care needed?', { exact: true }).inputValue())
      .toBe('LS6 3AB');
    await expect.poll(() => shared.getByLabel('Sort by').inputValue()).toBe('rating');
    const byRating = await shownDistances(shared);
    expect(byRating.length).toBeGreaterThan(0);
    expect(byRating.every((miles) => miles <= 5)).toBe(true);
  });

  it('fits a 375 px screen with a place and distances, with no axe violations', async () => {
    const page = await open(MOBILE);
    await page.goto('/carers?near=Leeds&within=25');
    expectNearestFirst(await shownDistances(page), 25);
    await expectNoSidewaysScroll(page, '/carers near Leeds (mobile)');
    await expectNoAxeViolations(page, '/carers near Leeds (mobile)');
  });

  it('says beside the place box when it does not know the place', async () => {
    const page = await open(MOBILE);
    await page.goto('/carers');
    const box = page.getByLabel('Where is care needed?', { exact: true });
    await box.fill('Narnia Cupboard');
    await box.press('Enter');
    await page.waitForURL(/near=Narnia/);
    const message = page.locator('#search-location-error');
    await message.waitFor();
    expect((await message.textContent())?.trim()).toBe(SEARCH_MESSAGES.near);
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await box.getAttribute('aria-describedby')).toContain('search-location-error');
    await expectFocused(box);
    // Not an empty result that looks like "no carers".
    expect(await page.getByText('No Carers Found').count()).toBe(0);
    await expectNoSidewaysScroll(page, '/carers unknown place (mobile)');
    await expectNoAxeViolations(page, '/carers unknown place (mobile)');
  });

  it('offers a wider distance when nobody is near', async () => {
    const page = await open();
    await page.goto('/carers?near=ZE1&within=5');
    await page.getByText('No Carers Found').waitFor();
    const widen = page.getByRole('button', { name: 'Search within 10 miles' });
    await widen.click();
    // 10 miles is the default distance: the URL no longer needs to say it.
    await page.waitForURL((url) => !url.searchParams.has('within'));
    await expectFocused(page.getByLabel('Distance', { exact: true }));
    await expect.poll(() => page.getByLabel('Distance', { exact: true }).inputValue()).toBe('10');
  });
});

describe('a saved search place', () => {
  it('is saved in Settings, starts /carers and fills the home page', async () => {
    const page = await open(MOBILE, DEMO_ACCOUNTS.subscribed);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Carer search' });
    const field = section.getByLabel('Postcode or town');
    await field.waitFor();

    // A place nobody knows: the server's message beside the field.
    await field.fill('Narnia Cupboard');
    await section.getByRole('button', { name: 'Save place' }).click();
    await section.getByText(SEARCH_MESSAGES.near, { exact: true }).waitFor();
    await expectFocused(field);
    await expectNoAxeViolations(page, '/settings search place error (mobile)');

    await field.fill('LS6 3AB');
    await section.getByRole('button', { name: 'Save place' }).click();
    await toastTitle(page, SETTINGS_MESSAGES.searchPlaceSavedTitle).waitFor();
    await page.getByText(SETTINGS_MESSAGES.searchPlaceSavedBody('LS6 3AB')).first().waitFor();

    // The search starts from it, nearest first, and the URL says so.
    await page.goto('/customer-dashboard');
    await page.waitForURL((url) => url.searchParams.get('near') === 'LS6 3AB');
    await expect
      .poll(() => page.getByLabel('Where is care needed?', { exact: true }).inputValue())
      .toBe('LS6 3AB');
    expectNearestFirst(await shownDistances(page), 10);
    // A place cleared from the search stays cleared on this visit.
    await page.getByRole('button', { name: 'Clear place filter' }).click();
    await page.waitForURL((url) => !url.searchParams.has('near'));
    await expectFocused(page.getByLabel('Where is care needed?', { exact: true }));

    // The signed-in home lists the nearest carers and links to the search.
    await page.goto('/');
    const near = page.getByRole('list', { name: 'Carers near LS6 3AB' });
    await near.waitFor();
    expect(await near.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'See all carers near LS6 3AB' }).getAttribute('href')).toBe(
      '/customer-dashboard?near=LS6+3AB',
    );
    await expectNoAxeViolations(page, 'signed-in home with carers near you (mobile)');

    // Cleared in Settings, the search starts from no place again.
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Clear saved place' }).click();
    await page.getByText(SETTINGS_MESSAGES.searchPlaceClearedBody).first().waitFor();
    await page.goto('/carers');
    await resultsShown(page);
    expect(new URL(page.url()).searchParams.has('near')).toBe(false);
  });
});

describe('a carer keeps their place and week', () => {
  it('edits postcode, travel distance and the weekly grid with the keyboard, and families see them', async () => {
    const page = await open(DESKTOP, DEMO_ACCOUNTS.carer);
    await page.goto('/carer-dashboard');
    await page.getByRole('heading', { name: 'Carer Dashboard' }).waitFor();
    const profile = (await (await page.request.get('/api/carers/my-profile')).json()) as { id: string };

    // Postcode and travel distance: Edit Profile, then Tab from the first field.
    await page.getByRole('button', { name: 'Edit Profile' }).focus();
    await page.keyboard.press('Enter');
    await expectFocused(page.locator('#edit-specialization'));
    // Tab through the fields before it (the form follows the sign-up steps' order).
    const postcode = page.getByLabel('Home postcode');
    for (
      let i = 0;
      i < 20 && !(await postcode.evaluate((element) => element === document.activeElement));
      i += 1
    ) {
      await page.keyboard.press('Tab');
    }
    await expectFocused(postcode);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('ls17 6ab');
    await page.keyboard.press('Tab');
    const travel = page.getByLabel('How far will you travel?');
    await expectFocused(travel);
    const travelBefore = await travel.inputValue();
    await page.keyboard.press(travelBefore === '50' ? 'ArrowUp' : 'ArrowDown');
    const travelMiles = await travel.inputValue();
    expect(travelMiles).not.toBe(travelBefore);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await toastTitle(page, 'Profile Updated').waitFor();
    await page.getByText(/^LS17 6AB \(families see LS17\)$/).waitFor();

    // The week: Update Availability goes straight to the grid; arrows move, Space ticks.
    const update = page.getByRole('button', { name: 'Update Availability' });
    await update.focus();
    await page.keyboard.press('Enter');
    const week = page.getByRole('group', { name: 'Availability' });
    await expectFocused(week.getByRole('checkbox', { name: 'Monday morning' }));
    await page.keyboard.press('ArrowDown');
    const tuesdayMorning = week.getByRole('checkbox', { name: 'Tuesday morning' });
    await expectFocused(tuesdayMorning);
    const tuesdayBefore = await tuesdayMorning.isChecked();
    await page.keyboard.press('Space');
    expect(await tuesdayMorning.isChecked()).toBe(!tuesdayBefore);
    await page.keyboard.press('ArrowRight');
    const tuesdayEvening = week.getByRole('checkbox', { name: 'Tuesday afternoon' });
    await expectFocused(tuesdayEvening);
    // Then to the week's last cell and on to live-in care.
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowDown');
    for (let i = 0; i < 2; i += 1) await page.keyboard.press('ArrowRight');
    await expectFocused(week.getByRole('checkbox', { name: 'Sunday overnight' }));
    await page.keyboard.press('Tab');
    const liveIn = week.getByRole('checkbox', { name: 'Live-in care' });
    await expectFocused(liveIn);
    const liveInBefore = await liveIn.isChecked();
    await page.keyboard.press('Space');
    // On past short-notice cover and the fields after the week (the sign-up steps' order) to Save.
    const save = page.getByRole('button', { name: 'Save' });
    for (
      let i = 0;
      i < 20 && !(await save.evaluate((element) => element === document.activeElement));
      i += 1
    ) {
      await page.keyboard.press('Tab');
    }
    await expectFocused(save);
    await page.keyboard.press('Enter');
    await toastTitle(page, 'Profile Updated').waitFor();
    await expectFocused(update);
    const today = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    await page.getByText(`Last updated ${today}`).waitFor();

    // The public profile shows the week, the travel distance and the district, never the postcode.
    const visitor = await open();
    await visitor.goto(`/carers/${profile.id}`);
    const table = visitor.getByRole('table', { name: /usually free/ });
    await table.waitFor();
    expect(await cellText(table, 1, 0)).toBe(tuesdayBefore ? 'not available' : 'available');
    await visitor
      .getByText(`Travels up to ${travelMiles} ${travelMiles === '1' ? 'mile' : 'miles'}`)
      .waitFor();
    await visitor
      .getByText(/\(LS17\)/)
      .first()
      .waitFor();
    expect(await visitor.locator('main').innerText()).not.toMatch(/LS17 6AB/);
    expect(await visitor.getByText('Live-in care', { exact: true }).count()).toBe(liveInBefore ? 0 : 1);
    await visitor.getByText('Availability updated today').waitFor();
    await expectNoAxeViolations(visitor, '/carers/:id with the week (desktop)');
  });

  it('keeps a signed-out visitor’s postcode, travel and week through signing in', async () => {
    const page = await open(MOBILE);
    await page.goto('/carer-signup');
    await fillCarerSignup(page, {
      specialization: 'Companion Care',
      experience: '1-2 years',
      qualifications: ['Manual Handling'],
      location: 'Otley, West Yorkshire',
      homePostcode: 'ls21 1aa',
      travelMiles: '5',
      week: ['Wednesday evening', 'Short-notice cover'],
      hourlyRateMin: '16',
      hourlyRateMax: '19',
      description:
        'Companion carer in Wharfedale: shopping, walks, appointments and good conversation at home.',
    });
    await expectNoAxeViolations(page, '/carer-signup review with the week (mobile)');
    await page.getByLabel(/I agree to the terms and conditions/).check();
    await page.getByRole('button', { name: 'Create My Profile' }).click();
    // Registration as a carer, which brings them back here.
    await page.waitForURL(/\/register\?as=carer/);

    await registerByApi(page, { firstName: 'Wendy', lastName: 'Wharfe', userType: 'carer' });
    await page.goto('/carer-signup');
    // Back on the last step, the terms to agree to again.
    await page.getByText('Step 5 of 5', { exact: true }).waitFor();
    expect(await page.getByLabel(/I agree to the terms and conditions/).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Change: Where you work' }).click();
    expect(await page.getByLabel('Home postcode').inputValue()).toBe('ls21 1aa');
    expect(await page.getByLabel('How far will you travel?').inputValue()).toBe('5');
    await page.getByRole('button', { name: 'Next' }).click();
    const week = page.getByRole('group', { name: 'Availability' });
    expect(await week.getByRole('checkbox', { name: 'Wednesday evening' }).isChecked()).toBe(true);
    expect(await week.getByRole('checkbox', { name: 'Wednesday morning' }).isChecked()).toBe(false);
    expect(await week.getByRole('checkbox', { name: 'Short-notice cover' }).isChecked()).toBe(true);
  });

  it('tells the carer when their postcode could not be checked yet', async () => {
    // The e2e server has no postcode service to be down: the profile answer says so instead.
    const page = await open(MOBILE, DEMO_ACCOUNTS.carer);
    await page.route('**/api/carer-profile', async (route) => {
      const response = await route.fetch();
      const { profile } = (await response.json()) as { profile: Record<string, unknown> };
      await route.fulfill({ response, json: { profile: { ...profile, homePostcodeChecked: false } } });
    });
    await page.goto('/carer-dashboard');
    await page.getByText(POSTCODE_MESSAGES.unchecked).waitFor();
    await expectNoAxeViolations(page, '/carer-dashboard postcode unchecked (mobile)');
  });
});
