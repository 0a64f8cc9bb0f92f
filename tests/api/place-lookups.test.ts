import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { createPlaceLookupCache } from '../../src/server/platform/geocoder/geocoder';

// Only the place_lookups table, as its migration makes it: the cache needs nothing else.
const MIGRATION = new URL('../../src/server/db/migrations/0013_care_near_me.sql', import.meta.url);
const createTable = /CREATE TABLE "place_lookups"[^;]*;/.exec(fs.readFileSync(MIGRATION, 'utf8'))?.[0];

describe('the place_lookups cache', () => {
  const client = new PGlite();
  const db = drizzle({ client, schema }) as unknown as Database; // as src/server/db/client.ts does
  let clock = new Date('2026-12-01T12:00:00Z');
  const cache = createPlaceLookupCache(db, () => clock);
  const ls6 = {
    latitude: 53.8231,
    longitude: -1.5786,
    kind: 'postcode' as const,
    label: 'LS6 3AB',
    outwardCode: 'LS6',
    approximate: false,
  };

  beforeAll(async () => {
    expect(createTable).toBeDefined();
    await client.exec(createTable!);
  });
  afterAll(() => client.close());

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
