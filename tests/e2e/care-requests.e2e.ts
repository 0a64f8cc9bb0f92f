// Care requests (decision 0024). A family posts what care is needed (a mistake shown beside its field
// first); the demo carer near Roundhay sees it in the dashboard's Requests tab, nearest first, and
// answers; the family sees who answered and, without a plan, the prompt to subscribe to read it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CARE_REQUEST_MESSAGES } from '@contracts/care-requests';
import { MESSAGE_MESSAGES } from '@contracts/messaging';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectFocused, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { dateIn } from './support/uk-dates';
import { approveChecksByApi, registerByApi, toastTitle } from './support/journeys';

const suite = useE2ESuite();
const open = suite.open;

const DESCRIPTION =
  'Mum is 82 and recovering from a fall. She needs help getting up, washed and dressed, and a light breakfast, two mornings a week near Roundhay Park.';
const ANSWER =
  'Hello, I am Grace, an experienced carer living in Roundhay. I could help your mum on Tuesday and Wednesday mornings.';

async function expectNoSidewaysScroll(page: Page, label: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `sideways scroll on ${label}`).toBeLessThanOrEqual(widths.client);
}

/** The family's card of the request posted here (its description is unique to this file). */
const ownRequest = (page: Page) =>
  page.locator('[data-testid="own-care-request"]').filter({ hasText: 'Roundhay Park' });
/** The carer's card of the same request. */
const nearbyRequest = (page: Page) =>
  page.locator('[data-testid="nearby-care-request"]').filter({ hasText: 'Roundhay Park' });

async function openRequestsTab(page: Page) {
  await page.goto('/carer-dashboard');
  await page.getByRole('tab', { name: 'Requests' }).click();
  await page.getByRole('heading', { name: /^Care requests near you \(\d+\)$/ }).waitFor();
}

