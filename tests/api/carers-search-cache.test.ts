import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carerProfiles } from '../../src/server/db/schema';
import { approveChecks, validProfile } from '../support/carer-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

// Decision 0013: with SEARCH_CACHE_SECONDS, an instance reuses a search answer for that long;
// its own profile writes clear it at once, a change anywhere else clears it as soon as the
// database announces it (decision 0014), whatever CARER_CACHE_SECONDS says, and the session is
// never looked up for a search.

let t: TestApp;
beforeAll(async () => {
  // The carer cache off: the search answers' freshness must not depend on it.
  t = await createTestApp({ SEARCH_CACHE_SECONDS: '60', CARER_CACHE_SECONDS: '0' });
  // Answers are kept only once the change notices are heard (the LISTEN starts asynchronously).
  for (let waited = 0; !t.app.carerCaches.isListening() && waited < 10_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});
afterAll(async () => {
  await t.close();
});

const search = (location: string) =>
  t.app.inject({ method: 'GET', url: `/api/carers?location=${encodeURIComponent(location)}` });
const names = (response: { json(): { items: { firstName: string; location: string }[] } }) =>
  response.json().items.map((item) => item.location);

describe('the search answer cache', () => {
  it('answers a repeated search from memory until a carer changes, here or elsewhere', async () => {
    const carer = await t.register({ userType: 'carer', firstName: 'Ffion', lastName: 'Morgan' });
    const created = await t.injectAs(carer.cookie, {
      method: 'POST',
      url: '/api/carers',
      payload: validProfile({ location: 'Aberystwyth, Ceredigion' }),
    });
    expect(created.statusCode).toBe(201);
    await approveChecks(t.database.db, created.json().id);
    // The notices of the profile's creation and approval arrive asynchronously: let them (and the
    // emptying they bring) pass before the answer this test relies on is kept.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const first = await search('Aberystwyth');
    expect(names(first)).toEqual(['Aberystwyth, Ceredigion']);
    // A search is kept from its second request on (most are asked for once).
    expect(names(await search('Aberystwyth'))).toEqual(['Aberystwyth, Ceredigion']);

    // The answer is kept: a change nobody announces (notices switched off) is not seen…
    await t.database.db.execute(sql`alter table carer_profiles disable trigger carer_profiles_change`);
    try {
      await t.database.db
        .update(carerProfiles)
        .set({ location: 'Aberystwyth, Wales' })
        .where(eq(carerProfiles.id, created.json().id));
    } finally {
      await t.database.db.execute(sql`alter table carer_profiles enable trigger carer_profiles_change`);
    }
    expect(names(await search('Aberystwyth'))).toEqual(['Aberystwyth, Ceredigion']);

    // …but a change made elsewhere (another instance, an admin tool, checks lapsing) is announced
    // by the database and empties every kept answer, though no carer profile is cached here.
    await t.database.db
      .update(carerProfiles)
      .set({ isActive: false })
      .where(eq(carerProfiles.id, created.json().id));
    await expect
      .poll(async () => names(await search('Aberystwyth')), { timeout: 3_000, interval: 20 })
      .toEqual([]);
    await t.database.db
      .update(carerProfiles)
      .set({ isActive: true })
      .where(eq(carerProfiles.id, created.json().id));
    await expect
      .poll(async () => names(await search('Aberystwyth')), { timeout: 3_000, interval: 20 })
      .toEqual(['Aberystwyth, Wales']);

    // …while this instance's own profile write clears the cache at once.
    const updated = await t.injectAs(carer.cookie, {
      method: 'PUT',
      url: `/api/carers/${created.json().id}`,
      payload: validProfile({ location: 'Aberystwyth, Dyfed' }),
    });
    expect(updated.statusCode).toBe(200);
    expect(names(await search('Aberystwyth'))).toEqual(['Aberystwyth, Dyfed']);
  });

  it('gives everyone the same answer, whatever their cookie says', async () => {
    const customer = await t.register();
    const signedIn = await t.injectAs(customer.cookie, { method: 'GET', url: '/api/carers?limit=3' });
    const visitor = await t.app.inject({ method: 'GET', url: '/api/carers?limit=3' });
    const forged = await t.injectAs(`${t.config.session.cookieName}=not-a-session`, {
      method: 'GET',
      url: '/api/carers?limit=3',
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe(visitor.body);
    expect(forged.body).toBe(visitor.body);
  });
});
