import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';
import { endpoints } from '@contracts/endpoints';
import { defineRoute } from '../../platform/define-route';

const Health = z.object({ status: z.enum(['ok', 'unavailable']) });

export function registerHealthRoutes(app: FastifyInstance, database: Pick<DatabaseHandle, 'ping'>) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Liveness: the process answers. A load balancer restarts an instance that stops answering. */
  defineRoute(
    api,
    endpoints.health.getHealthz,
    { schema: { tags: ['health'], response: { 200: Health } } },
    async () => ({
      status: 'ok' as const,
    }),
  );

  /** Readiness: the database answers too. A load balancer stops sending traffic while it does not. */
  defineRoute(
    api,
    endpoints.health.getReadyz,
    { schema: { tags: ['health'], response: { 200: Health, 503: Health } } },
    async (_request, reply) => {
      const up = await database.ping();
      reply.header('cache-control', 'no-store');
      return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable' });
    },
  );
}
