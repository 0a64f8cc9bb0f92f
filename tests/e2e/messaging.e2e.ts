import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH, MESSAGE_MESSAGES } from '../../src/contracts/messaging';
import { REPORT_MESSAGES } from '../../src/contracts/reports';
import { REVIEW_MESSAGES } from '../../src/contracts/reviews';
import { conversations, messages, users } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { DESKTOP, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { toastTitle } from './support/journeys';

const suite = useE2ESuite();
const open = suite.open;

/**
 * A message written in one browser shows in the other without a reload. The 2-second
 * target is a speed figure (tests/bench/live-latency.ts writes it to docs/performance.md); here
 * the wait is generous so a loaded CI machine cannot fail it, and no page is ever reloaded.
 */
const LIVE_MS = 10_000;
const SCRIPT_PAYLOAD =
  '<script>window.__injected = true</script><img src=x onerror="window.__injected = true">';

/** The demo carer's profile id and account, read as the carer. */
async function demoCarerProfile(carer: Page): Promise<{ id: string; userId: string }> {
  const response = await carer.request.get('/api/carers/my-profile', {
    headers: { Accept: 'application/json' },
  });
  return (await response.json()) as { id: string; userId: string };
}

/** The header's inbox link; its accessible name carries the unread count. */
const headerMessagesLink = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^Messages(, \d+ unread)?$/ });

/** The inbox row of the conversation with `name` (rows are links named by partner and preview). */
const inboxRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(name) });

/** The open thread's message log. */
const threadLog = (page: Page) => page.getByRole('log');

async function setSubscriptionEnd(email: string, end: Date) {
  await suite
    .server()
    .database.db.update(users)
    .set({ subscriptionExpiresAt: end })
    .where(eq(users.email, email));
}

