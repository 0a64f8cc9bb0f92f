import type { FastifyInstance } from 'fastify';
import { endpoints } from '@contracts/api';
import type { DatabaseHandle } from '../../db/client';
import { defineRoute } from '../../platform/define-route';

export function registerHealthRoutes(app: FastifyInstance, database: Pick<DatabaseHandle, 'ping'>) {
  /** Liveness: the process answers. A load balancer restarts an instance that stops answering. */
  defineRoute(
    app,
    endpoints.health.getHealthz,
    { schema: { tags: ['health'], summary: 'Liveness: the process answers' } },
    async () => ({
      status: 'ok' as const,
    }),
  );

  /** Readiness: the database answers too. A load balancer stops sending traffic while it does not. */
  defineRoute(
    app,
    endpoints.health.getReadyz,
    { schema: { tags: ['health'], summary: 'Readiness: the database answers too' } },
    async (_request, reply) => {
      const up = await database.ping();
      reply.header('cache-control', 'no-store');
      return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable' });
    },
  );
}
