import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from '@contracts/endpoints';
import { defineRoute } from '../../src/server/platform/define-route';

/* Decision 0031: a route is registered from its contract endpoint and checked against it. */
describe('defineRoute', () => {
  it("registers the endpoint's method and path", async () => {
    const app = Fastify();
    defineRoute(app, endpoints.health.getHealthz, {}, async () => ({ status: 'ok' as const }));
    const answer = await app.inject({ method: 'GET', url: '/healthz' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok' });
    expect((await app.inject({ method: 'POST', url: '/healthz' })).statusCode).toBe(404);
    await app.close();
  });

  it("fails the type-check when a route's schemas drift from its endpoint", () => {
    // Never called: the type-check is the test (`npm run typecheck` fails if an error below is missing).
    const typed = (app: FastifyInstance) => {
      defineRoute(
        app,
        endpoints.messaging.getMessagesUnread,
        // @ts-expect-error: the success schema does not give the endpoint's answer ({ unread })
        { schema: { response: { 200: z.object({ total: z.number() }) } } },
        async () => ({ total: 1 }),
      );
      defineRoute(
        app,
        endpoints.contact.post,
        // @ts-expect-error: the body schema does not accept the endpoint's body
        { schema: { body: z.object({ text: z.string() }) } },
        async () => null,
      );
      // @ts-expect-error: the endpoint has a body, so the route must have its schema
      defineRoute(app, endpoints.contact.post, {}, async () => null);
    };
    expect(typed).toBeTypeOf('function');
  });
});
