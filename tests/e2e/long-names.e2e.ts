// Every name at any length fits a 375 px phone: the longest first and last names the forms accept
// (one unbroken word each, the hardest case), on each screen that shows them. A 70-character family
// name once made the carer's phone conversation 790 px wide, the reply box off-screen.
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PERSON_NAME_MAX_LENGTH } from '@contracts/limits';
import { DEMO_ACCOUNTS } from '../../src/server/demo-seed/seed';
import { approveChecks } from '../support/carer-fixtures';
import { MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { registerByApi } from './support/journeys';

const suite = useE2ESuite();

const longWord = (seed: string) =>
  seed.repeat(Math.ceil(PERSON_NAME_MAX_LENGTH / seed.length)).slice(0, PERSON_NAME_MAX_LENGTH);
const FAMILY = { firstName: longWord('Gwendolyn'), lastName: longWord('Featherstonehaugh') };
const CARER = { firstName: longWord('Maximiliana'), lastName: longWord('Wolfeschlegelstein') };
const TOWN = 'Longnameton';

async function call(
  request: APIRequestContext,
  method: 'POST' | 'PUT',
  url: string,
  data: unknown,
  status: number,
) {
  const response = await request.fetch(url, { method, data });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status);
  return (await response.json()) as Record<string, unknown>;
}

/** Screens wider than the phone, with the elements that stick out (all are reported at once). */
const tooWide: string[] = [];

/** The page as it is now: no wider than the phone. */
async function checkFits(page: Page, label: string) {
  const found = await page.evaluate((limit) => {
    const width = document.documentElement.scrollWidth;
    if (width <= limit) return null;
    // The text-bearing elements that stick out, with their nearest ancestors, to say what to fix.
    const out = Array.from(document.querySelectorAll('body *'))
      .filter(
        (element) =>
          element.children.length === 0 &&
          (element.textContent ?? '').trim() !== '' &&
          element.getBoundingClientRect().right > limit + 1,
      )
      .slice(0, 3)
      .map((element) => {
        const chain: string[] = [];
        for (let at: Element | null = element; at && chain.length < 4; at = at.parentElement) {
          chain.push(`${at.localName}.${(at.getAttribute('class') ?? '').split(' ').slice(0, 4).join('.')}`);
        }
        return `"${(element.textContent ?? '').trim().slice(0, 30)}" in ${chain.join(' < ')}`;
      });
    return `${width} px wide: ${out.join(' | ')}`;
  }, MOBILE.width);
  if (found) tooWide.push(`${label}: ${found}`);
}

/** The page at `url`, once `text` shows, is no wider than the phone. */
async function expectFits(page: Page, url: string, text: string, label = url) {
  await page.goto(url);
  await page.getByText(text).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
  await checkFits(page, label);
}

describe('the longest names fit a 375 px phone', () => {
  it('on the search cards, the profile, conversations, the dashboard, my care and the home page', async () => {
    expect(FAMILY.lastName).toHaveLength(PERSON_NAME_MAX_LENGTH);

    // A carer with the longest names, listed.
    const carer = await suite.open(MOBILE);
    await registerByApi(carer, {
      ...CARER,
      userType: 'carer',
      email: `long.carer.${Date.now()}@example.org`,
    });
    const profile = await call(
      carer.request,
      'POST',
      '/api/carers',
      {
        specialization: 'Companion Care',
        experience: '3-5 years',
        location: `${TOWN}, North Yorkshire`,
        hourlyRateMin: '17.50',
        hourlyRateMax: '23.00',
        description: 'Friendly companion carer, happy to help with shopping, outings, meals and a chat.',
        qualifications: ['First Aid Certified'],
        availability: ['Weekdays'],
      },
      201,
    );
    const carerId = profile.id as string;
    await approveChecks(suite.server().database.db, carerId, new Date(Date.now() - 86_400_000));
    await suite.server().carersChanged();

    // The family with a plan takes the longest names, writes, and proposes an arrangement.
    const family = await suite.open(MOBILE, DEMO_ACCOUNTS.subscribed);
    await call(family.request, 'PUT', '/api/settings/profile', FAMILY, 200);
    const sent = await call(
      family.request,
      'POST',
      '/api/messages',
      { receiverId: profile.userId, carerId, content: 'Could you help my dad on Tuesday mornings?' },
      201,
    );
    const conversationId = sent.conversationId as string;
    await call(
      carer.request,
      'POST',
      `/api/conversations/${conversationId}/messages`,
      { content: 'Yes, Tuesday mornings suit me.' },
      201,
    );
    const arrangement = await call(
      family.request,
      'POST',
      '/api/bookings',
      {
        conversationId,
        startDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        visits: [{ day: 'tuesday', start: '09:00', end: '12:00' }],
        hourlyRate: '18.00',
        tasks: 'Breakfast and a walk.',
      },
      201,
    );
    await call(carer.request, 'POST', `/api/bookings/${arrangement.id as string}/accept`, {}, 200);

    // What the family sees.
    const carerName = CARER.firstName.slice(0, 20);
    await expectFits(family, `/customer-dashboard?location=${TOWN}`, carerName, 'search cards');
    await expectFits(family, `/carers/${carerId}`, carerName, 'carer profile');
    await expectFits(family, '/messages', carerName, 'family inbox');
    await expectFits(
      family,
      `/messages/${conversationId}`,
      'Yes, Tuesday mornings suit me.',
      'family thread',
    );
    await expectFits(family, '/my-care', carerName, 'family my care');
    await expectFits(family, '/', FAMILY.firstName.slice(0, 20), 'family home');
    await expectFits(family, '/saved', 'Saved Carers', 'saved carers');

    // What the carer sees.
    const familyName = FAMILY.firstName.slice(0, 20);
    await expectFits(carer, '/messages', familyName, 'carer inbox');
    await expectFits(carer, `/messages/${conversationId}`, 'Could you help my dad', 'carer thread');
    await expectFits(carer, '/carer-dashboard', CARER.firstName.slice(0, 20), 'carer dashboard');
    await expectFits(carer, '/my-care', familyName, 'carer my care');
    await carer.goto('/carer-dashboard');
    await carer.getByRole('tab', { name: 'Schedule' }).click();
    await carer.getByText(familyName).filter({ visible: true }).first().waitFor();
    await checkFits(carer, 'carer schedule');
    await carer.getByRole('tab', { name: 'Messages' }).click();
    await carer.getByText(familyName).filter({ visible: true }).first().waitFor();
    await checkFits(carer, 'carer messages tab');
    expect(tooWide).toEqual([]);
  });
});
