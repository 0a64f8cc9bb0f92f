// Two-factor sign-in with an authenticator app (decision 0012), as a person uses it: turning it on
// and off on /settings, the second sign-in step on /two-factor, recovery codes, and the
// acceptance journey from a new password to a deleted account.
import { readFile } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@contracts/auth';
import { ERROR_MESSAGES } from '@contracts/errors';
import { DELETE_CONFIRMATION_WORD, SETTINGS_MESSAGES } from '@contracts/settings';
import { RECOVERY_CODE_COUNT, TOTP_PERIOD_SECONDS, TWO_FACTOR_MESSAGES } from '@contracts/auth-two-factor';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectFocused, expectNoAxeViolations, MOBILE, signInThroughForm } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { NEW_ACCOUNT_PASSWORD, registerByApi, toastTitle } from './support/journeys';

const suite = useE2ESuite();
const { open } = suite;

/** The password registerByApi gives every new account. */
const PASSWORD = NEW_ACCOUNT_PASSWORD;
const NEW_PASSWORD = 'Copper-Willow-Harbour-73';
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

/**
 * The app's code for `secret`. A code is accepted once per 30-second step, so a second code in a
 * test is made one step ahead (`steps: 1`); the server accepts the previous, current and next step.
 */
function totp(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: TOTP_PERIOD_SECONDS }).generate({
    timestamp: Date.now() + steps * STEP_MS,
  });
}

/** Six digits that are none of the codes the server would accept now. */
function wrongCode(secret: string): string {
  const accepted = new Set([-1, 0, 1].map((steps) => totp(secret, steps)));
  let code = Number(totp(secret));
  do code = (code + 1) % 1_000_000;
  while (accepted.has(String(code).padStart(6, '0')));
  return String(code).padStart(6, '0');
}

const section = (page: Page) => page.getByRole('region', { name: TWO_FACTOR_MESSAGES.sectionTitle });
const isSignedIn = async (page: Page) => (await page.request.get('/api/auth/user')).status() === 200;

async function openSettings(page: Page) {
  await page.goto('/settings');
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  await section(page)
    .getByText(TWO_FACTOR_MESSAGES.statusOff, { exact: true })
    .or(section(page).getByText(TWO_FACTOR_MESSAGES.statusOn, { exact: true }))
    .waitFor();
}

/**
 * A new customer, signed in on a fresh page, looking at /settings. Registered through the API: no
 * test here is about the register form (the sign-in form stays wherever two-factor asks its code).
 */
async function newCustomerOnSettings(viewport = DESKTOP) {
  const customer = await newCustomer(viewport);
  await openSettings(customer.page);
  return customer;
}

/** A new customer registered through the API, signed in on a fresh blank page. */
async function newCustomer(viewport: { width: number; height: number }) {
  const page = await open(viewport);
  const email = await registerByApi(page, { firstName: 'Rhian', lastName: 'Powell', userType: 'customer' });
  return { page, email };
}

