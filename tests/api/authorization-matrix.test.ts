import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import type * as Fastify from 'fastify';
import type { InjectOptions } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActiveSession } from '@contracts/settings';
import type { AdminVerification } from '@contracts/verification';
import { CARER_MEMBERSHIP, PLANS } from '@contracts/pricing';
import {
  carerProfiles,
  conversations,
  messages,
  payments,
  reports,
  reviews,
  sessions as sessionRows,
  userBlocks,
  users,
  arrangements,
  carePaymentAttempts,
  carePaymentDisputes,
  careRequests,
  circleInvitations,
  circleMembers,
  invoices,
  timesheetLines,
  timesheets,
  visits as visitRows,
} from '../../src/server/db/schema';
import { linkTokenHasher, newLinkToken } from '../../src/server/features/auth';
import { createSessionRepository } from '../../src/server/platform/sessions/session.repository';
import { createSessionService } from '../../src/server/platform/sessions/session.service';
import {
  AUTHORIZATION_MATRIX,
  CIRCLE_CALLERS,
  ROLES,
  refusalWhateverTheBody,
  type CircleCaller,
  type MatrixRow,
  type RecordKind,
  type Role,
  type ScopedCell,
} from '../support/authorization-matrix';
import { multipart, photoWithGps } from '../support/carer-fixtures';
import { createPeople, type Person } from '../support/review-fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/test-app';
import {
  FILES,
  multipartForm,
  submitValidChecks,
  validFields,
  validFiles,
} from '../support/verification-fixtures';

/*
 * The authorization matrix, generated from tests/support/authorization-matrix.ts:
 * one test per route × caller × own/other record, and a test that fails when the app registers a
 * route the table does not list. The app is built once; callers are made straight in the database
 * (review-fixtures) and shared, except on rows marked `fresh` (sign-in, sign-out, deletion…),
 * where each cell gets a new account of the role.
 */

// Every route the app registers, seen through an onRoute hook added as the instance is made
// (buildApp creates it inside; this wraps Fastify's factory for this file only).
const registered = vi.hoisted(() => [] as Array<{ method: string; url: string }>);
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof Fastify>();
  const factory = ((options: Parameters<typeof original.default>[0]) => {
    const app = original.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    });
    return app;
  }) as unknown as typeof original.default;
  return { ...original, default: factory };
});

/** The configurations the test app runs in (demo payments, no Stripe, no OpenID Connect). */
const ACTIVE: ReadonlySet<NonNullable<MatrixRow['only']>> = new Set(['demo-payments']);

interface Caller {
  role: Role;
  /** The session cookie; none for a visitor. */
  cookie: string | undefined;
  /** The account behind the caller (a visitor's is a signed-out account, for sign-in rows). */
  user: Person['user'];
  /** Carers with a profile: its id. */
  profileId?: string;
  /** A circle caller: their place in `subscribed`'s family circle. */
  circle?: CircleCaller;
}

interface ResolvedRecord {
  id: string;
  userId?: string;
  clientSecret?: string;
  /** An invitation link's secret. */
  token?: string;
  /** A timesheet's line. */
  lineId?: string;
}

let t: TestApp;
let make: ReturnType<typeof createPeople>;
let sessions: ReturnType<typeof createSessionService>;
let passwordHash: string;
let photo: Buffer;
let baseUrl: string;
const callers = {} as Record<Role, Caller>;
const circleCallers = {} as Record<CircleCaller, Caller>;
const world = {} as {
  thread: string;
  expiredThread: string;
  owningProfile: string;
  otherProfile: string;
  bystander: Person;
  bystanderCarer: { user: Person['user']; cookie: string; profileId: string };
  bystanderThread: string;
  bystanderReview: string;
  bystanderSessionId: string;
  bystanderPushDevice: string;
  bystanderClientSecret: string;
  photoName: string;
  verificationId: string;
  documentId: string;
  /** The membership `removedMember` had before the holder removed them. */
  removedMembershipId: string;
};

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

/** A new account of `role` with the test password, signed in (a visitor's is signed out). */
async function makeCaller(role: Role): Promise<Caller> {
  const base =
    role === 'subscribed'
      ? await make.customer('active')
      : role === 'expired'
        ? await make.customer('expired')
        : role === 'carer'
          ? await make.person('carer')
          : role === 'owningCarer' || role === 'otherCarer'
            ? await make.carer()
            : role === 'admin'
              ? await make.admin()
              : await make.customer('none');
  await t.database.db
    .update(users)
    .set({ passwordHash, ...(role === 'suspended' ? { suspendedAt: new Date() } : {}) })
    .where(eq(users.id, base.user.id));
  return {
    role,
    // A suspended account keeps the cookie of a session made before the suspension.
    cookie: role === 'visitor' ? undefined : base.cookie,
    user: base.user,
    ...('profile' in base ? { profileId: (base as { profile: { id: string } }).profile.id } : {}),
  };
}

async function as(cookie: string | undefined, options: InjectOptions) {
  const response = await t.injectAs(cookie, options);
  return response;
}

async function ok(cookie: string | undefined, options: InjectOptions, status = 200) {
  const response = await as(cookie, options);
  expect(response.statusCode, `${options.method} ${options.url}: ${response.body}`).toBe(status);
  return response;
}

/** Turns push on for a browser of `cookie`'s account (an endpoint nothing listens at). */
async function pushDevice(cookie: string | undefined) {
  const response = await ok(
    cookie,
    {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: {
        endpoint: `http://127.0.0.1:9/push/${randomUUID()}`,
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      },
    },
    201,
  );
  return response.json<{ id: string }>();
}

const appCode = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

