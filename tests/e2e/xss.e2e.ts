import { desc, eq } from 'drizzle-orm';
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../src/contracts/contact';
import { outboxEmails } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/demo-seed/seed';
import { approveChecks } from '../support/carer-fixtures';
import { FILES, REFERENCES } from '../support/verification-fixtures';
import { DESKTOP, signInByCookie } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { registerByApi } from './support/journeys';

// Browser security (ASVS 5.0 V1.2 output encoding, V3.2 content interpretation): a script payload
// in every free-text field one person writes and another reads is shown as text in the browser and
// never runs. Each page is opened with listeners for dialogs and console errors; the DOM is then
// searched for anything the payloads could have injected. The CSP would block inline handlers
// anyway: the suite turns any CSP refusal into a failure, so a payload that became markup fails
// here even though it could not run.

const suite = useE2ESuite();

const P = {
  img: '<img src=x onerror=alert(1)>',
  script: '<script>alert(1)</script>',
  svg: '"><svg onload=alert(1)>',
  js: 'javascript:alert(1)',
} as const;
/** Every payload at once, first in the field (cards may cut long text short). */
const ALL = `${P.img} ${P.script} ${P.svg} ${P.js}`;
/** A unique town, so the search finds exactly the carers written here. */
const TOWN = 'Xssville';

interface Watched {
  page: Page;
  dialogs: string[];
  consoleErrors: string[];
}

/**
 * A fresh page with dialog and console listeners attached before anything loads; with an account,
 * signed in by cookie (this test is about what pages show, not about signing in), then at `/`.
 */
async function watchedPage(account?: { email: string }, password = DEMO_PASSWORD): Promise<Watched> {
  const page = await suite.open(DESKTOP);
  const watched: Watched = { page, dialogs: [], consoleErrors: [] };
  page.on('dialog', (dialog) => {
    watched.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    // A 401 or 404 an API call expects is logged by Chromium as a failed load: not a script error.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      watched.consoleErrors.push(message.text());
  });
  if (account) {
    await signInByCookie(page, account.email, password);
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
  }
  return watched;
}

/** Whatever a payload would have left in the DOM had it been parsed as markup. */
function injectedMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name)) found.push(`<${element.localName} ${attribute.name}>`);
        if (
          /^(href|src|action|formaction|xlink:href)$/i.test(attribute.name) &&
          /^\s*javascript:/i.test(attribute.value)
        )
          found.push(`<${element.localName} ${attribute.name}="${attribute.value}">`);
      }
    }
    for (const script of Array.from(document.querySelectorAll('script'))) {
      if (!script.src) found.push(`inline <script>${script.textContent ?? ''}`);
    }
    if (document.querySelector('img[src="x"]')) found.push('<img src=x>');
    return found;
  });
}

/** The page shows each text as text, and nothing ran or was injected. */
async function expectShownAsText(watched: Watched, label: string, texts: string[]) {
  const { page } = watched;
  for (const text of texts) {
    await page.getByText(text).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
  }
  expect(await injectedMarkup(page), label).toEqual([]);
  expect(watched.dialogs, label).toEqual([]);
  expect(watched.consoleErrors, label).toEqual([]);
}

/** JSON calls as the signed-in page (its cookies), checking the status. */
async function call(
  request: APIRequestContext,
  method: 'POST' | 'PUT',
  url: string,
  data: unknown,
  expected: number,
): Promise<Record<string, unknown>> {
  const response = await request.fetch(url, { method, data });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(expected);
  return (await response.json()) as Record<string, unknown>;
}

const profileBody = (overrides: Record<string, unknown> = {}) => ({
  specialization: 'Dementia Care',
  experience: '3-5 years',
  location: `${TOWN} ${ALL}`,
  hourlyRateMin: '17.50',
  hourlyRateMax: '23.00',
  description: `${ALL} I support people living with dementia at home, calmly.`,
  qualifications: ['Dementia Care Training'],
  availability: ['Weekdays'],
  ...overrides,
});

