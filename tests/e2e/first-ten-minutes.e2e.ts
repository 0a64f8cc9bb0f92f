// A family's first ten minutes, as one story at 375 px and at desktop width: a postcode on the
// landing page, the results near it, a filter (the sheet on a phone, the side panel on a desktop),
// a carer's profile, the plans with the count of carers who match, "Sign Up & Subscribe" and back,
// paying and back at the carer; then the carer does not answer, a week passes on the server's
// subscriptions clock, and housekeeping's no-reply protection adds the days waited, with an email.
// Each step's own details are other files' (carers-phone, matching-carers, one-way-in, and
// tests/api/subscriptions-no-reply.test.ts for the rule itself).
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { describeMatchingCarers, MATCHING_CARERS_TEXT } from '@contracts/carers-search-text';
import type { MatchingCarers } from '@contracts/carers';
import { PAID_TEXTS, PRICING_TEXTS } from '@contracts/site-texts';
import { DEMO_CARDS, NO_REPLY_PROTECTION_DAYS, type SubscriptionStatus } from '@contracts/subscriptions';
import { formatLongDateGB } from '../../src/web/lib/format';
import { DESKTOP, expectFocused, expectNoAxeViolations, MOBILE } from './support/browser';
import { expectNoSidewaysScroll, resultsShown } from './support/carer-search';
import { useE2ESuite } from './support/e2e-suite';
import { fillCard, fillRegistration, openConfirmationLink, toastTitle } from './support/journeys';

const suite = useE2ESuite();
const open = suite.open;
const DAY_MS = 86_400_000;
const POSTCODE = 'LS6 3AB';

afterEach(() => suite.server().setClockAhead(0));

/** The family's access end as the server has it, once the plan's card on the page shows it ("Expires"). */
async function accessEnd(page: Page): Promise<{ at: number; shown: string }> {
  const status = (await (await page.request.get('/api/subscription/status')).json()) as SubscriptionStatus;
  const shown = formatLongDateGB(status.expiresAt!);
  await page
    .locator('dt', { hasText: 'Expires' })
    .locator('xpath=following-sibling::dd')
    .filter({ hasText: shown })
    .waitFor();
  return { at: new Date(status.expiresAt!).getTime(), shown };
}

