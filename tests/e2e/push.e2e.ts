// Push notices on a phone (decision 0044). Headless Chromium has no push service to subscribe
// with (PushManager.subscribe needs the browser vendor's service), so the family's device is
// subscribed through the API from the page's own session, with keys made by the fake push
// service, and Settings shows it as this device. The push itself is real: the server signs it
// with VAPID and encrypts it, and the fake push service checks and decrypts it.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_KIND_LABELS, PUSH_MESSAGES, PUSH_TEXTS } from '@contracts/push';
import { pushOutbox, users } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { startFakePushService, type FakePushService } from '../support/fake-push-service';
import { expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { toastTitle } from './support/journeys';

const suite = useE2ESuite({ env: { PUSH_SERVICE_HOSTS: '127.0.0.1' } });
const { open } = suite;

let service: FakePushService;
beforeAll(async () => {
  service = await startFakePushService();
});
afterAll(() => service.close());

async function json<T>(page: Page, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(url, {
    method,
    headers: { Accept: 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

describe('push notices at 375 px', () => {
  it('a family turns push on, gets a push for a new message, and none once messages are turned off', async () => {
    const family = await open(MOBILE, DEMO_ACCOUNTS.subscribed);
    const carer = await open(MOBILE, DEMO_ACCOUNTS.carer);
    const device = service.newDevice();
    await json(family, 'POST', '/api/push/subscriptions', device.subscription);

    await family.goto('/settings');
    const section = family.getByRole('region', { name: PUSH_MESSAGES.sectionTitle });
    await section.getByText(PUSH_MESSAGES.onForThisDevice).waitFor();
    await section.getByText(`(${PUSH_MESSAGES.thisDevice})`).waitFor();
    const messages = section.getByRole('checkbox', { name: PUSH_KIND_LABELS.messages });
    expect(await messages.isChecked()).toBe(true);
    expect(await section.getByRole('checkbox', { name: PUSH_MESSAGES.previewsLabel }).isChecked()).toBe(
      false,
    );
    // Carers' kinds are not offered to a family.
    expect(await section.getByRole('checkbox', { name: PUSH_KIND_LABELS.cover_offers }).count()).toBe(0);
    await expectNoAxeViolations(family, 'settings with push on, 375 px');

    // The family writes to the carer; the carer's answer is pushed to the family's device.
    const profile = await json<{ id: string; userId: string }>(carer, 'GET', '/api/carers/my-profile');
    const sent = await json<{ conversationId: string }>(family, 'POST', '/api/messages', {
      receiverId: profile.userId,
      carerId: profile.id,
      content: 'Hello Grace, could you help my dad on Mondays?',
    });
    const answer = 'Yes, Monday mornings suit me.';
    await json(carer, 'POST', `/api/conversations/${sent.conversationId}/messages`, { content: answer });
    await expect.poll(() => service.received.length, { timeout: 10_000 }).toBe(1);
    expect(service.refused).toEqual([]);
    expect(service.received[0]!.payload).toMatchObject({
      body: PUSH_TEXTS.messages,
      url: `/messages/${sent.conversationId}`,
    });
    expect(service.received[0]!.text).not.toContain('Monday');

    // Messages off, in Settings: the next answer is not pushed (nothing is even queued).
    await messages.click();
    await toastTitle(family, PUSH_MESSAGES.savedTitle).waitFor();
    expect(await messages.isChecked()).toBe(false);
    await json(carer, 'POST', `/api/conversations/${sent.conversationId}/messages`, {
      content: 'See you then.',
    });
    const { db } = suite.server().database;
    const [account] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.subscribed.email));
    expect(await db.select().from(pushOutbox).where(eq(pushOutbox.userId, account!.id))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(service.received).toHaveLength(1);
  });
});