describe('live messaging and reviews', () => {
  it('carries a message, the reply and a review between a family and a carer, live', async () => {
    const carer = await open(DESKTOP, DEMO_ACCOUNTS.carer);
    const customer = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    const profile = await demoCarerProfile(carer);

    await carer.goto('/messages');
    // The demo carer's one conversation so far is with the family whose dad she visits (demo seed).
    await inboxRow(carer, 'Priya S.').waitFor();
    expect(await inboxRow(carer, 'Sam O.').count()).toBe(0);
    expect(await headerMessagesLink(carer).getAttribute('aria-label')).toBe('Messages');

    // The family writes from the search page (the contact dialog of the carer's card).
    await customer.goto('/customer-dashboard?location=leeds');
    const card = customer
      .locator('[data-testid="carer-card"]')
      .filter({ has: customer.locator(`a[href="/carers/${profile.id}"]`) });
    await card.getByRole('button', { name: 'Contact Grace' }).click();
    const dialog = customer.getByRole('dialog', { name: /^Send Message to Grace/ });
    await dialog.getByRole('textbox').fill(`Hello Grace,\nCould you help my dad? ${SCRIPT_PAYLOAD}`);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await toastTitle(customer, 'Message Sent').waitFor();
    const sentAt = Date.now();

    // The carer's open inbox shows it with no reload, and the header counts it.
    await inboxRow(carer, 'Sam O.').waitFor({ timeout: LIVE_MS });
    await expect
      .poll(() => headerMessagesLink(carer).getAttribute('aria-label'), { timeout: LIVE_MS })
      .toBe('Messages, 1 unread');
    expect(Date.now() - sentAt).toBeLessThan(LIVE_MS);
    expect(await inboxRow(carer, 'Sam O.').textContent()).toContain('1 unread');

    // Opening the thread reads it: the count clears; the script is shown as text, never run.
    await inboxRow(carer, 'Sam O.').click();
    await carer.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const conversationId = carer.url().split('/').pop()!;
    await threadLog(carer).getByText(SCRIPT_PAYLOAD, { exact: false }).waitFor();
    expect(await carer.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
    await expect.poll(() => headerMessagesLink(carer).getAttribute('aria-label')).toBe('Messages');

    // The family opens the same thread; the carer's reply arrives in it live.
    await customer.goto('/messages');
    await inboxRow(customer, 'Grace M.').click();
    await customer.waitForURL(`**/messages/${conversationId}`);
    await threadLog(customer)
      .getByText(/Could you help my dad/)
      .waitFor();
    await carer.getByLabel('Reply').fill('Hello Sam, yes: Monday, Wednesday and Friday mornings suit me.');
    await carer.getByRole('button', { name: 'Send', exact: true }).click();
    await threadLog(carer)
      .getByText(/Monday, Wednesday and Friday/)
      .waitFor();
    await expect.poll(() => carer.getByLabel('Reply').inputValue()).toBe('');
    await threadLog(customer)
      .getByText(/Monday, Wednesday and Friday/)
      .waitFor({ timeout: LIVE_MS });

    // And back the other way, into the carer's open thread.
    await customer.getByLabel('Reply').fill('Wonderful, thank you.\nSee you Monday.');
    await customer.getByRole('button', { name: 'Send', exact: true }).click();
    await threadLog(carer)
      .getByText(/See you Monday/)
      .waitFor({ timeout: LIVE_MS });
    // Line breaks are kept as written.
    expect(
      await threadLog(carer)
        .getByText(/See you Monday/)
        .innerText(),
    ).toBe('Wonderful, thank you.\nSee you Monday.');

    // Now the carer has replied, the family may review them; the rating and count follow.
    await customer.getByRole('link', { name: 'View carer profile' }).click();
    await customer.waitForURL(`**/carers/${profile.id}`);
    const countText = customer
      .getByRole('main')
      .getByText(/^\(\d+ reviews?\)$/)
      .first();
    await countText.waitFor();
    const before = Number(/\d+/.exec((await countText.textContent())!)![0]);
    await customer.getByRole('heading', { name: 'Write a review' }).waitFor();
    await customer.getByRole('button', { name: 'Save Review' }).click();
    await customer.getByText(REVIEW_MESSAGES.rating).waitFor();
    await customer.getByRole('radio', { name: '2 stars' }).check({ force: true });
    await customer.getByLabel('Your review').fill('Kind, punctual and patient with my dad.');
    await customer.getByRole('button', { name: 'Save Review' }).click();
    await toastTitle(customer, REVIEW_MESSAGES.savedTitle).waitFor();
    await expect.poll(async () => countText.textContent()).toBe(`(${before + 1} reviews)`);
    await customer.getByRole('heading', { name: 'Your review' }).waitFor();
    await customer.getByText('Kind, punctual and patient with my dad.').first().waitFor();

    // Editing changes the one review: the count stays.
    await customer.getByRole('button', { name: 'Edit your review' }).click();
    await customer.getByRole('radio', { name: '5 stars' }).check({ force: true });
    await customer.getByRole('button', { name: 'Save Review' }).click();
    await toastTitle(customer, REVIEW_MESSAGES.savedTitle).waitFor();
    await customer.getByRole('heading', { name: 'Your review' }).waitFor();
    expect(await countText.textContent()).toBe(`(${before + 1} reviews)`);

    // The search card shows the new count too.
    await customer.goto('/customer-dashboard?location=leeds');
    await card.getByText(`(${before + 1} reviews)`).waitFor();
  });

  it('counts a pasted reply as people see it, keeps all of it, and says how much is too long', async () => {
    const customer = await open(MOBILE, DEMO_ACCOUNTS.subscribed);
    await customer.goto('/messages');
    await inboxRow(customer, 'Grace M.').click();
    const box = customer.getByLabel('Reply');
    await box.waitFor();
    // 2,000 emoji are 4,000 UTF-16 units: the old box cut them at 1,000.
    await box.fill('😀'.repeat(MESSAGE_MAX_LENGTH));
    await customer.getByText('2,000 / 2,000 characters', { exact: true }).waitFor();
    await box.fill(`${'😀'.repeat(MESSAGE_MAX_LENGTH)}!!`);
    await customer.getByText('2,002 / 2,000 characters — 2 too many').waitFor();
    expect([...(await box.inputValue())].length).toBe(MESSAGE_MAX_LENGTH + 2);
    await customer.getByRole('button', { name: 'Send', exact: true }).click();
    await customer.getByRole('alert').filter({ hasText: MESSAGE_MESSAGES.tooLong }).waitFor();
    expect([...(await box.inputValue())].length).toBe(MESSAGE_MAX_LENGTH + 2);
    await expectNoAxeViolations(customer, 'a reply past the limit (mobile)');
  });

  it('shows a customer whose plan ended the locked view of a family without a plan, and the server refuses them', async () => {
    const customer = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    await customer.goto('/messages');
    // The inbox and an open thread are checked by axe here, at desktop: there the page shows the
    // conversation list beside the thread (two panes), a phone one pane at a time, so desktop shows
    // every element of both.
    await inboxRow(customer, 'Grace M.').waitFor();
    await expectNoAxeViolations(customer, '/messages (desktop)');
    await inboxRow(customer, 'Grace M.').click();
    await customer.getByLabel('Reply').waitFor();
    await expectNoAxeViolations(customer, 'a thread (desktop)');
    const conversationId = customer.url().split('/').pop()!;
    const ended = new Date(Date.now() - 86_400_000);
    const { subscriptionExpiresAt } = (
      await suite
        .server()
        .database.db.select({ subscriptionExpiresAt: users.subscriptionExpiresAt })
        .from(users)
        .where(eq(users.email, DEMO_ACCOUNTS.subscribed.email))
    )[0]!;
    await setSubscriptionEnd(DEMO_ACCOUNTS.subscribed.email, ended);
    try {
      await customer.reload();
      // No unlock outlives the plan (decision 0029): the carer's words are held back, as for a
      // family that never paid (the same prompt and link); the customer's own words stay.
      await customer.getByTestId('reply-blocked').getByText(MESSAGE_MESSAGES.subscribeToRead).waitFor();
      expect(
        await customer
          .getByTestId('reply-blocked')
          .getByRole('link', { name: 'See plans' })
          .getAttribute('href'),
      ).toBe('/subscribe');
      expect(await customer.getByLabel('Reply').count()).toBe(0);
      await threadLog(customer)
        .getByText(/Could you help my dad\?/)
        .waitFor();
      expect(
        await threadLog(customer)
          .getByText(/Monday, Wednesday and Friday/)
          .count(),
      ).toBe(0);
      expect(await customer.getByTestId('locked-message').count()).toBeGreaterThan(0);
      const status = await customer.evaluate(async (id) => {
        const response = await fetch(`/api/conversations/${id}/messages`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ content: 'Trying anyway' }),
        });
        return response.status;
      }, conversationId);
      expect(status).toBe(403);
    } finally {
      await setSubscriptionEnd(DEMO_ACCOUNTS.subscribed.email, subscriptionExpiresAt!);
    }
  });

  it('reports a conversation and blocks both ways until unblocked', async () => {
    const carer = await open(DESKTOP, DEMO_ACCOUNTS.carer);
    const customer = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    await carer.goto('/messages');
    await inboxRow(carer, 'Sam O.').click();
    await carer.getByLabel('Reply').waitFor();
    const conversationId = carer.url().split('/').pop()!;

    await carer.getByRole('button', { name: 'Report' }).click();
    const report = carer.getByRole('dialog', { name: 'Report this conversation' });
    await report.getByRole('button', { name: 'Send Report' }).click();
    await report.getByText(REPORT_MESSAGES.reason).waitFor();
    await report.getByLabel('Reason').selectOption('Something else');
    await report.getByRole('button', { name: 'Send Report' }).click();
    await report.getByText(REPORT_MESSAGES.detailsRequired).waitFor();
    await report.getByLabel('Details').fill('Asked me to share my bank details.');
    await report.getByRole('button', { name: 'Send Report' }).click();
    await toastTitle(carer, REPORT_MESSAGES.sentTitle).waitFor();
    await report.waitFor({ state: 'hidden' });

    await carer.getByRole('button', { name: 'Block' }).click();
    await carer.getByRole('dialog', { name: 'Block Sam O.?' }).getByRole('button', { name: 'Block' }).click();
    await carer.getByText(MESSAGE_MESSAGES.blocked).waitFor();
    expect(await carer.getByLabel('Reply').count()).toBe(0);

    await customer.goto(`/messages/${conversationId}`);
    await customer.getByText(MESSAGE_MESSAGES.blocked).waitFor();
    expect(await customer.getByLabel('Reply').count()).toBe(0);

    await carer.getByRole('button', { name: 'Unblock' }).click();
    await carer.getByLabel('Reply').waitFor();
    await customer.reload();
    await customer.getByLabel('Reply').waitFor();
  });

  it('keeps a thread whose carer has left for the family, a note in place of the reply box', async () => {
    // What deleting the carer's account leaves: no carer profile, no sender.
    const { db } = suite.server().database;
    const [sam] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.subscribed.email));
    const at = Date.now() - 3_600_000;
    const [left] = await db
      .insert(conversations)
      .values({
        customerId: sam!.id,
        carerId: null,
        createdAt: new Date(at),
        lastMessageAt: new Date(at + 60_000),
      })
      .returning({ id: conversations.id });
    await db.insert(messages).values([
      {
        conversationId: left!.id,
        senderId: sam!.id,
        receiverId: null,
        content: 'Are you free on Thursdays?',
        createdAt: new Date(at),
      },
      {
        conversationId: left!.id,
        senderId: null,
        receiverId: sam!.id,
        content: 'Thursday mornings suit me.',
        createdAt: new Date(at + 60_000),
        readAt: new Date(at + 120_000),
      },
    ]);

    const customer = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    await customer.goto('/messages');
    await inboxRow(customer, 'Deleted user').click();
    await customer.getByText(MESSAGE_MESSAGES.carerGone).waitFor();
    await customer.getByRole('heading', { name: 'Deleted user' }).waitFor();
    await threadLog(customer).getByText('Thursday mornings suit me.').waitFor();
    expect(await customer.getByLabel('Reply').count()).toBe(0);
    expect(await customer.getByRole('link', { name: 'View carer profile' }).count()).toBe(0);
    expect(await customer.getByRole('button', { name: 'Block' }).count()).toBe(0);
    await expectNoAxeViolations(customer, 'a thread whose carer has left');
  });

  it('shows a not-found state for a conversation that is not yours', async () => {
    const family = await open(DESKTOP, DEMO_ACCOUNTS.family);
    await family.goto('/messages/7f9c1b7e-0000-4000-8000-000000000000');
    await family.getByRole('heading', { name: 'Conversation not found' }).waitFor();
    await family.getByRole('link', { name: 'Back to messages' }).click();
    await family.getByRole('heading', { name: 'No conversations yet' }).waitFor();
  });
});

