// Cover when the carer can't come (decision 0037). The subscribed family has an accepted
// arrangement with the demo carer Grace and has talked to a second carer, Ben, whom it names as
// its backup in the cover plan, with the rate agreed; the printable contingency plan lists him. A
// visit passes its start without a check-in: housekeeping's no-show round alerts the family, who
// offer the visit to their backups; Ben, on his phone, accepts it in his Requests tab; the
// family's alert and week view show Ben coming, and Grace's schedule no longer asks her to check
// in. axe at 375 px and desktop on every cover screen.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { visits as visitRows } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { createCoverService } from '../../src/server/features/arrangements/cover.service';
import type { Mailer } from '../../src/server/platform/mailer';
import { createRateLimiter } from '../../src/server/platform/rate-limit';
import {
  DESKTOP,
  expectFocused,
  expectNoAxeViolationsAtBothWidths,
  expectNoAxeViolationsAtPhoneWidth,
  MOBILE,
} from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { arrangeWithGrace } from './support/grace-arrangement';
import { approveChecksByApi, registerByApi, toastTitle } from './support/journeys';
import { dayName, ukDate, weekOf } from './support/uk-dates';

const suite = useE2ESuite();
const open = suite.open;

const BACKUP = { firstName: 'Ben', lastName: 'Kaur', userType: 'carer' as const };
const BACKUP_NAME = 'Ben K.';

