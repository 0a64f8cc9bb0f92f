import { eq, inArray, sql } from 'drizzle-orm';
import { slotMask } from '@contracts/availability';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CarerSearchQuery, type CarerSearchResult } from '@contracts/carers';
import { carerProfiles } from '../../src/server/db/schema';
import { createCarerSearchIndex } from '../../src/server/features/carers/carer-search-index';
import { createCarerSearchIndexRepository } from '../../src/server/features/carers/carer-search-index.repository';
import { randomSearchParams, searchPath, seededRandom } from '../bench/mixes';
import { seedBenchCarers } from '../bench/seed';
import { streamPlaces } from '../bench/stream-places';
import { approveChecks, validProfile } from '../support/carer-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Decision 0025: search answered from memory. The same searches, asked of an app that answers
 * from the index and of one that asks the database, must give the same pages (and the same next
 * pages by their cursors); and the index must see every change: this instance's own writes at
 * once, other writers' (another instance, a person at a SQL prompt) once their notice arrives.
 */

const CARERS = 1_500;
const onPostgres = process.env.TEST_DB_KIND === 'postgres';

let fromIndex: TestApp;
let fromDatabase: TestApp;

beforeAll(async () => {
  fromDatabase = await createTestApp({ SEARCH_INDEX: 'off' });
  await seedBenchCarers(fromDatabase.database.db, CARERS);
  fromIndex = await createTestApp({ SEARCH_INDEX: 'on' }, undefined, { database: fromDatabase.database });
  // Read once listening (app.ready started the LISTEN and the first read).
  await fromIndex.app.carerSearchIndex!.refresh();
  expect(fromIndex.app.carerSearchIndex!.size).toBe(CARERS);
}, 120_000);

afterAll(async () => {
  await fromIndex?.close();
  await fromDatabase?.close();
});

async function search(t: TestApp, path: string) {
  const response = await t.app.inject({ method: 'GET', url: path });
  return { status: response.statusCode, body: response.json() as CarerSearchResult };
}

/**
 * An answer with its cursor's distance key to the micrometre: PostgreSQL's sin and cos and
 * JavaScript's may differ in the last bit, so the two searches' keys differ by ~1e-10 m (both
 * page the same: carer-search-index.ts's SAME_DISTANCE_M).
 */
function comparable(body: CarerSearchResult) {
  if (!body.nextCursor) return body;
  const keys = JSON.parse(Buffer.from(body.nextCursor, 'base64url').toString()) as (string | number)[];
  const cursor = keys[0] === 'distance' ? [keys[0], Math.round((keys[1] as number) * 1e6), keys[2]] : keys;
  return { ...body, nextCursor: cursor };
}

/** The ids of one page: what the reader sees, in order. */
const idsOf = (body: CarerSearchResult) => body.items.map((item) => item.id);

describe("the in-memory search gives the database search's pages", () => {
  it('for 400 random searches of the benchmark stream, and their next pages', async () => {
    const random = seededRandom(2026);
    const places = streamPlaces();
    const answeredBefore = fromIndex.app.carerSearchIndex!.answered;
    let compared = 0;
    let withNext = 0;
    let capped = 0;
    let exact = 0;
    for (let n = 0; n < 400; n++) {
      const path = searchPath(randomSearchParams(random, places));
      const expected = await search(fromDatabase, path);
      const actual = await search(fromIndex, path);
      expect({ path, status: actual.status }).toEqual({ path, status: expected.status });
      if (expected.status !== 200) continue;
      // The whole answer: every field of every card, the distances, and the cursor.
      expect({ path, ...comparable(actual.body) }).toEqual({ path, ...comparable(expected.body) });
      compared += 1;
      // First pages say how many match (the whole answer above holds it), exactly or as "100+".
      const total = expected.body.total!;
      if (total.more) capped += 1;
      else if (total.count > 0) exact += 1;
      if (expected.body.nextCursor) {
        withNext += 1;
        const next = `${path}${path.includes('?') ? '&' : '?'}cursor=${expected.body.nextCursor}`;
        const [nextExpected, nextActual] = [await search(fromDatabase, next), await search(fromIndex, next)];
        expect({ next, ...comparable(nextActual.body) }).toEqual({ next, ...comparable(nextExpected.body) });
        // And the index pages on from the database's cursor and its own alike.
        const ownNext = `${path}${path.includes('?') ? '&' : '?'}cursor=${actual.body.nextCursor}`;
        expect(idsOf((await search(fromIndex, ownNext)).body)).toEqual(idsOf(nextExpected.body));
      }
    }
    expect(compared).toBeGreaterThan(350);
    expect(withNext).toBeGreaterThan(100);
    expect(capped).toBeGreaterThan(10);
    expect(exact).toBeGreaterThan(100);
    // It did answer them (no quiet fallback to the database).
    expect(fromIndex.app.carerSearchIndex!.answered - answeredBefore).toBeGreaterThanOrEqual(
      compared + withNext,
    );
  }, 120_000);

  it('for the orders deep into the list, page after page', async () => {
    for (const base of [
      '/api/carers?sort=rating&limit=50',
      '/api/carers?sort=price&careType=Childcare',
      '/api/carers?location=york',
    ]) {
      let cursor: string | null = null;
      for (let page = 0; page < 8; page++) {
        const path: string = cursor ? `${base}&cursor=${cursor}` : base;
        const [expected, actual] = [await search(fromDatabase, path), await search(fromIndex, path)];
        expect(idsOf(actual.body)).toEqual(idsOf(expected.body));
        expect(actual.body.nextCursor).toEqual(expected.body.nextCursor);
        cursor = actual.body.nextCursor;
        if (!cursor) break;
      }
    }
  }, 60_000);

  it('near a place, page after page, where many homes share a district point', async () => {
    // Decision 0032: every home in a district sits on its centre, so nearest first is mostly ties
    // (ordered by id) and small pages cut through one point's homes.
    for (const base of [
      '/api/carers?near=LS6&within=10&limit=6',
      '/api/carers?near=Leeds&within=50&limit=6&careType=Elderly%20Care',
      '/api/carers?near=LS6&within=25&sort=best&limit=6',
      '/api/carers?near=Bradford&within=25&sort=price&limit=6',
    ]) {
      let cursor: string | null = null;
      for (let page = 0; page < 8; page++) {
        const path: string = cursor ? `${base}&cursor=${cursor}` : base;
        const [expected, actual] = [await search(fromDatabase, path), await search(fromIndex, path)];
        expect({ path, ...comparable(actual.body) }).toEqual({ path, ...comparable(expected.body) });
        cursor = actual.body.nextCursor;
        if (!cursor) break;
      }
    }
  }, 60_000);

  it('refuses a bad cursor and an unknown place as the database search does', async () => {
    for (const path of [
      '/api/carers?cursor=not-a-cursor',
      '/api/carers?near=Nowhereville%20Upon%20Nothing',
    ]) {
      const [expected, actual] = [await search(fromDatabase, path), await search(fromIndex, path)];
      expect(actual.status).toBe(400);
      expect(actual.body).toEqual(expected.body);
    }
  });
});

