import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  carerInsurance,
  carerProfiles,
  carerVerifications,
  dbsStatusChecks,
} from '../../src/server/db/schema';
import { CARER_CHANGE_CHANNEL } from '../../src/server/features/carers/carers.service';
import { approveChecks, validProfile } from '../support/carer-fixtures';
import { dropListeningConnection } from '../support/listen-connections';
import { createTestApp, type TestApp } from '../support/test-app';
import { submitValidChecks } from '../support/verification-fixtures';

// Decision 0014: with CARER_CACHE_SECONDS, an instance keeps carer profiles and their approved
// checks in memory; the database announces any change to either table (migration 0011), and
// every instance empties its copies, search answers included. Changes here are made straight in
// the database, as another instance or an admin tool would make them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CARER_CACHE_SECONDS: '300', SEARCH_CACHE_SECONDS: '60' });
});
afterAll(async () => {
  await t.close();
});

/** The change notice travels asynchronously: the answer is the new one within a moment. */
const soon = { timeout: 3_000, interval: 20 };

async function carerWithProfile(location = 'Tenby, Pembrokeshire', { approved = true } = {}) {
  const carer = await t.register({ userType: 'carer', firstName: 'Gwen', lastName: 'Pryce' });
  const created = await t.injectAs(carer.cookie, {
    method: 'POST',
    url: '/api/carers',
    payload: validProfile({ location }),
  });
  expect(created.statusCode).toBe(201);
  const profileId = created.json<{ id: string }>().id;
  if (approved) await approveChecks(t.database.db, profileId);
  return { ...carer, profileId };
}

const profilePage = (id: string, cookie?: string) =>
  t.injectAs(cookie, { method: 'GET', url: `/api/carers/${id}` });
const locationOf = async (id: string) => (await profilePage(id)).json<{ location: string }>().location;

/** Runs `change` with the carers' change notices switched off, as if they were lost. */
async function unannounced(change: () => Promise<unknown>) {
  await t.database.db.execute(sql`alter table carer_profiles disable trigger carer_profiles_change`);
  try {
    await change();
  } finally {
    await t.database.db.execute(sql`alter table carer_profiles enable trigger carer_profiles_change`);
  }
}

describe('the carer cache', () => {
  it('answers a profile it has read from memory', async () => {
    const { profileId } = await carerWithProfile();
    // The notices of the profile's creation are delivered asynchronously: let them arrive (and
    // empty the cache) before the copy this test relies on is made.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await locationOf(profileId)).toBe('Tenby, Pembrokeshire');
    await unannounced(() =>
      t.database.db
        .update(carerProfiles)
        .set({ location: 'Unseen, Nowhere' })
        .where(eq(carerProfiles.id, profileId)),
    );
    expect(await locationOf(profileId)).toBe('Tenby, Pembrokeshire');
  });

  it('shows a profile changed in the database, and a search answer too', async () => {
    const { profileId } = await carerWithProfile('Narberth, Pembrokeshire');
    expect(await locationOf(profileId)).toBe('Narberth, Pembrokeshire');
    const search = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/carers?location=Narberth' }))
        .json<{ items: { location: string }[] }>()
        .items.map((item) => item.location);
    expect(await search()).toEqual(['Narberth, Pembrokeshire']);
    expect(await search()).toEqual(['Narberth, Pembrokeshire']); // asked twice: kept

    await t.database.db
      .update(carerProfiles)
      .set({ location: 'Narberth, Dyfed' })
      .where(eq(carerProfiles.id, profileId));
    await expect.poll(() => locationOf(profileId), soon).toBe('Narberth, Dyfed');
    await expect.poll(search, soon).toEqual(['Narberth, Dyfed']);
  });

  it('hides a profile unlisted in the database, and one whose listing has run out without any change', async () => {
    const first = await carerWithProfile();
    const second = await carerWithProfile();
    expect((await profilePage(first.profileId)).statusCode).toBe(200);
    expect((await profilePage(second.profileId)).statusCode).toBe(200);

    await t.database.db
      .update(carerProfiles)
      .set({ isActive: false })
      .where(eq(carerProfiles.id, first.profileId));
    await expect.poll(async () => (await profilePage(first.profileId)).statusCode, soon).toBe(404);

    // Whether a profile is listed is decided on each request: a lapsed listing needs no notice.
    await unannounced(() =>
      t.database.db
        .update(carerProfiles)
        .set({ listedUntil: new Date(Date.now() - 1_000) })
        .where(eq(carerProfiles.id, second.profileId)),
    );
    expect((await profilePage(second.profileId)).statusCode).toBe(404);
  });

  it('shows checks approved in the database', async () => {
    const carer = await carerWithProfile(undefined, { approved: false });
    await submitValidChecks(t, carer.cookie);
    const checks = async () =>
      (await profilePage(carer.profileId, carer.cookie)).json<{ checks: unknown }>().checks;
    expect(await checks()).toBeNull();

    await t.database.db.transaction(async (tx) => {
      await tx
        .update(carerVerifications)
        .set({ status: 'approved', reviewedAt: new Date() })
        .where(eq(carerVerifications.carerId, carer.profileId));
      await tx.update(carerProfiles).set({ isVerified: true }).where(eq(carerProfiles.id, carer.profileId));
    });
    await expect.poll(checks, soon).toMatchObject({ rightToWorkConfirmed: true });
  });
});

