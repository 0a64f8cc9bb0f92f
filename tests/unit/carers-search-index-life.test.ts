import { describe, expect, it } from 'vitest';
import { CarerSearchQuery } from '@contracts/carers';
import { createCarerSearchIndex } from '../../src/server/features/carers/carer-search-index';
import type {
  IndexedCarerRow,
  IndexRead,
} from '../../src/server/features/carers/carer-search-index.repository';

/*
 * Decision 0025: the index's life against a repository whose reads finish when the test says, so
 * notices can arrive while a read is in flight (the races a real server meets).
 */

const row = (id: string, rate = '20.00'): IndexedCarerRow => ({
  id,
  userId: null,
  firstName: 'Carer',
  lastName: id,
  photoUrl: null,
  specialization: 'Elderly Care',
  experience: '3-5 years',
  location: 'Leeds',
  hourlyRateMin: rate,
  hourlyRateMax: '30.00',
  description: '',
  qualifications: [],
  availability: [],
  availabilitySlots: 0,
  availabilityUpdatedAt: null,
  postcodeDistrict: null,
  travelMiles: null,
  rating: '0',
  reviewCount: 0,
  isActive: true,
  isVerified: true,
  rankScore: 50,
  listedUntil: new Date(Date.now() + 86_400_000),
  homeLatitude: null,
  homeLongitude: null,
});

/** A repository over `table` whose reads wait for `release()` when `hold` is set. */
function fakeRepository(table: Map<string, IndexedCarerRow>) {
  let held: (() => void)[] = [];
  const state = { hold: false, fullReads: 0, deltaReads: 0 };
  const snapshot = async (): Promise<IndexRead> => {
    const rows = [...table.values()];
    if (state.hold) await new Promise<void>((resolve) => held.push(resolve));
    return { rows, watermark: '1' };
  };
  return {
    state,
    release() {
      const waiting = held;
      held = [];
      for (const resolve of waiting) resolve();
    },
    repository: {
      readAll: () => {
        state.fullReads += 1;
        return snapshot();
      },
      readChanges: () => {
        state.deltaReads += 1;
        return snapshot();
      },
    },
  };
}

const byPrice = CarerSearchQuery.parse({ sort: 'price' });
const ids = async (index: ReturnType<typeof createCarerSearchIndex>) =>
  (await index.search(byPrice))?.rows.map((r) => r.id);
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the search index between notices', () => {
  it('does not answer before its first read, nor while not listening', async () => {
    const table = new Map([['a', row('a')]]);
    const fake = fakeRepository(table);
    const index = createCarerSearchIndex({ repository: fake.repository });
    expect(await index.search(byPrice)).toBeUndefined();
    index.resume();
    await index.refresh();
    expect(await ids(index)).toEqual(['a']);
    index.suspend();
    expect(await index.search(byPrice)).toBeUndefined();
  });

  it('a TRUNCATE heard while a read is in flight makes the next read a full one', async () => {
    const table = new Map([
      ['a', row('a')],
      ['b', row('b')],
    ]);
    const fake = fakeRepository(table);
    const index = createCarerSearchIndex({ repository: fake.repository });
    index.resume();
    await index.refresh();
    // A change starts a delta read; while it is in flight, the table is emptied.
    fake.state.hold = true;
    index.changed('carer_profiles UPDATE');
    const searching = index.search(byPrice);
    await settle();
    table.clear();
    index.changed('carer_profiles TRUNCATE');
    fake.state.hold = false;
    fake.release();
    await searching;
    expect(await ids(index)).toEqual([]);
    expect(fake.state.fullReads).toBe(2);
  });

  it('a removal heard while a read is in flight is applied by the next one', async () => {
    const table = new Map([
      ['a', row('a', '10.00')],
      ['b', row('b')],
    ]);
    const fake = fakeRepository(table);
    const index = createCarerSearchIndex({ repository: fake.repository });
    index.resume();
    await index.refresh();
    fake.state.hold = true;
    index.changed('carer_profiles UPDATE');
    const searching = index.search(byPrice);
    await settle();
    // 'a' is deleted after the delta's snapshot was taken: the read in flight still holds it.
    table.delete('a');
    index.changed('carer_profiles REMOVED a');
    fake.state.hold = false;
    fake.release();
    await searching;
    expect(await ids(index)).toEqual(['b']);
    expect(index.size).toBe(1);
  });

  it('a read begun before the LISTEN dropped is not trusted after it comes back', async () => {
    const table = new Map([['a', row('a')]]);
    const fake = fakeRepository(table);
    const index = createCarerSearchIndex({ repository: fake.repository });
    fake.state.hold = true;
    index.resume();
    await settle();
    index.suspend();
    // While no notice could arrive, 'a' was deleted and 'b' written.
    table.delete('a');
    table.set('b', row('b'));
    index.resume();
    fake.state.hold = false;
    fake.release();
    await index.refresh();
    expect(await ids(index)).toEqual(['b']);
  });
});
