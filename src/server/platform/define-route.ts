import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorBody } from '@contracts/errors';
import type { Endpoint, EndpointBody, EndpointQuery, EndpointResponse } from '@contracts/endpoints';
import type { EndpointDeclaration } from '@contracts/api/endpoint';

type SuccessStatus = 200 | 201 | 202 | 204;

/**
 * The schemas a route of `E` may have: each success answer's schema gives the endpoint's response
 * type (the constraint), and the body and query schemas accept what the endpoint's callers send
 * (`Accepts`). A route whose schema drifts from its endpoint (src/contracts/endpoints.ts) fails
 * the type-check.
 */
export type SchemaFor<E extends Endpoint> = FastifySchema & {
  response?: { [Status in SuccessStatus]?: z.ZodType<EndpointResponse<E>> };
};

type Accepts<Part extends string, Sent, Schema> = Schema extends z.ZodType
  ? [Sent] extends [z.input<Schema>]
    ? unknown
    : { [K in `the endpoint's ${Part} type is not accepted by the route's ${Part} schema`]: never }
  : [Sent] extends [undefined] | [FormData]
    ? unknown
    : FormData extends Sent
      ? unknown // multipart (or JSON) read by the handler itself
      : { [K in `the endpoint has a ${Part} type but the route no ${Part} schema`]: never };

type Checks<E extends Endpoint, S> = Accepts<
  'query',
  EndpointQuery<E>,
  S extends { querystring: infer Q } ? Q : undefined
> &
  Accepts<'body', EndpointBody<E>, S extends { body: infer B } ? B : undefined>;

type Options<S extends FastifySchema> = RouteShorthandOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider,
  FastifyBaseLogger
>;

type Handler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** An endpoint of src/contracts/endpoints.ts not yet declared in src/contracts/api (no schemas). */
type LegacyEndpoint = Endpoint & {
  [Part in 'params' | 'query' | 'body' | 'responses' | 'errors']?: never;
};

/** The Fastify schema of a declared endpoint, as the zod type provider types the route from it. */
type SchemaOf<E extends EndpointDeclaration> = {
  params: E extends { params: infer S } ? S : undefined;
  querystring: E extends { query: infer S } ? S : undefined;
  body: E extends { body: infer S } ? S : undefined;
  response: E extends { responses: infer R } ? R : undefined;
};

/** What a route adds to its endpoint for the OpenAPI document: its group, title and notes. */
interface RouteDocs {
  tags: string[];
  summary?: string;
  description?: string;
  /** Left out of the OpenAPI document. */
  hide?: boolean;
}

type DeclaredOptions<E extends EndpointDeclaration> = Omit<Options<SchemaOf<E>>, 'schema'> & {
  schema: RouteDocs;
};

/** The endpoint's schemas as Fastify's route schema: validation, serialisation and OpenAPI. */
function routeSchema(endpoint: EndpointDeclaration, docs: FastifySchema): FastifySchema {
  const { params, query, body, responses, errors, consumes, produces } = endpoint;
  const response =
    responses || errors
      ? { ...responses, ...Object.fromEntries((errors ?? []).map((status) => [status, ErrorBody])) }
      : undefined;
  const parts = { params, querystring: query, body, response, consumes, produces };
  return {
    ...docs,
    ...Object.fromEntries(Object.entries(parts).filter(([, part]) => part !== undefined)),
  };
}

/**
 * Registers the route of a declared endpoint (decision 0034): its method, path and schemas come
 * from the declaration in src/contracts/api, so validation, serialisation and the OpenAPI document
 * follow it; the route adds what is the server's alone (access rule, hooks, error handler, its
 * OpenAPI tags and summary) and the handler, typed by the zod type provider from those schemas.
 */
export function defineRoute<const E extends EndpointDeclaration & { types?: never }>(
  // Any instance or encapsulated scope, with or without the zod type provider.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  app: FastifyInstance<any, any, any, any, any>,
  endpoint: E,
  options: DeclaredOptions<E>,
  handler: Handler<SchemaOf<E>>,
): void;
/**
 * Registers the route of a contract endpoint (decision 0031): the method and path come from
 * the endpoint, everything else (access rule, schemas for validation, serialisation and OpenAPI,
 * hooks, handler) is Fastify's ordinary route options, typed by the zod type provider.
 */
export function defineRoute<E extends LegacyEndpoint, const S extends SchemaFor<E>>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  app: FastifyInstance<any, any, any, any, any>,
  endpoint: E,
  options: Options<S> & Checks<E, S>,
  handler: Handler<S>,
): void;
export function defineRoute(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  app: FastifyInstance<any, any, any, any, any>,
  endpoint: EndpointDeclaration,
  options: { schema?: FastifySchema },
  handler: unknown,
): void {
  app.route({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    schema: routeSchema(endpoint, options.schema ?? {}),
    handler,
  } as RouteOptions);
}
