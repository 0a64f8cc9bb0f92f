// Query keys made from the contract's endpoints (src/web/lib/query-keys.ts): their shape, and that
// each prefix the app invalidates still covers the same queries as the hand-typed keys did.
import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { filtersFromSearchParams } from '@contracts/carers-search-url';
import { endpoints } from '@contracts/endpoints';
import { adminListParams } from '@web/features/admin/api/admin-lists';
import { adminLoginHintQueryOptions } from '@web/features/admin/api/admin-login';
import { reloadAdminLists } from '@web/features/admin/api/admin-queries';
import {
  arrangementsQueryKey,
  calendarFeedQueryKey,
  visitsQueryKey,
  weekVisitsQueryKey,
} from '@web/features/arrangements/api/arrangements-api';
import {
  alertsKey,
  coverPlanKey,
  offersKey,
  onYourWayKey,
  refreshCover,
} from '@web/features/arrangements/api/cover-api';
import { refreshVisits, visitHistoryQueryKey } from '@web/features/arrangements/api/visit-records-api';
import { auditLogQueryOptions, EMPTY_AUDIT_FILTERS } from '@web/features/audit/api/audit-log';
import { twoFactorPendingQueryOptions } from '@web/features/auth/api/two-factor';
import { myCareRequestsQueryOptions } from '@web/features/care-requests/api/care-requests';
import { nearbyCareRequestsQueryOptions } from '@web/features/care-requests/api/nearby-care-requests';
import { carerQueryOptions } from '@web/features/carers/api/carer';
import { carerSearchQueryOptions } from '@web/features/carers/api/search-carers';
import { demoMailboxQueryOptions } from '@web/features/demo/api/mailbox';
import {
  conversationQueryKey,
  conversationsQueryKey,
  refreshMessages,
  unreadCountQueryKey,
} from '@web/features/messaging/api/messaging-api';
import { myReviewQueryOptions } from '@web/features/reviews/api/my-review';
import { carerReviewsQueryOptions } from '@web/features/reviews/api/reviews';
import {
  circleQueryKey,
  invitationPreviewQueryKey,
  notificationSettingsQueryKey,
} from '@web/features/circle/api/circle-api';
import { savedCarersQueryKey } from '@web/features/saved-carers/api/saved-carers';
import { sessionsQueryKey } from '@web/features/settings/api/settings-api';
import { twoFactorStatusQueryKey } from '@web/features/settings/api/two-factor-api';
import { landingCarersQueryOptions } from '@web/features/site/api/landing-carers';
import {
  carerMembershipQueryKey,
  paymentHistoryQueryKey,
  subscriptionStatusQueryKey,
} from '@web/features/subscriptions/api/payments-api';
import { subscriptionPlansQueryKey } from '@web/features/subscriptions/api/subscriptions';
import { myComplianceQueryKey } from '@web/features/verification/api/compliance';
import { myVerificationQueryKey } from '@web/features/verification/api/verification';
import { currentUserQueryKey } from '@web/lib/auth';
import { myProfileQueryKey } from '@web/lib/own-carer-profile';
import { endpointKey, isUnderEndpoint, pagedEndpointKey } from '@web/lib/query-keys';
import { searchPlaceQueryKey } from '@web/lib/search-place';

const CARER = 'c-1';
const searchFilters = filtersFromSearchParams(new URLSearchParams('near=LS1&careType=Elderly%20Care'));
const nearbyCarers = endpointKey(endpoints.carers.get, { query: { near: 'LS1', limit: 3 } });

/** The carers' public views: the search, the landing and home lists, a profile and its reviews. */
const CARER_VIEWS: QueryKey[] = [
  carerSearchQueryOptions(searchFilters).queryKey,
  landingCarersQueryOptions().queryKey,
  nearbyCarers,
  carerQueryOptions(CARER).queryKey,
  carerReviewsQueryOptions(CARER).queryKey,
  myReviewQueryOptions(CARER).queryKey,
];

/** Visits as they happen: each arrangement's history (two arrangements, two page sizes) and a week. */
const HISTORIES: QueryKey[] = [visitHistoryQueryKey('a-1', 10), visitHistoryQueryKey('a-2', 5)];
const WEEK = [...weekVisitsQueryKey, '2026-11-23'];
/** Cover: the family's alerts, the carer's prompts, a backup's offers, two cover plans. */
const COVER_PLANS: QueryKey[] = [coverPlanKey('a-1'), coverPlanKey('a-2')];

