import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@contracts/contact';
import { BUSINESS_HOURS, SITE_CONTACT } from '@contracts/site';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectFocused, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';

const { open } = useE2ESuite();

const form = (page: Page) => page.getByRole('form', { name: 'Send Us a Message' });

async function openContact(viewport = DESKTOP, account?: { email: string }) {
  const page = await open(viewport, account);
  await page.goto('/contact');
  await page.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
  return page;
}

async function fillValidEnquiry(page: Page) {
  const f = form(page);
  await f.getByLabel('First name').fill('Priya');
  await f.getByLabel('Last name').fill('Shah');
  await f.getByLabel('Email').fill('priya.shah@example.org');
  await f.getByLabel('Phone (optional)').fill('07700 900123');
  await f.getByLabel('Subject').fill('Care for my father in Leeds');
  await f.getByLabel('Message').fill('My father needs help three mornings a week. How do I start?');
}

/** Counts the enquiries the page sends, and lets a test answer them itself. */
async function watchEnquiries(page: Page, answer?: { status: number; body: unknown }) {
  const sent: unknown[] = [];
  await page.route('**/api/contact', async (route) => {
    sent.push(route.request().postDataJSON());
    if (answer) {
      await route.fulfill({ status: answer.status, json: answer.body });
    } else {
      await route.continue();
    }
  });
  return sent;
}

describe('contact page', () => {
  it('shows the contact details, the 24-hour claim, business hours and the urgent line', async () => {
    const page = await openContact();
    const phone = page.getByRole('link', { name: SITE_CONTACT.phoneDisplay });
    expect(await phone.getAttribute('href')).toBe(SITE_CONTACT.phoneHref);
    const email = page.getByRole('link', { name: SITE_CONTACT.email });
    expect(await email.getAttribute('href')).toBe(`mailto:${SITE_CONTACT.email}`);
    await page
      .getByText(/within 24 hours/)
      .first()
      .waitFor();
    await page.getByRole('heading', { name: 'Business Hours' }).waitFor();
    for (const { days, hours } of BUSINESS_HOURS) {
      await page.getByText(days, { exact: true }).waitFor();
      await page.getByText(hours, { exact: true }).waitFor();
    }
    expect(BUSINESS_HOURS.map(({ days, hours }) => `${days}: ${hours}`)).toEqual([
      'Monday - Friday: 8am - 6pm',
      'Saturday: 9am - 4pm',
      'Sunday: Closed',
    ]);
    const urgent = page.getByRole('link', { name: SITE_CONTACT.urgentLineDisplay });
    expect(await urgent.getAttribute('href')).toBe(SITE_CONTACT.urgentLineHref);
    await page.getByText(/call 999/).waitFor();
    for (const label of ['First name', 'Last name', 'Email', 'Phone (optional)', 'Subject', 'Message']) {
      await form(page).getByLabel(label, { exact: true }).waitFor();
    }
  });

  it('refuses an empty or invalid form with messages beside the fields and sends nothing', async () => {
    const page = await openContact();
    const sent = await watchEnquiries(page);
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    for (const message of [
      CONTACT_MESSAGES.firstNameRequired,
      CONTACT_MESSAGES.lastNameRequired,
      CONTACT_MESSAGES.emailRequired,
      CONTACT_MESSAGES.subjectRequired,
      CONTACT_MESSAGES.messageTooShort,
    ]) {
      await form(page).getByText(message, { exact: true }).waitFor();
    }
    // The first invalid field has the focus and names its error.
    const firstName = form(page).getByLabel('First name');
    await expectFocused(firstName);
    expect(await firstName.getAttribute('aria-invalid')).toBe('true');

    await fillValidEnquiry(page);
    await form(page).getByLabel('Email').fill('not-an-email');
    await form(page).getByLabel('Phone (optional)').fill('12345');
    await form(page).getByLabel('Message').fill('Too short');
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    await form(page).getByText(CONTACT_MESSAGES.emailInvalid, { exact: true }).waitFor();
    await form(page).getByText(CONTACT_MESSAGES.phoneInvalid, { exact: true }).waitFor();
    await form(page).getByText(CONTACT_MESSAGES.messageTooShort, { exact: true }).waitFor();
    expect(sent).toEqual([]);
  });

  it('sends a valid enquiry, confirms it with a toast and clears what was written', async () => {
    const page = await openContact();
    const sent = await watchEnquiries(page);
    await fillValidEnquiry(page);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    expect(reference).toMatch(/^CM-/);
    await page.getByText(CONTACT_MESSAGES.sentTitle, { exact: true }).waitFor();
    await page.getByText(CONTACT_MESSAGES.sentDescription, { exact: true }).waitFor();
    // The reference stays on the page after the toast.
    await form(page).getByText(CONTACT_MESSAGES.sentReference(reference), { exact: true }).waitFor();
    expect(sent).toEqual([
      {
        firstName: 'Priya',
        lastName: 'Shah',
        email: 'priya.shah@example.org',
        phone: '07700 900123',
        subject: 'Care for my father in Leeds',
        message: 'My father needs help three mornings a week. How do I start?',
      },
    ]);
    await expect.poll(() => form(page).getByLabel('Subject').inputValue()).toBe('');
    await expect.poll(() => form(page).getByLabel('Message').inputValue()).toBe('');
    expect(await form(page).getByLabel('Email').inputValue()).toBe('priya.shah@example.org');
  });

  it("puts the server's field messages beside the fields", async () => {
    const page = await openContact();
    await watchEnquiries(page, {
      status: 400,
      body: { message: CONTACT_MESSAGES.emailInvalid, fieldErrors: { email: CONTACT_MESSAGES.emailInvalid } },
    });
    await fillValidEnquiry(page);
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    await form(page).getByText(CONTACT_MESSAGES.emailInvalid, { exact: true }).waitFor();
    expect(await form(page).getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('says so when too many messages were sent, and keeps what was written', async () => {
    const page = await openContact();
    await watchEnquiries(page, { status: 429, body: { message: CONTACT_MESSAGES.tooManyEnquiries } });
    await fillValidEnquiry(page);
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('alert').getByText(CONTACT_MESSAGES.tooManyEnquiries).first().waitFor();
    expect(await form(page).getByLabel('Message').inputValue()).toContain('three mornings a week');
  });

  it('fills in the name and email of a signed-in customer', async () => {
    const page = await openContact(DESKTOP, DEMO_ACCOUNTS.family);
    expect(await form(page).getByLabel('Email').inputValue()).toBe(DEMO_ACCOUNTS.family.email);
    expect(await form(page).getByLabel('First name').inputValue()).not.toBe('');
  });

  for (const [label, viewport, axe] of [
    ['desktop', DESKTOP, false],
    // axe once, on a phone: most families write from one, and the form is tightest there; the
    // page shows the same elements at every width (the desktop header is checked elsewhere).
    ['mobile', MOBILE, true],
    ['320 px', { width: 320, height: 640 }, false],
  ] as const) {
    it(`has ${axe ? 'no axe violations and ' : ''}no sideways scrolling (${label})`, async () => {
      const page = await openContact(viewport);
      await form(page).getByRole('button', { name: 'Send Message' }).click();
      await form(page).getByText(CONTACT_MESSAGES.firstNameRequired, { exact: true }).waitFor();
      if (axe) await expectNoAxeViolations(page, `/contact with errors (${label})`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
