import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_BENEFITS } from '@contracts/pricing';
import { PAID_TEXTS, SUPPORT_TEXTS } from '@contracts/site-texts';
import { DEMO_CARDS, PLAN_KEY_TERMS, SUBSCRIPTION_MESSAGES } from '@contracts/subscriptions';
import { LISTING_MESSAGES } from '@contracts/verification';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { billingSubscriptions, carerProfiles, outboxEmails, users } from '../../src/server/db/schema';
import { loadConfig } from '../../src/server/config';
import { createSubscriptionEndingService } from '../../src/server/features/subscriptions/subscription-ending.service';
import type { Mailer } from '../../src/server/platform/mailer';
import { createDemoProvider } from '../../src/server/platform/payments/demo-provider';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { addCalendarMonths } from '../../src/server/platform/calendar';
import { formatLongDateGB } from '../../src/web/lib/format';
import { DESKTOP, expectFocused, expectNoAxeViolations, MOBILE } from './support/browser';
import { expectNoSidewaysScroll } from './support/carer-search';
import { useE2ESuite } from './support/e2e-suite';
import { approveChecksByApi, fillCard, futureExpiry, registerByApi, toastTitle } from './support/journeys';

const suite = useE2ESuite();
const open = suite.open;

const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Holds the POSTs to `path` until the returned function is called, so a pending state can be seen
 * for as long as the test looks at it (no fixed delay to wait out, none too short on a busy machine).
 */
async function holdPosts(page: Page, path: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.fallback();
  });
  return release;
}

/** A new customer, registered and signed in through the API (no test here is about registering). */
function newCustomer(page: Page, firstName: string) {
  return registerByApi(page, { firstName, lastName: 'Payer', userType: 'customer' });
}

/**
 * Starts and pays a Monthly plan for the customer signed in on `page` through the API, with the demo
 * success card, and waits until the server has switched it on: for tests whose subject comes after
 * paying (paying for a Monthly plan through /subscribe is 'starts, pays for, shows and cancels a
 * Monthly plan' below).
 */
