import { appPlugin } from '../../platform/app-plugin';
import { createReportsRepository } from './reports.repository';
import { registerReportsRoutes } from './reports.routes';
import { createReportsService } from './reports.service';

/** Reports of a conversation, a review or a carer, into the admins' queue. */
export const reportsPlugin = appPlugin(
  'features/reports',
  ['platform/rate-limits'],
  async (app, { database: { db } }) => {
    registerReportsRoutes(
      app,
      createReportsService({ reports: createReportsRepository(db), rateLimiter: app.rateLimiter }),
    );
  },
);
