// The authorization matrix, as data. Every route the app registers (method and
// Fastify pattern) × every kind of caller × (where the route acts on a record) the caller's own
// record or someone else's, with the status the server must answer.
// tests/api/authorization-matrix.test.ts turns each cell into a test and fails when the app has a
// route this table does not list.
//
// Callers (ROLES):
//   visitor        no session cookie
//   unsubscribed   a customer who never paid
//   subscribed     a customer with an active plan
//   expired        a customer whose plan ended yesterday
//   carer          a carer account without a profile yet (owns no carer record)
//   owningCarer    the carer who owns the records under test: a listed profile, a pending
//                  verification, the conversations with `subscribed` and `expired`
//   otherCarer     another carer with a listed profile of their own, in no conversation
//   admin          an admin
//   suspended      a customer an admin suspended (users.suspended_at) who still holds the cookie
//                  of a session made before: a suspended account's sessions are refused
//
// Circle callers (CIRCLE_CALLERS, decision 0036), for the rows on an arrangement, a visit or a
// circle (`circle` of a row): people in `subscribed`'s family circle, each an unsubscribed family
// account of their own, calling about `subscribed`'s records (the holder's arrangement, visit,
// invitation or another member) or their own membership:
//   canSee            a "can see" member
//   canArrange        a "can arrange" member
//   removedMember     a "can arrange" member the holder removed (their old membership for theirs)
//   suspendedMember   a "can arrange" member whose account an admin suspended (still holding a session)
//
// Records (RecordKind): `own` is the caller's own record of that kind, `other` is the same kind of
// record belonging to bystanders (a customer and a carer who are none of the callers). A cell is
// 'n/a' when the caller cannot have an own record of that kind (a visitor has no conversation).
//
//   carer          a carer profile; own: a carer's own profile, or for a customer the profile of
//                  the carer they are in a conversation with (and who answered them)
//   conversation   own: the caller's conversation (subscribed and expired with owningCarer)
//   session        own: another signed-in session of the caller; other: a bystander's session
//   payment        own: a pending payment the caller started; other: a bystander's
//   review         a review a bystander wrote (reviews are public: no own/other)
//   photo          a profile photo's file name (public)
//   account, carerProfile, verification, document, report, suspendedAccount:
//                  what the admin tools act on; a new one per cell for writes
//   approvedVerification, insurance: approved checks on the Update Service and pending
//                  insurance of a new carer, a new one per cell
//   circleInvitation      own: an open invitation of the caller's circle; other: of a new family's
//   circleInvitationLink  an invitation's secret ({token}); own: sent to the caller's address by a
//                  new family; other: sent to someone else's address
//   circleInvitationToken an invitation's secret ({token}) sent by a new family to a new address
//   circleMember   own: a member of the caller's circle; other: a member of a new family's circle
//   circleMembership own: the caller's membership of a new family's circle; other: someone else's
//   draftTimesheet, submittedTimesheet  a timesheet of a past week (with one visit line, {line}) of
//                  a new accepted arrangement: own as for `arrangement`; other: the bystanders'
//   timesheetLine  the visit line of a draft timesheet, the same way
//   invoice, markedInvoice  an open invoice (marked paid by transfer) of such an arrangement
//   acceptedArrangement  an accepted arrangement, new per cell: own as for `arrangement`
//   cardDispute    a closed card dispute of a bystander carer's payment, new per cell
//   pushDevice     a browser with push on (decision 0044); own: one the caller turned on; other:
//                  the bystander family's
//
// Bodies are valid for the callers who may make the call, so a status shows authorization, not
// validation. Placeholders filled per cell: {email} {password} the caller's sign-in (a visitor's is
// a signed-out account's), {newEmail} an unused address, {record} {recordUser} the record's id
// and its account's id, {clientSecret} the payment record's secret, {totp} a valid code.

import { validProfile } from './carer-fixtures';

export const ROLES = [
  'visitor',
  'unsubscribed',
  'subscribed',
  'expired',
  'carer',
  'owningCarer',
  'otherCarer',
  'admin',
  'suspended',
] as const;
export type Role = (typeof ROLES)[number];

export type RecordKind =
  | 'carer'
  | 'conversation'
  | 'session'
  | 'payment'
  | 'review'
  | 'photo'
  | 'account'
  | 'carerProfile'
  | 'verification'
  | 'approvedVerification'
  | 'insurance'
  | 'document'
  | 'report'
  | 'suspendedAccount'
  | 'careRequest'
  | 'arrangement'
  | 'visit'
  | 'calendarFeed'
  | 'circleInvitation'
  | 'circleInvitationLink'
  | 'circleInvitationToken'
  | 'circleMember'
  | 'circleMembership'
  | 'draftTimesheet'
  | 'submittedTimesheet'
  | 'timesheetLine'
  | 'invoice'
  | 'markedInvoice'
  | 'acceptedArrangement'
  | 'cardDispute'
  | 'pushDevice';

/** Kinds where a caller can own the record: their cells say `{ own, other }`. */
export const SCOPED_KINDS = [
  'carer',
  'conversation',
  'session',
  'payment',
  'careRequest',
  'arrangement',
  'visit',
  'circleInvitation',
  'circleInvitationLink',
  'circleMember',
  'circleMembership',
  'draftTimesheet',
  'submittedTimesheet',
  'timesheetLine',
  'invoice',
  'markedInvoice',
  'acceptedArrangement',
  'pushDevice',
] as const;

export const CIRCLE_CALLERS = ['canSee', 'canArrange', 'removedMember', 'suspendedMember'] as const;
export type CircleCaller = (typeof CIRCLE_CALLERS)[number];

/** State a cell starts from, made for the caller before the call. */
export type Prepare =
  /** Two-factor set up but not on yet ({totp} is a code of the new key). */
  | 'twoFactorStarted'
  /** Two-factor on. */
  | 'twoFactorOn'
  /** The caller's own review of the record removed, so a save creates one (201). */
  | 'noOwnReview'
  /** No blocks between anyone. */
  | 'noBlocks'
  /** No arrangements at all, so a proposal in any conversation is the first (201). */
  | 'noArrangements'
  /** No blocks but the caller's own block of the other person in the conversation. */
  | 'ownBlock';

export type Status = number;
export type ScopedCell = { own: Status | 'n/a'; other: Status };
export type Cell = Status | ScopedCell;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface MatrixRow {
  method: Method;
  /** The pattern exactly as Fastify registers it; every `:param` is filled with the record. */
  path: string;
  /** Registered only in one configuration; the test app runs in demo mode without OIDC. */
  only?: 'demo-payments' | 'stripe' | 'oidc';
  body?: Record<string, unknown>;
  /** A query string the route needs, without the '?'. */
  query?: string;
  /** What a `*` in the path stands for. */
  wildcard?: string;
  /** A multipart form instead of JSON. */
  multipart?: 'photo' | 'verification' | 'insurance';
  record?: RecordKind;
  /** Each cell's caller is a new account of the role: the call ends or changes the account. */
  fresh?: true;
  prepare?: Prepare;
  /** A server-sent event stream: only its status is read. */
  stream?: true;
  /** A distinct client network per cell (routes limited per network). */
  ownNetwork?: true;
  expected: Record<Role, Cell>;
  /** The statuses of the circle callers, on rows acting on an arrangement, a visit or a circle. */
  circle?: Record<CircleCaller, Status>;
  /** Why a status that is not plainly "allowed" or "refused" is right. */
  note?: string;
  /**
   * Its 401 answers wrong credentials, not a missing session: the body is the sign-in itself, so
   * a malformed one is a 400 (left out of the "who before what" cells).
   */
  credentials?: true;
}

