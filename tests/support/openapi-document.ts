import { STRIPE_ENV } from './payments';
import { createTestApp } from './test-app';

/** The parts of an OpenAPI document this project reads: its paths' operations and schemas. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> } & Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * The whole API's OpenAPI document, as GET /api/docs/json serves it. Some routes exist only in
 * one configuration (the demo card's confirmation in demo mode, the Stripe webhook and the
 * OpenID Connect sign-in with their settings), so the app is built both ways, as
 * tests/api/api-boundary.test.ts does, and the second one's operations are added to the first's.
 */
export async function openApiDocument(): Promise<OpenApiDocument> {
  const demo = await createTestApp();
  try {
    const configured = await createTestApp(
      {
        ...STRIPE_ENV,
        OIDC_ISSUER: 'https://id.example',
        OIDC_CLIENT_ID: 'carematch',
        OIDC_CLIENT_SECRET: 'a-client-secret',
      },
      undefined,
      { database: demo.database },
    );
    try {
      const document = (await demo.app.inject({ url: '/api/docs/json' })).json<OpenApiDocument>();
      const more = (await configured.app.inject({ url: '/api/docs/json' })).json<OpenApiDocument>();
      for (const [path, operations] of Object.entries(more.paths))
        document.paths[path] = { ...operations, ...document.paths[path] };
      if (more.components?.schemas) {
        document.components = {
          ...document.components,
          schemas: { ...more.components.schemas, ...document.components?.schemas },
        };
      }
      return document;
    } finally {
      await configured.close();
    }
  } finally {
    await demo.close();
  }
}
