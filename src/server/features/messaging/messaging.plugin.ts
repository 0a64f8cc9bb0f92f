import { appPlugin } from '../../platform/app-plugin';
import { createMessagingRepository } from './messaging.repository';
import { registerMessagingRoutes } from './messaging.routes';
import { createMessagingService, type MessagingService } from './messaging.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Feature messaging's service (arrangements and care requests write into conversations). */
    messaging: MessagingService;
  }
}

/** Conversations between a family and a carer. */
export const messagingPlugin = appPlugin(
  'features/messaging',
  ['features/carers', 'features/push', 'platform/mailer', 'platform/rate-limits'],
  async (app, { config, database: { db } }) => {
    const messaging = createMessagingService({
      messaging: createMessagingRepository(db),
      db,
      carers: app.carers,
      mailer: app.mailer,
      push: app.push,
      rateLimiter: app.rateLimiter,
      publicUrl: config.publicUrl,
    });
    app.decorate('messaging', messaging);
    registerMessagingRoutes(app, messaging);
  },
);