beforeAll(async () => {
  t = await createTestApp({ PUSH_SERVICE_HOSTS: '127.0.0.1' });
  make = createPeople(t);
  sessions = createSessionService(t.config, createSessionRepository(t.database.db));
  const registeredOnce = await t.register();
  const [row] = await t.database.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, registeredOnce.user.id));
  passwordHash = row!.passwordHash!;
  photo = await photoWithGps(64, 64);

  for (const role of ROLES) callers[role] = await makeCaller(role);
  world.owningProfile = callers.owningCarer.profileId!;
  world.otherProfile = callers.otherCarer.profileId!;
  const owningCarer = { id: world.owningProfile, userId: callers.owningCarer.user.id };
  world.thread = await make.conversation(callers.subscribed.user.id, owningCarer, { carerReplied: true });
  world.expiredThread = await make.conversation(callers.expired.user.id, owningCarer, {
    carerReplied: true,
    at: new Date(Date.now() - 60 * 86_400_000),
  });
  const submitted = await submitValidChecks(t, callers.owningCarer.cookie!);
  world.verificationId = submitted.id;
  const detail = await ok(callers.admin.cookie, {
    method: 'GET',
    url: `/api/admin/verifications/${submitted.id}`,
  });
  world.documentId = detail.json<AdminVerification>().documents[0]!.id;

  // Bystanders: a customer and a carer who are none of the callers.
  world.bystander = await make.customer('active');
  const bystanderCarer = await make.carer();
  world.bystanderCarer = {
    user: bystanderCarer.user,
    cookie: bystanderCarer.cookie,
    profileId: bystanderCarer.profile.id,
  };
  world.bystanderThread = await make.conversation(world.bystander.user.id, bystanderCarer.profile, {
    carerReplied: true,
  });
  const review = await ok(
    world.bystander.cookie,
    {
      method: 'PUT',
      url: `/api/carers/${bystanderCarer.profile.id}/reviews/mine`,
      payload: { rating: 5, comment: 'The best carer we have had.' },
    },
    201,
  );
  world.bystanderReview = review.json<{ review: { id: string } }>().review.id;
  const uploaded = await ok(bystanderCarer.cookie, {
    method: 'POST',
    url: `/api/carers/${bystanderCarer.profile.id}/photo`,
    ...multipart('photo', 'me.jpg', 'image/jpeg', photo),
  });
  world.photoName = uploaded.json<{ photoUrl: string }>().photoUrl.split('/').pop()!;
  const bystanderSessions = await ok(world.bystander.cookie, {
    method: 'GET',
    url: '/api/settings/sessions',
  });
  world.bystanderSessionId = bystanderSessions.json<ActiveSession[]>()[0]!.id;
  world.bystanderPushDevice = (await pushDevice(world.bystander.cookie)).id;
  const started = await ok(world.bystander.cookie, {
    method: 'POST',
    url: '/api/subscribe',
    payload: { type: 'annual', extend: true },
  });
  world.bystanderClientSecret = started.json<{ clientSecret: string }>().clientSecret;

  // The circle callers: members of `subscribed`'s family circle (decision 0036).
  for (const who of CIRCLE_CALLERS) {
    const base = await makeCaller('unsubscribed');
    circleCallers[who] = { ...base, circle: who };
    const membership = await joinCircle(callers.subscribed.user.id, base.user.id, roleOf(who));
    if (who === 'removedMember') {
      await ok(callers.subscribed.cookie, { method: 'DELETE', url: `/api/circle/members/${membership}` });
      world.removedMembershipId = membership;
    }
    if (who === 'suspendedMember') {
      await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, base.user.id));
    }
  }

  // Every carer profile lives in Harrogate, free on weekdays, for the care requests near them.
  await t.database.db
    .update(carerProfiles)
    .set({
      homeLatitude: 53.99,
      homeLongitude: -1.54,
      travelMiles: 10,
      availabilitySlots: 0b1111_1111_1111_1111_1111,
    })
    .where(isNull(carerProfiles.homeLatitude));
  // Streams need a real socket: app.inject waits for a body that never ends.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(() => t?.close());

const roleOf = (who: CircleCaller) => (who === 'canSee' ? 'can_see' : 'can_arrange');

/** `memberId` in `holderId`'s circle, straight in the database; answers the membership's id. */
async function joinCircle(holderId: string, memberId: string, role: string): Promise<string> {
  const [row] = await t.database.db
    .insert(circleMembers)
    .values({ holderId, memberId, role })
    .returning({ id: circleMembers.id });
  return row!.id;
}

/** An open invitation from `holderId` to `email`, with the secret its link would carry. */
async function circleInvitation(holderId: string, email: string, role = 'can_see') {
  const token = newLinkToken();
  const [row] = await t.database.db
    .insert(circleInvitations)
    .values({
      holderId,
      email,
      role,
      tokenHash: linkTokenHasher(t.config.sessionSecret, 'circle-invitation')(token),
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
    })
    .returning({ id: circleInvitations.id });
  return { id: row!.id, token };
}

/** The circle callers' places as set up, whatever a cell changed (a re-invited removed member…). */
async function restoreCircle() {
  const holderId = callers.subscribed.user.id;
  await t.database.db
    .delete(circleMembers)
    .where(
      and(
        eq(circleMembers.holderId, holderId),
        eq(circleMembers.memberId, circleCallers.removedMember.user.id),
      ),
    );
  for (const who of ['canSee', 'canArrange', 'suspendedMember'] as const)
    await t.database.db
      .update(circleMembers)
      .set({ role: roleOf(who) })
      .where(
        and(eq(circleMembers.holderId, holderId), eq(circleMembers.memberId, circleCallers[who].user.id)),
      );
}

/** The record a cell acts on: the caller's own, or a bystander's. */
/** The Monday of the week the matrix's timesheets and invoices are for (long over). */
const MATRIX_WEEK = '2026-01-05';
// Far from the numbers approvals issue through the carer's counter.
let invoiceNumber = 100_000;

/**
 * A new arrangement in the caller's own conversation, or in the bystanders', replacing any in
 * progress there (one per pair); blocks left by other rows go, as they would stop it.
 */
