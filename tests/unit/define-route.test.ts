import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, IdParams } from '@contracts/api/endpoint';
import { ErrorBody } from '@contracts/errors';
import { defineRoute } from '../../src/server/platform/define-route';

/* Decision 0034: a route is registered from its endpoint's declaration, schemas and all. */
const Thing = z.object({ id: z.string(), name: z.string() });
const renameThing = endpoint({
  method: 'PUT',
  path: '/things/:id',
  params: IdParams,
  body: z.object({ name: z.string().min(1) }),
  responses: { 200: Thing },
  errors: [400, 404],
});

async function appWith(register: (app: FastifyInstance) => void) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  register(app);
  await app.ready();
  return { app, routes };
}

describe('defineRoute', () => {
  it("registers the declaration's method and path, and validates and serialises by its schemas", async () => {
    const { app } = await appWith((app) =>
      defineRoute(app, renameThing, { schema: { tags: ['things'] } }, async (request) => ({
        id: request.params.id,
        name: request.body.name,
        secret: 'never sent',
      })),
    );
    const renamed = await app.inject({ method: 'PUT', url: '/things/7', payload: { name: 'Kettle' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id: '7', name: 'Kettle' });
    expect((await app.inject({ method: 'PUT', url: '/things/7', payload: { name: '' } })).statusCode).toBe(
      400,
    );
    expect((await app.inject({ method: 'POST', url: '/things/7', payload: {} })).statusCode).toBe(404);
    await app.close();
  });

  it("gives Fastify the route's docs and the declaration's schemas, its errors as ErrorBody answers", async () => {
    const { app, routes } = await appWith((app) =>
      defineRoute(
        app,
        endpoint({ ...renameThing, consumes: ['application/json'] }),
        { schema: { tags: ['things'], summary: 'Rename a thing' } },
        async (request) => ({ id: request.params.id, name: request.body.name }),
      ),
    );
    const route = routes.find((one) => one.method === 'PUT');
    expect(route?.url).toBe('/things/:id');
    // (Fastify marks the schema as seen with a symbol of its own: only the named keys are compared.)
    expect(Object.fromEntries(Object.entries(route?.schema ?? {}))).toEqual({
      tags: ['things'],
      summary: 'Rename a thing',
      params: IdParams,
      body: renameThing.body,
      response: { 200: Thing, 400: ErrorBody, 404: ErrorBody },
      consumes: ['application/json'],
    });
    await app.close();
  });

  it('types the handler by the declaration, and keeps the schemas out of the route', () => {
    // Never called: the type-check is the test (`npm run typecheck` fails if an error below is missing).
    const typed = (app: FastifyInstance) => {
      defineRoute(app, renameThing, { schema: { tags: [] } }, async (request) => {
        // @ts-expect-error: the body schema has no `colour`
        void request.body.colour;
        return { id: request.params.id, name: request.body.name };
      });
      // @ts-expect-error: the answer is not the 200 schema's
      defineRoute(app, renameThing, { schema: { tags: [] } }, async () => ({ id: 7 }));
      // @ts-expect-error: the schemas are the declaration's, not the route's
      defineRoute(app, renameThing, { schema: { tags: [], body: z.object({}) } }, async () => null);
      // @ts-expect-error: the params schema must name the path's parameters
      endpoint({ method: 'GET', path: '/things/:thingId', params: IdParams });
    };
    expect(typed).toBeTypeOf('function');
  });
});
