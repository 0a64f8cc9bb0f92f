import { appPlugin } from '../../platform/app-plugin';
import { createSafeguardingRepository } from './safeguarding.repository';
import { registerSafeguardingRoutes } from './safeguarding.routes';
import { createSafeguardingService } from './safeguarding.service';

/** The admins' handling of reports: dismiss, warn (emailed) or suspend. */
export const safeguardingPlugin = appPlugin(
  'features/safeguarding',
  ['features/admin-guard', 'platform/mailer'],
  async (app, { config, database: { db } }) => {
    registerSafeguardingRoutes(
      app,
      createSafeguardingService({
        safeguarding: createSafeguardingRepository(db),
        db,
        mailer: app.mailer,
        publicUrl: config.publicUrl,
      }),
    );
  },
);
