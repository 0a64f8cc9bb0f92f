import type { FastifyInstance } from 'fastify';
import { SETTINGS_MESSAGES } from '@contracts/settings';
import type { PasswordResetService } from './password-reset.service';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';

export function registerPasswordResetRoutes(app: FastifyInstance, passwordReset: PasswordResetService) {
  defineRoute(
    app,
    endpoints.auth.postAuthForgotPassword,
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link (the same answer whether or not the address has an account)',
      },
    },
    async (request, reply) => {
      await passwordReset.request(request.body, request.ip);
      return reply.status(202).send({ message: SETTINGS_MESSAGES.resetRequestedBody });
    },
  );

  defineRoute(
    app,
    endpoints.auth.postAuthResetPassword,
    {
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with the emailed token; ends every session of the account',
      },
    },
    async (request) => {
      await passwordReset.reset(request.body);
      return { message: SETTINGS_MESSAGES.passwordResetBody };
    },
  );
}
