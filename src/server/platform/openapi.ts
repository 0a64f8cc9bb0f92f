import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '@contracts/pricing';

/** OpenAPI generated from the routes' zod schemas: JSON at /api/docs/json, the viewer at /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description: 'Cookie-session JSON API of the CareMatch marketplace.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'cm_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
