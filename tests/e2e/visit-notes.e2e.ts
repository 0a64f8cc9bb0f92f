// Visits that happened (decision 0024, "What we record"). The subscribed family and the demo carer
// Grace have an accepted arrangement; the family sets who the care is for and the note ticks; a
// visit is under way. On her phone (375 px) Grace checks in, then checks out with a note and two
// ticks; the family reads the note with its ticks on My care and replies; Grace sees the reply;
// the printable history has it. axe at 375 px and desktop on each new screen.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { visits as visitRows } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectFocused, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { arrangeWithGrace } from './support/grace-arrangement';
import { toastTitle } from './support/journeys';

const suite = useE2ESuite();
const open = suite.open;

const NOTE = 'Arthur was bright today. We walked to the park and he ate all his lunch.';
const REPLY = 'Thank you, Grace. Could you check his slippers next time?';

async function openScheduleTab(page: Page) {
  await page.goto('/carer-dashboard');
  await page.getByRole('tab', { name: 'Schedule' }).click();
  await page.getByRole('heading', { name: 'Visits', level: 2, exact: true }).waitFor();
}

describe('visits recorded', () => {
  it('a carer checks in and out with a note, the family reads it and replies', async () => {
    const family = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    const carer = await open(MOBILE, DEMO_ACCOUNTS.carer);

    const { arrangementId } = await arrangeWithGrace(family, carer, {
      message: 'Could you help my dad on Tuesdays?',
      day: 'tuesday',
      start: '09:00',
      end: '11:00',
      hourlyRate: '18.50',
      tasks: 'Lunch and a walk.',
    });

    // The family sets who the care is for, what the carer needs to know and the note ticks.
    await family.goto('/my-care');
    const card = family.locator('[data-testid="arrangement-card"]').filter({ hasText: 'Grace M.' });
    const detailsButton = card.getByRole('button', { name: 'Care details' });
    await detailsButton.click();
    const details = family.getByRole('dialog', { name: 'Care details' });
    await details.getByLabel('Who the care is for').fill('Dad — Arthur');
    await details.getByLabel('Notes the carer needs').fill('Key safe by the back door. The cat stays in.');
    await details.getByLabel('Quick ticks for visit notes').fill('Lunch\nWalk\nMedication prompted');
    await expectNoAxeViolations(family, 'care details (desktop)');
    await details.getByRole('button', { name: 'Save care details' }).click();
    await toastTitle(family, 'Care Details Saved').waitFor();
    await details.waitFor({ state: 'hidden' });
    await expectFocused(card.getByRole('heading', { name: 'Care arrangement with Grace M.' }));
    await card.getByText('Dad — Arthur').waitFor();

    // A visit under way: it started 20 minutes ago and lasts two hours.
    const startsAt = new Date(Math.floor(Date.now() / 60_000 - 20) * 60_000);
    await suite
      .server()
      .database.db.insert(visitRows)
      .values({ arrangementId, startsAt, endsAt: new Date(startsAt.getTime() + 2 * 3_600_000) });

    // Grace, on her phone: one tap to check in; the keyboard stays on the visit.
    await openScheduleTab(carer);
    // Hers with the family (the demo data gives her another family's visit today too).
    const visit = carer
      .locator('[data-testid="visit"]')
      .filter({ hasText: `With ${DEMO_ACCOUNTS.subscribed.firstName} O.` })
      .filter({ has: carer.getByRole('button', { name: /^Check in to the visit/ }) });
    await visit.waitFor();
    await expectNoAxeViolations(carer, 'schedule with a visit to check in to (mobile)');
    await visit.getByRole('button', { name: /^Check in to the visit/ }).click();
    await toastTitle(carer, 'Checked In').waitFor();
    const checkedIn = carer.locator('[data-testid="visit"]').filter({ hasText: 'Checked in at' });
    await checkedIn.waitFor();
    await expectFocused(checkedIn.locator('p').first());

    // Check-out opens the note, with the family's ticks.
    await checkedIn.getByRole('button', { name: /^Check out of the visit/ }).click();
    const form = checkedIn.getByRole('form', { name: /^Check out of the visit/ });
    const ticks = form.getByRole('group', { name: 'What was done' });
    await ticks.getByLabel('Lunch').check();
    await ticks.getByLabel('Walk').check();
    await form.getByLabel('Note for the family (optional)').fill(NOTE);
    await expectNoAxeViolations(carer, 'check-out with the note (mobile)');
    await form.getByRole('button', { name: 'Check out' }).click();
    await toastTitle(carer, 'Checked Out').waitFor();
    const done = carer.locator('[data-testid="visit"]').filter({ hasText: 'Note written.' });
    await done.getByText(/^Arrived \d\d:\d\d, left \d\d:\d\d\. Note written\.$/).waitFor();

    // The family reads the note and its ticks on My care, and replies.
    await family.goto('/my-care');
    const past = family.getByRole('region', { name: 'Visit history' });
    const item = past.locator('[data-testid="visit-history-item"]').filter({ hasText: NOTE });
    await item.waitFor();
    await item.getByText(/^Arrived \d\d:\d\d, left \d\d:\d\d$/).waitFor();
    const doneTicks = item.getByRole('list', { name: 'Done on this visit' });
    expect(await doneTicks.getByRole('listitem').allInnerTexts()).toEqual(['Lunch', 'Walk']);
    await item.getByText('Note from Grace M.').waitFor();
    await expectNoAxeViolations(family, 'my care with a visit note (desktop)');
    await item.getByLabel(/^Reply to the note/).fill(REPLY);
    await item.getByRole('button', { name: 'Send reply' }).click();
    await toastTitle(family, 'Reply Sent').waitFor();
    const replies = item.getByRole('list', { name: 'Replies' });
    await replies.getByText(REPLY).waitFor();
    await expectFocused(replies);

    await family.setViewportSize(MOBILE);
    await expectNoAxeViolations(family, 'my care with a visit note (mobile)');

    // The printable history has the visit, the note and the reply.
    await past.getByRole('link', { name: /^Full visit history with Grace M\./ }).click();
    await family.getByRole('heading', { name: 'Visit history', level: 1 }).waitFor();
    const printed = family.locator('[data-testid="visit-history-item"]').filter({ hasText: NOTE });
    await printed.getByText(REPLY).waitFor();
    await family.getByText('Dad — Arthur, with Grace M.').waitFor();
    await expectNoAxeViolations(family, 'visit history (mobile)');
    await family.setViewportSize(DESKTOP);
    await expectNoAxeViolations(family, 'visit history (desktop)');

    // Grace sees the family's reply under her note, named; she has no reply box.
    await openScheduleTab(carer);
    const hers = carer.locator('[data-testid="visit-history-item"]').filter({ hasText: NOTE });
    await hers.getByText(REPLY).waitFor();
    await hers.getByText(`${DEMO_ACCOUNTS.subscribed.firstName} O.:`).waitFor();
    expect(await hers.getByRole('button', { name: 'Send reply' }).count()).toBe(0);
  });
});
