// The family circle (decision 0036). The subscribed family has an accepted arrangement with the
// demo carer Grace. In Settings the holder invites a relative as "can see"; the relative, new to
// CareMatch, opens the emailed link on their phone, registers with the invited address, proves it
// through the demo mailbox's link in a new tab, and Continue brings them back to the invitation to
// accept; My care then shows the arrangement, with no way to write to the carer. A relative with
// an account, signed out, signs in from the invitation and is brought back to it too. axe at
// 375 px and desktop on each new screen.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import {
  DESKTOP,
  expectNoAxeViolationsAtBothWidths,
  expectNoAxeViolationsAtPhoneWidth,
  MOBILE,
  newPageIn,
} from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { arrangeWithGrace } from './support/grace-arrangement';
import { confirmationLink, NEW_ACCOUNT_PASSWORD, registerByApi } from './support/journeys';

const suite = useE2ESuite();
const open = suite.open;

/** The newest family circle invitation link emailed to `email` (its path and query). */
async function invitationLink(page: Page, email: string): Promise<string> {
  const response = await page.request.get(`/api/demo/mailbox?to=${encodeURIComponent(email)}`);
  const { emails } = (await response.json()) as { emails: Array<{ text: string }> };
  const link = emails
    .map((sent) => sent.text.match(/https?:\/\/\S+\/family-circle\/join\?token=\S+/)?.[0])
    .find(Boolean);
  if (!link) throw new Error(`no invitation emailed to ${email}`);
  const url = new URL(link);
  // The server's PUBLIC_URL may name another port than the test server's: keep path and query.
  return `${url.pathname}${url.search}`;
}

