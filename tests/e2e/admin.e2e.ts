import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_CARER_MESSAGES,
  ADMIN_CONFIRM,
  ADMIN_LIST_MESSAGES,
  ADMIN_PAGE_SIZE,
  ADMIN_TEXT,
  ADMIN_TOASTS,
  CUSTOMER_EDIT_MESSAGES,
  SAMPLE_CUSTOMER_COUNT,
} from '../../src/contracts/admin';
import { users } from '../../src/server/db/schema';
import { sampleCustomers } from '../../src/server/features/admin/sample-customers';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { toastTitle } from './support/journeys';

const suite = useE2ESuite();
const open = suite.open;

/** Product §2: 320 px is the narrowest phone the layout must fit. */
const NARROW = { width: 320, height: 640 };
const DAY_MS = 24 * 60 * 60 * 1000;

const ADMIN_SCREENS = [
  '/admin-dashboard',
  '/admin-management',
  '/test-admin',
  '/test-customer-admin',
] as const;

/** A toast's description (Radix also renders a screen-reader copy of the text). */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function signInAtAdminLogin(page: Page, password = DEMO_PASSWORD) {
  await page.getByLabel('Username').fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: ADMIN_TEXT.loginButton }).click();
}

/** The card (list item) of the list entry that shows `text` (the test pages' lists). */
const cardWith = (page: Page, list: string, text: string | RegExp): Locator =>
  page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text });

/** The row of the customer or carer table (the dashboard, Admin Management) that shows `text`. */
const rowWith = (page: Page, table: string, text: string | RegExp): Locator =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

let inserted = 0;

/**
 * A confirmed customer account put straight in the database, as a registration leaves it (tests
 * that are not about registering). Returns its address.
 */
async function insertCustomer(
  firstName: string,
  lastName: string,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<string> {
  inserted += 1;
  const email = `${firstName}.${lastName}.${Date.now()}${inserted}@example.org`.toLowerCase();
  await suite
    .server()
    .database.db.insert(users)
    .values({ email, firstName, lastName, role: 'customer', emailVerifiedAt: new Date(), ...values });
  return email;
}

async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `page scrolls sideways on ${label}`).toBeLessThanOrEqual(0);
}