describe('script payloads in every free-text field are shown as text and never run', () => {
  it('names, carer profiles, messages, reviews, reports, references and admin edits, on every page that shows them', async () => {
    // ── Writing: each field through the way its author writes it. ─────────────────────────────
    // A carer registers (through the API: the register form is not what this test is about) with
    // payload names, then writes a payload profile.
    const carer = await watchedPage();
    await registerByApi(carer.page, {
      firstName: P.script,
      lastName: P.js,
      userType: 'carer',
      email: `xss.carer.${Date.now()}@example.org`,
    });
    const profile = await call(carer.page.request, 'POST', '/api/carers', profileBody(), 201);
    const carerId = profile.id as string;
    // …and submits checks whose references carry payloads (the admin queue shows them).
    const references = [
      { ...REFERENCES[0]!, name: P.img, relationship: `${P.svg} manager` },
      { ...REFERENCES[1]!, name: P.script, relationship: P.js },
    ];
    const submitted = await carer.page.request.post('/api/carers/my-profile/verification', {
      multipart: {
        dbsLevel: 'Enhanced with Barred List',
        dbsIssueDate: '2026-03-02',
        dbsCertificateNumber: '0012 3456 7890',
        dbsUpdateService: 'true',
        rightToWorkMethod: 'share_code',
        rightToWorkShareCode: 'W12 345 67X',
        references: JSON.stringify(references),
        dbsCertificate: { name: 'dbs.pdf', mimeType: 'application/pdf', buffer: FILES.pdf },
        photoId: { name: 'id.jpg', mimeType: 'image/jpeg', buffer: FILES.jpeg },
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    // Earlier checks of hers were approved, so families can reach her while these wait in the queue.
    await approveChecks(suite.server().database.db, carerId, new Date(Date.now() - 86_400_000));
    await suite.server().carersChanged();

    // The subscribed family changes its name to payloads, writes to the carer, reports the chat.
    const family = await watchedPage(DEMO_ACCOUNTS.subscribed);
    await call(
      family.page.request,
      'PUT',
      '/api/settings/profile',
      { firstName: P.img, lastName: P.svg },
      200,
    );
    const sent = await call(
      family.page.request,
      'POST',
      '/api/messages',
      { receiverId: profile.userId, carerId, content: `${ALL} Could you help my dad?` },
      201,
    );
    const conversationId = sent.conversationId as string;
    await call(
      carer.page.request,
      'POST',
      `/api/conversations/${conversationId}/messages`,
      { content: `Reply ${P.svg} ${P.js}` },
      201,
    );
    // A review (allowed once the carer has replied), and a report with payload details.
    const review = await call(
      family.page.request,
      'PUT',
      `/api/carers/${carerId}/reviews/mine`,
      { rating: 4, comment: `${ALL} Kind and punctual.` },
      201,
    );
    await call(
      family.page.request,
      'POST',
      `/api/conversations/${conversationId}/report`,
      { reason: 'Something else', details: `Report ${ALL}` },
      201,
    );
    // The carer reports the review back, with payload details too.
    const reviewId = (review.review as { id: string }).id;
    await call(
      carer.page.request,
      'POST',
      `/api/reviews/${reviewId}/report`,
      { reason: 'False or misleading information', details: `Review report ${P.svg}` },
      201,
    );

    // An admin creates a carer whose every field (lists included) is a payload.
    const admin = await watchedPage(DEMO_ACCOUNTS.admin);
    const made = await call(
      admin.page.request,
      'POST',
      '/api/test/carers',
      {
        firstName: P.svg,
        lastName: P.img,
        specialization: `Spec ${P.img}`,
        experience: `Exp ${P.script}`,
        location: `${TOWN} ${P.js} ${P.svg}`,
        hourlyRateMin: '15',
        hourlyRateMax: '20',
        description: `Admin ${ALL} description long enough for any rule.`,
        qualifications: [`Qual ${P.svg}`, P.js],
        availability: [`Avail ${P.script}`],
        // Ticked "Verified Carer": listed, so families' pages show it too.
        isVerified: true,
      },
      201,
    );
    const madeId = made.id as string;

    // ── Reading: every page that shows what was written. ──────────────────────────────────────
    // A visitor searches: both carers' cards (names, location, description, lists).
    const visitor = await watchedPage();
    await visitor.page.goto(`/carers?location=${TOWN}`);
    await expectShownAsText(visitor, 'search cards', [
      `${P.script} `, // the self-registered carer's first name
      `Spec ${P.img}`,
      `Qual ${P.svg}`,
      P.img,
      P.svg,
      P.js,
    ]);
    // Their profile pages: description, location, qualifications, availability, the review.
    await visitor.page.goto(`/carers/${carerId}`);
    await expectShownAsText(visitor, 'carer profile', [ALL, `${TOWN} ${ALL}`, 'Kind and punctual.']);
    await visitor.page.goto(`/carers/${madeId}`);
    await expectShownAsText(visitor, 'admin-made carer profile', [
      `Admin ${ALL}`,
      `Exp ${P.script}`,
      `Avail ${P.script}`,
      `Qual ${P.svg}`,
    ]);

    // The family: the search as a subscriber, the inbox and the thread with the carer's reply.
    await family.page.goto(`/customer-dashboard?location=${TOWN}`);
    await expectShownAsText(family, 'customer search', [`Spec ${P.img}`, `${TOWN} ${ALL}`]);
    await family.page.goto('/messages');
    await expectShownAsText(family, 'family inbox', [`Reply ${P.svg} ${P.js}`]);
    await family.page.goto(`/messages/${conversationId}`);
    await expectShownAsText(family, 'family thread', [`${ALL} Could you help my dad?`, `Reply ${P.svg}`]);
    await family.page.goto('/settings');
    // In the name fields as values, never as markup.
    await expect.poll(() => family.page.getByLabel('First name').inputValue()).toBe(P.img);
    expect(await family.page.getByLabel('Last name').inputValue()).toBe(P.svg);
    await expectShownAsText(family, 'family settings', []);
    await family.page.goto('/');
    await expectShownAsText(family, 'family home', [P.img]);

    // The carer: inbox (the family's payload name), thread, dashboard with the review.
    await carer.page.goto('/messages');
    await expectShownAsText(carer, 'carer inbox', [P.img, `Reply ${P.svg} ${P.js}`]);
    await carer.page.goto(`/messages/${conversationId}`);
    await expectShownAsText(carer, 'carer thread', [`${ALL} Could you help my dad?`]);
    await carer.page.goto('/carer-dashboard');
    await expectShownAsText(carer, 'carer dashboard', [ALL]);

    // The admin screens: customers, carers, the verification queue, safeguarding, audit log.
    await admin.page.goto('/admin-dashboard?tab=customers');
    await expectShownAsText(admin, 'admin customers', [`${P.img} ${P.svg}`]);
    await admin.page.getByRole('tab', { name: 'Carer Profiles' }).click();
    await expectShownAsText(admin, 'admin carers', [`Spec ${P.img}`, `${TOWN} ${ALL}`]);
    await admin.page.getByRole('tab', { name: 'Verifications' }).click();
    await expectShownAsText(admin, 'admin verification queue', [`${P.svg} manager`, P.script, P.js]);
    await admin.page.getByRole('tab', { name: 'Safeguarding' }).click();
    await expectShownAsText(admin, 'admin safeguarding queue', [`Report ${ALL}`, `Review report ${P.svg}`]);
    await admin.page.getByRole('tab', { name: 'Audit Log' }).click();
    // The audit entry of the admin's carer shows what was written, as text.
    await expectShownAsText(admin, 'admin audit log', ['onerror=alert(1)']);
    await admin.page.goto('/admin-management');
    await expectShownAsText(admin, '/admin-management', [`${P.img} ${P.svg}`]);
    for (const url of ['/test-admin', '/test-customer-admin']) {
      await admin.page.goto(url);
      await admin.page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectShownAsText(admin, url, []);
    }

    // An admin's rejection reason, written with payloads, shown on the carer's dashboard.
    const queue = await admin.page.request.get('/api/admin/verifications');
    const pending = ((await queue.json()) as { id: string; carerId: string }[]).find(
      (item) => item.carerId === carerId,
    )!;
    await call(
      admin.page.request,
      'POST',
      `/api/admin/verifications/${pending.id}/reject`,
      { reason: `Reason ${ALL}` },
      200,
    );
    await carer.page.goto('/carer-dashboard');
    await expectShownAsText(carer, 'carer dashboard after rejection', [`Reason ${ALL}`]);
  });

  it('the contact form takes payloads as text; staff read them only in a plain-text email', async () => {
    const visitor = await watchedPage();
    await visitor.page.goto('/contact');
    const form = visitor.page.getByRole('form', { name: 'Send Us a Message' });
    await form.getByLabel('First name').fill(P.img);
    await form.getByLabel('Last name').fill(P.svg);
    await form.getByLabel('Email').fill('payload.sender@example.org');
    await form.getByLabel('Subject').fill(`Subject ${P.script}`);
    await form.getByLabel('Message').fill(`Message ${ALL}`);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await visitor.page.getByText(CONTACT_MESSAGES.sentTitle, { exact: true }).waitFor();
    await expectShownAsText(visitor, 'contact form', []);

    // No screen shows enquiries: support gets an email, text only (the outbox has no HTML body).
    const [email] = await suite
      .server()
      .database.db.select()
      .from(outboxEmails)
      .where(eq(outboxEmails.replyTo, 'payload.sender@example.org'))
      .orderBy(desc(outboxEmails.createdAt));
    expect(email?.bodyText).toContain(`Message ${ALL}`);
    expect(Object.keys(email ?? {})).not.toContain('bodyHtml');
  });
});