async function freshArrangement(scope: 'own' | 'other', caller: Caller, status: 'proposed' | 'accepted') {
  await t.database.db.delete(userBlocks);
  const pair =
    scope === 'other'
      ? {
          customerId: world.bystander.user.id,
          carerId: world.bystanderCarer.profileId,
          carerUserId: world.bystanderCarer.user.id,
          thread: world.bystanderThread,
        }
      : caller.role === 'expired'
        ? {
            customerId: caller.user.id,
            carerId: world.owningProfile,
            carerUserId: callers.owningCarer.user.id,
            thread: world.expiredThread,
          }
        : caller.role === 'subscribed'
          ? {
              customerId: caller.user.id,
              carerId: world.owningProfile,
              carerUserId: callers.owningCarer.user.id,
              thread: world.thread,
            }
          : {
              customerId: callers.subscribed.user.id,
              carerId: world.owningProfile,
              carerUserId: callers.owningCarer.user.id,
              thread: world.thread,
            };
  await t.database.db
    .delete(arrangements)
    .where(and(eq(arrangements.customerId, pair.customerId), eq(arrangements.carerId, pair.carerId)));
  const [made] = await t.database.db
    .insert(arrangements)
    .values({
      conversationId: pair.thread,
      customerId: pair.customerId,
      carerId: pair.carerId,
      status,
      proposedBy: 'customer',
      startDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      visits: [{ day: 'tuesday', start: '09:00', end: '12:00' }],
      hourlyRate: '18.00',
    })
    .returning({ id: arrangements.id });
  return { id: made!.id, customerId: pair.customerId, carerUserId: pair.carerUserId };
}

