import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/server/demo-seed/seed';

let counter = 0;

/** The password every account registered by a journey gets. */
export const NEW_ACCOUNT_PASSWORD = 'Heather-Lantern-Quay-58';

/** A person a journey registers; without `email`, a new address made from the name. */
export interface NewPerson {
  firstName: string;
  lastName: string;
  userType: 'customer' | 'carer';
  email?: string;
}

function addressFor(person: NewPerson): string {
  counter += 1;
  return (
    person.email ??
    `${person.firstName.toLowerCase()}.${person.lastName.toLowerCase()}.${Date.now()}${counter}@example.org`
  );
}

/**
 * On /register (the role already chosen): the person's name, a new address and the password, then
 * "Create account", until "Check your email". Returns the address.
 */
export async function fillRegistration(page: Page, person: NewPerson): Promise<string> {
  const email = addressFor(person);
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(NEW_ACCOUNT_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  // Nobody is signed in yet (decision 0019); the emailed link confirms the address and signs in.
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  return email;
}

/** Registers a new account through /register and waits until it lands. */
export async function registerThroughForm(page: Page, person: NewPerson) {
  await page.goto('/register');
  await page
    .getByLabel(person.userType === 'carer' ? 'Offering care as a carer' : 'Looking for care')
    .check();
  const email = await fillRegistration(page, person);
  await openConfirmationLink(page, email);
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === (person.userType === 'carer' ? '/carer-signup' : '/'));
  return email;
}

/** The newest confirmation link emailed to `email`, read from the demo mailbox's JSON. */
export async function confirmationLink(page: Page, email: string): Promise<string> {
  const response = await page.request.get(`/api/demo/mailbox?to=${encodeURIComponent(email)}`);
  const { emails } = (await response.json()) as { emails: Array<{ text: string }> };
  const link = emails
    .map((sent) => sent.text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0])
    .find(Boolean);
  if (!link) throw new Error(`no confirmation link emailed to ${email}`);
  const url = new URL(link);
  // The server's PUBLIC_URL may name another port than the test server's: keep path and query.
  return `${url.pathname}${url.search}`;
}

/** Opens the newest confirmation link emailed to `email` and waits for the confirmed page. */
export async function openConfirmationLink(page: Page, email: string) {
  await page.goto(await confirmationLink(page, email));
  await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
}

/** A card expiry a year or two ahead, as 'MM / YY'. */
export function futureExpiry(): string {
  const year = (new Date().getFullYear() + 2) % 100;
  return `12 / ${String(year).padStart(2, '0')}`;
}

/** The checkout's demo card form, filled with `cardNumber` (a demo card: DEMO_CARDS). */
export async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number', { exact: true }).fill(cardNumber);
  await page.getByLabel('Expiry', { exact: true }).fill(futureExpiry());
  await page.getByLabel('CVC', { exact: true }).fill('123');
}

/** A toast's title, matched exactly (Radix also renders a screen-reader copy of the text). */
export const toastTitle = (page: Page, title: string) => page.getByText(title, { exact: true }).first();

/**
 * Registers a new account through the API and confirms it through the emailed link, which signs
 * the page's browser context in (the session cookie lands in its cookie jar): for journeys that
 * need a new account but are not about registering. Returns the address.
 */
export async function registerByApi(page: Page, person: NewPerson) {
  const email = addressFor(person);
  const registered = await page.request.post('/api/auth/register', {
    data: {
      email,
      password: NEW_ACCOUNT_PASSWORD,
      firstName: person.firstName,
      lastName: person.lastName,
      userType: person.userType,
    },
  });
  if (registered.status() !== 202) throw new Error(`register failed: ${registered.status()}`);
  const token = new URL(await confirmationLink(page, email), 'http://localhost').searchParams.get('token');
  const confirmed = await page.request.post('/api/auth/verify-email', { data: { token } });
  if (confirmed.status() !== 200) throw new Error(`confirming ${email} failed: ${confirmed.status()}`);
  return email;
}

/** A minimal PDF and a 1×1 PNG: real content, so the server's type check by content passes. */
const CHECK_FILES = {
  pdf: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 3 3]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
};

