import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEMO_MAILBOX_LIMIT, DemoMailbox, DemoMailboxQuery } from '@contracts/demo';
import { ErrorBody } from '@contracts/errors';
import type { Executor } from '../../db/client';
import { createDemoMailboxRepository } from './demo-mailbox.repository';
import { endpoints } from '@contracts/endpoints';
import { defineRoute } from '../../platform/define-route';

/**
 * Demo mode's mailbox, like a local Mailpit: people trying the demo follow the
 * links the app emails (confirmation, password reset). It shows every email to anyone, so it is
 * registered only outside production (app.ts): there the route does not exist at all (404).
 */
export function registerDemoMailboxRoutes(app: FastifyInstance, db: Executor) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repository = createDemoMailboxRepository(db);

  defineRoute(
    api,
    endpoints.demo.getDemoMailbox,
    {
      schema: {
        tags: ['demo'],
        summary: 'Demo mode only: the emails in the outbox, newest first (absent in production)',
        querystring: DemoMailboxQuery,
        response: { 200: DemoMailbox, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const to = request.query.to || undefined;
      const rows = await repository.newest(DEMO_MAILBOX_LIMIT, to);
      return { emails: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },
  );
}
