import { appPlugin } from '../../platform/app-plugin';
import { createPushDispatcher, type PushDispatcher } from './push-dispatcher';
import { createPushRepository } from './push.repository';
import { registerPushRoutes } from './push.routes';
import { createWebPushSender, generateVapidKeys, type PushSender, type VapidKeys } from './push-sender';
import { createPushService } from './push.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Push notices: `dispatchSoon()` after a commit that queued some (`enqueuePush`). */
    push: PushDispatcher & { publicKey: string | null };
  }
}

/** A dispatcher for when push is off: nothing is ever queued (no device can subscribe). */
const SENDS_NOTHING: PushSender = {
  send: () => Promise.reject(new Error('push notices are off')),
};

/**
 * Push notices (decision 0044): the VAPID keys (the environment's, or in demo mode a pair made at
 * the first start and kept in the database), the push outbox's dispatcher, and the routes.
 */
export const pushPlugin = appPlugin(
  'features/push',
  ['platform/rate-limits', 'platform/sessions'],
  async (app, { config, database: { db } }) => {
    let vapid: VapidKeys | undefined;
    if (config.push) {
      // The demo pair lives in the database: one that cannot be reached at the start must not stop
      // the start (readiness says so); push stays off in this process until the next start.
      vapid =
        config.push.vapid ??
        (await createPushRepository(db)
          .demoVapidKeys(generateVapidKeys())
          .catch((error: unknown) => {
            app.log.warn({ err: error }, 'push notices off: the demo push keys could not be read');
            return undefined;
          }));
    }
    const dispatcher = createPushDispatcher({
      db,
      sender: vapid && config.push ? createWebPushSender(vapid, config.push.subject) : SENDS_NOTHING,
      rateLimiter: app.rateLimiter,
      log: app.log,
    });
    const publicKey = vapid?.publicKey ?? null;
    app.decorate('push', Object.assign(dispatcher, { publicKey }));
    app.addHook('onClose', async () => {
      dispatcher.close();
      await dispatcher.idle();
    });
    registerPushRoutes(app, createPushService({ db, push: config.push, publicKey }));
  },
);
