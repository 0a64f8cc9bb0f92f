// Every API endpoint, named once (decision 0031). Each entry is plain data at runtime, its
// method and path, so the web client (src/web/lib/api-client.ts) can use it on the pages that load
// no zod; its request and response types come from the zod schemas through type-only imports.
// The server registers each route from its entry (src/server/platform/define-route.ts), which
// checks that the route's schemas give these types; tests/api/api-boundary.test.ts checks that
// every registered route has an entry here and every entry a route.
import type { z } from 'zod';
import type { DeclaredEndpoints } from './api';
import type { EndpointDeclaration, HttpMethod, PathParams, SuccessStatus } from './api/endpoint';
import { endpointPaths } from './endpoint-paths.generated';
import type * as admin from './admin';
import type * as auth from './auth';
import type * as twoFactor from './auth-two-factor';

export type { HttpMethod, PathParams };

/** What a request sends and a success answers; omitted parts are absent (query, body) or unknown. */
export interface EndpointTypes {
  query?: unknown;
  body?: unknown;
  response?: unknown;
}

/** One endpoint: its method and path (Fastify's `:name` parameters), typed by `T`. */
export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  T extends EndpointTypes = EndpointTypes,
> {
  readonly method: M;
  readonly path: P;
  /** Types only: never set at runtime. */
  readonly types?: T;
}

export type EndpointParams<E extends Endpoint> = PathParams<E['path']>;
export type EndpointQuery<E extends Endpoint> =
  E extends Endpoint<HttpMethod, string, infer T> ? (T extends { query: infer Q } ? Q : undefined) : never;
export type EndpointBody<E extends Endpoint> =
  E extends Endpoint<HttpMethod, string, infer T> ? (T extends { body: infer B } ? B : undefined) : never;
export type EndpointResponse<E extends Endpoint> =
  E extends Endpoint<HttpMethod, string, infer T> ? (T extends { response: infer R } ? R : unknown) : never;

/** What a request sends (a schema's input) and what an answer holds (a schema's output). */
type In<S extends z.ZodType> = z.input<S>;
type Out<S extends z.ZodType> = z.output<S>;

/** A type for `endpoint`'s third argument; nothing at runtime. */
function types<T extends EndpointTypes>(): T | undefined {
  return undefined;
}

function endpoint<M extends HttpMethod, P extends string, T extends EndpointTypes = Record<never, never>>(
  method: M,
  path: P,
  _types?: T,
): Endpoint<M, P, T> {
  return { method, path };
}

/** Both sign-ins: 200 the user, or 202 when a second step (a code) is needed. */
type SignInAnswer = Out<typeof auth.CurrentUser> | Out<typeof twoFactor.TwoFactorPending>;

/** The success answers' type: the output of each success status's schema. */
type SuccessOutput<R> = [Extract<keyof R, SuccessStatus>] extends [never]
  ? unknown
  : { [S in Extract<keyof R, SuccessStatus>]: R[S] extends z.ZodType ? z.output<R[S]> : never }[Extract<
      keyof R,
      SuccessStatus
    >];

/** The client's types of a declared endpoint: what a call sends (schema inputs) and gets back. */
type ClientTypesOf<D extends EndpointDeclaration> = {
  query: D extends { query: z.ZodType } ? z.input<D['query']> : undefined;
  body: D extends { clientTypes?: { body: infer B } }
    ? B
    : D extends { body: z.ZodType }
      ? z.input<D['body']>
      : D extends { consumes: readonly string[] }
        ? 'multipart/form-data' extends D['consumes'][number]
          ? FormData
          : undefined
        : undefined;
  response: D extends { clientTypes?: { response: infer R } }
    ? R
    : D extends { responses: infer R }
      ? SuccessOutput<R>
      : unknown;
};

/** The web's form of the declared endpoints: each one's method and path, typed by its schemas. */
type ClientEndpoints = {
  [F in keyof DeclaredEndpoints]: {
    [N in keyof DeclaredEndpoints[F]]: DeclaredEndpoints[F][N] extends infer D extends EndpointDeclaration
      ? Endpoint<D['method'], D['path'], ClientTypesOf<D>>
      : never;
  };
};
const declared: ClientEndpoints = endpointPaths;

export const endpoints = {
  ...declared,
  admin: {
    postLogin: endpoint(
      'POST',
      '/api/admin/login',
      types<{ body: In<typeof admin.AdminLoginInput>; response: SignInAnswer }>(),
    ),
    getLoginHint: endpoint(
      'GET',
      '/api/admin/login-hint',
      types<{ response: Out<typeof admin.AdminLoginHint> }>(),
    ),
    putTestUsersById: endpoint(
      'PUT',
      '/api/test/users/:id',
      types<{ body: In<typeof admin.CustomerEditInput>; response: Out<typeof admin.AdminCustomer> }>(),
    ),
    deleteTestUsersById: endpoint(
      'DELETE',
      '/api/test/users/:id',
      types<{ response: Out<typeof admin.AdminDeletion> }>(),
    ),
    postTestCreateSampleUsers: endpoint(
      'POST',
      '/api/test/create-sample-users',
      types<{ response: Out<typeof admin.AdminCustomer>[] }>(),
    ),
    postTestCarers: endpoint(
      'POST',
      '/api/test/carers',
      types<{ body: FormData; response: Out<typeof admin.AdminCarer> }>(),
    ),
    putTestCarersById: endpoint(
      'PUT',
      '/api/test/carers/:id',
      // Multipart (the test admin page) or JSON (Admin Management, the test customer page).
      types<{ body: FormData | In<typeof admin.AdminCarerInput>; response: Out<typeof admin.AdminCarer> }>(),
    ),
    deleteTestCarersById: endpoint(
      'DELETE',
      '/api/test/carers/:id',
      types<{ response: Out<typeof admin.AdminDeletion> }>(),
    ),
    getUsers: endpoint(
      'GET',
      '/api/admin/users',
      types<{ query: In<typeof admin.AdminListQuery>; response: Out<typeof admin.AdminCustomer>[] }>(),
    ),
    getTestUsers: endpoint(
      'GET',
      '/api/test/users',
      types<{ query: In<typeof admin.AdminListQuery>; response: Out<typeof admin.AdminCustomer>[] }>(),
    ),
    getCarers: endpoint(
      'GET',
      '/api/admin/carers',
      types<{ query: In<typeof admin.AdminListQuery>; response: Out<typeof admin.AdminCarer>[] }>(),
    ),
    getTestCarers: endpoint(
      'GET',
      '/api/test/carers',
      types<{ query: In<typeof admin.AdminListQuery>; response: Out<typeof admin.AdminCarer>[] }>(),
    ),
    patchUsersByUserIdSubscription: endpoint(
      'PATCH',
      '/api/admin/users/:userId/subscription',
      types<{ body: In<typeof admin.SubscriptionChangeInput>; response: Out<typeof admin.AdminCustomer> }>(),
    ),
    patchTestUsersByUserIdSubscription: endpoint(
      'PATCH',
      '/api/test/users/:userId/subscription',
      types<{ body: In<typeof admin.SubscriptionChangeInput>; response: Out<typeof admin.AdminCustomer> }>(),
    ),
    putTestUsersByUserIdSubscription: endpoint(
      'PUT',
      '/api/test/users/:userId/subscription',
      types<{ body: In<typeof admin.SubscriptionChangeInput>; response: Out<typeof admin.AdminCustomer> }>(),
    ),
  },
} as const;

export type Endpoints = typeof endpoints;
