import { eq, inArray } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotMask, weekFromTags } from '@contracts/availability';
import {
  SEARCH_MESSAGES,
  type CarerSearchResult,
  type OwnCarerProfile,
  type CarerSummary,
  type PublicCarer,
} from '@contracts/carers';
import { POSTCODE_MESSAGES } from '@contracts/postcodes';
import { SETTINGS_MESSAGES } from '@contracts/settings';
import { carerProfiles, users } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/demo-seed/seed';
import { approveChecks, validProfile } from '../support/carer-fixtures';
import { startFakePostcodesService, type FakePostcodesService } from '../support/fake-postcodes-service';
import { createCarersRepository } from '../../src/server/features/carers/carers.repository';
import { createCarersService } from '../../src/server/features/carers/carers.service';
import { DISTRICT_CENTRES } from '../../src/server/platform/geocoder/data/postcode-districts';
import { createGeocoder } from '../../src/server/platform/geocoder/geocoder';
import { builtInServiceDeps, createTestApp, signInDemoAccounts, type TestApp } from '../support/test-app';

/*
 * Care near me (decisions 0022, 0023): distance search checked against a reference computed here (haversine on
 * earthdistance's sphere), carers' travel areas, the weekly grid, postcodes through a fake of the
 * postcode service, and the privacy of the home postcode.
 */

// earthdistance's earth(): the sphere its distances are measured on, in metres.
const EARTH_RADIUS_M = 6_378_168;
const METRES_PER_MILE = 1609.344;
const DAY_MS = 86_400_000;

function haversineMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return (2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h))) / METRES_PER_MILE;
}

// The place searched from in the fake service: a point in Headingley, Leeds.
const HEADINGLEY = { lat: 53.8198, lng: -1.5795 };
// Where a home in LS8 is kept: the district's built-in centre (decision 0032).
const LS8_CENTRE = { lat: DISTRICT_CENTRES.LS8![0], lng: DISTRICT_CENTRES.LS8![1] };
const FAKE_POSTCODES = {
  'LS6 3AB': { latitude: HEADINGLEY.lat, longitude: HEADINGLEY.lng },
  'LS8 2PG': { latitude: 53.8301, longitude: -1.5063 },
};

