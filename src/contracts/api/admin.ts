import { z } from 'zod';
import {
  AdminCarer,
  AdminCustomer,
  AdminDeletion,
  AdminCarerCsvQuery,
  AdminCarerListQuery,
  AdminCustomerCsvQuery,
  AdminCustomerListQuery,
  AdminLoginHint,
  AdminLoginInput,
  CustomerEditInput,
  SubscriptionChangeInput,
} from '../admin';
import type { AdminCarerInput } from '../admin';
import { AdminOverview } from '../admin-overview';
import { CurrentUser } from '../auth';
import { TwoFactorPending } from '../auth-two-factor';
import { clientTypes, endpoint, IdParams } from './endpoint';

const errors = [400, 401, 403, 404, 409] as const;
/** A page of an admin list: the body is the page's array, the paging in headers. */
const customerList = {
  query: AdminCustomerListQuery,
  responses: { 200: z.array(AdminCustomer) },
  errors: [400, 401, 403],
} as const;
const carerList = {
  ...customerList,
  query: AdminCarerListQuery,
  responses: { 200: z.array(AdminCarer) },
} as const;
/** A table as CSV: its search and sort, every matching row. */
const csv = {
  produces: ['text/csv'],
  responses: { 200: z.any() },
  errors: [400, 401, 403],
  clientTypes: clientTypes<{ response: Blob }>(),
} as const;
/** A subscription change: the server computes the expiry (product §4, §9). */
const subscriptionChange = {
  params: z.object({ userId: z.string().max(64) }),
  body: SubscriptionChangeInput,
  responses: { 200: AdminCustomer },
  errors,
} as const;
/** A carer profile from a form: multipart (fields, lists as JSON arrays, optional "photo") or JSON. */
const carerForm = ['multipart/form-data', 'application/json'] as const;

/** The admin calls of product §7 under /api/admin and /api/test (admins only), and the admin sign-in. */
export const adminEndpoints = {
  /** 200 and the session, or 202 when a second step (a code) is due next. */
  postLogin: endpoint({
    method: 'POST',
    path: '/api/admin/login',
    body: AdminLoginInput,
    responses: { 200: CurrentUser, 202: TwoFactorPending },
    errors: [400, 401, 403, 429],
  }),
  /** Demo mode only (404 in production). */
  getLoginHint: endpoint({
    method: 'GET',
    path: '/api/admin/login-hint',
    responses: { 200: AdminLoginHint },
    errors: [404],
  }),
  putTestUsersById: endpoint({
    method: 'PUT',
    path: '/api/test/users/:id',
    params: IdParams,
    body: CustomerEditInput,
    responses: { 200: AdminCustomer },
    errors,
  }),
  deleteTestUsersById: endpoint({
    method: 'DELETE',
    path: '/api/test/users/:id',
    params: IdParams,
    responses: { 200: AdminDeletion },
    errors,
  }),
  postTestCreateSampleUsers: endpoint({
    method: 'POST',
    path: '/api/test/create-sample-users',
    responses: { 201: z.array(AdminCustomer) },
    errors: [401, 403],
  }),
  postTestCarers: endpoint({
    method: 'POST',
    path: '/api/test/carers',
    consumes: carerForm,
    responses: { 201: AdminCarer },
    errors,
  }),
  putTestCarersById: endpoint({
    method: 'PUT',
    path: '/api/test/carers/:id',
    consumes: carerForm,
    params: IdParams,
    responses: { 200: AdminCarer },
    errors,
    // Multipart (the test admin page) or JSON (Admin Management, the test customer page).
    clientTypes: clientTypes<{ body: FormData | z.input<typeof AdminCarerInput> }>(),
  }),
  deleteTestCarersById: endpoint({
    method: 'DELETE',
    path: '/api/test/carers/:id',
    params: IdParams,
    responses: { 200: AdminDeletion },
    errors,
  }),
  /** The admin landing page: the queues' counts and the last weeks' sign-ups, plans and checks. */
  getOverview: endpoint({
    method: 'GET',
    path: '/api/admin/overview',
    responses: { 200: AdminOverview },
    errors: [401, 403],
  }),
  getUsers: endpoint({ method: 'GET', path: '/api/admin/users', ...customerList }),
  getTestUsers: endpoint({ method: 'GET', path: '/api/test/users', ...customerList }),
  getUsersCsv: endpoint({
    method: 'GET',
    path: '/api/admin/users/csv',
    query: AdminCustomerCsvQuery,
    ...csv,
  }),
  getCarers: endpoint({ method: 'GET', path: '/api/admin/carers', ...carerList }),
  getCarersCsv: endpoint({ method: 'GET', path: '/api/admin/carers/csv', query: AdminCarerCsvQuery, ...csv }),
  getTestCarers: endpoint({ method: 'GET', path: '/api/test/carers', ...carerList }),
  patchUsersByUserIdSubscription: endpoint({
    method: 'PATCH',
    path: '/api/admin/users/:userId/subscription',
    ...subscriptionChange,
  }),
  patchTestUsersByUserIdSubscription: endpoint({
    method: 'PATCH',
    path: '/api/test/users/:userId/subscription',
    ...subscriptionChange,
  }),
  putTestUsersByUserIdSubscription: endpoint({
    method: 'PUT',
    path: '/api/test/users/:userId/subscription',
    ...subscriptionChange,
  }),
};