/** Settings, step 1: "Set up" shows the QR code and the key; returns the key as the app reads it. */
async function startSetup(page: Page): Promise<string> {
  const twoFactor = section(page);
  await twoFactor.getByRole('button', { name: TWO_FACTOR_MESSAGES.setUpButton }).click();
  await twoFactor.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
  await twoFactor.getByText(TWO_FACTOR_MESSAGES.manualKeyLabel, { exact: true }).waitFor();
  const key = (await page.locator('#settings-two-factor-key').textContent()) ?? '';
  const secret = key.replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // The QR code holds the same key, for the same account name.
  const src = await twoFactor
    .getByRole('img', { name: 'QR code to scan with your authenticator app' })
    .getAttribute('src');
  expect(src).toMatch(/^data:image\//);
  return secret;
}

/**
 * Settings, step 2: a code from the app and the password (step-up, decision 0017) turn it on and
 * the recovery codes are shown once.
 */
async function finishSetup(page: Page, secret: string, password = PASSWORD): Promise<string[]> {
  const twoFactor = section(page);
  await twoFactor.getByLabel(TWO_FACTOR_MESSAGES.codeLabel).fill(totp(secret));
  await twoFactor.getByLabel('Current password').fill(password);
  await twoFactor.getByRole('button', { name: TWO_FACTOR_MESSAGES.turnOnButton }).click();
  await toastTitle(page, TWO_FACTOR_MESSAGES.enabledTitle).waitFor();
  const list = twoFactor.getByRole('list', { name: TWO_FACTOR_MESSAGES.recoveryCodesTitle });
  await list.waitFor();
  const codes = await list.getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
  expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
  await twoFactor.getByText(TWO_FACTOR_MESSAGES.recoveryCodesNote, { exact: true }).waitFor();
  return codes.map((code) => code.trim());
}

/** "I have saved these codes": back to the status, which now says On. */
async function saveCodes(page: Page) {
  const twoFactor = section(page);
  await twoFactor.getByRole('button', { name: TWO_FACTOR_MESSAGES.savedCodesButton }).click();
  await twoFactor.getByText(TWO_FACTOR_MESSAGES.statusOn, { exact: true }).waitFor();
  await twoFactor.getByRole('button', { name: TWO_FACTOR_MESSAGES.newCodesButton }).waitFor();
}

/**
 * A new customer with two-factor on, turned on through the API (the same two calls the settings
 * form makes), on a blank page whose context is signed in: for tests about what comes after. The
 * form's own steps are the subject of the acceptance journey, the accessibility test and
 * 'asks for the password ... when turning on'.
 */
async function newCustomerWithTwoFactor(viewport = DESKTOP) {
  const { page, email } = await newCustomer(viewport);
  const setup = await page.request.post('/api/settings/two-factor/setup');
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await page.request.post('/api/settings/two-factor/enable', {
    data: { code: totp(secret), currentPassword: PASSWORD },
  });
  expect(enabled.status()).toBe(200);
  const { recoveryCodes: codes } = (await enabled.json()) as { recoveryCodes: string[] };
  expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
  return { page, email, secret, codes };
}

/** The password is right: the sign-in form sends the person to /two-factor for the code. */
async function passwordStep(page: Page, email: string, password: string, returnTo?: string) {
  await page.goto(returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/two-factor');
  await page.getByRole('heading', { name: TWO_FACTOR_MESSAGES.pageTitle, level: 1 }).waitFor();
  await page.getByText(TWO_FACTOR_MESSAGES.codePrompt, { exact: true }).waitFor();
  // No session yet: only the code makes one.
  expect(await isSignedIn(page)).toBe(false);
}

async function enterCode(page: Page, label: string, code: string) {
  await page.getByLabel(label, { exact: true }).fill(code);
  await page.getByRole('button', { name: TWO_FACTOR_MESSAGES.verifyButton }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('link', { name: 'Log In' }).first().waitFor();
}

describe('two-factor sign-in: the acceptance journey', () => {
  it('changes the password, turns on two-factor, signs in with a code, downloads the data, deletes the account and can no longer sign in', async () => {
    const { page, email } = await newCustomerOnSettings();

    // 1. A new password.
    const passwordForm = page.getByRole('form', { name: 'Change your password' });
    await passwordForm.getByLabel('Current password').fill(PASSWORD);
    await passwordForm.getByLabel('New password').fill(NEW_PASSWORD);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await toastTitle(page, SETTINGS_MESSAGES.passwordChangedTitle).waitFor();

    // 2. Two-factor on: the key read off the page into "the app", a code, ten recovery codes.
    const twoFactor = section(page);
    await twoFactor.getByText(TWO_FACTOR_MESSAGES.statusOff, { exact: true }).waitFor();
    const secret = await startSetup(page);
    await finishSetup(page, secret, NEW_PASSWORD);
    await saveCodes(page);
    await twoFactor.getByText(TWO_FACTOR_MESSAGES.codesLeft(RECOVERY_CODE_COUNT), { exact: true }).waitFor();

    // 3. Signed out, then in again with the new password: the code is asked for.
    await signOut(page);
    await passwordStep(page, email, NEW_PASSWORD);
    const codeField = page.getByLabel(TWO_FACTOR_MESSAGES.codeLabel, { exact: true });
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    await expectFocused(page.locator('#two-factor-code'));
    await enterCode(page, TWO_FACTOR_MESSAGES.codeLabel, totp(secret, 1));
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await isSignedIn(page)).toBe(true);

    // 4. The data download is a ZIP.
    await openSettings(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    // 5. The account deleted (password and DELETE).
    await page.getByRole('button', { name: 'Delete account...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill(NEW_PASSWORD);
    await dialog.getByLabel(`Type ${DELETE_CONFIRMATION_WORD} to confirm`).fill(DELETE_CONFIRMATION_WORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await toastTitle(page, SETTINGS_MESSAGES.accountDeletedTitle).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await isSignedIn(page)).toBe(false);

    // 6. Gone: the password no longer signs in, and no code is asked for.
    await signInThroughForm(page, email, NEW_PASSWORD);
    await page.getByRole('alert').getByText(ERROR_MESSAGES.invalidCredentials, { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await isSignedIn(page)).toBe(false);
  });
});

describe('two-factor sign-in: the second step', () => {
  it('signs in with a recovery code once (then back to returnTo); the same code is refused the second time', async () => {
    // Signed out in the same browser, the one that turned it on: the sign-in starts from nothing.
    const { page: first, email, secret, codes } = await newCustomerWithTwoFactor();
    const [recoveryCode = ''] = codes;
    await first.context().clearCookies();
    expect(await isSignedIn(first)).toBe(false);

    await passwordStep(first, email, PASSWORD, '/settings');
    expect(new URL(first.url()).searchParams.get('returnTo')).toBe('/settings');
    await first.getByRole('button', { name: TWO_FACTOR_MESSAGES.useRecoveryCode }).click();
    await first.getByText(TWO_FACTOR_MESSAGES.recoveryPrompt, { exact: true }).waitFor();
    await expectFocused(first.locator('#two-factor-code'));
    await enterCode(first, TWO_FACTOR_MESSAGES.recoveryCodeLabel, recoveryCode);
    await first.waitForURL((url) => url.pathname === '/settings');
    await section(first)
      .getByText(TWO_FACTOR_MESSAGES.codesLeft(RECOVERY_CODE_COUNT - 1), { exact: true })
      .waitFor();

    // The same recovery code again: refused beside the field, and the sign-in stays open.
    const second = await open(MOBILE);
    await passwordStep(second, email, PASSWORD);
    await second.getByRole('button', { name: TWO_FACTOR_MESSAGES.useRecoveryCode }).click();
    await enterCode(second, TWO_FACTOR_MESSAGES.recoveryCodeLabel, recoveryCode);
    const error = second.locator('#two-factor-code-error');
    await error.waitFor();
    // Said as it is: spent already, use another.
    expect(await error.textContent()).toBe(TWO_FACTOR_MESSAGES.recoveryCodeUsed);
    const field = second.getByLabel(TWO_FACTOR_MESSAGES.recoveryCodeLabel, { exact: true });
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toBe('two-factor-code-error');
    expect(await isSignedIn(second)).toBe(false);

    // Back to the app's codes, which still work.
    await second.getByRole('button', { name: TWO_FACTOR_MESSAGES.useAppCode }).click();
    await second.getByText(TWO_FACTOR_MESSAGES.codePrompt, { exact: true }).waitFor();
    await enterCode(second, TWO_FACTOR_MESSAGES.codeLabel, totp(secret, 1));
    await second.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await isSignedIn(second)).toBe(true);
  });

  it('refuses a wrong code beside the field, and the sign-in stays usable', async () => {
    const { page: other, email, secret } = await newCustomerWithTwoFactor();
    await other.context().clearCookies();
    expect(await isSignedIn(other)).toBe(false);

    await passwordStep(other, email, PASSWORD);
    // Nothing typed: the form's own check.
    await other.getByRole('button', { name: TWO_FACTOR_MESSAGES.verifyButton }).click();
    await other.getByText(TWO_FACTOR_MESSAGES.codeRequired, { exact: true }).waitFor();

    await enterCode(other, TWO_FACTOR_MESSAGES.codeLabel, wrongCode(secret));
    const error = other.locator('#two-factor-code-error');
    await expect.poll(() => error.textContent()).toBe(TWO_FACTOR_MESSAGES.codeWrong);
    const field = other.getByLabel(TWO_FACTOR_MESSAGES.codeLabel, { exact: true });
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expectFocused(other.locator('#two-factor-code'));
    expect(await isSignedIn(other)).toBe(false);

    await enterCode(other, TWO_FACTOR_MESSAGES.codeLabel, totp(secret, 1));
    await other.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await isSignedIn(other)).toBe(true);
  });

  it('says the sign-in has expired when there is no half-done sign-in, with a way back to sign in', async () => {
    const page = await open(MOBILE);
    await page.goto('/two-factor?returnTo=%2Fsettings');
    await page.getByRole('heading', { name: TWO_FACTOR_MESSAGES.pageTitle, level: 1 }).waitFor();
    await page.getByRole('alert').getByText(TWO_FACTOR_MESSAGES.challengeExpired, { exact: true }).waitFor();
    expect(await page.getByLabel(TWO_FACTOR_MESSAGES.codeLabel).count()).toBe(0);
    // The expired state's axe check (at this test's 375 px, as in 'two-factor sign-in: accessibility').
    await expectNoAxeViolations(page, '/two-factor expired (mobile)');
    await page.getByRole('link', { name: 'Sign in again' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/settings');
  });

  it('sends an admin who must enrol through the QR code, then shows the recovery codes once before going on', async () => {
    // The 'setup' step happens only in production (admins must use two-factor there), so this test
    // stands in for the server's answers; the admin's real session starts when the code is "right".
    const page = await open(DESKTOP);
    const login = await page.request.post('/api/admin/login', {
      data: { username: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const admin = (await (await page.request.get('/api/auth/user')).json()) as Record<string, unknown>;
    const secret = new Secret({ size: 20 }).base32;
    const otpauthUrl = `otpauth://totp/CareMatch:${DEMO_ACCOUNTS.admin.email}?secret=${secret}&issuer=CareMatch`;
    const qrCodeDataUrl = `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(otpauthUrl, { type: 'svg' })).toString('base64')}`;
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, (_, i) => `abcd${i}-2345${i}`);
    let verified = false;
    const verifyBodies: unknown[] = [];
    // The web app's sign-in check: nobody until the code is verified.
    await page.route('**/api/auth/session', (route) =>
      verified ? route.continue() : route.fulfill({ json: { user: null } }),
    );
    await page.route('**/api/admin/login', (route) =>
      route.fulfill({ status: 202, json: { twoFactor: 'setup' } }),
    );
    await page.route('**/api/auth/two-factor', (route) => route.fulfill({ json: { twoFactor: 'setup' } }));
    await page.route('**/api/auth/two-factor/setup', (route) =>
      route.fulfill({ json: { secret, otpauthUrl, qrCodeDataUrl } }),
    );
    await page.route('**/api/auth/two-factor/verify', (route) => {
      verifyBodies.push(route.request().postDataJSON());
      verified = true;
      return route.fulfill({ json: { user: admin, recoveryCodes } });
    });

    await page.goto('/admin-login');
    await page.getByLabel('Username').fill(DEMO_ACCOUNTS.admin.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/two-factor');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/admin-dashboard');
    await page.getByText(TWO_FACTOR_MESSAGES.setupPrompt, { exact: true }).waitFor();
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    expect(((await page.locator('#two-factor-key').textContent()) ?? '').replace(/\s+/g, '')).toBe(secret);
    // Not enrolled yet: there are no recovery codes to use instead.
    expect(await page.getByRole('button', { name: TWO_FACTOR_MESSAGES.useRecoveryCode }).count()).toBe(0);
    await expectNoAxeViolations(page, '/two-factor setup step');

    const code = totp(secret);
    await enterCode(page, TWO_FACTOR_MESSAGES.codeLabel, code);
    const list = page.getByRole('list', { name: TWO_FACTOR_MESSAGES.recoveryCodesTitle });
    await list.waitFor();
    expect(await list.getByRole('listitem').allTextContents()).toEqual(recoveryCodes);
    expect(verifyBodies).toEqual([{ code }]);
    await page.getByRole('heading', { name: TWO_FACTOR_MESSAGES.recoveryCodesTitle, level: 1 }).waitFor();
    await expectNoAxeViolations(page, '/two-factor recovery codes');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download as .txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('carematch-recovery-codes.txt');
    expect(await readFile(await download.path(), 'utf8')).toContain(recoveryCodes.join('\n'));

    await page.getByRole('button', { name: TWO_FACTOR_MESSAGES.savedCodesButton }).click();
    await page.waitForURL((url) => url.pathname === '/admin-dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
  });
});

describe('two-factor sign-in on /settings', () => {
  it('makes new recovery codes and turns two-factor off, each after the password', async () => {
    const { page, email, codes: firstCodes } = await newCustomerWithTwoFactor();
    await openSettings(page);
    const twoFactor = section(page);
    await twoFactor.getByText(TWO_FACTOR_MESSAGES.statusOn, { exact: true }).waitFor();
    await twoFactor.getByText(TWO_FACTOR_MESSAGES.codesLeft(RECOVERY_CODE_COUNT), { exact: true }).waitFor();

    // New recovery codes: a wrong password is refused beside the field.
    await twoFactor.getByRole('button', { name: TWO_FACTOR_MESSAGES.newCodesButton }).click();
    const renewForm = page.getByRole('form', { name: TWO_FACTOR_MESSAGES.newCodesButton });
    await expectFocused(page.locator('#two-factor-renew-password'));
    await renewForm.getByLabel('Current password').fill('Not-My-Password-11');
    await renewForm.getByRole('button', { name: TWO_FACTOR_MESSAGES.newCodesButton }).click();
    await renewForm.getByText(SETTINGS_MESSAGES.currentPasswordWrong, { exact: true }).waitFor();
    expect(await renewForm.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');
    await renewForm.getByLabel('Current password').fill(PASSWORD);
    await renewForm.getByRole('button', { name: TWO_FACTOR_MESSAGES.newCodesButton }).click();
    await toastTitle(page, TWO_FACTOR_MESSAGES.codesRenewedTitle).waitFor();
    const list = twoFactor.getByRole('list', { name: TWO_FACTOR_MESSAGES.recoveryCodesTitle });
    const newCodes = await list.getByRole('listitem').allTextContents();
    expect(newCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(newCodes.filter((code) => firstCodes.includes(code))).toEqual([]);
    await saveCodes(page);

    // An old recovery code no longer signs in.
    const other = await open(DESKTOP);
    await passwordStep(other, email, PASSWORD);
    await other.getByRole('button', { name: TWO_FACTOR_MESSAGES.useRecoveryCode }).click();
    await enterCode(other, TWO_FACTOR_MESSAGES.recoveryCodeLabel, firstCodes[0] ?? '');
    await other.getByText(TWO_FACTOR_MESSAGES.recoveryCodeWrong, { exact: true }).waitFor();

    // Off: a wrong password first, then the right one.
    await twoFactor.getByRole('button', { name: TWO_FACTOR_MESSAGES.turnOffButton }).click();
    const offForm = page.getByRole('form', { name: TWO_FACTOR_MESSAGES.turnOffButton });
    await offForm.getByLabel('Current password').fill('Not-My-Password-11');
    await offForm.getByRole('button', { name: TWO_FACTOR_MESSAGES.turnOffButton }).click();
    await offForm.getByText(SETTINGS_MESSAGES.currentPasswordWrong, { exact: true }).waitFor();
    await offForm.getByLabel('Current password').fill(PASSWORD);
    await offForm.getByRole('button', { name: TWO_FACTOR_MESSAGES.turnOffButton }).click();
    await toastTitle(page, TWO_FACTOR_MESSAGES.disabledTitle).waitFor();
    await twoFactor.getByText(TWO_FACTOR_MESSAGES.statusOff, { exact: true }).waitFor();
    const setUp = twoFactor.getByRole('button', { name: TWO_FACTOR_MESSAGES.setUpButton });
    await expectFocused(setUp);

    // The password alone signs in again (in the browser where the old code was refused).
    await signInThroughForm(other, email, PASSWORD);
    await other.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(new URL(other.url()).pathname).toBe('/');
  });

  it('asks for the password and refuses a wrong one or a wrong code when turning on; cancelling leaves it off', async () => {
    const { page } = await newCustomerOnSettings();
    const secret = await startSetup(page);
    const twoFactor = section(page);
    const password = twoFactor.getByLabel('Current password');
    // The password is asked for, beside its field, before anything is sent.
    await twoFactor.getByLabel(TWO_FACTOR_MESSAGES.codeLabel).fill(totp(secret));
    await twoFactor.getByRole('button', { name: TWO_FACTOR_MESSAGES.turnOnButton }).click();
    await twoFactor.getByText(AUTH_MESSAGES.passwordRequired, { exact: true }).waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    // A wrong one is refused by the server, beside the field too; a stolen session gets no further.
    await password.fill('Not-My-Password-11');
    await twoFactor.getByRole('button', { name: TWO_FACTOR_MESSAGES.turnOnButton }).click();
    await twoFactor.getByText(SETTINGS_MESSAGES.currentPasswordWrong, { exact: true }).waitFor();
    expect(await password.getAttribute('aria-describedby')).toContain(
      'settings-two-factor-enable-password-error',
    );
    await password.fill(PASSWORD);
    await twoFactor.getByLabel(TWO_FACTOR_MESSAGES.codeLabel).fill(wrongCode(secret));
    await twoFactor.getByRole('button', { name: TWO_FACTOR_MESSAGES.turnOnButton }).click();
    await twoFactor.getByText(TWO_FACTOR_MESSAGES.codeWrong, { exact: true }).waitFor();
    expect(await twoFactor.getByLabel(TWO_FACTOR_MESSAGES.codeLabel).getAttribute('aria-describedby')).toBe(
      'settings-two-factor-code-error',
    );
    await twoFactor.getByRole('button', { name: 'Cancel' }).click();
    await twoFactor.getByText(TWO_FACTOR_MESSAGES.statusOff, { exact: true }).waitFor();
    const status = await page.request.get('/api/settings/two-factor');
    expect((await status.json()).enabled).toBe(false);
  });
});

describe('two-factor sign-in: accessibility', () => {
  // Each state once, at 375 px: where most families use the site and where the layout is tightest;
  // none of these states shows other elements at desktop. (The expired /two-factor is checked in
  // its own test above, at 375 px too; the admin's setup and recovery-code steps in theirs.)
  it('/settings in each two-factor state and /two-factor in each step have no axe violations (mobile)', async () => {
    const { page, email } = await newCustomerOnSettings(MOBILE);
    await expectNoAxeViolations(page, '/settings two-factor off (mobile)');
    const secret = await startSetup(page);
    await expectNoAxeViolations(page, '/settings two-factor enrolling (mobile)');
    await finishSetup(page, secret);
    await expectNoAxeViolations(page, '/settings recovery codes (mobile)');
    await saveCodes(page);
    await expectNoAxeViolations(page, '/settings two-factor on (mobile)');
    await section(page).getByRole('button', { name: TWO_FACTOR_MESSAGES.turnOffButton }).click();
    await page.getByRole('form', { name: TWO_FACTOR_MESSAGES.turnOffButton }).waitFor();
    await expectNoAxeViolations(page, '/settings turning two-factor off (mobile)');

    const other = await open(MOBILE);
    await passwordStep(other, email, PASSWORD);
    await expectNoAxeViolations(other, '/two-factor code step (mobile)');
    await enterCode(other, TWO_FACTOR_MESSAGES.codeLabel, wrongCode(secret));
    await other.locator('#two-factor-code-error').waitFor();
    await expectNoAxeViolations(other, '/two-factor wrong code (mobile)');
    await other.getByRole('button', { name: TWO_FACTOR_MESSAGES.useRecoveryCode }).click();
    await other.getByText(TWO_FACTOR_MESSAGES.recoveryPrompt, { exact: true }).waitFor();
    await expectNoAxeViolations(other, '/two-factor recovery step (mobile)');
  });
});
