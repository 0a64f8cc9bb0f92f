import { appPlugin } from '../../platform/app-plugin';
import { createCircleRepository } from './circle.repository';
import { registerCircleRoutes } from './circle.routes';
import { createCircleService, type CircleService } from './circle.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Feature circle's service (housekeeping deletes spent invitations). */
    circle: CircleService;
  }
}

/** The family circle: invitations, members, notification settings (decision 0036). */
export const circlePlugin = appPlugin(
  'features/circle',
  ['platform/mailer', 'platform/rate-limits', 'features/auth'],
  async (app, { config, database: { db } }) => {
    const circle = createCircleService({
      repository: createCircleRepository(db),
      db,
      mailer: app.mailer,
      rateLimiter: app.rateLimiter,
      secret: config.sessionSecret,
      publicUrl: config.publicUrl,
    });
    app.decorate('circle', circle);
    registerCircleRoutes(app, circle);
  },
);
