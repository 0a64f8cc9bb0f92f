// Timesheets and invoices (decision 0038). The subscribed family and the demo carer Grace have an
// accepted arrangement with a visit that happened last week. On her phone (375 px) Grace sets her
// invoicing and bank details, adds an expense to the week's timesheet and submits it; the family,
// on a desktop, approves it, opens the invoice, downloads its PDF and marks it paid by transfer;
// Grace confirms the payment. axe at 375 px and desktop on each new screen.
import { describe, expect, it } from 'vitest';
import { visits as visitRows } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { dateIn } from './support/uk-dates';
import { toastTitle } from './support/journeys';

const suite = useE2ESuite();
const open = suite.open;

describe('timesheets and invoices', () => {
  it('a carer submits a week, the family approves it and pays the invoice directly', async () => {
    const family = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    const carer = await open(MOBILE, DEMO_ACCOUNTS.carer);

    // The arrangement, made through the API (its own journey is arrangements.e2e.ts's).
    const carers = await family.request.get('/api/carers?limit=50');
    const grace = (
      (await carers.json()) as { items: Array<{ id: string; userId: string; firstName: string }> }
    ).items.find((item) => item.firstName === DEMO_ACCOUNTS.carer.firstName)!;
    const sent = await family.request.post('/api/messages', {
      data: { carerId: grace.id, receiverId: grace.userId, content: 'Could you help my dad on Tuesdays?' },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const { conversationId } = (await sent.json()) as { conversationId: string };
    const proposed = await family.request.post('/api/bookings', {
      data: {
        conversationId,
        startDate: dateIn(7),
        visits: [{ day: 'tuesday', start: '09:00', end: '11:00' }],
        hourlyRate: '18.00',
      },
    });
    expect(proposed.status(), await proposed.text()).toBe(201);
    const arrangementId = ((await proposed.json()) as { id: string }).id;
    const accepted = await carer.request.post(`/api/bookings/${arrangementId}/accept`);
    expect(accepted.status(), await accepted.text()).toBe(200);
    // A two-hour visit that happened a week ago (recording it is visit-notes.e2e.ts's).
    const startsAt = new Date(Math.floor(Date.now() / 60_000 - 7 * 24 * 60) * 60_000);
    const endsAt = new Date(startsAt.getTime() + 2 * 3_600_000);
    await suite
      .server()
      .database.db.insert(visitRows)
      .values({ arrangementId, startsAt, endsAt, checkedInAt: startsAt, checkedOutAt: endsAt });

    // Grace's invoicing and bank details.
    await carer.goto('/invoicing');
    await carer.getByRole('heading', { name: 'Invoicing details', level: 1 }).waitFor();
    await carer.getByLabel('Name or trading name (optional)').fill('Grace Care');
    await carer.getByLabel('Business address (optional)').fill('2 Station Road\nHarrogate HG1 1AA');
    await carer.getByLabel('Account name').fill('G Care');
    await carer.getByLabel('Sort code').fill('12-34-56');
    await carer.getByLabel('Account number').fill('1234567');
    await carer.getByRole('button', { name: 'Save invoicing details' }).click();
    await carer.getByText('Enter the account number as eight digits').waitFor();
    await expectNoAxeViolations(carer, 'invoicing details with an error (mobile)');
    await carer.getByLabel('Account number').fill('12345678');
    await carer.getByRole('button', { name: 'Save invoicing details' }).click();
    await toastTitle(carer, 'Saved').waitFor();

    // The week's timesheet, an expense added, submitted.
    await carer.getByRole('link', { name: 'Timesheets', exact: true }).click();
    const toSubmit = carer.getByRole('region', { name: 'To submit' });
    // Hers with this family (the demo data gives her other families' weeks too).
    await toSubmit
      .getByRole('link', { name: /^Week of / })
      .filter({ hasText: `For ${DEMO_ACCOUNTS.subscribed.firstName}` })
      .filter({ hasText: '£36.00' })
      .click();
    await carer.getByRole('heading', { name: /^Week of /, level: 1 }).waitFor();
    await carer.getByText('Total: 2 h 00 min of care, £36.00').waitFor();
    await expectNoAxeViolations(carer, 'a timesheet to submit (mobile)');
    await carer.getByRole('button', { name: 'Add an expense' }).click();
    const dialog = carer.getByRole('dialog', { name: 'Add an expense' });
    await dialog.getByLabel('Amount (£)').fill('4.20');
    await dialog.getByLabel('What it was for').fill('Milk and bread');
    await expectNoAxeViolations(carer, 'adding an expense (mobile)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await carer.getByText('Total: 2 h 00 min of care, £40.20').waitFor();
    await carer.getByRole('button', { name: 'Submit to the family' }).click();
    await toastTitle(carer, 'Timesheet sent').waitFor();
    await carer.getByText('Waiting for approval', { exact: true }).waitFor();

    // The family approves it.
    await family.goto('/timesheets');
    const toApprove = family.getByRole('region', { name: 'To approve' });
    const week = toApprove.getByRole('link', { name: /^Week of / }).filter({ hasText: '£40.20' });
    await week.waitFor();
    await expectNoAxeViolations(family, 'timesheets to approve (desktop)');
    await week.click();
    await family
      .getByRole('button', { name: /^Query / })
      .first()
      .waitFor();
    await expectNoAxeViolations(family, 'a timesheet to approve (desktop)');
    await family.getByRole('button', { name: 'Approve' }).click();
    await toastTitle(family, 'Approved').waitFor();
    await family.getByRole('link', { name: 'See the invoice' }).click();

    // The invoice: from Grace's trading name, her bank details, the PDF, paid by transfer.
    await family.getByRole('heading', { name: 'Invoice INV-0001', level: 1 }).waitFor();
    await family.getByText('Grace Care', { exact: true }).waitFor();
    await family.getByText('Not VAT registered').waitFor();
    await family.getByText('12345678').waitFor();
    await expectNoAxeViolations(family, 'an invoice to pay (desktop)');
    const [download] = await Promise.all([
      family.waitForEvent('download'),
      family.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('INV-0001.pdf');
    await family.getByRole('button', { name: 'I paid by bank transfer' }).click();
    const paid = family.getByRole('dialog', { name: 'Mark INV-0001 paid' });
    await paid.getByLabel('Payment reference (optional)').fill('DAD CARE');
    await paid.getByRole('button', { name: 'Mark as paid' }).click();
    await toastTitle(family, 'Marked as paid').waitFor();
    await family.setViewportSize(MOBILE);
    await expectNoAxeViolations(family, 'an invoice marked paid (mobile)');

    // Grace confirms the money arrived.
    await carer.goto('/invoices');
    await carer.getByRole('link', { name: /^Invoice INV-0001/ }).click();
    await carer.getByRole('button', { name: 'Confirm payment received' }).click();
    await toastTitle(carer, 'Payment confirmed').waitFor();
    await carer.getByText(/^Paid by bank transfer, confirmed on /).waitFor();
    // One axe check, at 375 px: the invoice has the same parts at every width.
    await expectNoAxeViolations(carer, 'a paid invoice (mobile)');
  });
});