describe('admin sign-in and Admin Management', () => {
  it('signs an admin in at /admin-login, then edits a customer, activates a plan, edits a carer and deletes a customer', async () => {
    // A customer to delete later, put straight in the database: this journey is not about
    // registering (a registration cost a browser context and a password hash).
    const doomedEmail = await insertCustomer('Dora', 'Leaving');

    const page = await open(DESKTOP);
    await page.goto('/admin-login');
    await page.getByRole('heading', { name: 'Admin Login', level: 1 }).waitFor();
    // Demo mode: the seeded admin's credentials are shown as a hint.
    await page.getByText(DEMO_ACCOUNTS.admin.email).waitFor();
    // /admin-login is reached only here: checked at this journey's desktop viewport, which also
    // covers the signed-out desktop header.
    await expectNoAxeViolations(page, '/admin-login (desktop)');

    // A wrong password is refused with the spec's toast, and nothing is stored in the browser.
    await signInAtAdminLogin(page, 'not-the-password');
    await toastTitle(page, ADMIN_TOASTS.loginFailedTitle).waitFor();
    await toastText(page, ADMIN_TOASTS.loginFailedBody).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin-login');

    await signInAtAdminLogin(page);
    await toastTitle(page, ADMIN_TOASTS.loginSuccessTitle).waitFor();
    await toastText(page, ADMIN_TOASTS.loginSuccessBody).waitFor();
    await page.waitForURL((url) => url.pathname === '/admin-management');
    await page.getByRole('heading', { name: ADMIN_TEXT.managementTitle, level: 1 }).waitFor();
    await page.getByText(ADMIN_TEXT.managementSubtitle).waitFor();
    expect(
      await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length })),
    ).toEqual({ local: 0, session: 0 });
    expect(
      await page.getByRole('tab', { name: ADMIN_TEXT.customerAccountsTab }).getAttribute('aria-selected'),
    ).toBe('true');

    // The customer table: names, emails, en-GB join dates, plan badges.
    const family = rowWith(page, 'Customers', DEMO_ACCOUNTS.family.email);
    await family.getByRole('rowheader', { name: 'Fiona Barker' }).waitFor();
    expect(await family.getByRole('cell').nth(1).textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await family.getByText('No Subscription', { exact: true }).waitFor();
    // Desktop on purpose: the signed-in admin's desktop header (main navigation, no drawer). The
    // screen's own content is the same at every width and is checked at 320 px below.
    await expectNoAxeViolations(page, '/admin-management customers (desktop)');

    // Edit a customer: the spec's messages beside the fields, then the toast and the reloaded list.
    await family.getByRole('button', { name: /^Edit/ }).click();
    const customerDialog = page.getByRole('dialog', { name: ADMIN_TEXT.editCustomerTitle });
    await customerDialog.waitFor();
    expect(await customerDialog.getByLabel('Email').getAttribute('type')).toBe('email');
    await customerDialog.getByLabel('First Name').fill('');
    await customerDialog.getByLabel('Email').fill('not-an-email');
    await customerDialog.getByRole('button', { name: ADMIN_TEXT.saveChanges }).click();
    await customerDialog.getByText(CUSTOMER_EDIT_MESSAGES.firstNameRequired).waitFor();
    await customerDialog.getByText(CUSTOMER_EDIT_MESSAGES.emailInvalid).waitFor();
    // The dialog with its errors is reached only in this journey: checked at its viewport.
    await expectNoAxeViolations(page, 'the Edit Customer Details dialog with errors (desktop)');
    await customerDialog.getByLabel('First Name').fill('Fenella');
    await customerDialog.getByLabel('Email').fill(DEMO_ACCOUNTS.family.email);
    await customerDialog.getByRole('button', { name: ADMIN_TEXT.saveChanges }).click();
    await toastText(page, ADMIN_TOASTS.customerUpdated).waitFor();
    await customerDialog.waitFor({ state: 'detached' });
    await family.getByRole('rowheader', { name: 'Fenella Barker' }).waitFor();

    // Activate a monthly plan: 30 days ahead on this page, shown in en-GB.
    await family.getByRole('button', { name: /^Update Status/ }).click();
    await page.getByRole('menuitem', { name: ADMIN_TEXT.activateMonthly }).click();
    await toastText(page, ADMIN_TOASTS.subscriptionUpdated).waitFor();
    await family.getByText('Active', { exact: true }).waitFor();
    await family.getByText('£10/month').waitFor();
    const expected = new Date(Date.now() + 30 * DAY_MS).toLocaleDateString('en-GB');
    await family.getByText(expected, { exact: true }).waitFor();

    // Edit a carer in the Carer Profiles tab.
    await page.getByRole('tab', { name: ADMIN_TEXT.carerProfilesTab }).click();
    const grace = rowWith(page, 'Carers', 'Grace Mensah');
    await grace.getByText('£17.50-£24/hour').waitFor();
    await grace.getByText(ADMIN_TEXT.verified, { exact: true }).waitFor();
    await grace.getByRole('button', { name: /^Edit/ }).click();
    const carerDialog = page.getByRole('dialog', { name: ADMIN_TEXT.editCarerTitle });
    await carerDialog.waitFor();
    expect(await carerDialog.getByLabel('Min Rate (£/hour)').getAttribute('type')).toBe('number');
    expect(await carerDialog.getByLabel('First Name').inputValue()).toBe('Grace');
    // Capped at 90% of the viewport's height, scrolling inside.
    const box = await carerDialog.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(DESKTOP.height * 0.9 + 1);
    await carerDialog.getByLabel('Location').fill('Roundhay, Leeds');
    await carerDialog
      .getByLabel('Qualifications (comma-separated)')
      .fill(' First Aid Certified, , Manual Handling ,');
    await carerDialog.getByRole('button', { name: ADMIN_TEXT.saveChanges }).click();
    await toastText(page, ADMIN_TOASTS.carerUpdated).waitFor();
    await carerDialog.waitFor({ state: 'detached' });
    await grace.getByText('Roundhay, Leeds').waitFor();
    // Blank entries dropped, items trimmed; still verified (the form held isVerified).
    const saved = await page.evaluate(async () => {
      const response = await fetch('/api/test/carers', { headers: { Accept: 'application/json' } });
      const carers = (await response.json()) as {
        firstName: string;
        qualifications: string[];
        isVerified: boolean;
      }[];
      return carers.find((carer) => carer.firstName === 'Grace');
    });
    expect(saved?.qualifications).toEqual(['First Aid Certified', 'Manual Handling']);
    expect(saved?.isVerified).toBe(true);

    // Delete a customer: a question naming them and what goes; Cancel keeps them.
    await page.getByRole('tab', { name: ADMIN_TEXT.customerAccountsTab }).click();
    const doomed = rowWith(page, 'Customers', doomedEmail);
    await doomed.getByRole('button', { name: /^Delete/ }).click();
    const confirmDelete = page.getByRole('alertdialog', {
      name: ADMIN_CONFIRM.deleteCustomerTitle('Dora Leaving'),
    });
    await confirmDelete.getByText(ADMIN_CONFIRM.deleteCustomerBody).waitFor();
    // The keyboard starts on Cancel, never on the destructive button.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(ADMIN_CONFIRM.cancel);
    await expectNoAxeViolations(page, 'the delete customer confirmation (desktop)');
    await confirmDelete.getByRole('button', { name: ADMIN_CONFIRM.cancel }).click();
    await confirmDelete.waitFor({ state: 'detached' });
    expect(
      await page.evaluate(async (email) => {
        const response = await fetch('/api/test/users', { headers: { Accept: 'application/json' } });
        return ((await response.json()) as { email: string }[]).some((user) => user.email === email);
      }, doomedEmail),
    ).toBe(true);
    await doomed.getByRole('button', { name: /^Delete/ }).click();
    await confirmDelete.getByRole('button', { name: ADMIN_CONFIRM.deleteCustomerButton }).click();
    await toastText(page, ADMIN_TOASTS.customerDeleted).waitFor();
    await confirmDelete.waitFor({ state: 'detached' });
    await doomed.waitFor({ state: 'detached' });
    // The button that had focus is gone: the keyboard lands on the list, not the page's top.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Customers');

    // The admin dashboard shows the same customer in the same table, dates en-GB too.
    await page.goto('/admin-dashboard?tab=customers');
    const row = rowWith(page, 'Customer accounts', DEMO_ACCOUNTS.family.email);
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText(expected, { exact: true }).waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await row.getByRole('button', { name: /^Update Status/ }).click();
    await page.getByRole('menuitem', { name: ADMIN_TEXT.deactivate }).click();
    // Ending a live plan asks first.
    const endPlan = page.getByRole('alertdialog', { name: ADMIN_CONFIRM.deactivateTitle('Fenella Barker') });
    await endPlan.getByText(ADMIN_CONFIRM.deactivateBody).waitFor();
    await endPlan.getByRole('button', { name: ADMIN_CONFIRM.deactivateButton }).click();
    await toastText(page, ADMIN_TOASTS.dashboardSubscriptionUpdated).waitFor();
    await row.getByText('No Subscription', { exact: true }).waitFor();
    await page.getByRole('tab', { name: ADMIN_TEXT.carerProfilesTab }).click();
    await rowWith(page, 'Carer profiles', 'Roundhay, Leeds')
      .getByText(ADMIN_TEXT.verified, { exact: true })
      .waitFor();
    for (const tab of ['Verifications', 'Safeguarding', 'Audit Log']) {
      await page.getByRole('tab', { name: tab }).click();
      // The tab lives in the URL: it is selected once the navigation commits.
      await expect
        .poll(() => page.getByRole('tab', { name: tab }).getAttribute('aria-selected'), { message: tab })
        .toBe('true');
    }
  });
});

