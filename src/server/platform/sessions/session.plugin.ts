import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import type { SessionRow, UserRow } from '../../db/schema';
import { AppError } from '../errors';
import type { SessionService } from './session.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie; null when signed out. */
    user: UserRow | null;
    session: SessionRow | null;
  }
  interface FastifyContextConfig {
    /**
     * The route answers everyone alike and never reads the user: the session is not looked up
     * (one database round trip fewer on the busiest route, the carer search).
     */
    anonymous?: boolean;
    /**
     * A write that never changes an account or its sessions (a message, a read receipt): this
     * instance keeps its copy of the user's session after it (decision 0015).
     */
    keepsAccount?: boolean;
    /**
     * Who may call the route at all, checked as soon as the session is known and before the body
     * is read or validated (decision 0020): a visitor gets 401 and a wrong role 403 whatever
     * they send. The handler's requireUser/requireRole stays as the second lock (it also types the
     * user). Routes open to everyone leave it out.
     */
    access?: AccessRule;
  }
}

/**
 * 'signed-in': any live session. `{ roles }`: only these account roles; `message` is the 403's
 * wording (the same the service gives, so people read one sentence whichever lock answers).
 */
export type AccessRule = 'signed-in' | { roles: readonly UserRow['role'][]; message?: string };

/** Route config shorthand: any signed-in account. */
export const SIGNED_IN = { access: 'signed-in' } as const satisfies { access: AccessRule };

/** Route config shorthand: only these roles (with the 403's wording). */
export function onlyRoles(roles: readonly UserRow['role'][], message?: string): { access: AccessRule } {
  return { access: { roles, ...(message ? { message } : {}) } };
}

export function registerSessions(app: FastifyInstance, config: AppConfig, sessions: SessionService) {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request) => {
    // Only the API reads the session; static files and the SPA shell are the same for everyone.
    if (!request.url.startsWith('/api/') || request.routeOptions.config.anonymous) return;
    const token = request.cookies[config.session.cookieName];
    if (!token) return;
    const found = await sessions.resume(token);
    if (found) {
      request.user = found.user;
      request.session = found.session;
    }
  });

  // An access rule needs the session: a route that skips its lookup (anonymous, or outside /api)
  // could never be passed, so such a pairing is a mistake made at start-up, not a 401 later.
  app.addHook('onRoute', (route) => {
    const routeConfig = route.config as { access?: AccessRule; anonymous?: boolean } | undefined;
    if (routeConfig?.access && (routeConfig.anonymous || !route.url.startsWith('/api/'))) {
      throw new Error(`${route.url}: an access rule needs the session (not anonymous, under /api/)`);
    }
  });

  // Registered after the session hook, so it sees the user; onRequest, so it answers before the
  // body is parsed or validated (a malformed or oversized body from a visitor is still a 401).
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    const user = requireUser(request);
    if (access !== 'signed-in' && !access.roles.includes(user.role)) {
      throw AppError.forbidden(access.message);
    }
  });

  // A write may change the user (a payment, new settings, a sign-out): their next request here
  // reads the session afresh rather than wait for the database's change notice (decision 0014),
  // unless the route is known never to change an account.
  app.addHook('onSend', async (request) => {
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    if (request.user && write && !request.routeOptions.config.keepsAccount) {
      sessions.forgetUser(request.user.id);
    }
  });
}

export function sessionCookieOptions(config: AppConfig, expiresAt?: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.session.secureCookie,
    ...(expiresAt ? { expires: expiresAt } : {}),
  };
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, token: string, expiresAt: Date) {
  reply.setCookie(config.session.cookieName, token, sessionCookieOptions(config, expiresAt));
}

/**
 * This browser is signed out (sign-out, its own session ended, account deleted): the cookie goes,
 * and so does what the site kept in the browser's storage, such as a carer's unsent sign-up form
 * (ASVS 14.3.1). API answers are never cached (no-store), so the HTTP cache is left alone.
 */
export function clearSessionCookie(reply: FastifyReply, config: AppConfig) {
  reply.clearCookie(config.session.cookieName, sessionCookieOptions(config));
  reply.header('clear-site-data', '"storage"');
}

/**
 * The half-done sign-in of two-factor (decision 0012) has its own cookie, so its token can never
 * be taken for a session: the session lookup never reads it.
 */
const challengeCookieName = (config: AppConfig) => (config.session.secureCookie ? '__Host-cm_2fa' : 'cm_2fa');

export function setChallengeCookie(reply: FastifyReply, config: AppConfig, token: string, expiresAt: Date) {
  reply.setCookie(challengeCookieName(config), token, sessionCookieOptions(config, expiresAt));
}

export function clearChallengeCookie(reply: FastifyReply, config: AppConfig) {
  reply.clearCookie(challengeCookieName(config), sessionCookieOptions(config));
}

export const challengeToken = (request: FastifyRequest, config: AppConfig): string | undefined =>
  request.cookies[challengeCookieName(config)];

/** The signed-in user, or a 401 for everyone else. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw AppError.unauthorized();
  return request.user;
}

/** The signed-in user if their role is one of `roles`: 401 when signed out, 403 otherwise. */
export function requireRole(request: FastifyRequest, ...roles: UserRow['role'][]): UserRow {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw AppError.forbidden();
  return user;
}
