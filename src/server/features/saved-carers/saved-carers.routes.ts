import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CARER_MESSAGES, SavedCarers } from '@contracts/carers';
import { ErrorBody } from '@contracts/errors';
import { requireUser, onlyRoles } from '../../platform/sessions/session.plugin';
import { toPublicCarer } from '../carers';
import type { SavedCarersService } from './saved-carers.service';
import { endpoints } from '@contracts/endpoints';
import { defineRoute } from '../../platform/define-route';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const Params = z.object({ carerId: z.string().max(64) });

export function registerSavedCarersRoutes(app: FastifyInstance, saved: SavedCarersService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  defineRoute(
    api,
    endpoints.savedCarers.get,
    {
      config: onlyRoles(['customer'], CARER_MESSAGES.onlyCustomersSave),
      schema: {
        tags: ['saved carers'],
        summary: 'Your saved carers',
        response: { 200: SavedCarers, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: (await saved.list(requireUser(request))).map(toPublicCarer) };
    },
  );

  defineRoute(
    api,
    endpoints.savedCarers.putByCarerId,
    {
      config: onlyRoles(['customer'], CARER_MESSAGES.onlyCustomersSave),
      schema: {
        tags: ['saved carers'],
        summary: 'Save a carer',
        params: Params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await saved.save(requireUser(request), request.params.carerId);
      return reply.status(204).send(null);
    },
  );

  defineRoute(
    api,
    endpoints.savedCarers.deleteByCarerId,
    {
      config: onlyRoles(['customer'], CARER_MESSAGES.onlyCustomersSave),
      schema: {
        tags: ['saved carers'],
        summary: 'Remove a saved carer',
        params: Params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await saved.remove(requireUser(request), request.params.carerId);
      return reply.status(204).send(null);
    },
  );
}