// ── shorthands for whole rows ────────────────────────────────────────────────────────────────

const everyone = (status: Cell): Record<Role, Cell> => ({
  visitor: status,
  unsubscribed: status,
  subscribed: status,
  expired: status,
  carer: status,
  owningCarer: status,
  otherCarer: status,
  admin: status,
  suspended: status,
});
/** Any live session: a visitor and a suspended account get 401. */
const signedIn = (status: Status): Record<Role, Cell> => ({
  ...everyone(status),
  visitor: 401,
  suspended: 401,
});
/** The admin guard: 401 without a live session, 403 for every role but admin. */
const adminOnly = (status: Status): Record<Role, Cell> => ({
  ...everyone(403),
  visitor: 401,
  suspended: 401,
  admin: status,
});
/** Carer accounts only (with or without a profile); families and admins 403. */
const carers = (status: Status): Record<Role, Cell> => ({
  ...signedIn(403),
  carer: status,
  owningCarer: status,
  otherCarer: status,
});
/** Customers only (any plan); carers and admins 403. */
const customers = (status: Status): Record<Role, Cell> => ({
  ...signedIn(403),
  unsubscribed: status,
  subscribed: status,
  expired: status,
});
const own = (ownStatus: Status | 'n/a', other: Status): ScopedCell => ({ own: ownStatus, other });
/**
 * The circle callers: what "can see" and "can arrange" members get; a removed member is a stranger
 * (404 unless said), a suspended member has no session (401).
 */
const circle = (
  canSee: Status,
  canArrange: Status,
  removedMember: Status = 404,
  suspendedMember: Status = 401,
): Record<CircleCaller, Status> => ({ canSee, canArrange, removedMember, suspendedMember });
/** A family's own circle record: families own/other, other accounts refused for their kind. */
const familiesOwn = (status: Status): Record<Role, Cell> => ({
  visitor: own('n/a', 401),
  unsubscribed: own(status, 404),
  subscribed: own(status, 404),
  expired: own(status, 404),
  carer: own('n/a', 403),
  owningCarer: own('n/a', 403),
  otherCarer: own('n/a', 403),
  admin: own('n/a', 403),
  suspended: own('n/a', 401),
});

const NEW_PASSWORD = 'Lantern-Orchard-Pebble-77';
const report = { reason: 'Spam or a scam', details: 'Asked me to pay by bank transfer.' };
const profileBody = validProfile();
const careRequestBody = {
  recipient: 'My father',
  careType: 'Elderly Care',
  postcode: 'HG1 2AB',
  startDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
  pattern: { slots: ['tuesday-morning'] },
  hoursPerWeek: 6,
  budgetMin: '16.00',
  budgetMax: '22.00',
  description: 'Dad is 88 and needs company and help with meals twice a week.',
};
const arrangementTerms = {
  startDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
  visits: [{ day: 'tuesday', start: '09:00', end: '12:00' }],
  hourlyRate: '18.00',
  tasks: 'Breakfast and a walk.',
};
const adminCarerBody = {
  firstName: 'Harriet',
  lastName: 'Okafor',
  specialization: 'Elderly Care',
  experience: '5 years',
  location: 'York, North Yorkshire',
  hourlyRateMin: '18.00',
  hourlyRateMax: '25.00',
  description: 'Kind and patient carer with many years of home care for older people.',
  qualifications: ['Manual Handling'],
  availability: ['Weekdays'],
};

// ── shorthands for scoped rows  ────────────────────

/** Roles with an own `carer` record: carers' own profiles, customers' carer in a conversation. */
const CARER_RECORD_HOLDERS: readonly Role[] = ['subscribed', 'expired', 'owningCarer', 'otherCarer'];

/** The same status for own and other records; 'n/a' own where a role has no such record. */
function scoped(base: Record<Role, Cell>): Record<Role, Cell> {
  const out = {} as Record<Role, Cell>;
  for (const role of ROLES) {
    const status = base[role] as Status;
    out[role] = own(CARER_RECORD_HOLDERS.includes(role) ? status : 'n/a', status);
  }
  return out;
}

function scopedCustomers(status: Status): Record<Role, Cell> {
  return scoped(customers(status));
}

/** A record no role owns: every cell's own is 'n/a'. */
function scopedNone(base: Record<Role, Cell>): Record<Role, Cell> {
  const out = {} as Record<Role, Cell>;
  for (const role of ROLES) out[role] = own('n/a', base[role] as Status);
  return out;
}

/** Only the profile's own carer may change it; any other signed-in account gets 403. */
function carerOwnerOnly(status: Status): Record<Role, Cell> {
  return {
    ...scoped(signedIn(403)),
    owningCarer: own(status, 403),
    otherCarer: own(status, 403),
  };
}

/** Conversation calls: the two people in it; to anyone else the conversation does not exist. */
function participants(status: Status): Record<Role, Cell> {
  return {
    visitor: own('n/a', 401),
    unsubscribed: own('n/a', 404),
    subscribed: own(status, 404),
    expired: own(status, 404),
    carer: own('n/a', 404),
    owningCarer: own(status, 404),
    otherCarer: own('n/a', 404),
    admin: own('n/a', 404),
    suspended: own('n/a', 401),
  };
}

// ── the table ────────────────────────────────────────────────────────────────────────────────

