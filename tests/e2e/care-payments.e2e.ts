import { describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { registerByApi } from './support/journeys';

// Paying carers by card in demo mode (decision 0038): the carer's "Get paid by card" onboarding
// through the demo page, and the pay page of an invoice, checked with axe at 375 px and desktop.

const suite = useE2ESuite();
const open = suite.open;

describe('get paid by card (demo)', () => {
  it('onboards a carer from the dashboard through the demo page to ready', async () => {
    const carer = await open(MOBILE);
    await registerByApi(carer, { firstName: 'Nia', lastName: 'Roberts', userType: 'carer' });
    const created = await carer.request.post('/api/carers', {
      headers: { Accept: 'application/json' },
      data: {
        specialization: 'Elderly Care',
        experience: '6-10 years',
        location: `Machynlleth${Date.now()}`,
        hourlyRateMin: '18.50',
        hourlyRateMax: '24',
        description:
          'Experienced carer offering calm, practical support at home for older people and their families.',
        qualifications: ['Manual Handling'],
        availability: ['Weekdays'],
      },
    });
    expect(created.status()).toBe(201);

    await carer.goto('/carer-dashboard');
    await carer.getByText('Get paid by card').first().waitFor();
    await carer.getByText('Not set up', { exact: true }).waitFor();
    await carer.getByText(/CareMatch keeps 5% of each card payment; you keep 95%/).waitFor();
    await expectNoAxeViolations(carer, 'the get paid by card card (375 px)');
    await carer.getByRole('button', { name: 'Set up card payments' }).click();

    await carer.waitForURL('**/care-payments/demo-onboarding');
    await carer.getByRole('heading', { name: 'Set up card payments (demo)' }).waitFor();
    await expectNoAxeViolations(carer, 'the demo onboarding page (375 px)');
    await carer.getByRole('button', { name: 'Finish setup' }).click();

    await carer.waitForURL('**/carer-dashboard');
    await carer.getByText('Ready', { exact: true }).waitFor();
    expect(await carer.getByRole('button', { name: 'Set up card payments' }).count()).toBe(0);
  });

  it('tells a family plainly when an invoice cannot be found on the pay page', async () => {
    const family = await open(DESKTOP);
    await registerByApi(family, { firstName: 'Owen', lastName: 'Hughes', userType: 'customer' });
    await family.goto('/invoices/00000000-0000-4000-8000-000000000000/pay');
    await family.getByRole('heading', { name: 'Pay by card' }).waitFor();
    await family.getByRole('alert').getByText('Invoice not found.').waitFor();
    await expectNoAxeViolations(family, 'the pay page without an invoice (desktop)');
  });
});
