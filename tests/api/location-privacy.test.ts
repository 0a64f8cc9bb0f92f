import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NearbyCareRequests, OwnCareRequests } from '@contracts/care-requests';
import type { CarerSearchResult } from '@contracts/carers';
import { POSTCODE_MESSAGES } from '@contracts/postcodes';
import { careRequests, carerProfiles } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/demo-seed/seed';
import { REQUEST_POSTCODE_CHANGES_LIMIT } from '../../src/server/features/care-requests/care-requests.service';
import { HOME_POSTCODE_CHANGES_LIMIT } from '../../src/server/features/carers/carers.service';
import { builtInPointOf } from '../../src/server/platform/geocoder/built-in-places';
import { DISTRICT_CENTRES } from '../../src/server/platform/geocoder/data/postcode-districts';
import { createRateLimiter } from '../../src/server/platform/rate-limit';
import { approveChecks, validProfile } from '../support/carer-fixtures';
import { startFakePostcodesService, type FakePostcodesService } from '../support/fake-postcodes-service';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Nobody learns more about where a carer or a family lives than the postcode district (decision
 * 0032). The attacker here has the district centres the product ships, asks from each of them
 * through every answer that carries a distance or an order, and trilaterates. The postcode
 * service (a fake) places each person's full postcode 1 km from their district's centre: twins
 * in one district, one 1 km north of its centre and one 1 km south, must get the very same
 * answers, so no estimate can be nearer both homes than the centre is.
 */

const EARTH_RADIUS_M = 6_378_168;
const OFFSET_M = 1_000;
const METRES_PER_DEGREE_LAT = (Math.PI / 180) * EARTH_RADIUS_M;

interface Point {
  latitude: number;
  longitude: number;
}
const centreOf = (district: string): Point => {
  const [latitude, longitude] = DISTRICT_CENTRES[district]!;
  return { latitude, longitude };
};
const north = (point: Point, metres: number): Point => ({
  latitude: point.latitude + metres / METRES_PER_DEGREE_LAT,
  longitude: point.longitude,
});
const east = (point: Point, metres: number): Point => ({
  latitude: point.latitude,
  longitude: point.longitude + metres / (METRES_PER_DEGREE_LAT * Math.cos((point.latitude * Math.PI) / 180)),
});

function metresBetween(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) *
      Math.cos(b.latitude * rad) *
      Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

const LS6 = centreOf('LS6');
const LS8 = centreOf('LS8');
/** The shipped district centres within 12 miles of Headingley: the attacker's places to ask from. */
const PROBES = Object.keys(DISTRICT_CENTRES).filter(
  (district) => metresBetween(centreOf(district), LS6) < 12 * 1609.344,
);

/** The point whose distances to the probes best fit those observed (least squares on a 50 m grid). */
function trilaterate(observations: { from: Point; metres: number }[], around: Point): Point {
  let best = { point: around, error: Infinity };
  for (let dy = -6_000; dy <= 6_000; dy += 50) {
    for (let dx = -6_000; dx <= 6_000; dx += 50) {
      const point = east(north(around, dy), dx);
      let error = 0;
      for (const { from, metres } of observations) error += (metresBetween(point, from) - metres) ** 2;
      if (error < best.error) best = { point, error };
    }
  }
  return best.point;
}

const MILE = 1609.344;
// Each probe gets a full postcode of its own, at its district's centre, for the routes that need
// a postcode (a care request's, a carer's home).
const probePostcode = (district: string) => `${district} 9ZZ`;
const HOMES = {
  'LS6 1AA': north(LS6, OFFSET_M),
  'LS6 1AB': north(LS6, -OFFSET_M),
  'LS6 1AD': east(LS6, OFFSET_M),
  'LS8 1AA': north(LS8, OFFSET_M),
  'LS8 1AB': north(LS8, -OFFSET_M),
  // A district the built-in data knows only by its area (York): the service gives its centre.
  'YO62 5AA': { latitude: 54.2, longitude: -1.0 },
} as const;
const YO62_CENTRE = { latitude: 54.18, longitude: -1.05 };

let t: TestApp;
let postcodes: FakePostcodesService;
const rateLimiter = () => createRateLimiter(t.database.db, { secret: t.config.sessionSecret });

const WEEK = { slots: ['tuesday-morning'] };