async function monthlyPlanByApi(page: Page) {
  const started = await page.request.post('/api/subscribe', { data: { type: 'monthly' } });
  expect(started.status(), await started.text()).toBe(200);
  const { clientSecret } = (await started.json()) as { clientSecret: string };
  const paid = await page.request.post('/api/payments/demo/confirm', {
    data: { clientSecret, cardNumber: DEMO_CARDS.success, expiry: futureExpiry(), cvc: '123' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await expect
    .poll(async () => {
      const status = await page.request.get('/api/subscription/status');
      return ((await status.json()) as { hasActiveSubscription: boolean }).hasActiveSubscription;
    })
    .toBe(true);
}

/** dd/mm/yyyy (en-GB) → a Date. */
function parseGBDate(text: string): Date {
  const match = /(\d{2})\/(\d{2})\/(\d{4})/.exec(text);
  if (!match) throw new Error(`no en-GB date in "${text}"`);
  return new Date(Number(match[3]), Number(match[2]) - 1, Number(match[1]));
}

describe('checkout page (/subscription)', () => {
  it('takes a new customer from the spinner through a demo card payment to an active 3-Month plan', async () => {
    const page = await open();
    await newCustomer(page, 'Tamsin');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const releaseSetup = await holdPosts(page, '/api/create-subscription');
    await page.goto('/subscription');
    await page.getByRole('heading', { name: 'Subscribe to CareMatch', level: 1 }).waitFor();
    await page.getByRole('status', { name: 'Setting up your payment' }).waitFor();
    releaseSetup();

    await page.getByRole('heading', { name: '3-Month Access' }).waitFor();
    await page.getByText('£49', { exact: true }).waitFor();
    await page.getByText('per 3 months').waitFor();
    await page.getByText('One-time payment, no recurring fees.').waitFor();
    const features = await page
      .getByRole('list', { name: 'What is included' })
      .getByRole('listitem')
      .allTextContents();
    expect(features).toEqual([...CUSTOMER_BENEFITS]);
    const badges = await page
      .getByRole('list', { name: 'Your payment is safe' })
      .getByRole('listitem')
      .allTextContents();
    expect(badges).toEqual(['SSL secured', SUBSCRIPTION_MESSAGES.demoNotice, SUPPORT_TEXTS.badge]);
    await page.getByRole('heading', { name: 'Payment Details' }).waitFor();
    await page.getByText(new RegExp(`Test cards: ${DEMO_CARDS.success}`)).waitFor();
    // The demo provider never loads Stripe's code (at desktop here, at 375 px in the test below).
    expect(scripts.filter((url) => /stripe/i.test(url))).toEqual([]);

    const card = page.getByLabel('Card number', { exact: true });
    expect(await card.getAttribute('inputmode')).toBe('numeric');
    expect(await card.getAttribute('autocomplete')).toBe('cc-number');
    expect(await page.getByLabel('Expiry', { exact: true }).getAttribute('autocomplete')).toBe('cc-exp');
    expect(await page.getByLabel('CVC', { exact: true }).getAttribute('autocomplete')).toBe('cc-csc');
    // Light formatting as the card is typed.
    await card.pressSequentially('4242424242424242');
    expect(await card.inputValue()).toBe(DEMO_CARDS.success);
    await page.getByLabel('Expiry', { exact: true }).pressSequentially('1234');
    expect(await page.getByLabel('Expiry', { exact: true }).inputValue()).toBe('12 / 34');
    await page.getByLabel('CVC', { exact: true }).fill('123');

    const releasePayment = await holdPosts(page, '/api/payments/demo/confirm');
    await page.getByRole('button', { name: 'Subscribe Now - £49' }).click();
    await page.getByRole('button', { name: 'Processing...' }).waitFor();
    releasePayment();
    await toastTitle(page, SUBSCRIPTION_MESSAGES.paymentSuccessTitle).waitFor();
    await page.getByText(SUBSCRIPTION_MESSAGES.paymentSuccessDescription).first().waitFor();
    // Paid: the success stays on the page with the way on; the home page shows the plan.
    await page.getByTestId('payment-done').getByRole('link', { name: PAID_TEXTS.findCarer }).waitFor();
    await page.goto('/');

    await page.getByText('Active Subscription').waitFor();
    await page.getByText('Plan: 3-Month Access (£49)').waitFor();
    const expires = parseGBDate(await page.getByText(/^Access expires: /).innerText());
    const threeMonths = new Date();
    threeMonths.setMonth(threeMonths.getMonth() + 3);
    expect(Math.abs(expires.getTime() - threeMonths.getTime())).toBeLessThan(3 * 24 * 60 * 60 * 1000);
  });

  it('refuses a declined card with the provider’s message, keeps the form usable and the customer unsubscribed', async () => {
    const page = await open(MOBILE);
    await newCustomer(page, 'Declan');
    await page.goto('/subscription');
    await fillCard(page, DEMO_CARDS.declined);
    await page.getByRole('button', { name: 'Subscribe Now - £49' }).click();
    await toastTitle(page, SUBSCRIPTION_MESSAGES.paymentFailedTitle).waitFor();
    await page.getByText(SUBSCRIPTION_MESSAGES.cardDeclined).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/subscription');

    // Still usable: a mistyped card number gets its message beside the field, which takes the focus.
    await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4241');
    await page.getByRole('button', { name: 'Subscribe Now - £49' }).click();
    await page.getByText(SUBSCRIPTION_MESSAGES.cardNumberInvalid).waitFor();
    const card = page.getByLabel('Card number', { exact: true });
    expect(await card.getAttribute('aria-invalid')).toBe('true');
    await expectFocused(card);
    await expectNoAxeViolations(page, 'checkout with a field message (mobile)');

    await page.goto('/');
    await page.getByText('No Active Subscription').waitFor();
  });

  // axe once per screen state, at 375 px, where most families use the site and where layouts are
  // tightest: none of these states shows other elements at desktop (the other checks run at both).
  it('shows the plan and the payment form with no axe violations (mobile)', async () => {
    const page = await open(MOBILE, DEMO_ACCOUNTS.family);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Subscribe Now - £49' }).waitFor();
    await expectNoAxeViolations(page, 'checkout form (mobile)');
    // The demo provider never loads Stripe's code (at desktop: in the first test).
    expect(scripts.filter((url) => /stripe/i.test(url))).toEqual([]);
  });

  // Each state below is drawn once, at desktop, then resized to 375 px on the same page and checked
  // again there (the checks read the same elements at either width): no second page, sign-in and
  // load per width.
  it('shows the Payment Setup Error screen when the setup fails (desktop, then 375 px)', async () => {
    const page = await open(DESKTOP, DEMO_ACCOUNTS.family);
    await page.route('**/api/create-subscription', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Boom."}' }),
    );
    await page.goto('/subscription');
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await toastTitle(page, SUBSCRIPTION_MESSAGES.setupFailedTitle).waitFor();
      await page.getByText(SUBSCRIPTION_MESSAGES.setupFailedDescription).first().waitFor();
      await page.getByRole('heading', { name: SUBSCRIPTION_MESSAGES.setupErrorTitle }).waitFor();
      await page.getByText(SUBSCRIPTION_MESSAGES.setupErrorDescription).waitFor();
      expect(await page.getByText('Boom.').count()).toBe(0);
    }
    await expectNoAxeViolations(page, 'checkout setup error (mobile)');
  });

  it('asks a signed-out visitor to sign in, on both subscription pages (desktop, then 375 px)', async () => {
    const page = await open(DESKTOP);
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/(create-subscription|subscribe|subscription\/status)/.test(request.url())) {
        apiCalls.push(request.url());
      }
    });
    for (const [index, path] of ['/subscription', '/subscribe'].entries()) {
      await page.goto(path);
      // The page is opened at one width and checked at it, then at the other.
      const widths = index === 0 ? [DESKTOP, MOBILE] : [MOBILE, DESKTOP];
      for (const viewport of widths) {
        await page.setViewportSize(viewport);
        await page.getByRole('heading', { name: 'Sign In Required' }).waitFor();
        await page.getByText('Please sign in to access subscription options.').waitFor();
        // Signing in, or registering as a family, comes back to this checkout.
        expect(await page.getByRole('link', { name: 'Sign In', exact: true }).getAttribute('href')).toBe(
          `/api/login?returnTo=${encodeURIComponent(path)}`,
        );
        expect(await page.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
          `/register?as=customer&returnTo=${encodeURIComponent(path)}`,
        );
        if (viewport === MOBILE) await expectNoAxeViolations(page, `${path} signed out (mobile)`);
      }
    }
    expect(apiCalls).toEqual([]);
  });
});

