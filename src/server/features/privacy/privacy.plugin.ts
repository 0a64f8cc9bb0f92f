import { appPlugin } from '../../platform/app-plugin';
import {
  createAccountDeletion,
  createAccountErasure,
  type AccountDeletion,
  type AccountErasure,
} from './account-deletion';
import { createDataExportRepository } from './data-export.repository';
import { createDataExportService } from './data-export.service';
import { registerPrivacyRoutes } from './privacy.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Account deletion, shared by "Delete my account" and the admins' customer deletion (decision
     * 0011): the erasure, and the cancelling of recurring plans with the payment provider first.
     */
    privacy: { accountErasure: AccountErasure; accountDeletion: AccountDeletion };
  }
}

/** "Download my data" and "Delete my account" (decision 0011). */
export const privacyPlugin = appPlugin(
  'features/privacy',
  ['platform/storage', 'platform/payments'],
  async (app, { config, database: { db } }) => {
    const { storage } = app;
    const accountErasure = createAccountErasure({
      secret: config.sessionSecret,
      publicUrl: config.publicUrl,
    });
    const accountDeletion = createAccountDeletion({
      db,
      storage,
      provider: app.payments.provider,
      erasure: accountErasure,
      secret: config.sessionSecret,
      publicUrl: config.publicUrl,
      log: app.log,
    });
    app.decorate('privacy', { accountErasure, accountDeletion });
    const dataExport = createDataExportService({
      repository: createDataExportRepository(db),
      db,
      storage,
      secret: config.sessionSecret,
      log: app.log,
    });
    registerPrivacyRoutes(app, { config, dataExport, accountDeletion });
  },
);
