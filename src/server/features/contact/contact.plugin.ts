import { appPlugin } from '../../platform/app-plugin';
import { registerContactRoutes } from './contact.routes';
import { createContactService } from './contact.service';

/** POST /api/contact: an enquiry stored and emailed to support, limited per client network. */
export const contactPlugin = appPlugin(
  'features/contact',
  ['platform/mailer', 'platform/rate-limits'],
  async (app, { config, database: { db } }) => {
    registerContactRoutes(
      app,
      createContactService({
        db,
        mailer: app.mailer,
        rateLimiter: app.rateLimiter,
        supportAddress: config.mail.supportEmail,
      }),
    );
  },
);
