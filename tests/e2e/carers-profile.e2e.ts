import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CARER_MESSAGES } from '@contracts/carers';
import { LISTING_MESSAGES } from '@contracts/verification';
import { POSTCODE_MESSAGES } from '@contracts/postcodes';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectFocused, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { approveChecksByApi, registerByApi, toastTitle } from './support/journeys';

const suite = useE2ESuite();
const open = suite.open;

async function fillProfile(
  page: Page,
  values: { location: string; homePostcode: string; description: string },
) {
  await page.getByLabel('Care specialization').selectOption('Elderly Care');
  await page.getByLabel('Years of experience').selectOption('6-10 years');
  await page.getByLabel('Location', { exact: true }).fill(values.location);
  await page.getByLabel('Home postcode').fill(values.homePostcode);
  await page.getByLabel('How far will you travel?').selectOption('15');
  await page.getByLabel('Minimum hourly rate').fill('18.50');
  await page.getByLabel('Maximum hourly rate').fill('24');
  await page.getByLabel('Description').fill(values.description);
  await page.getByRole('group', { name: 'Qualifications' }).getByLabel('Manual Handling').check();
  await page.getByRole('group', { name: 'Qualifications' }).getByLabel('First Aid Certified').check();
  const week = page.getByRole('group', { name: 'Availability' });
  await week.getByRole('checkbox', { name: 'Monday morning' }).check();
  await week.getByRole('checkbox', { name: 'Thursday afternoon' }).check();
}

/** A new carer, registered by API (these journeys are not about registering), at /carer-signup. */
async function newCarerAtSignup(page: Page, person: { firstName: string; lastName: string }) {
  await registerByApi(page, { ...person, userType: 'carer' });
  await page.goto('/carer-signup');
  await page.getByRole('heading', { name: 'Become a Carer' }).waitFor();
}

