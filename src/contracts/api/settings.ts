import { z } from 'zod';
import { CurrentUser } from '../auth';
import {
  ActiveSession,
  EmailChangeInput,
  EmailChangePending,
  PasswordChangeInput,
  ProfileUpdateInput,
  SearchPlace,
  SearchPlaceInput,
  TokenInput,
} from '../settings';
import { endpoint, IdParams, MessageBody } from './endpoint';

const errors = [400, 401, 403, 404, 409, 429] as const;

export const settingsEndpoints = {
  putProfile: endpoint({
    method: 'PUT',
    path: '/api/settings/profile',
    body: ProfileUpdateInput,
    responses: { 200: CurrentUser },
    errors,
  }),
  getSearchPlace: endpoint({
    method: 'GET',
    path: '/api/settings/search-place',
    responses: { 200: SearchPlace },
    errors,
  }),
  putSearchPlace: endpoint({
    method: 'PUT',
    path: '/api/settings/search-place',
    body: SearchPlaceInput,
    responses: { 200: SearchPlace },
    errors,
  }),
  /** Multipart: the field "photo". */
  postPhoto: endpoint({
    method: 'POST',
    path: '/api/settings/photo',
    consumes: ['multipart/form-data'],
    responses: { 200: CurrentUser },
    errors,
  }),
  postEmail: endpoint({
    method: 'POST',
    path: '/api/settings/email',
    body: EmailChangeInput,
    responses: { 202: EmailChangePending },
    errors,
  }),
  postEmailConfirm: endpoint({
    method: 'POST',
    path: '/api/settings/email/confirm',
    body: TokenInput,
    responses: { 200: MessageBody },
    errors,
  }),
  postPassword: endpoint({
    method: 'POST',
    path: '/api/settings/password',
    body: PasswordChangeInput,
    responses: { 200: MessageBody },
    errors,
  }),
  getSessions: endpoint({
    method: 'GET',
    path: '/api/settings/sessions',
    responses: { 200: z.array(ActiveSession) },
    errors: [401],
  }),
  deleteSessionsById: endpoint({
    method: 'DELETE',
    path: '/api/settings/sessions/:id',
    params: IdParams,
    responses: { 204: z.null() },
    errors,
  }),
  postSessionsSignOutOthers: endpoint({
    method: 'POST',
    path: '/api/settings/sessions/sign-out-others',
    responses: { 204: z.null() },
    errors,
  }),
};
