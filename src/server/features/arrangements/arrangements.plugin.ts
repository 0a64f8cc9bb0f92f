import { appPlugin } from '../../platform/app-plugin';
import { createArrangementsRepository } from './arrangements.repository';
import { registerArrangementsRoutes } from './arrangements.routes';
import { registerArrangementsCircleRoutes } from './arrangements-circle.routes';
import { createArrangementsService, type ArrangementsService } from './arrangements.service';
import { registerVisitRecordsRoutes } from './visit-records.routes';
import { createVisitRecordsService } from './visit-records.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Feature arrangements' service (housekeeping keeps the visits ahead). */
    arrangements: ArrangementsService;
  }
}

/** Care arranged in a conversation, its visits and calendar feed; admins' changes are audited. */
export const arrangementsPlugin = appPlugin(
  'features/arrangements',
  ['features/admin-guard', 'features/messaging', 'features/circle', 'platform/mailer', 'features/audit'],
  async (app, { config, database: { db } }) => {
    const arrangements = createArrangementsService({
      repository: createArrangementsRepository(db),
      db,
      messaging: app.messaging,
      mailer: app.mailer,
      audit: app.audit,
      secret: config.sessionSecret,
      publicUrl: config.publicUrl,
    });
    app.decorate('arrangements', arrangements);
    registerArrangementsRoutes(app, arrangements);
    registerVisitRecordsRoutes(
      app,
      createVisitRecordsService({ db, arrangements, mailer: app.mailer, publicUrl: config.publicUrl }),
    );
    registerArrangementsCircleRoutes(app, arrangements);
  },
);
