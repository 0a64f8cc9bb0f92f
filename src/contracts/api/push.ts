import { z } from 'zod';
import {
  PushDevice,
  PushKey,
  PushSettings,
  PushSettingsInput,
  PushSubscriptionInput,
  PushUnsubscribeInput,
} from '../push';
import { endpoint, IdParams } from './endpoint';

export const pushEndpoints = {
  getKey: endpoint({
    method: 'GET',
    path: '/api/push/key',
    responses: { 200: PushKey },
    errors: [401],
  }),
  // Turns push on for this browser (this session): an upsert by the subscription's endpoint.
  postSubscriptions: endpoint({
    method: 'POST',
    path: '/api/push/subscriptions',
    body: PushSubscriptionInput,
    responses: { 201: PushDevice },
    errors: [400, 401, 403, 409],
  }),
  // This browser turns push off: its subscription, named by its endpoint.
  postSubscriptionsRemove: endpoint({
    method: 'POST',
    path: '/api/push/subscriptions/remove',
    body: PushUnsubscribeInput,
    responses: { 204: z.null() },
    errors: [400, 401],
  }),
  deleteSubscriptionsById: endpoint({
    method: 'DELETE',
    path: '/api/push/subscriptions/:id',
    params: IdParams,
    responses: { 204: z.null() },
    errors: [401, 404],
  }),
  getSettingsPush: endpoint({
    method: 'GET',
    path: '/api/settings/push',
    responses: { 200: PushSettings },
    errors: [401],
  }),
  putSettingsPush: endpoint({
    method: 'PUT',
    path: '/api/settings/push',
    body: PushSettingsInput,
    responses: { 200: PushSettings },
    errors: [400, 401],
  }),
};
