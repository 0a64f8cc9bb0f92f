import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARERS_MAP_MESSAGES,
  MAP_DISTRICTS_MAX,
  type CarersMap,
  type CarerSearchResult,
} from '@contracts/carers';
import { DEMO_TILE_URL } from '@contracts/carers-map';
import { carerProfiles } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/demo-seed/seed';
import { DISTRICT_CENTRES } from '../../src/server/platform/geocoder/data/postcode-districts';
import { CONTENT_SECURITY_POLICY, withTileOrigin } from '../../src/server/platform/security-headers';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * The map of search results (decision 0042): each carer is drawn at the centre of their postcode
 * district, the very point their home is kept at and search measures from (decision 0032), never
 * nearer; the tiles come from MAP_TILE_URL, in demo and tests the blank local ones.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db);
});
afterAll(() => t.close());

const map = (districts: string) =>
  t.app.inject({ method: 'GET', url: `/api/carers/map?districts=${districts}` });

describe('GET /api/carers/map', () => {
  it('places every listed carer of a search at the point their home is kept at: the district centre', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/carers?limit=50' });
    const carers = search.json<CarerSearchResult>().items.filter((carer) => carer.postcodeDistrict);
    expect(carers.length).toBeGreaterThan(3);
    const districts = [...new Set(carers.map((carer) => carer.postcodeDistrict!))];
    const answer = await map(districts.join(','));
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<CarersMap>();
    expect(body.tiles.url).toBe(DEMO_TILE_URL);
    expect(body.districts.map((point) => point.district).sort()).toEqual([...districts].sort());
    for (const carer of carers) {
      const point = body.districts.find((entry) => entry.district === carer.postcodeDistrict)!;
      const [row] = await t.database.db
        .select({ latitude: carerProfiles.homeLatitude, longitude: carerProfiles.homeLongitude })
        .from(carerProfiles)
        .where(eq(carerProfiles.id, carer.id));
      expect([point.latitude, point.longitude], carer.postcodeDistrict!).toEqual([
        Number(row!.latitude),
        Number(row!.longitude),
      ]);
    }
  });

  it('answers a curated district with its curated centre, once however often it is asked', async () => {
    const answer = await map('ls6,LS6, LS6');
    expect(answer.statusCode, answer.body).toBe(200);
    const [latitude, longitude] = DISTRICT_CENTRES.LS6!;
    expect(answer.json<CarersMap>().districts).toEqual([{ district: 'LS6', latitude, longitude }]);
    expect((await map('')).json<CarersMap>().districts).toEqual([]);
  });

  it('refuses what is not an outward code, and too many at once', async () => {
    for (const bad of ['LS6 1AA', 'hello', '<script>', '1LS']) {
      const answer = await map(encodeURIComponent(bad));
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json<{ message: string }>().message).toBe(CARERS_MAP_MESSAGES.districts);
    }
    const many = Array.from({ length: MAP_DISTRICTS_MAX + 1 }, (_, index) => `B${index + 1}`).join(',');
    expect((await map(many)).statusCode).toBe(400);
  });
});

describe('the tiles', () => {
  it('are blank local PNGs in demo and tests, for map addresses only', async () => {
    const tile = await t.app.inject({ method: 'GET', url: '/demo/tiles/12/2036/1326' });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/png');
    expect(tile.rawPayload.readUInt32BE(16)).toBe(256);
    expect((await t.app.inject({ method: 'GET', url: '/demo/tiles/../../etc' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/demo/tiles/a/b/c' })).statusCode).toBe(404);
  });

  it('from another host are allowed as images by the content security policy, and only as images', () => {
    expect(withTileOrigin(CONTENT_SECURITY_POLICY, DEMO_TILE_URL)).toBe(CONTENT_SECURITY_POLICY);
    const osm = withTileOrigin(CONTENT_SECURITY_POLICY, 'https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(osm).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");
    expect(osm.replace(' https://tile.openstreetmap.org', '')).toBe(CONTENT_SECURITY_POLICY);
    expect(
      withTileOrigin(CONTENT_SECURITY_POLICY, 'https://{s}.tiles.example.org/{z}/{x}/{y}.png'),
    ).toContain('https://*.tiles.example.org;');
  });
});