export const AUTHORIZATION_MATRIX: MatrixRow[] = [
  // Health and API documentation: public, read-only.
  { method: 'GET', path: '/healthz', expected: everyone(200) },
  { method: 'GET', path: '/readyz', expected: everyone(200) },
  { method: 'GET', path: '/api/docs', expected: everyone(200), note: 'the viewer (also at /api/docs/)' },
  { method: 'GET', path: '/api/docs/json', expected: everyone(200) },
  { method: 'GET', path: '/api/docs/yaml', expected: everyone(200) },
  { method: 'GET', path: '/api/docs/static/index.html', expected: everyone(302), note: 'to /api/docs/' },
  { method: 'GET', path: '/api/docs/static/swagger-initializer.js', expected: everyone(200) },
  { method: 'GET', path: '/api/docs/static/*', wildcard: 'swagger-ui.css', expected: everyone(200) },
  { method: 'GET', path: '/uploads/photos/:name', record: 'photo', expected: everyone(200) },

  // Sign-up, sign-in, sign-out. Signing in ends whatever session the browser had.
  {
    method: 'POST',
    path: '/api/auth/register',
    fresh: true,
    body: {
      firstName: 'Nia',
      lastName: 'Hughes',
      email: '{newEmail}',
      password: NEW_PASSWORD,
      userType: 'customer',
    },
    expected: everyone(202),
    note: 'issue 17: the same 202 for a new or taken address; nobody is signed in until the emailed link is opened',
  },
  {
    method: 'POST',
    path: '/api/auth/verify-email',
    body: { token: 'a-made-up-confirmation-token' },
    expected: everyone(400),
    note: 'public: the emailed token is the only authority, so a made-up one is 400 whoever asks',
  },
  {
    method: 'POST',
    path: '/api/auth/verify-email/resend',
    expected: signedIn(409),
    note: 'every account of the table has confirmed its address, so there is nothing to resend',
  },
  {
    method: 'GET',
    path: '/demo/tiles/*',
    wildcard: '12/2036/1326',
    expected: everyone(200),
    note: 'demo mode only: blank map tiles, so the map needs no outside host; never registered in production',
  },
  {
    method: 'GET',
    path: '/api/demo/mailbox',
    expected: everyone(200),
    note: 'demo mode only (the test app); never registered in production (auth-email-verification.test.ts)',
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    fresh: true,
    ownNetwork: true,
    body: { email: '{email}', password: '{password}' },
    expected: { ...everyone(200), suspended: 403 },
    note: 'a suspended account is refused after the right password only',
  },
  { method: 'POST', path: '/api/auth/logout', fresh: true, expected: everyone(204) },
  { method: 'GET', path: '/api/auth/user', expected: signedIn(200) },
  {
    method: 'GET',
    path: '/api/auth/session',
    expected: everyone(200),
    note: "the web app's sign-in check: a visitor (or a refused session) is `{ user: null }` (issue 21 point 13)",
  },
  { method: 'GET', path: '/api/login', expected: everyone(302) },
  { method: 'GET', path: '/api/logout', fresh: true, expected: everyone(302) },
  { method: 'GET', path: '/api/auth/oidc/callback', only: 'oidc', expected: everyone(302) },
  // The second sign-in step: its authorization is the challenge cookie, which no caller here has.
  { method: 'GET', path: '/api/auth/two-factor', expected: everyone(401) },
  { method: 'POST', path: '/api/auth/two-factor/setup', expected: everyone(401) },
  {
    method: 'POST',
    path: '/api/auth/two-factor/verify',
    body: { code: '123456' },
    expected: everyone(401),
  },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    ownNetwork: true,
    body: { email: '{email}' },
    expected: everyone(202),
    note: 'the same answer whether or not the address has an account',
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    body: { token: 'Z2Vlc2UtYXJlLW5vdC1hLXJlc2V0LXRva2VuLWZvci15b3U', newPassword: NEW_PASSWORD },
    expected: everyone(400),
    note: 'the emailed token is the authorization; a session grants nothing',
  },

  // Settings (any signed-in account).
  { method: 'GET', path: '/api/settings/two-factor', expected: signedIn(200) },
  { method: 'POST', path: '/api/settings/two-factor/setup', expected: signedIn(200) },
  {
    method: 'POST',
    path: '/api/settings/two-factor/enable',
    fresh: true,
    prepare: 'twoFactorStarted',
    body: { code: '{totp}', currentPassword: '{password}' },
    expected: signedIn(200),
  },
  {
    method: 'POST',
    path: '/api/settings/two-factor/recovery-codes',
    fresh: true,
    prepare: 'twoFactorOn',
    body: { currentPassword: '{password}' },
    expected: signedIn(200),
  },
  {
    method: 'DELETE',
    path: '/api/settings/two-factor',
    fresh: true,
    prepare: 'twoFactorOn',
    body: { currentPassword: '{password}' },
    expected: signedIn(204),
    note: 'admins may turn it off in demo mode only (auth-two-factor.test.ts covers production)',
  },
  {
    method: 'PUT',
    path: '/api/settings/profile',
    body: { firstName: 'Robin', lastName: 'Ellis' },
    expected: signedIn(200),
  },
  { method: 'POST', path: '/api/settings/photo', multipart: 'photo', expected: signedIn(200) },
  { method: 'GET', path: '/api/settings/search-place', expected: customers(200) },
  // Care requests: a family's own request, or a bystander family's near Harrogate
  // (where the matrix's carers live), of their care type and week.
  { method: 'POST', path: '/api/care-requests', body: careRequestBody, expected: customers(201) },
  { method: 'GET', path: '/api/care-requests/mine', expected: customers(200) },
  {
    method: 'GET',
    path: '/api/settings/request-alerts',
    expected: { ...signedIn(403), carer: 404, owningCarer: 200, otherCarer: 200 },
    note: 'a carer without a profile has no alerts to set (404)',
  },
  {
    method: 'PUT',
    path: '/api/settings/request-alerts',
    body: { on: true },
    expected: { ...signedIn(403), carer: 404, owningCarer: 200, otherCarer: 200 },
  },
  // Care arrangements: the two people in one and the family's circle (its `circle` cells, on the
  // holder's record), and no one else. A cell's own
  // arrangement is a new proposal from the family in the caller's conversation (so the carer may
  // answer it and the family may not: 409), its own visit one of an accepted arrangement there.
  {
    method: 'POST',
    path: '/api/bookings',
    record: 'conversation',
    prepare: 'noArrangements',
    body: { ...arrangementTerms, conversationId: '{record}' },
    expected: {
      ...participants(403),
      unsubscribed: own('n/a', 403),
      subscribed: own(201, 404),
      expired: own(403, 403),
      carer: own('n/a', 403),
      otherCarer: own('n/a', 403),
      owningCarer: own(403, 403),
      admin: own('n/a', 403),
    },
    note: 'families with a plan, in their own conversation; the plan is checked before the conversation',
  },
  { method: 'GET', path: '/api/bookings', expected: signedIn(200) },
  {
    method: 'GET',
    path: '/api/bookings/:id',
    record: 'arrangement',
    circle: circle(200, 200),
    expected: participants(200),
  },
  {
    method: 'POST',
    path: '/api/bookings/:id/accept',
    record: 'arrangement',
    circle: circle(403, 409),
    expected: { ...participants(200), subscribed: own(409, 404), expired: own(409, 404) },
    note: 'the family proposed: only the carer may accept (409 not your turn)',
  },
  {
    method: 'POST',
    path: '/api/bookings/:id/decline',
    record: 'arrangement',
    body: { reason: 'I am fully booked then.' },
    circle: circle(403, 409),
    expected: { ...participants(200), subscribed: own(409, 404), expired: own(409, 404) },
  },
  {
    method: 'POST',
    path: '/api/bookings/:id/propose',
    record: 'arrangement',
    body: arrangementTerms,
    circle: circle(403, 409),
    expected: { ...participants(200), subscribed: own(409, 404), expired: own(409, 404) },
  },
  {
    method: 'POST',
    path: '/api/bookings/:id/end',
    record: 'arrangement',
    body: { endDate: arrangementTerms.startDate },
    circle: circle(403, 403),
    expected: participants(409),
    note: 'a proposal cannot be ended, only an accepted arrangement (arrangements.test.ts)',
  },
  { method: 'GET', path: '/api/visits', expected: signedIn(200) },
  { method: 'GET', path: '/api/admin/users/:id/arrangements', record: 'account', expected: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/visits/:id/notice',
    record: 'visit',
    body: { kind: 'cant_make_it' },
    circle: circle(403, 403),
    expected: { ...participants(200), subscribed: own(403, 404), expired: own(403, 404) },
    note: 'only the carer sends a notice; "running late" only near the visit (arrangements.test.ts)',
  },
  {
    method: 'DELETE',
    path: '/api/visits/:id/notice',
    record: 'visit',
    circle: circle(403, 403),
    expected: { ...participants(409), subscribed: own(403, 404), expired: own(403, 404) },
    note: "only the carer undoes a notice; the matrix's visit has none to undo (409), the undo itself is in arrangements.test.ts",
  },
  {
    method: 'POST',
    path: '/api/visits/:id/cancel',
    record: 'visit',
    circle: circle(403, 403),
    expected: participants(200),
  },
  // Visits that happened: the carer records, the family replies and sets the care details. The
  // matrix's visit is two days ahead, so the carer's own record is refused as too early (409):
  // the windows themselves are in visit-records.test.ts.
  {
    method: 'POST',
    path: '/api/visits/:id/check-in',
    record: 'visit',
    circle: circle(403, 403),
    expected: { ...participants(409), subscribed: own(403, 404), expired: own(403, 404) },
    note: 'only the carer checks in, from 2 hours before the visit (visit-records.test.ts)',
  },
  {
    method: 'POST',
    path: '/api/visits/:id/check-out',
    record: 'visit',
    body: { note: 'All well.' },
    circle: circle(403, 403),
    expected: { ...participants(409), subscribed: own(403, 404), expired: own(403, 404) },
    note: 'only the carer, after checking in (409 here: not checked in)',
  },
  {
    method: 'POST',
    path: '/api/visits/:id/record',
    record: 'visit',
    body: { date: '2026-01-01', arrived: '09:00', left: '10:00', reason: 'My phone was flat.' },
    circle: circle(403, 403),
    expected: { ...participants(409), subscribed: own(403, 404), expired: own(403, 404) },
    note: 'only the carer, once the visit has started (409 here: it is to come)',
  },
  {
    method: 'POST',
    path: '/api/visits/:id/note/replies',
    record: 'visit',
    body: { text: 'Thank you!' },
    circle: circle(409, 409),
    expected: { ...participants(409), owningCarer: own(403, 404) },
    note: 'only the family side, its circle included, replies under a note (409 here: the visit has none)',
  },
  {
    method: 'GET',
    path: '/api/bookings/:id/history',
    record: 'arrangement',
    circle: circle(200, 200),
    expected: participants(200),
  },
  {
    method: 'PUT',
    path: '/api/bookings/:id/care-details',
    record: 'arrangement',
    body: { careFor: 'Dad — Arthur', careNotes: 'Key safe by the door.', noteTicks: ['Lunch'] },
    circle: circle(403, 200),
    expected: { ...participants(200), owningCarer: own(403, 404) },
    note: 'the holder\'s and "can arrange" members\' to set, with or without a plan running (the care goes on)',
  },
  // No-show alerts and cover (decision 0037): the plan and the offers are the family's (the
  // carer 403), the alerts and offers lists each person's own. The matrix's arrangement is a
  // proposal and its visit two days ahead with no alert: the rules past that are in cover.test.ts.
  {
    method: 'GET',
    path: '/api/bookings/:id/cover',
    record: 'arrangement',
    circle: circle(200, 200),
    expected: { ...participants(200), owningCarer: own(403, 404) },
    note: "the family's plan: the arrangement's carer is refused (403)",
  },
  {
    method: 'PUT',
    path: '/api/bookings/:id/cover',
    record: 'arrangement',
    body: { noShowMinutes: 20, backups: [] },
    circle: circle(403, 409),
    expected: { ...participants(409), owningCarer: own(403, 404) },
    note: 'the family plans cover for an accepted arrangement (409 here: a proposal)',
  },
  { method: 'GET', path: '/api/cover/alerts', circle: circle(200, 200, 200), expected: signedIn(200) },
  { method: 'GET', path: '/api/cover/on-your-way', circle: circle(200, 200, 200), expected: signedIn(200) },
  { method: 'GET', path: '/api/cover/offers', circle: circle(200, 200, 200), expected: signedIn(200) },
  {
    method: 'POST',
    path: '/api/visits/:id/cover-offer',
    record: 'visit',
    circle: circle(403, 409),
    expected: { ...participants(409), owningCarer: own(404, 404) },
    note: 'the family offers a visit its carer cannot do (409 here: nothing to cover); the carer has no family side (404)',
  },
  {
    method: 'POST',
    path: '/api/cover/offers/:id/accept',
    record: 'visit',
    circle: circle(404, 404),
    expected: {
      ...participants(404),
      subscribed: own(404, 404),
      expired: own(404, 404),
      owningCarer: own(404, 404),
    },
    note: 'a visit is not an offer to anyone: 404 (accepting, and the race of two backups, in cover.test.ts)',
  },
  // Timesheets and invoices (decision 0038): the carer and the family side of one, no one else
  // (404); the carer edits, submits, credits and confirms; the holder and "can arrange" approve,
  // query and mark paid; "can see" reads (403 to act). Each cell's record is new.
  { method: 'GET', path: '/api/timesheets', circle: circle(200, 200, 200), expected: signedIn(200) },
  {
    method: 'GET',
    path: '/api/timesheets/:id',
    record: 'submittedTimesheet',
    circle: circle(200, 200),
    expected: participants(200),
  },
  {
    method: 'POST',
    path: '/api/timesheets/:id/lines',
    record: 'draftTimesheet',
    body: { kind: 'expense', date: '2026-01-06', amount: '4.20', note: 'Milk and bread' },
    circle: circle(403, 403),
    expected: { ...participants(201), subscribed: own(403, 404), expired: own(403, 404) },
    note: 'the carer adds mileage and expenses; the family side reads them',
  },
  {
    method: 'PUT',
    path: '/api/timesheet-lines/:id',
    record: 'timesheetLine',
    body: { kind: 'visit', start: '09:00', end: '10:30' },
    circle: circle(403, 403),
    expected: { ...participants(200), subscribed: own(403, 404), expired: own(403, 404) },
  },
  {
    method: 'DELETE',
    path: '/api/timesheet-lines/:id',
    record: 'timesheetLine',
    circle: circle(403, 403),
    expected: { ...participants(200), subscribed: own(403, 404), expired: own(403, 404) },
    note: 'a visit line is taken off, kept (invoicing.test.ts)',
  },
  {
    method: 'POST',
    path: '/api/timesheets/:id/submit',
    record: 'draftTimesheet',
    circle: circle(403, 403),
    expected: { ...participants(200), subscribed: own(403, 404), expired: own(403, 404) },
  },
  {
    method: 'POST',
    path: '/api/timesheets/:id/approve',
    record: 'submittedTimesheet',
    circle: circle(403, 200),
    expected: { ...participants(200), owningCarer: own(403, 404) },
    note: 'the family approves, with or without a plan running; the invoice is issued with it',
  },
  {
    method: 'POST',
    path: '/api/timesheets/:id/query',
    record: 'submittedTimesheet',
    body: { lineId: '{line}', reason: 'We were away that day.' },
    circle: circle(403, 200),
    expected: { ...participants(200), owningCarer: own(403, 404) },
  },
  { method: 'GET', path: '/api/invoices', circle: circle(200, 200, 200), expected: signedIn(200) },
  {
    method: 'GET',
    path: '/api/invoices/:id',
    record: 'invoice',
    circle: circle(200, 200),
    expected: participants(200),
    note: '"can see" reads it without the bank details (invoicing.test.ts)',
  },
  {
    method: 'GET',
    path: '/api/invoices/:id/pdf',
    record: 'invoice',
    circle: circle(200, 200),
    expected: participants(200),
  },
  {
    method: 'POST',
    path: '/api/invoices/:id/credit-notes',
    record: 'invoice',
    body: { amount: '1.00', reason: 'A shorter visit than billed.' },
    circle: circle(403, 403),
    expected: { ...participants(201), subscribed: own(403, 404), expired: own(403, 404) },
  },
  {
    method: 'POST',
    path: '/api/invoices/:id/mark-paid',
    record: 'invoice',
    body: { reference: 'BELL JAN' },
    circle: circle(403, 200),
    expected: { ...participants(200), owningCarer: own(403, 404) },
  },
  {
    method: 'POST',
    path: '/api/invoices/:id/confirm-paid',
    record: 'markedInvoice',
    circle: circle(403, 403),
    expected: { ...participants(200), subscribed: own(403, 404), expired: own(403, 404) },
  },
  {
    method: 'GET',
    path: '/api/invoicing/settings',
    expected: { ...signedIn(403), carer: 200, owningCarer: 200, otherCarer: 200 },
  },
  {
    method: 'PUT',
    path: '/api/invoicing/settings',
    body: { tradingName: 'Care by Sam', businessAddress: '1 High Street\nYork YO1 1AA' },
    expected: { ...signedIn(403), carer: 200, owningCarer: 200, otherCarer: 200 },
  },
  { method: 'GET', path: '/api/invoicing/billing', expected: customers(200) },
  {
    method: 'PUT',
    path: '/api/invoicing/billing',
    body: { billingName: 'Mr A. Bell', billingAddress: '5 Oak Lane\nYork YO1 2AB' },
    expected: customers(200),
  },
  // The money records (decision 0041): a carer's own earnings (carers only; no id, so no one else's);
  // the family's monthly statement per carer, for whoever reads the invoices on the family side
  // (holder, "can arrange", "can see"; the carer and everyone else 404); the holder and "can
  // arrange" set the CEST reference ("can see" 403).
  { method: 'GET', path: '/api/earnings', expected: carers(200) },
  { method: 'GET', path: '/api/earnings/csv', expected: carers(200) },
  ...['', '/pdf', '/csv'].map((suffix): MatrixRow => ({
    method: 'GET',
    path: `/api/statements/:arrangementId${suffix}`,
    query: 'month=2026-01',
    record: 'acceptedArrangement',
    circle: circle(200, 200),
    expected: { ...participants(200), owningCarer: own(404, 404) },
    note: "the family's pack: the arrangement's carer gets 404 like anyone outside the family",
  })),
  {
    method: 'PUT',
    path: '/api/statements/:arrangementId/reference',
    record: 'acceptedArrangement',
    body: { cestReference: 'ESS-1234' },
    circle: circle(403, 200),
    expected: { ...participants(200), owningCarer: own(404, 404) },
  },
  // The family circle (decision 0036): the holder manages it, a member leaves it, and whoever holds
  // an invitation's link may see whose it is; accepting needs the invited, confirmed address.
  { method: 'GET', path: '/api/circle', circle: circle(200, 200, 200), expected: signedIn(200) },
  {
    method: 'POST',
    path: '/api/circle/invitations',
    body: { email: '{newEmail}', role: 'can_see' },
    fresh: true,
    circle: circle(201, 201, 201),
    expected: customers(201),
    note: 'a member is a family account with a circle of its own; fresh: the circle holds 5',
  },
  {
    method: 'DELETE',
    path: '/api/circle/invitations/:id',
    record: 'circleInvitation',
    circle: circle(404, 404),
    expected: familiesOwn(200),
    note: "members cannot take back the holder's invitations (circle callers: the holder's)",
  },
  {
    method: 'POST',
    path: '/api/circle/invitations/preview',
    record: 'circleInvitationToken',
    body: { token: '{token}' },
    circle: circle(200, 200, 200, 200),
    expected: everyone(200),
    note: 'anyone holding the link; the secret is in the body, never in the address',
  },
  {
    method: 'POST',
    path: '/api/circle/invitations/accept',
    record: 'circleInvitationLink',
    body: { token: '{token}' },
    circle: circle(200, 200, 200),
    expected: {
      ...familiesOwn(200),
      unsubscribed: own(200, 403),
      subscribed: own(200, 403),
      expired: own(200, 403),
      carer: own(403, 403),
      owningCarer: own(403, 403),
      otherCarer: own(403, 403),
      admin: own(403, 403),
    },
    note: "another address's invitation is refused (403); circle callers: the holder invites them (again)",
  },
  {
    method: 'PATCH',
    path: '/api/circle/members/:id',
    record: 'circleMember',
    body: { role: 'can_arrange' },
    circle: circle(404, 404),
    expected: familiesOwn(200),
    note: "only the holder changes a member's role (circle callers: another member of the holder's)",
  },
  {
    method: 'DELETE',
    path: '/api/circle/members/:id',
    record: 'circleMember',
    circle: circle(404, 404),
    expected: familiesOwn(200),
  },
  {
    method: 'DELETE',
    path: '/api/circle/memberships/:id',
    record: 'circleMembership',
    circle: circle(200, 200),
    expected: {
      ...familiesOwn(200),
      carer: own('n/a', 404),
      owningCarer: own('n/a', 404),
      otherCarer: own('n/a', 404),
      admin: own('n/a', 404),
    },
    note: 'a member leaves; a removed member has nothing left to leave (their old membership: 404)',
  },
  {
    method: 'GET',
    path: '/api/settings/notifications',
    circle: circle(200, 200, 200),
    expected: signedIn(200),
  },
  {
    method: 'PUT',
    path: '/api/settings/notifications',
    body: { kind: 'notes', email: true },
    circle: circle(200, 200, 200),
    expected: signedIn(200),
  },
  {
    method: 'POST',
    path: '/api/bookings/:id/circle-messages',
    record: 'arrangement',
    body: { content: 'Dad likes his tea strong.' },
    circle: circle(403, 201),
    expected: {
      ...participants(404),
      subscribed: own(403, 404),
      expired: own(403, 404),
      owningCarer: own(403, 404),
    },
    note: '"can arrange" members only: the holder and the carer have their conversation',
  },
  { method: 'GET', path: '/api/settings/calendar-feed', expected: signedIn(200) },
  { method: 'POST', path: '/api/settings/calendar-feed', expected: signedIn(200) },
  { method: 'DELETE', path: '/api/settings/calendar-feed', expected: signedIn(200) },
  {
    method: 'GET',
    path: '/api/calendar/:file',
    record: 'calendarFeed',
    expected: everyone(200),
    note: 'the private address is the key (calendar apps send no cookie); a wrong one is 404 (arrangements.test.ts)',
  },
  {
    method: 'GET',
    path: '/api/care-requests/nearby',
    expected: { ...signedIn(403), owningCarer: 200, otherCarer: 200 },
    note: 'a carer without a profile is told to make one (403)',
  },
  {
    method: 'PATCH',
    path: '/api/care-requests/:id',
    record: 'careRequest',
    body: { hoursPerWeek: 9 },
    expected: {
      ...scopedNone(signedIn(403)),
      unsubscribed: own(200, 404),
      subscribed: own(200, 404),
      expired: own(200, 404),
    },
    note: "someone else's request does not exist to a family (404)",
  },
  {
    method: 'POST',
    path: '/api/care-requests/:id/responses',
    record: 'careRequest',
    body: { message: 'Hello, I live nearby and I am free then.' },
    expected: { ...scopedNone(signedIn(403)), owningCarer: own('n/a', 201), otherCarer: own('n/a', 201) },
    note: 'each cell answers a new request, so no carer has answered it before',
  },
  {
    method: 'PUT',
    path: '/api/settings/search-place',
    body: { searchPlace: 'Leeds' },
    expected: customers(200),
  },
  {
    method: 'POST',
    path: '/api/settings/password',
    fresh: true,
    body: { currentPassword: '{password}', newPassword: NEW_PASSWORD },
    expected: signedIn(200),
  },
  {
    method: 'POST',
    path: '/api/settings/email',
    body: { newEmail: '{newEmail}', currentPassword: '{password}' },
    expected: signedIn(202),
  },
  {
    method: 'POST',
    path: '/api/settings/email/confirm',
    body: { token: 'bm90LWFuLWVtYWlsLWNoYW5nZS10b2tlbi1hdC1hbGwtcmVhbGx5' },
    expected: everyone(400),
    note: 'the emailed token is the authorization; a session grants nothing',
  },
  // Push notices (decision 0044). Endpoints on 127.0.0.1's discard port: allowed in this app, refused at once.
  { method: 'GET', path: '/api/push/key', expected: signedIn(200) },
  {
    method: 'POST',
    path: '/api/push/subscriptions',
    body: {
      endpoint: 'http://127.0.0.1:9/push/matrix',
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    },
    expected: { ...signedIn(201), admin: 403 },
    note: 'admins get no notices',
  },
  {
    method: 'POST',
    path: '/api/push/subscriptions/remove',
    body: { endpoint: 'http://127.0.0.1:9/push/matrix' },
    expected: signedIn(204),
    note: "only the caller's own device goes; another's endpoint is left as it is",
  },
  {
    method: 'DELETE',
    path: '/api/push/subscriptions/:id',
    record: 'pushDevice',
    fresh: true,
    expected: {
      ...everyone(own(204, 404)),
      visitor: own('n/a', 401),
      suspended: own('n/a', 401),
      admin: own('n/a', 404),
    },
    note: "another account's device is answered as not found",
  },
  { method: 'GET', path: '/api/settings/push', expected: signedIn(200) },
  { method: 'PUT', path: '/api/settings/push', body: { previews: false }, expected: signedIn(200) },
  { method: 'POST', path: '/api/settings/export', expected: signedIn(200) },
  { method: 'GET', path: '/api/settings/sessions', expected: signedIn(200) },
  { method: 'POST', path: '/api/settings/sessions/sign-out-others', expected: signedIn(204) },
  {
    method: 'DELETE',
    path: '/api/settings/sessions/:id',
    record: 'session',
    fresh: true,
    expected: {
      ...everyone(own(204, 404)),
      visitor: own('n/a', 401),
      suspended: own('n/a', 401),
    },
    note: "another account's session is answered as not found",
  },
  {
    method: 'GET',
    path: '/api/settings/account/deletion',
    expected: { ...signedIn(200), admin: 403 },
    note: 'what deleting would do to the account’s care arrangements; admins cannot delete themselves',
  },
  {
    method: 'DELETE',
    path: '/api/settings/account',
    fresh: true,
    body: { password: '{password}', confirmation: 'DELETE' },
    expected: { ...signedIn(200), admin: 403 },
    note: 'admin accounts are removed by another admin',
  },

  // Saved carers (customers).
  { method: 'GET', path: '/api/saved-carers', expected: customers(200) },
  {
    method: 'PUT',
    path: '/api/saved-carers/:carerId',
    record: 'carer',
    expected: scopedCustomers(204),
  },
  {
    method: 'DELETE',
    path: '/api/saved-carers/:carerId',
    record: 'carer',
    expected: scopedCustomers(204),
  },

  // Plans and payments. Prices are the server's; no body carries an amount.
  { method: 'GET', path: '/api/payments/config', expected: everyone(200) },
  // `extend: true`: the subscribed caller's plan ends within the renewal window, and paying for
  // more time while it runs must say so (decision 0027; subscriptions.test.ts has the 409).
  {
    method: 'POST',
    path: '/api/create-subscription',
    body: { extend: true },
    expected: customers(200),
  },
  {
    method: 'POST',
    path: '/api/subscribe',
    body: { type: 'annual', extend: true },
    expected: customers(200),
  },
  { method: 'GET', path: '/api/subscription/status', expected: signedIn(200) },
  { method: 'GET', path: '/api/subscription/plans', expected: customers(200) },
  {
    method: 'POST',
    path: '/api/subscription/cancel',
    expected: customers(409),
    note: 'customers pass; none of them has a renewing Monthly plan to cancel',
  },
  {
    method: 'GET',
    path: '/api/subscription/cancel-link',
    expected: everyone(400),
    note: 'public: the emailed token is the only authority, so a request without one is 400 whoever asks',
  },
  {
    method: 'POST',
    path: '/api/subscription/cancel-link',
    body: { token: 'a-made-up-cancel-link' },
    expected: everyone(400),
    note: 'public: the emailed, signed token is the only authority, so a made-up one is 400 whoever asks',
  },
  { method: 'GET', path: '/api/payments', expected: signedIn(200) },
  {
    method: 'POST',
    path: '/api/payments/demo/confirm',
    only: 'demo-payments',
    record: 'payment',
    fresh: true,
    body: { clientSecret: '{clientSecret}', cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' },
    expected: {
      visitor: own('n/a', 401),
      unsubscribed: own(200, 404),
      subscribed: own(200, 404),
      expired: own(200, 404),
      carer: own('n/a', 404),
      owningCarer: own(200, 404),
      otherCarer: own(200, 404),
      admin: own('n/a', 404),
      suspended: own('n/a', 401),
    },
    note: "only the payment's owner may pay it; anyone else's is not found",
  },
  {
    method: 'POST',
    path: '/api/webhooks/stripe',
    only: 'stripe',
    expected: everyone(400),
    note: 'Stripe mode only: the signature is the authorization (subscriptions-stripe-webhooks.test.ts)',
  },
  // Paying carers by card (decision 0039): the account is a carer's, the saved card a family's;
  // who may pay an invoice is the invoicing feature's rule (the family side that may act).
  { method: 'GET', path: '/api/care-payments/account', expected: carers(200) },
  {
    method: 'GET',
    path: '/api/care-payments/payments',
    expected: carers(200),
    note: "the carer's own card payments received; anyone else's are never listed",
  },
  {
    method: 'POST',
    path: '/api/care-payments/account/onboarding',
    expected: carers(200),
    note: "the carer's connected account (made once) and a single-use onboarding link",
  },
  {
    method: 'POST',
    path: '/api/care-payments/demo/onboarding',
    only: 'demo-payments',
    fresh: true,
    expected: carers(409),
    note: 'a new carer has no account to finish yet (409); the demo journey is in care-payments-demo.test.ts',
  },
  {
    method: 'GET',
    path: '/api/invoices/:id/card-payment',
    record: 'invoice',
    circle: circle(403, 200),
    expected: { ...participants(200), owningCarer: own(403, 404) },
    note: 'the family side that may pay reads how paying stands',
  },
  {
    method: 'POST',
    path: '/api/invoices/:id/card-payment',
    record: 'invoice',
    circle: circle(403, 409),
    expected: { ...participants(409), owningCarer: own(403, 404) },
    note: "the matrix's carer has no Stripe account ready: 409, pay by bank transfer (care-payments.test.ts pays)",
  },
  {
    method: 'POST',
    path: '/api/invoices/:id/card-payment/saved-card',
    record: 'invoice',
    circle: circle(403, 409),
    expected: { ...participants(409), owningCarer: own(403, 404) },
  },
  {
    method: 'POST',
    path: '/api/care-payments/demo/confirm',
    only: 'demo-payments',
    body: { clientSecret: 'demo_cpi_unknown', cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' },
    expected: signedIn(404),
    note: 'a secret this server never issued names no payment',
  },
  { method: 'GET', path: '/api/care-payments/saved-card', expected: customers(200) },
  { method: 'POST', path: '/api/care-payments/saved-card', expected: customers(200) },
  {
    method: 'POST',
    path: '/api/care-payments/saved-card/finish',
    body: { clientSecret: 'demo_seti_unknown', autoPay: true },
    expected: customers(409),
    note: 'a setup that is not the caller’s own finished one saves nothing (409)',
  },
  {
    method: 'PUT',
    path: '/api/care-payments/auto-pay',
    body: { enabled: true },
    expected: customers(409),
    note: 'auto-pay needs a saved card first (409)',
  },
  {
    method: 'POST',
    path: '/api/webhooks/stripe/connect',
    only: 'stripe',
    expected: everyone(400),
    note: 'Stripe mode only: the signature is the authorization (care-payments.test.ts)',
  },
  { method: 'GET', path: '/api/admin/care-payments/disputes', expected: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/care-payments/disputes/:id/handled',
    record: 'cardDispute',
    body: { note: 'Settled with both.' },
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/admin/care-payments/overview',
    query: 'month=2026-01',
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/admin/care-payments/overview/csv',
    query: 'month=2026-01',
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/carer-membership',
    expected: { ...signedIn(403), carer: 404, owningCarer: 200, otherCarer: 200 },
    note: 'a carer without a profile is told to make one first',
  },
  {
    method: 'POST',
    path: '/api/carer-membership',
    fresh: true,
    expected: { ...signedIn(403), carer: 404, owningCarer: 200, otherCarer: 200 },
  },
  {
    method: 'POST',
    path: '/api/carer-membership/cancel',
    expected: { ...signedIn(403), carer: 404, owningCarer: 409, otherCarer: 409 },
    note: 'carers with a profile pass; there is no membership to cancel',
  },

  // Carer profiles.
  { method: 'GET', path: '/api/carers', expected: everyone(200) },
  { method: 'GET', path: '/api/carers/map', expected: everyone(200) },
  {
    method: 'GET',
    path: '/api/carers/matching',
    expected: everyone(400),
    note: 'a public count (no names); without a place it is a 400 beside the place for everyone',
  },
  {
    method: 'POST',
    path: '/api/carers',
    fresh: true,
    body: profileBody,
    expected: { ...signedIn(403), carer: 201, owningCarer: 409, otherCarer: 409 },
    note: 'a carer has one profile',
  },
  {
    method: 'GET',
    path: '/api/carers/my-profile',
    expected: { ...signedIn(404), owningCarer: 200, otherCarer: 200 },
    note: 'anyone without a profile is told they have none',
  },
  {
    method: 'GET',
    path: '/api/carer-profile',
    expected: signedIn(200),
    note: "the web app's form of my-profile: `{ profile: null }` without one (issue 21 point 13)",
  },
  {
    method: 'GET',
    path: '/api/carers/my-profile/verification',
    expected: { ...signedIn(403), carer: 404, owningCarer: 200, otherCarer: 404 },
    note: 'otherCarer has submitted nothing',
  },
  {
    method: 'POST',
    path: '/api/carers/my-profile/verification',
    fresh: true,
    multipart: 'verification',
    expected: { ...signedIn(403), carer: 404, owningCarer: 201, otherCarer: 201 },
  },
  {
    method: 'POST',
    path: '/api/carers/my-profile/insurance',
    fresh: true,
    multipart: 'insurance',
    expected: { ...signedIn(403), carer: 404, owningCarer: 201, otherCarer: 201 },
  },
  {
    method: 'GET',
    path: '/api/carers/my-profile/compliance',
    expected: { ...signedIn(403), carer: 404, owningCarer: 200, otherCarer: 200 },
    note: 'carers only; a carer without a profile has no record',
  },
  { method: 'GET', path: '/api/carers/:id', record: 'carer', expected: scoped(everyone(200)) },
  {
    method: 'PUT',
    path: '/api/carers/:id',
    record: 'carer',
    body: profileBody,
    expected: carerOwnerOnly(200),
  },
  {
    method: 'POST',
    path: '/api/carers/:id/photo',
    record: 'carer',
    multipart: 'photo',
    expected: carerOwnerOnly(200),
  },
  {
    method: 'GET',
    path: '/api/carers/:id/reviews',
    record: 'carer',
    expected: scoped(everyone(200)),
  },
  {
    method: 'GET',
    path: '/api/carers/:id/reviews/mine',
    record: 'carer',
    expected: scoped(signedIn(200)),
  },
  {
    method: 'PUT',
    path: '/api/carers/:id/reviews/mine',
    record: 'carer',
    prepare: 'noOwnReview',
    body: { rating: 4, comment: 'Reliable and warm with my father.' },
    expected: {
      ...scoped(signedIn(403)),
      subscribed: own(201, 403),
      expired: own(201, 403),
    },
    note: 'a customer reviews a carer who has answered them, whatever their plan',
  },

  // Messaging.
  {
    method: 'POST',
    path: '/api/messages',
    record: 'carer',
    body: { receiverId: '{recordUser}', carerId: '{record}', content: 'Are you free on Thursdays?' },
    expected: { ...scoped(signedIn(403)), subscribed: own(201, 201) },
    note: 'only a customer with an active plan starts or continues a conversation',
  },
  { method: 'GET', path: '/api/conversations', expected: signedIn(200) },
  { method: 'GET', path: '/api/messages/unread', expected: signedIn(200) },
  { method: 'GET', path: '/api/events', stream: true, expected: signedIn(200) },
  { method: 'GET', path: '/api/conversations/:id', record: 'conversation', expected: participants(200) },
  {
    method: 'POST',
    path: '/api/conversations/:id/messages',
    record: 'conversation',
    body: { content: 'Thank you, see you then.' },
    expected: { ...participants(201), expired: own(403, 404) },
    note: 'an expired customer reads their conversation but cannot write',
  },
  {
    method: 'POST',
    path: '/api/conversations/:id/read',
    record: 'conversation',
    expected: participants(200),
  },
  {
    method: 'POST',
    path: '/api/conversations/:id/block',
    record: 'conversation',
    prepare: 'noBlocks',
    expected: participants(200),
  },
  {
    method: 'DELETE',
    path: '/api/conversations/:id/block',
    record: 'conversation',
    prepare: 'ownBlock',
    expected: participants(200),
  },
  {
    method: 'POST',
    path: '/api/conversations/:id/report',
    record: 'conversation',
    body: report,
    expected: participants(201),
  },
  {
    method: 'POST',
    path: '/api/reviews/:id/report',
    record: 'review',
    body: report,
    expected: signedIn(201),
  },
  {
    method: 'POST',
    path: '/api/carers/:id/report',
    record: 'carer',
    body: report,
    expected: scoped(signedIn(201)),
  },

  // Contact form: open to everyone, limited per network.
  {
    method: 'POST',
    path: '/api/contact',
    ownNetwork: true,
    body: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      phone: '',
      subject: 'General question',
      message: 'How do I find a carer near Leeds?',
    },
    expected: everyone(201),
  },

  // Admin sign-in: open to everyone, succeeds for admin credentials only.
  {
    method: 'POST',
    path: '/api/admin/login',
    credentials: true,
    fresh: true,
    ownNetwork: true,
    body: { username: '{email}', password: '{password}' },
    expected: { ...everyone(401), admin: 200 },
  },
  { method: 'GET', path: '/api/admin/login-hint', expected: everyone(200), note: 'demo mode only' },

  // Admin tools (features/admin/admin-guard.ts answers before the body is read).
  { method: 'GET', path: '/api/admin/users', expected: adminOnly(200) },
  { method: 'GET', path: '/api/admin/users/csv', expected: adminOnly(200) },
  { method: 'GET', path: '/api/test/users', expected: adminOnly(200) },
  {
    method: 'PUT',
    path: '/api/test/users/:id',
    record: 'account',
    body: { firstName: 'Edited', lastName: 'Name', email: '{newEmail}' },
    expected: adminOnly(200),
  },
  { method: 'DELETE', path: '/api/test/users/:id', record: 'account', expected: adminOnly(200) },
  {
    method: 'PATCH',
    path: '/api/admin/users/:userId/subscription',
    record: 'account',
    body: { status: 'active', type: 'monthly' },
    expected: adminOnly(200),
  },
  {
    method: 'PATCH',
    path: '/api/test/users/:userId/subscription',
    record: 'account',
    body: { status: 'active', type: 'annual' },
    expected: adminOnly(200),
  },
  {
    method: 'PUT',
    path: '/api/test/users/:userId/subscription',
    record: 'account',
    body: { status: 'inactive' },
    expected: adminOnly(200),
  },
  { method: 'POST', path: '/api/test/create-sample-users', expected: adminOnly(201) },
  { method: 'GET', path: '/api/admin/carers', expected: adminOnly(200) },
  { method: 'GET', path: '/api/admin/carers/csv', expected: adminOnly(200) },
  { method: 'GET', path: '/api/test/carers', expected: adminOnly(200) },
  { method: 'POST', path: '/api/test/carers', body: adminCarerBody, expected: adminOnly(201) },
  {
    method: 'PUT',
    path: '/api/test/carers/:id',
    record: 'carerProfile',
    body: adminCarerBody,
    expected: adminOnly(200),
  },
  { method: 'DELETE', path: '/api/test/carers/:id', record: 'carerProfile', expected: adminOnly(200) },
  { method: 'GET', path: '/api/admin/audit-log', expected: adminOnly(200) },
  { method: 'GET', path: '/api/admin/overview', expected: adminOnly(200) },
  { method: 'GET', path: '/api/admin/verifications', expected: adminOnly(200) },
  { method: 'GET', path: '/api/admin/verifications/:id', record: 'verification', expected: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/verifications/:id/approve',
    record: 'verification',
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/verifications/:id/reject',
    record: 'verification',
    body: { reason: 'The DBS certificate is unreadable.' },
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/admin/verification-documents/:id',
    record: 'document',
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/verifications/:id/status-checks',
    record: 'approvedVerification',
    body: { checkedOn: new Date().toISOString().slice(0, 10), result: 'current' },
    expected: adminOnly(201),
  },
  { method: 'GET', path: '/api/admin/insurance', expected: adminOnly(200) },
  { method: 'POST', path: '/api/admin/insurance/:id/approve', record: 'insurance', expected: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/insurance/:id/reject',
    record: 'insurance',
    body: { reason: 'The schedule is unreadable.' },
    expected: adminOnly(200),
  },
  { method: 'GET', path: '/api/admin/compliance/due', expected: adminOnly(200) },
  { method: 'GET', path: '/api/admin/reports', expected: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/reports/:id/resolve',
    record: 'report',
    body: { action: 'dismiss', note: 'Nothing against the rules.' },
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/unsuspend',
    record: 'suspendedAccount',
    expected: adminOnly(200),
  },
  { method: 'DELETE', path: '/api/admin/users/:id/sessions', record: 'account', expected: adminOnly(200) },
];