describe('care requests', () => {
  it('a family posts a request, the carer near it answers, and the family sees who answered', async () => {
    // A new family, confirmed and signed in through the emailed link.
    const family = await open(DESKTOP);
    await registerByApi(family, { firstName: 'Nadia', lastName: 'Hussain', userType: 'customer' });

    // The signed-in home's call to action leads to the page.
    await family.goto('/');
    await family.getByRole('link', { name: 'Post a care request' }).click();
    await family.waitForURL('**/care-requests');
    await family.getByRole('heading', { name: 'Care Requests', level: 1 }).waitFor();
    await family.getByText('No care requests yet').waitFor();
    await expectNoAxeViolations(family, '/care-requests, empty (desktop)');

    // Sent empty: every field says what is wrong beside it, and the first one takes the keyboard.
    const post = family.getByRole('button', { name: 'Post care request' });
    await post.click();
    const recipient = family.getByLabel('Who needs care?');
    await expectFocused(recipient);
    expect((await family.locator('#new-recipient-error').textContent())?.trim()).toBe(
      CARE_REQUEST_MESSAGES.recipientRequired,
    );
    expect(await recipient.getAttribute('aria-invalid')).toBe('true');
    expect(await recipient.getAttribute('aria-describedby')).toContain('new-recipient-error');
    expect((await family.locator('#new-pattern-error').textContent())?.trim()).toBe(
      CARE_REQUEST_MESSAGES.patternRequired,
    );
    // Its axe check is at 375 px, below: the same form, stacked.

    // Filled in, but with too short a description: that one message, beside the description.
    await recipient.selectOption('My mother');
    await family.getByLabel('Type of care').selectOption('Elderly Care');
    const postcode = family.getByLabel('Postcode where care is needed');
    await postcode.fill('LS8 1AB');
    expect(await postcode.getAttribute('aria-describedby')).toContain('new-postcode-hint');
    await family.getByText('only the first part, for example LS6, is shown to carers').waitFor();
    await family.getByLabel('Start date').fill(dateIn(7));
    await family.getByLabel('Tuesday morning').check();
    // The grid's arrow keys: Down from Tuesday morning is Wednesday morning.
    await family.getByLabel('Tuesday morning').press('ArrowDown');
    await expectFocused(family.getByLabel('Wednesday morning'));
    await family.keyboard.press('Space');
    expect(await family.getByLabel('Wednesday morning').isChecked()).toBe(true);
    await family.getByLabel('Hours of care a week').fill('6');
    await family.getByLabel('Hourly budget from (£)').fill('16');
    await family.getByLabel('Hourly budget to (£)').fill('22');
    const description = family.getByLabel('Describe the care needed');
    await description.fill('Help for mum, please.');
    await post.click();
    await expectFocused(description);
    expect((await family.locator('#new-description-error').textContent())?.trim()).toBe(
      CARE_REQUEST_MESSAGES.descriptionTooShort,
    );
    expect(await family.locator('#new-recipient-error').count()).toBe(0);

    await description.fill(DESCRIPTION);
    await post.click();
    await toastTitle(family, CARE_REQUEST_MESSAGES.postedTitle).waitFor();
    await family.getByText(CARE_REQUEST_MESSAGES.postedBody).first().waitFor();
    const card = ownRequest(family);
    await card.waitFor();
    await expectFocused(card.getByRole('heading', { name: 'My mother: Elderly Care' }));
    expect(await card.getByText('Open', { exact: true }).count()).toBe(1);
    await card.getByText('LS8 1AB (carers see LS8)').waitFor();
    await card.getByText('Tuesday and Wednesday: morning.').waitFor();
    await card.getByText('£16-£22/hour').waitFor();
    await card.getByRole('heading', { name: 'No carers have answered yet' }).waitFor();
    // The form is empty again for another request.
    expect(await description.inputValue()).toBe('');

    // The demo carer near Roundhay sees it, nearest first, without the full postcode.
    const carer = await open(DESKTOP, DEMO_ACCOUNTS.carer);
    await openRequestsTab(carer);
    const distances = (await carer.locator('[data-testid="request-distance"]').allTextContents()).map(
      (text) => {
        // Whole miles, "under 1 mile" for 0 (decision 0032).
        const match = /^(?:under 1 mile|(\d+) miles?) away$/.exec(text.trim());
        return match ? Number(match[1] ?? 0) : NaN;
      },
    );
    expect(distances.length).toBeGreaterThanOrEqual(2);
    for (const [index, miles] of distances.entries()) {
      expect(Number.isNaN(miles)).toBe(false);
      if (index > 0) expect(miles).toBeGreaterThanOrEqual(distances[index - 1]!);
    }
    const offer = nearbyRequest(carer);
    await offer.waitFor();
    const offerText = await offer.innerText();
    expect(offerText).toContain('LS8');
    expect(offerText).not.toContain('LS8 1AB');
    expect(offerText).not.toContain('Nadia');
    expect(offerText).toContain('Tuesday and Wednesday: morning.');
    expect(offerText).toContain('6 hours a week');
    // The Requests tab's axe check is at 375 px, below: the same cards.

    // Answer: an empty answer is refused beside the box, then the answer goes.
    await offer.getByRole('button', { name: 'Answer' }).click();
    const answerBox = offer.getByLabel('Your answer');
    await expectFocused(answerBox);
    await offer.getByRole('button', { name: 'Send answer' }).click();
    await offer.getByText(MESSAGE_MESSAGES.required).waitFor();
    expect(await answerBox.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(carer, '/carer-dashboard answer form with an error (desktop)');
    await answerBox.fill(ANSWER);
    await offer.getByRole('button', { name: 'Send answer' }).click();
    await toastTitle(carer, CARE_REQUEST_MESSAGES.respondedTitle).waitFor();
    await offer.getByText('Answered', { exact: true }).waitFor();
    const conversationLink = offer.getByRole('link', { name: 'Open the conversation' });
    await expectFocused(conversationLink);
    expect(await conversationLink.getAttribute('href')).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
    expect(await offer.getByRole('button', { name: 'Answer' }).count()).toBe(0);

    // At 375 px the tab fits, with no sideways scroll.
    await carer.setViewportSize(MOBILE);
    await openRequestsTab(carer);
    await nearbyRequest(carer).getByText('Answered', { exact: true }).waitFor();
    await expectNoSidewaysScroll(carer, '/carer-dashboard Requests tab (mobile)');
    await expectNoAxeViolations(carer, '/carer-dashboard Requests tab (mobile)');

    // The family (no plan) sees who answered, and the prompt to subscribe to read it.
    await family.reload();
    const answered = ownRequest(family);
    await answered.getByRole('heading', { name: 'Carers who answered (1)' }).waitFor();
    const responder = answered.locator('[data-testid="care-request-responder"]');
    expect(await responder.getByRole('link', { name: DEMO_ACCOUNTS.carer.firstName }).count()).toBe(1);
    await responder.getByText(/^(under 1 mile|\d+ miles?) away/).waitFor();
    await responder.getByText(/^Rated [\d.]+ out of 5 from \d+ reviews?$/).waitFor();
    expect(await answered.innerText()).not.toContain(ANSWER);
    const prompt = answered.locator('[data-testid="care-request-subscribe"]');
    await prompt.getByText(CARE_REQUEST_MESSAGES.subscribeToRead).waitFor();
    expect(await prompt.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/subscribe');
    expect(await answered.getByRole('link', { name: /Reply/ }).count()).toBe(0);
    await expectNoAxeViolations(family, '/care-requests with an answer, no plan (desktop)');

    // The conversation the answer opened: the carer's words held back, with the way to read them.
    await family.goto('/messages');
    await family
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(DEMO_ACCOUNTS.carer.firstName) })
      .click();
    await family.getByRole('log').getByText(MESSAGE_MESSAGES.subscribeToRead).waitFor();
    expect(await family.getByRole('log').innerText()).not.toContain(ANSWER);
    const blocked = family.locator('[data-testid="reply-blocked"]');
    await blocked.getByText(MESSAGE_MESSAGES.subscribeToRead).waitFor();
    expect(await blocked.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/subscribe');
    // Arranging care here needs a plan too: the thread says so, with the way to get one.
    const needsPlan = family.locator('[data-testid="arrangement-needs-plan"]');
    await needsPlan.waitFor();
    expect(await needsPlan.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/subscribe');
    expect(await family.getByRole('button', { name: 'Propose care arrangement' }).count()).toBe(0);
    await expectNoAxeViolations(family, '/messages thread with a held-back answer (desktop)');

    // Closing the request, with a confirmation first.
    await family.goto('/care-requests');
    const toClose = ownRequest(family);
    await toClose.getByRole('button', { name: 'Mark as filled' }).click();
    const dialog = family.getByRole('dialog', { name: 'Mark this care request as filled?' });
    await dialog.waitFor();
    await expectNoAxeViolations(family, '/care-requests close dialog (desktop)');
    await dialog.getByRole('button', { name: 'Mark as filled' }).click();
    await toastTitle(family, 'Care Request Closed').waitFor();
    await toClose.getByText('Filled', { exact: true }).waitFor();
    await expectFocused(toClose.getByRole('heading', { name: 'My mother: Elderly Care' }));
    expect(await toClose.getByRole('button', { name: 'Edit' }).count()).toBe(0);

    // At 375 px: the page with its form and list fits, with no sideways scroll.
    await family.setViewportSize(MOBILE);
    await family.reload();
    await ownRequest(family).waitFor();
    await expectNoSidewaysScroll(family, '/care-requests (mobile)');
    await expectNoAxeViolations(family, '/care-requests (mobile)');
    await family.getByRole('button', { name: 'Post care request' }).click();
    await expectFocused(family.getByLabel('Who needs care?'));
    await expectNoSidewaysScroll(family, '/care-requests form with errors (mobile)');
    await expectNoAxeViolations(family, '/care-requests form with errors (mobile)');

    // The carer no longer sees the closed request.
    await openRequestsTab(carer);
    expect(await nearbyRequest(carer).count()).toBe(0);
  }, 240_000); // a whole journey of two people, with axe at two sizes: like cover.e2e.ts

  it('lets a family with a plan read the answer and reply, and edit an open request', async () => {
    const family = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    const posted = await family.request.post('/api/care-requests', {
      data: {
        recipient: 'My father',
        careType: 'Elderly Care',
        postcode: 'LS8 2AB',
        startDate: dateIn(10),
        pattern: { slots: ['monday-afternoon'] },
        hoursPerWeek: 3,
        budgetMin: '18',
        budgetMax: '23',
        description: 'Dad would like company and a hand with his shopping on Monday afternoons near Oakwood.',
      },
    });
    expect(posted.status()).toBe(201);
    const { id } = (await posted.json()) as { id: string };

    const carer = await open(DESKTOP, DEMO_ACCOUNTS.carer);
    const answered = await carer.request.post(`/api/care-requests/${id}/responses`, {
      data: { message: 'Hello, I could come on Monday afternoons from the start date you gave.' },
    });
    expect(answered.status()).toBe(201);

    await family.goto('/care-requests');
    // Matched by the answer, which the card shows while it is being edited too.
    const card = family
      .locator('[data-testid="own-care-request"]')
      .filter({ hasText: 'Hello, I could come on Monday afternoons' });
    await card.getByText('Hello, I could come on Monday afternoons').waitFor();
    expect(await card.locator('[data-testid="care-request-subscribe"]').count()).toBe(0);
    const reply = card.getByRole('link', { name: `Reply to ${DEMO_ACCOUNTS.carer.firstName}` });
    expect(await reply.getAttribute('href')).toMatch(/^\/messages\/[0-9a-f-]{36}$/);

    // Edit: the form opens on its first field with the request's values; the change is saved.
    await card.getByRole('button', { name: 'Edit' }).click();
    const hours = card.getByLabel('Hours of care a week');
    await expectFocused(card.getByLabel('Who needs care?'));
    expect(await hours.inputValue()).toBe('3');
    await hours.fill('5');
    await card.getByRole('button', { name: 'Save changes' }).click();
    await toastTitle(family, 'Care Request Updated').waitFor();
    await card.getByText('5 hours a week').waitFor();
    await expectFocused(card.getByRole('button', { name: 'Edit' }));

    await reply.click();
    await family.getByRole('log').getByText('Hello, I could come on Monday afternoons').waitFor();
    await family.getByLabel('Reply', { exact: true }).waitFor();
  });

  it('tells a carer without a home postcode what is missing, and takes them to their profile', async () => {
    const page = await open(MOBILE);
    await registerByApi(page, { firstName: 'Tomasz', lastName: 'Nowak', userType: 'carer' });
    const created = await page.request.post('/api/carers', {
      data: {
        specialization: 'Elderly Care',
        experience: '3-5 years',
        location: 'Somewhere quiet',
        hourlyRateMin: '18',
        hourlyRateMax: '22',
        description: 'Patient, practical carer offering help at home for older people and their families.',
        qualifications: ['Manual Handling'],
        availability: ['Weekdays'],
      },
    });
    expect(created.status()).toBe(201);

    // First the checks: families cannot see this profile yet.
    await page.goto('/carer-dashboard');
    await page.getByRole('tab', { name: 'Requests' }).click();
    await page.getByText(CARE_REQUEST_MESSAGES.needsChecks).waitFor();

    await approveChecksByApi(page, suite.server().baseUrl);
    await page.goto('/carer-dashboard');
    await page.getByRole('tab', { name: 'Requests' }).click();
    await page.getByText(CARE_REQUEST_MESSAGES.needsPlace).waitFor();
    await expectNoSidewaysScroll(page, '/carer-dashboard Requests tab without a place (mobile)');
    await expectNoAxeViolations(page, '/carer-dashboard Requests tab without a place (mobile)');
    await page.getByRole('button', { name: 'Go to your profile' }).click();
    const profileTab = page.getByRole('tab', { name: 'Profile' });
    await expectFocused(profileTab);
    expect(await profileTab.getAttribute('aria-selected')).toBe('true');
  });
});

describe('care request emails to carers', () => {
  it('lets a carer turn them off and on in Settings', async () => {
    const page = await open(MOBILE, DEMO_ACCOUNTS.carer);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Care request emails' });
    const box = section.getByRole('checkbox', { name: 'Email me about new care requests near me' });
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    await expectNoAxeViolations(page, '/settings care request emails (mobile)');
    await expectNoSidewaysScroll(page, '/settings (carer, 375 px)');
    await box.press('Space');
    await toastTitle(page, 'Email Preference Saved').waitFor();
    const saved = await page.request.get('/api/settings/request-alerts');
    expect(await saved.json()).toEqual({ on: false });
    await page.reload();
    await section.getByRole('checkbox', { name: 'Email me about new care requests near me' }).waitFor();
    expect(await section.getByRole('checkbox').isChecked()).toBe(false);
    await section.getByRole('checkbox').press('Space');
    await toastTitle(page, 'Email Preference Saved').waitFor();
    expect(await (await page.request.get('/api/settings/request-alerts')).json()).toEqual({ on: true });
  });

  it('is not offered to a family', async () => {
    const page = await open(DESKTOP, DEMO_ACCOUNTS.family);
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Carer search' }).waitFor();
    expect(await page.getByRole('region', { name: 'Care request emails' }).count()).toBe(0);
  });
});

describe('a double click on "Post care request" (decision 0033)', () => {
  it('posts one request', async () => {
    const page = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    const unique = `Dad is 90 and needs help with lunch and a walk on Fridays, double-click check ${Date.now()}.`;
    const mine = async () =>
      (
        (await (await page.request.get('/api/care-requests/mine')).json()) as {
          items: { description: string }[];
        }
      ).items.filter((item) => item.description === unique).length;
    await page.goto('/care-requests');
    await page.getByRole('heading', { name: 'Care Requests', level: 1 }).waitFor();
    await page.getByLabel('Who needs care?').selectOption('My father');
    await page.getByLabel('Type of care').selectOption('Elderly Care');
    await page.getByLabel('Postcode where care is needed').fill('LS8 1AB');
    await page.getByLabel('Start date').fill(dateIn(7));
    await page.getByLabel('Friday afternoon').check();
    await page.getByLabel('Hours of care a week').fill('3');
    await page.getByLabel('Hourly budget from (£)').fill('16');
    await page.getByLabel('Hourly budget to (£)').fill('22');
    await page.getByLabel('Describe the care needed').fill(unique);
    await page.getByRole('button', { name: 'Post care request' }).dblclick();
    await toastTitle(page, CARE_REQUEST_MESSAGES.postedTitle).waitFor();
    await page
      .locator('[data-testid="own-care-request"]')
      .filter({ hasText: 'double-click check' })
      .waitFor();
    expect(await mine()).toBe(1);
    expect(
      await page
        .locator('[data-testid="own-care-request"]')
        .filter({ hasText: 'double-click check' })
        .count(),
    ).toBe(1);
  });
});
