import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { endpoints, type Endpoint } from '@contracts/endpoints';
import { PRODUCT_NAME } from '@contracts/pricing';
import type { AppConfig } from '../config';
import type { AccessRule } from './sessions/session.plugin';

/** Whether a guard outside the route's own config (the admin guard) keeps it to signed-in callers. */
export type GuardedRoute = (method: string, url: string) => boolean;

/** `carers.getById` → `carersGetById`: unique because the contract's names are (decision 0031). */
const operationIds = new Map<string, string>(
  Object.entries(endpoints).flatMap(([group, named]) =>
    Object.entries(named as Record<string, Endpoint>).map(
      ([name, endpoint]) =>
        [`${endpoint.method} ${endpoint.path}`, `${group}${name[0]!.toUpperCase()}${name.slice(1)}`] as const,
    ),
  ),
);

const SESSION = 'session';
/** The session cookie is sent when there is one: the route answers visitors too. */
const SESSION_IF_ANY: Record<string, string[]>[] = [{ [SESSION]: [] }, {}];

/**
 * Which credential a route takes, for the document: none where the session is never looked up
 * (anonymous routes, everything outside /api/), the session where an access rule or a guard
 * needs one (the document's default), and otherwise the session if the caller has one.
 */
function securityOf(route: RouteOptions, method: string, guarded: GuardedRoute) {
  const config = route.config as { anonymous?: boolean; access?: AccessRule } | undefined;
  if (config?.anonymous || !route.url.startsWith('/api/')) return [];
  if (config?.access || guarded(method, route.url)) return undefined;
  return SESSION_IF_ANY;
}

/** OpenAPI generated from the routes' zod schemas: JSON at /api/docs/json, the viewer at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, config: AppConfig, guarded: GuardedRoute) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description: 'Cookie-session JSON API of the CareMatch marketplace.',
      },
      servers: [{ url: new URL(config.publicUrl).origin }],
      components: {
        securitySchemes: {
          [SESSION]: { type: 'apiKey', in: 'cookie', name: config.session.cookieName },
        },
      },
      security: [{ [SESSION]: [] }],
    },
    transform: (document) => {
      const { schema, url } = jsonSchemaTransform(document);
      const { route } = document;
      const method = [route.method].flat()[0] ?? '';
      const key = `${method} ${route.url}`;
      const operationId = operationIds.get(key);
      const security = securityOf(route, method, guarded);
      return {
        schema: {
          ...schema,
          ...(operationId ? { operationId } : {}),
          ...(security ? { security } : {}),
        },
        url,
      };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