describe('paying once (issue 21 point 4)', () => {
  /** A customer whose `type` plan runs for `days` more days (set in the database: no page moves the clock). */
  async function subscriberEndingIn(page: Page, firstName: string, days: number) {
    const email = await newCustomer(page, firstName);
    const expiresAt = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
    await suite
      .server()
      .database.db.update(users)
      .set({ subscriptionStatus: 'active', subscriptionType: 'annual', subscriptionExpiresAt: expiresAt })
      .where(eq(users.email, email));
    return expiresAt;
  }

  for (const [label, viewport] of VIEWPORTS) {
    it(`shows the paid plan, not an empty card form, on Back after paying; opening the checkout is no payment (${label})`, async () => {
      const page = await open(viewport);
      await newCustomer(page, 'Bartholomew');
      // Opened and left: nothing in the history.
      await page.goto('/subscription');
      await page.getByRole('button', { name: 'Subscribe Now - £49' }).waitFor();
      await page.goto('/subscribe');
      await page.getByRole('heading', { name: 'Choose Your Plan', level: 1 }).waitFor();

      await page.goto('/subscription');
      await fillCard(page, DEMO_CARDS.success);
      await page.getByRole('button', { name: 'Subscribe Now - £49' }).click();
      // Paid: the success on the page, and the way on (no carer to go back to: the search).
      await page.getByTestId('payment-done').getByRole('link', { name: PAID_TEXTS.findCarer }).waitFor();
      await page.reload();
      expect(new URL(page.url()).pathname).toBe('/subscription');
      await page.getByRole('heading', { name: 'Your access', exact: true }).waitFor();
      await page
        .getByText(/^Your 3-Month Access \(£49\/3 months\) is active until \d{1,2} [A-Z][a-z]+ \d{4}\.$/)
        .waitFor();
      // Far from its end: why there is nothing to pay, instead of a card form.
      await page.getByText(SUBSCRIPTION_MESSAGES.planStillActive).waitFor();
      expect(await page.getByLabel('Card number', { exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /Subscribe Now/ }).count()).toBe(0);
      if (viewport === MOBILE) {
        await expectNoAxeViolations(page, 'checkout with access (mobile)');
        await expectNoSidewaysScroll(page, 'checkout with access (375 px)');
      }

      await page.getByRole('link', { name: 'Manage your plan and payments' }).click();
      const history = page.getByRole('table', { name: 'Payment history' });
      await history.getByText('Paid', { exact: true }).waitFor();
      expect(await history.getByRole('row').count()).toBe(2); // the header and the one payment
      expect(await history.getByText('Pending', { exact: true }).count()).toBe(0);
    });

    it(`lets a subscriber near the end extend only by choosing it, with the new end date shown first (${label})`, async () => {
      const page = await open(viewport);
      const expiresAt = await subscriberEndingIn(page, 'Eulalia', 10);
      const newEnd = formatLongDateGB(addCalendarMonths(expiresAt, 3));
      await page.goto('/subscription');
      await page
        .getByText(`Your Annual Plan (£100/year) is active until ${formatLongDateGB(expiresAt)}.`)
        .waitFor();
      await page.getByRole('heading', { name: 'Extend your access' }).waitFor();
      await page.getByText(`Pay £49 once and your access runs until ${newEnd}.`).waitFor();
      expect(await page.getByLabel('Card number', { exact: true }).count()).toBe(0);
      if (viewport === MOBILE) {
        await expectNoAxeViolations(page, 'checkout offering an extension (mobile)');
        await expectNoSidewaysScroll(page, 'checkout offering an extension (375 px)');
      }

      await page.getByRole('button', { name: 'Extend with 3-Month Access' }).click();
      await page.getByRole('heading', { name: 'Payment Details' }).waitFor();
      await fillCard(page, DEMO_CARDS.success);
      await page.getByRole('button', { name: 'Extend Now - £49' }).click();
      await toastTitle(page, SUBSCRIPTION_MESSAGES.paymentSuccessTitle).waitFor();
      await page.getByText(`Your access now runs until ${newEnd}.`).first().waitFor();
      expect(await page.getByText(SUBSCRIPTION_MESSAGES.paymentSuccessDescription).count()).toBe(0);
      await page.getByText(`Your 3-Month Access (£49/3 months) is active until ${newEnd}.`).waitFor();
      expect(await page.getByLabel('Card number', { exact: true }).count()).toBe(0);
    });
  }

  it('offers the extension on /subscribe too, with each plan’s end date', async () => {
    const page = await open(MOBILE);
    const expiresAt = await subscriberEndingIn(page, 'Ignatius', 5);
    await page.goto('/subscribe');
    await page.getByRole('heading', { name: 'Active Subscription', level: 1 }).waitFor();
    await page.getByText('Annual (£100)').waitFor();
    const ways = page.getByRole('list', { name: 'Ways to extend' });
    await ways
      .getByText(
        `Pay £49 once and your access runs until ${formatLongDateGB(addCalendarMonths(expiresAt, 3))}.`,
      )
      .waitFor();
    await ways
      .getByText(
        `Pay £100 once and your access runs until ${formatLongDateGB(addCalendarMonths(expiresAt, 12))}.`,
      )
      .waitFor();
    await expectNoAxeViolations(page, '/subscribe offering an extension (mobile)');
    await expectNoSidewaysScroll(page, '/subscribe offering an extension (375 px)');
    await ways.getByRole('button', { name: 'Extend with Annual Plan' }).click();
    await page.getByRole('button', { name: 'Extend Now - £100' }).waitFor();
  });
});

