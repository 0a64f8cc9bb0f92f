import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CARE_REQUEST_MESSAGES,
  CareRequestInput,
  CareRequestPatch,
  CareRequestResponseInput,
  NearbyCareRequests,
  OwnCareRequest,
  OwnCareRequests,
  RequestAlerts,
} from '@contracts/care-requests';
import { ErrorBody } from '@contracts/errors';
import { onlyRoles, requireUser } from '../../platform/sessions/session.plugin';
import type { CareRequestsService } from './care-requests.service';
import { endpoints } from '@contracts/endpoints';
import { defineRoute } from '../../platform/define-route';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
};
const IdParams = z.object({ id: z.string().max(64) });
const customers = onlyRoles(['customer'], CARE_REQUEST_MESSAGES.onlyCustomers);
const carers = onlyRoles(['carer'], CARE_REQUEST_MESSAGES.onlyCarers);

/** Care requests (decision 0024): families post what they need, carers near them answer. */
export function registerCareRequestsRoutes(app: FastifyInstance, careRequests: CareRequestsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  defineRoute(
    api,
    endpoints.careRequests.post,
    {
      config: { ...customers, creates: true },
      schema: {
        tags: ['care-requests'],
        summary: 'Post a care request (families; free)',
        body: CareRequestInput,
        response: { 201: OwnCareRequest, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await careRequests.post(requireUser(request), request.body)),
  );

  defineRoute(
    api,
    endpoints.careRequests.getMine,
    {
      config: customers,
      schema: {
        tags: ['care-requests'],
        summary: 'Your care requests and the carers who answered',
        response: { 200: OwnCareRequests, ...errors },
      },
    },
    async (request) => ({ items: await careRequests.mine(requireUser(request)) }),
  );

  defineRoute(
    api,
    endpoints.careRequests.getNearby,
    {
      config: carers,
      schema: {
        tags: ['care-requests'],
        summary: 'Open care requests near you that fit your care type and week (carers)',
        response: { 200: NearbyCareRequests, ...errors },
      },
    },
    async (request) => ({ items: await careRequests.nearby(requireUser(request)) }),
  );

  defineRoute(
    api,
    endpoints.careRequests.patchById,
    {
      config: customers,
      schema: {
        tags: ['care-requests'],
        summary: 'Change your care request, or close it (filled, no longer needed)',
        params: IdParams,
        body: CareRequestPatch,
        response: { 200: OwnCareRequest, ...errors },
      },
    },
    async (request) => careRequests.update(requireUser(request), request.params.id, request.body),
  );

  defineRoute(
    api,
    endpoints.careRequests.getSettingsRequestAlerts,
    {
      config: carers,
      schema: {
        tags: ['care-requests'],
        summary: 'Whether you are emailed about new care requests near you (carers)',
        response: { 200: RequestAlerts, ...errors },
      },
    },
    async (request) => careRequests.alerts(requireUser(request)),
  );

  defineRoute(
    api,
    endpoints.careRequests.putSettingsRequestAlerts,
    {
      config: carers,
      schema: {
        tags: ['care-requests'],
        summary: 'Turn the care request emails on or off (carers)',
        body: RequestAlerts,
        response: { 200: RequestAlerts, ...errors },
      },
    },
    async (request) => careRequests.setAlerts(requireUser(request), request.body.on),
  );

  defineRoute(
    api,
    endpoints.careRequests.postByIdResponses,
    {
      config: { ...carers, creates: true },
      schema: {
        tags: ['care-requests'],
        summary: 'Answer a care request near you with a message (carers; once per request)',
        params: IdParams,
        body: CareRequestResponseInput,
        response: { 201: z.object({ conversationId: z.string() }), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await careRequests.respond(requireUser(request), request.params.id, request.body)),
  );
}
