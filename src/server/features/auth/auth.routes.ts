import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EMAIL_VERIFICATION_MESSAGES, safeReturnPath } from '@contracts/auth';
import type { AppConfig } from '../../config';
import { paths } from '@contracts/paths';
import {
  clearChallengeCookie,
  clearSessionCookie,
  requireUser,
  setChallengeCookie,
  setSessionCookie,
  SIGNED_IN,
} from '../../platform/sessions/session.plugin';
import type { AuthService, SignedIn } from './auth.service';
import type { EmailVerificationService } from './email-verification.service';
import { toCurrentUser } from './current-user';
import type { OidcClient } from './oidc';
import { sendSignInOutcome } from './sign-in-reply';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';

/**
 * The OpenID Connect state (state, PKCE verifier, return address) lives in a signed cookie on the
 * callback's path only; over https its name carries the __Secure- prefix, so the browser refuses
 * it unless Secure (ASVS 3.3.1). __Host- would need Path=/.
 */
const oidcCookieName = (config: AppConfig) => (config.session.secureCookie ? '__Secure-cm_oidc' : 'cm_oidc');
const OIDC_COOKIE_PATH = '/api/auth/oidc';

interface AuthRouteDeps {
  config: AppConfig;
  auth: AuthService;
  emailVerification: EmailVerificationService;
  oidc?: OidcClient | undefined;
}