describe('test admin pages', () => {
  it('creates a carer with a photo on /test-admin after showing the required-field messages', async () => {
    const page = await open(DESKTOP, DEMO_ACCOUNTS.admin);
    await page.goto('/test-admin');
    await page.getByRole('heading', { name: ADMIN_TEXT.testAdminTitle, level: 1 }).waitFor();
    await page.getByTestId('test-carer-card').first().waitFor();

    await page.getByRole('button', { name: ADMIN_TEXT.addCarerWithPhoto }).click();
    const dialog = page.getByRole('dialog', { name: ADMIN_TEXT.addCarerWithPhoto });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Create Carer' }).click();
    for (const message of [
      ADMIN_CARER_MESSAGES.firstNameRequired,
      ADMIN_CARER_MESSAGES.lastNameRequired,
      ADMIN_CARER_MESSAGES.specializationRequired,
      ADMIN_CARER_MESSAGES.experienceRequired,
      ADMIN_CARER_MESSAGES.locationRequired,
      ADMIN_CARER_MESSAGES.minRateRequired,
      ADMIN_CARER_MESSAGES.maxRateRequired,
      ADMIN_CARER_MESSAGES.descriptionRequired,
      ADMIN_CARER_MESSAGES.qualificationsRequired,
      ADMIN_CARER_MESSAGES.availabilityRequired,
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    // The first field with an error has the keyboard.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('firstName');
    // The dialogs with errors and the edit dialog below are reached only in this desktop journey
    // (an admin tool, used at a desk); /test-admin itself is checked at 320 px below.
    await expectNoAxeViolations(page, 'the Add Carer with Photo dialog with errors (desktop)');

    // The create dialog's option lists (product §2).
    expect(await dialog.getByLabel('Specialization').locator('option').allTextContents()).toEqual([
      'Select specialization',
      'Elderly Care',
      'Disability Support',
      'Dementia Care',
      'Mobility Assistance',
      'Companionship',
    ]);
    expect(await dialog.getByLabel('Experience').locator('option').allTextContents()).toEqual([
      'Select experience',
      '5 years',
      '8 years',
      '12 years',
      '15+ years',
    ]);

    const jpeg = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#7a9cc6' } })
      .jpeg()
      .toBuffer();
    await dialog
      .getByLabel('Photo')
      .setInputFiles({ name: 'hannah.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await dialog.getByLabel('First Name').fill('Hannah');
    await dialog.getByLabel('Last Name').fill('Pryce');
    await dialog.getByLabel('Specialization').selectOption('Mobility Assistance');
    await dialog.getByLabel('Experience').selectOption('8 years');
    await dialog.getByLabel('Location').fill('Cardiff');
    await dialog.getByLabel('Min Rate (£/hour)').fill('16');
    await dialog.getByLabel('Max Rate (£/hour)').fill('21.5');
    await dialog
      .getByLabel('Description')
      .fill('Former physiotherapy assistant who helps people stay mobile and independent at home.');
    await dialog.getByLabel('Qualifications (comma-separated)').fill('Manual Handling, First Aid Certified');
    await dialog.getByLabel('Availability (comma-separated)').fill('Weekdays, Evenings');
    await dialog.getByLabel(ADMIN_TEXT.verifiedCarer).check();
    await dialog.getByRole('button', { name: 'Create Carer' }).click();
    // Granting the Verified badge asks first.
    const markVerified = page.getByRole('alertdialog', {
      name: ADMIN_CONFIRM.markVerifiedTitle('Hannah Pryce'),
    });
    await markVerified.getByText(ADMIN_CONFIRM.markVerifiedBody).waitFor();
    await expectNoAxeViolations(page, 'the mark as Verified confirmation (desktop)');
    await markVerified.getByRole('button', { name: ADMIN_CONFIRM.markVerifiedButton }).click();
    await toastText(page, ADMIN_TOASTS.testCarerCreated).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const card = page.getByTestId('test-carer-card').filter({ hasText: 'Hannah Pryce' });
    await card.getByText('Mobility Assistance').waitFor();
    await card.getByText('£16-£21.50/hour').waitFor();
    await card.getByText(ADMIN_TEXT.verified, { exact: true }).waitFor();
    const photo = card.getByRole('img', { name: 'Photo of Hannah Pryce' });
    await photo.waitFor();
    expect(await photo.getAttribute('src')).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}\.webp$/);

    // The edit dialog: free-text experience, its own specialization list.
    await card.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: ADMIN_TEXT.editCarerTitle });
    await edit.waitFor();
    expect(await edit.getByLabel('Experience').evaluate((element) => element.tagName)).toBe('INPUT');
    expect(await edit.getByLabel('Specialization').locator('option').allTextContents()).toContain(
      'Personal Care',
    );
    await expectNoAxeViolations(page, 'the test admin edit dialog (desktop)');
    await edit.getByLabel('Experience').fill('9 years');
    await edit.getByRole('button', { name: ADMIN_TEXT.saveChanges }).click();
    await toastText(page, ADMIN_TOASTS.testCarerUpdated).waitFor();
    await card.getByText('9 years').waitFor();

    await card.getByRole('button', { name: /^Delete/ }).click();
    const confirmDelete = page.getByRole('alertdialog', {
      name: ADMIN_CONFIRM.deleteCarerTitle('Hannah Pryce'),
    });
    await confirmDelete.getByText(ADMIN_CONFIRM.deleteCarerBody).waitFor();
    await confirmDelete.getByRole('button', { name: ADMIN_CONFIRM.deleteCarerButton }).click();
    await toastText(page, ADMIN_TOASTS.testCarerDeleted).waitFor();
    await card.waitFor({ state: 'detached' });
  });

  it('creates test customers and edits a customer and a carer on /test-customer-admin', async () => {
    const page = await open(DESKTOP, DEMO_ACCOUNTS.admin);
    await page.goto('/test-customer-admin');
    const customers = page.getByRole('list', { name: 'Customers' }).getByRole('listitem');
    await customers.first().waitFor();
    const before = await customers.count();
    await page.getByRole('button', { name: ADMIN_TEXT.createTestCustomers }).click();
    await toastText(page, ADMIN_TOASTS.testAccountsCreated).waitFor();
    await expect.poll(() => customers.count()).toBe(before + 3);

    const subscribed = cardWith(page, 'Customers', DEMO_ACCOUNTS.subscribed.email);
    await subscribed.getByRole('button', { name: /^Edit/ }).click();
    const dialog = page.getByRole('dialog', { name: ADMIN_TEXT.editCustomerTitle });
    await dialog.getByLabel('Last Name').fill('');
    await dialog.getByRole('button', { name: ADMIN_TEXT.saveChanges }).click();
    await dialog.getByText(CUSTOMER_EDIT_MESSAGES.lastNameRequired).waitFor();
    await dialog.getByLabel('Last Name').fill('Okonkwo-Reid');
    await dialog.getByRole('button', { name: ADMIN_TEXT.saveChanges }).click();
    await toastText(page, ADMIN_TOASTS.testUserUpdated).waitFor();
    await subscribed.getByRole('heading', { name: 'Sam Okonkwo-Reid' }).waitFor();

    await page.getByRole('tab', { name: ADMIN_TEXT.carerProfilesTab }).click();
    const grace = cardWith(page, 'Carers', 'Grace Mensah');
    await grace.getByRole('button', { name: /^Edit/ }).click();
    const carerDialog = page.getByRole('dialog', { name: ADMIN_TEXT.editCarerTitle });
    await carerDialog.getByLabel('Specialization').waitFor();
    expect(await carerDialog.getByLabel('Location').count()).toBe(0);
    // Reached only in this desktop journey (/test-customer-admin itself is checked at 320 px below).
    await expectNoAxeViolations(page, 'the test customer page carer dialog (desktop)');
    await carerDialog.getByLabel('First Name').fill('Gracie');
    await carerDialog.getByRole('button', { name: ADMIN_TEXT.saveChanges }).click();
    await toastText(page, ADMIN_TOASTS.testCarerUpdatedShort).waitFor();
    await cardWith(page, 'Carers', 'Gracie Mensah').waitFor();
  });
});

