import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';

const Health = z.object({ status: z.enum(['ok', 'unavailable']) });

export function registerHealthRoutes(app: FastifyInstance, database: Pick<DatabaseHandle, 'ping'>) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Liveness: the process answers. A load balancer restarts an instance that stops answering. */
  api.get('/healthz', { schema: { tags: ['health'], response: { 200: Health } } }, async () => ({
    status: 'ok' as const,
  }));

  /** Readiness: the database answers too. A load balancer stops sending traffic while it does not. */
  api.get(
    '/readyz',
    { schema: { tags: ['health'], response: { 200: Health, 503: Health } } },
    async (_request, reply) => {
      const up = await database.ping();
      reply.header('cache-control', 'no-store');
      return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable' });
    },
  );
}
