// Every API endpoint as the web calls it (decision 0034): `endpoints.<feature>.<name>` is its
// method and path and nothing else at runtime, so the web client (src/web/lib/api-client.ts) can
// use it on the pages that load no zod. Both come from the endpoint declarations
// (src/contracts/api) through a generated table (endpoint-paths.generated.ts); what a call sends
// and gets back are the declared schemas' types, imported as types only. The server registers
// each route from the same declarations (src/server/platform/define-route.ts), and
// tests/api/api-boundary.test.ts checks that every registered route has an entry here and every
// entry a route.
import type { z } from 'zod';
import type { DeclaredEndpoints } from './api';
import type { ClientTypes, EndpointDeclaration, HttpMethod, PathParams, SuccessStatus } from './api/endpoint';
import { endpointPaths } from './endpoint-paths.generated';

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

export type EndpointQuery<E extends Endpoint> =
  E extends Endpoint<HttpMethod, string, infer T> ? (T extends { query: infer Q } ? Q : undefined) : never;
export type EndpointBody<E extends Endpoint> =
  E extends Endpoint<HttpMethod, string, infer T> ? (T extends { body: infer B } ? B : undefined) : never;
export type EndpointResponse<E extends Endpoint> =
  E extends Endpoint<HttpMethod, string, infer T> ? (T extends { response: infer R } ? R : unknown) : never;

/** The declaration's own `clientTypes[K]` as `[type]`, or `[]` when it gives none. */
type Given<D, K extends keyof ClientTypes> = D extends { clientTypes?: infer T }
  ? NonNullable<T> extends { [P in K]: infer V }
    ? [V]
    : []
  : [];

/** What a success answers: the output of the schema of each success status it has. */
type SuccessOutput<R> = [Extract<keyof R, SuccessStatus>] extends [never]
  ? unknown
  : { [S in Extract<keyof R, SuccessStatus>]: R[S] extends z.ZodType ? z.output<R[S]> : never }[Extract<
      keyof R,
      SuccessStatus
    >];

/** What a call sends (the schemas' inputs; a FormData for a multipart body) and gets back. */
type ClientTypesOf<D extends EndpointDeclaration> = {
  query: D extends { query: z.ZodType } ? z.input<D['query']> : undefined;
  body: Given<D, 'body'> extends [infer B]
    ? B
    : D extends { body: z.ZodType }
      ? z.input<D['body']>
      : D extends { consumes: readonly string[] }
        ? 'multipart/form-data' extends D['consumes'][number]
          ? FormData
          : undefined
        : undefined;
  response: Given<D, 'response'> extends [infer R]
    ? R
    : D extends { responses: infer R }
      ? SuccessOutput<R>
      : unknown;
};

/** The web's form of the declared endpoints: each one's method and path, typed by its schemas. */
export type ClientEndpoints = {
  [F in keyof DeclaredEndpoints]: {
    [N in keyof DeclaredEndpoints[F]]: DeclaredEndpoints[F][N] extends infer D extends EndpointDeclaration
      ? Endpoint<D['method'], D['path'], ClientTypesOf<D>>
      : never;
  };
};

// The type-check holds the table to the declarations: each endpoint there, with the same method
// and path; tests/unit/endpoint-paths.test.ts holds it to exactly what the generator writes.
export const endpoints: ClientEndpoints = endpointPaths;