describe('/subscribe', () => {
  it('starts, pays for, shows and cancels a Monthly plan', async () => {
    const page = await open();
    await newCustomer(page, 'Morwenna');
    await page.goto('/subscribe');
    await page.getByRole('heading', { name: 'Choose Your Plan', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Monthly Plan' }).waitFor();
    await page.getByText('£10', { exact: true }).waitFor();
    await page.getByText('/month', { exact: true }).waitFor();
    await page.getByText('Billed monthly, cancel anytime').waitFor();
    await page.getByRole('heading', { name: 'Annual Plan' }).waitFor();
    await page.getByText('£100', { exact: true }).waitFor();
    await page.getByText('/year', { exact: true }).waitFor();
    await page.getByText('Best Value - Save £20').waitFor();
    await page.getByText('One-time payment', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Get Annual Plan' }).waitFor();
    await expectNoAxeViolations(page, '/subscribe choose plan');

    const releaseStart = await holdPosts(page, '/api/subscribe');
    await page.getByRole('button', { name: 'Start Monthly Plan' }).click();
    await page.getByRole('button', { name: 'Processing...' }).waitFor();
    releaseStart();
    const paymentHeading = page.getByRole('heading', { name: 'Payment Details' });
    await paymentHeading.waitFor();
    await expectFocused(paymentHeading);
    await page.getByText(SUBSCRIPTION_MESSAGES.demoNotice).waitFor();
    // The Monthly plan's payment form is axe-checked at 375 px as 'the Monthly checkout (mobile)' in
    // tests/e2e/first-ten-minutes.e2e.ts (the same form, opened from /pricing).

    await fillCard(page, DEMO_CARDS.success);
    await page.getByRole('button', { name: 'Pay £10' }).click();
    await toastTitle(page, SUBSCRIPTION_MESSAGES.subscribeSuccessTitle).waitFor();
    await page
      .getByText(
        `${SUBSCRIPTION_MESSAGES.subscribeSuccessDescription} ${SUBSCRIPTION_MESSAGES.monthlyActivated}`,
      )
      .first()
      .waitFor();
    await page.getByRole('heading', { name: 'Active Subscription', level: 1 }).waitFor();
    await page.getByText('Monthly (£10)').waitFor();
    await page.getByText(/^Yes — next payment on \d{1,2} [A-Z][a-z]+ \d{4}$/).waitFor();
    expect(await page.getByRole('link', { name: 'Browse Carers' }).getAttribute('href')).toBe('/');
    const history = page.getByRole('table', { name: 'Payment history' });
    await history.getByRole('cell', { name: 'Monthly Plan' }).waitFor();
    await history.getByRole('cell', { name: '£10' }).waitFor();
    await history.getByText('Paid', { exact: true }).waitFor();
    await expectNoAxeViolations(page, '/subscribe active');

    // A renewing Monthly plan cannot be joined by a 3-Month one: the checkout shows the plan and
    // says why, with no card form and no payment started (decision 0027).
    const setups: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/create-subscription')) setups.push(request.url());
    });
    await page.goto('/subscription');
    await page.getByRole('heading', { name: 'Your access', exact: true }).waitFor();
    await page.getByText(/^Your Monthly Plan \(£10\/month\) is active until /).waitFor();
    await page.getByText(SUBSCRIPTION_MESSAGES.monthlyAlreadyRenews).waitFor();
    expect(await page.getByLabel('Card number', { exact: true }).count()).toBe(0);
    expect(setups).toEqual([]);
    await page.getByRole('link', { name: 'Manage your plan and payments' }).click();
    await page.getByRole('heading', { name: 'Active Subscription', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your Monthly Plan?' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, '/subscribe cancel dialog');
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await toastTitle(page, SUBSCRIPTION_MESSAGES.cancelledTitle).waitFor();
    await page.getByText(SUBSCRIPTION_MESSAGES.cancelledDescription).first().waitFor();
    await page.getByText(/^No — access until \d{1,2} [A-Z][a-z]+ \d{4}$/).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);

    await page.reload();
    await page.getByText(/^No — access until /).waitFor();
    await page.goto('/');
    await page.getByText('Plan: Monthly (£10)').waitFor();
  });

  it('toasts Subscription Failed with the server’s message when a plan cannot start', async () => {
    const page = await open(MOBILE, DEMO_ACCOUNTS.family);
    await page.route('**/api/subscribe', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: SUBSCRIPTION_MESSAGES.monthlyAlreadyRenews }),
      }),
    );
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Get Annual Plan' }).click();
    await toastTitle(page, SUBSCRIPTION_MESSAGES.subscribeFailedTitle).waitFor();
    await page.getByText(SUBSCRIPTION_MESSAGES.monthlyAlreadyRenews).first().waitFor();
    await page.getByRole('button', { name: 'Get Annual Plan' }).waitFor();
  });

  it('names the plan in the success toast after coming back from the payment provider’s page', async () => {
    // A card that needs the bank's page (3-D Secure) leaves the site and comes back with these.
    const page = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    await page.goto(
      '/subscribe?payment_intent=pi_x&payment_intent_client_secret=pi_x_secret_y&redirect_status=succeeded',
    );
    await toastTitle(page, SUBSCRIPTION_MESSAGES.subscribeSuccessTitle).waitFor();
    await page
      .getByText(
        `${SUBSCRIPTION_MESSAGES.subscribeSuccessDescription} ${SUBSCRIPTION_MESSAGES.annualActivated}`,
      )
      .first()
      .waitFor();
    // The provider's parameters are taken off the address.
    expect(new URL(page.url()).search).toBe('');
  });

  // axe at 375 px only (as above): the active plan shows the same elements at desktop. Drawn once,
  // at desktop, and checked again at 375 px on the same page.
  it('shows the demo subscriber their active Annual plan (desktop, then 375 px)', async () => {
    const page = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    await page.goto('/subscribe');
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await page.getByRole('heading', { name: 'Active Subscription', level: 1 }).waitFor();
      await page.getByText('Annual (£100)').waitFor();
      await page
        .getByText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/)
        .first()
        .waitFor();
      // Seeded as paid today: still in its cooling-off days, so it can be cancelled for a refund.
      await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();
      await page.getByRole('heading', { name: 'Payment history' }).waitFor();
    }
    await expectNoAxeViolations(page, '/subscribe active annual (mobile)');
  });
});