/** The key of every query the web app makes (one of each kind). */
const APP_KEYS: QueryKey[] = [
  currentUserQueryKey,
  myProfileQueryKey,
  searchPlaceQueryKey,
  ...CARER_VIEWS,
  ...[
    endpoints.admin.getUsers,
    endpoints.admin.getTestUsers,
    endpoints.admin.getCarers,
    endpoints.admin.getTestCarers,
  ].map((endpoint) => pagedEndpointKey(endpoint, { query: adminListParams('ann', null) })),
  pagedEndpointKey(endpoints.safeguarding.getAdminReports, {
    query: adminListParams('', null, { status: 'open' }),
  }),
  pagedEndpointKey(endpoints.verification.getAdminVerifications, {
    query: adminListParams('', null, { status: 'pending' }),
  }),
  adminLoginHintQueryOptions().queryKey,
  endpointKey(endpoints.verification.getAdminInsurance, { query: { status: 'pending' } }),
  endpointKey(endpoints.verification.getAdminComplianceDue),
  auditLogQueryOptions(EMPTY_AUDIT_FILTERS).queryKey,
  myVerificationQueryKey,
  myComplianceQueryKey,
  arrangementsQueryKey,
  endpointKey(endpoints.arrangements.getBookingsById, { params: { id: 'a-1' } }),
  visitsQueryKey,
  WEEK,
  ...HISTORIES,
  alertsKey,
  onYourWayKey,
  offersKey,
  ...COVER_PLANS,
  circleQueryKey,
  notificationSettingsQueryKey,
  invitationPreviewQueryKey('t'),
  calendarFeedQueryKey,
  twoFactorPendingQueryOptions().queryKey,
  endpointKey(endpoints.auth.postAuthTwoFactorSetup),
  sessionsQueryKey,
  twoFactorStatusQueryKey,
  endpointKey(endpoints.privacy.getSettingsAccountDeletion),
  endpointKey(endpoints.careRequests.getSettingsRequestAlerts),
  conversationsQueryKey,
  conversationQueryKey('conv-1'),
  unreadCountQueryKey,
  savedCarersQueryKey,
  subscriptionStatusQueryKey,
  subscriptionPlansQueryKey,
  paymentHistoryQueryKey,
  endpointKey(endpoints.subscriptions.getPaymentsConfig),
  carerMembershipQueryKey,
  endpointKey(endpoints.subscriptions.getCancelLink, { query: { token: 't' } }),
  myCareRequestsQueryOptions.queryKey,
  nearbyCareRequestsQueryOptions.queryKey,
  demoMailboxQueryOptions().queryKey,
];

/** A client holding an answer under each key. */
function clientWith(keys: QueryKey[]): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const key of keys) client.setQueryData(key, { answer: key });
  return client;
}

function invalidated(client: QueryClient, keys: QueryKey[]): QueryKey[] {
  return keys.filter((key) => client.getQueryState(key)?.isInvalidated);
}

describe('endpointKey', () => {
  it('is the path when it has no parameters', () => {
    expect(endpointKey(endpoints.messaging.getConversations)).toEqual(['/api/conversations']);
    expect(endpointKey(endpoints.verification.getCarersMyProfileVerification)).toEqual([
      '/api/carers/my-profile/verification',
    ]);
  });

  it('splits the path at its first parameter, then gives each value and word after it', () => {
    expect(endpointKey(endpoints.carers.getById, { params: { id: 'c 1' } })).toEqual(['/api/carers', 'c 1']);
    expect(endpointKey(endpoints.reviews.getCarersByIdReviewsMine, { params: { id: CARER } })).toEqual([
      '/api/carers',
      CARER,
      'reviews',
      'mine',
    ]);
  });

  it('ends with the query as it is sent, whether given as an object or as search parameters', () => {
    const asObject = endpointKey(endpoints.carers.get, {
      query: { near: 'LS1', limit: 3, cursor: undefined },
    });
    const asParams = endpointKey(endpoints.carers.get, {
      query: new URLSearchParams({ limit: '3', near: 'LS1' }),
    });
    expect(asObject).toEqual(['/api/carers', { near: 'LS1', limit: '3' }]);
    expect(hashKey(asObject)).toBe(hashKey(asParams));
    expect(endpointKey(endpoints.carers.get, { query: {} })).toEqual(['/api/carers']);
  });

  it('refuses a path parameter without a value', () => {
    expect(() => endpointKey(endpoints.carers.getById, { params: {} as { id: string } })).toThrow(
      '/api/carers/:id: no value for :id',
    );
  });

  it('never gives two of the app’s queries one key, nor a paged query a plain one’s', () => {
    const hashes = APP_KEYS.map((key) => hashKey(key));
    expect(new Set(hashes).size).toBe(APP_KEYS.length);
    expect(pagedEndpointKey(endpoints.carers.get)).toEqual(['/api/carers', 'pages']);
  });
});

