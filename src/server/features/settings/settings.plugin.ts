import { appPlugin } from '../../platform/app-plugin';
import { createSettingsRepository } from './settings.repository';
import { registerSettingsRoutes } from './settings.routes';
import { createSettingsService, type SettingsService } from './settings.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Feature settings' service (housekeeping deletes its stale email change requests). */
    settings: SettingsService;
  }
}

/** /settings: name and photo, email and password changes, live sessions; a carer's place through feature carers. */
export const settingsPlugin = appPlugin(
  'features/settings',
  ['platform/storage', 'platform/mailer', 'platform/sessions', 'features/auth', 'features/carers'],
  async (app, { config, database: { db } }) => {
    const { carers } = app;
    const settings = createSettingsService({
      repository: createSettingsRepository(db),
      db,
      storage: app.storage,
      mailer: app.mailer,
      sessions: app.sessions,
      signInThrottle: app.auth.signInThrottle,
      secret: config.sessionSecret,
      publicUrl: config.publicUrl,
      findPlace: (text) => carers.findPlace(text),
    });
    app.decorate('settings', settings);
    registerSettingsRoutes(app, { config, settings });
  },
);
