// Paying a carer by card, end to end in demo mode (decisions 0038 and 0039). The demo carer Grace
// sets up card payments from her dashboard (the demo onboarding page) and submits last week's
// timesheet on her phone (375 px); the subscribed family, on a desktop, approves it and pays the
// invoice by card on the pay page; Grace's invoice then shows the payment, CareMatch's 5% fee and
// the payout on its way to her bank. axe at 375 px and desktop on each screen of the journey.
import { describe, expect, it } from 'vitest';
import { visits as visitRows } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { arrangeWithGrace } from './support/grace-arrangement';
import { toastTitle } from './support/journeys';

const suite = useE2ESuite();
const open = suite.open;

describe('paying a carer by card (demo)', () => {
  it('Grace onboards and submits a week; the family approves and pays by card; Grace sees the payout and the fee', async () => {
    const family = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    const carer = await open(MOBILE, DEMO_ACCOUNTS.carer);

    // Card payments set up from the dashboard, through the demo stand-in for Stripe's onboarding.
    await carer.goto('/carer-dashboard');
    await carer.getByText(/CareMatch keeps 5% of each card payment; you keep 95%/).waitFor();
    await carer.getByRole('button', { name: 'Set up card payments' }).click();
    await carer.waitForURL('**/care-payments/demo-onboarding');
    await carer.getByRole('heading', { name: 'Set up card payments (demo)' }).waitFor();
    await carer.getByRole('button', { name: 'Finish setup' }).click();
    await carer.waitForURL('**/carer-dashboard');
    await carer.getByText('Ready', { exact: true }).waitFor();
    await expectNoAxeViolations(carer, 'the dashboard with card payments ready (375 px)');

    // An arrangement at £20 an hour and a three-hour visit that happened a week ago.
    const { arrangementId } = await arrangeWithGrace(family, carer, {
      message: 'Could you help my mum on Thursdays?',
      day: 'thursday',
      start: '10:00',
      end: '13:00',
      hourlyRate: '20.00',
      tasks: 'Lunch and a walk',
    });
    const startsAt = new Date(Math.floor(Date.now() / 60_000 - 7 * 24 * 60) * 60_000);
    const endsAt = new Date(startsAt.getTime() + 3 * 3_600_000);
    await suite
      .server()
      .database.db.insert(visitRows)
      .values({ arrangementId, startsAt, endsAt, checkedInAt: startsAt, checkedOutAt: endsAt });

    // Grace submits the week.
    await carer.goto('/timesheets');
    await carer
      .getByRole('region', { name: 'To submit' })
      .getByRole('link', { name: /^Week of / })
      .filter({ hasText: `For ${DEMO_ACCOUNTS.subscribed.firstName}` })
      .filter({ hasText: '£60.00' })
      .click();
    await carer.getByText('Total: 3 h 00 min of care, £60.00').waitFor();
    await carer.getByRole('button', { name: 'Submit to the family' }).click();
    await toastTitle(carer, 'Timesheet sent').waitFor();
    await carer.getByText('Waiting for approval', { exact: true }).waitFor();

    // The family approves it and pays the invoice by card.
    await family.goto('/timesheets');
    await family
      .getByRole('region', { name: 'To approve' })
      .getByRole('link', { name: /^Week of / })
      .filter({ hasText: '£60.00' })
      .click();
    await family.getByRole('button', { name: 'Approve' }).click();
    await toastTitle(family, 'Approved').waitFor();
    await family.getByRole('link', { name: 'See the invoice' }).click();
    const heading = family.getByRole('heading', { name: /^Invoice INV-\d+$/, level: 1 });
    await heading.waitFor();
    const reference = (await heading.textContent())!.replace('Invoice ', '');
    await family.getByText('To pay: £60.00').waitFor();
    await family.getByRole('link', { name: 'Pay by card' }).click();
    await family.getByRole('heading', { name: `Pay invoice ${reference}`, level: 1 }).waitFor();
    await expectNoAxeViolations(family, 'the pay page (desktop)');
    await family.getByRole('button', { name: 'Pay by card' }).click();
    await family.getByLabel('Card number').fill('4242 4242 4242 4242');
    await family.getByLabel('Expiry').fill('12 / 34');
    await family.getByLabel('CVC').fill('123');
    await expectNoAxeViolations(family, 'the demo card form (desktop)');
    await family.getByRole('button', { name: 'Pay £60.00' }).click();
    await family.getByText('Paid. Thank you: a receipt is on its way by email.').waitFor();
    await family.setViewportSize(MOBILE);
    await expectNoAxeViolations(family, 'the pay page once paid (375 px)');

    // Grace's invoice: paid by card, the fee (5% of £60.00) and the payout on its way.
    await carer.goto('/invoices');
    await carer.getByRole('link', { name: new RegExp(`^Invoice ${reference}`) }).click();
    await carer.getByRole('heading', { name: `Invoice ${reference}`, level: 1 }).waitFor();
    await carer.getByText(/^Paid by card, confirmed on /).waitFor();
    const receipt = carer.getByRole('region', { name: 'Card payment' });
    await expect.poll(() => receipt.getByText('£3.00', { exact: true }).count()).toBe(1);
    await receipt.getByText('£57.00', { exact: true }).waitFor();
    await receipt.getByText(/^On its way to your bank: £57\.00, arriving /).waitFor();
    // One axe check, at 375 px: the invoice has the same parts at every width.
    await expectNoAxeViolations(carer, 'a card-paid invoice with its payout (375 px)');
  }, 240_000);
});
