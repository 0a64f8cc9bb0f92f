import type { FastifyInstance } from 'fastify';
import { paths } from '@contracts/paths';
import type { AppConfig } from '../config';

// No inline script anywhere: the built web app loads only its own files. Radix and the dialog
// scroll lock set inline styles, so styles allow 'unsafe-inline' (no script runs from a style).
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Stripe mode only: Stripe.js and its Payment Element load from js.stripe.com (and its
 * subdomains), run in frames from there and hooks.stripe.com (3-D Secure), and call api.stripe.com
 * (Stripe's security guide). Demo mode keeps the
 * strict policy above.
 */
export const STRIPE_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace(
  "script-src 'self'",
  "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
)
  .replace("connect-src 'self'", "connect-src 'self' https://api.stripe.com")
  .replace(
    "frame-src 'self'",
    "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
  );

/**
 * Pages opened from an emailed link with a secret in the address (?token=…): their document sends
 * no Referer at all, so the token cannot leave in one even before the page has taken it out of
 * the address bar (decision 0020). '/verify-email' is the address confirmation link.
 */
export const TOKEN_PAGES: ReadonlySet<string> = new Set([
  paths.resetPassword,
  paths.confirmEmail,
  paths.verifyEmail,
  paths.cancelPlanLink,
  paths.circleJoin,
]);

/** The page a request is for as the web router matches it: no query, no trailing slash, any case. */
function pageOf(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  return path.replace(/(.)\/+$/, '$1').toLowerCase();
}

/**
 * The carer map's tiles come from MAP_TILE_URL: when that is another host, its origin (a `{s}`
 * subdomain as `*`) joins img-src, and nothing else does.
 */
export function withTileOrigin(policy: string, tileUrl: string): string {
  const origin = /^(https:\/\/[^/]+)/.exec(tileUrl)?.[1]?.replace('{s}', '*');
  return origin
    ? policy.replace("img-src 'self' data: blob:", `img-src 'self' data: blob: ${origin}`)
    : policy;
}

export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig) {
  const policy = withTileOrigin(
    config.stripe ? STRIPE_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY,
    config.mapTileUrl,
  );
  app.addHook('onSend', async (request, reply, payload) => {
    // These are defaults: a header a route set itself wins (the calendar feed's no-referrer, a
    // download's own cache rule), for every header here, never overwritten by the general one.
    const byDefault = (name: string, value: string) => {
      if (!reply.hasHeader(name)) reply.header(name, value);
    };
    // API answers are personal or change by the minute: no browser or shared cache keeps one unless
    // its route says otherwise (ASVS 14.3.2). Pages, assets and photos set their own.
    if (request.url.startsWith('/api/')) byDefault('cache-control', 'no-store');
    byDefault('content-security-policy', policy);
    byDefault('x-content-type-options', 'nosniff');
    byDefault('x-frame-options', 'DENY');
    byDefault(
      'referrer-policy',
      TOKEN_PAGES.has(pageOf(request.url)) ? 'no-referrer' : 'strict-origin-when-cross-origin',
    );
    byDefault('cross-origin-opener-policy', 'same-origin');
    byDefault('cross-origin-resource-policy', 'same-origin');
    byDefault('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
    if (config.mode === 'production') {
      byDefault('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    return payload;
  });
}