describe('the family circle', () => {
  it('a relative invited as "can see" registers from the link, joins, sees the care and cannot message', async () => {
    const family = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    const carer = await open(MOBILE, DEMO_ACCOUNTS.carer);

    const { arrangementId } = await arrangeWithGrace(family, carer, {
      message: 'Could you help my mum on Thursdays?',
      day: 'thursday',
      start: '10:00',
      end: '12:00',
      hourlyRate: '19.00',
      tasks: 'Shopping and a cup of tea.',
    });

    // The holder invites the relative from Settings; "Can see" is the choice made for them.
    const email = `nia.relative.${Date.now()}@example.org`;
    await family.goto('/settings');
    const section = family.getByRole('region', { name: 'Family circle', exact: true });
    // The demo relative is in Sam's circle already (demo seed).
    await section
      .getByRole('list', { name: 'People in your family circle' })
      .getByText(`${DEMO_ACCOUNTS.relative.firstName} ${DEMO_ACCOUNTS.relative.lastName}`)
      .waitFor();
    await section.getByText(/Up to 5 people, invitations included/).waitFor();
    await expectNoAxeViolationsAtPhoneWidth(family, 'settings: family circle');
    await section.getByLabel('Their email').fill(email);
    expect(await section.getByLabel(/^Can see/).isChecked()).toBe(true);
    await section.getByRole('button', { name: 'Send invitation' }).click();
    await section.getByText(`Invitation sent to ${email}.`).waitFor();
    const invitations = section.getByRole('list', { name: 'Open invitations' });
    await invitations.getByText(email).waitFor();
    await expectNoAxeViolationsAtPhoneWidth(family, 'settings: family circle with an invitation');

    // The relative, on their phone and new to CareMatch, opens the link.
    const relative = await open(MOBILE);
    const link = await invitationLink(relative, email);
    await relative.goto(link);
    await relative.getByRole('heading', { name: 'Join Sam O.’s family circle', level: 1 }).waitFor();
    // The secret is out of the address bar at once.
    expect(new URL(relative.url()).search).toBe('');
    await relative.getByText(/invited you as “Can see”/).waitFor();
    await expectNoAxeViolationsAtPhoneWidth(relative, 'invitation, signed out');
    await relative.getByRole('link', { name: 'Create an account', exact: true }).click();
    await relative.waitForURL((url) => url.pathname === '/register');
    // Registers with the invited address.
    await relative.getByLabel('First name').fill('Nia');
    await relative.getByLabel('Last name').fill('Relative');
    await relative.getByLabel('Email').fill(email);
    await relative.getByLabel('Password').fill(NEW_ACCOUNT_PASSWORD);
    await relative.getByLabel('Looking for care').check();
    await relative.getByRole('button', { name: 'Create account' }).click();
    await relative.getByRole('heading', { name: 'Check your email' }).waitFor();

    // The confirmation link opens in a new tab, as from a mail app; Continue goes back to the
    // invitation (the link is not opened again), signed in now: one button accepts.
    const tab = await newPageIn(relative.context(), MOBILE);
    await relative.close();
    await tab.goto(await confirmationLink(tab, email));
    await tab.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
    await tab.getByRole('link', { name: 'Continue' }).click();
    await tab.waitForURL((url) => url.pathname === '/family-circle/join');
    expect(new URL(tab.url()).search).toBe('');
    await tab.getByRole('heading', { name: 'Join Sam O.’s family circle', level: 1 }).waitFor();
    const acceptButton = tab.getByRole('button', { name: 'Accept invitation' });
    await acceptButton.waitFor();
    await expectNoAxeViolationsAtPhoneWidth(tab, 'invitation, signed in');
    await acceptButton.click();
    await tab.getByRole('heading', { name: 'You joined the family circle', level: 1 }).waitFor();
    await tab.getByRole('link', { name: 'See their care' }).click();

    // My care: the family's arrangement with Grace, and no way to write to her.
    await tab.waitForURL((url) => url.pathname === '/my-care');
    const card = tab.locator('[data-testid="arrangement-card"]').filter({ hasText: 'Grace M.' });
    await card.waitFor();
    expect(await card.getByRole('link', { name: /message/i }).count()).toBe(0);
    expect(await card.getByRole('button', { name: /message|accept|decline/i }).count()).toBe(0);
    await expectNoAxeViolationsAtBothWidths(tab, 'my care as a "can see" member');
    const write = await tab.request.post(`/api/bookings/${arrangementId}/circle-messages`, {
      data: { content: 'Hello Grace' },
    });
    expect(write.status()).toBe(403);

    // The relative sees the circle they are in, with Leave; the holder sees them in theirs.
    await tab.goto('/settings');
    const theirs = tab.getByRole('region', { name: 'Family circles you are in' });
    await theirs.getByText('Sam O.’s family circle').waitFor();
    await theirs.getByRole('button', { name: 'Leave' }).waitFor();
    await tab.getByRole('region', { name: 'Email notifications' }).getByLabel('Visit notes').waitFor();
    await expectNoAxeViolationsAtPhoneWidth(tab, 'settings as a circle member');
    await family.reload();
    await section
      .getByRole('list', { name: 'People in your family circle' })
      .getByText('Nia Relative')
      .waitFor();
    await expectNoAxeViolationsAtPhoneWidth(family, 'settings: family circle with a member');
  });

  it('a relative with an account, signed out, signs in from the invitation and is brought back to accept', async () => {
    const family = await open(DESKTOP, DEMO_ACCOUNTS.subscribed);
    // A family account at the invited address (registered and proved elsewhere).
    const elsewhere = await open(DESKTOP);
    const email = await registerByApi(elsewhere, {
      firstName: 'Owen',
      lastName: 'Relative',
      userType: 'customer',
    });
    const invited = await family.request.post('/api/circle/invitations', {
      data: { email, role: 'can_see' },
    });
    expect(invited.status(), await invited.text()).toBe(201);

    const relative = await open(MOBILE);
    await relative.goto(await invitationLink(relative, email));
    await relative.getByRole('heading', { name: 'Join Sam O.’s family circle', level: 1 }).waitFor();
    expect(new URL(relative.url()).search).toBe('');
    await relative.getByRole('link', { name: 'Sign in', exact: true }).click();
    await relative.waitForURL((url) => url.pathname === '/login');
    await relative.getByLabel('Email').fill(email);
    await relative.getByLabel('Password').fill(NEW_ACCOUNT_PASSWORD);
    await relative.getByRole('button', { name: 'Sign in' }).click();

    await relative.waitForURL((url) => url.pathname === '/family-circle/join');
    expect(new URL(relative.url()).search).toBe('');
    await relative.getByRole('button', { name: 'Accept invitation' }).click();
    await relative.getByRole('heading', { name: 'You joined the family circle', level: 1 }).waitFor();
    await relative.getByText('You are now in Sam O.’s family circle', { exact: false }).waitFor();
  });
});