describe('accessibility of messaging and reviews', () => {
  // The dialogs, the review form and the dashboard tabs at 375 px, where most families use the
  // site and layouts are tightest: none shows other elements at desktop. (/messages and a thread
  // are checked at desktop, in 'shows an expired customer why they cannot reply'.)
  it('has no axe violations on the report dialog, the review form, the contact dialog and the dashboard tabs (mobile)', async () => {
    const customer = await open(MOBILE, DEMO_ACCOUNTS.subscribed);
    await customer.goto('/messages');
    await inboxRow(customer, 'Grace M.').click();
    await customer.getByLabel('Reply').waitFor();
    await customer.getByRole('button', { name: 'Report' }).click();
    await customer.getByRole('dialog', { name: 'Report this conversation' }).waitFor();
    await expectNoAxeViolations(customer, 'the report dialog (mobile)');
    await customer.keyboard.press('Escape');

    await customer.getByRole('link', { name: 'View carer profile' }).click();
    // The first test left a review; should it have stopped early, the new-review form is checked.
    await customer.getByRole('heading', { name: /^(Your review|Write a review)$/ }).waitFor();
    const edit = customer.getByRole('button', { name: 'Edit your review' });
    if ((await edit.count()) > 0) await edit.click();
    await customer.getByRole('button', { name: 'Save Review' }).waitFor();
    await expectNoAxeViolations(customer, 'the review form (mobile)');
    await customer.getByRole('button', { name: 'Contact Grace' }).click();
    await customer.getByRole('dialog').waitFor();
    await expectNoAxeViolations(customer, 'the contact dialog (mobile)');

    const carer = await open(MOBILE, DEMO_ACCOUNTS.carer);
    await carer.goto('/carer-dashboard');
    await carer.getByRole('tab', { name: 'Messages' }).click();
    await carer.getByRole('heading', { name: /^Messages from families/ }).waitFor();
    await expectNoAxeViolations(carer, 'the dashboard Messages tab (mobile)');
    await carer.getByRole('tab', { name: 'Reviews' }).click();
    await carer.getByRole('heading', { name: /^Reviews from families/ }).waitFor();
    await expectNoAxeViolations(carer, 'the dashboard Reviews tab (mobile)');
  });
});