async function listedCarer(homePostcode: string, firstName: string) {
  const { cookie, user } = await t.register({ userType: 'carer', firstName, lastName: 'Twin' });
  const created = await t.injectAs(cookie, {
    method: 'POST',
    url: '/api/carers',
    payload: validProfile({
      specialization: 'Elderly Care',
      homePostcode,
      travelMiles: 50,
      availability: undefined,
      weeklyAvailability: WEEK,
    }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: string }>().id;
  await approveChecks(t.database.db, id);
  return { cookie, id, userId: user.id };
}

async function family(postcode: string) {
  const { cookie, user } = await t.register({ userType: 'customer' });
  const posted = await t.injectAs(cookie, {
    method: 'POST',
    url: '/api/care-requests',
    payload: {
      recipient: 'My father',
      careType: 'Elderly Care',
      postcode,
      startDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      pattern: WEEK,
      hoursPerWeek: 4,
      budgetMin: '16',
      budgetMax: '22',
      description: 'Dad needs a hand with breakfast and a walk on Tuesday mornings, nothing more.',
    },
  });
  expect(posted.statusCode, posted.body).toBe(201);
  return { cookie, userId: user.id, requestId: posted.json<{ id: string }>().id };
}

let twinNorth: Awaited<ReturnType<typeof listedCarer>>;
let twinSouth: Awaited<ReturnType<typeof listedCarer>>;

beforeAll(async () => {
  postcodes = await startFakePostcodesService({
    postcodes: {
      ...HOMES,
      ...Object.fromEntries(PROBES.map((district) => [probePostcode(district), centreOf(district)])),
    },
    outcodes: { YO62: YO62_CENTRE },
  });
  t = await createTestApp({ POSTCODES_URL: postcodes.url });
  twinNorth = await listedCarer('LS6 1AA', 'North');
  twinSouth = await listedCarer('LS6 1AB', 'South');
});

afterAll(async () => {
  await t?.close();
  await postcodes?.close();
});

/** Every carer a search finds, in its order, with the distances shown. */
async function searchAll(query: string) {
  const items: CarerSearchResult['items'] = [];
  let cursor: string | null = null;
  do {
    const response: { statusCode: number; body: string; json<T>(): T } = await t.app.inject({
      method: 'GET',
      url: `/api/carers?${query}&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page: CarerSearchResult = response.json<CarerSearchResult>();
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/**
 * What the attacker learns about the twins from each probe: the answers must be the same for
 * both, and the best estimate from them no nearer both homes than the district's centre is.
 */
function expectNoBetterThanTheCentre(
  observed: { north: number; south: number }[],
  metresOf: (value: number) => number,
  homes: { north: Point; south: Point; centre: Point },
) {
  const estimate = (pick: 'north' | 'south') =>
    trilaterate(
      observed.map((o, index) => ({ from: centreOf(PROBES[index]!), metres: metresOf(o[pick]) })),
      homes.centre,
    );
  const missed = Math.max(
    metresBetween(estimate('north'), homes.north),
    metresBetween(estimate('south'), homes.south),
  );
  expect(missed, 'the best estimate’s distance from the homes (m)').toBeGreaterThanOrEqual(
    metresBetween(homes.centre, homes.north) - 1,
  );
  expect(observed.map((o) => o.north)).toEqual(observed.map((o) => o.south));
}

describe('a carer’s home, as anyone searching sees it', () => {
  it('shows whole miles measured from the district centre, the same for every home in the district', async () => {
    const observed: { north: number; south: number }[] = [];
    const shown: unknown[] = [];
    for (const district of PROBES) {
      const items = await searchAll(`near=${district}&within=50`);
      const miles = (id: string) => items.find((carer) => carer.id === id)!.distanceMiles!;
      observed.push({ north: miles(twinNorth.id), south: miles(twinSouth.id) });
      shown.push(...items.map((carer) => carer.distanceMiles));
    }
    expectNoBetterThanTheCentre(observed, (miles) => miles * MILE, {
      north: HOMES['LS6 1AA'],
      south: HOMES['LS6 1AB'],
      centre: LS6,
    });
    expect(shown.every((miles) => Number.isInteger(miles))).toBe(true);
  });

  it('orders the district’s homes the same from every place (nearest first tells nothing more)', async () => {
    const order = new Set<boolean>();
    for (const district of PROBES) {
      const ids = (await searchAll(`near=${district}&within=50&sort=distance`)).map((carer) => carer.id);
      order.add(ids.indexOf(twinNorth.id) < ids.indexOf(twinSouth.id));
    }
    expect(order.size).toBe(1);
  });

  it('gives the same radius answers for every home in the district (a binary search on `within`)', async () => {
    const observed: { north: number; south: number }[] = [];
    for (const district of PROBES) {
      const smallestWithin = async (id: string) => {
        let [low, high] = [1, 50];
        while (low < high) {
          const within = Math.floor((low + high) / 2);
          const items = await searchAll(`near=${district}&within=${within}`);
          if (items.some((carer) => carer.id === id)) high = within;
          else low = within + 1;
        }
        return low;
      };
      observed.push({ north: await smallestWithin(twinNorth.id), south: await smallestWithin(twinSouth.id) });
    }
    // The home lies within `within` and not within `within - 1`: the middle of the ring.
    expectNoBetterThanTheCentre(observed, (within) => (within - 0.5) * MILE, {
      north: HOMES['LS6 1AA'],
      south: HOMES['LS6 1AB'],
      centre: LS6,
    });
  });

  it('answers no differently when the carer moves within the district', async () => {
    const seen = async () =>
      Promise.all(
        PROBES.map(async (district) =>
          (await searchAll(`near=${district}&within=50&sort=distance`)).map((carer) => [
            carer.id,
            carer.distanceMiles,
          ]),
        ),
      );
    const before = await seen();
    const moveTo = async (homePostcode: string) => {
      const moved = await t.injectAs(twinNorth.cookie, {
        method: 'PUT',
        url: `/api/carers/${twinNorth.id}`,
        payload: validProfile({
          specialization: 'Elderly Care',
          homePostcode,
          travelMiles: 50,
          availability: undefined,
          weeklyAvailability: WEEK,
        }),
      });
      expect(moved.statusCode, moved.body).toBe(200);
    };
    await moveTo('LS6 1AD'); // 1 km east of the centre, 1.4 km from where it was
    try {
      expect(await seen()).toEqual(before);
    } finally {
      await moveTo('LS6 1AA');
    }
  });
});

describe('a carer’s home, as a family whose request they answered sees it', () => {
  it('shows the same whole miles for every home in the district, however often the request moves', async () => {
    const asker = await family(probePostcode(PROBES[0]!));
    for (const twin of [twinNorth, twinSouth]) {
      const answered = await t.injectAs(twin.cookie, {
        method: 'POST',
        url: `/api/care-requests/${asker.requestId}/responses`,
        payload: { message: 'Hello, I can help on Tuesday mornings.' },
      });
      expect(answered.statusCode, answered.body).toBe(201);
    }
    const observed: { north: number; south: number }[] = [];
    for (const district of PROBES) {
      // A patient attacker: one change a day, so the limit never stops them here.
      await rateLimiter().reset(REQUEST_POSTCODE_CHANGES_LIMIT, asker.userId);
      const moved = await t.injectAs(asker.cookie, {
        method: 'PATCH',
        url: `/api/care-requests/${asker.requestId}`,
        payload: { postcode: probePostcode(district) },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const mine = await t.injectAs(asker.cookie, { method: 'GET', url: '/api/care-requests/mine' });
      const responses = mine
        .json<OwnCareRequests>()
        .items.find((item) => item.id === asker.requestId)!.responses;
      const miles = (id: string) => responses.find((r) => r.carerId === id)!.distanceMiles!;
      observed.push({ north: miles(twinNorth.id), south: miles(twinSouth.id) });
    }
    expectNoBetterThanTheCentre(observed, (miles) => miles * MILE, {
      north: HOMES['LS6 1AA'],
      south: HOMES['LS6 1AB'],
      centre: LS6,
    });
  });
});

describe('a family’s home, as a carer moving their own postcode sees it', () => {
  it('shows the same whole miles to every request in the district from wherever the carer says they live', async () => {
    const requestNorth = await family('LS8 1AA');
    const requestSouth = await family('LS8 1AB');
    const attacker = await listedCarer(probePostcode(PROBES[0]!), 'Prying');
    const observed: { north: number; south: number }[] = [];
    for (const district of PROBES) {
      await rateLimiter().reset(HOME_POSTCODE_CHANGES_LIMIT, attacker.userId);
      const moved = await t.injectAs(attacker.cookie, {
        method: 'PUT',
        url: `/api/carers/${attacker.id}`,
        payload: validProfile({
          specialization: 'Elderly Care',
          homePostcode: probePostcode(district),
          travelMiles: 50,
          availability: undefined,
          weeklyAvailability: WEEK,
        }),
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const nearby = await t.injectAs(attacker.cookie, { method: 'GET', url: '/api/care-requests/nearby' });
      expect(nearby.statusCode, nearby.body).toBe(200);
      const items = nearby.json<NearbyCareRequests>().items;
      const miles = (id: string) => items.find((item) => item.id === id)!.distanceMiles;
      observed.push({ north: miles(requestNorth.requestId), south: miles(requestSouth.requestId) });
    }
    expectNoBetterThanTheCentre(observed, (miles) => miles * MILE, {
      north: HOMES['LS8 1AA'],
      south: HOMES['LS8 1AB'],
      centre: LS8,
    });
  });
});

describe('changing a postcode', () => {
  it('allows a carer three new home postcodes a day, then a 429 that says so', async () => {
    const carer = await listedCarer('LS6 1AA', 'Mover');
    const put = (homePostcode: string) =>
      t.injectAs(carer.cookie, {
        method: 'PUT',
        url: `/api/carers/${carer.id}`,
        payload: validProfile({ homePostcode, travelMiles: 10 }),
      });
    for (const homePostcode of ['LS6 1AB', 'LS6 1AD', 'LS6 1AA'])
      expect((await put(homePostcode)).statusCode).toBe(200);
    // Saving the profile without a new postcode is not a change.
    expect((await put('LS6 1AA')).statusCode).toBe(200);
    const refused = await put('LS6 1AB');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(POSTCODE_MESSAGES.tooManyChanges);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('allows a family three new postcodes a day on posted requests, then a 429 that says so', async () => {
    const asker = await family('LS8 1AA');
    const patch = (postcode: string) =>
      t.injectAs(asker.cookie, {
        method: 'PATCH',
        url: `/api/care-requests/${asker.requestId}`,
        payload: { postcode },
      });
    for (const postcode of ['LS8 1AB', 'LS8 1AA', 'LS8 1AB'])
      expect((await patch(postcode)).statusCode).toBe(200);
    expect((await patch('LS8 1AB')).statusCode).toBe(200); // the same postcode: no change
    const refused = await patch('LS8 1AA');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(POSTCODE_MESSAGES.tooManyChanges);
  });
});

describe('points kept before the district rule', () => {
  it('move to their district’s centre at start (housekeeping), from the built-in data or the service’s outward code', async () => {
    const exact = HOMES['LS6 1AA'];
    const row = (firstName: string, homePostcode: string, point: Point) => ({
      firstName,
      lastName: 'Before',
      specialization: 'Elderly Care',
      experience: '3-5 years',
      location: 'Leeds, West Yorkshire',
      postcodeDistrict: homePostcode.split(' ')[0]!,
      homePostcode,
      homeLatitude: point.latitude,
      homeLongitude: point.longitude,
      hourlyRateMin: '15.00',
      hourlyRateMax: '20.00',
      description: 'A home kept at its exact point before the district rule.',
    });
    const [leeds, ryedale] = await t.database.db
      .insert(carerProfiles)
      .values([row('Kept', 'LS6 1AA', exact), row('Rural', 'YO62 5AA', HOMES['YO62 5AA'])])
      .returning();
    const asker = await family('LS8 1AA');
    await t.database.db
      .update(careRequests)
      .set({ latitude: HOMES['LS8 1AA'].latitude, longitude: HOMES['LS8 1AA'].longitude })
      .where(eq(careRequests.id, asker.requestId));

    expect(await t.app.carers.placeHomesAtDistrictCentres()).toBeGreaterThanOrEqual(2);
    expect(await t.app.careRequests.placeAtDistrictCentres()).toBeGreaterThanOrEqual(1);
    const homeOf = async (id: string) =>
      (await t.database.db.select().from(carerProfiles).where(eq(carerProfiles.id, id)))[0]!;
    expect(await homeOf(leeds!.id)).toMatchObject({
      homeLatitude: LS6.latitude,
      homeLongitude: LS6.longitude,
    });
    expect(await homeOf(ryedale!.id)).toMatchObject({
      homeLatitude: YO62_CENTRE.latitude,
      homeLongitude: YO62_CENTRE.longitude,
    });
    const [request] = await t.database.db
      .select()
      .from(careRequests)
      .where(eq(careRequests.id, asker.requestId));
    expect(request).toMatchObject({ latitude: LS8.latitude, longitude: LS8.longitude });
    // Once there, nothing moves.
    expect(await t.app.carers.placeHomesAtDistrictCentres()).toBe(0);
    expect(await t.app.careRequests.placeAtDistrictCentres()).toBe(0);
  });

  it('the demo data keeps every home and request at its district’s centre', async () => {
    await seedDemoData(t.database.db);
    const homes = await t.database.db.select().from(carerProfiles);
    const requests = await t.database.db.select().from(careRequests);
    const placed = [
      ...homes
        .filter((home) => home.homePostcode !== null && home.homeLatitude !== null)
        .map((home) => ({
          district: home.postcodeDistrict!,
          latitude: home.homeLatitude,
          longitude: home.homeLongitude,
        })),
      ...requests.map((request) => ({ district: request.postcodeDistrict, ...request })),
    ];
    expect(placed.length).toBeGreaterThan(30);
    for (const { district, latitude, longitude } of placed) {
      if (district === 'YO62') continue; // the service's centre, above
      const centre = builtInPointOf(district)!;
      expect({ district, latitude, longitude }).toEqual({
        district,
        latitude: centre.latitude,
        longitude: centre.longitude,
      });
    }
  });
});
