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
import type { Endpoint, EndpointBody, EndpointQuery, EndpointResponse } from '@contracts/endpoints';

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

/**
 * Registers the route of a contract endpoint (decision 0031): the method and path come from
 * the endpoint, everything else (access rule, schemas for validation, serialisation and OpenAPI,
 * hooks, handler) is Fastify's ordinary route options, typed by the zod type provider.
 */
export function defineRoute<E extends Endpoint, const S extends SchemaFor<E>>(
  // Any instance or encapsulated scope, with or without the zod type provider.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  app: FastifyInstance<any, any, any, any, any>,
  endpoint: E,
  options: Options<S> & Checks<E, S>,
  handler: Handler<S>,
): void {
  app.route({ ...options, method: endpoint.method, url: endpoint.path, handler } as RouteOptions);
}
