import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client';
import { createPlaceLookupCache } from '../../src/server/platform/geocoder/place-lookups.repository';
import { createTestDatabase } from '../support/test-database';

describe('the place_lookups cache', () => {
  let database: DatabaseHandle;
  let clock = new Date('2026-12-01T12:00:00Z');
  let cache: ReturnType<typeof createPlaceLookupCache>;
  const ls6 = {
    latitude: 53.8231,
    longitude: -1.5786,
    kind: 'postcode' as const,
    label: 'LS6 3AB',
    outwardCode: 'LS6',
    approximate: false,
  };

  // The migrated test database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
  beforeAll(async () => {
    database = await createTestDatabase();
    cache = createPlaceLookupCache(database.db, () => clock);
  });
  afterAll(() => database.close());

  it('keeps found and not-found answers, and replaces an answer asked again', async () => {
    expect(await cache.get('postcode:LS6 3AB')).toBeUndefined();
    await cache.set('postcode:LS6 3AB', { found: true, place: ls6 });
    await cache.set('postcode:LS6 9ZZ', { found: false });
    await cache.set('outcode:LS29', {
      found: true,
      place: {
        ...ls6,
        kind: 'outcode',
        label: 'LS29',
        outwardCode: 'LS29',
        latitude: 53.92,
        longitude: -1.82,
      },
    });
    expect(await cache.get('postcode:LS6 3AB')).toEqual({ found: true, place: ls6 });
    expect(await cache.get('postcode:LS6 9ZZ')).toEqual({ found: false });
    expect(await cache.get('outcode:LS29')).toMatchObject({
      found: true,
      place: { kind: 'outcode', label: 'LS29' },
    });

    await cache.set('postcode:LS6 9ZZ', { found: true, place: { ...ls6, label: 'LS6 9ZZ' } });
    expect(await cache.get('postcode:LS6 9ZZ')).toMatchObject({ found: true, place: { label: 'LS6 9ZZ' } });
  });

  it('forgets "not found" after a week and a place after a year', async () => {
    await cache.set('postcode:YO10 5DD', { found: false });
    await cache.set('postcode:YO10 5DE', { found: true, place: { ...ls6, label: 'YO10 5DE' } });
    clock = new Date(clock.getTime() + 8 * 24 * 60 * 60_000);
    expect(await cache.get('postcode:YO10 5DD')).toBeUndefined();
    expect(await cache.get('postcode:YO10 5DE')).toMatchObject({ found: true });
    clock = new Date(clock.getTime() + 366 * 24 * 60 * 60_000);
    expect(await cache.get('postcode:YO10 5DE')).toBeUndefined();
  });
});
