import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_MESSAGES } from '@contracts/errors';
import type { AppConfig } from '../config';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site's page (CSRF), using the headers every
 * current browser sets: `Sec-Fetch-Site` and `Origin`. SameSite=Lax cookies are the second layer.
 */
export function registerCrossSiteGuard(app: FastifyInstance, config: AppConfig) {
  const trustedOrigin = new URL(config.publicUrl).origin;

  function isSameOrigin(request: FastifyRequest, origin: string): boolean {
    if (origin === trustedOrigin) return true;
    try {
      // The request's own host: a cross-site page cannot choose the Host header of a browser request.
      return new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  }

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw AppError.forbidden(ERROR_MESSAGES.crossSite);
    const origin = request.headers.origin;
    if (origin !== undefined && !isSameOrigin(request, origin)) {
      throw AppError.forbidden(ERROR_MESSAGES.crossSite);
    }
  });
}