describe('invalidating by an endpoint’s key (TanStack prefix match)', () => {
  it('refreshes every public carer view from the carer search’s key, and nothing of the carer’s own', async () => {
    const client = clientWith(APP_KEYS);
    await client.invalidateQueries({ queryKey: endpointKey(endpoints.carers.get) });
    expect(invalidated(client, APP_KEYS)).toEqual(CARER_VIEWS);
  });

  it('refreshes the inbox alone, or the inbox and every thread', async () => {
    const exact = clientWith(APP_KEYS);
    await exact.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
    expect(invalidated(exact, APP_KEYS)).toEqual([conversationsQueryKey]);

    const all = clientWith(APP_KEYS);
    await refreshMessages(all);
    expect(invalidated(all, APP_KEYS)).toEqual([
      conversationsQueryKey,
      conversationQueryKey('conv-1'),
      unreadCountQueryKey,
    ]);
  });

  it('after an admin change, marks stale what the hand-typed address prefixes did', async () => {
    // The rule before keys were made from endpoints: the first word's address start.
    const before = APP_KEYS.filter((key) => {
      const first = key[0];
      return (
        typeof first === 'string' &&
        (first.startsWith('/api/admin/') || first.startsWith('/api/test/') || first.startsWith('/api/carers'))
      );
    });
    const client = clientWith(APP_KEYS);
    await reloadAdminLists(client);
    expect(invalidated(client, APP_KEYS)).toEqual(before);
    expect(before).toContainEqual(myVerificationQueryKey);
    expect(before).not.toContainEqual(myProfileQueryKey);
  });
});

describe('an endpoint as a prefix, whatever its path parameters', () => {
  it('covers every call of it (paged or not), and nothing else under the same address', () => {
    const history = endpoints.visitRecords.getBookingsByIdHistory;
    expect(APP_KEYS.filter((key) => isUnderEndpoint(key, history))).toEqual(HISTORIES);
    expect(
      isUnderEndpoint(endpointKey(history, { params: { id: 'a-3' }, query: { limit: 1 } }), history),
    ).toBe(true);
    expect(APP_KEYS.filter((key) => isUnderEndpoint(key, endpoints.cover.getBookingsByIdCover))).toEqual(
      COVER_PLANS,
    );
    // Without a parameter it is the plain prefix match.
    expect(APP_KEYS.filter((key) => isUnderEndpoint(key, endpoints.circle.get))).toEqual([circleQueryKey]);
  });

  it('after a step on a visit, marks stale the agenda, the weeks, every history and the carer’s prompts and offers', async () => {
    const client = clientWith(APP_KEYS);
    await refreshVisits(client);
    expect(invalidated(client, APP_KEYS)).toEqual([
      visitsQueryKey,
      WEEK,
      ...HISTORIES,
      onYourWayKey,
      offersKey,
    ]);
  });

  it('after a cover change, marks stale the alerts, prompts, offers, every cover plan and the agenda', async () => {
    const client = clientWith(APP_KEYS);
    await refreshCover(client);
    expect(invalidated(client, APP_KEYS)).toEqual([
      visitsQueryKey,
      alertsKey,
      onYourWayKey,
      offersKey,
      ...COVER_PLANS,
    ]);
  });

  it('marks stale what the hand-typed rules did (the third word of a bookings address)', async () => {
    // The rules before: '/api/bookings', any id, then 'history' or 'cover'.
    const thirdWord = (word: string) =>
      APP_KEYS.filter((key) => key[0] === '/api/bookings' && key[2] === word);
    expect(thirdWord('history')).toEqual(HISTORIES);
    expect(thirdWord('cover')).toEqual(COVER_PLANS);
  });
});
