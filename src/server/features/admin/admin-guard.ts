import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';

/** Every route under these prefixes is for admins only (product.md, differences 1 and 6). */
export const ADMIN_PREFIXES = ['/api/admin/', '/api/test/'] as const;

/** The two ways in for someone who is not signed in as an admin yet (product.md, difference 2). */
export const ADMIN_PUBLIC_ROUTES = [
  { method: 'POST', url: '/api/admin/login' },
  { method: 'GET', url: '/api/admin/login-hint' },
  { method: 'HEAD', url: '/api/admin/login-hint' },
] as const;

export interface GuardedRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every admin-only route registered (method and URL pattern); the authorization test walks it. */
    adminRoutes: GuardedRoute[];
  }
}

const underAdminPrefix = (path: string) => ADMIN_PREFIXES.some((prefix) => path.startsWith(prefix));

const isPublic = (method: string, url: string | undefined) =>
  ADMIN_PUBLIC_ROUTES.some((route) => route.method === method && route.url === url);

/** The request's path without its query, as the router will match it. */
function pathOf(request: FastifyRequest): string {
  const end = request.url.search(/[?#;]/);
  return end === -1 ? request.url : request.url.slice(0, end);
}

/**
 * The admin guard: an onRequest hook, so it answers before the body is read or validated. A
 * visitor gets 401, any signed-in non-admin 403, whatever cookies or headers they add; the
 * route's own `requireRole(request, 'admin')` is the second lock. Register it after the session
 * hook and before any route.
 */
export function registerAdminGuard(app: FastifyInstance) {
  const routes: GuardedRoute[] = [];
  app.decorate('adminRoutes', routes);

  app.addHook('onRoute', (route) => {
    if (!underAdminPrefix(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!isPublic(method, route.url)) routes.push({ method, url: route.url });
    }
  });

  app.addHook('onRequest', async (request) => {
    const pattern = request.routeOptions.url;
    // Both the matched pattern and the raw path count: an odd spelling that still reaches a route is caught.
    if (!underAdminPrefix(pathOf(request)) && !(pattern && underAdminPrefix(pattern))) return;
    if (isPublic(request.method, pattern)) return;
    if (!request.user) throw AppError.unauthorized();
    if (request.user.role !== 'admin') throw AppError.forbidden();
  });
}