describe('ending a plan fairly', () => {
  /** The emails sent to `address` whose subject contains `subject` (waits for the outbox a moment). */
  async function emailsTo(address: string, subject: string) {
    const { db } = suite.server().database;
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const found = (await db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, address))).filter(
        (email) => email.subject.includes(subject),
      );
      if (found.length > 0) return found;
      await delay(100);
    }
    return [];
  }

  it('a subscriber cancels in two clicks from Settings and gets the email', async () => {
    const page = await open(MOBILE);
    const email = await newCustomer(page, 'Eirlys');
    await page.goto('/subscribe');
    // The key terms are on the plan before paying.
    const terms = page.getByRole('region', { name: 'Key terms of the Monthly Plan' });
    await terms.getByText(PLAN_KEY_TERMS.monthly.renewal).waitFor();
    await terms.getByText(PLAN_KEY_TERMS.monthly.coolingOff).waitFor();
    await monthlyPlanByApi(page);

    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Subscription' });
    await section.getByText(/^Renews automatically: the next payment is on /).waitFor();
    await expectNoAxeViolations(page, '/settings subscription (mobile)');
    // Click one.
    await section.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your Monthly Plan?' });
    await dialog.getByText(/You keep access until \d{1,2} [A-Z][a-z]+ \d{4}\./).waitFor();
    // Click two.
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await toastTitle(page, SUBSCRIPTION_MESSAGES.cancelledTitle).waitFor();
    await section
      .getByText(
        /^Cancelled: you keep access until \d{1,2} [A-Z][a-z]+ \d{4}\. Nothing more will be taken\.$/,
      )
      .waitFor();
    expect(await section.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);

    const [confirmation] = await emailsTo(email, 'Monthly Plan is cancelled');
    expect(confirmation?.bodyText).toContain('It will not renew and nothing more will be taken.');
    expect(confirmation?.bodyText).toMatch(/You keep access until \d{1,2} [A-Z][a-z]+ \d{4}\./);

    // The admin lists show how the plan ends.
    const admin = await open(DESKTOP, DEMO_ACCOUNTS.admin);
    await admin.goto('/admin-management');
    const card = admin.getByRole('table', { name: 'Customers' }).getByRole('row').filter({ hasText: email });
    await card.getByText(/^Cancelled until \d{1,2} [A-Z][a-z]{2} \d{4}$/).waitFor();
  });
});