/** A carer families can find (checks approved), with a home postcode, signed in on `page`. */
async function listedCarer(page: Page) {
  await registerByApi(page, BACKUP);
  const created = await page.request.post('/api/carers', {
    data: {
      specialization: 'Elderly Care',
      experience: '3-5 years',
      location: 'Chapel Allerton, Leeds',
      homePostcode: 'LS7 3AB',
      hourlyRateMin: '19',
      hourlyRateMax: '23',
      description: 'Calm, practical carer who covers visits at short notice for families in north Leeds.',
      qualifications: ['Manual Handling'],
      availability: ['Weekdays', 'Emergency Cover'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await approveChecksByApi(page, suite.server().baseUrl);
  const { profile } = (await (await page.request.get('/api/carer-profile')).json()) as {
    profile: { id: string; userId: string };
  };
  return profile;
}

/** Housekeeping's no-show round (every minute when the server runs it), once, now. */
async function noShowRound() {
  const { db } = suite.server().database;
  await createCoverService({
    db,
    mailer: { dispatchSoon: () => {} } as unknown as Mailer,
    push: { dispatchSoon: () => {} },
    rateLimiter: createRateLimiter(db, { secret: 'e2e-cover' }),
    publicUrl: suite.server().baseUrl,
    checkSummaryOf: async () => null,
  }).raiseNoShows();
}

describe('cover when the carer can’t come', () => {
  it('alerts the family of a visit not checked into; they offer it, the backup accepts, the week shows them', async () => {
    const family = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    const carer = await open(DESKTOP, DEMO_ACCOUNTS.carer);
    const backup = await open(MOBILE);
    const { arrangementId } = await arrangeWithGrace(family, carer, {
      message: 'Could you help my dad on Wednesdays?',
      day: 'wednesday',
      start: '14:00',
      end: '16:00',
      hourlyRate: '19.50',
      tasks: 'Tea and a chat.',
    });
    // The family has talked to Ben too: a carer it may name as a backup.
    const ben = await listedCarer(backup);
    const sent = await family.request.post('/api/messages', {
      data: {
        carerId: ben.id,
        receiverId: ben.userId,
        content: 'Could you cover for Grace now and then, at £21 an hour?',
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    // The family names Ben in the cover plan, with the rate agreed.
    await family.goto('/my-care');
    const card = family.locator('[data-testid="arrangement-card"]').filter({ hasText: 'Grace M.' });
    await card.getByRole('button', { name: 'Cover plan' }).click();
    const dialog = family.getByRole('dialog', { name: 'Cover plan' });
    await dialog.getByLabel('Add a carer you have talked to').selectOption({ label: BACKUP_NAME });
    await dialog.getByLabel(`Hourly rate agreed with ${BACKUP_NAME} (£)`).fill('21.00');
    await expectNoAxeViolationsAtPhoneWidth(family, 'the cover plan');
    await dialog.getByRole('button', { name: 'Save cover plan' }).click();
    await toastTitle(family, 'Cover Plan Saved').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The printable contingency plan: who to call, in order, the rate and their checks.
    await card.getByRole('link', { name: 'Contingency plan' }).click();
    await family.waitForURL((url) => url.pathname === `/my-care/${arrangementId}/cover`);
    await family.getByRole('heading', { name: 'Contingency plan', level: 1 }).waitFor();
    const listed = family.getByRole('list', { name: 'Backup carers, in order' }).getByRole('listitem');
    await listed.first().waitFor();
    expect(await listed.count()).toBe(1);
    // Where they live, to the district only (decision 0032).
    await listed.getByText(`1. ${BACKUP_NAME} (LS7)`, { exact: true }).waitFor();
    await listed.getByText('£21 an hour, as agreed. Contact: Messages on CareMatch.').waitFor();
    await listed.getByText(/^Checks approved \d{1,2} \w+ \d{4}/).waitFor();
    await expectNoAxeViolationsAtPhoneWidth(family, 'the contingency plan');

    // A visit that started 20 minutes ago, two hours long, and nobody has checked in.
    const startsAt = new Date(Math.floor(Date.now() / 60_000 - 20) * 60_000);
    await suite
      .server()
      .database.db.insert(visitRows)
      .values({ arrangementId, startsAt, endsAt: new Date(startsAt.getTime() + 2 * 3_600_000) });
    await noShowRound();

    // The family is alerted on My care and offers the visit to its backups with one tap.
    await family.goto('/my-care');
    const needs = family.getByRole('region', { name: 'Visits that need you' });
    const alert = needs.locator('[data-testid="cover-alert"]').filter({ hasText: 'Grace M.' });
    await alert.getByText(/^Grace M\. has not checked in to the visit on /).waitFor();
    await expectNoAxeViolationsAtPhoneWidth(family, 'my care with a no-show alert');
    await alert.getByRole('button', { name: 'Offer to backups' }).click();
    await toastTitle(family, 'Offered to Your Backups').waitFor();
    await alert.getByText('Offered to your backups: waiting for one to accept.').waitFor();
    // The button has gone; the keyboard stays on the alert.
    await expectFocused(alert.locator('p').first());
    expect(await alert.getByRole('button', { name: 'Offer to backups' }).count()).toBe(0);

    // Ben, on his phone, finds the offer in his Requests tab and accepts it.
    await backup.goto('/carer-dashboard');
    await backup.getByRole('tab', { name: 'Requests' }).click();
    const offers = backup.getByRole('region', { name: 'Visits families asked you to cover' });
    const offer = offers.locator('[data-testid="cover-offer"]');
    await offer.getByText('Asked', { exact: true }).waitFor();
    await offer.getByText(/^£21 an hour, as you agreed with the family\.$/).waitFor();
    await offer.getByText(new RegExp(`^${DEMO_ACCOUNTS.subscribed.firstName}(, \\w+)?: `)).waitFor();
    await expectNoAxeViolationsAtPhoneWidth(backup, 'a backup carer’s offer');
    await offer.getByRole('button', { name: 'Accept' }).click();
    await toastTitle(backup, 'Visit Accepted').waitFor();
    await offer.getByText('You are covering', { exact: true }).waitFor();
    await expectFocused(offer.locator('p').first());
    await expectNoAxeViolationsAtPhoneWidth(backup, 'a backup carer’s accepted offer');

    // The family sees who is coming, in the alert and in the week view.
    await family.goto('/my-care');
    await alert
      .getByText(new RegExp(`^${BACKUP_NAME} is coming instead of Grace M\\. to the visit on `))
      .waitFor();
    const week = family.getByTestId('week-view');
    // The week view opens on this week; just after midnight on a Monday the visit was last week's.
    if (weekOf(ukDate(startsAt))[0] !== weekOf(ukDate(new Date()))[0]) {
      await week.getByRole('button', { name: 'Previous week' }).click();
      await week.getByText(`${dayName(weekOf(ukDate(startsAt))[0]!)} to `).waitFor();
    }
    const block = week
      .locator('[data-testid="week-visit"]:visible')
      .filter({ hasText: `Covered by ${BACKUP_NAME}` });
    await block.waitFor();
    expect(await block.innerText()).toContain('Grace M.');
    await expectNoAxeViolationsAtBothWidths(family, 'my care with the visit covered');
    await family.setViewportSize(MOBILE);
    // On a phone the week view opens on today: the visit is there, with Ben. (In the first minutes
    // of a UK day a visit that started 20 minutes ago is yesterday's: its day is chosen.)
    const visitDay = ukDate(startsAt);
    if (visitDay !== ukDate(new Date())) {
      await week.getByRole('button', { name: new RegExp(`^${dayName(visitDay)}`) }).click();
    }
    await block.waitFor();

    // Grace's schedule says a backup is covering it, and asks her for nothing.
    await carer.goto('/carer-dashboard');
    await carer.getByRole('tab', { name: 'Schedule' }).click();
    const hers = carer
      .locator('[data-testid="visit"]')
      .filter({ hasText: `With ${DEMO_ACCOUNTS.subscribed.firstName} O.` })
      .filter({ hasText: 'Covered by a backup carer' });
    await hers.waitFor();
    expect(await hers.getByRole('button').count()).toBe(0);
  }, 240_000);
});
