import { z } from 'zod';
import {
  CareRequestInput,
  CareRequestPatch,
  CareRequestResponseInput,
  NearbyCareRequests,
  OwnCareRequest,
  OwnCareRequests,
  RequestAlerts,
} from '../care-requests';
import { endpoint, IdParams } from './endpoint';

const errors = [400, 401, 403, 404, 409, 429] as const;

/** Care requests (decision 0024): families post what they need, carers near them answer. */
export const careRequestsEndpoints = {
  post: endpoint({
    method: 'POST',
    path: '/api/care-requests',
    body: CareRequestInput,
    responses: { 201: OwnCareRequest },
    errors,
  }),
  getMine: endpoint({
    method: 'GET',
    path: '/api/care-requests/mine',
    responses: { 200: OwnCareRequests },
    errors,
  }),
  getNearby: endpoint({
    method: 'GET',
    path: '/api/care-requests/nearby',
    responses: { 200: NearbyCareRequests },
    errors,
  }),
  patchById: endpoint({
    method: 'PATCH',
    path: '/api/care-requests/:id',
    params: IdParams,
    body: CareRequestPatch,
    responses: { 200: OwnCareRequest },
    errors,
  }),
  getSettingsRequestAlerts: endpoint({
    method: 'GET',
    path: '/api/settings/request-alerts',
    responses: { 200: RequestAlerts },
    errors,
  }),
  putSettingsRequestAlerts: endpoint({
    method: 'PUT',
    path: '/api/settings/request-alerts',
    body: RequestAlerts,
    responses: { 200: RequestAlerts },
    errors,
  }),
  postByIdResponses: endpoint({
    method: 'POST',
    path: '/api/care-requests/:id/responses',
    params: IdParams,
    body: CareRequestResponseInput,
    responses: { 201: z.object({ conversationId: z.string() }) },
    errors,
  }),
};