async function recordFor(
  kind: RecordKind,
  scope: 'own' | 'other',
  caller: Caller,
  method: string,
): Promise<ResolvedRecord> {
  const write = method !== 'GET';
  switch (kind) {
    case 'carer': {
      if (scope === 'other')
        return { id: world.bystanderCarer.profileId, userId: world.bystanderCarer.user.id };
      if (caller.profileId) return { id: caller.profileId, userId: caller.user.id };
      // A customer's own carer: the one in their conversation.
      return { id: world.owningProfile, userId: callers.owningCarer.user.id };
    }
    case 'conversation':
      if (scope === 'other') return { id: world.bystanderThread };
      return { id: caller.role === 'expired' ? world.expiredThread : world.thread };
    case 'pushDevice': {
      if (scope === 'other') return { id: world.bystanderPushDevice };
      return { id: (await pushDevice(caller.cookie)).id };
    }
    case 'session': {
      if (scope === 'other') return { id: world.bystanderSessionId };
      // Another device of the caller's own.
      await sessions.start(caller.user, { userAgent: 'Second device' });
      const listed = await ok(caller.cookie, { method: 'GET', url: '/api/settings/sessions' });
      return { id: listed.json<ActiveSession[]>().find((session) => !session.current)!.id };
    }
    case 'payment': {
      if (scope === 'other') return { id: '', clientSecret: world.bystanderClientSecret };
      const started =
        caller.user.role === 'carer'
          ? await ok(caller.cookie, { method: 'POST', url: '/api/carer-membership' })
          : await ok(caller.cookie, {
              method: 'POST',
              url: '/api/subscribe',
              payload: { type: 'annual', extend: true },
            });
      return { id: '', clientSecret: started.json<{ clientSecret: string }>().clientSecret };
    }
    case 'review':
      return { id: world.bystanderReview };
    case 'photo':
      return { id: world.photoName };
    case 'account':
      return { id: (await make.customer('none')).user.id };
    case 'suspendedAccount': {
      const account = await make.customer('none');
      await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, account.user.id));
      return { id: account.user.id };
    }
    case 'carerProfile':
      return { id: (await make.carer()).profile.id };
    case 'verification': {
      if (!write) return { id: world.verificationId };
      const carer = await make.carer();
      return { id: (await submitValidChecks(t, carer.cookie)).id };
    }
    case 'approvedVerification': {
      const carer = await make.carer();
      const id = (await submitValidChecks(t, carer.cookie)).id;
      await ok(callers.admin.cookie, { method: 'POST', url: `/api/admin/verifications/${id}/approve` });
      return { id };
    }
    case 'insurance': {
      const carer = await make.carer();
      const added = await ok(
        carer.cookie,
        { method: 'POST', url: '/api/carers/my-profile/insurance', ...insuranceForm() },
        201,
      );
      return { id: added.json<{ id: string }>().id };
    }
    case 'document':
      return { id: world.documentId };
    case 'careRequest': {
      // Of the calling carer's care type (other rows change their profile), else Elderly Care.
      const [profile] = caller.profileId
        ? await t.database.db
            .select({ specialization: carerProfiles.specialization })
            .from(carerProfiles)
            .where(eq(carerProfiles.id, caller.profileId))
        : [];
      // A new request per cell, near Harrogate (where the matrix's carers live), of their care
      // type and week: the family's own, or a bystander family's.
      const [row] = await t.database.db
        .insert(careRequests)
        .values({
          customerId: scope === 'own' ? caller.user.id : world.bystander.user.id,
          recipient: 'My father',
          careType: profile?.specialization ?? 'Elderly Care',
          postcode: 'HG1 2AB',
          postcodeDistrict: 'HG1',
          latitude: 53.994,
          longitude: -1.538,
          startDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
          patternSlots: 0b1111_1111_1111_1111_1111,
          hoursPerWeek: 6,
          budgetMin: '16.00',
          budgetMax: '22.00',
          description: 'Dad is 88 and needs company and help with meals twice a week.',
          closesAt: new Date(Date.now() + 30 * 86_400_000),
        })
        .returning({ id: careRequests.id });
      return { id: row!.id };
    }
    case 'cardDispute': {
      // A closed card dispute of a payment to the bystander carer (its invoice long gone).
      const invoiceId = randomUUID();
      const [attempt] = await t.database.db
        .insert(carePaymentAttempts)
        .values({
          invoiceId,
          invoiceNumber: 'INV-0001',
          attempt: 1,
          carerId: world.bystanderCarer.user.id,
          familyId: world.bystander.user.id,
          provider: 'demo',
          accountId: 'acct_matrix',
          amountPence: 3600,
          feePence: 180,
          status: 'succeeded',
          succeededAt: new Date(),
        })
        .returning({ id: carePaymentAttempts.id });
      const [dispute] = await t.database.db
        .insert(carePaymentDisputes)
        .values({
          attemptId: attempt!.id,
          invoiceId,
          provider: 'demo',
          disputeRef: `dp_${invoiceId}`,
          amountPence: 3600,
          reason: 'fraudulent',
          status: 'lost',
          openedAt: new Date(),
          closedAt: new Date(),
          lastEventAt: new Date(),
        })
        .returning({ id: carePaymentDisputes.id });
      return { id: dispute!.id };
    }
    case 'acceptedArrangement':
      return { id: (await freshArrangement(scope, caller, 'accepted')).id };
    case 'arrangement':
    case 'visit': {
      const made = await freshArrangement(scope, caller, kind === 'visit' ? 'accepted' : 'proposed');
      if (kind === 'arrangement') return { id: made.id };
      const startsAt = new Date(Date.now() + 2 * 86_400_000);
      const [visit] = await t.database.db
        .insert(visitRows)
        .values({ arrangementId: made.id, startsAt, endsAt: new Date(startsAt.getTime() + 3 * 3_600_000) })
        .returning({ id: visitRows.id });
      return { id: visit!.id };
    }
    case 'draftTimesheet':
    case 'submittedTimesheet':
    case 'timesheetLine': {
      // A timesheet of a past week of a new accepted arrangement, with one visit line.
      const made = await freshArrangement(scope, caller, 'accepted');
      const [sheet] = await t.database.db
        .insert(timesheets)
        .values({
          arrangementId: made.id,
          carerUserId: made.carerUserId,
          customerId: made.customerId,
          weekStart: MATRIX_WEEK,
          status: kind === 'submittedTimesheet' ? 'submitted' : 'draft',
          submittedAt: kind === 'submittedTimesheet' ? new Date() : null,
        })
        .returning({ id: timesheets.id });
      const [line] = await t.database.db
        .insert(timesheetLines)
        .values({
          timesheetId: sheet!.id,
          kind: 'visit',
          date: MATRIX_WEEK,
          startsAt: new Date(`${MATRIX_WEEK}T09:00:00Z`),
          endsAt: new Date(`${MATRIX_WEEK}T11:00:00Z`),
          minutes: 120,
          ratePence: 1800,
          amountPence: 3600,
        })
        .returning({ id: timesheetLines.id });
      return kind === 'timesheetLine' ? { id: line!.id } : { id: sheet!.id, lineId: line!.id };
    }
    case 'invoice':
    case 'markedInvoice': {
      const made = await freshArrangement(scope, caller, 'accepted');
      invoiceNumber += 1;
      const [row] = await t.database.db
        .insert(invoices)
        .values({
          carerUserId: made.carerUserId,
          customerId: made.customerId,
          number: invoiceNumber,
          arrangementId: made.id,
          issuedAt: new Date(),
          periodStart: MATRIX_WEEK,
          periodEnd: MATRIX_WEEK,
          sellerName: 'A Carer',
          sellerAddress: '',
          buyerName: 'A Family',
          buyerAddress: '',
          lines: [
            { date: MATRIX_WEEK, description: 'Care visit', quantity: '2 h', rate: '', amountPence: 3600 },
          ],
          totalPence: 3600,
          status: kind === 'markedInvoice' ? 'marked_paid' : 'open',
          ...(kind === 'markedInvoice' ? { markedPaidAt: new Date() } : {}),
        })
        .returning({ id: invoices.id });
      return { id: row!.id };
    }
    case 'calendarFeed': {
      // The bystander's private address: whoever holds it reads the feed.
      const feed = await ok(world.bystander.cookie, { method: 'POST', url: '/api/settings/calendar-feed' });
      return { id: new URL(feed.json<{ url: string }>().url).pathname.split('/').pop()! };
    }
    case 'circleInvitation': {
      // A circle caller: one of the holder's; else the caller's own or a new family's.
      const holderId = caller.circle
        ? callers.subscribed.user.id
        : scope === 'own'
          ? caller.user.id
          : (await make.customer('none')).user.id;
      return { id: (await circleInvitation(holderId, `invited.${unique()}@example.net`)).id };
    }
    case 'circleInvitationLink': {
      // A circle caller: the holder invites them (again); else a new family invites the caller or
      // someone else.
      const holderId = caller.circle ? callers.subscribed.user.id : (await make.customer('none')).user.id;
      const email = caller.circle || scope === 'own' ? caller.user.email : `someone.${unique()}@example.net`;
      return circleInvitation(holderId, email, caller.circle ? roleOf(caller.circle) : 'can_see');
    }
    case 'circleInvitationToken':
      return circleInvitation((await make.customer('none')).user.id, `someone.${unique()}@example.net`);
    case 'circleMember': {
      // A circle caller: another member of the holder's circle.
      const holderId = caller.circle
        ? callers.subscribed.user.id
        : scope === 'own'
          ? caller.user.id
          : (await make.customer('none')).user.id;
      return { id: await joinCircle(holderId, (await make.customer('none')).user.id, 'can_see') };
    }
    case 'circleMembership': {
      if (caller.circle === 'removedMember') return { id: world.removedMembershipId };
      const memberId =
        caller.circle || scope === 'own' ? caller.user.id : (await make.customer('none')).user.id;
      return { id: await joinCircle((await make.customer('none')).user.id, memberId, 'can_see') };
    }
    case 'report': {
      const [row] = await t.database.db
        .insert(reports)
        .values({
          reporterId: world.bystander.user.id,
          conversationId: world.bystanderThread,
          reason: 'Spam or a scam',
          details: 'Asked me to pay outside the site.',
        })
        .returning({ id: reports.id });
      return { id: row!.id };
    }
  }
}

