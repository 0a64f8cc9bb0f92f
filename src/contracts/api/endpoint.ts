// How an endpoint is declared (decision 0034): its method, path and schemas in one object. The
// server registers its route from it (src/server/platform/define-route.ts); the web client's types
// come from it, and its method and path from a zod-free table generated from it
// (src/contracts/endpoints.ts, src/contracts/endpoint-paths.generated.ts).
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The answers a web call can succeed with; the others are errors (`ApiError`). */
export type SuccessStatus = 200 | 201 | 202 | 204;

/** `{ id: string }` for '/api/carers/:id': the parameters the path names. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** What a call sends and a success answers, where the schemas cannot say it (see `clientTypes`). */
export interface ClientTypes {
  body?: unknown;
  response?: unknown;
}

/**
 * One endpoint. `query`, `body` and `params` are what the server validates (and the OpenAPI
 * document shows); `responses` the answers it serialises by status, and `errors` the statuses it
 * answers with an `ErrorBody`. A body read by the handler itself (multipart uploads) has no body
 * schema: `consumes` names its types.
 */
export interface EndpointDeclaration {
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly responses?: { readonly [status: number]: z.ZodType };
  readonly errors?: readonly number[];
  readonly consumes?: readonly string[];
  readonly produces?: readonly string[];
  /** Types only, never set at runtime: the client's types where the schemas do not give them. */
  readonly clientTypes?: ClientTypes;
}

/** A params schema must name exactly the path's parameters. */
type ParamsMatchPath<D extends EndpointDeclaration> = D extends { params: z.ZodType<infer Given> }
  ? [keyof Given] extends [keyof PathParams<D['path']>]
    ? [keyof PathParams<D['path']>] extends [keyof Given]
      ? unknown
      : { params: 'names other parameters than the path' }
    : { params: 'names other parameters than the path' }
  : unknown;

/** Declares an endpoint; at runtime the object as written. */
export function endpoint<const D extends EndpointDeclaration>(declaration: D & ParamsMatchPath<D>): D {
  return declaration;
}

/** The client's `body` or `response` type where the schemas do not give it; nothing at runtime. */
export function clientTypes<T extends ClientTypes>(): T | undefined {
  return undefined;
}

/** The usual `:id` of a row (an id is never longer than 64 characters). */
export const IdParams = z.object({ id: z.string().max(64) });

/** An answer that is only a message to show. */
export const MessageBody = z.object({ message: z.string() });
