import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';

/** What every plugin of the app is given by buildApp: the configuration and the database. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
}

/** The outside plugins the app's own plugins may depend on (they name themselves). */
type OutsidePluginName = '@fastify/cookie' | '@fastify/multipart';

/** The platform's plugins (src/server/platform), in the order buildApp registers them. */
export type PlatformPluginName =
  | 'platform/errors'
  | 'platform/nul-guard'
  | 'platform/graceful-close'
  | 'platform/security-headers'
  | 'platform/instance-header'
  | 'platform/cross-site-guard'
  | 'platform/openapi'
  | 'platform/storage'
  | 'platform/sessions'
  | 'platform/idempotency'
  | 'platform/geocoder'
  | 'platform/rate-limits'
  | 'platform/mailer'
  | 'platform/payments'
  | 'platform/live-events'
  | 'platform/uploads'
  | 'platform/housekeeping'
  | 'platform/web-app';

/** One plugin per server feature (src/server/features/<name>/<name>.plugin.ts). */
export type FeaturePluginName =
  | 'features/admin-guard'
  | 'features/carer-caches'
  | 'features/health'
  | 'features/audit'
  | 'features/auth'
  | 'features/verification'
  | 'features/carers'
  | 'features/settings'
  | 'features/saved-carers'
  | 'features/circle'
  | 'features/push'
  | 'features/messaging'
  | 'features/arrangements'
  | 'features/invoicing'
  | 'features/care-requests'
  | 'features/contact'
  | 'features/reviews'
  | 'features/reports'
  | 'features/privacy'
  | 'features/admin'
  | 'features/safeguarding'
  | 'features/subscriptions'
  | 'features/care-payments'
  | 'features/demo';

export type AppPluginName = PlatformPluginName | FeaturePluginName;

/**
 * One of the app's plugins: not encapsulated (fastify-plugin), so its hooks, decorators and routes
 * are the root instance's, as if buildApp had made them itself; named, and declaring the plugins
 * it needs registered before it. Fastify refuses to register it when one of them is missing
 * ("The dependency '…' of plugin '…' is not registered"), so the order in buildApp is checked,
 * not only written down. What a plugin provides to later ones is a decorator on the instance.
 */
export function appPlugin<Options extends AppContext = AppContext>(
  name: AppPluginName,
  dependencies: readonly (AppPluginName | OutsidePluginName)[],
  plugin: (app: FastifyInstance, options: Options) => Promise<void>,
) {
  return fp<Options>(plugin, { name, dependencies: [...dependencies], fastify: '5.x' });
}