describe('the carer cache of cover and status checks', () => {
  it('shows cover renewed and a status check recorded in the database', async () => {
    const carer = await carerWithProfile();
    type Checks = { insuredUntil: string | null; lastStatusCheckOn: string | null };
    const checks = async () =>
      (await profilePage(carer.profileId, carer.cookie)).json<{ checks: Checks | null }>().checks;
    const summary = async () =>
      (await profilePage(carer.profileId)).json<{ checkSummary: { insuredUntil: string | null } | null }>()
        .checkSummary;
    await expect.poll(checks, soon).toMatchObject({ lastStatusCheckOn: null });
    const before = (await checks())!.insuredUntil;
    expect(before).not.toBeNull();
    expect((await summary())?.insuredUntil).toBe(before);

    const renewedTo = `${Number(before!.slice(0, 4)) + 2}${before!.slice(4)}`;
    await t.database.db
      .update(carerInsurance)
      .set({ expiresOn: renewedTo })
      .where(eq(carerInsurance.carerId, carer.profileId));
    await expect.poll(checks, soon).toMatchObject({ insuredUntil: renewedTo });
    await expect.poll(async () => (await summary())?.insuredUntil, soon).toBe(renewedTo);

    const [verification] = await t.database.db
      .select({ id: carerVerifications.id })
      .from(carerVerifications)
      .where(eq(carerVerifications.carerId, carer.profileId));
    const today = new Date().toISOString().slice(0, 10);
    await t.database.db
      .insert(dbsStatusChecks)
      .values({ verificationId: verification!.id, checkedOn: today, result: 'current' });
    await expect.poll(checks, soon).toMatchObject({ lastStatusCheckOn: today });
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('the carer cache without notices', () => {
  it('keeps nothing while it cannot hear changes', async () => {
    const { profileId } = await carerWithProfile('Cardigan, Ceredigion');
    expect(await locationOf(profileId)).toBe('Cardigan, Ceredigion');
    await dropListeningConnection(t.database, CARER_CHANGE_CHANNEL);
    // The drop is seen at once; the first reconnect waits at least 250 ms.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await unannounced(() =>
      t.database.db
        .update(carerProfiles)
        .set({ location: 'Aberaeron, Ceredigion' })
        .where(eq(carerProfiles.id, profileId)),
    );
    expect(await locationOf(profileId)).toBe('Aberaeron, Ceredigion');
  });
});
