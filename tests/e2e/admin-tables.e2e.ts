// The admin's customer and carer tables: an admin searches, sorts by a column heading (the server
// sorts, the lists being paged) and downloads the CSV of what the table shows, at desktop and on
// a 375 px phone, where the table scrolls inside its own region and the page never sideways.
import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_LIST_MESSAGES, ADMIN_TABLE_TEXT } from '../../src/contracts/admin';
import { AUDIT_ACTION_WORDS } from '../../src/contracts/audit-words';
import { users } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';

const suite = useE2ESuite();
const open = suite.open;

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, void];
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The names in the table's row headers, top to bottom. */
const rowNames = (page: Page, table: string) =>
  page.getByRole('table', { name: table }).getByRole('rowheader').allTextContents();

async function search(
  page: Page,
  landmark: string,
  q: string,
  label: string = ADMIN_LIST_MESSAGES.searchLabel,
) {
  const box = page.getByRole('search', { name: landmark }).getByLabel(label);
  await box.fill(q);
  await box.press('Enter');
}

describe('the admin customer and carer tables', () => {
  it('searches, sorts by a heading and downloads the CSV at desktop and at 375 px, axe clean', async () => {
    const tag = `Tbl${Date.now().toString(36)}`;
    // Names set directly: the sign-up form would refuse the formula.
    await suite
      .server()
      .database.db.insert(users)
      .values([
        { email: `zara.${tag}@example.org`, firstName: 'Zara', lastName: tag, role: 'customer' },
        { email: `ann.${tag}@example.org`, firstName: 'ann', lastName: tag, role: 'customer' },
        {
          email: `mal.${tag}@example.org`,
          firstName: '=HYPERLINK("https://evil.example","Mal")',
          lastName: tag,
          role: 'customer',
        },
      ]);

    const page = await open(DESKTOP, DEMO_ACCOUNTS.admin);
    await page.goto('/admin-dashboard?tab=customers');
    await page.getByRole('table', { name: 'Customer accounts' }).waitFor();
    await search(page, 'Search customer accounts', tag.toUpperCase());
    await page.getByText(ADMIN_LIST_MESSAGES.showing(3, 3, 'customers')).waitFor();

    // Newest first until a heading is pressed; Name sorts A to Z (any case), then Z to A.
    const nameHeading = page.getByRole('columnheader', { name: ADMIN_TABLE_TEXT.name });
    expect(await nameHeading.getAttribute('aria-sort')).toBeNull();
    expect(
      await page.getByRole('columnheader', { name: ADMIN_TABLE_TEXT.joined }).getAttribute('aria-sort'),
    ).toBe('descending');
    await nameHeading.getByRole('button').click();
    await expect.poll(() => nameHeading.getAttribute('aria-sort')).toBe('ascending');
    await expect
      .poll(() => rowNames(page, 'Customer accounts'))
      .toEqual([`=HYPERLINK("https://evil.example","Mal") ${tag}`, `ann ${tag}`, `Zara ${tag}`]);
    await nameHeading.getByRole('button').click();
    await expect.poll(() => nameHeading.getAttribute('aria-sort')).toBe('descending');
    await expect
      .poll(() => rowNames(page, 'Customer accounts'))
      .toEqual([`Zara ${tag}`, `ann ${tag}`, `=HYPERLINK("https://evil.example","Mal") ${tag}`]);
    // Dates en-GB.
    const joined = await page
      .getByRole('table', { name: 'Customer accounts' })
      .locator('tbody tr')
      .first()
      .getByRole('cell')
      .nth(1)
      .textContent();
    expect(joined).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await expectNoAxeViolations(page, 'the customer table sorted by name (desktop)');

    // The audit log's Action filter offers actions in words, never their codes. Reached by its tab,
    // as an admin goes (the tab lives in the URL), not by another page load.
    await page.getByRole('tab', { name: 'Audit Log' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'audit');
    const action = page.getByLabel('Action', { exact: true });
    await action.waitFor();
    const options = await action.locator('option').allTextContents();
    expect(options).toContain(AUDIT_ACTION_WORDS['verification.approved']);
    expect(options.filter((option) => /[._]/.test(option))).toEqual([]);
    // A fresh load: the customers tab keeps its search when the tab is left and chosen again.
    await page.goto('/admin-dashboard?tab=customers');
    await page.getByRole('table', { name: 'Customer accounts' }).waitFor();
    await search(page, 'Search customer accounts', tag);
    await page.getByRole('columnheader', { name: ADMIN_TABLE_TEXT.name }).getByRole('button').click();
    await page.getByRole('columnheader', { name: ADMIN_TABLE_TEXT.name }).getByRole('button').click();
    await expect
      .poll(() => rowNames(page, 'Customer accounts'))
      .toEqual([`Zara ${tag}`, `ann ${tag}`, `=HYPERLINK("https://evil.example","Mal") ${tag}`]);

    // The CSV: the search and the sort, every match; the formula shown as text.
    const csv = await downloaded(page, () =>
      page.getByRole('button', { name: ADMIN_TABLE_TEXT.downloadCsv }).click(),
    );
    expect(csv.name).toBe('carematch-customers.csv');
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Email,Joined,Plan,Price,Expires,Billing,Suspended');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      `Zara ${tag}`,
      `ann ${tag}`,
      `"'=HYPERLINK(""https://evil.example""`,
    ]);
    expect(lines).toHaveLength(4);

    // On a phone: the carers' table, searched and sorted, in its own scrolling region.
    // The same signed-in admin's page, at 375 px (another context would cost a sign-in and a renderer).
    const phone = page;
    await phone.setViewportSize(MOBILE);
    await phone.goto('/admin-dashboard?tab=carers');
    const carers = phone.getByRole('table', { name: 'Carer profiles' });
    await carers.waitFor();
    await search(phone, 'Search carer profiles', 'mensah');
    await carers.getByRole('rowheader', { name: 'Grace Mensah' }).waitFor();
    const verification = phone.getByRole('columnheader', { name: ADMIN_TABLE_TEXT.verification });
    await verification.getByRole('button').click();
    await expect.poll(() => verification.getAttribute('aria-sort')).toBe('ascending');
    // The verification in words, never its stored code.
    await carers.getByText('Checks approved').first().waitFor();
    for (const code of ['approved', 'pending', 'rejected', 'none'])
      expect(await carers.getByText(code, { exact: true }).count(), code).toBe(0);
    expect(await sidewaysScroll(phone)).toBe(0);
    const region = phone.getByRole('region', { name: 'Carer profiles' });
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await expectNoAxeViolations(phone, 'the carer table sorted by verification (375 px)');
    const carerCsv = await downloaded(phone, () =>
      phone.getByRole('button', { name: ADMIN_TABLE_TEXT.downloadCsv }).click(),
    );
    expect(carerCsv.name).toBe('carematch-carers.csv');
    expect(carerCsv.text).toContain('Grace Mensah');
    expect(carerCsv.text.split('\r\n')[0]).toContain('Verification');

    // Admin Management shows the same table, sorted by email on the phone.
    await phone.goto('/admin-management');
    const customers = phone.getByRole('table', { name: 'Customers' });
    await customers.waitFor();
    await search(phone, 'Search customers', tag);
    const email = phone.getByRole('columnheader', { name: ADMIN_TABLE_TEXT.email });
    await email.getByRole('button').click();
    await expect.poll(() => email.getAttribute('aria-sort')).toBe('ascending');
    await expect
      .poll(() => rowNames(phone, 'Customers'))
      .toEqual([`ann ${tag}`, `=HYPERLINK("https://evil.example","Mal") ${tag}`, `Zara ${tag}`]);
    expect(await sidewaysScroll(phone)).toBe(0);
    await expectNoAxeViolations(phone, 'Admin Management customers sorted by email (375 px)');
  });
});