describe('who may see the admin screens', () => {
  it('shows Admin Access Required to a signed-in customer on every admin screen, whatever the browser stores', async () => {
    // Desktop on purpose: the axe check below also covers a signed-in customer's desktop header
    // (the main navigation beside the Messages link), which no phone-width check sees.
    const page = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    // In the site's storage before the app's own code runs, on every screen below.
    await page.addInitScript(() => {
      for (const key of ['isAdmin', 'adminLoggedIn', 'admin', 'adminAuth', 'role']) {
        localStorage.setItem(key, key === 'role' ? 'admin' : 'true');
        sessionStorage.setItem(key, key === 'role' ? 'admin' : 'true');
      }
    });
    for (const path of ADMIN_SCREENS) {
      await page.goto(path);
      await page.getByRole('heading', { name: ADMIN_TEXT.accessRequiredTitle, level: 1 }).waitFor();
      await page.getByText(ADMIN_TEXT.accessRequiredBody).waitFor();
      const login = page.getByRole('link', { name: ADMIN_TEXT.loginAsAdmin });
      expect(await login.getAttribute('href')).toMatch(/^\/api\/login(\?|$)/);
      // The server refuses the data too.
      const status = await page.evaluate(async () => (await fetch('/api/test/users')).status);
      expect(status).toBe(403);
    }
    await expectNoAxeViolations(page, 'Admin Access Required');

    // Signed out: the dashboard takes the visitor to sign in (and back); the other three ask for an admin.
    const visitor = await open(MOBILE);
    await visitor.goto('/admin-dashboard');
    await visitor.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('returnTo') === '/admin-dashboard',
    );
    await visitor.goto('/test-admin');
    await visitor.getByRole('heading', { name: ADMIN_TEXT.accessRequiredTitle }).waitFor();
    await visitor.getByRole('link', { name: ADMIN_TEXT.loginAsAdmin }).click();
    await visitor.waitForURL((url) => url.pathname === '/login');
  });

  it('keeps the four admin screens accessible and within a 320 px phone', async () => {
    // The admin screens' axe checks live here, at the narrowest phone, where their layouts are
    // tightest (their content does not change at desktop; the desktop journeys above check only
    // the states they alone reach, and the desktop header). /admin-management is checked at the
    // start of the next test, on the page load that test makes anyway.
    const page = await open(NARROW, DEMO_ACCOUNTS.admin);
    for (const path of ADMIN_SCREENS.filter((screen) => screen !== '/admin-management')) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('listitem').or(page.getByRole('row')).first().waitFor();
      // /admin-dashboard opens on its overview, whose axe check (chart table shown, at 375 px and
      // at desktop) is in tests/e2e/admin-overview.e2e.ts; its width at 320 px is checked here.
      if (path !== '/admin-dashboard') await expectNoAxeViolations(page, `${path} (320 px)`);
      await expectNoSidewaysScroll(page, `${path} (320 px)`);
    }
  });

  it("keeps Admin Management's tabs and dialogs accessible on a phone", async () => {
    // At the narrowest phone too (see above), in tests of their own to stay well inside the
    // timeout (together, with six axe checks, they ran past 120 s at a load average of 20).
    const page = await open(NARROW, DEMO_ACCOUNTS.admin);

    // /admin-management itself at 320 px (one of the four admin screens, see above).
    await page.goto('/admin-management');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('listitem').or(page.getByRole('row')).first().waitFor();
    await expectNoAxeViolations(page, '/admin-management (320 px)');
    await expectNoSidewaysScroll(page, '/admin-management (320 px)');

    // Admin Management's dialogs at 320 px: capped height, scrolling inside, no violations.
    await rowWith(page, 'Customers', DEMO_ACCOUNTS.family.email)
      .getByRole('button', { name: /^Edit/ })
      .click();
    await page.getByRole('dialog', { name: ADMIN_TEXT.editCustomerTitle }).waitFor();
    await expectNoAxeViolations(page, 'the Edit Customer Details dialog (320 px)');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: ADMIN_TEXT.carerProfilesTab }).click();
    const mensahEdit = rowWith(page, 'Carers', 'Mensah').getByRole('button', { name: /^Edit/ });
    await mensahEdit.waitFor();
    await expectNoAxeViolations(page, '/admin-management carers (320 px)');
    await mensahEdit.click();
    const carerDialog = page.getByRole('dialog', { name: ADMIN_TEXT.editCarerTitle });
    await carerDialog.waitFor();
    const box = await carerDialog.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(NARROW.height * 0.9 + 1);
    expect(box!.width).toBeLessThanOrEqual(NARROW.width);
    expect(await carerDialog.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await expectNoAxeViolations(page, 'the Edit Carer Profile dialog (320 px)');
    await page.keyboard.press('Escape');
    await carerDialog.waitFor({ state: 'detached' });

    // The delete question at 320 px: within the screen, accessible; Esc keeps the carer.
    await rowWith(page, 'Carers', 'Mensah')
      .getByRole('button', { name: /^Delete/ })
      .click();
    const confirmDelete = page.getByRole('alertdialog', { name: /^Delete .*Mensah’s carer profile\?$/ });
    await confirmDelete.getByText(ADMIN_CONFIRM.deleteCarerBody).waitFor();
    const confirmBox = await confirmDelete.boundingBox();
    expect(confirmBox!.width).toBeLessThanOrEqual(NARROW.width);
    await expectNoAxeViolations(page, 'the delete carer confirmation (320 px)');
    await expectNoSidewaysScroll(page, 'the delete carer confirmation (320 px)');
    await page.keyboard.press('Escape');
    await confirmDelete.waitFor({ state: 'detached' });
    await rowWith(page, 'Carers', 'Mensah').waitFor();
  });

  it("keeps the Add Carer dialog and the dashboard's status menu accessible on a phone", async () => {
    const page = await open(NARROW, DEMO_ACCOUNTS.admin);
    await page.goto('/test-admin');
    await page.getByRole('button', { name: ADMIN_TEXT.addCarerWithPhoto }).click();
    await page.getByRole('dialog', { name: ADMIN_TEXT.addCarerWithPhoto }).waitFor();
    await expectNoAxeViolations(page, 'the Add Carer with Photo dialog (320 px)');
    await page.keyboard.press('Escape');

    // Mobile width too, with the status menu open.
    await page.setViewportSize(MOBILE);
    await page.goto('/admin-dashboard?tab=customers');
    await page
      .getByRole('button', { name: /^Update Status/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: ADMIN_TEXT.activateAnnual }).waitFor();
    await expectNoAxeViolations(page, '/admin-dashboard status menu (mobile)');
  });
});

