import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTCODE_AREA_TOWNS } from '../../src/server/platform/geocoder/data/postcode-areas';
import { DISTRICT_CENTRES } from '../../src/server/platform/geocoder/data/postcode-districts';
import ukPlaces from '../../src/server/platform/geocoder/data/uk-places.json';
import { findTown } from '../../src/server/platform/geocoder/gazetteer';
import { createGeocoder, type Place, type PlaceCache } from '../../src/server/platform/geocoder/geocoder';
import { startFakePostcodesService, type FakePostcodesService } from '../support/fake-postcodes-service';

/** Great-circle distance in miles. */
function milesBetween(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(radians(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(radians(a.latitude)) *
      Math.cos(radians(b.latitude)) *
      Math.sin(radians(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}

function expectNear(
  place: { latitude: number; longitude: number } | null,
  latitude: number,
  longitude: number,
  miles = 1,
) {
  expect(place).not.toBeNull();
  expect(milesBetween(place!, { latitude, longitude })).toBeLessThan(miles);
}

function memoryPlaceCache() {
  const answers = new Map<string, { found: false } | { found: true; place: Place }>();
  const cache: PlaceCache = {
    get: async (query) => answers.get(query),
    set: async (query, answer) => void answers.set(query, answer),
  };
  return { cache, answers };
}

describe('the built-in gazetteer', () => {
  it('finds towns by name, in any case, ignoring punctuation and what follows a comma', () => {
    const leeds = findTown('Leeds');
    expect(leeds?.name).toBe('Leeds');
    expectNear(leeds, 53.8, -1.55);
    for (const text of ['leeds', ' LEEDS ', 'Leeds, West Yorkshire', 'leeds,west yorkshire']) {
      expect(findTown(text)).toEqual(leeds);
    }
    expectNear(findTown('St. Albans'), 51.75, -0.34);
    expectNear(findTown('Saint Albans'), 51.75, -0.34);
    expectNear(findTown('stoke on trent'), 53.0, -2.18);
    expectNear(findTown('Newcastle upon Tyne, Tyne and Wear'), 54.97, -1.61);
    expectNear(findTown('Belfast, County Antrim'), 54.6, -5.93);
    expectNear(findTown('Saint Helier'), 49.19, -2.1);
  });

  it('takes the most populous of places sharing a name, and knows a few everyday names', () => {
    expectNear(findTown('Newport'), 51.59, -3.0, 3); // the Welsh city, not the Isle of Wight's town
    expectNear(findTown('Richmond'), 54.4, -1.73, 3);
    expectNear(findTown('Hull'), 53.74, -0.33, 3);
    expectNear(findTown('Londonderry'), 55.0, -7.31, 3);
  });

  it('knows every demo town', () => {
    for (const town of [
      'Belfast',
      'Birmingham',
      'Brighton',
      'Bristol',
      'Cardiff',
      'Edinburgh',
      'Glasgow',
      'Hackney',
      'Harrogate',
      'Leeds',
      'Lisburn',
      'Manchester',
      'Newcastle upon Tyne',
      'Norwich',
      'Sheffield',
      'Stockport',
      'Swansea',
      'York',
    ]) {
      expect(findTown(`${town}, Somewhere`)?.name).toBe(town);
    }
  });

  it('is null for a place it does not know', () => {
    expect(findTown('Atlantis')).toBeNull();
    expect(findTown('')).toBeNull();
    expect(findTown('West Yorkshire, Leeds')).toBeNull(); // only the part before the comma is tried
  });

  it('holds only places in the UK and the Crown Dependencies, latitude first', () => {
    expect(ukPlaces.length).toBeGreaterThan(4_000);
    const outside = (ukPlaces as [string, number, number, number][]).filter(
      ([, latitude, longitude]) => !(latitude > 49 && latitude < 61 && longitude > -8.7 && longitude < 2),
    );
    expect(outside).toEqual([]);
  });
});

describe('the built-in postcode data', () => {
  it("names a town the gazetteer knows for each of the UK's 124 postcode areas", () => {
    expect(Object.keys(POSTCODE_AREA_TOWNS)).toHaveLength(124);
    const missing = Object.entries(POSTCODE_AREA_TOWNS).filter(([, town]) => findTown(town)?.name !== town);
    expect(missing).toEqual([]);
  });

  it('has a centre for every district the demo uses', () => {
    const demo =
      'LS1 LS6 LS8 LS17 LS21 LS28 YO10 YO24 YO31 HG1 HG2 M1 M14 M20 M21 SK1 SK4 BS3 BS6 BS7 B13 B15 B17 NR2 NR4 CF5 CF10 CF14 SA1 SA2 EH1 EH6 EH10 G1 G12 G41 BT1 BT7 BT9 BT27 BT28 BN1 BN2 NE1 NE2 NE6 S1 S10 S11 E8 E9 N16 SE1 SE15 SE22';
    expect(demo.split(' ').filter((code) => !Object.hasOwn(DISTRICT_CENTRES, code))).toEqual([]);
  });

  it("places every district centre within 12 miles of its area's town", () => {
    const far = Object.entries(DISTRICT_CENTRES)
      .map(([code, [latitude, longitude]]) => {
        const area = /^[A-Z]+/.exec(code)![0];
        const town = findTown(POSTCODE_AREA_TOWNS[area] ?? '');
        return { code, miles: town ? Math.round(milesBetween(town, { latitude, longitude })) : Infinity };
      })
      .filter(({ miles }) => miles > 12);
    expect(far).toEqual([]);
  });
});

describe('a geocoder with built-in data only', () => {
  const geocoder = createGeocoder({});

  it('places a full postcode at its district centre, approximately', async () => {
    const place = await geocoder.find('ls6 3ab');
    expect(place).toMatchObject({
      kind: 'postcode',
      label: 'LS6 3AB',
      outwardCode: 'LS6',
      approximate: true,
    });
    expectNear(place, 53.82, -1.57);
    expect(await geocoder.checkPostcode('LS6 3AB')).toEqual({ status: 'found', place });
  });

  it('places an outward code at its centre', async () => {
    const place = await geocoder.find('ls6');
    expect(place).toMatchObject({ kind: 'outcode', label: 'LS6', outwardCode: 'LS6', approximate: false });
    expectNear(place, 53.82, -1.57);
    expectNear(await geocoder.find('SE15'), 51.47, -0.065);
    expectNear(await geocoder.find('bt9'), 54.57, -5.95);
  });

  it("places a district it has no centre for at its area's town, approximately", async () => {
    const outcode = await geocoder.find('LS99');
    expect(outcode).toMatchObject({ kind: 'outcode', label: 'LS99', outwardCode: 'LS99', approximate: true });
    expectNear(outcode, 53.8, -1.55);
    const postcode = await geocoder.find('AB12 3CD');
    expect(postcode).toMatchObject({
      kind: 'postcode',
      label: 'AB12 3CD',
      outwardCode: 'AB12',
      approximate: true,
    });
    expectNear(postcode, 57.14, -2.1);
    expectNear(await geocoder.find('ZE1'), 60.15, -1.14);
  });

  it('finds towns', async () => {
    const leeds = await geocoder.find('Leeds, West Yorkshire');
    expect(leeds).toMatchObject({ kind: 'town', label: 'Leeds', outwardCode: null, approximate: false });
    expectNear(leeds, 53.8, -1.55);
  });

  it('knows nothing of a postcode area that does not exist, nor of an unknown place', async () => {
    expect(await geocoder.find('QQ1')).toBeNull();
    expect(await geocoder.find('QQ1 1AA')).toBeNull();
    expect(await geocoder.checkPostcode('QQ1 1AA')).toEqual({ status: 'not-found' });
    expect(await geocoder.checkPostcode('not a postcode')).toEqual({ status: 'not-found' });
    expect(await geocoder.find('Nowhere-on-Sea')).toBeNull();
    expect(await geocoder.find('')).toBeNull();
  });
});

describe('a geocoder with a postcode service', () => {
  let service: FakePostcodesService;
  const LS6_3AB = { latitude: 53.8231, longitude: -1.5786 };

  beforeAll(async () => {
    service = await startFakePostcodesService({
      postcodes: { 'LS6 3AB': LS6_3AB, ls299bb: { latitude: 53.9247, longitude: -1.8219 } },
    });
  });
  afterAll(() => service.close());

  function geocoderWith(options: { cache?: PlaceCache; timeoutMs?: number } = {}) {
    const warnings: string[] = [];
    const geocoder = createGeocoder({
      postcodesUrl: `${service.url}/`,
      logger: { warn: (_obj, message) => void warnings.push(message) },
      ...options,
    });
    return { geocoder, warnings };
  }

  function requestsDuring<T>(action: () => Promise<T>): Promise<{ result: T; requests: string[] }> {
    const before = service.requests.length;
    return action().then((result) => ({ result, requests: service.requests.slice(before) }));
  }

  it('places a full postcode exactly, then answers it again without asking', async () => {
    const { cache, answers } = memoryPlaceCache();
    const { geocoder } = geocoderWith({ cache });
    const first = await requestsDuring(() => geocoder.checkPostcode('LS6 3AB'));
    expect(first.requests).toEqual(['/postcodes/LS6%203AB']);
    expect(first.result).toEqual({
      status: 'found',
      place: { ...LS6_3AB, kind: 'postcode', label: 'LS6 3AB', outwardCode: 'LS6', approximate: false },
    });
    expect(answers.get('postcode:LS6 3AB')).toEqual({
      found: true,
      place: (first.result as { place: Place }).place,
    });

    const again = await requestsDuring(() => geocoder.find('ls63ab'));
    expect(again).toEqual({ result: (first.result as { place: Place }).place, requests: [] });
    // Another instance (a fresh geocoder) finds the answer in the shared cache.
    const elsewhere = await requestsDuring(() => geocoderWith({ cache }).geocoder.find('LS6 3AB'));
    expect(elsewhere.requests).toEqual([]);
    expect(elsewhere.result).toMatchObject({ ...LS6_3AB, approximate: false });
  });

  it('says not found for a postcode the service does not know, and keeps that answer', async () => {
    const { cache, answers } = memoryPlaceCache();
    const { geocoder } = geocoderWith({ cache });
    const first = await requestsDuring(() => geocoder.checkPostcode('LS6 9ZZ'));
    expect(first).toEqual({ result: { status: 'not-found' }, requests: ['/postcodes/LS6%209ZZ'] });
    expect(answers.get('postcode:LS6 9ZZ')).toEqual({ found: false });
    expect(await requestsDuring(() => geocoder.find('LS6 9ZZ'))).toEqual({ result: null, requests: [] });
  });

  it('asks nothing about a postcode area that does not exist or a district it has a centre for', async () => {
    const { geocoder } = geocoderWith();
    expect(await requestsDuring(() => geocoder.checkPostcode('QQ1 1AA'))).toEqual({
      result: { status: 'not-found' },
      requests: [],
    });
    const ls6 = await requestsDuring(() => geocoder.find('LS6'));
    expect(ls6.requests).toEqual([]);
    expect(ls6.result).toMatchObject({ kind: 'outcode', approximate: false });
    expect((await requestsDuring(() => geocoder.find('York'))).requests).toEqual([]);
  });

  it('asks about other outward codes', async () => {
    const { geocoder } = geocoderWith();
    const ilkley = await requestsDuring(() => geocoder.find('ls29'));
    expect(ilkley.requests).toEqual(['/outcodes/LS29']);
    expect(ilkley.result).toEqual({
      latitude: 53.9247,
      longitude: -1.8219,
      kind: 'outcode',
      label: 'LS29',
      outwardCode: 'LS29',
      approximate: false,
    });
    expect(await requestsDuring(() => geocoder.find('LS98'))).toEqual({
      result: null,
      requests: ['/outcodes/LS98'],
    });
  });

  it.each(['unavailable', 'drop'] as const)(
    'falls back to the district while the service is down (%s), warns once, and asks again when it is back',
    async (kind) => {
      const { cache, answers } = memoryPlaceCache();
      const { geocoder, warnings } = geocoderWith({ cache });
      service.setDown(true, kind);
      try {
        const check = await geocoder.checkPostcode('LS6 3AB');
        expect(check).toMatchObject({
          status: 'unchecked',
          place: { kind: 'postcode', label: 'LS6 3AB', outwardCode: 'LS6', approximate: true },
        });
        expectNear((check as { place: Place }).place, 53.82, -1.57);
        expect(await geocoder.find('LS6 3AB')).toEqual((check as { place: Place }).place);
        expect(await geocoder.find('LS99')).toMatchObject({ kind: 'outcode', approximate: true });
        expect(await geocoder.find('Leeds')).toMatchObject({ kind: 'town', label: 'Leeds' });
        expect(warnings).toHaveLength(1);
        expect(answers.size).toBe(0);
      } finally {
        service.setDown(false);
      }
      const back = await requestsDuring(() => geocoder.checkPostcode('LS6 3AB'));
      expect(back.requests).toEqual(['/postcodes/LS6%203AB']);
      expect(back.result).toMatchObject({ status: 'found', place: { ...LS6_3AB, approximate: false } });
    },
  );

  it('gives up on a service that does not answer in time, and leaves it alone for a few seconds', async () => {
    const { geocoder, warnings } = geocoderWith({ timeoutMs: 150 });
    service.setDown(true, 'hang');
    try {
      const started = performance.now();
      expect(await geocoder.checkPostcode('LS6 3AB')).toMatchObject({ status: 'unchecked' });
      expect(performance.now() - started).toBeLessThan(1_500);
      const quiet = await requestsDuring(() => geocoder.checkPostcode('LS6 3AB'));
      expect(quiet).toMatchObject({ result: { status: 'unchecked' }, requests: [] });
      expect(warnings).toHaveLength(1);
    } finally {
      service.setDown(false);
    }
  });

  it('still answers when its database cache fails', async () => {
    const broken: PlaceCache = {
      get: () => Promise.reject(new Error('database down')),
      set: () => Promise.reject(new Error('database down')),
    };
    const { geocoder, warnings } = geocoderWith({ cache: broken });
    expect(await geocoder.checkPostcode('LS6 3AB')).toMatchObject({ status: 'found', place: LS6_3AB });
    expect(warnings).toEqual(['could not keep a postcode answer']);
  });
});
