// Care arrangements (decision 0024). The subscribed family posts a care request, the demo carer Grace
// answers it, and from the conversation that opens the family proposes (the form starts from the
// request: its mornings, start date and budget) Tuesdays and Thursdays
// 09:00–12:00 (mistakes shown beside their fields first); Grace
// accepts in the thread; both see the visits (My care, the dashboard's Schedule tab); Grace says
// she is running late and the family's open page shows it; the calendar feed from Settings parses
// with a real iCalendar parser and has the visits. axe at desktop and 375 px on every new screen.
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ARRANGEMENT_MESSAGES } from '@contracts/arrangements';
import { visits as visitRows } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectFocused, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { dateIn } from './support/uk-dates';
import { toastTitle } from './support/journeys';

const suite = useE2ESuite();
const open = suite.open;

/** Marks this file's care request among the demo ones near Roundhay. */
const REQUEST_MARK = 'Arrangements journey';
const TASKS = 'Help getting up, washed and dressed; a light breakfast; a short walk if the weather is fine.';
const NOTE = 'Traffic on the ring road, about 15 minutes';

async function expectNoSidewaysScroll(page: Page, label: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `sideways scroll on ${label}`).toBeLessThanOrEqual(widths.client);
}

type VisitItem = { id: string; startsAt: string; date: string; start: string; partnerName: string };

async function visitsOf(page: Page): Promise<VisitItem[]> {
  const response = await page.request.get('/api/visits?days=28');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: VisitItem[] }).items;
}

async function openScheduleTab(page: Page) {
  await page.goto('/carer-dashboard');
  await page.getByRole('tab', { name: 'Schedule' }).click();
  await page.getByRole('heading', { name: 'Visits', level: 2 }).waitFor();
}