/**
 * Lists the carer signed in on `page`: submits their checks through the API, and the demo admin
 * approves them in a context of their own (a profile is listed only once its checks are approved,
 * docs/decisions/0026). For journeys that need a carer families can find, not about verification.
 */
export async function approveChecksByApi(page: Page, baseUrl: string) {
  const submitted = await page.request.post('/api/carers/my-profile/verification', {
    multipart: {
      dbsLevel: 'Enhanced with Barred List',
      dbsIssueDate: '2026-03-10',
      dbsCertificateNumber: '001234567890',
      dbsUpdateService: 'true',
      rightToWorkMethod: 'share_code',
      rightToWorkShareCode: 'W12 345 67X',
      references: JSON.stringify([
        { name: 'Helen Price', relationship: 'Former manager', contact: 'helen.price@example.org' },
        { name: 'David Ellis', relationship: 'Client’s son', contact: '07700 900123' },
      ]),
      dbsCertificate: { name: 'dbs.pdf', mimeType: 'application/pdf', buffer: CHECK_FILES.pdf },
      photoId: { name: 'licence.png', mimeType: 'image/png', buffer: CHECK_FILES.png },
    },
  });
  if (submitted.status() !== 201) {
    throw new Error(`submitting checks failed: ${submitted.status()} ${await submitted.text()}`);
  }
  const { id } = (await submitted.json()) as { id: string };
  const adminContext = await page.context().browser()!.newContext({ baseURL: baseUrl });
  try {
    const signedIn = await adminContext.request.post('/api/auth/login', {
      data: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD },
    });
    if (signedIn.status() !== 200) throw new Error(`admin sign-in failed: ${signedIn.status()}`);
    const approved = await adminContext.request.post(`/api/admin/verifications/${id}/approve`, { data: {} });
    if (approved.status() !== 200) {
      throw new Error(`approving checks failed: ${approved.status()} ${await approved.text()}`);
    }
  } finally {
    await adminContext.close();
  }
}

/** A carer's signup answers, as `fillCarerSignup` gives them to the steps of /carer-signup. */
export interface CarerSignupAnswers {
  specialization: string;
  experience: string;
  qualifications: readonly string[];
  location: string;
  homePostcode: string;
  travelMiles: string;
  /** The week's checkboxes by name ('Monday morning', 'Short-notice cover'). */
  week: readonly string[];
  hourlyRateMin: string;
  hourlyRateMax: string;
  description: string;
}

/**
 * Answers the signup's steps in turn (from step `from`, counted from 0) and stops on the last one:
 * the review, with the terms still to agree to.
 */
export async function fillCarerSignup(page: Page, answers: CarerSignupAnswers, { from = 0 } = {}) {
  const steps: (() => Promise<void>)[] = [
    async () => {
      await page.getByLabel('Care specialization').selectOption(answers.specialization);
      await page.getByLabel('Years of experience').selectOption(answers.experience);
      const qualifications = page.getByRole('group', { name: 'Qualifications' });
      for (const name of answers.qualifications) await qualifications.getByLabel(name).check();
    },
    async () => {
      await page.getByLabel('Location', { exact: true }).fill(answers.location);
      await page.getByLabel('Home postcode').fill(answers.homePostcode);
      await page.getByLabel('How far will you travel?').selectOption(answers.travelMiles);
    },
    async () => {
      const week = page.getByRole('group', { name: 'Availability' });
      for (const name of answers.week) await week.getByRole('checkbox', { name }).check();
      await page.getByLabel('Minimum hourly rate').fill(answers.hourlyRateMin);
      await page.getByLabel('Maximum hourly rate').fill(answers.hourlyRateMax);
    },
    async () => {
      await page.getByLabel('Description').fill(answers.description);
    },
  ];
  for (const [index, step] of steps.entries()) {
    if (index < from) continue;
    await page.getByText(`Step ${index + 1} of 5`, { exact: true }).waitFor();
    await step();
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByText('Step 5 of 5', { exact: true }).waitFor();
}
