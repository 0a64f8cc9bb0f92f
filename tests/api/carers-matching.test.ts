import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotMask } from '@contracts/availability';
import { SEARCH_MESSAGES, type CarerSearchResult, type MatchingCarers } from '@contracts/carers';
import { carerProfiles } from '../../src/server/db/schema';
import { DISTRICT_CENTRES } from '../../src/server/platform/geocoder/data/postcode-districts';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * The plan chooser's count (GET /api/carers/matching): how many listed, verified carers the
 * search finds for a place, a distance and a week, before a family pays. The same search as
 * /api/carers, from district centres (decision 0032), whole carers and no names.
 */

const DAY_MS = 86_400_000;
let t: TestApp;

const centre = (district: string) => {
  const [lat, lng] = DISTRICT_CENTRES[district]!;
  return { homeLatitude: lat, homeLongitude: lng };
};

function carer(
  firstName: string,
  district: string,
  slots: Parameters<typeof slotMask>[0],
  overrides: Partial<typeof carerProfiles.$inferInsert> = {},
): typeof carerProfiles.$inferInsert {
  return {
    firstName,
    lastName: 'Matchwell',
    specialization: 'Elderly Care',
    experience: '3-5 years',
    location: 'Norwich, Norfolk',
    postcodeDistrict: district,
    homePostcode: `${district} 1AA`,
    ...centre(district),
    travelMiles: 10,
    hourlyRateMin: '18.00',
    hourlyRateMax: '24.00',
    description: 'A carer placed by the matching count test, near Norwich.',
    availability: ['Weekdays'],
    availabilitySlots: slotMask(slots),
    rankScore: 50,
    isVerified: true,
    listedUntil: new Date(Date.now() + 30 * DAY_MS),
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(carerProfiles).values([
    carer('Tuesmorn', 'NR2', ['tuesday-morning', 'thursday-morning']),
    carer('Alsotues', 'NR3', ['tuesday-morning']),
    carer('Evenonly', 'NR2', ['tuesday-evening']),
    carer('Dementiaone', 'NR4', ['tuesday-morning'], { specialization: 'Dementia Care' }),
    // Not offered to families: checks not approved, listing lapsed, inactive.
    carer('Unchecked', 'NR2', ['tuesday-morning'], { isVerified: false }),
    carer('Lapsed', 'NR2', ['tuesday-morning'], { listedUntil: new Date(Date.now() - DAY_MS) }),
    carer('Inactive', 'NR2', ['tuesday-morning'], { isActive: false }),
  ]);
});
afterAll(() => t.close());

const matching = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/carers/matching?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, answer: response.json<MatchingCarers>() };
};

/** Every carer the public search lists for the same query, following its pages. */
async function searchIds(query: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/carers?${query}&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page: CarerSearchResult = (await t.app.inject({ method: 'GET', url })).json<CarerSearchResult>();
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

describe('GET /api/carers/matching', () => {
  it('counts the verified carers near the place who are free in the week asked, as the search finds them', async () => {
    const query = 'near=NR2&within=10&day=tuesday&partOfDay=morning';
    const { answer } = await matching(query);
    expect(answer).toEqual({
      count: 3,
      more: false,
      within: 10,
      careType: null,
      day: 'tuesday',
      partOfDay: 'morning',
    });
    expect(answer.count).toBe((await searchIds(query)).length);
  });

  it('narrows by care type and week, and is the same count as the search for each', async () => {
    for (const query of [
      'near=NR2&within=10&careType=Dementia%20Care',
      'near=NR2&within=10&day=thursday',
      'near=NR2&within=10&partOfDay=evening',
      'near=NR2&within=10&availability=Weekdays',
      'near=NR2&within=10',
    ]) {
      const { answer } = await matching(query);
      expect(answer.count, query).toBe((await searchIds(query)).length);
    }
    expect((await matching('near=NR2&within=10&careType=Dementia%20Care')).answer.count).toBe(1);
    expect((await matching('near=NR2&within=10&day=thursday')).answer.count).toBe(1);
  });

  it('answers 0 where nobody matches, and names nobody', async () => {
    const far = await matching('near=EH1&within=10&day=tuesday&partOfDay=morning');
    expect(far.answer.count).toBe(0);
    const near = await matching('near=NR2&within=10&day=tuesday&partOfDay=morning');
    for (const name of ['Tuesmorn', 'Alsotues', 'Matchwell', 'NR3']) expect(near.body).not.toContain(name);
    expect(Object.keys(near.answer).sort()).toEqual([
      'careType',
      'count',
      'day',
      'more',
      'partOfDay',
      'within',
    ]);
  });

  it('needs a place, and says so beside it; a place nobody knows is a 400 too', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/carers/matching?day=tuesday' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toEqual({ near: SEARCH_MESSAGES.nearRequired });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/carers/matching?near=Nowhereshire%20Qx' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ near: SEARCH_MESSAGES.near });
  });
});
