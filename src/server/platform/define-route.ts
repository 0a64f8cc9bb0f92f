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
import type { EndpointDeclaration } from '@contracts/api/endpoint';
import { ErrorBody } from '@contracts/errors';

/** The Fastify schema of a declared endpoint, as the zod type provider types the route from it. */
type SchemaOf<E extends EndpointDeclaration> = {
  params: E extends { params: infer S } ? S : undefined;
  querystring: E extends { query: infer S } ? S : undefined;
  body: E extends { body: infer S } ? S : undefined;
  response: E extends { responses: infer R } ? R : undefined;
};

/** What a route adds to its endpoint in the OpenAPI document: its group, title and notes. */
interface RouteDocs {
  tags: string[];
  summary?: string;
  description?: string;
  /** Left out of the OpenAPI document. */
  hide?: boolean;
}

type Options<E extends EndpointDeclaration> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    SchemaOf<E>,
    ZodTypeProvider,
    FastifyBaseLogger
  >,
  'schema'
> & { schema: RouteDocs };

type Handler<E extends EndpointDeclaration> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** The endpoint's schemas as Fastify's route schema: validation, serialisation and OpenAPI. */
function routeSchema(endpoint: EndpointDeclaration, docs: RouteDocs): FastifySchema {
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
 * Registers the route of a declared endpoint (decision 0034). Its method, path and schemas come
 * from the declaration in src/contracts/api, so validation, response serialisation (which strips
 * unknown fields) and the OpenAPI document follow it. The route adds what is the server's alone:
 * the access rule and other config, hooks, an error handler, its OpenAPI tags and summary, and the
 * handler, whose request and answer the zod type provider types from those schemas.
 */
export function defineRoute<const E extends EndpointDeclaration>(
  // Any instance or encapsulated scope, with or without the zod type provider.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  app: FastifyInstance<any, any, any, any, any>,
  endpoint: E,
  options: Options<E>,
  handler: Handler<E>,
): void {
  app.route({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    schema: routeSchema(endpoint, options.schema),
    handler,
  } as RouteOptions);
}
