import type { FastifyInstance } from 'fastify';
import { DEMO_MAILBOX_LIMIT } from '@contracts/demo';
import type { Executor } from '../../db/client';
import { createDemoMailboxRepository } from './demo-mailbox.repository';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';

/**
 * Demo mode's mailbox, like a local Mailpit: people trying the demo follow the
 * links the app emails (confirmation, password reset). It shows every email to anyone, so it is
 * registered only outside production (app.ts): there the route does not exist at all (404).
 */
export function registerDemoMailboxRoutes(app: FastifyInstance, db: Executor) {
  const repository = createDemoMailboxRepository(db);

  defineRoute(
    app,
    endpoints.demo.getDemoMailbox,
    {
      schema: {
        tags: ['demo'],
        summary: 'Demo mode only: the emails in the outbox, newest first (absent in production)',
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