/** The state a row starts from; answers the placeholders it adds. */
async function prepare(
  row: MatrixRow,
  caller: Caller,
  record: ResolvedRecord | undefined,
): Promise<Record<string, string>> {
  switch (row.prepare) {
    case undefined:
      return {};
    case 'noBlocks':
      await t.database.db.delete(userBlocks);
      return {};
    case 'noArrangements':
      await t.database.db.delete(userBlocks);
      await t.database.db.delete(arrangements);
      return {};
    case 'ownBlock': {
      await t.database.db.delete(userBlocks);
      // The other person of the caller's own conversation (the records of world.thread and world.expiredThread).
      const inThread = record?.id === world.thread || record?.id === world.expiredThread;
      if (inThread && caller.cookie) {
        const other =
          caller.role === 'owningCarer'
            ? callers.subscribed.user.id
            : caller.role === 'subscribed' || caller.role === 'expired'
              ? callers.owningCarer.user.id
              : undefined;
        if (other)
          await t.database.db.insert(userBlocks).values({ blockerId: caller.user.id, blockedId: other });
      }
      return {};
    }
    case 'noOwnReview':
      await t.database.db.delete(reviews).where(eq(reviews.customerId, caller.user.id));
      return {};
    case 'twoFactorStarted':
    case 'twoFactorOn': {
      // Refused callers are refused before any of this would matter.
      if (!caller.cookie || caller.role === 'suspended') return { totp: '000000' };
      const setup = await ok(caller.cookie, { method: 'POST', url: '/api/settings/two-factor/setup' });
      const { secret } = setup.json<{ secret: string }>();
      if (row.prepare === 'twoFactorStarted') return { totp: appCode(secret) };
      await ok(caller.cookie, {
        method: 'POST',
        url: '/api/settings/two-factor/enable',
        payload: { code: appCode(secret), currentPassword: TEST_PASSWORD },
      });
      return {};
    }
  }
}

let network = 0;
const nextNetwork = () => {
  network += 1;
  return `198.18.${Math.floor(network / 250)}.${(network % 250) + 1}`;
};

function fill(value: unknown, values: Record<string, string>): unknown {
  return JSON.parse(
    JSON.stringify(value).replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole),
  );
}

/** The status of a stream, then the connection is dropped (see messaging-authorization.test.ts). */
function streamStatus(url: string, cookie: string | undefined): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.get(url, { headers: cookie ? { cookie } : {} }, (response) => {
      answered = true;
      const status = response.statusCode ?? 0;
      if (status < 400) {
        request.destroy();
        resolve({ status, body: JSON.stringify({ contentType: response.headers['content-type'] }) });
        return;
      }
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status, body }));
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
  });
}

/**
 * Makes the cell's caller, record and starting state, and answers the call to make.
 * `extra`: fields added to the body (JSON, or multipart text fields); the row's own fields win.
 */
