import { describe, expect, it } from 'vitest';
import { CUSTOMER_BENEFITS } from '@contracts/pricing';
import { DESKTOP, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';

const { open } = useE2ESuite();

describe('pricing page', () => {
  it('shows the 3-Month Access plan, its features and every SPEC link', async () => {
    const page = await open();
    await page.goto('/pricing');
    await page.getByRole('heading', { name: 'Simple, Transparent Pricing', level: 1 }).waitFor();
    await page.getByRole('heading', { name: '3-Month Access' }).waitFor();
    await page.getByText('£49', { exact: true }).waitFor();
    await page.getByText('One-time payment, no recurring fees.').waitFor();
    const features = await page
      .getByRole('list', { name: 'What is included' })
      .getByRole('listitem')
      .allTextContents();
    expect(features).toEqual([...CUSTOMER_BENEFITS]);
    for (const name of ['Sign Up & Subscribe', 'Sign in here', 'Get Started Today']) {
      expect(await page.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(
        '/api/login',
      );
    }
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    for (const reason of ['Verified Carers', 'Expert Care', 'Easy Search']) {
      await page.getByRole('heading', { name: reason }).waitFor();
    }
    await page.getByText(/DBS checks/).waitFor();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`has no axe violations (${label})`, async () => {
      const page = await open(viewport);
      await page.goto('/pricing');
      await page.getByRole('heading', { name: 'Get Started Today' }).waitFor();
      await expectNoAxeViolations(page, `/pricing (${label})`);
    });
  }
});
