// The records people need (decision 0041). The subscribed family and the demo carer Grace have an
// accepted arrangement with two recent visits (one happened, one cancelled) and an invoice paid
// by bank transfer. On her phone (375 px) Grace opens Earnings from the invoicing pages and
// downloads the tax year's CSV; the family, on a desktop, opens the month's statement from the
// arrangement, enters their CEST reference and downloads the statement as CSV and PDF. Each
// download's content is read back. axe at 375 px and desktop on each new screen.
import { readFile } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { invoices as invoiceRows, visits as visitRows } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { ukDate } from './support/uk-dates';
import { arrangeWithGrace } from './support/grace-arrangement';
import { toastTitle } from './support/journeys';

const suite = useE2ESuite();
const open = suite.open;

/** The UK tax year (its starting year) of a 'YYYY-MM-DD' day: from 6 April. */
const taxYearOf = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return month > 4 || (month === 4 && date >= 6) ? year : year - 1;
};

const userIdOf = async (page: Page) =>
  ((await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } }).user.id;

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, void];
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

describe('money records', () => {
  it('a carer downloads the tax year as CSV; the family downloads the monthly statement', async () => {
    const family = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    const carer = await open(MOBILE, DEMO_ACCOUNTS.carer);
    const { arrangementId } = await arrangeWithGrace(family, carer, {
      message: 'Could you help my mum on Thursdays?',
      day: 'thursday',
      start: '10:00',
      end: '12:00',
      hourlyRate: '20.00',
      tasks: 'Lunch and a walk.',
    });
    const db = suite.server().database.db;
    // A visit that happened two hours ago, one cancelled an hour ago, and the invoice for the first,
    // paid by transfer, all on one UK day (so in one month and one tax year): in the first two hours
    // of a day, two hours earlier, the day before.
    const hour = 3_600_000;
    let happened = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 2 * hour);
    if (ukDate(new Date(happened.getTime() + 2 * hour)) !== ukDate(happened)) {
      happened = new Date(happened.getTime() - 2 * hour);
    }
    await db.insert(visitRows).values([
      {
        arrangementId,
        startsAt: happened,
        endsAt: new Date(happened.getTime() + hour),
        checkedInAt: happened,
        checkedOutAt: new Date(happened.getTime() + hour),
      },
      {
        arrangementId,
        startsAt: new Date(happened.getTime() + hour),
        endsAt: new Date(happened.getTime() + 2 * hour),
        status: 'cancelled',
        cancelledAt: happened,
      },
    ]);
    const visitDay = ukDate(happened);
    const paidAt = new Date(happened.getTime() + hour);
    await db.insert(invoiceRows).values({
      carerUserId: await userIdOf(carer),
      customerId: await userIdOf(family),
      number: 9001,
      arrangementId,
      issuedAt: happened,
      periodStart: visitDay,
      periodEnd: visitDay,
      sellerName: 'Grace Care',
      sellerAddress: '',
      buyerName: 'The Reed family',
      buyerAddress: '',
      lines: [
        {
          date: visitDay,
          description: 'Care visit',
          quantity: '1 h',
          rate: '£20.00 an hour',
          amountPence: 2000,
        },
      ],
      totalPence: 2000,
      status: 'paid',
      paidMethod: 'bank_transfer',
      paidReference: 'MUM CARE',
      paidAt,
    });

    // Grace: Earnings from the invoicing pages, on her phone.
    await carer.goto('/timesheets');
    await carer.getByRole('link', { name: 'Earnings', exact: true }).click();
    await carer.getByRole('heading', { name: 'Earnings', level: 1 }).waitFor();
    // The page opens on this tax year; in the first hours of 6 April the payment was in the last.
    if (taxYearOf(ukDate(paidAt)) !== taxYearOf(ukDate(new Date()))) {
      await carer.getByLabel('Tax year', { exact: true }).selectOption(String(taxYearOf(ukDate(paidAt))));
    }
    await carer.getByRole('cell', { name: 'INV-9001' }).waitFor();
    await carer.getByRole('cell', { name: 'The Reed family' }).waitFor();
    await expectNoAxeViolations(carer, 'earnings (mobile)');
    const csv = await downloaded(carer, () =>
      carer.getByRole('button', { name: 'Download the tax year as CSV' }).click(),
    );
    expect(csv.name).toMatch(/^earnings-tax-year-\d{4}-\d{2}\.csv$/);
    const lines = csv.bytes.toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Date paid,Family,Invoice number,Gross (£),Platform fee (£),Net (£),How paid');
    expect(lines).toContain(
      `${ukDate(paidAt).split('-').reverse().join('/')},The Reed family,INV-9001,20.00,0.00,20.00,Bank transfer`,
    );
    expect(lines.some((line) => line.startsWith('"Total, tax year '))).toBe(true);
    await carer.setViewportSize(DESKTOP);
    await expectNoAxeViolations(carer, 'earnings (desktop)');

    // The family: the month's statement from the arrangement on My care (the visits' month: in the
    // first hours of a month, the last).
    await family.goto(`/statements?arrangement=${arrangementId}&month=${visitDay.slice(0, 7)}`);
    await family.getByRole('heading', { name: 'Monthly statements', level: 1 }).waitFor();
    // A cancelled visit is no longer agreed: it is counted as cancelled.
    await family.getByText('1 agreed, 1 happened, 1 cancelled, 0 covered by a backup carer.').waitFor();
    await expectNoAxeViolations(family, 'a monthly statement (desktop)');
    await family.getByLabel('Your employment status (HMRC CEST) reference').fill('CEST-E2E-42');
    await family.getByRole('button', { name: 'Save the reference' }).click();
    await toastTitle(family, 'Reference saved').waitFor();

    const statementCsv = await downloaded(family, () =>
      family.getByRole('button', { name: 'Download CSV' }).click(),
    );
    expect(statementCsv.name).toMatch(/^statement-\d{4}-\d{2}-.+\.csv$/);
    const text = statementCsv.bytes.toString('utf8');
    expect(text).toContain('Employment status (HMRC CEST) reference,CEST-E2E-42');
    expect(text).toContain('INV-9001');
    expect(text).toContain('reference MUM CARE');
    expect(text).toMatch(/Visits,"?1 agreed, 1 happened, 1 cancelled/);

    const pdf = await downloaded(family, () => family.getByRole('button', { name: 'Download PDF' }).click());
    expect(pdf.name).toMatch(/^statement-\d{4}-\d{2}-.+\.pdf$/);
    const document = await getDocumentProxy(new Uint8Array(pdf.bytes));
    const pdfText = (await extractText(document, { mergePages: true })).text.replace(/\s+/g, ' ');
    for (const expected of [
      'MONTHLY STATEMENT',
      'CEST-E2E-42',
      'INV-9001',
      'Visits agreed: 1. Visits that happened: 1. Cancelled: 1.',
    ])
      expect(pdfText).toContain(expected);

    await family.setViewportSize(MOBILE);
    await expectNoAxeViolations(family, 'a monthly statement (mobile)');
    // The arrangement links to it.
    await family.goto('/my-care');
    await family.getByRole('link', { name: 'Monthly statement' }).first().waitFor();

    // Another carer and another month chosen in one moment (two changes before the first has
    // rendered, as on a busy phone): the address keeps both (src/web/lib/use-edit-address.ts).
    await family.goto('/statements');
    const carerChoice = await family.getByLabel('Carer', { exact: true }).elementHandle();
    const monthChoice = await family.getByLabel('Month', { exact: true }).elementHandle();
    const chosen = await family.evaluate(
      (selects) =>
        selects.map((element) => {
          const select = element as HTMLSelectElement;
          const other = [...select.options].find((option) => option.value !== select.value)!;
          select.value = other.value;
          select.dispatchEvent(new Event('change', { bubbles: true }));
          return other.value;
        }),
      [carerChoice, monthChoice],
    );
    await family.waitForURL(
      (url) =>
        url.searchParams.get('arrangement') === chosen[0] && url.searchParams.get('month') === chosen[1],
    );
  });
});
