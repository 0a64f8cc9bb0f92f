// A double submit creates one thing (decision 0033), and the page itself sends it once: every form
// or button that creates something drops a second click made while the first is being sent (the
// send-once rule, src/web/lib/use-send-once.ts). The server would fold an identical repeat into
// the first (its Idempotency-Key), so each test also counts the requests the page sent: one
// (soft, so a run without the rule names every form that sent twice).
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@contracts/contact';
import { LISTING_MESSAGES } from '@contracts/verification';
import { REPORT_MESSAGES } from '@contracts/reports';
import { REVIEW_MESSAGES } from '@contracts/reviews';
import {
  carerProfiles,
  contactEnquiries,
  messages,
  reports,
  reviews,
  users,
} from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { fillCarerSignup, registerByApi, toastTitle } from './support/journeys';
import { settled, trackRequests } from './support/settle';

const suite = useE2ESuite();
const open = suite.open;
const db = () => suite.server().database.db;

/** The requests `page` sends with `method` to a path matching `path`, from now on. */
function watchSends(page: Page, method: string, path: RegExp): string[] {
  trackRequests(page);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) sent.push(request.url());
  });
  return sent;
}

/**
 * Two clicks in one go, the second before anything has re-rendered (the hardest case for a page:
 * a flag in its state still says "not sending"). A second Playwright click() would wait for the
 * button to be enabled again and so be a deliberate new action.
 */
async function clickTwice(button: Locator) {
  await button.evaluate((element: HTMLElement) => {
    element.click();
    element.click();
  });
}