describe('the in-memory search sees every change', () => {
  const db = () => fromDatabase.database.db;
  const first = async (path: string) => idsOf((await search(fromIndex, path)).body);

  it('a change written by someone else, once its notice arrives', async () => {
    const [top] = await first('/api/carers?sort=price&limit=1');
    expect(top).toBeDefined();
    // Another instance (or a person at a SQL prompt) makes a carer the cheapest.
    const [other] = await db()
      .select({ id: carerProfiles.id })
      .from(carerProfiles)
      .where(
        sql`${carerProfiles.isActive} and ${carerProfiles.isVerified} and ${carerProfiles.id} <> ${top!} and ${carerProfiles.listedUntil} > now()`,
      )
      .limit(1);
    await db().update(carerProfiles).set({ hourlyRateMin: '1.00' }).where(eq(carerProfiles.id, other!.id));
    await expect.poll(() => first('/api/carers?sort=price&limit=1')).toEqual([other!.id]);

    // Its listing runs out: it is gone at once (time is checked on every search).
    await db()
      .update(carerProfiles)
      .set({ listedUntil: new Date(Date.now() - 1000) })
      .where(eq(carerProfiles.id, other!.id));
    await expect.poll(() => first('/api/carers?sort=price&limit=1')).toEqual([top]);
  });

  it('a profile deleted by someone else', async () => {
    const [top] = await first('/api/carers?sort=rating&limit=1');
    await db().delete(carerProfiles).where(eq(carerProfiles.id, top!));
    await expect.poll(() => first('/api/carers?sort=rating&limit=1')).not.toEqual([top]);
    expect(fromIndex.app.carerSearchIndex!.size).toBe(CARERS - 1);
    const [expected, actual] = [
      await search(fromDatabase, '/api/carers?sort=rating'),
      await search(fromIndex, '/api/carers?sort=rating'),
    ];
    expect(actual.body).toEqual(expected.body);
  });

  it("this instance's own write, on the very next search (no waiting for the notice)", async () => {
    const { cookie } = await fromIndex.register({ userType: 'carer' });
    const created = await fromIndex.injectAs(cookie, {
      method: 'POST',
      url: '/api/carers',
      payload: validProfile({ location: 'Zzyzx Unique Town' }),
    });
    expect(created.statusCode).toBe(201);
    // The approval is another instance's write (an admin's): it arrives by its notice.
    await approveChecks(fromIndex.database.db, created.json().id);
    await expect
      .poll(async () => idsOf((await search(fromIndex, '/api/carers?location=zzyzx')).body), {
        timeout: 3_000,
        interval: 20,
      })
      .toEqual([created.json().id]);

    const updated = await fromIndex.injectAs(cookie, {
      method: 'PUT',
      url: `/api/carers/${created.json().id}`,
      payload: validProfile({ location: 'Qqxv Other Town' }),
    });
    expect(updated.statusCode).toBe(200);
    expect(idsOf((await search(fromIndex, '/api/carers?location=zzyzx')).body)).toEqual([]);
    expect(idsOf((await search(fromIndex, '/api/carers?location=qqxv')).body)).toEqual([created.json().id]);
  });

  it.skipIf(!onPostgres)(
    'a change committed after a later one is not missed (transactions finish out of order)',
    async () => {
      const index = createCarerSearchIndex({ repository: createCarerSearchIndexRepository(db()) });
      index.resume();
      await index.refresh();
      const [a, b] = await db()
        .select({ id: carerProfiles.id })
        .from(carerProfiles)
        .where(
          sql`${carerProfiles.isActive} and ${carerProfiles.isVerified} and ${carerProfiles.listedUntil} > now()`,
        )
        .limit(2);
      // Transaction A writes first but commits last; B commits in between, and the index reads
      // then (it sees B, not A). A's commit must still reach it.
      let commitA!: () => void;
      const aMayCommit = new Promise<void>((resolve) => (commitA = resolve));
      let aWrote!: () => void;
      const aHasWritten = new Promise<void>((resolve) => (aWrote = resolve));
      const transactionA = db().transaction(async (tx) => {
        await tx.update(carerProfiles).set({ hourlyRateMin: '2.00' }).where(eq(carerProfiles.id, a!.id));
        aWrote();
        await aMayCommit;
      });
      await aHasWritten;
      await db().update(carerProfiles).set({ hourlyRateMin: '3.00' }).where(eq(carerProfiles.id, b!.id));
      index.changed();
      const query = CarerSearchQuery.parse({ sort: 'price', limit: 2 });
      expect((await index.search(query))!.rows.map((row) => row.id)).toEqual([b!.id, expect.any(String)]);
      commitA();
      await transactionA;
      index.changed();
      expect((await index.search(query))!.rows.map((row) => row.id)).toEqual([a!.id, b!.id]);
      index.suspend();
    },
  );

  it('keeps its counts right as care types, tags and weeks change and profiles go', async () => {
    const paths = [
      '/api/carers?careType=Childcare',
      '/api/carers?careType=Childcare&day=tuesday',
      '/api/carers?availability=Weekends&partOfDay=evening',
      '/api/carers?careType=Childcare&availability=Weekends&day=tuesday&partOfDay=evening&minRate=15',
      '/api/carers?careType=Childcare&near=Leeds&within=50',
      '/api/carers?location=shire&careType=Childcare&day=tuesday',
    ];
    const totals = async (t: TestApp) =>
      Promise.all(paths.map(async (path) => ({ path, total: (await search(t, path)).body.total })));
    const before = await totals(fromIndex);
    expect(before).toEqual(await totals(fromDatabase));
    // Twenty carers become Tuesday-evening childminders at weekends, twenty childminders stop
    // being any of that, and thirty childminders leave.
    const joining = await db()
      .select({ id: carerProfiles.id })
      .from(carerProfiles)
      .where(sql`${carerProfiles.specialization} <> 'Childcare'`)
      .limit(20);
    await db()
      .update(carerProfiles)
      .set({
        specialization: 'Childcare',
        availability: ['Weekends'],
        availabilitySlots: sql`${carerProfiles.availabilitySlots} | ${slotMask(['tuesday-evening'])}`,
      })
      .where(
        inArray(
          carerProfiles.id,
          joining.map((row) => row.id),
        ),
      );
    const turning = await db()
      .select({ id: carerProfiles.id })
      .from(carerProfiles)
      .where(
        sql`${carerProfiles.specialization} = 'Childcare' and not (${carerProfiles.id} = any(${sql.raw(`array[${joining.map((row) => `'${row.id}'`).join(',')}]::uuid[]`)}))`,
      )
      .orderBy(sql`${carerProfiles.rankScore} desc`)
      .limit(20);
    await db()
      .update(carerProfiles)
      .set({
        specialization: 'Elderly Care',
        availability: ['Weekdays'],
        availabilitySlots: slotMask(['monday-morning']),
      })
      .where(
        inArray(
          carerProfiles.id,
          turning.map((row) => row.id),
        ),
      );
    const leaving = await db()
      .select({ id: carerProfiles.id })
      .from(carerProfiles)
      .where(sql`${carerProfiles.specialization} = 'Childcare'`)
      .orderBy(carerProfiles.rankScore)
      .limit(30);
    await db()
      .delete(carerProfiles)
      .where(
        inArray(
          carerProfiles.id,
          leaving.map((row) => row.id),
        ),
      );
    const expected = await totals(fromDatabase);
    expect(expected).not.toEqual(before);
    await expect.poll(() => totals(fromIndex)).toEqual(expected);
  });

  it('everything emptied at once (TRUNCATE leaves no removals): read again', async () => {
    await db().execute(sql`truncate carer_profiles cascade`);
    await expect.poll(async () => (await search(fromIndex, '/api/carers')).body.items.length).toBe(0);
    expect(fromIndex.app.carerSearchIndex!.size).toBe(0);
  });
});