describe('care arrangements', () => {
  it('a family proposes, the carer accepts, both see the visits, a notice reaches the family, and the calendar feed has them', async () => {
    // One family's story (the feature's acceptance): the subscribed family posts a care request near
    // Roundhay (the request form itself is care-requests.e2e.ts's); Grace, nearby, sees it in her
    // Requests tab and answers, which opens their conversation; the family proposes from it.
    const family = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    const posted = await family.request.post('/api/care-requests', {
      data: {
        recipient: 'My mother',
        careType: 'Elderly Care',
        postcode: 'LS8 2QR',
        startDate: dateIn(7),
        pattern: { slots: ['tuesday-morning', 'thursday-morning'] },
        hoursPerWeek: 6,
        budgetMin: '17',
        budgetMax: '21',
        description: `${REQUEST_MARK}: Mum needs help getting up, washed and dressed on Tuesday and Thursday mornings.`,
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);

    const carer = await open(DESKTOP, DEMO_ACCOUNTS.carer);
    await carer.goto('/carer-dashboard');
    await carer.getByRole('tab', { name: 'Requests' }).click();
    const offer = carer.locator('[data-testid="nearby-care-request"]').filter({ hasText: REQUEST_MARK });
    await offer.getByRole('button', { name: 'Answer' }).click();
    await offer
      .getByLabel('Your answer')
      .fill('Hello, I live in Roundhay and I am free on Tuesday and Thursday mornings.');
    await offer.getByRole('button', { name: 'Send answer' }).click();
    const conversationLink = offer.getByRole('link', { name: 'Open the conversation' });
    await conversationLink.waitFor();
    const conversationId = (await conversationLink.getAttribute('href'))!.split('/').pop()!;

    // At 375 px first. The form starts from the request Grace answered here: its two mornings
    // (07:00 to 12:00, the grid's morning), its start date and the top of its budget.
    await family.setViewportSize(MOBILE);
    await family.goto(`/messages/${conversationId}`);
    await family.getByRole('log').getByText('I am free on Tuesday and Thursday mornings').waitFor();
    const proposeButton = family.getByRole('button', { name: 'Propose care arrangement' });
    await proposeButton.click();
    const dialog = family.getByRole('dialog', { name: 'Propose a care arrangement' });
    const startDate = dialog.getByLabel('Start date');
    await expectFocused(startDate);
    expect(await startDate.inputValue()).toBe(dateIn(7));
    const visit1 = dialog.getByRole('group', { name: 'Visit 1' });
    const visit2 = dialog.getByRole('group', { name: 'Visit 2' });
    const rowOf = async (row: typeof visit1) => [
      await row.getByLabel('Day').inputValue(),
      await row.getByLabel('Starts at').inputValue(),
      await row.getByLabel('Ends at').inputValue(),
    ];
    expect(await rowOf(visit1)).toEqual(['tuesday', '07:00', '12:00']);
    expect(await rowOf(visit2)).toEqual(['thursday', '07:00', '12:00']);
    expect(await dialog.getByRole('group', { name: 'Visit 3' }).count()).toBe(0);
    expect(await dialog.getByLabel('Hourly rate (£)').inputValue()).toBe('21');
    await expectNoSidewaysScroll(family, 'proposal form filled from the request (mobile)');
    await expectNoAxeViolations(family, 'proposal form filled from the request (mobile)');
    // Everything can still be changed: a mistake shows beside its field; Cancel gives the button back.
    await startDate.fill('');
    await dialog.getByRole('button', { name: 'Send proposal' }).click();
    await dialog.getByText(ARRANGEMENT_MESSAGES.startDateRequired).waitFor();
    await expectNoSidewaysScroll(family, 'proposal form with errors (mobile)');
    await expectNoAxeViolations(family, 'proposal form with errors (mobile)');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectFocused(proposeButton);

    await family.setViewportSize(DESKTOP);
    await proposeButton.click();
    await dialog.waitFor();
    await expectFocused(startDate);
    // Opened again, it starts from the request again.
    expect(await startDate.inputValue()).toBe(dateIn(7));
    await expectNoAxeViolations(family, 'proposal form (desktop)');

    // Emptied and sent: each mistake beside its field, the first one focused.
    await startDate.fill('');
    await dialog.getByRole('button', { name: 'Remove visit 2' }).click();
    await visit1.getByLabel('Day').selectOption('');
    await dialog.getByLabel('Hourly rate (£)').fill('');
    await dialog.getByRole('button', { name: 'Send proposal' }).click();
    await expectFocused(startDate);
    await dialog.getByText(ARRANGEMENT_MESSAGES.startDateRequired).waitFor();
    await visit1.getByText(ARRANGEMENT_MESSAGES.dayRequired).waitFor();
    expect(await visit1.getByLabel('Day').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByText(ARRANGEMENT_MESSAGES.rateFormat).waitFor();
    // Its axe check is the phone's, above: the same dialog, stacked.

    // Tuesdays and Thursdays 09:00–12:00 from a week today.
    await startDate.fill(dateIn(7));
    await visit1.getByLabel('Day').selectOption('tuesday');
    await visit1.getByLabel('Starts at').fill('09:00');
    await visit1.getByLabel('Ends at').fill('12:00');
    await dialog.getByRole('button', { name: 'Add a visit' }).click();
    await expectFocused(visit2.getByLabel('Day'));
    await visit2.getByLabel('Day').selectOption('thursday');
    await visit2.getByLabel('Starts at').fill('09:00');
    // An end before the start is refused beside that field.
    await visit2.getByLabel('Ends at').fill('08:00');
    await dialog.getByLabel('Hourly rate (£)').fill('18.50');
    await dialog.getByLabel('Tasks').fill(TASKS);
    await dialog.getByRole('button', { name: 'Send proposal' }).click();
    await expectFocused(visit2.getByLabel('Ends at'));
    await visit2.getByText(ARRANGEMENT_MESSAGES.endBeforeStart).waitFor();
    await visit2.getByLabel('Ends at').fill('12:00');
    await dialog.getByRole('button', { name: 'Send proposal' }).click();
    await toastTitle(family, 'Arrangement Proposed').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const familyCard = family.locator('[data-testid="arrangement-card"]');
    await expectFocused(familyCard.getByRole('heading', { name: /^Care arrangement with Grace/ }));
    await familyCard.getByText(/^Waiting for Grace .* to answer\.$/).waitFor();
    await familyCard.getByText('Tuesdays and Thursdays 09:00–12:00 (6 hours a week, UK time)').waitFor();
    await familyCard.getByText('£18.50 an hour, paid to the carer directly').waitFor();
    expect(await familyCard.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    expect(await family.getByRole('button', { name: 'Propose care arrangement' }).count()).toBe(0);
    // The step is also a message in the conversation.
    await expectNoAxeViolations(family, 'thread with a proposal (desktop)');

    // Grace answers from the thread.
    await carer.goto(`/messages/${conversationId}`);
    const carerCard = carer.locator('[data-testid="arrangement-card"]');
    await carerCard.getByText(/^Waiting for your answer/).waitFor();
    await carerCard.getByText(TASKS).waitFor();
    await expectNoAxeViolations(carer, 'thread with a proposal to answer (desktop)');
    await carerCard.getByRole('button', { name: 'Decline' }).click();
    const decline = carer.getByRole('dialog', { name: 'Decline this proposal?' });
    await decline.getByRole('button', { name: 'Decline proposal' }).click();
    await decline.getByText(ARRANGEMENT_MESSAGES.reasonRequired).waitFor();
    await expectNoAxeViolations(carer, 'decline dialog with an error (desktop)');
    await decline.getByRole('button', { name: 'Keep the proposal' }).click();
    await carerCard.getByRole('button', { name: 'Accept' }).click();
    await toastTitle(carer, 'Arrangement Accepted').waitFor();
    await carerCard.getByText(/^Agreed with /).waitFor();
    await carerCard.getByRole('button', { name: 'End arrangement' }).waitFor();

    // Both see the visits: Tuesday and Thursday mornings, from the start date.
    const graceVisits = (await visitsOf(family)).filter((visit) => visit.partnerName.startsWith('Grace'));
    expect(graceVisits.length).toBeGreaterThanOrEqual(4);
    for (const visit of graceVisits) {
      expect(visit.start).toBe('09:00');
      expect(visit.date >= dateIn(7)).toBe(true);
      expect([2, 4]).toContain(new Date(`${visit.date}T12:00:00Z`).getUTCDay());
    }
    await family.goto('/my-care');
    await family.getByRole('heading', { name: 'Care arrangements', level: 1 }).waitFor();
    const familyVisits = family.locator('[data-testid="visit"]').filter({ hasText: 'With Grace' });
    await familyVisits.first().waitFor();
    expect(await familyVisits.count()).toBe(graceVisits.length);
    await familyVisits.first().getByText('09:00 to 12:00').waitFor();
    await family
      .locator('[data-testid="arrangement-card"]')
      .filter({ hasText: 'Grace' })
      .getByText(/^Agreed with Grace/)
      .waitFor();
    await expectNoAxeViolations(family, '/my-care (desktop)');

    await openScheduleTab(carer);
    // The family's visits (the demo data gives Grace another family's too).
    const carerVisits = carer.locator('[data-testid="visit"]').filter({ hasText: 'With Sam O.' });
    await carerVisits.first().waitFor();
    expect(await carerVisits.count()).toBe(graceVisits.length);
    await expectNoAxeViolations(carer, '/carer-dashboard Schedule tab (desktop)');

    // A visit a week away: "Can't make it" only (running late is for the hours around a visit).
    // Sent by mistake, it is undone, and the family's open page shows it gone again.
    const first = carerVisits.first();
    await first.getByText('Running late? You can tell the family from 2 hours before the visit.').waitFor();
    expect(await first.getByRole('button', { name: /^Running late by/ }).count()).toBe(0);
    await first.getByRole('button', { name: /^Can’t make it/ }).click();
    await toastTitle(carer, 'Family Told You Can’t Make It').waitFor();
    const familyNotice = familyVisits.first().locator('[data-testid="visit-notice"]');
    await familyNotice.getByText('Can’t make it').waitFor({ timeout: 25_000 });
    await expectNoAxeViolations(carer, '/carer-dashboard Schedule tab with an undo (desktop)');
    await first.getByRole('button', { name: /^Undo the notice/ }).click();
    await toastTitle(carer, 'Notice Cancelled').waitFor();
    await first.getByRole('button', { name: /^Can’t make it/ }).waitFor();
    await familyNotice.waitFor({ state: 'detached', timeout: 25_000 });

    // The first visit brought to an hour from now: Grace is running late for it, by 20 minutes,
    // with a note; the family's open page shows it.
    const soon = new Date(Math.floor(Date.now() / 60_000 + 60) * 60_000);
    await suite
      .server()
      .database.db.update(visitRows)
      .set({ startsAt: soon, endsAt: new Date(soon.getTime() + 3 * 3_600_000) })
      .where(eq(visitRows.id, graceVisits[0]!.id));
    await openScheduleTab(carer);
    await first.getByRole('button', { name: /^Running late by 20 minutes/ }).waitFor();
    await first.getByRole('button', { name: /^Add a note/ }).click();
    await first.getByLabel('Note for the family (optional)').fill(NOTE);
    await first.getByRole('button', { name: /^Running late by 20 minutes/ }).click();
    await toastTitle(carer, 'Family Told You Are Running Late').waitFor();
    await first.getByText(`Running late (about 20 minutes): ${NOTE}`).waitFor();
    await family.goto('/my-care');
    await familyVisits
      .first()
      .locator('[data-testid="visit-notice"]')
      .getByText(`Running late (about 20 minutes): ${NOTE}`)
      .waitFor({ timeout: 25_000 });

    // The printable summary.
    const graceCard = family.locator('[data-testid="arrangement-card"]').filter({ hasText: 'Grace' });
    await graceCard.getByRole('link', { name: 'Printable summary' }).click();
    await family.getByRole('heading', { name: 'Care arrangement summary', level: 1 }).waitFor();
    await family.getByText('Tuesdays and Thursdays 09:00–12:00 (6 hours a week, UK time)').waitFor();
    await family.getByRole('button', { name: 'Print' }).waitFor();
    await expectNoAxeViolations(family, 'printable summary (desktop)');

    // The calendar feed: turned on in Settings, the address shown once, parsed by ical.js.
    await family.goto('/settings');
    const section = family.getByRole('region', { name: 'Calendar feed' });
    await section.getByText(/Anyone who has this address can see your visits/).waitFor();
    await section.getByRole('button', { name: 'Turn on calendar feed' }).click();
    await toastTitle(family, 'Calendar Feed On').waitFor();
    const address = section.getByLabel('Your calendar address');
    await expectFocused(address);
    await section.getByRole('button', { name: 'Copy address' }).waitFor();
    await expectNoAxeViolations(family, '/settings calendar feed on (desktop)');
    const url = new URL(await address.inputValue());
    expect(url.pathname).toMatch(/^\/api\/calendar\/[^/]+\.ics$/);
    const feed = await family.request.get(url.pathname);
    expect(feed.status()).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()) as unknown[]);
    const starts = new Set(
      calendar
        .getAllSubcomponents('vevent')
        .map((event) => new ICAL.Event(event).startDate.toJSDate().toISOString()),
    );
    expect(starts.has(soon.toISOString())).toBe(true);
    for (const visit of graceVisits.slice(1))
      expect(starts.has(new Date(visit.startsAt).toISOString())).toBe(true);

    // A new address replaces the old one.
    await section.getByRole('button', { name: 'Make a new address' }).click();
    await toastTitle(family, 'New Address Made').waitFor();
    await expect.poll(async () => new URL(await address.inputValue()).pathname).not.toBe(url.pathname);
    expect((await family.request.get(url.pathname)).status()).toBe(404);

    // At 375 px: the thread, My care, the Schedule tab and Settings fit, with no sideways scroll.
    await family.setViewportSize(MOBILE);
    await family.goto('/my-care');
    await familyVisits.first().waitFor();
    await expectNoSidewaysScroll(family, '/my-care (mobile)');
    await expectNoAxeViolations(family, '/my-care (mobile)');
    await family.goto('/settings');
    await section.getByRole('button', { name: 'Turn off calendar feed' }).click();
    const turnOff = family.getByRole('dialog', { name: 'Turn off your calendar feed?' });
    await expectNoAxeViolations(family, '/settings turn off dialog (mobile)');
    await turnOff.getByRole('button', { name: 'Turn off' }).click();
    await toastTitle(family, 'Calendar Feed Off').waitFor();
    await section.getByRole('button', { name: 'Turn on calendar feed' }).waitFor();
    await expectNoSidewaysScroll(family, '/settings (mobile)');
    await expectNoAxeViolations(family, '/settings calendar feed off (mobile)');

    await family.goto(`/messages/${conversationId}`);
    const mobileCard = family.locator('[data-testid="arrangement-card"]');
    await mobileCard.getByText(/^Agreed with Grace/).waitFor();
    await expectNoSidewaysScroll(family, 'thread with an arrangement (mobile)');
    await expectNoAxeViolations(family, 'thread with an arrangement (mobile)');
    await mobileCard.getByRole('button', { name: 'End arrangement' }).click();
    await family.getByRole('dialog', { name: 'End this arrangement?' }).waitFor();
    await expectNoAxeViolations(family, 'end dialog (mobile)');
    await family.getByRole('button', { name: 'Keep the arrangement' }).click();

    await carer.setViewportSize(MOBILE);
    await openScheduleTab(carer);
    await carerVisits.first().getByText(`Running late (about 20 minutes): ${NOTE}`).waitFor();
    await expectNoSidewaysScroll(carer, '/carer-dashboard Schedule tab (mobile)');
    await expectNoAxeViolations(carer, '/carer-dashboard Schedule tab (mobile)');

    // Cancelling one visit, with a confirmation: both see it cancelled.
    const last = carerVisits.last();
    await last.getByRole('button', { name: /^Cancel the visit/ }).click();
    const cancel = carer.getByRole('dialog', { name: 'Cancel this visit?' });
    await expectNoAxeViolations(carer, 'cancel visit dialog (mobile)');
    await cancel.getByRole('button', { name: 'Cancel visit' }).click();
    await toastTitle(carer, 'Visit Cancelled').waitFor();
    await last.getByText('Cancelled', { exact: true }).waitFor();
    // The whole journey (the notices and their undo included) has taken over the project's two
    // minutes on a loaded two-core machine.
  }, 240_000);

  it('says a visit is cancelled even when the list has already shown it cancelled (its button gone)', async () => {
    // The agenda is asked again every few seconds and on focus: an answer that arrives between the
    // server's cancelling and the cancel's own answer shows the visit cancelled and takes its
    // Cancel button away, with the dialog and the call that was to show the toast. The call's
    // toast still shows (src/web/lib/mutation.ts); react-query's own mutate dropped it.
    const carer = await open(DESKTOP, DEMO_ACCOUNTS.carer);
    await openScheduleTab(carer);
    const last = carer.locator('[data-testid="visit"]').filter({ hasText: 'With Priya' }).last();
    await carer.route('**/api/visits/*/cancel', async (route) => {
      const answer = await route.fetch();
      await carer.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      await last.getByText('Cancelled', { exact: true }).waitFor();
      await route.fulfill({ response: answer });
    });
    await last.getByRole('button', { name: /^Cancel the visit/ }).click();
    await carer
      .getByRole('dialog', { name: 'Cancel this visit?' })
      .getByRole('button', { name: 'Cancel visit' })
      .click();
    await toastTitle(carer, 'Visit Cancelled').waitFor();
    expect(await carer.getByRole('dialog', { name: 'Cancel this visit?' }).count()).toBe(0);
  });

  it('shows the demo family its agreed arrangement with Margaret on My care and in their conversation', async () => {
    const family = await open(MOBILE, DEMO_ACCOUNTS.subscribed);
    await family.goto('/my-care');
    await family.getByRole('heading', { name: 'Care arrangements', level: 1 }).waitFor();
    const margaret = family.locator('[data-testid="arrangement-card"]').filter({ hasText: 'Margaret' });
    await margaret.getByText(/^Agreed with Margaret/).waitFor();
    await family.locator('[data-testid="visit"]').filter({ hasText: 'With Margaret' }).first().waitFor();
    await margaret.getByRole('link', { name: /^Messages with Margaret/ }).click();
    await family.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    await family
      .locator('[data-testid="arrangement-card"]')
      .getByText(/^Agreed with Margaret/)
      .waitFor();
    // An arrangement is going on with Margaret: nothing new to propose there.
    expect(await family.getByRole('button', { name: 'Propose care arrangement' }).count()).toBe(0);
  });
});