async function prepareCall(
  row: MatrixRow,
  role: Role,
  scope: 'own' | 'other' | undefined,
  circleCaller?: Caller,
) {
  const caller = circleCaller ?? (row.fresh ? await makeCaller(role) : callers[role]);
  const record = row.record ? await recordFor(row.record, scope ?? 'other', caller, row.method) : undefined;
  const values: Record<string, string> = {
    email: caller.user.email,
    password: TEST_PASSWORD,
    newEmail: `new.${unique()}@example.net`,
    ...(record
      ? {
          record: record.id,
          recordUser: record.userId ?? '',
          clientSecret: record.clientSecret ?? '',
          token: record.token ?? '',
          line: record.lineId ?? '',
        }
      : {}),
    ...(await prepare(row, caller, record)),
  };
  const url = `${row.path.replace(/:\w+/g, () => record!.id).replace('*', row.wildcard ?? '')}${row.query ? `?${row.query}` : ''}`;
  return async (extra?: Record<string, unknown>): Promise<{ status: number; body: string }> => {
    if (row.stream) return streamStatus(`${baseUrl}${url}`, caller.cookie);
    // A form has room for few fields (the upload's part limits): the most telling ones go.
    const extraFields = Object.fromEntries(
      Object.entries(extra ?? {})
        .filter(([key]) => MULTIPART_EXTRAS.includes(key))
        .map(([key, value]) => [key, String(value)]),
    );
    const body = row.body ? (fill(row.body, values) as Record<string, unknown>) : undefined;
    const payload =
      row.multipart === 'photo'
        ? multipartForm(extraFields, [
            { field: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', content: photo },
          ])
        : row.multipart === 'verification'
          ? multipartForm({ ...extraFields, ...validFields() }, validFiles())
          : row.multipart === 'insurance'
            ? insuranceForm(extraFields)
            : body || extra
              ? { payload: { ...extra, ...body } }
              : {};
    const response = await t.injectAs(caller.cookie, {
      method: row.method,
      url,
      ...(row.ownNetwork ? { remoteAddress: nextNetwork() } : {}),
      ...payload,
    });
    return { status: response.statusCode, body: response.body };
  };
}

const call = async (row: MatrixRow, role: Role, scope: 'own' | 'other' | undefined) =>
  (await prepareCall(row, role, scope))();

/** A valid insurance form (a year's cover, a PDF schedule). */
function insuranceForm(extraFields: Record<string, string> = {}) {
  return multipartForm(
    {
      ...extraFields,
      kind: 'public_liability',
      insurer: 'Hiscox',
      policyNumber: 'PL-100200',
      coverPounds: '5000000',
      expiresOn: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
    },
    [{ field: 'document', filename: 'schedule.pdf', contentType: 'application/pdf', content: FILES.pdf }],
  );
}

const MULTIPART_EXTRAS = [
  'role',
  'isVerified',
  'rating',
  'reviewCount',
  'userId',
  'id',
  'subscriptionStatus',
  'suspendedAt',
  'passwordHash',
];

const rowName = (row: MatrixRow) => `${row.method} ${row.path}`;
const activeRows = AUTHORIZATION_MATRIX.filter((row) => !row.only || ACTIVE.has(row.only));

interface CellCase {
  row: MatrixRow;
  role: Role;
  scope: 'own' | 'other' | undefined;
  expected: number;
}
const cells: CellCase[] = activeRows.flatMap((row) =>
  ROLES.flatMap((role): CellCase[] => {
    const cell = row.expected[role];
    if (typeof cell === 'number') return [{ row, role, scope: undefined, expected: cell }];
    return (['own', 'other'] as const).flatMap((scope): CellCase[] => {
      const expected = (cell as ScopedCell)[scope];
      return expected === 'n/a' ? [] : [{ row, role, scope, expected }];
    });
  }),
);

describe.each(activeRows.map((row) => [rowName(row), row] as const))('%s', (name, row) => {
  it.each(
    cells
      .filter((cell) => cell.row === row)
      .map((cell) => [`${cell.role}${cell.scope ? ` (${cell.scope} record)` : ''}`, cell] as const),
  )('as %s', async (_label, cell) => {
    const { status, body } = await call(row, cell.role, cell.scope);
    expect(status, `${name} as ${cell.role} ${cell.scope ?? ''}: ${body}`).toBe(cell.expected);
    // Every refusal of the API is a JSON message, never an empty or HTML body.
    if (status >= 400)
      expect(JSON.parse(body)).toEqual(expect.objectContaining({ message: expect.any(String) }));
  });
});

// ── The family circle (decision 0036) ──────────────────────────────────────────────────────
//
// Every row on an arrangement, a visit or a circle, called by the members of `subscribed`'s circle:
// "can see", "can arrange", a removed member and a suspended one (tests/support/authorization-matrix.ts).

const circleCells = activeRows.flatMap((row) =>
  row.circle ? CIRCLE_CALLERS.map((who) => ({ row, who, expected: row.circle![who] })) : [],
);

describe('the family circle callers', () => {
  it.each(circleCells.map((cell) => [`${rowName(cell.row)} as ${cell.who}`, cell] as const))(
    '%s',
    async (label, { row, who, expected }) => {
      const send = await prepareCall(row, 'unsubscribed', 'own', circleCallers[who]);
      const { status, body } = await send();
      await restoreCircle();
      expect(status, `${label}: ${body}`).toBe(expected);
      if (status >= 400)
        expect(JSON.parse(body)).toEqual(expect.objectContaining({ message: expect.any(String) }));
    },
  );

  it('covers every row on an arrangement, a visit or a circle', () => {
    const circleRoute = (row: MatrixRow) =>
      row.record === 'arrangement' ||
      row.record === 'visit' ||
      row.record === 'draftTimesheet' ||
      row.record === 'submittedTimesheet' ||
      row.record === 'timesheetLine' ||
      row.record === 'invoice' ||
      row.record === 'markedInvoice' ||
      row.record === 'acceptedArrangement' ||
      row.path.startsWith('/api/circle') ||
      row.path === '/api/settings/notifications';
    const missing = activeRows.filter((row) => circleRoute(row) && !row.circle).map(rowName);
    expect(missing).toEqual([]);
  });
});

describe('the table', () => {
  it('lists every route the app registers, and nothing it does not', () => {
    const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
    // HEAD is registered beside every GET by Fastify itself and answers as the GET does.
    const actual = new Set(registered.filter((route) => route.method !== 'HEAD').map(key));
    const listed = new Set(activeRows.map((row) => key({ method: row.method, url: row.path })));
    // Any page or built file (fastify-static's routes) would be served only with a web app folder,
    // which API tests do not build: tests/api/web-app.test.ts covers those, all public.
    expect([...actual].filter((route) => !listed.has(route))).toEqual([]);
    expect([...listed].filter((route) => !actual.has(route))).toEqual([]);
    expect(actual.size).toBeGreaterThan(90);
  });

  it('has one row per route and a cell for every caller', () => {
    const names = AUTHORIZATION_MATRIX.map((row) => `${row.only ?? ''} ${rowName(row)}`);
    expect(new Set(names).size).toBe(names.length);
    for (const row of AUTHORIZATION_MATRIX)
      expect(Object.keys(row.expected).sort()).toEqual([...ROLES].sort());
  });

  it('covers the routes of the configurations the test app does not run in', () => {
    const inactive = AUTHORIZATION_MATRIX.filter((row) => row.only && !ACTIVE.has(row.only)).map(rowName);
    expect(inactive.sort()).toEqual([
      'GET /api/auth/oidc/callback',
      'POST /api/webhooks/stripe',
      'POST /api/webhooks/stripe/connect',
    ]);
    for (const route of inactive) expect(registered.map((r) => `${r.method} ${r.url}`)).not.toContain(route);
  });

  it('refuses a suspended account that still holds a session made before the suspension', async () => {
    // The premise of every `suspended` cell: the session row is there, only the suspension stops it.
    const live = await t.database.db
      .select({ userId: sessionRows.userId })
      .from(sessionRows)
      .where(eq(sessionRows.userId, callers.suspended.user.id));
    expect(live).toHaveLength(1);
    const response = await t.injectAs(callers.suspended.cookie, { method: 'GET', url: '/api/auth/user' });
    expect(response.statusCode).toBe(401);
  });
});

// ── Decision 0020: who may call comes before what they send ───────────────────────────────
//
// Every cell the table refuses for who the caller is (401 signed out, 403 a wrong kind of account)
// is called again with input the route would refuse: the answer is the same 401/403, never a 400
// that tells a visitor the shape the route expects. Without the access rule checked before the
// body is parsed (session.plugin.ts), these answer 400.

const ANY_ID = '6f1c1d8e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';
const INVALID_INPUTS: Array<{
  name: string;
  request: (row: MatrixRow) => Pick<InjectOptions, 'url' | 'payload' | 'headers'>;
}> = [
  {
    name: 'an empty body',
    request: (row) => ({
      url: row.path.replace(/:\w+/g, ANY_ID).replace('*', row.wildcard ?? ''),
      ...(row.method === 'GET' ? {} : { payload: {} }),
    }),
  },
  {
    name: 'malformed JSON',
    request: (row) => ({
      url: row.path.replace(/:\w+/g, ANY_ID).replace('*', row.wildcard ?? ''),
      ...(row.method === 'GET'
        ? {}
        : { payload: '{"content": ', headers: { 'content-type': 'application/json' } }),
    }),
  },
  {
    name: 'wrong types, an overlong id and a bad query',
    request: (row) => ({
      url: `${row.path.replace(/:\w+/g, 'x'.repeat(90)).replace('*', row.wildcard ?? '')}?limit=abc&page=-1&cursor=%7B%7D&type=nonsense`,
      ...(row.method === 'GET'
        ? {}
        : {
            payload: {
              content: 42,
              email: ['a'],
              password: {},
              currentPassword: 7,
              type: 'x'.repeat(5000),
              rating: 'ten',
              code: null,
            },
          }),
    }),
  },
];

const refusalCases = activeRows.flatMap((row) =>
  ROLES.flatMap((role) => {
    const expected = refusalWhateverTheBody(row, role);
    return expected === undefined ? [] : INVALID_INPUTS.map((input) => ({ row, role, expected, input }));
  }),
);

describe('who may call is answered before what they send (issue 17 point 6)', () => {
  it('covers the routes that need a session, and those for one kind of account', () => {
    const routes = (status: number) =>
      new Set(refusalCases.filter((c) => c.expected === status).map((c) => rowName(c.row)));
    expect(routes(401).size).toBeGreaterThan(60);
    for (const route of [
      'PUT /api/settings/profile',
      'POST /api/conversations/:id/messages',
      'GET /api/events',
    ])
      expect(routes(401), route).toContain(route);
    for (const route of [
      'POST /api/carers',
      'POST /api/messages',
      'POST /api/subscribe',
      'DELETE /api/settings/account',
      'PUT /api/carers/:id/reviews/mine',
      'PUT /api/test/users/:id',
    ])
      expect(routes(403), route).toContain(route);
  });

  it.each(refusalCases.map((c) => [`${rowName(c.row)} as ${c.role} with ${c.input.name}`, c] as const))(
    '%s',
    async (label, { row, role, expected, input }) => {
      const response = await t.injectAs(callers[role].cookie, { method: row.method, ...input.request(row) });
      expect(response.statusCode, `${label}: ${response.body}`).toBe(expected);
      expect(JSON.parse(response.body)).toEqual(expect.objectContaining({ message: expect.any(String) }));
    },
  );
});

// ── Mass assignment ─────────────────────────────────────────────────────────
//
// Every write route of the table, called by a caller it lets through, with a valid body plus the
// fields no caller may set (camelCase and the columns' snake_case). The protected columns of every
// row are read before and after: a row that existed must keep them (except the changes the route
// exists to make, listed below with their reason), a row the call made must have the server's
// values, and no sentinel value may appear anywhere.

const FAR = '2099-01-01T00:00:00.000Z';
const CHOSEN_ID = '0badc0de-0000-4000-8000-000000000099';
const HASH_SENTINEL = '$argon2id$v=19$m=65536,t=3,p=4$hostile$hostile';

function hostileFields(victimId: string): Record<string, unknown> {
  return {
    role: 'admin',
    userType: 'admin',
    isVerified: true,
    is_verified: true,
    isActive: true,
    subscriptionStatus: 'active',
    subscription_status: 'active',
    subscriptionType: 'three_month',
    subscription_type: 'three_month',
    subscriptionExpiresAt: FAR,
    subscription_expires_at: FAR,
    expiresAt: FAR,
    listedUntil: FAR,
    listed_until: FAR,
    rating: 5,
    reviewCount: 999,
    review_count: 999,
    userId: victimId,
    user_id: victimId,
    customerId: victimId,
    senderId: victimId,
    reporterId: victimId,
    ownerId: victimId,
    id: CHOSEN_ID,
    amount: 1,
    amountPence: 1,
    amount_pence: 1,
    price: 1,
    pricePence: 1,
    currency: 'usd',
    suspendedAt: FAR,
    suspended_at: FAR,
    passwordHash: HASH_SENTINEL,
    password_hash: HASH_SENTINEL,
    stripeCustomerId: 'cus_attacker',
    stripe_customer_id: 'cus_attacker',
  };
}

const SUBSCRIPTION_COLUMNS = [
  'users.subscriptionStatus',
  'users.subscriptionType',
  'users.subscriptionExpiresAt',
];
/** The protected columns a route exists to change, and why that is not mass assignment. */
const LEGITIMATE_CHANGES: Record<string, { columns: string[]; reason: string }> = {
  'POST /api/settings/password': { columns: ['users.passwordHash'], reason: 'it changes the password' },
  'POST /api/payments/demo/confirm': {
    columns: [...SUBSCRIPTION_COLUMNS, 'carers.listedUntil'],
    reason: 'a confirmed payment activates the plan it paid for, with the server’s expiry',
  },
  'PUT /api/carers/:id/reviews/mine': {
    columns: ['carers.rating', 'carers.reviewCount'],
    reason: 'recomputed from the reviews rows after the review is saved',
  },
  'PATCH /api/admin/users/:userId/subscription': {
    columns: SUBSCRIPTION_COLUMNS,
    reason:
      'product §4 and §7: an admin activates or deactivates plans; the expiry is the server’s (decision 0008)',
  },
  'PATCH /api/test/users/:userId/subscription': {
    columns: SUBSCRIPTION_COLUMNS,
    reason: 'product §7: the test customer page activates plans; the expiry is the server’s',
  },
  'PUT /api/test/users/:userId/subscription': {
    columns: SUBSCRIPTION_COLUMNS,
    reason: 'product §2: Admin Management activates or deactivates plans; the expiry is the server’s',
  },
  'PUT /api/test/carers/:id': {
    columns: ['carers.isVerified'],
    reason: 'product §5: the admin carer form has the Verified flag',
  },
  'POST /api/admin/verifications/:id/approve': {
    columns: ['carers.isVerified'],
    reason: 'approving a carer’s checks verifies the profile',
  },
  'POST /api/admin/users/:id/unsuspend': {
    columns: ['users.suspendedAt'],
    reason: 'it lifts a suspension',
  },
};
/** New rows an admin route may make with the Verified flag set (product §5, the admin carer form). */
const MAY_CREATE_VERIFIED = new Set(['POST /api/test/carers']);

const PRICES = new Set<number>([
  PLANS.threeMonth.amountPence,
  PLANS.monthly.amountPence,
  PLANS.annual.amountPence,
  CARER_MEMBERSHIP.amountPence,
]);

type Snapshot = Record<string, Map<string, Record<string, unknown>>>;

async function protectedState(): Promise<Snapshot> {
  const { db } = t.database;
  const byId = (rows: Array<Record<string, unknown>>) =>
    new Map(rows.map((row) => [String(row.id), JSON.parse(JSON.stringify(row)) as Record<string, unknown>]));
  return {
    users: byId(
      await db
        .select({
          id: users.id,
          role: users.role,
          subscriptionStatus: users.subscriptionStatus,
          subscriptionType: users.subscriptionType,
          subscriptionExpiresAt: users.subscriptionExpiresAt,
          suspendedAt: users.suspendedAt,
          passwordHash: users.passwordHash,
          stripeCustomerId: users.stripeCustomerId,
        })
        .from(users),
    ),
    carers: byId(
      await db
        .select({
          id: carerProfiles.id,
          userId: carerProfiles.userId,
          rating: carerProfiles.rating,
          reviewCount: carerProfiles.reviewCount,
          isVerified: carerProfiles.isVerified,
          listedUntil: carerProfiles.listedUntil,
        })
        .from(carerProfiles),
    ),
    payments: byId(
      await db
        .select({
          id: payments.id,
          userId: payments.userId,
          amountPence: payments.amountPence,
          currency: payments.currency,
          plan: payments.plan,
        })
        .from(payments),
    ),
    reviews: byId(
      await db
        .select({ id: reviews.id, customerId: reviews.customerId, carerId: reviews.carerId })
        .from(reviews),
    ),
    messages: byId(await db.select({ id: messages.id, senderId: messages.senderId }).from(messages)),
    conversations: byId(
      await db
        .select({
          id: conversations.id,
          customerId: conversations.customerId,
          carerId: conversations.carerId,
        })
        .from(conversations),
    ),
    reports: byId(await db.select({ id: reports.id, reporterId: reports.reporterId }).from(reports)),
  };
}

/** A value only the hostile body could have put there. */
function isSentinel(column: string, value: unknown): boolean {
  if (typeof value === 'string')
    return value.startsWith('2099-') || value === 'cus_attacker' || value === HASH_SENTINEL;
  return (column === 'reviewCount' && value === 999) || (column === 'amountPence' && value === 1);
}

/** What the call changed that it may not: a list of readable problems (empty when none). */
function violations(route: string, before: Snapshot, after: Snapshot, victimId: string): string[] {
  const allowed = new Set(LEGITIMATE_CHANGES[route]?.columns ?? []);
  const problems: string[] = [];
  for (const [table, rows] of Object.entries(after)) {
    for (const [id, row] of rows) {
      const old = before[table]!.get(id);
      if (old) {
        for (const [column, value] of Object.entries(row)) {
          if (!allowed.has(`${table}.${column}`) && JSON.stringify(old[column]) !== JSON.stringify(value))
            problems.push(
              `${table} ${id}: ${column} ${JSON.stringify(old[column])} → ${JSON.stringify(value)}`,
            );
        }
        continue;
      }
      // A row the call made.
      if (id === CHOSEN_ID) problems.push(`${table}: a new row took the id the caller chose`);
      if (Object.entries(row).some(([column, value]) => column !== 'id' && value === victimId))
        problems.push(`${table} ${id}: a new row points at the account the caller named`);
      if (
        table === 'users' &&
        (row.role === 'admin' || row.subscriptionStatus !== null || row.suspendedAt !== null)
      )
        problems.push(`users ${id}: a new account with ${JSON.stringify(row)}`);
      if (
        table === 'carers' &&
        (Number(row.rating) !== 0 ||
          row.reviewCount !== 0 ||
          (row.isVerified && !MAY_CREATE_VERIFIED.has(route)))
      )
        problems.push(`carers ${id}: a new profile with ${JSON.stringify(row)}`);
      if (table === 'payments' && (!PRICES.has(row.amountPence as number) || row.currency !== 'gbp'))
        problems.push(`payments ${id}: ${row.amountPence} ${String(row.currency)}`);
    }
  }
  // Sentinels nowhere, not even in a column the route may change. Each value is compared on its
  // own: a search of the whole snapshot's text once matched a random id such as "…2099-…".
  for (const [table, rows] of Object.entries(after))
    for (const [id, row] of rows)
      for (const [column, value] of Object.entries(row))
        if (isSentinel(column, value))
          problems.push(`the sentinel ${JSON.stringify(value)} was stored in ${table} ${id}.${column}`);
  return problems;
}

/**
 * The caller a write route lets through (own record first); else one it refuses for a business
 * rule rather than for who they are (409: nothing to cancel); else a signed-in customer.
 */
function allowedCell(row: MatrixRow): CellCase {
  const ofRow = cells.filter((cell) => cell.row === row);
  const allowed = ofRow.filter((cell) => cell.expected < 300);
  const passed = ofRow.filter((cell) => ![401, 403, 404].includes(cell.expected));
  return (
    allowed.find((cell) => cell.scope === 'own') ??
    allowed[0] ??
    passed[0] ??
    ofRow.find((cell) => cell.role === 'subscribed') ??
    ofRow[0]!
  );
}

const writeRows = activeRows.filter((row) => row.method !== 'GET');

describe('mass assignment: fields no caller may set are ignored or refused', () => {
  let victimId: string;
  beforeAll(async () => {
    victimId = (await make.customer('active')).user.id;
  });

  it.each(writeRows.map((row) => [rowName(row), row] as const))('%s', async (route, row) => {
    const cell = allowedCell(row);
    const send = await prepareCall(row, cell.role, cell.scope);
    const before = await protectedState();
    const { status, body } = await send(hostileFields(victimId));
    // Ignored (the status of the same call without them) or refused with 400.
    expect([cell.expected, 400], `${route} as ${cell.role}: ${body}`).toContain(status);
    const after = await protectedState();
    expect(
      violations(route, before, after, victimId).join('\n'),
      `${route} as ${cell.role} (${status})`,
    ).toBe('');
  });

  it('refuses a sign-up that asks for the admin role by its user type', async () => {
    const email = `would-be-admin.${unique()}@example.org`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'Eve', lastName: 'Mallory', email, password: TEST_PASSWORD, userType: 'admin' },
    });
    expect(response.statusCode).toBe(400);
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual(
      [],
    );
  });

  it('lists only write routes of the table as legitimate changes, each with a reason', () => {
    const writes = new Set(writeRows.map(rowName));
    for (const [route, { reason }] of Object.entries(LEGITIMATE_CHANGES)) {
      expect(writes.has(route), route).toBe(true);
      expect(reason.length).toBeGreaterThan(10);
    }
  });
});