/** A random number generator with a seed, so a failure can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface PlacedCarer {
  id: string;
  lat: number;
  lng: number;
  travelMiles: number | null;
  hourlyRateMin: string;
  specialization: string;
  slots: number;
}

let t: TestApp;
let postcodes: FakePostcodesService;
let cookies: Record<string, string>;
const placed: PlacedCarer[] = [];
const SEED = Number(process.env.NEAR_SEED ?? 19);

async function search(query: string) {
  return t.app.inject({ method: 'GET', url: `/api/carers?${query}` });
}

/** Every page of a search, following the cursor. */
/** Every page of a search; the first page's total must be how many all the pages hold. */
async function allPages(query: string): Promise<CarerSummary[]> {
  const items: CarerSummary[] = [];
  let cursor: string | null = null;
  let total: CarerSearchResult['total'];
  do {
    const response = await search(`${query}&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<CarerSearchResult>();
    if (cursor) expect(page.total).toBeNull();
    else total = page.total;
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  expect(total, query).toEqual({ count: items.length, more: false });
  return items;
}

/** The carers the reference says a search must return: within the distance, and travelling that far. */
function expected(
  from: { lat: number; lng: number },
  within: number,
  filter: (c: PlacedCarer) => boolean = () => true,
) {
  return placed
    .map((carer) => ({ carer, miles: haversineMiles(from, carer) }))
    .filter(
      ({ carer, miles }) => miles <= within && (carer.travelMiles === null || miles <= carer.travelMiles),
    )
    .filter(({ carer }) => filter(carer))
    .sort((a, b) => a.miles - b.miles);
}

beforeAll(async () => {
  postcodes = await startFakePostcodesService({ postcodes: FAKE_POSTCODES });
  t = await createTestApp({ POSTCODES_URL: postcodes.url });
  await seedDemoData(t.database.db);
  cookies = await signInDemoAccounts(t);
  // The demo carers are placed at built-in district centres; this test measures its own carers,
  // scattered up to 30 miles around Headingley, so the demo ones leave search.
  await t.database.db.update(carerProfiles).set({ isActive: false });
  const random = seeded(SEED);
  const types = ['Elderly Care', 'Dementia Care', 'Companion Care', 'Childcare'];
  const rows = Array.from({ length: 160 }, (_, index) => {
    const angle = random() * 2 * Math.PI;
    const miles = random() * 30;
    const lat = HEADINGLEY.lat + ((miles * METRES_PER_MILE) / 111_320) * Math.cos(angle);
    const lng =
      HEADINGLEY.lng +
      ((miles * METRES_PER_MILE) / (111_320 * Math.cos((HEADINGLEY.lat * Math.PI) / 180))) * Math.sin(angle);
    const travelChoices = [null, 3, 5, 10, 25, 50];
    return {
      firstName: `Near${index}`,
      lastName: 'Carer',
      specialization: types[index % types.length]!,
      experience: '3-5 years',
      location: 'Leeds, West Yorkshire',
      postcodeDistrict: 'LS6',
      homePostcode: 'LS6 1AA',
      homeLatitude: lat,
      homeLongitude: lng,
      travelMiles: travelChoices[Math.floor(random() * travelChoices.length)] ?? null,
      hourlyRateMin: (12 + Math.floor(random() * 14)).toFixed(2),
      hourlyRateMax: '30.00',
      description: 'A carer placed by the distance test.',
      availability: ['Weekdays'],
      availabilitySlots: Math.floor(random() * 2 ** 28),
      rankScore: random() * 100,
      isVerified: true,
      listedUntil: new Date(Date.now() + 30 * 86_400_000),
    };
  });
  const inserted = await t.database.db.insert(carerProfiles).values(rows).returning();
  for (const row of inserted) {
    placed.push({
      id: row.id,
      lat: row.homeLatitude!,
      lng: row.homeLongitude!,
      travelMiles: row.travelMiles,
      hourlyRateMin: row.hourlyRateMin,
      specialization: row.specialization,
      slots: row.availabilitySlots,
    });
  }
});

afterAll(async () => {
  // No answer to anyone but the carer themself (and their data export) carries a full postcode.
  const ownerOnly = t.bodies.filter(
    (body) => body.includes('"homePostcode"') || body.includes('"searchPlace"'),
  );
  for (const body of t.bodies.filter((b) => !ownerOnly.includes(b))) {
    expect(body).not.toMatch(/\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b/);
    expect(body).not.toMatch(/homeLatitude|homeLongitude/);
  }
  await t?.close();
  await postcodes?.close();
});

describe('GET /api/carers?near=…&within=…', () => {
  it.each([1, 5, 10, 25])(
    'returns exactly the carers within %i miles who travel that far, nearest first',
    async (within) => {
      const want = expected(HEADINGLEY, within);
      const got = await allPages(`near=${encodeURIComponent('LS6 3AB')}&within=${within}`);
      expect(got.map((carer) => carer.id)).toEqual(want.map(({ carer }) => carer.id));
      got.forEach((carer, index) => {
        // Whole miles (decision 0032).
        expect(carer.distanceMiles).toBe(Math.round(want[index]!.miles));
      });
    },
  );

  it('uses 10 miles when no distance is given, and sorts by distance by default', async () => {
    const got = await allPages(`near=${encodeURIComponent('ls63ab')}`);
    expect(got.map((carer) => carer.id)).toEqual(expected(HEADINGLEY, 10).map(({ carer }) => carer.id));
  });

  it('keeps the other orders and filters with a place', async () => {
    const want = expected(HEADINGLEY, 25, (carer) => carer.specialization === 'Dementia Care');
    const byPrice = await allPages(`near=LS6%203AB&within=25&sort=price&careType=Dementia%20Care`);
    expect(new Set(byPrice.map((carer) => carer.id))).toEqual(new Set(want.map(({ carer }) => carer.id)));
    const prices = byPrice.map((carer) => Number(carer.hourlyRateMin));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(byPrice.every((carer) => typeof carer.distanceMiles === 'number')).toBe(true);
  });

  it('filters by day and part of the day', async () => {
    const tuesdayMorning = slotMask(['tuesday-morning']);
    const saturday = slotMask([
      'saturday-morning',
      'saturday-afternoon',
      'saturday-evening',
      'saturday-overnight',
    ]);
    const mornings = await allPages('near=LS6%203AB&within=25&day=tuesday&partOfDay=morning');
    expect(mornings.map((c) => c.id)).toEqual(
      expected(HEADINGLEY, 25, (carer) => (carer.slots & tuesdayMorning) !== 0).map(({ carer }) => carer.id),
    );
    const saturdays = await allPages('near=LS6%203AB&within=25&day=saturday');
    expect(saturdays.map((c) => c.id)).toEqual(
      expected(HEADINGLEY, 25, (carer) => (carer.slots & saturday) !== 0).map(({ carer }) => carer.id),
    );
    // A card has no weekly grid (the profile has): each profile says the Saturday.
    for (const carer of saturdays) {
      const profile = (await t.app.inject({ url: `/api/carers/${carer.id}` })).json<PublicCarer>();
      expect(profile.weeklyAvailability.slots.some((slot) => slot.startsWith('saturday'))).toBe(true);
    }
  });

  it('finds the carers who offer childcare', async () => {
    const want = expected(HEADINGLEY, 25, (carer) => carer.specialization === 'Childcare');
    expect(want.length).toBeGreaterThan(0);
    const found = await allPages('near=LS6%203AB&within=25&careType=Childcare');
    expect(found.map((c) => c.id)).toEqual(want.map(({ carer }) => carer.id));
  });

  it('filters by the weekdays, the weekend and the daytime, as the old availability tags did', async () => {
    const weekdayEvenings = slotMask(
      (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map(
        (day) => `${day}-evening` as const,
      ),
    );
    const evenings = await allPages('near=LS6%203AB&within=25&day=weekdays&partOfDay=evening');
    expect(evenings.map((c) => c.id)).toEqual(
      expected(HEADINGLEY, 25, (carer) => (carer.slots & weekdayEvenings) !== 0).map(({ carer }) => carer.id),
    );
    // The old Weekends tag, as "When": Saturday or Sunday, morning or afternoon.
    const weekendDaytime = slotMask([
      'saturday-morning',
      'saturday-afternoon',
      'sunday-morning',
      'sunday-afternoon',
    ]);
    const weekends = await allPages('near=LS6%203AB&within=25&day=weekends&partOfDay=daytime');
    expect(weekends.length).toBeGreaterThan(0);
    expect(weekends.map((c) => c.id)).toEqual(
      expected(HEADINGLEY, 25, (carer) => (carer.slots & weekendDaytime) !== 0).map(({ carer }) => carer.id),
    );
    expect((await search('day=someday')).statusCode).toBe(400);
    expect((await search('partOfDay=teatime')).statusCode).toBe(400);
  });

  it('finds towns and outward codes from the built-in data', async () => {
    const leeds = await search('near=Leeds&within=5');
    expect(leeds.statusCode).toBe(200);
    const outward = await search('near=LS6&within=5');
    expect(outward.statusCode).toBe(200);
    expect(outward.json<CarerSearchResult>().items.length).toBeGreaterThan(0);
  });

  it('answers a place no one knows with a 400 beside the field, not an empty page', async () => {
    for (const place of ['Nowhereville-on-Sea', 'QQ1 1QQ', 'ZZ9']) {
      const response = await search(`near=${encodeURIComponent(place)}`);
      expect(response.statusCode, place).toBe(400);
      expect(response.json().fieldErrors).toEqual({ near: SEARCH_MESSAGES.near });
    }
  });

  it('refuses a distance outside 1-50 miles and a distance order without a place', async () => {
    for (const within of ['0', '51', '2.5', 'ten']) {
      const response = await search(`near=LS6%203AB&within=${within}`);
      expect(response.statusCode, within).toBe(400);
      expect(response.json().fieldErrors?.within).toBe(SEARCH_MESSAGES.within);
    }
    const response = await search('sort=distance');
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors?.sort).toBe(SEARCH_MESSAGES.distanceNeedsNear);
  });

  it('refuses a forged distance cursor with a 400', async () => {
    for (const keys of [
      ['distance', 'far', placed[0]!.id],
      ['distance', -1, placed[0]!.id],
      ['best', 1, placed[0]!.id],
    ]) {
      const cursor = Buffer.from(JSON.stringify(keys)).toString('base64url');
      const response = await search(`near=LS6%203AB&cursor=${cursor}`);
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('a carer’s home postcode, travel distance and week', () => {
  let cookie: string;
  let profile: OwnCarerProfile;

  beforeAll(async () => {
    ({ cookie } = await t.register({ userType: 'carer', firstName: 'Ffion', lastName: 'Hughes' }));
  });

  it('checks the postcode with the service, keeps it private and shows only the outward code', async () => {
    const week = {
      slots: ['tuesday-morning', 'tuesday-afternoon', 'saturday-evening'],
      liveIn: false,
      shortNotice: true,
    };
    const created = await t.injectAs(cookie, {
      method: 'POST',
      url: '/api/carers',
      payload: validProfile({
        homePostcode: 'ls8 2pg',
        travelMiles: 10,
        weeklyAvailability: week,
        availability: undefined,
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    profile = created.json<OwnCarerProfile>();
    expect(profile).toMatchObject({
      homePostcode: 'LS8 2PG',
      homePostcodeChecked: true,
      postcodeDistrict: 'LS8',
      travelMiles: 10,
      availability: ['Weekdays', 'Evenings', 'Emergency Cover'],
      weeklyAvailability: week,
    });
    expect(profile.availabilityUpdatedAt).not.toBeNull();
    expect(postcodes.requests).toContain('/postcodes/LS8%202PG');
    // The point kept is the district's centre, not the postcode's (decision 0032).
    const [row] = await t.database.db.select().from(carerProfiles).where(eq(carerProfiles.id, profile.id));
    expect(row).toMatchObject({ homeLatitude: LS8_CENTRE.lat, homeLongitude: LS8_CENTRE.lng });

    // Once the checks are approved, others see the outward code and the week, never the postcode.
    await approveChecks(t.database.db, profile.id);
    for (const viewer of [undefined, cookies.family, cookies.subscribed]) {
      const seen = await t.injectAs(viewer, { method: 'GET', url: `/api/carers/${profile.id}` });
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({
        postcodeDistrict: 'LS8',
        travelMiles: 10,
        weeklyAvailability: week,
      });
      expect(seen.json()).not.toHaveProperty('homePostcode');
    }
    // It is found near Headingley (about 4 miles to LS8's centre) within its 10 miles of travel.
    await t.database.db.update(carerProfiles).set({ isActive: true }).where(eq(carerProfiles.id, profile.id));
    const near = await allPages('near=LS6%203AB&within=5');
    const found = near.find((carer) => carer.id === profile.id);
    expect(found?.distanceMiles).toBe(Math.round(haversineMiles(HEADINGLEY, LS8_CENTRE)));
  });

  it('refuses a postcode the service says does not exist, beside the field', async () => {
    const response = await t.injectAs(cookie, {
      method: 'PUT',
      url: `/api/carers/${profile.id}`,
      payload: validProfile({ homePostcode: 'LS6 9ZZ', travelMiles: 10 }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ homePostcode: POSTCODE_MESSAGES.notFound });
    const [row] = await t.database.db.select().from(carerProfiles).where(eq(carerProfiles.id, profile.id));
    expect(row?.homePostcode).toBe('LS8 2PG');
  });

  it('refuses a malformed postcode and a travel distance outside 1-50', async () => {
    for (const [field, payload] of [
      ['homePostcode', { homePostcode: 'LS6' }],
      ['homePostcode', { homePostcode: 'not a postcode' }],
      ['travelMiles', { travelMiles: 0 }],
      ['travelMiles', { travelMiles: 51 }],
      ['travelMiles', { travelMiles: 2.5 }],
    ] as const) {
      const response = await t.injectAs(cookie, {
        method: 'PUT',
        url: `/api/carers/${profile.id}`,
        payload: validProfile(payload),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().fieldErrors)).toEqual([field]);
    }
  });

  it('saves the profile at the district when the postcode service is down, and says so', async () => {
    postcodes.setDown(true);
    try {
      const response = await t.injectAs(cookie, {
        method: 'PUT',
        url: `/api/carers/${profile.id}`,
        payload: validProfile({ homePostcode: 'LS6 4QQ', travelMiles: 10 }),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<OwnCarerProfile>()).toMatchObject({
        homePostcode: 'LS6 4QQ',
        homePostcodeChecked: false,
        postcodeDistrict: 'LS6',
      });
      const [row] = await t.database.db.select().from(carerProfiles).where(eq(carerProfiles.id, profile.id));
      expect(row?.homeLatitude).not.toBeNull();
      // Search by town and outward code still works while the service is down.
      expect((await search('near=Leeds&within=5')).statusCode).toBe(200);
      expect((await search('near=LS6&within=5')).statusCode).toBe(200);
    } finally {
      postcodes.setDown(false);
    }
  });

  it('keeps a carer’s week when a tags-only write sends the same tags, and replaces it when they change', async () => {
    const week = { slots: ['monday-morning', 'friday-evening'], liveIn: true, shortNotice: false };
    const withWeek = await t.injectAs(cookie, {
      method: 'PUT',
      url: `/api/carers/${profile.id}`,
      payload: validProfile({ homePostcode: 'LS8 2PG', weeklyAvailability: week, availability: undefined }),
    });
    expect(withWeek.statusCode, withWeek.body).toBe(200);
    const saved = withWeek.json<OwnCarerProfile>();
    expect(saved.availability).toEqual(['Weekdays', 'Evenings', 'Live-in Care']);

    const sameTags = await t.injectAs(cookie, {
      method: 'PUT',
      url: `/api/carers/${profile.id}`,
      payload: validProfile({ availability: ['Weekdays', 'Evenings', 'Live-in Care'] }),
    });
    expect(sameTags.json<OwnCarerProfile>()).toMatchObject({
      weeklyAvailability: week,
      availabilityUpdatedAt: saved.availabilityUpdatedAt,
      homePostcode: 'LS8 2PG',
      travelMiles: 10,
    });

    const otherTags = await t.injectAs(cookie, {
      method: 'PUT',
      url: `/api/carers/${profile.id}`,
      payload: validProfile({ availability: ['Weekends'] }),
    });
    expect(otherTags.json<OwnCarerProfile>().weeklyAvailability).toEqual(weekFromTags(['Weekends']));
  });

  it('asks for some availability: tags or a week with at least one slot or cover', async () => {
    const empty = await t.injectAs(cookie, {
      method: 'PUT',
      url: `/api/carers/${profile.id}`,
      payload: validProfile({
        availability: undefined,
        weeklyAvailability: { slots: [], liveIn: false, shortNotice: false },
      }),
    });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fieldErrors)).toEqual(['weeklyAvailability']);
    const bogus = await t.injectAs(cookie, {
      method: 'PUT',
      url: `/api/carers/${profile.id}`,
      payload: validProfile({ availability: undefined, weeklyAvailability: { slots: ['someday-morning'] } }),
    });
    expect(bogus.statusCode).toBe(400);
  });

  it('puts the postcode in the owner’s data export', async () => {
    const exported = await t.injectAs(cookie, { method: 'POST', url: '/api/settings/export' });
    expect(exported.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    const [own] = JSON.parse(strFromU8(files['carer-profile.json']!)) as Array<Record<string, unknown>>;
    expect(own).toMatchObject({ homePostcode: 'LS8 2PG', travelMiles: 10 });
  });
});

describe('a customer’s saved search place (Settings)', () => {
  it('saves a postcode normalised, or a town, and clears it', async () => {
    const put = (searchPlace: string | null, cookie = cookies.family) =>
      t.injectAs(cookie, { method: 'PUT', url: '/api/settings/search-place', payload: { searchPlace } });
    const saved = await put('ls6 3ab');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ searchPlace: 'LS6 3AB' });
    expect(
      (await t.injectAs(cookies.family, { method: 'GET', url: '/api/settings/search-place' })).json(),
    ).toEqual({
      searchPlace: 'LS6 3AB',
    });
    expect((await put('Leeds')).json()).toEqual({ searchPlace: 'Leeds' });
    const unknown = await put('Nowhereville-on-Sea');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ searchPlace: SEARCH_MESSAGES.near });
    expect((await put('')).json()).toEqual({ searchPlace: null });
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(inArray(users.email, ['family@example.com']));
    expect(row?.searchPlace).toBeNull();
  });

  it('is for customers only', async () => {
    for (const cookie of [cookies.carer, cookies.admin]) {
      const response = await t.injectAs(cookie, {
        method: 'PUT',
        url: '/api/settings/search-place',
        payload: { searchPlace: 'Leeds' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(SETTINGS_MESSAGES.onlyCustomersSearchPlace);
    }
    const anonymous = await t.injectAs(undefined, { method: 'GET', url: '/api/settings/search-place' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the reminder when a carer’s week is 60 days old', () => {
  it('emails each carer once per saved week, after 60 days, and again 60 days after the next save', async () => {
    const service = createCarersService({
      ...builtInServiceDeps(t),
      carers: createCarersRepository(t.database.db),
      db: t.database.db,
      storage: t.storage,
    });
    const { cookie, user } = await t.register({ userType: 'carer', firstName: 'Owain', lastName: 'Rees' });
    const created = await t.injectAs(cookie, {
      method: 'POST',
      url: '/api/carers',
      payload: validProfile({ homePostcode: 'LS8 2PG', travelMiles: 5 }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const profile = created.json<OwnCarerProfile>();
    const savedAt = new Date(profile.availabilityUpdatedAt!);
    const remindersTo = async (email: string) =>
      (await t.outbox()).filter((mail) => mail.toAddress === email && mail.subject.includes('availability'));

    await service.sendAvailabilityReminders(new Date(savedAt.getTime() + 59 * DAY_MS));
    expect(await remindersTo(user.email)).toHaveLength(0);
    await service.sendAvailabilityReminders(new Date(savedAt.getTime() + 61 * DAY_MS));
    const [reminder] = await remindersTo(user.email);
    expect(reminder?.bodyText).toContain(`${t.config.publicUrl}/carer-dashboard`);
    await service.sendAvailabilityReminders(new Date(savedAt.getTime() + 90 * DAY_MS));
    expect(await remindersTo(user.email)).toHaveLength(1);

    // A new week starts the 60 days again.
    const changed = await t.injectAs(cookie, {
      method: 'PUT',
      url: `/api/carers/${profile.id}`,
      payload: validProfile({ availability: undefined, weeklyAvailability: { slots: ['sunday-morning'] } }),
    });
    const resavedAt = new Date(changed.json<OwnCarerProfile>().availabilityUpdatedAt!);
    expect(resavedAt.getTime()).toBeGreaterThan(savedAt.getTime());
    await service.sendAvailabilityReminders(new Date(resavedAt.getTime() + 61 * DAY_MS));
    expect(await remindersTo(user.email)).toHaveLength(2);
  });
});

describe('placing profiles distance search cannot find yet (housekeeping)', () => {
  it('places a profile from before distance search by its town, and re-checks a postcode saved while the service was down', async () => {
    const service = createCarersService({
      ...builtInServiceDeps(t),
      geocoder: createGeocoder({ postcodesUrl: postcodes.url }),
      carers: createCarersRepository(t.database.db),
      db: t.database.db,
      storage: t.storage,
    });
    const [old] = await t.database.db
      .insert(carerProfiles)
      .values({
        firstName: 'Pre',
        lastName: 'Distance',
        specialization: 'Elderly Care',
        experience: '3-5 years',
        location: 'Harrogate, North Yorkshire',
        hourlyRateMin: '15.00',
        hourlyRateMax: '20.00',
        description: 'A profile written before distance search.',
      })
      .returning();
    const [unchecked] = await t.database.db
      .insert(carerProfiles)
      .values({
        firstName: 'Down',
        lastName: 'Service',
        specialization: 'Elderly Care',
        experience: '3-5 years',
        location: 'Leeds, West Yorkshire',
        homePostcode: 'LS6 3AB',
        homePostcodeChecked: false,
        homeLatitude: 53.8,
        homeLongitude: -1.6,
        hourlyRateMin: '15.00',
        hourlyRateMax: '20.00',
        description: 'A postcode saved while the service was down.',
      })
      .returning();
    expect(await service.placeUnplacedCarers(1_000)).toBeGreaterThanOrEqual(2);
    const placedOld = (
      await t.database.db.select().from(carerProfiles).where(eq(carerProfiles.id, old!.id))
    )[0]!;
    expect(
      haversineMiles(
        { lat: 53.99, lng: -1.54 },
        { lat: placedOld.homeLatitude!, lng: placedOld.homeLongitude! },
      ),
    ).toBeLessThan(3);

    const rechecked = (
      await t.database.db.select().from(carerProfiles).where(eq(carerProfiles.id, unchecked!.id))
    )[0]!;
    expect(rechecked).toMatchObject({
      homePostcodeChecked: true,
      homeLatitude: DISTRICT_CENTRES.LS6![0],
      homeLongitude: DISTRICT_CENTRES.LS6![1],
    });
  });
});
