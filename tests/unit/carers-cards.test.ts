import { describe, expect, it } from 'vitest';
import { CarerSearchResult, CarerSummary, type SearchTotal } from '@contracts/carers';
import { z } from 'zod';
import { createCarerCards } from '../../src/server/features/carers/carer-cards';
import { toCarerSummary } from '../../src/server/features/carers/carer-mapper';
import type { CarerSearchRow } from '../../src/server/features/carers/carer-search.repository';

const row = (id: string, overrides: Partial<CarerSearchRow> = {}): CarerSearchRow => ({
  id,
  userId: null,
  firstName: 'Grace',
  lastName: 'Okafor',
  photoUrl: null,
  specialization: 'Elderly Care',
  experience: '3-5 years',
  location: 'Leeds, West Yorkshire',
  hourlyRateMin: '17.50',
  hourlyRateMax: '22.00',
  description: 'Calm and kind.',
  qualifications: ['First Aid'],
  availability: ['Weekdays'],
  availabilitySlots: 1,
  availabilityUpdatedAt: new Date('2026-11-20T10:00:00Z'),
  postcodeDistrict: 'LS6',
  travelMiles: 10,
  rating: '4.50',
  reviewCount: 3,
  isActive: true,
  isVerified: true,
  rankScore: 80,
  ...overrides,
});

/** What the route's schema would send for the same rows. */
const schemaBody = (
  rows: (CarerSearchRow & { distanceMetres?: number })[],
  nextCursor: string | null,
  total: SearchTotal | null = null,
) => z.encode(CarerSearchResult, { items: rows.map(toCarerSummary), nextCursor, total });

const body = (
  cards: ReturnType<typeof createCarerCards>,
  answer: Parameters<ReturnType<typeof createCarerCards>['searchBody']>[0],
) => cards.searchBody(answer).toString('utf8');

describe('createCarerCards', () => {
  it("gives the schema's answer, field for field (distances added after the card)", () => {
    const cards = createCarerCards();
    const rows = [row('a'), row('b', { firstName: 'Zoë "Tommy"', description: 'Line\nbreak </script> 👍' })];
    expect(JSON.parse(body(cards, { rows, nextCursor: 'abc' }))).toEqual(schemaBody(rows, 'abc'));
    // A first page's total, as the schema writes it.
    const total = { count: 29, more: false };
    expect(JSON.parse(body(cards, { rows, nextCursor: 'abc', total }))).toEqual(
      schemaBody(rows, 'abc', total),
    );
    // The in-memory search's distances, and the SQL search's (on the row).
    expect(JSON.parse(body(cards, { rows, nextCursor: null, distancesMetres: [1609.344, 5310] }))).toEqual(
      schemaBody(
        rows.map((r, index) => ({ ...r, distanceMetres: [1609.344, 5310][index]! })),
        null,
      ),
    );
    // Whole miles (decision 0032): half a mile rounds to 1, a quarter to 0 ("under 1 mile").
    for (const [metres, miles] of [
      [804.672, 1],
      [402.336, 0],
      [5310, 3],
    ] as const) {
      const sqlRow = { ...row('c'), distanceMetres: metres };
      expect(JSON.parse(body(cards, { rows: [sqlRow], nextCursor: null })).items[0].distanceMiles).toBe(
        miles,
      );
    }
  });

  it('keeps only the public fields (the schema is the allowlist)', () => {
    const cards = createCarerCards();
    const leaky = { ...row('a'), homePostcode: 'LS6 3AB', homeLatitude: 53.8 } as unknown as CarerSearchRow;
    const item = JSON.parse(body(cards, { rows: [leaky], nextCursor: null })).items[0];
    expect(Object.keys(item).sort()).toEqual(
      Object.keys(CarerSummary.shape)
        .filter((key) => key in item)
        .sort(),
    );
    expect(item).not.toHaveProperty('homePostcode');
    expect(item).not.toHaveProperty('homeLatitude');
    // The weekly grid and when it changed are the profile's, not a card's.
    expect(item).not.toHaveProperty('weeklyAvailability');
    expect(item).not.toHaveProperty('availabilityUpdatedAt');
  });

  it('encodes a card once per row object, and a new object anew', () => {
    const cards = createCarerCards();
    const shared = row('a');
    body(cards, { rows: [shared], nextCursor: null });
    // A changed profile is a new object in the index: its card is made again.
    (shared as { firstName: string }).firstName = 'Changed in place (never done: rows are frozen)';
    expect(JSON.parse(body(cards, { rows: [shared], nextCursor: null })).items[0].firstName).toBe('Grace');
    const replaced = { ...shared };
    expect(JSON.parse(body(cards, { rows: [replaced], nextCursor: null })).items[0].firstName).toBe(
      'Changed in place (never done: rows are frozen)',
    );
  });

  it('makes the cards of a full read ahead of the searches, a slice at a time', async () => {
    const cards = createCarerCards();
    const rows = Array.from({ length: 1000 }, (_, n) => row(`r${n}`));
    await cards.warm([undefined, ...rows]);
    const firstNames = () =>
      rows.map((r) => {
        (r as { firstName: string }).firstName = 'Changed after warming';
        return JSON.parse(body(cards, { rows: [r], nextCursor: null })).items[0].firstName as string;
      });
    // Every card was made before the change (rows are frozen in the index: a change is a new row).
    expect(new Set(firstNames())).toEqual(new Set(['Grace']));
  });

  it('ends an older warming when a newer full read starts one', async () => {
    const cards = createCarerCards();
    const old = Array.from({ length: 2000 }, (_, n) => row(`o${n}`));
    const older = cards.warm(old);
    await cards.warm([]);
    await older;
    const last = old.at(-1)!;
    (last as { firstName: string }).firstName = 'Made on demand';
    expect(JSON.parse(body(cards, { rows: [last], nextCursor: null })).items[0].firstName).toBe(
      'Made on demand',
    );
  });
});