describe('the renewal reminder’s cancel link', () => {
  it('opens signed out, shows the plan with a button, and cancels only when it is pressed', async () => {
    // The payer's plan through the API, then their session cookie goes: the page opens the link
    // signed out, as from an email on another device.
    const page = await open(MOBILE);
    const email = await newCustomer(page, 'Heledd');
    await monthlyPlanByApi(page);
    await page.context().clearCookies();

    // The link the reminder carries, made by the server's own code (the reminder is housekeeping's).
    const { db } = suite.server().database;
    const [account] = await db.select().from(users).where(eq(users.email, email));
    const [subscription] = await db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, account!.id));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const ending = createSubscriptionEndingService({
      db,
      provider: createDemoProvider({ secret: config.sessionSecret }),
      mailer: { dispatchSoon: () => undefined } as unknown as Mailer,
      log: { error: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger,
      secret: config.sessionSecret,
      publicUrl: config.publicUrl,
    });
    const link = new URL(ending.cancelLinkUrl(subscription!));

    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Cancel your Monthly Plan?', level: 1 }).waitFor();
    await page.getByText(/^It renews on \d{1,2} [A-Z][a-z]+ \d{4}\./).waitFor();
    // The token leaves the address bar at once.
    expect(new URL(page.url()).search).toBe('');
    await expectNoAxeViolations(page, '/cancel-plan (mobile)');
    expect(
      (await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, subscription!.id)))[0]!
        .cancelAtPeriodEnd,
    ).toBe(false);

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('heading', { name: 'Monthly Plan cancelled', level: 1 }).waitFor();
    await page.getByText(/We have emailed you to confirm\.$/).waitFor();
    const [cancelled] = await db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, subscription!.id));
    expect(cancelled!.cancelAtPeriodEnd).toBe(true);
  });
});

