// The settings page (decisions 0010 and 0011), forgotten passwords and the emailed links,
// signed-in devices, the data download and account deletion, as a person uses them.
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@contracts/auth';
import {
  DELETE_CONFIRMATION_WORD,
  SETTINGS_MESSAGES,
  PRIVACY_MESSAGES,
  deletionArrangementWords,
} from '@contracts/settings';
import { arrangements, carerProfiles, outboxEmails, users } from '../../src/server/db/schema';
import { ukDate } from '../../src/server/platform/uk-time';
import {
  DESKTOP,
  expectFocused,
  expectNoAxeViolations,
  MOBILE,
  signInByCookie,
  signInThroughForm,
} from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { NEW_ACCOUNT_PASSWORD, registerByApi, toastTitle } from './support/journeys';

const suite = useE2ESuite();
const { open } = suite;

/** The password registerByApi gives every new account. */
const PASSWORD = NEW_ACCOUNT_PASSWORD;
const NEW_PASSWORD = 'Copper-Willow-Harbour-73';

let counter = 0;
const uniqueEmail = (name: string) => {
  counter += 1;
  return `${name}.${Date.now()}${counter}@example.org`;
};

/** A new customer (registered through the API: no test here is about registering), on a blank page. */
async function newCustomer(viewport = DESKTOP) {
  const page = await open(viewport);
  const email = await registerByApi(page, {
    firstName: 'Nia',
    lastName: 'Evans',
    userType: 'customer',
  });
  return { page, email };
}

/** A new customer on /settings. */
async function newCustomerOnSettings(viewport = DESKTOP) {
  const customer = await newCustomer(viewport);
  await openSettings(customer.page);
  return customer;
}

async function openSettings(page: Page) {
  await page.goto('/settings');
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
}

/**
 * Another browser (a fresh context) signed in as the same person: by cookie, through the API,
 * unless the sign-in itself is what the test shows (`throughForm`).
 */
async function signedInElsewhere(email: string, password = PASSWORD, { throughForm = false } = {}) {
  const page = await open(DESKTOP);
  if (throughForm) {
    await signInThroughForm(page, email, password);
  } else {
    await signInByCookie(page, email, password);
    await page.goto('/');
  }
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  return page;
}

const isSignedIn = async (page: Page) => (await page.request.get('/api/auth/user')).status() === 200;

/** The path and query of the newest link in the newest email to `address` whose path is `pathname`. */
async function linkFromOutbox(address: string, pathname: string): Promise<string> {
  const { db } = suite.server().database;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const [email] = await db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, address))
      .orderBy(desc(outboxEmails.createdAt))
      .limit(1);
    const match = email?.bodyText.match(new RegExp(`https?://\\S+${pathname}\\?token=\\S+`));
    if (match) {
      const url = new URL(match[0]);
      return `${url.pathname}${url.search}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${pathname} link was emailed to ${address}`);
}

const section = (page: Page, name: string) => page.getByRole('region', { name });
const form = (page: Page, name: string) => page.getByRole('form', { name });

