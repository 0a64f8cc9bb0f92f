// The week view (/my-care and the carer's Schedule tab): the demo family's arrangement with
// Margaret (Tuesdays and Thursdays 09:00–12:00, from the demo data) shows this week's visits as
// blocks in a table of days and hours, today marked; at 375 px a strip of the week's days and the
// chosen day's visits; week by week; axe clean at both sizes. Its relative ("can see") sees the same.
import { and, eq, gte, lt } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { arrangements, users, visits as visitRows } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { dayName, ukDate, ukInstant, weekOf } from './support/uk-dates';

const suite = useE2ESuite();
const DAY_MS = 86_400_000;

/** The UK dates of this week, Monday first. */
const thisWeek = () => weekOf(ukDate(new Date()));

/** The demo family's visits in the week of `dates`, as the database has them. */
async function familyVisitsIn(dates: string[]) {
  const { db } = suite.server().database;
  const [family] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.subscribed.email));
  const rows = await db
    .select({ startsAt: visitRows.startsAt })
    .from(visitRows)
    .innerJoin(arrangements, eq(arrangements.id, visitRows.arrangementId))
    .where(
      and(
        eq(arrangements.customerId, family!.id),
        gte(visitRows.startsAt, new Date(Date.parse(`${dates[0]}T00:00:00Z`) - DAY_MS)),
        lt(visitRows.startsAt, new Date(Date.parse(`${dates[6]}T00:00:00Z`) + 2 * DAY_MS)),
      ),
    );
  return rows.map((row) => ukDate(row.startsAt)).filter((date) => dates.includes(date));
}

const weekView = (page: Page) => page.getByTestId('week-view');
const shownBlocks = (page: Page) => weekView(page).locator('[data-testid="week-visit"]:visible');

describe('the week view', () => {
  it('shows the family this week’s visits with today marked, as a table and as a day list', async () => {
    const dates = thisWeek();
    const today = ukDate(new Date());
    const expected = await familyVisitsIn(dates);
    // The demo arrangement has its two visits every week.
    expect(expected).toHaveLength(2);

    const family = await suite.open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    await family.goto('/my-care');
    const week = weekView(family);
    await week.getByRole('heading', { name: 'Week view', level: 2 }).waitFor();
    const table = week.getByRole('table');
    await table.waitFor();
    const todayHeader = table.getByRole('columnheader', { name: new RegExp(`^${dayName(today)}`) });
    expect(await todayHeader.getAttribute('aria-current')).toBe('date');
    await todayHeader.getByText('Today', { exact: true }).waitFor();
    expect(await table.locator('th[aria-current]').count()).toBe(1);
    await expect.poll(() => shownBlocks(family).count()).toBe(expected.length);
    for (const block of await shownBlocks(family).all()) {
      expect(await block.innerText()).toMatch(/^09:00–12:00\s+Margaret O\./);
    }
    await expectNoAxeViolations(family, 'week view (desktop)');

    // Week by week: the next one has its own two visits, then back to this one.
    const nextMonday = new Date(Date.parse(`${dates[0]}T12:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
    await week.getByRole('button', { name: 'Next week' }).click();
    await week.getByText(`${dayName(nextMonday)} to `).waitFor();
    await expect.poll(() => shownBlocks(family).count()).toBe(2);
    expect(await table.locator('th[aria-current]').count()).toBe(0);
    await week.getByRole('button', { name: 'This week', exact: true }).click();
    await todayHeader.waitFor();

    // On a phone: the strip of days, today chosen, and the chosen day's visits.
    await family.setViewportSize(MOBILE);
    await table.waitFor({ state: 'hidden' });
    const strip = week.getByRole('group', { name: 'Day of the week' });
    const todayButton = strip.getByRole('button', { name: new RegExp(`^${dayName(today)}, today`) });
    expect(await todayButton.getAttribute('aria-pressed')).toBe('true');
    expect(await todayButton.getAttribute('aria-current')).toBe('date');
    await week.getByRole('heading', { name: `Today, ${dayName(today)}`, level: 3 }).waitFor();
    expect(await shownBlocks(family).count()).toBe(expected.filter((date) => date === today).length);
    await expectNoAxeViolations(family, 'week view (mobile)');

    // The keyboard moves along the strip; each visit day shows its visit.
    const firstVisitDay = expected.sort()[0]!;
    await todayButton.focus();
    const steps = dates.indexOf(firstVisitDay) - dates.indexOf(today);
    for (let i = 0; i < Math.abs(steps); i += 1) {
      await family.keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
    }
    const visitDayButton = strip.getByRole('button', { name: new RegExp(`^${dayName(firstVisitDay)}`) });
    await expect.poll(() => visitDayButton.getAttribute('aria-pressed')).toBe('true');
    expect(await visitDayButton.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => shownBlocks(family).count()).toBe(1);
    expect(await shownBlocks(family).innerText()).toMatch(/^09:00–12:00\s+Margaret O\./);
  });

  it('shows the family’s relative ("can see") the same week', async () => {
    const dates = thisWeek();
    const expected = await familyVisitsIn(dates);
    const relative = await suite.open(DESKTOP, DEMO_ACCOUNTS.relative);
    await relative.goto('/my-care');
    await weekView(relative).getByRole('table').waitFor();
    await expect.poll(() => shownBlocks(relative).count()).toBe(expected.length);
    await expectNoAxeViolations(relative, 'week view of a relative (desktop)');
  });

  it('keeps a visit late in the evening inside the grid: it ends at midnight there, nothing scrolls', async () => {
    const { db } = suite.server().database;
    const [arrangement] = await db
      .select({ id: arrangements.id })
      .from(arrangements)
      .innerJoin(users, eq(users.id, arrangements.customerId))
      .where(and(eq(users.email, DEMO_ACCOUNTS.subscribed.email), eq(arrangements.status, 'accepted')));
    // Two hours from 23:40 on this week's Monday: it ends the next day.
    const startsAt = ukInstant(thisWeek()[0]!, '23:40');
    await db.insert(visitRows).values({
      arrangementId: arrangement!.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
    });

    const family = await suite.open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    await family.goto('/my-care');
    const table = weekView(family).getByRole('table');
    const late = shownBlocks(family).filter({ hasText: '23:40–01:40' });
    await late.waitFor();
    const [block, grid] = await Promise.all([late.boundingBox(), table.boundingBox()]);
    expect(block!.y + block!.height).toBeLessThanOrEqual(grid!.y + grid!.height);
    await expectNoAxeViolations(family, 'week view with a visit late in the evening (desktop)');
  });
});