// Last in the file: it adds a page's worth of customers, which the tests above do not expect.
describe('searching and paging the admin lists (issue 21 point 11)', () => {
  it('finds a customer by name or email in any case, and pages thousands with Load more, at desktop and 375 px', async () => {
    const email = await insertCustomer('Quentin', 'Findable');

    const page = await open(DESKTOP, DEMO_ACCOUNTS.admin);
    await page.goto('/admin-management');
    // The body's rows: the heading row is in the table's head.
    const customers = page.getByRole('table', { name: 'Customers' }).locator('tbody tr');
    await customers.first().waitFor();
    const search = page.getByRole('search', { name: 'Search customers' });
    await search.getByLabel(ADMIN_LIST_MESSAGES.searchLabel).fill('fINDABLE');
    await search.getByRole('button', { name: ADMIN_LIST_MESSAGES.searchButton }).click();
    await expect.poll(() => customers.count()).toBe(1);
    await rowWith(page, 'Customers', email).getByRole('rowheader', { name: 'Quentin Findable' }).waitFor();
    await page.getByText(ADMIN_LIST_MESSAGES.showing(1, 1, 'customers')).waitFor();
    // By part of the email, in capitals.
    await search.getByLabel(ADMIN_LIST_MESSAGES.searchLabel).fill(email.split('@')[0]!.toUpperCase());
    await search.getByLabel(ADMIN_LIST_MESSAGES.searchLabel).press('Enter');
    await rowWith(page, 'Customers', email).waitFor();
    await expectNoAxeViolations(page, 'Admin Management with a search (desktop)');
    // Nobody: says so, and the box stays to search again.
    await search.getByLabel(ADMIN_LIST_MESSAGES.searchLabel).fill('no such person 9431');
    await search.getByLabel(ADMIN_LIST_MESSAGES.searchLabel).press('Enter');
    await page.getByRole('heading', { name: ADMIN_LIST_MESSAGES.noMatches('no such person 9431') }).waitFor();
    await search.getByLabel(ADMIN_LIST_MESSAGES.searchLabel).fill('');
    await rowWith(page, 'Customers', DEMO_ACCOUNTS.family.email).waitFor();

    // More customers than a page: the first page, the total, and Load more for the rest. The
    // extra customers go into the database in one insert, as the sample-customer button's service
    // writes them (one millisecond apart), not one request per three (the button is tested on
    // /test-customer-admin above).
    const before = Number((await page.request.get('/api/test/users?limit=1')).headers()['x-total-count']);
    const missing = ADMIN_PAGE_SIZE + SAMPLE_CUSTOMER_COUNT - before;
    if (missing > 0) {
      const at = Date.now();
      await suite
        .server()
        .database.db.insert(users)
        .values(
          sampleCustomers(missing).map((sample, index) => ({
            ...sample,
            role: 'customer' as const,
            createdAt: new Date(at + index),
            updatedAt: new Date(at + index),
          })),
        );
    }
    const total = Number((await page.request.get('/api/test/users?limit=1')).headers()['x-total-count']);
    expect(total).toBeGreaterThan(ADMIN_PAGE_SIZE);

    // The same signed-in page at 375 px (a fresh load: the new customers are in the first page).
    const phone = page;
    await phone.setViewportSize(MOBILE);
    await phone.goto('/admin-management');
    const listed = phone.getByRole('table', { name: 'Customers' }).locator('tbody tr');
    await phone.getByText(ADMIN_LIST_MESSAGES.showing(ADMIN_PAGE_SIZE, total, 'customers')).waitFor();
    expect(await listed.count()).toBe(ADMIN_PAGE_SIZE);
    const more = phone.getByRole('button', { name: ADMIN_LIST_MESSAGES.loadMore });
    await more.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(phone, 'Admin Management with Load more (375 px)', {
      repeated: '[aria-label="Customers"] tbody tr',
    });
    await expectNoSidewaysScroll(phone, 'Admin Management with Load more (375 px)');
    await more.click();
    await phone.getByText(ADMIN_LIST_MESSAGES.showing(total, total, 'customers')).waitFor();
    expect(await listed.count()).toBe(total);
    await more.waitFor({ state: 'detached' });
    // Every customer once: the pages neither repeat nor skip.
    const emails = await listed.locator('td:nth-of-type(1)').allTextContents();
    expect(new Set(emails).size).toBe(total);
  });
});

describe('one price story (issue 21 point 9)', () => {
  it('prices a 3-Month customer as £49/3 months on Admin Management and on the dashboard alike', async () => {
    const email = await insertCustomer('Philippa', 'Threemonth', {
      subscriptionStatus: 'active',
      subscriptionType: 'three_month',
      subscriptionExpiresAt: new Date(Date.now() + 60 * DAY_MS),
    });

    const page = await open(DESKTOP, DEMO_ACCOUNTS.admin);
    for (const [path, searchName, listName] of [
      ['/admin-management', 'Search customers', 'Customers'],
      ['/admin-dashboard?tab=customers', 'Search customer accounts', 'Customer accounts'],
    ] as const) {
      await page.goto(path);
      const search = page.getByRole('search', { name: searchName });
      await search.getByLabel(ADMIN_LIST_MESSAGES.searchLabel).fill(email);
      await search.getByLabel(ADMIN_LIST_MESSAGES.searchLabel).press('Enter');
      const card = rowWith(page, listName, email);
      await card.getByText('£49/3 months', { exact: true }).waitFor();
      expect(await card.getByText('£100/year').count(), path).toBe(0);
    }
  });
});