async function expectNoSidewaysScroll(page: Page) {
  // Names whatever sticks out, so a failure says where to look.
  const wide = await page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > limit + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 60)}`);
  });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, wide.join(' | ')).toBeLessThanOrEqual(0);
}

describe('settings: section menu', () => {
  /** Every section the page shows: its id and its heading's words, in page order. */
  const sectionsOnPage = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('main section[id][aria-labelledby]')].map((element) => ({
        id: element.id,
        title: document.getElementById(element.getAttribute('aria-labelledby')!)?.textContent ?? '',
      })),
    );

  it('reaches every section in one tap from a menu on the first screen, the section in view marked', async () => {
    // The phone and the desktop side by side (two new customers, each in browsers of their own).
    const atWidth = async ([viewport, name]: readonly [{ width: number; height: number }, string]) => {
      const { page } = await newCustomerOnSettings(viewport);
      const menu = page.getByRole('navigation', { name: 'Settings sections' });
      await menu.waitFor();
      await page.getByRole('list', { name: 'Signed-in devices' }).waitFor();
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      console.info(`/settings at ${viewport.width} px: ${height} px long`);
      // The menu, whole, is on the first screen: the sections' length is no longer in the way.
      const box = (await menu.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);

      // One link per section, named as its heading, in the page's order.
      const links = menu.getByRole('link');
      const sections = await sectionsOnPage(page);
      expect(sections.length).toBeGreaterThanOrEqual(10);
      expect(await links.allInnerTexts()).toEqual(sections.map((section) => section.title));
      expect(await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))).toEqual(
        sections.map((section) => `/settings#${section.id}`),
      );
      expect(await menu.locator('[aria-current="location"]').innerText()).toBe('Profile');
      await expectNoAxeViolations(page, `/settings with its section menu (${name})`);

      // A tap opens the section: its heading at the top with the keyboard on it, its link marked.
      await menu.getByRole('link', { name: 'Signed-in devices' }).click();
      await page.waitForURL(/\/settings#sessions$/);
      await expectFocused(page.getByRole('heading', { name: 'Signed-in devices' }));
      await expect
        .poll(async () => (await section(page, 'Signed-in devices').boundingBox())!.y)
        .toBeLessThan(200);
      await expect
        .poll(() => menu.locator('[aria-current="location"]').innerText())
        .toBe('Signed-in devices');

      // A link to a section opens it, on a fresh page too.
      const other = await open(viewport);
      await other.context().addCookies(await page.context().cookies());
      await other.goto('/settings#notifications');
      const notifications = section(other, 'Email notifications');
      await notifications.waitFor();
      await expect.poll(async () => (await notifications.boundingBox())!.y).toBeLessThan(200);
      await expect
        .poll(() =>
          other
            .getByRole('navigation', { name: 'Settings sections' })
            .locator('[aria-current="location"]')
            .innerText(),
        )
        .toBe('Email notifications');
    };
    const widths = [
      [MOBILE, 'mobile'],
      [DESKTOP, 'desktop'],
    ] as const;
    await Promise.all(widths.map(atWidth));
  });

  it('lists a carer’s own sections and leaves out a family’s', async () => {
    const page = await open(MOBILE);
    await registerByApi(page, { firstName: 'Carys', lastName: 'Menu', userType: 'carer' });
    await openSettings(page);
    const menu = page.getByRole('navigation', { name: 'Settings sections' });
    await menu.getByRole('link', { name: 'Password' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Subscription' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Family circle', exact: true }).count()).toBe(0);
    const sections = await sectionsOnPage(page);
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(sections.map((item) => item.title));
  });
});

