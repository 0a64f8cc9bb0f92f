import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarerSearchResult, OwnCarerProfile } from '@contracts/carers';
import {
  CARER_INTRODUCTORY_DAYS,
  SUBSCRIPTION_MESSAGES,
  type CarerMembership,
  type StartMembershipResponse,
} from '@contracts/subscriptions';
import { billingSubscriptions, carerProfiles } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/demo-seed/seed';
import { addCalendarMonths } from '../../src/server/platform/calendar';
import { approveChecks, validProfile } from '../support/carer-fixtures';
import {
  billingSubscriptionsOf,
  confirmDemo,
  demoCard,
  demoRenewals,
  expectNear,
  paymentsOf,
  receiptsTo,
} from '../support/payments';
import { createTestApp, signInDemoAccounts, type TestApp } from '../support/test-app';

let t: TestApp;
const cookies: Record<string, string> = {};
let town = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db);
  Object.assign(cookies, await signInDemoAccounts(t));
});
afterAll(() => t.close());

/** A carer with a new profile in a town of their own, so a search finds exactly them. */
async function carerWithProfile() {
  town += 1;
  const location = `Membershipton${town}x, Testshire`;
  const carer = await t.register({ userType: 'carer' });
  const created = await t.injectAs(carer.cookie, {
    method: 'POST',
    url: '/api/carers',
    payload: validProfile({ location }),
  });
  expect(created.statusCode, created.body).toBe(201);
  await approveChecks(t.database.db, created.json<OwnCarerProfile>().id);
  const own = await t.injectAs(carer.cookie, { url: '/api/carers/my-profile' });
  return { ...carer, profile: own.json<OwnCarerProfile>(), town: location.split(',')[0]!.toLowerCase() };
}