export function registerAuthRoutes(
  app: FastifyInstance,
  { config, auth, emailVerification, oidc }: AuthRouteDeps,
) {
  const sessionToken = (request: FastifyRequest) => request.cookies[config.session.cookieName];
  const context = (request: FastifyRequest) => ({
    userAgent: request.headers['user-agent'],
    ipAddress: request.ip,
  });
  const signIn = (reply: FastifyReply, signedIn: SignedIn) =>
    setSessionCookie(reply, config, signedIn.token, signedIn.expiresAt);

  defineRoute(
    app,
    endpoints.auth.postRegister,
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account (confirmed by an emailed link; nobody is signed in)',
        description:
          'The same 202 whether or not the address already has an account (its owner is told by email), so the answer reveals no accounts.',
      },
    },
    async (request, reply) => {
      const { email } = await auth.register(request.body, context(request));
      return reply.status(202).send({ message: EMAIL_VERIFICATION_MESSAGES.registrationAccepted, email });
    },
  );

  defineRoute(
    app,
    endpoints.auth.postVerifyEmail,
    {
      schema: {
        tags: ['auth'],
        summary: "Confirm the account's email address with the emailed token",
        description:
          'In a browser without a session, also signs in (not an admin, a suspended account, or one with two-factor).',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await emailVerification.confirm(request.body.token);
      let signedIn = request.user?.id === user.id;
      if (!request.user) {
        const started = await auth.signInAfterEmailConfirmed(user, context(request), sessionToken(request));
        if (started) {
          signIn(reply, started);
          signedIn = true;
        }
      }
      return {
        message: EMAIL_VERIFICATION_MESSAGES.confirmed,
        email: user.email,
        signedIn,
        continuePath: auth.landingPath(user),
      };
    },
  );

  defineRoute(
    app,
    endpoints.auth.postVerifyEmailResend,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['auth'],
        summary: 'Email a new confirmation link to the signed-in account (a few an hour)',
      },
    },
    async (request, reply) => {
      await emailVerification.resend(requireUser(request));
      return reply.status(202).send({ message: EMAIL_VERIFICATION_MESSAGES.resent });
    },
  );

  defineRoute(
    app,
    endpoints.auth.postLogin,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        description:
          '200 and the session when the password is enough; 202 `{ twoFactor }` when a code is due next (POST /api/auth/two-factor/verify).',
      },
    },
    async (request, reply) =>
      sendSignInOutcome(
        reply,
        config,
        await auth.login(request.body, context(request), sessionToken(request)),
      ),
  );

  defineRoute(
    app,
    endpoints.auth.postLogout,
    { schema: { tags: ['auth'], summary: 'Sign out' } },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) await auth.logout(token);
      clearSessionCookie(reply, config);
      return reply.status(204).send(null);
    },
  );

  defineRoute(
    app,
    endpoints.auth.getUser,
    {
      config: SIGNED_IN,
      schema: { tags: ['auth'], summary: 'The signed-in user' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toCurrentUser(requireUser(request));
    },
  );

  // The web app's sign-in check. A visitor is an ordinary state, not a failed
  // request, so it is 200 with null; GET /api/auth/user keeps the spec's 401 for API clients.
  defineRoute(
    app,
    endpoints.auth.getSession,
    {
      schema: { tags: ['auth'], summary: 'Who is signed in (null for a visitor)' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: request.user ? toCurrentUser(request.user) : null };
    },
  );

  // Product §2, Routes: sign-in and sign-out are full-page navigations to these two addresses.
  defineRoute(
    app,
    endpoints.auth.getLogin,
    {
      schema: { tags: ['auth'], summary: 'Start signing in (redirect)' },
    },
    async (request, reply) => {
      const returnTo = safeReturnPath(request.query.returnTo);
      if (!oidc) {
        const query = returnTo === '/' ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
        return reply.redirect(`/login${query}`, 302);
      }
      const started = await oidc.start();
      reply.setCookie(
        oidcCookieName(config),
        JSON.stringify({
          state: started.state,
          codeVerifier: started.codeVerifier,
          nonce: started.nonce,
          returnTo,
        }),
        {
          path: OIDC_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: config.session.secureCookie,
          signed: true,
          maxAge: 600,
        },
      );
      return reply.redirect(started.url, 302);
    },
  );

  if (oidc) {
    defineRoute(
      app,
      endpoints.auth.getOidcCallback,
      { schema: { tags: ['auth'], summary: 'OpenID Connect return address', hide: true } },
      async (request, reply) => {
        const raw = request.cookies[oidcCookieName(config)];
        const unsigned = raw ? request.unsignCookie(raw) : undefined;
        // Cleared with the flags it was set with: a browser ignores a __Secure- cookie without Secure.
        reply.clearCookie(oidcCookieName(config), {
          path: OIDC_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: config.session.secureCookie,
        });
        if (!unsigned?.valid || !unsigned.value) return reply.redirect('/login?error=oidc', 302);
        const expected = z
          .object({ state: z.string(), codeVerifier: z.string(), nonce: z.string(), returnTo: z.string() })
          .safeParse(JSON.parse(unsigned.value));
        if (!expected.success) return reply.redirect('/login?error=oidc', 302);
        try {
          const claims = await oidc.finish(new URL(request.url, config.publicUrl), expected.data);
          const outcome = await auth.signInWithOidc(claims, context(request), sessionToken(request));
          const returnTo = safeReturnPath(expected.data.returnTo);
          if (outcome.status === 'two-factor') {
            setChallengeCookie(reply, config, outcome.challengeToken, outcome.challengeExpiresAt);
            return reply.redirect(`${paths.twoFactor}?returnTo=${encodeURIComponent(returnTo)}`, 302);
          }
          signIn(reply, outcome);
          clearChallengeCookie(reply, config);
          return reply.redirect(returnTo, 302);
        } catch (error) {
          // The error's name, code and message only: the library attaches the callback's parameters
          // (the code and state) and the expected values to its errors, and those are secrets (decision 0020).
          const { name, message, code } = error instanceof Error ? (error as Error & { code?: unknown }) : {};
          request.log.warn({ reason: { name, code, message } }, 'OpenID Connect sign-in failed');
          return reply.redirect('/login?error=oidc', 302);
        }
      },
    );
  }

  defineRoute(
    app,
    endpoints.auth.getLogout,
    { schema: { tags: ['auth'], summary: 'Sign out (redirect to /)' } },
    async (request, reply) => {
      // A GET that changes state: a link or an image on another site reaches it with the
      // SameSite=Lax cookie. Only our own pages (or an address typed in: no fetch metadata, or
      // 'none') sign out; another site's request is sent home still signed in.
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site') return reply.redirect('/', 302);
      const token = sessionToken(request);
      if (token) await auth.logout(token);
      clearSessionCookie(reply, config);
      return reply.redirect('/', 302);
    },
  );
}
