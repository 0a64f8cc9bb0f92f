import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@contracts/errors';
import { ForgotPasswordInput, ResetPasswordInput, SETTINGS_MESSAGES } from '@contracts/settings';
import type { PasswordResetService } from './password-reset.service';
import { endpoints } from '@contracts/endpoints';
import { defineRoute } from '../../platform/define-route';

const MessageBody = z.object({ message: z.string() });

export function registerPasswordResetRoutes(app: FastifyInstance, passwordReset: PasswordResetService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  defineRoute(
    api,
    endpoints.auth.postAuthForgotPassword,
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link (the same answer whether or not the address has an account)',
        body: ForgotPasswordInput,
        response: { 202: MessageBody, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await passwordReset.request(request.body, request.ip);
      return reply.status(202).send({ message: SETTINGS_MESSAGES.resetRequestedBody });
    },
  );

  defineRoute(
    api,
    endpoints.auth.postAuthResetPassword,
    {
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with the emailed token; ends every session of the account',
        body: ResetPasswordInput,
        response: { 200: MessageBody, 400: ErrorBody },
      },
    },
    async (request) => {
      await passwordReset.reset(request.body);
      return { message: SETTINGS_MESSAGES.passwordResetBody };
    },
  );
}