// The carer pages' axe checks sit in the journeys that reach each state, at MOBILE (375 px): most
// carers use the site on a phone and the layouts are tightest there; the pages' content is the same
// at desktop (the desktop header is checked elsewhere).
describe('carer signup', () => {
  it('shows every contract validation message beside its field', async () => {
    const page = await open(MOBILE);
    await newCarerAtSignup(page, { firstName: 'Valerie', lastName: 'Dation' });
    await expectNoAxeViolations(page, '/carer-signup (mobile)');
    await page.getByRole('button', { name: 'Create My Profile' }).click();
    for (const message of [
      CARER_MESSAGES.specializationRequired,
      CARER_MESSAGES.experienceRequired,
      CARER_MESSAGES.locationRequired,
      POSTCODE_MESSAGES.required,
      CARER_MESSAGES.travelRequired,
      CARER_MESSAGES.minRateRequired,
      CARER_MESSAGES.maxRateRequired,
      CARER_MESSAGES.descriptionTooShort,
      CARER_MESSAGES.qualificationsRequired,
      CARER_MESSAGES.availabilityRequired,
      CARER_MESSAGES.termsRequired,
    ]) {
      await page.getByText(message, { exact: true }).first().waitFor();
    }
    // The first invalid field takes the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('signup-specialization');
    expect(new URL(page.url()).pathname).toBe('/carer-signup');
    await expectNoAxeViolations(page, '/carer-signup with errors (mobile)');
  });

  it('opens the dashboard at its top for a new carer on a phone, with the checks banner in view', async () => {
    const page = await open(MOBILE);
    await newCarerAtSignup(page, { firstName: 'Morwenna', lastName: 'Pascoe' });
    await fillProfile(page, {
      location: 'Aberystwyth, Ceredigion',
      homePostcode: 'sy23 1aa',
      description:
        'Friendly companion carer in Aberystwyth, happy to help with shopping, outings, meals and conversation.',
    });
    await page.getByLabel(/I agree to the terms and conditions/).check();
    // The button is at the foot of a long form: the page is scrolled far down when it is pressed.
    await page.getByRole('button', { name: 'Create My Profile' }).click();
    await page.waitForURL(`${suite.server().baseUrl}/carer-dashboard`);
    await page.getByRole('heading', { name: 'Carer Dashboard' }).waitFor();
    await page.getByRole('region', { name: LISTING_MESSAGES.notListedTitle }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const banner = (await page.getByRole('region', { name: LISTING_MESSAGES.notListedTitle }).boundingBox())!;
    expect(banner.y).toBeLessThan(MOBILE.height);
  });

  it('takes a new carer to a photographed, edited profile that families find once the checks are approved', async () => {
    const page = await open();
    await newCarerAtSignup(page, { firstName: 'Bethan', lastName: 'Lloyd' });
    await fillProfile(page, {
      location: 'Aberystwyth, Ceredigion',
      homePostcode: 'sy23 1aa',
      description:
        'Former ward sister offering calm, practical support at home for older people across north Ceredigion.',
    });
    await page.getByLabel(/I agree to the terms and conditions/).check();
    await page.getByRole('button', { name: 'Create My Profile' }).click();
    await toastTitle(page, LISTING_MESSAGES.createdTitle).waitFor();
    // Not "now live": nobody has seen her checks yet (decision 0026).
    await page.getByText(LISTING_MESSAGES.createdBody).first().waitFor();
    await page.waitForURL(`${suite.server().baseUrl}/carer-dashboard`);
    await page.getByRole('heading', { name: 'Carer Dashboard' }).waitFor();
    await page.getByText('Bethan Lloyd').first().waitFor();
    await page.getByText('Inactive', { exact: true }).first().waitFor();
    expect(await page.getByText('Verified', { exact: true }).count()).toBe(0);
    // The dashboard says plainly that she is not in search, and what is missing.
    const status = page.getByRole('region', { name: LISTING_MESSAGES.notListedTitle });
    await status.getByText(LISTING_MESSAGES.missingNone).waitFor();
    await status.getByRole('button', { name: 'Go to your checks' }).click();
    await expectFocused(page.getByRole('heading', { name: 'Verification', exact: true }));

    // Photo: any phone picture; the server re-encodes it.
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#6b8f71' } })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel('Upload a new photo')
      .setInputFiles({ name: 'bethan.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    const photo = page.getByRole('img', { name: 'Your current profile photo' });
    await photo.waitFor();
    expect(await photo.getAttribute('src')).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}\.webp$/);
    // The header's avatar shows the new photo at once, without a reload.
    const photoSrc = await photo.getAttribute('src');
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: /Account menu$/ })
          .locator('img')
          .getAttribute('src'),
      )
      .toBe(photoSrc);

    // Edit and save, then cancel an edit and see it discarded.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Location', { exact: true }).fill('Borth, Ceredigion SY24');
    await page.getByRole('button', { name: 'Save' }).click();
    await toastTitle(page, 'Profile Updated').waitFor();
    await page.getByText('Borth, Ceredigion SY24').first().waitFor();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Location', { exact: true }).fill('Somewhere Else');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Borth, Ceredigion SY24').first().waitFor();
    expect(await page.getByText('Somewhere Else').count()).toBe(0);

    // Her preview says families cannot see it; a family cannot open it, or find her.
    await status.getByRole('link', { name: LISTING_MESSAGES.previewLink }).click();
    await page.getByRole('heading', { name: 'Bethan Lloyd', level: 1 }).waitFor();
    await page.getByText(LISTING_MESSAGES.previewBanner).waitFor();
    const profileUrl = page.url();
    const family = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    await family.goto(profileUrl);
    await family.getByRole('heading', { name: 'Carer not found' }).waitFor();
    await family.goto('/carers?location=borth');
    await family.getByText('No Carers Found').waitFor();

    // Once an admin has approved her checks she is listed: Active, Verified, found in search.
    await approveChecksByApi(page, suite.server().baseUrl);
    await page.goto('/carer-dashboard');
    await page.getByText('Active', { exact: true }).first().waitFor();
    await page.getByText('Verified', { exact: true }).first().waitFor();
    expect(await page.getByTestId('listing-status').count()).toBe(0);

    // Found in search by town, and by care type.
    const search = await open();
    await search.goto('/carers?location=borth');
    await search.getByRole('link', { name: 'Bethan Lloyd' }).first().waitFor();
    await search.goto('/carers?location=ceredigion&careType=Elderly+Care');
    await search.getByRole('link', { name: 'Bethan Lloyd' }).first().waitFor();
    await search.goto('/carers?location=borth&careType=Dementia+Care');
    await search.getByText('No Carers Found').waitFor();
  });

  it('refuses an edit that breaks a rule, with the message beside the field', async () => {
    const page = await open(MOBILE, DEMO_ACCOUNTS.carer);
    await page.goto('/carer-dashboard');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Description').waitFor();
    await expectNoAxeViolations(page, '/carer-dashboard edit (mobile)');
    await page.getByLabel('Description').fill('Too short.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(CARER_MESSAGES.descriptionTooShort, { exact: true }).first().waitFor();
  });

  it('tells a new carer on a phone what is missing before families can find them, with no axe violations', async () => {
    const page = await open(MOBILE);
    await registerByApi(page, { firstName: 'Nia', lastName: 'Pending', userType: 'carer' });
    const created = await page.request.post('/api/carers', {
      data: {
        specialization: 'Companion Care',
        experience: '1-2 years',
        location: 'Bangor, Gwynedd',
        hourlyRateMin: '16',
        hourlyRateMax: '20',
        description:
          'Friendly companion carer offering company, shopping trips and help around the home for older people.',
        qualifications: ['First Aid Certified'],
        availability: ['Weekdays'],
      },
    });
    expect(created.status()).toBe(201);
    await page.goto('/carer-dashboard');
    const status = page.getByRole('region', { name: LISTING_MESSAGES.notListedTitle });
    await status.getByText(LISTING_MESSAGES.missingNone).waitFor();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await expectNoAxeViolations(page, '/carer-dashboard, checks not approved (mobile)');
  });

  it('keeps the open tab in the URL through a refresh, Back and a shared link', async () => {
    const page = await open(MOBILE, DEMO_ACCOUNTS.carer);
    await page.goto('/carer-dashboard');
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'reviews');
    const selected = (name: string) => page.getByRole('tab', { name }).getAttribute('aria-selected');
    await page.reload();
    await expect.poll(() => selected('Reviews')).toBe('true');
    await page.goto('/about');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'reviews');
    await expect.poll(() => selected('Reviews')).toBe('true');
    // The first tab leaves the address clean; an unknown one opens the first.
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.waitForURL((url) => !url.searchParams.has('tab'));
    await page.goto('/carer-dashboard?tab=nonsense');
    await expect.poll(() => selected('Profile')).toBe('true');

    const admin = await open(DESKTOP, DEMO_ACCOUNTS.admin);
    await admin.goto('/admin-dashboard?tab=audit');
    await expect
      .poll(() => admin.getByRole('tab', { name: 'Audit Log' }).getAttribute('aria-selected'))
      .toBe('true');
    await admin.goto('/admin-management?tab=carers');
    await expect
      .poll(() => admin.getByRole('tab', { name: 'Carer Profiles' }).getAttribute('aria-selected'))
      .toBe('true');
  });

  it('shows the tabs with the demo carer’s messages, reviews and visits', async () => {
    const page = await open(MOBILE, DEMO_ACCOUNTS.carer);
    await page.goto('/carer-dashboard');
    await page.getByRole('heading', { name: 'Carer Dashboard' }).waitFor();
    await page.getByRole('tab', { name: 'Profile' }).waitFor();
    await page.getByText('Verified', { exact: true }).first().waitFor();
    await expectNoAxeViolations(page, '/carer-dashboard (mobile)');
    // The demo data's family with an arrangement with her (Priya S.) has written to her.
    await page.getByRole('tab', { name: 'Messages' }).click();
    await page.getByText('Priya S.').first().waitFor();
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await page.getByText(/Always on time, always cheerful/).waitFor();
    await expectNoAxeViolations(page, '/carer-dashboard reviews (mobile)');
    await page.getByRole('tab', { name: 'Schedule' }).click();
    // The demo carer has a visit today, in the week view's day list (on a phone) and the agenda.
    const week = page.getByTestId('week-view');
    await week.getByRole('heading', { name: /^Today, / }).waitFor();
    await week
      .locator('[data-testid="week-visit"]:visible')
      .filter({ hasText: 'Priya S.' })
      .first()
      .waitFor();
    await page.locator('[data-testid="visit"]').filter({ hasText: 'With Priya S.' }).first().waitFor();
  });

  it('tells a carer without a profile how to make one', async () => {
    const page = await open();
    await registerByApi(page, { firstName: 'Nora', lastName: 'Profile', userType: 'carer' });
    await page.goto('/carer-dashboard');
    await page.getByText('No Carer Profile Found').waitFor();
    expect(await page.getByRole('link', { name: 'Create Carer Profile' }).getAttribute('href')).toBe(
      '/carer-signup',
    );
  });
});