describe('signed-in home status card (product §4 display rule)', () => {
  it('shows an active plan whose end date has passed as Expired, with the way to subscribe again', async () => {
    const page = await open(DESKTOP, DEMO_ACCOUNTS.family);
    const ended = new Date(Date.now() - 60 * 24 * 60 * 60 * 1000);
    ended.setUTCHours(12, 0, 0, 0);
    const endedGB = [ended.getUTCDate(), ended.getUTCMonth() + 1]
      .map((part) => String(part).padStart(2, '0'))
      .concat(String(ended.getUTCFullYear()))
      .join('/');
    // The server never leaves such a row for long; the browser is shown one to check the rule.
    // The web app's sign-in check.
    await page.route('**/api/auth/session', async (route) => {
      const response = await route.fetch();
      const { user } = (await response.json()) as { user: Record<string, unknown> };
      await route.fulfill({
        response,
        json: {
          user: {
            ...user,
            subscriptionStatus: 'active',
            subscriptionType: 'three_month',
            subscriptionExpiresAt: ended.toISOString(),
          },
        },
      });
    });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Your Subscription' }).waitFor();
    await page.getByText('Expired', { exact: true }).waitFor();
    await page.getByText('Plan: 3-Month Access (£49)').waitFor();
    await page.getByText(`Access ended: ${endedGB}`).waitFor();
    expect(await page.getByText('Active Subscription').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscribe');
    await expectNoAxeViolations(page, 'signed-in home (expired)');
  });
});

describe('carer membership', () => {
  /**
   * Registers a carer and creates their profile through the API, with the answers the signup form
   * would send (no test here is about registering or signing up: the signup form's journey to the
   * dashboard is tests/e2e/carers-profile.e2e.ts's), then opens their dashboard unless told not to;
   * answers the account's email.
   */
  async function newCarerWithProfile(
    page: Page,
    firstName: string,
    lastName: string,
    location: string,
    { approve = true, openDashboard = true } = {},
  ) {
    const email = await registerByApi(page, { firstName, lastName, userType: 'carer' });
    const created = await page.request.post('/api/carers', {
      data: {
        specialization: 'Companion Care',
        experience: '3-5 years',
        qualifications: ['Manual Handling'],
        location,
        homePostcode: 'SA19 6AA',
        travelMiles: '10',
        weeklyAvailability: { slots: ['saturday-morning'], liveIn: false, shortNotice: false },
        hourlyRateMin: '17',
        hourlyRateMax: '22',
        description:
          'Friendly companion carer for older people in the Tywi valley: shopping, appointments and company.',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    // Listed needs approved checks as well as a current period (decision 0026).
    if (approve) await approveChecksByApi(page, suite.server().baseUrl);
    if (openDashboard) await page.goto('/carer-dashboard');
    return email;
  }

  /** The dashboard shows the membership as one line; this opens its card. */
  async function openMembership(page: Page) {
    await page.getByRole('button', { name: /^Membership/, expanded: false }).click();
    await page.getByRole('heading', { name: 'Membership', exact: true }).waitFor();
  }

  it('shows a new carer their introductory period, then takes, shows and cancels the £29 membership', async () => {
    const page = await open();
    await newCarerWithProfile(page, 'Ffion', 'Pryce', 'Llandeilo, Carmarthenshire SA19', { approve: false });
    await openMembership(page);
    // Before her checks are approved the period does not list her, and the card says so.
    await page
      .getByText(
        new RegExp(
          `^Introductory period until \\d{1,2} [A-Z][a-z]+ \\d{4}\\. ${LISTING_MESSAGES.listedOnceApproved}$`,
        ),
      )
      .waitFor();
    await approveChecksByApi(page, suite.server().baseUrl);
    await page.reload();

    await openMembership(page);
    await page.getByText(/^Introductory period — listed until \d{1,2} [A-Z][a-z]+ \d{4}$/).waitFor();
    await page.getByText('Carer Membership: £29/month').waitFor();
    await page.getByText('Active', { exact: true }).first().waitFor(); // listed: the header badge
    await page.getByText('No payments yet.').waitFor();
    await expectNoAxeViolations(page, 'carer dashboard membership (introductory)');

    await page.getByRole('button', { name: 'Start Membership' }).click();
    await page.getByRole('heading', { name: 'Payment Details' }).waitFor();
    await expectNoAxeViolations(page, 'carer dashboard membership payment form');
    await fillCard(page, DEMO_CARDS.insufficientFunds);
    await page.getByRole('button', { name: 'Pay £29' }).click();
    await toastTitle(page, SUBSCRIPTION_MESSAGES.paymentFailedTitle).waitFor();
    await page.getByText(SUBSCRIPTION_MESSAGES.insufficientFunds).first().waitFor();

    await page.getByLabel('Card number', { exact: true }).fill(DEMO_CARDS.success);
    await page.getByRole('button', { name: 'Pay £29' }).click();
    await toastTitle(page, SUBSCRIPTION_MESSAGES.paymentSuccessTitle).waitFor();
    await page.getByText(/^Listed in search\. Next payment on \d{1,2} [A-Z][a-z]+ \d{4}$/).waitFor();
    const history = page.getByRole('table', { name: 'Membership payments' });
    await history.getByRole('cell', { name: 'Carer Membership' }).first().waitFor();
    await history.getByRole('cell', { name: '£29' }).first().waitFor();
    await history.getByText('Paid', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Cancel Membership' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your membership?' });
    await dialog.getByRole('button', { name: 'Cancel Membership' }).click();
    await toastTitle(page, 'Membership Cancelled').waitFor();
    await page.getByText(/^Membership cancelled — listed until \d{1,2} [A-Z][a-z]+ \d{4}$/).waitFor();
    await page.getByRole('button', { name: 'Renew Membership' }).waitFor();
    // Decision 0027: renewing while the paid month still runs says what it does before paying.
    await page
      .getByText(
        /^Your membership is paid until \d{1,2} [A-Z][a-z]+ \d{4} and will not renew\. Renewing now starts a new membership: you pay £29 today and it runs until \d{1,2} [A-Z][a-z]+ \d{4}; £29 is then taken each month until you cancel\.$/,
      )
      .waitFor();
    await expectNoAxeViolations(page, 'carer dashboard membership (cancelled)');
    await page.getByRole('button', { name: 'Renew Membership' }).click();
    await page.getByRole('heading', { name: 'Payment Details' }).waitFor();
    // Left without paying: the opened form is no payment.
    await page.getByRole('button', { name: 'Not Now' }).click();
    await page.reload();
    await openMembership(page);
    await page.getByRole('button', { name: 'Renew Membership' }).waitFor();
    expect(
      await page.getByRole('table', { name: 'Membership payments' }).getByRole('row').allInnerTexts(),
    ).toHaveLength(2); // the header and the one paid month
    expect(await page.getByText('Pending', { exact: true }).count()).toBe(0);
  });

  it('lets a carer cancel the membership in two clicks from Settings, confirmed by email', async () => {
    const page = await open(MOBILE);
    const email = await newCarerWithProfile(page, 'Sioned', 'Morgan', 'Llandovery, Carmarthenshire SA20');
    await openMembership(page);
    await page.getByRole('region', { name: 'Key terms of the Carer Membership' }).waitFor();
    await page.getByRole('button', { name: 'Start Membership' }).click();
    await fillCard(page, DEMO_CARDS.success);
    await page.getByRole('button', { name: 'Pay £29' }).click();
    await toastTitle(page, SUBSCRIPTION_MESSAGES.paymentSuccessTitle).waitFor();

    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Membership' });
    await section.getByText(/^Renews automatically: the next payment is on /).waitFor();
    await expectNoAxeViolations(page, '/settings membership (mobile)');
    await section.getByRole('button', { name: 'Cancel subscription' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel your membership?' })
      .getByRole('button', { name: 'Cancel subscription' })
      .click();
    await toastTitle(page, 'Membership Cancelled').waitFor();
    await section
      .getByText(/^Cancelled: your profile stays listed until \d{1,2} [A-Z][a-z]+ \d{4}\./)
      .waitFor();
    const { db } = suite.server().database;
    await expect
      .poll(async () =>
        (await db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email))).some((mail) =>
          mail.subject.includes('Carer Membership is cancelled'),
        ),
      )
      .toBe(true);
  });

  it('shows the demo carer’s membership card (mobile)', async () => {
    const page = await open(MOBILE, DEMO_ACCOUNTS.carer);
    await page.goto('/carer-dashboard');
    await openMembership(page);
    await page.getByText('Carer Membership: £29/month').waitFor();
    // This state (the demo carer's card opened at 375 px) is axe-checked as '/carer-dashboard
    // membership open (mobile)' in tests/e2e/carers-profile.e2e.ts.
  });

  it('hides a carer whose introductory period has ended from search until they pay the membership', async () => {
    const page = await open();
    const town = 'Tregaron';
    // Her dashboard is first opened once the period is over.
    const email = await newCarerWithProfile(page, 'Morfudd', 'Lloyd', `${town}, Ceredigion SY25`, {
      openDashboard: false,
    });
    // Thirty days on: the introductory period is over (no page can move the clock).
    const { db } = suite.server().database;
    const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await db
      .update(carerProfiles)
      .set({ listedUntil: new Date(Date.now() - 60_000) })
      .where(eq(carerProfiles.userId, account!.id));
    await suite.server().carersChanged();

    const visitor = await open();
    const searchFor = async () => {
      await visitor.goto(`/carers?location=${town}`);
      await visitor
        .getByRole('heading', { name: /^(No Carers Found|Morfudd Lloyd)$/ })
        .first()
        .waitFor();
    };
    await searchFor();
    expect(await visitor.getByRole('heading', { name: 'No Carers Found' }).count()).toBe(1);

    await page.goto('/carer-dashboard');
    await openMembership(page);
    await page.getByRole('button', { name: 'Start Membership' }).click();
    await fillCard(page, DEMO_CARDS.success);
    await page.getByRole('button', { name: 'Pay £29' }).click();
    await toastTitle(page, SUBSCRIPTION_MESSAGES.paymentSuccessTitle).waitFor();
    await page.getByText(/^Listed in search\. Next payment on /).waitFor();

    await searchFor();
    expect(await visitor.getByRole('heading', { name: 'Morfudd Lloyd' }).count()).toBe(1);
  });
});
