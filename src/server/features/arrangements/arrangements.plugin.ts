import { appPlugin } from '../../platform/app-plugin';
import { createArrangementsRepository } from './arrangements.repository';
import { registerArrangementsRoutes } from './arrangements.routes';
import { registerArrangementsCircleRoutes } from './arrangements-circle.routes';
import { createArrangementsService, type ArrangementsService } from './arrangements.service';
import { registerCoverRoutes } from './cover.routes';
import { createCoverService, type CoverService } from './cover.service';
import { registerVisitRecordsRoutes } from './visit-records.routes';
import { createVisitRecordsService } from './visit-records.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Feature arrangements' service (housekeeping keeps the visits ahead). */
    arrangements: ArrangementsService;
    /** No-show alerts and cover (housekeeping raises the alerts). */
    cover: CoverService;
  }
}

/** Care arranged in a conversation, its visits and calendar feed; admins' changes are audited. */
export const arrangementsPlugin = appPlugin(
  'features/arrangements',
  [
    'features/admin-guard',
    'features/messaging',
    'features/circle',
    'features/push',
    'features/verification',
    'platform/mailer',
    'platform/rate-limits',
    'features/audit',
  ],
  async (app, { config, database: { db } }) => {
    const arrangements = createArrangementsService({
      repository: createArrangementsRepository(db),
      db,
      messaging: app.messaging,
      mailer: app.mailer,
      push: app.push,
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
    const cover = createCoverService({
      db,
      mailer: app.mailer,
      push: app.push,
      rateLimiter: app.rateLimiter,
      publicUrl: config.publicUrl,
      checkSummaryOf: async (profile) =>
        (await app.verification.verification.checksFor(profile, null)).checkSummary,
    });
    app.decorate('cover', cover);
    registerCoverRoutes(app, cover);
  },
);
