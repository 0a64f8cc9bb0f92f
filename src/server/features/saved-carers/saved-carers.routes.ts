import type { FastifyInstance } from 'fastify';
import { CARER_MESSAGES } from '@contracts/carers';
import { requireUser, onlyRoles } from '../../platform/sessions/session.plugin';
import { toCarerSummary } from '../carers';
import type { SavedCarersService } from './saved-carers.service';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';

export function registerSavedCarersRoutes(app: FastifyInstance, saved: SavedCarersService) {
  defineRoute(
    app,
    endpoints.savedCarers.get,
    {
      config: onlyRoles(['customer'], CARER_MESSAGES.onlyCustomersSave),
      schema: { tags: ['saved carers'], summary: 'Your saved carers' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: (await saved.list(requireUser(request))).map(toCarerSummary) };
    },
  );

  defineRoute(
    app,
    endpoints.savedCarers.putByCarerId,
    {
      config: onlyRoles(['customer'], CARER_MESSAGES.onlyCustomersSave),
      schema: { tags: ['saved carers'], summary: 'Save a carer' },
    },
    async (request, reply) => {
      await saved.save(requireUser(request), request.params.carerId);
      return reply.status(204).send(null);
    },
  );

  defineRoute(
    app,
    endpoints.savedCarers.deleteByCarerId,
    {
      config: onlyRoles(['customer'], CARER_MESSAGES.onlyCustomersSave),
      schema: { tags: ['saved carers'], summary: 'Remove a saved carer' },
    },
    async (request, reply) => {
      await saved.remove(requireUser(request), request.params.carerId);
      return reply.status(204).send(null);
    },
  );
}