describe('a double submit sends once (decision 0033)', () => {
  it('a message from the contact dialog, a thread reply, a review and a report', async () => {
    const stamp = Date.now();
    const customer = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    const carer = await open(DESKTOP, DEMO_ACCOUNTS.carer);
    const profile = (await (
      await carer.request.get('/api/carers/my-profile', { headers: { Accept: 'application/json' } })
    ).json()) as { id: string };

    // The contact dialog's "Send Message", double-clicked.
    const first = `Hello Grace, could you help my mother on Tuesdays? (double click ${stamp})`;
    const messageSends = watchSends(customer, 'POST', /^\/api\/messages$/);
    await customer.goto('/customer-dashboard?location=leeds');
    const card = customer
      .locator('[data-testid="carer-card"]')
      .filter({ has: customer.locator(`a[href="/carers/${profile.id}"]`) });
    await card.getByRole('button', { name: 'Contact Grace' }).click();
    const dialog = customer.getByRole('dialog', { name: /^Send Message to Grace/ });
    await dialog.getByRole('textbox').fill(first);
    await dialog.getByRole('button', { name: 'Send Message' }).dblclick();
    await toastTitle(customer, 'Message Sent').waitFor();
    await settled(customer);
    expect.soft(messageSends).toHaveLength(1);
    expect(await db().select().from(messages).where(eq(messages.content, first))).toHaveLength(1);
    // And a second message, its button clicked twice at once.
    const second = `And on Thursdays too, if you can. (two clicks ${stamp})`;
    await card.getByRole('button', { name: 'Contact Grace' }).click();
    await dialog.getByRole('textbox').fill(second);
    await clickTwice(dialog.getByRole('button', { name: 'Send Message' }));
    await dialog.waitFor({ state: 'hidden' });
    await settled(customer);
    expect.soft(messageSends).toHaveLength(2);
    expect(await db().select().from(messages).where(eq(messages.content, second))).toHaveLength(1);

    // The carer's reply in the thread, clicked twice at once.
    const reply = `Yes, Tuesdays suit me (two clicks ${stamp}).`;
    const conversation = await db()
      .select({ id: messages.conversationId })
      .from(messages)
      .where(eq(messages.content, first));
    const conversationId = conversation[0]!.id;
    const replySends = watchSends(
      carer,
      'POST',
      new RegExp(`^/api/conversations/${conversationId}/messages$`),
    );
    await carer.goto(`/messages/${conversationId}`);
    await carer.getByLabel('Reply').fill(reply);
    await clickTwice(carer.getByRole('button', { name: 'Send', exact: true }));
    await carer.getByRole('log').getByText(reply).waitFor();
    await settled(carer);
    expect.soft(replySends).toHaveLength(1);
    expect(await db().select().from(messages).where(eq(messages.content, reply))).toHaveLength(1);

    // The family's review of Grace, now she has answered: "Save Review" double-clicked.
    const comment = `Gentle and on time, double click ${stamp}.`;
    const reviewSends = watchSends(customer, 'PUT', /^\/api\/carers\/[^/]+\/reviews\/mine$/);
    await customer.goto(`/carers/${profile.id}`);
    await customer.getByRole('heading', { name: 'Write a review' }).waitFor();
    await customer.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await customer.getByLabel('Your review').fill(comment);
    await customer.getByRole('button', { name: 'Save Review' }).dblclick();
    await toastTitle(customer, REVIEW_MESSAGES.savedTitle).waitFor();
    await customer.getByRole('heading', { name: 'Your review' }).waitFor();
    await settled(customer);
    expect.soft(reviewSends).toHaveLength(1);
    expect(await db().select().from(reviews).where(eq(reviews.comment, comment))).toHaveLength(1);
    // Changed, and saved with two clicks at once: still one review, sent once more.
    const changed = `Gentle, on time and kind, two clicks ${stamp}.`;
    await customer.getByRole('button', { name: 'Edit your review' }).click();
    await customer.getByRole('textbox', { name: 'Your review' }).fill(changed);
    await clickTwice(customer.getByRole('button', { name: 'Save Review' }));
    await customer.getByText(changed).first().waitFor();
    await settled(customer);
    expect.soft(reviewSends).toHaveLength(2);
    expect(await db().select().from(reviews).where(eq(reviews.comment, changed))).toHaveLength(1);

    // The carer reports the conversation: "Send Report" clicked twice at once.
    const details = `Asked for my bank details, two clicks ${stamp}.`;
    const reportSends = watchSends(carer, 'POST', /^\/api\/conversations\/[^/]+\/report$/);
    await carer.getByRole('button', { name: 'Report' }).click();
    const report = carer.getByRole('dialog', { name: 'Report this conversation' });
    await report.getByLabel('Reason').selectOption('Something else');
    await report.getByLabel('Details').fill(details);
    await clickTwice(report.getByRole('button', { name: 'Send Report' }));
    await toastTitle(carer, REPORT_MESSAGES.sentTitle).waitFor();
    await settled(carer);
    expect.soft(reportSends).toHaveLength(1);
    expect(await db().select().from(reports).where(eq(reports.details, details))).toHaveLength(1);
  });

  it('the contact form', async () => {
    const page = await open(DESKTOP);
    const subject = `Care for my aunt, double click ${Date.now()}`;
    const sends = watchSends(page, 'POST', /^\/api\/contact$/);
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send Us a Message' });
    await form.getByLabel('First name').fill('Priya');
    await form.getByLabel('Last name').fill('Shah');
    await form.getByLabel('Email').fill('priya.shah@example.org');
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill('My aunt needs help two evenings a week. How do I start?');
    await form.getByRole('button', { name: 'Send Message' }).dblclick();
    await page.getByText(CONTACT_MESSAGES.sentTitle, { exact: true }).first().waitFor();
    await settled(page);
    expect.soft(sends).toHaveLength(1);
    expect(
      await db().select().from(contactEnquiries).where(eq(contactEnquiries.subject, subject)),
    ).toHaveLength(1);
    // A second enquiry (the form keeps the name and email), its button clicked twice at once.
    await expect.poll(() => form.getByLabel('Subject').inputValue()).toBe('');
    const again = `${subject}, again`;
    await form.getByLabel('Subject').fill(again);
    await form.getByLabel('Message').fill('And could someone call me back on Monday, please?');
    await clickTwice(form.getByRole('button', { name: 'Send Message' }));
    await expect.poll(() => form.getByLabel('Subject').inputValue()).toBe('');
    await settled(page);
    expect.soft(sends).toHaveLength(2);
    expect(
      await db().select().from(contactEnquiries).where(eq(contactEnquiries.subject, again)),
    ).toHaveLength(1);
  });

  it('carer profile creation', async () => {
    const page = await open(DESKTOP);
    const email = await registerByApi(page, {
      firstName: 'Dilys',
      lastName: 'Twiceclick',
      userType: 'carer',
    });
    const sends = watchSends(page, 'POST', /^\/api\/carers$/);
    await page.goto('/carer-signup');
    await page.getByRole('heading', { name: 'Become a Carer' }).waitFor();
    await fillCarerSignup(page, {
      specialization: 'Elderly Care',
      experience: '6-10 years',
      qualifications: ['First Aid Certified'],
      location: 'Roundhay, Leeds',
      homePostcode: 'LS8 1AB',
      travelMiles: '15',
      week: ['Monday morning'],
      hourlyRateMin: '18',
      hourlyRateMax: '23',
      description:
        'Retired district nurse offering steady, friendly support at home for older people around Roundhay.',
    });
    await page.getByLabel(/I agree to the terms and conditions/).check();
    await clickTwice(page.getByRole('button', { name: 'Create My Profile' }));
    await toastTitle(page, LISTING_MESSAGES.createdTitle).waitFor();
    await page.getByRole('heading', { name: 'Carer Dashboard' }).waitFor();
    await settled(page);
    expect.soft(sends).toHaveLength(1);
    const [account] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await db().select().from(carerProfiles).where(eq(carerProfiles.userId, account!.id))).toHaveLength(
      1,
    );
  });

  it('the data export spends one export', async () => {
    const page = await open(DESKTOP);
    await registerByApi(page, { firstName: 'Ffion', lastName: 'Export', userType: 'customer' });
    const sends = watchSends(page, 'POST', /^\/api\/settings\/export$/);
    await page.goto('/settings');
    const button = page.getByRole('button', { name: 'Download my data' });
    const [download] = await Promise.all([page.waitForEvent('download'), clickTwice(button)]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    await settled(page);
    expect.soft(sends).toHaveLength(1);
  });
});