const membershipOf = async (cookie: string) => {
  const response = await t.injectAs(cookie, { url: '/api/carer-membership' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CarerMembership>();
};
const inSearch = async (town: string) =>
  (await t.app.inject({ url: `/api/carers?location=${encodeURIComponent(town)}` })).json<CarerSearchResult>()
    .items;
const setListedUntil = (profileId: string, at: Date) =>
  t.database.db.update(carerProfiles).set({ listedUntil: at }).where(eq(carerProfiles.id, profileId));

async function payMembership(cookie: string) {
  const started = await t.injectAs(cookie, { method: 'POST', url: '/api/carer-membership' });
  expect(started.statusCode, started.body).toBe(200);
  const { clientSecret } = started.json<StartMembershipResponse>();
  const confirmed = await confirmDemo(t, cookie, clientSecret);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

describe('authorization', () => {
  it.each([
    ['GET', '/api/carer-membership'],
    ['POST', '/api/carer-membership'],
    ['POST', '/api/carer-membership/cancel'],
  ] as const)(
    '%s %s: 401 signed out, 403 for customers and admins, 404 for a carer with no profile',
    async (method, url) => {
      expect((await t.injectAs(undefined, { method, url })).statusCode).toBe(401);
      for (const who of ['family', 'subscribed', 'admin']) {
        const response = await t.injectAs(cookies[who], { method, url });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.onlyCarers });
      }
      const newCarer = await t.register({ userType: 'carer' });
      const response = await t.injectAs(newCarer.cookie, { method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.carerProfileRequired });
    },
  );
});

describe('the introductory period and the listing', () => {
  it('lists a new profile at once, for 30 days, with nothing to pay yet', async () => {
    const carer = await carerWithProfile();
    const created = new Date(carer.profile.createdAt);
    expect(carer.profile).toMatchObject({ isListed: true });
    expect(carer.profile.listedUntil).toBe(
      new Date(created.getTime() + CARER_INTRODUCTORY_DAYS * 86_400_000).toISOString(),
    );
    const membership = await membershipOf(carer.cookie);
    expect(membership).toEqual({
      state: 'introductory',
      listedUntil: carer.profile.listedUntil,
      nextPaymentDate: null,
      listedUntilIfPaid: expect.any(String),
      renewalNeedsChoice: false,
      payments: [],
    });
    // The 30 introductory days end before a month paid now would.
    expectNear(membership.listedUntilIfPaid, addCalendarMonths(new Date(), 1));
    expect((await inSearch(carer.town)).map((c) => c.id)).toEqual([carer.profile.id]);
    expect((await t.app.inject({ url: `/api/carers/${carer.profile.id}` })).statusCode).toBe(200);
  });

  it('hides a profile whose listing has ended from search and its public page; the owner still sees it', async () => {
    const carer = await carerWithProfile();
    await setListedUntil(carer.profile.id, new Date(Date.now() - 60_000));
    expect(await inSearch(carer.town)).toEqual([]);
    expect((await t.app.inject({ url: `/api/carers/${carer.profile.id}` })).statusCode).toBe(404);
    expect((await t.injectAs(cookies.family, { url: `/api/carers/${carer.profile.id}` })).statusCode).toBe(
      404,
    );
    // Not listed means not reachable for messages or saving either.
    expect(
      (await t.injectAs(cookies.family, { method: 'PUT', url: `/api/saved-carers/${carer.profile.id}` }))
        .statusCode,
    ).toBe(404);

    const own = (await t.injectAs(carer.cookie, { url: '/api/carers/my-profile' })).json<OwnCarerProfile>();
    expect(own).toMatchObject({ id: carer.profile.id, isActive: true, isListed: false });
    expect((await t.injectAs(carer.cookie, { url: `/api/carers/${carer.profile.id}` })).statusCode).toBe(200);
    expect((await membershipOf(carer.cookie)).state).toBe('lapsed');
  });

  it('drops a saved carer whose listing ended from the saved list', async () => {
    const carer = await carerWithProfile();
    expect(
      (await t.injectAs(cookies.family, { method: 'PUT', url: `/api/saved-carers/${carer.profile.id}` }))
        .statusCode,
    ).toBe(204);
    const saved = async () =>
      (await t.injectAs(cookies.family, { url: '/api/saved-carers' }))
        .json<{ items: { id: string }[] }>()
        .items.map((c) => c.id);
    expect(await saved()).toContain(carer.profile.id);
    await setListedUntil(carer.profile.id, new Date(Date.now() - 60_000));
    expect(await saved()).not.toContain(carer.profile.id);
  });
});

describe('paying the membership', () => {
  it('lists a lapsed profile again for a month once the first £29 is confirmed', async () => {
    const carer = await carerWithProfile();
    await setListedUntil(carer.profile.id, new Date(Date.now() - 60_000));
    const started = await t.injectAs(carer.cookie, { method: 'POST', url: '/api/carer-membership' });
    expect(started.statusCode).toBe(200);
    // Starting alone lists nothing.
    expect(await inSearch(carer.town)).toEqual([]);
    const declined = await confirmDemo(
      t,
      carer.cookie,
      started.json<StartMembershipResponse>().clientSecret,
      demoCard('4000 0000 0000 0002'),
    );
    expect(declined.statusCode).toBe(402);
    expect(await inSearch(carer.town)).toEqual([]);

    const before = new Date();
    expect(
      (await confirmDemo(t, carer.cookie, started.json<StartMembershipResponse>().clientSecret)).statusCode,
    ).toBe(200);
    const membership = await membershipOf(carer.cookie);
    expect(membership.state).toBe('active');
    expectNear(membership.listedUntil, addCalendarMonths(before, 1));
    expect(membership.nextPaymentDate).toBe(membership.listedUntil);
    expect(membership.payments.map((p) => [p.plan, p.amountPence, p.status])).toEqual([
      ['carer_membership', 2900, 'succeeded'],
    ]);
    expect((await inSearch(carer.town)).map((c) => c.id)).toEqual([carer.profile.id]);
    expect(
      (await t.injectAs(carer.cookie, { url: '/api/carers/my-profile' })).json<OwnCarerProfile>().isListed,
    ).toBe(true);

    const receipts = await receiptsTo(t, carer.user.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe('Your CareMatch receipt: Carer Membership');
    expect(receipts[0]!.bodyText).toContain('Amount: £29.00');
    expect(receipts[0]!.bodyText).toContain('Your profile is listed until:');

    const again = await t.injectAs(carer.cookie, { method: 'POST', url: '/api/carer-membership' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.membershipAlreadyActive });
  });

  it('keeps the introductory days when paying during them (listing never shortens)', async () => {
    const carer = await carerWithProfile();
    await setListedUntil(carer.profile.id, addCalendarMonths(new Date(), 2));
    await payMembership(carer.cookie);
    expectNear((await membershipOf(carer.cookie)).listedUntil, addCalendarMonths(new Date(), 2));
  });

  it('cancelling keeps the profile listed until the period ends, then housekeeping ends it', async () => {
    const carer = await carerWithProfile();
    await payMembership(carer.cookie);
    const paid = await membershipOf(carer.cookie);
    const cancelled = await t.injectAs(carer.cookie, { method: 'POST', url: '/api/carer-membership/cancel' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<CarerMembership>()).toMatchObject({
      state: 'cancelling',
      listedUntil: paid.listedUntil,
      nextPaymentDate: null,
    });
    expect((await inSearch(carer.town)).map((c) => c.id)).toEqual([carer.profile.id]);
    const again = await t.injectAs(carer.cookie, { method: 'POST', url: '/api/carer-membership/cancel' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.nothingToCancel });

    // The period ends.
    const [subscription] = await billingSubscriptionsOf(t, carer.user.id);
    const ended = new Date(Date.now() - 60_000);
    await t.database.db
      .update(billingSubscriptions)
      .set({ currentPeriodEnd: ended })
      .where(eq(billingSubscriptions.id, subscription!.id));
    await setListedUntil(carer.profile.id, ended);
    await demoRenewals(t).run();
    expect((await billingSubscriptionsOf(t, carer.user.id))[0]!.status).toBe('canceled');
    expect(await paymentsOf(t, carer.user.id)).toHaveLength(1);
    expect((await membershipOf(carer.cookie)).state).toBe('lapsed');
    expect(await inSearch(carer.town)).toEqual([]);
    // A lapsed carer can pay again.
    expect(
      (await t.injectAs(carer.cookie, { method: 'POST', url: '/api/carer-membership' })).statusCode,
    ).toBe(200);
  });

  // Decision 0027: no second membership by accident, no opened form in the payments.
  it('starts a new membership while a cancelled one still lists the profile only as an explicit renewal', async () => {
    const carer = await carerWithProfile();
    const opened = await t.injectAs(carer.cookie, { method: 'POST', url: '/api/carer-membership' });
    expect(opened.statusCode).toBe(200);
    expect((await membershipOf(carer.cookie)).payments).toEqual([]);
    await payMembership(carer.cookie);
    const paid = await membershipOf(carer.cookie);
    expect(paid).toMatchObject({ listedUntilIfPaid: null, renewalNeedsChoice: false });
    expect(
      (await t.injectAs(carer.cookie, { method: 'POST', url: '/api/carer-membership/cancel' })).statusCode,
    ).toBe(200);
    await setListedUntil(carer.profile.id, addCalendarMonths(new Date(), 2));
    const cancelling = await membershipOf(carer.cookie);
    expect(cancelling).toMatchObject({ state: 'cancelling', renewalNeedsChoice: true });
    // The new month would end before the listing does: the listing date stays.
    expect(cancelling.listedUntilIfPaid).toBe(cancelling.listedUntil);

    const implicit = await t.injectAs(carer.cookie, { method: 'POST', url: '/api/carer-membership' });
    expect(implicit.statusCode).toBe(409);
    expect(implicit.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.membershipRenewalRequired });
    const explicit = await t.injectAs(carer.cookie, {
      method: 'POST',
      url: '/api/carer-membership',
      payload: { extend: true },
    });
    expect(explicit.statusCode).toBe(200);
    expect((await membershipOf(carer.cookie)).payments.map((p) => p.status)).toEqual(['succeeded']);
  });

  it('renews an uncancelled membership at the end of its period, moving the listing on a month', async () => {
    const carer = await carerWithProfile();
    await payMembership(carer.cookie);
    const [subscription] = await billingSubscriptionsOf(t, carer.user.id);
    const periodEnd = new Date(Date.now() - 60_000);
    await t.database.db
      .update(billingSubscriptions)
      .set({ currentPeriodEnd: periodEnd })
      .where(eq(billingSubscriptions.id, subscription!.id));
    await setListedUntil(carer.profile.id, periodEnd);
    expect(await inSearch(carer.town)).toEqual([]);

    await demoRenewals(t).run();
    const membership = await membershipOf(carer.cookie);
    expect(membership.state).toBe('active');
    expect(membership.listedUntil).toBe(addCalendarMonths(periodEnd, 1).toISOString());
    expect(membership.payments.map((p) => p.status)).toEqual(['succeeded', 'succeeded']);
    expect((await inSearch(carer.town)).map((c) => c.id)).toEqual([carer.profile.id]);
  });
});

describe('seeded demo carers', () => {
  it('have an active membership, listed a month ahead, with a payment for the demo carer', async () => {
    const membership = await membershipOf(cookies.carer!);
    expect(membership.state).toBe('active');
    expectNear(membership.listedUntil, addCalendarMonths(new Date(), 1), 3_600_000);
    expect(membership.payments).toHaveLength(1);
    const subscriptions = await t.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.purpose, 'carer_membership'));
    expect(
      subscriptions.filter((s) => s.providerSubscriptionId.startsWith('demo_sub_seed_')).length,
    ).toBeGreaterThanOrEqual(24);
    // Seeding again adds nothing.
    await seedDemoData(t.database.db);
    const after = await t.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.purpose, 'carer_membership'));
    expect(after.length).toBe(subscriptions.length);
  });
});
