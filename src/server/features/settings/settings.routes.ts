import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CurrentUser } from '@contracts/auth';
import { ErrorBody } from '@contracts/errors';
import {
  ActiveSession,
  EmailChangeInput,
  EmailChangePending,
  PasswordChangeInput,
  ProfileUpdateInput,
  SearchPlace,
  SearchPlaceInput,
  SETTINGS_MESSAGES,
  TokenInput,
} from '@contracts/settings';
import type { AppConfig } from '../../config';
import { AppError } from '../../platform/errors';
import { readPhotoUpload } from '../../platform/images';
import {
  clearSessionCookie,
  onlyRoles,
  requireUser,
  SIGNED_IN,
} from '../../platform/sessions/session.plugin';
import { toCurrentUser } from '../auth';
import type { SettingsActor, SettingsService } from './settings.service';
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
const MessageBody = z.object({ message: z.string() });
const SessionParams = z.object({ id: z.string().max(64) });

/** The signed-in user with their session (401 otherwise). */
function actorOf(request: FastifyRequest): SettingsActor {
  const user = requireUser(request);
  if (!request.session) throw AppError.unauthorized();
  return { user, session: request.session, ipAddress: request.ip };
}

export function registerSettingsRoutes(
  app: FastifyInstance,
  { config, settings }: { config: AppConfig; settings: SettingsService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  defineRoute(
    api,
    endpoints.settings.putProfile,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['settings'],
        summary: 'Change your name',
        body: ProfileUpdateInput,
        response: { 200: CurrentUser, ...errors },
      },
    },
    async (request) => toCurrentUser(await settings.updateProfile(actorOf(request).user, request.body)),
  );

  const customersOnly = onlyRoles(['customer'], SETTINGS_MESSAGES.onlyCustomersSearchPlace);
  defineRoute(
    api,
    endpoints.settings.getSearchPlace,
    {
      config: customersOnly,
      schema: {
        tags: ['settings'],
        summary: 'Your saved search place (customers): where carer search starts',
        response: { 200: SearchPlace, ...errors },
      },
    },
    async (request) => ({ searchPlace: await settings.searchPlace(requireUser(request)) }),
  );

  defineRoute(
    api,
    endpoints.settings.putSearchPlace,
    {
      config: customersOnly,
      schema: {
        tags: ['settings'],
        summary: 'Save or clear your search place (customers)',
        body: SearchPlaceInput,
        response: { 200: SearchPlace, ...errors },
      },
    },
    async (request) => ({
      searchPlace: await settings.setSearchPlace(requireUser(request), request.body),
    }),
  );

  defineRoute(
    api,
    endpoints.settings.postPhoto,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['settings'],
        summary: 'Upload your photo (multipart field "photo": JPEG, PNG or WebP, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: CurrentUser, ...errors },
      },
    },
    async (request) => {
      const { user } = actorOf(request);
      const upload = await readPhotoUpload(request);
      return toCurrentUser(await settings.replacePhoto(user, upload));
    },
  );

  defineRoute(
    api,
    endpoints.settings.postEmail,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['settings'],
        summary: 'Ask to change your email: a confirmation link goes to the new address',
        body: EmailChangeInput,
        response: { 202: EmailChangePending, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await settings.requestEmailChange(actorOf(request), request.body)),
  );

  defineRoute(
    api,
    endpoints.settings.postEmailConfirm,
    {
      schema: {
        tags: ['settings'],
        summary: 'Confirm a new email address with the emailed token (signed in or not)',
        body: TokenInput,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      await settings.confirmEmailChange(request.body.token);
      return { message: SETTINGS_MESSAGES.emailChangedBody };
    },
  );

  defineRoute(
    api,
    endpoints.settings.postPassword,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['settings'],
        summary: 'Change your password; every other session is signed out',
        body: PasswordChangeInput,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      await settings.changePassword(actorOf(request), request.body);
      return { message: SETTINGS_MESSAGES.passwordChangedBody };
    },
  );

  defineRoute(
    api,
    endpoints.settings.getSessions,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['settings'],
        summary: 'Your active sessions, this one first',
        response: { 200: z.array(ActiveSession), 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const { user, session } = actorOf(request);
      reply.header('cache-control', 'no-store');
      return settings.listSessions(user, session);
    },
  );

  defineRoute(
    api,
    endpoints.settings.deleteSessionsById,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['settings'],
        summary: 'Sign out one session (signing out this one also clears the cookie)',
        params: SessionParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { user, session } = actorOf(request);
      const { wasCurrent } = await settings.endSession(user, session, request.params.id);
      if (wasCurrent) clearSessionCookie(reply, config);
      return reply.status(204).send(null);
    },
  );

  defineRoute(
    api,
    endpoints.settings.postSessionsSignOutOthers,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['settings'],
        summary: 'Sign out every session but this one',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { user, session } = actorOf(request);
      await settings.endOtherSessions(user, session);
      return reply.status(204).send(null);
    },
  );
}