describe('settings: profile', () => {
  it('changes the name (the header follows) and the photo', async () => {
    const { page } = await newCustomerOnSettings();
    const profile = section(page, 'Profile');
    expect(await profile.getByLabel('First name').inputValue()).toBe('Nia');

    // An empty name is refused beside the field, with the focus on it.
    await profile.getByLabel('First name').fill('');
    await profile.getByRole('button', { name: 'Save name' }).click();
    const firstName = profile.getByLabel('First name');
    await profile.getByText('First name is required', { exact: true }).waitFor();
    expect(await firstName.getAttribute('aria-invalid')).toBe('true');
    await expectFocused(firstName);
    expect(await firstName.getAttribute('aria-describedby')).toBe('settings-first-name-error');

    await firstName.fill('Nerys');
    await profile.getByLabel('Last name').fill('Griffiths');
    await profile.getByRole('button', { name: 'Save name' }).click();
    await toastTitle(page, SETTINGS_MESSAGES.profileSavedTitle).waitFor();
    const menuButton = page.getByRole('button', { name: 'Account menu' });
    expect(await menuButton.textContent()).toContain('NG');
    await menuButton.click();
    expect(await page.getByRole('menu').textContent()).toContain('Nerys Griffiths');
    await page.keyboard.press('Escape');

    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#6b8f71' } })
      .jpeg()
      .toBuffer();
    await profile
      .getByLabel('Profile photo')
      .setInputFiles({ name: 'nerys.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByText(SETTINGS_MESSAGES.photoSavedBody, { exact: true }).first().waitFor();
    const photo = profile.getByRole('img', { name: 'Your profile photo' });
    await expect.poll(() => photo.getAttribute('src')).toMatch(/^\/uploads\//);

    // Saved for good: a reload shows the new name.
    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await section(page, 'Profile').getByLabel('Last name').inputValue()).toBe('Griffiths');
    expect((await (await page.request.get('/api/auth/user')).json()).profileImageUrl).toMatch(/^\/uploads\//);
  });
});

describe('settings: password', () => {
  it('changes the password, which signs out the other browser but not this one', async () => {
    const { page, email } = await newCustomerOnSettings();
    const other = await signedInElsewhere(email);
    const passwordForm = form(page, 'Change your password');

    // A wrong current password is refused beside the field.
    await passwordForm.getByLabel('Current password').fill('Not-My-Password-11');
    await passwordForm.getByLabel('New password').fill(NEW_PASSWORD);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await passwordForm.getByText(SETTINGS_MESSAGES.currentPasswordWrong, { exact: true }).waitFor();
    expect(await passwordForm.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');

    await passwordForm.getByLabel('Current password').fill(PASSWORD);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await toastTitle(page, SETTINGS_MESSAGES.passwordChangedTitle).waitFor();
    await expect.poll(() => passwordForm.getByLabel('New password').inputValue()).toBe('');

    expect(await isSignedIn(page)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);
    await other.reload();
    await other.getByRole('link', { name: 'Log In' }).first().waitFor();

    // The new password signs in, through the form.
    await signedInElsewhere(email, NEW_PASSWORD, { throughForm: true });
  });
});

describe('forgotten password', () => {
  it('sends a reset link from the sign-in page; the link sets a new password once', async () => {
    const setup = await open(DESKTOP);
    const email = await registerByApi(setup, {
      firstName: 'Osian',
      lastName: 'Hughes',
      userType: 'carer',
    });

    const page = await open(DESKTOP);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?', level: 1 }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: SETTINGS_MESSAGES.resetRequestedTitle, level: 1 }).waitFor();
    await page.getByText(SETTINGS_MESSAGES.resetRequestedBody, { exact: true }).waitFor();

    // An unknown address gets the very same answer.
    const stranger = await open(DESKTOP);
    await stranger.goto('/forgot-password');
    await stranger.getByLabel('Email').fill(uniqueEmail('nobody'));
    await stranger.getByRole('button', { name: 'Send reset link' }).click();
    await stranger.getByText(SETTINGS_MESSAGES.resetRequestedBody, { exact: true }).waitFor();

    const link = await linkFromOutbox(email, '/reset-password');
    const token = new URL(link, 'http://localhost').searchParams.get('token')!;
    const referers: string[] = [];
    page.on('request', (request) => referers.push(request.headers()['referer'] ?? ''));
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor();
    // Decision 0020: the page takes the token out of the address bar as soon as it has read it
    // (kept in memory for the submit below), and no request it makes carries it as a Referer.
    await page.waitForURL((url) => url.pathname === '/reset-password' && !url.searchParams.has('token'));
    expect(page.url()).not.toContain(token);
    expect(await page.evaluate(() => window.location.href)).not.toContain(token);
    await page.getByRole('button', { name: 'Save new password' }).click();
    const newPassword = page.getByLabel('New password');
    await page.getByText(AUTH_MESSAGES.passwordTooShort, { exact: true }).waitFor();
    await expectFocused(newPassword);
    await newPassword.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('heading', { name: SETTINGS_MESSAGES.passwordResetTitle, level: 1 }).waitFor();
    await page.getByText(SETTINGS_MESSAGES.passwordResetBody, { exact: true }).waitFor();
    expect(referers.filter((referer) => referer.includes(token))).toEqual([]);

    // Used once: the same link now says so and offers a new one.
    const again = await open(DESKTOP);
    await again.goto(link);
    await again.getByLabel('New password').fill('Another-Pass-Word-99');
    await again.getByRole('button', { name: 'Save new password' }).click();
    await again.getByText(SETTINGS_MESSAGES.resetLinkInvalid, { exact: true }).waitFor();
    expect(await again.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );

    await page.getByRole('link', { name: 'Sign in' }).click();
    await signInThroughForm(page, email, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
  });

  it('says a link without a token is not valid', async () => {
    const page = await open(MOBILE);
    await page.goto('/reset-password');
    await page.getByText(SETTINGS_MESSAGES.resetLinkInvalid, { exact: true }).waitFor();
  });

  it('shows a refusal for too many requests', async () => {
    const page = await open(DESKTOP);
    await page.route('**/api/auth/forgot-password', (route) =>
      route.fulfill({ status: 429, json: { message: SETTINGS_MESSAGES.tooManyResetRequests } }),
    );
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(uniqueEmail('busy'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('alert').getByText(SETTINGS_MESSAGES.tooManyResetRequests).waitFor();
  });
});

describe('settings: email change', () => {
  it('changes the email once the link sent to the new address is opened', async () => {
    const { page, email } = await newCustomerOnSettings();
    const newEmail = uniqueEmail('nia.new');
    const emailForm = form(page, 'Change your email');
    await emailForm.getByLabel('New email').fill(newEmail);
    await emailForm.getByLabel('Current password').fill(PASSWORD);
    await emailForm.getByRole('button', { name: 'Change email' }).click();
    const emailSection = section(page, 'Email');
    await emailSection.getByText(SETTINGS_MESSAGES.emailChangeSentTitle, { exact: true }).waitFor();
    await emailSection.getByText(SETTINGS_MESSAGES.emailChangeSentBody(newEmail), { exact: true }).waitFor();
    // Nothing changes until the link is opened.
    await emailSection.getByText(email, { exact: true }).waitFor();

    const link = await linkFromOutbox(newEmail, '/confirm-email');
    await page.goto(link);
    await page.getByRole('heading', { name: SETTINGS_MESSAGES.emailChangedTitle, level: 1 }).waitFor();
    // Decision 0020: the token is gone from the address once read.
    expect(new URL(page.url()).pathname).toBe('/confirm-email');
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    await page.getByText(SETTINGS_MESSAGES.emailChangedBody, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Go to Settings' }).click();
    await section(page, 'Email').getByText(newEmail, { exact: true }).waitFor();

    // Single use.
    await page.goto(link);
    await page.getByText(SETTINGS_MESSAGES.emailChangeLinkInvalid, { exact: true }).waitFor();
  });
});

describe('settings: signed-in devices', () => {
  it('lists both browsers and signs the other one out', async () => {
    // The other browser signs in first, so /settings lists it on its first load (no reload).
    const { page, email } = await newCustomer();
    const other = await signedInElsewhere(email);
    await openSettings(page);
    const list = page.getByRole('list', { name: 'Signed-in devices' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await list.getByText(SETTINGS_MESSAGES.thisDevice, { exact: true }).waitFor();
    expect(await list.textContent()).toMatch(/Last seen \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);

    await list.getByRole('button', { name: 'Sign out' }).click();
    await toastTitle(page, SETTINGS_MESSAGES.sessionEndedTitle).waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(page)).toBe(true);
  });

  it('signs out everywhere else', async () => {
    const { page, email } = await newCustomer();
    const others = await Promise.all([signedInElsewhere(email), signedInElsewhere(email)]);
    await openSettings(page);
    const list = page.getByRole('list', { name: 'Signed-in devices' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByText(SETTINGS_MESSAGES.othersEndedBody, { exact: true }).first().waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    for (const other of others) expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(page)).toBe(true);
  });
});

describe('settings: your data', () => {
  it('downloads a ZIP of the account', async () => {
    const { page } = await newCustomerOnSettings();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('says why, in a toast, when the server refuses the download', async () => {
    const { page } = await newCustomerOnSettings();
    const message = PRIVACY_MESSAGES.tooManyExports;
    await page.route('**/api/settings/export', (route) => route.fulfill({ status: 429, json: { message } }));
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await page.getByRole('button', { name: 'Download my data' }).click();
    await page.getByText(message, { exact: true }).first().waitFor();
    expect(downloads).toBe(0);
  });
});

describe('settings: account deletion', () => {
  it('refuses a wrong confirmation, then deletes the account, which can no longer sign in', async () => {
    const { page, email } = await newCustomerOnSettings();
    await page.getByRole('button', { name: 'Delete account...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();

    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByLabel(`Type ${DELETE_CONFIRMATION_WORD} to confirm`).fill('delete');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    const confirmation = dialog.getByLabel(`Type ${DELETE_CONFIRMATION_WORD} to confirm`);
    const confirmationError = dialog.locator('#delete-confirmation-error');
    await confirmationError.waitFor();
    expect(await confirmationError.textContent()).toBe(SETTINGS_MESSAGES.deleteConfirmationWrong);
    expect(await confirmation.getAttribute('aria-invalid')).toBe('true');
    expect(await confirmation.getAttribute('aria-describedby')).toBe('delete-confirmation-error');
    await expectFocused(confirmation);

    // A wrong password is the server's answer, beside the password.
    await dialog.getByLabel('Your password').fill('Not-My-Password-11');
    await confirmation.fill(DELETE_CONFIRMATION_WORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText(SETTINGS_MESSAGES.currentPasswordWrong, { exact: true }).waitFor();
    expect(await isSignedIn(page)).toBe(true);

    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await toastTitle(page, SETTINGS_MESSAGES.accountDeletedTitle).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Log In' }).first().waitFor();
    expect(await isSignedIn(page)).toBe(false);

    await signInThroughForm(page, email, PASSWORD);
    await page.getByRole('alert').getByText(/.+/).first().waitFor();
    expect(await isSignedIn(page)).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

describe('settings: account deletion and care arrangements', () => {
  it('says, before the person confirms, that their active arrangements end today and who will be told', async () => {
    const { page, email } = await newCustomerOnSettings();
    const { db } = suite.server().database;
    const [me] = await db.select().from(users).where(eq(users.email, email));
    // Two listed demo carers, each with an accepted arrangement with this family.
    const listed = await db
      .select()
      .from(carerProfiles)
      .where(and(eq(carerProfiles.isActive, true), isNotNull(carerProfiles.userId)))
      .orderBy(carerProfiles.createdAt)
      .limit(2);
    expect(listed).toHaveLength(2);
    const at = new Date();
    await db.insert(arrangements).values(
      listed.map((profile) => ({
        customerId: me!.id,
        carerId: profile.id,
        status: 'accepted',
        proposedBy: 'customer',
        startDate: ukDate(at),
        visits: [{ day: 'monday', start: '09:00', end: '10:00' }],
        hourlyRate: '18.50',
        tasks: 'Breakfast.',
        createdAt: at,
        updatedAt: at,
      })),
    );
    const expected = deletionArrangementWords({
      activeArrangements: 2,
      proposedArrangements: 0,
      partnerNames: listed
        .map((profile) => `${profile.firstName} ${profile.lastName.charAt(0)}.`)
        .sort((a, b) => a.localeCompare(b, 'en-GB')),
    })!;
    expect(expected).toMatch(/^Your 2 active care arrangements will end today, .* will be told\.$/);

    await page.getByRole('button', { name: 'Delete account...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText(/care arrangements will end today/).waitFor();
    expect(await dialog.getByText(/care arrangements will end today/).textContent()).toBe(expected);
    await expectNoAxeViolations(page, '/settings delete dialog with arrangements');
  });
});

describe('settings: accessibility', () => {
  /**
   * /settings and its delete dialog; axe (on the dialog) only where `axe` is set. Sideways scrolling and the focus
   * coming back when the dialog closes are checked at every viewport.
   */
  async function settingsAndDeleteDialog(viewport: { width: number; height: number }, axe: boolean) {
    const { page } = await newCustomerOnSettings(viewport);
    await page.getByRole('list', { name: 'Signed-in devices' }).waitFor();
    // axe on this very state (a new customer's /settings at 375 px, its devices listed) runs in
    // 'settings: section menu' above ("/settings with its section menu (mobile)"): not twice.
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Delete account...' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
    if (axe) await expectNoAxeViolations(page, '/settings delete dialog (mobile)');
    // Escape closes it and the keyboard lands back on the button that opened it.
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe('Delete account...');
  }

  /** /forgot-password with its message and /reset-password; axe only where `axe` is set. */
  async function forgotAndResetPassword(viewport: { width: number; height: number }, axe: boolean) {
    const page = await open(viewport);
    await page.goto('/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Email is required', { exact: true }).waitFor();
    if (axe) await expectNoAxeViolations(page, '/forgot-password (mobile)');
    await expectNoSidewaysScroll(page);
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor();
    if (axe) await expectNoAxeViolations(page, '/reset-password (mobile)');
    await expectNoSidewaysScroll(page);
  }

  // axe once per screen, at 375 px: where most families use the site and layouts are tightest;
  // these pages and the dialog show the same elements at desktop, where only the rest is checked.
  it('/settings and its delete dialog have no axe violations (mobile)', async () => {
    await settingsAndDeleteDialog(MOBILE, true);
  });

  it('/settings and its delete dialog fit the desktop and give the focus back (desktop)', async () => {
    await settingsAndDeleteDialog(DESKTOP, false);
  });

  it('/forgot-password and /reset-password have no axe violations (mobile)', async () => {
    await forgotAndResetPassword(MOBILE, true);
  });

  it('/forgot-password and /reset-password fit the desktop (desktop)', async () => {
    await forgotAndResetPassword(DESKTOP, false);
  });

  it('/confirm-email posts its token once, says when the link is spent, and has no axe violations', async () => {
    const page = await open(MOBILE);
    let posts = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/settings/email/confirm')) posts += 1;
    });
    await page.goto('/confirm-email?token=not-a-real-token');
    await page.getByText(SETTINGS_MESSAGES.emailChangeLinkInvalid, { exact: true }).waitFor();
    expect(posts).toBe(1);
    await expectNoAxeViolations(page, '/confirm-email (mobile)');
    await expectNoSidewaysScroll(page);
  });

  it('fits a 320 px wide screen without sideways scrolling', async () => {
    const { page } = await newCustomerOnSettings({ width: 320, height: 640 });
    await page.getByRole('list', { name: 'Signed-in devices' }).waitFor();
    await expectNoSidewaysScroll(page);
    await page.goto('/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?', level: 1 }).waitFor();
    await expectNoSidewaysScroll(page);
  });

  it('works with the keyboard alone: tab to a field, type, submit with Enter', async () => {
    const page = await open(DESKTOP);
    await page.goto('/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?', level: 1 }).waitFor();
    await page.getByLabel('Email').focus();
    await page.keyboard.type(uniqueEmail('keys'));
    await page.keyboard.press('Enter');
    await page.getByText(SETTINGS_MESSAGES.resetRequestedBody, { exact: true }).waitFor();
  });
});