// ── Decision 0020: who may call comes before what they send ───────────────────────────────

/** The kind of account behind each signed-in caller (a suspended one is refused as signed out). */
export const ACCOUNT_ROLE: Record<Exclude<Role, 'visitor' | 'suspended'>, 'customer' | 'carer' | 'admin'> = {
  unsubscribed: 'customer',
  subscribed: 'customer',
  expired: 'customer',
  carer: 'carer',
  owningCarer: 'carer',
  otherCarer: 'carer',
  admin: 'admin',
};

const statusesOf = (cell: Cell): Status[] =>
  typeof cell === 'number' ? [cell] : [cell.own, cell.other].filter((s): s is Status => s !== 'n/a');

/**
 * The refusal a caller gets from a row whatever they send, read from the table: 401 when the row
 * refuses them as signed out (every scope 401), 403 when it refuses their whole kind of account
 * (every caller of that account role is 403 in every scope: a wrong role, not a business rule such
 * as an unpaid plan). Undefined when the caller may get past who-they-are to what-they-send.
 */
export function refusalWhateverTheBody(row: MatrixRow, role: Role): 401 | 403 | undefined {
  if (row.credentials) return undefined;
  const mine = statusesOf(row.expected[role]);
  if (mine.length > 0 && mine.every((status) => status === 401)) return 401;
  if (role === 'visitor' || role === 'suspended') return undefined;
  const kind = ACCOUNT_ROLE[role];
  const sameKind = (Object.keys(ACCOUNT_ROLE) as Array<keyof typeof ACCOUNT_ROLE>).filter(
    (other) => ACCOUNT_ROLE[other] === kind,
  );
  const wrongRole = sameKind.every((other) => statusesOf(row.expected[other]).every((s) => s === 403));
  return wrongRole ? 403 : undefined;
}
