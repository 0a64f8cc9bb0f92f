import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TWO_FACTOR_MESSAGES } from '@contracts/auth-two-factor';
import type { AppConfig } from '../../config';
import { AppError } from '../../platform/errors';
import {
  challengeToken,
  clearChallengeCookie,
  requireUser,
  setSessionCookie,
  SIGNED_IN,
} from '../../platform/sessions/session.plugin';
import type { AuthService } from './auth.service';
import { toCurrentUser } from './current-user';
import type { TwoFactorService } from './two-factor.service';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';

interface TwoFactorRouteDeps {
  config: AppConfig;
  auth: AuthService;
  twoFactor: TwoFactorService;
}

/** The second sign-in step, and two-factor on the settings page (decision 0012). */
export function registerTwoFactorRoutes(
  app: FastifyInstance,
  { config, auth, twoFactor }: TwoFactorRouteDeps,
) {
  const noStore = { 'cache-control': 'no-store' };
  /** The signed-in user and their session (its start is the fresh sign-in of a password-less account). */
  const signedIn = (request: FastifyRequest) => {
    const user = requireUser(request);
    if (!request.session) throw AppError.unauthorized();
    return { user, session: request.session };
  };
  // The challenge cookie is these steps' authorization: without one the answer is 401 before any
  // body is parsed or read, as for a session route (decision 0020).
  const challengeFirst = async (request: FastifyRequest) => {
    if (!challengeToken(request, config)) throw AppError.unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
  };

  // ── the second sign-in step (the challenge cookie from POST /api/auth/login) ────────────────
  defineRoute(
    app,
    endpoints.auth.getAuthTwoFactor,
    {
      onRequest: challengeFirst,
      schema: { tags: ['auth'], summary: 'Which second step the half-done sign-in needs' },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { twoFactor: await twoFactor.challengeStep(challengeToken(request, config)) };
    },
  );

  defineRoute(
    app,
    endpoints.auth.postAuthTwoFactorSetup,
    {
      onRequest: challengeFirst,
      schema: {
        tags: ['auth'],
        summary: 'The QR code for an admin who must turn on two-factor while signing in',
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return twoFactor.startSignInEnrolment(challengeToken(request, config));
    },
  );

  defineRoute(
    app,
    endpoints.auth.postAuthTwoFactorVerify,
    {
      onRequest: challengeFirst,
      schema: { tags: ['auth'], summary: 'Finish signing in with a code from the app or a recovery code' },
    },
    async (request, reply) => {
      const signedIn = await auth.completeTwoFactor(
        challengeToken(request, config),
        request.body.code,
        { userAgent: request.headers['user-agent'], ipAddress: request.ip },
        request.cookies[config.session.cookieName],
      );
      setSessionCookie(reply, config, signedIn.token, signedIn.expiresAt);
      clearChallengeCookie(reply, config);
      reply.headers(noStore);
      return { user: toCurrentUser(signedIn.user), recoveryCodes: signedIn.recoveryCodes };
    },
  );

  // ── settings ────────────────────────────────────────────────────────────────────────────────
  defineRoute(
    app,
    endpoints.auth.getSettingsTwoFactor,
    {
      config: SIGNED_IN,
      schema: { tags: ['settings'], summary: 'Whether two-factor sign-in is on, and recovery codes left' },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return twoFactor.status(requireUser(request));
    },
  );

  defineRoute(
    app,
    endpoints.auth.postSettingsTwoFactorSetup,
    {
      config: SIGNED_IN,
      schema: { tags: ['settings'], summary: 'Start turning on two-factor: a new key and its QR code' },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return twoFactor.startEnrolment(requireUser(request));
    },
  );

  defineRoute(
    app,
    endpoints.auth.postSettingsTwoFactorEnable,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['settings'],
        summary: 'Turn on two-factor with the first code and the password; answers the recovery codes once',
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const { user, session } = signedIn(request);
      return { recoveryCodes: await twoFactor.enable(user, session, request.ip, request.body) };
    },
  );

  defineRoute(
    app,
    endpoints.auth.postSettingsTwoFactorRecoveryCodes,
    {
      config: SIGNED_IN,
      schema: { tags: ['settings'], summary: 'Replace the recovery codes (the old ones stop working)' },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const { user, session } = signedIn(request);
      const codes = await twoFactor.renewRecoveryCodes(
        user,
        session,
        request.ip,
        request.body.currentPassword,
      );
      return { recoveryCodes: codes };
    },
  );

  defineRoute(
    app,
    endpoints.auth.deleteSettingsTwoFactor,
    {
      config: SIGNED_IN,
      schema: { tags: ['settings'], summary: 'Turn off two-factor sign-in (not for admins in production)' },
    },
    async (request, reply) => {
      const { user, session } = signedIn(request);
      await twoFactor.disable(user, session, request.ip, request.body.currentPassword);
      return reply.status(204).send(null);
    },
  );
}
