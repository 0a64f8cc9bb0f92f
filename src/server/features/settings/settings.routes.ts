import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SETTINGS_MESSAGES } from '@contracts/settings';
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
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';

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
  defineRoute(
    app,
    endpoints.settings.putProfile,
    {
      config: SIGNED_IN,
      schema: { tags: ['settings'], summary: 'Change your name' },
    },
    async (request) => toCurrentUser(await settings.updateProfile(actorOf(request).user, request.body)),
  );

  const customersOnly = onlyRoles(['customer'], SETTINGS_MESSAGES.onlyCustomersSearchPlace);
  defineRoute(
    app,
    endpoints.settings.getSearchPlace,
    {
      config: customersOnly,
      schema: {
        tags: ['settings'],
        summary: 'Your saved search place (customers): where carer search starts',
      },
    },
    async (request) => ({ searchPlace: await settings.searchPlace(requireUser(request)) }),
  );

  defineRoute(
    app,
    endpoints.settings.putSearchPlace,
    {
      config: customersOnly,
      schema: { tags: ['settings'], summary: 'Save or clear your search place (customers)' },
    },
    async (request) => ({
      searchPlace: await settings.setSearchPlace(requireUser(request), request.body),
    }),
  );

  defineRoute(
    app,
    endpoints.settings.postPhoto,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['settings'],
        summary: 'Upload your photo (multipart field "photo": JPEG, PNG or WebP, at most 5 MB)',
      },
    },
    async (request) => {
      const { user } = actorOf(request);
      const upload = await readPhotoUpload(request);
      return toCurrentUser(await settings.replacePhoto(user, upload));
    },
  );

  defineRoute(
    app,
    endpoints.settings.postEmail,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['settings'],
        summary: 'Ask to change your email: a confirmation link goes to the new address',
      },
    },
    async (request, reply) =>
      reply.status(202).send(await settings.requestEmailChange(actorOf(request), request.body)),
  );

  defineRoute(
    app,
    endpoints.settings.postEmailConfirm,
    {
      schema: {
        tags: ['settings'],
        summary: 'Confirm a new email address with the emailed token (signed in or not)',
      },
    },
    async (request) => {
      await settings.confirmEmailChange(request.body.token);
      return { message: SETTINGS_MESSAGES.emailChangedBody };
    },
  );

  defineRoute(
    app,
    endpoints.settings.postPassword,
    {
      config: SIGNED_IN,
      schema: { tags: ['settings'], summary: 'Change your password; every other session is signed out' },
    },
    async (request) => {
      await settings.changePassword(actorOf(request), request.body);
      return { message: SETTINGS_MESSAGES.passwordChangedBody };
    },
  );

  defineRoute(
    app,
    endpoints.settings.getSessions,
    {
      config: SIGNED_IN,
      schema: { tags: ['settings'], summary: 'Your active sessions, this one first' },
    },
    async (request, reply) => {
      const { user, session } = actorOf(request);
      reply.header('cache-control', 'no-store');
      return settings.listSessions(user, session);
    },
  );

  defineRoute(
    app,
    endpoints.settings.deleteSessionsById,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['settings'],
        summary: 'Sign out one session (signing out this one also clears the cookie)',
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
    app,
    endpoints.settings.postSessionsSignOutOthers,
    {
      config: SIGNED_IN,
      schema: { tags: ['settings'], summary: 'Sign out every session but this one' },
    },
    async (request, reply) => {
      const { user, session } = actorOf(request);
      await settings.endOtherSessions(user, session);
      return reply.status(204).send(null);
    },
  );
}
