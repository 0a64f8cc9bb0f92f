import { describe, expect, it } from 'vitest';
import { CUSTOMER_BENEFITS } from '@contracts/pricing';
import { PLAN_KEY_TERMS } from '@contracts/subscriptions';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';

const { open } = useE2ESuite();

describe('pricing page', () => {
  it('shows the 3-Month Access plan, its features and every link the first brief named', async () => {
    const page = await open();
    await page.goto('/pricing');
    await page.getByRole('heading', { name: 'Simple, Transparent Pricing', level: 1 }).waitFor();
    await page.getByRole('heading', { name: '3-Month Access' }).waitFor();
    await page.getByText('£49', { exact: true }).waitFor();
    await page.getByText('One-time payment, no recurring fees.').waitFor();
    // The three family plans side by side, in one place.
    const plans = page.getByRole('list', { name: 'Plans' }).getByRole('listitem');
    expect(await plans.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      '3-Month Access',
      'Monthly Plan',
      'Annual Plan',
    ]);
    // Each plan's key terms before paying: price, length, renewal, cancelling, cooling-off.
    for (const [plan, label] of [
      ['three_month', '3-Month Access'],
      ['monthly', 'Monthly Plan'],
      ['annual', 'Annual Plan'],
    ] as const) {
      const terms = page.getByRole('region', { name: `Key terms of the ${label}` });
      for (const text of Object.values(PLAN_KEY_TERMS[plan])) await terms.getByText(text).waitFor();
    }
    for (const [price, period] of [
      ['£49', 'for 3 months'],
      ['£10', '/month'],
      ['£100', '/year'],
    ] as const) {
      await plans.getByText(price, { exact: true }).waitFor();
      await plans.getByText(period, { exact: true }).waitFor();
    }
    await plans.getByText('Billed monthly, cancel anytime').waitFor();
    await plans.getByText('Best Value - Save £20').waitFor();
    const tops = await plans.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
    expect(new Set(tops).size, 'the three plans sit in one row at desktop').toBe(1);
    // A visitor registers as a family, then lands on the chosen plan's checkout (chosen once).
    for (const [name, checkout] of [
      ['Choose 3-Month Access', '/subscription'],
      ['Choose Monthly Plan', '/subscribe?plan=monthly'],
      ['Choose Annual Plan', '/subscribe?plan=annual'],
    ] as const) {
      expect(await page.getByRole('link', { name }).getAttribute('href')).toBe(
        `/register?as=customer&returnTo=${encodeURIComponent(checkout)}`,
      );
    }
    const features = await page
      .getByRole('list', { name: 'What is included' })
      .getByRole('listitem')
      .allTextContents();
    expect(features).toEqual([...CUSTOMER_BENEFITS]);
    for (const [name, href] of [
      ['Sign Up & Subscribe', '/register?as=customer&returnTo=%2Fpricing'],
      ['Sign in here', '/api/login?returnTo=%2Fpricing'],
      ['Get Started Today', '/register?returnTo=%2Fpricing'],
    ] as const) {
      expect(await page.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
    }
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    for (const reason of ['Verified Carers', 'Expert Care', 'Easy Search']) {
      await page.getByRole('heading', { name: reason }).waitFor();
    }
    await page.getByText(/DBS checks/).waitFor();
  });

  // At 375 px, where most families use the site and layouts are tightest: the page shows the same
  // elements at desktop (its content is checked there, above).
  it('has no axe violations (mobile)', async () => {
    const page = await open(MOBILE);
    await page.goto('/pricing');
    await page.getByRole('heading', { name: 'Get Started Today' }).waitFor();
    await expectNoAxeViolations(page, '/pricing (mobile)');
    // The three plans stack, within the phone's width.
    const tops = await page
      .getByRole('list', { name: 'Plans' })
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
    expect(tops).toHaveLength(3);
    expect(tops[0]! < tops[1]! && tops[1]! < tops[2]!).toBe(true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, '/pricing scrolls sideways at 375 px').toBeLessThanOrEqual(0);
  });

  it('tells a signed-in family which plan they have, in the same words as their other pages', async () => {
    const page = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    await page.goto('/pricing');
    await page
      .getByText(/^Your plan: Annual Plan \(£100\/year\), active until \d{1,2} [A-Z][a-z]+ \d{4}\./)
      .waitFor();
    expect(await page.getByRole('link', { name: 'Manage your plan' }).getAttribute('href')).toBe(
      '/subscribe',
    );
  });
});

describe('signed-in home', () => {
  it('shows a subscriber the tiles, the active status with its expiry, and quick tips', async () => {
    const page = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome back, Sam!', level: 1 }).waitFor();
    await page.getByText('Find the perfect care for your family.').waitFor();
    const tiles = page.getByRole('list', { name: 'Shortcuts' });
    expect(await tiles.getByRole('listitem').allTextContents()).toEqual([
      'Browse Carers',
      'Messages',
      'Care arrangements',
      'Reviews',
    ]);
    // The Messages tile goes to the inbox, Bookings to My care; Reviews has no page.
    expect(await tiles.getByRole('link').count()).toBe(3);
    expect(await tiles.getByRole('link', { name: 'Care arrangements' }).getAttribute('href')).toBe(
      '/my-care',
    );
    expect(await tiles.getByRole('link', { name: 'Browse Carers' }).getAttribute('href')).toBe(
      '/customer-dashboard',
    );
    expect(await tiles.getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe('/messages');
    await page.getByRole('heading', { name: 'Your Subscription' }).waitFor();
    await page.getByText('Active Subscription').waitFor();
    await page.getByText(/^Access expires: \d{2}\/\d{2}\/\d{4}$/).waitFor();
    await page.getByRole('heading', { name: 'Quick Tips' }).waitFor();
    await expectNoAxeViolations(page, 'signed-in home (subscriber)');
  });

  it('shows a customer without a plan the way to subscribe', async () => {
    const page = await open(MOBILE, DEMO_ACCOUNTS.family);
    await page.goto('/');
    await page.getByText('No Active Subscription').waitFor();
    expect(await page.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscribe');
    await expectNoAxeViolations(page, 'signed-in home (no plan, mobile)');
  });

  it('shows a carer their tiles and profile status', async () => {
    const page = await open(DESKTOP, DEMO_ACCOUNTS.carer);
    await page.goto('/');
    await page.getByText('Manage your carer profile and connect with families.').waitFor();
    const tiles = page.getByRole('list', { name: 'Shortcuts' });
    expect(await tiles.getByRole('listitem').allTextContents()).toEqual([
      'My Profile',
      'Messages',
      'Care arrangements',
      'Reviews',
    ]);
    await page.getByRole('heading', { name: 'Your Profile Status' }).waitFor();
    expect(await page.getByRole('link', { name: 'Update Profile' }).getAttribute('href')).toBe(
      '/carer-dashboard',
    );
  });
});
