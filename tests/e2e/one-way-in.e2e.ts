import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CarerSearchResult } from '@contracts/carers';
import { PAID_TEXTS } from '@contracts/site-texts';
import { DEMO_CARDS } from '@contracts/subscriptions';
import { DESKTOP, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { fillCard, fillRegistration, openConfirmationLink } from './support/journeys';

/*
 * One way in, one plan chooser (product §2): a visitor on a carer's profile registers as a family
 * (not the sign-in page), confirms the email through the demo mailbox, is back on the profile,
 * chooses a plan once on /pricing, pays for it on its checkout and goes straight back to the carer.
 */
const { open } = useE2ESuite();

async function firstCarer(page: Page) {
  const response = await page.request.get('/api/carers?limit=1');
  return (await response.json()) as CarerSearchResult;
}

describe('from a carer’s profile to paying and back', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['375 px', MOBILE],
  ] as const) {
    it(`registers from the profile, chooses a plan once, pays and returns to the carer (${label})`, async () => {
      const page = await open(viewport);
      const carer = (await firstCarer(page)).items[0]!;
      const profile = `/carers/${carer.id}`;
      await page.goto(profile);

      // Registration, not "Welcome back", with the family's role already chosen.
      await page.getByRole('link', { name: 'Create an account' }).click();
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      expect(new URL(page.url()).searchParams.get('returnTo')).toBe(profile);
      expect(await page.getByLabel('Looking for care').isChecked()).toBe(true);
      if (viewport === MOBILE) await expectNoAxeViolations(page, 'register as a family (375 px)');

      const email = await fillRegistration(page, {
        firstName: 'Oonagh',
        lastName: 'Wayfarer',
        userType: 'customer',
      });
      // Demo mode: the way to the mailbox that holds the link.
      const mailbox = page.getByTestId('register-demo-mailbox').getByRole('link');
      expect(await mailbox.getAttribute('href')).toBe('/demo/mailbox');
      if (viewport === MOBILE) await expectNoAxeViolations(page, 'check your email (375 px)');

      await openConfirmationLink(page, email);
      await page.getByRole('link', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === profile);

      // The plans, chosen once: "Choose Monthly Plan" opens that plan's payment, not the plans again.
      await page.getByTestId('contact-area').getByRole('link', { name: 'Subscribe Now' }).click();
      await page.getByRole('heading', { name: 'Simple, Transparent Pricing' }).waitFor();
      await page.getByRole('link', { name: 'Choose Monthly Plan' }).click();
      await page.getByRole('heading', { name: 'Payment Details' }).waitFor();
      const checkout = new URL(page.url());
      expect([checkout.pathname, checkout.searchParams.get('plan')]).toEqual(['/subscribe', 'monthly']);
      expect(await page.getByRole('heading', { name: 'Choose Your Plan' }).count()).toBe(0);

      await fillCard(page, DEMO_CARDS.success);
      await page.getByRole('button', { name: 'Pay £10' }).click();

      const done = page.getByTestId('payment-done');
      await done.getByRole('heading', { name: PAID_TEXTS.title }).waitFor();
      if (viewport === MOBILE) await expectNoAxeViolations(page, 'paid, with the way back (375 px)');
      await done.getByRole('link', { name: PAID_TEXTS.backToCarer }).click();
      await page.waitForURL((url) => url.pathname === profile);
      await page.getByRole('button', { name: /^Contact / }).waitFor();
    });
  }

  it('comes back only to a same-site page: another site in returnTo is dropped', async () => {
    const page = await open(MOBILE);
    await page.goto(`/register?as=carer&returnTo=${encodeURIComponent('https://evil.example/')}`);
    expect(await page.getByLabel('Offering care as a carer').isChecked()).toBe(true);
    // The way to sign in keeps no foreign address either.
    const signIn = page.getByRole('link', { name: 'Sign in' });
    expect(await signIn.getAttribute('href')).toBe('/login');
    for (const evil of ['//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      await page.goto(`/register?returnTo=${encodeURIComponent(evil)}`);
      expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    }
  });

  it('takes "Get Started" to registration, and the footer to real pages', async () => {
    const page = await open(DESKTOP);
    await page.goto('/about');
    await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/about');
    for (const [link, heading] of [
      ['Respite Care', 'Respite Care'],
      ['Careers', 'Careers'],
      ['Press', 'Press'],
    ] as const) {
      await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await expectNoAxeViolations(page, `${link} page`);
    }
  });
});
