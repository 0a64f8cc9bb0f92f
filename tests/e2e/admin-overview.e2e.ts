import { describe, expect, it } from 'vitest';
import { ADMIN_OVERVIEW_TEXT as TEXT, OVERVIEW_WEEKS, type AdminOverview } from '@contracts/admin-overview';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';

const suite = useE2ESuite();

describe('the admin overview', () => {
  for (const [name, viewport] of [
    ['375 px', MOBILE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`opens the admin dashboard on the queues' counts and a chart with a table (${name})`, async () => {
      const page = await suite.open(viewport, DEMO_ACCOUNTS.admin);
      await page.goto('/admin-dashboard');
      expect(await page.getByRole('tab', { name: TEXT.tab }).getAttribute('aria-selected')).toBe('true');
      const overview = await page.evaluate(
        async () => (await (await fetch('/api/admin/overview')).json()) as AdminOverview,
      );
      for (const [key, label] of [
        ['checksWaiting', TEXT.checksWaiting],
        ['insuranceWaiting', TEXT.insuranceWaiting],
        ['dueSoon', TEXT.dueSoon],
        ['reportsOpen', TEXT.reportsOpen],
      ] as const) {
        const card = page.getByRole('listitem').filter({ hasText: label });
        await expect
          .poll(() => card.getByTestId(`overview-${key}`).textContent(), { message: key })
          .toBe(String(overview.queues[key]));
      }
      // The chart is one picture named by its heading; the table says the same in words.
      await page.getByRole('img', { name: new RegExp(`^${TEXT.chartHeading}`) }).waitFor();
      await page.getByText(TEXT.showTable).click();
      const table = page.getByRole('table', { name: TEXT.chartSummary(OVERVIEW_WEEKS) });
      await table.waitFor();
      const rows = table.getByRole('row');
      expect(await rows.count()).toBe(OVERVIEW_WEEKS + 1);
      // Weeks in the en-GB style, this week last.
      const last = overview.weeks.at(-1)!;
      const [y, m, d] = last.weekStart.split('-');
      const lastRow = rows.last();
      expect(await lastRow.getByRole('rowheader').textContent()).toBe(`${d}/${m}/${y}`);
      expect(await lastRow.getByRole('cell').allTextContents()).toEqual([
        String(last.signUps),
        String(last.subscriptions),
        String(last.checks),
      ]);
      await expectNoAxeViolations(page, `/admin-dashboard overview (${name})`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      // Each count opens its queue.
      await page.getByRole('button', { name: `${TEXT.open}: ${TEXT.reportsOpen}` }).click();
      await expect
        .poll(() => page.getByRole('tab', { name: 'Safeguarding' }).getAttribute('aria-selected'))
        .toBe('true');
    });
  }
});

describe('the admin dashboard’s tabs', () => {
  it('loads only the shown tab’s list, and keeps a tab once opened (what was typed survives a switch)', async () => {
    const page = await suite.open(DESKTOP, DEMO_ACCOUNTS.admin);
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/admin/')) asked.push(pathname);
    });
    await page.goto('/admin-dashboard');
    await page.getByRole('img', { name: new RegExp(`^${TEXT.chartHeading}`) }).waitFor();
    // Seven hidden panels, each there for its tab's aria-controls, none drawn or asked for.
    const panels = page.locator('[role="tabpanel"]');
    expect(await panels.count()).toBe(8);
    expect(await page.locator('[role="tabpanel"][hidden]:not(:empty)').count()).toBe(0);
    for (const list of [
      '/api/admin/reports',
      '/api/admin/verifications',
      '/api/admin/audit-log',
      '/api/admin/users',
    ])
      expect(asked, list).not.toContain(list);

    await page.getByRole('tab', { name: 'Safeguarding' }).click();
    const safeguarding = page.getByRole('tabpanel', { name: 'Safeguarding' });
    const search = safeguarding.getByRole('searchbox');
    await search.fill('Fiona');
    await expect.poll(() => asked.includes('/api/admin/reports')).toBe(true);
    await page.getByRole('tab', { name: TEXT.tab }).click();
    await page.getByRole('img', { name: new RegExp(`^${TEXT.chartHeading}`) }).waitFor();
    // Hidden again, but still there: the typed words are kept.
    expect(await page.locator('[role="tabpanel"][hidden]:not(:empty)').count()).toBe(1);
    await page.getByRole('tab', { name: 'Safeguarding' }).click();
    expect(await search.inputValue()).toBe('Fiona');
  });
});