describe('a family’s first ten minutes', () => {
  for (const [label, viewport] of [
    ['375 px', MOBILE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`finds carers near a postcode, signs up from the plans, pays, is back at the carer, and gets the days back when nobody replies (${label})`, async () => {
      const page = await open(viewport);
      // axe once per state, at 375 px (expectNoAxeViolationsAtPhoneWidth says why); at desktop only
      // the results with the side panel, which a phone does not draw.

      // 1. The landing page asks where care is needed, and goes straight to the carers near it.
      await page.goto('/');
      const box = page.getByRole('searchbox', { name: 'Where is care needed?' });
      await box.fill(POSTCODE);
      await page.getByRole('button', { name: 'Find Care Services' }).click();
      await page.waitForURL((url) => url.pathname === '/carers' && url.searchParams.get('near') === POSTCODE);
      await page.getByTestId('carer-distance').first().waitFor();
      await resultsShown(page);

      // 2. One filter: on a phone through the Filters sheet, on a desktop in the side panel.
      if (viewport === MOBILE) {
        const filtersButton = page.getByRole('button', { name: /^Filters/ });
        await filtersButton.click();
        const sheet = page.getByRole('dialog', { name: 'Filters' });
        await sheet.getByLabel('Days', { exact: true }).selectOption('weekdays');
        await page.waitForURL((url) => url.searchParams.get('day') === 'weekdays');
        await expectNoAxeViolations(page, `the Filters sheet (${label})`);
        await sheet.getByRole('button', { name: /^Show / }).click();
        await sheet.waitFor({ state: 'hidden' });
        await expectFocused(filtersButton);
      } else {
        await page.getByLabel('Days', { exact: true }).selectOption('weekdays');
        await page.waitForURL((url) => url.searchParams.get('day') === 'weekdays');
      }
      await page.getByRole('button', { name: 'Clear when filter' }).waitFor();
      await resultsShown(page);
      await expectNoSidewaysScroll(page, `/carers near ${POSTCODE} on weekdays (${label})`);
      await expectNoAxeViolations(page, `/carers near ${POSTCODE} on weekdays (${label})`);

      // 3. A carer's profile; a visitor sees what contacting costs before any account.
      const card = page.getByTestId('carer-card').first();
      await card.getByRole('link', { name: /^View profile of / }).click();
      await page.waitForURL(/\/carers\/[0-9a-f-]{36}$/);
      const profile = new URL(page.url()).pathname;
      await page.getByRole('heading', { name: 'Rates & Experience' }).waitFor();
      if (viewport === MOBILE) await expectNoAxeViolations(page, `a carer’s profile, signed out (${label})`);
      await page.getByTestId('contact-area').getByRole('link', { name: 'See plans and prices' }).click();

      // 4. The plans count the carers of the search the visitor came from.
      const expected = (await (
        await page.request.get(`/api/carers/matching?near=${encodeURIComponent(POSTCODE)}&day=weekdays`)
      ).json()) as MatchingCarers;
      expect(expected.count).toBeGreaterThan(0);
      const counted = page.getByRole('region', { name: MATCHING_CARERS_TEXT.heading });
      await page.getByRole('heading', { name: 'Simple, Transparent Pricing' }).waitFor();
      await counted.getByText(describeMatchingCarers(expected)).waitFor();
      if (viewport === MOBILE)
        await expectNoAxeViolations(page, `the plans with the count, signed out (${label})`);

      // 5. "Sign Up & Subscribe": registration as a family, and back to the plans after the email.
      await page.getByRole('link', { name: PRICING_TEXTS.signUp }).click();
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      expect(await page.getByLabel('Looking for care').isChecked()).toBe(true);
      const email = await fillRegistration(page, {
        firstName: 'Maureen',
        lastName: 'Firstweek',
        userType: 'customer',
      });
      if (viewport === MOBILE) await expectNoAxeViolations(page, `check your email (${label})`);
      await openConfirmationLink(page, email);
      await page.getByRole('link', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/pricing');
      await counted.getByText(describeMatchingCarers(expected)).waitFor();
      if (viewport === MOBILE)
        await expectNoAxeViolations(page, `the plans with the count, signed in (${label})`);

      // 6. One plan chosen, paid for, and straight back to the carer.
      await page.getByRole('link', { name: 'Choose Monthly Plan' }).click();
      await page.getByRole('heading', { name: 'Payment Details' }).waitFor();
      if (viewport === MOBILE) await expectNoAxeViolations(page, `the Monthly checkout (${label})`);
      await fillCard(page, DEMO_CARDS.success);
      await page.getByRole('button', { name: 'Pay £10' }).click();
      const done = page.getByTestId('payment-done');
      await done.getByRole('heading', { name: PAID_TEXTS.title }).waitFor();
      if (viewport === MOBILE) await expectNoAxeViolations(page, `paid, with the way back (${label})`);
      const before = await accessEnd(page);
      await done.getByRole('link', { name: PAID_TEXTS.backToCarer }).click();
      await page.waitForURL((url) => url.pathname === profile);

      // 7. The family writes to the carer; nobody answers.
      await page
        .getByTestId('contact-area')
        .getByRole('button', { name: /^Contact / })
        .click();
      const dialog = page.getByRole('dialog', { name: /^Send Message to / });
      await dialog
        .getByLabel('Message')
        .fill('Hello, my mother in Headingley needs help on weekday mornings. Are you free?');
      if (viewport === MOBILE) await expectNoAxeViolations(page, `the message to the carer (${label})`);
      await dialog.getByRole('button', { name: 'Send Message' }).click();
      await toastTitle(page, 'Message Sent').waitFor();

      // 8. A week on, housekeeping's no-reply protection adds the days waited, and says so by email.
      suite.server().setClockAhead(NO_REPLY_PROTECTION_DAYS + 0.1);
      expect(await suite.server().runNoReplyProtection()).toBeGreaterThanOrEqual(1);
      await page.goto('/subscribe');
      await page.getByRole('heading', { name: 'Active Subscription', level: 1 }).waitFor();
      const after = await accessEnd(page);
      expect(after.at).toBe(before.at + NO_REPLY_PROTECTION_DAYS * DAY_MS);
      expect(after.shown).not.toBe(before.shown);
      // The added days are free: the next payment stays at the end of the month paid for.
      await page.getByText(`Yes — next payment on ${before.shown}`).waitFor();
      if (viewport === MOBILE) await expectNoAxeViolations(page, `the plan, extended (${label})`);
      if (viewport === MOBILE) {
        // Settings says the same (once: the words are the same at any width).
        await page.goto('/settings');
        await page
          .getByRole('region', { name: 'Subscription' })
          .getByText(
            `Renews automatically: the next payment is on ${before.shown}. Your access runs until ${after.shown}.`,
          )
          .waitFor();
      }
      await page.goto('/demo/mailbox');
      const sent = page
        .getByTestId('demo-mailbox-email')
        .filter({ hasText: email })
        .filter({
          has: page.getByRole('heading', {
            name: `No carer replied yet: we added ${NO_REPLY_PROTECTION_DAYS} days to your CareMatch access`,
          }),
        });
      await sent.getByText(/Your access now lasts until: \d{1,2} [A-Z][a-z]+ \d{4}/).waitFor();
      await sent
        .getByText(/Your next payment is still on \d{1,2} [A-Z][a-z]+ \d{4}: the added days are free\./)
        .waitFor();
      if (viewport === MOBILE)
        await expectNoAxeViolations(page, `the demo mailbox with the email (${label})`);
    });
  }
});
