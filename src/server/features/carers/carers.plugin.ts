import { appPlugin } from '../../platform/app-plugin';
import { createCarersRepository } from './carers.repository';
import { registerCarersRoutes } from './carers.routes';
import { createCarersService, type CarersService } from './carers.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Feature carers' service: profiles, search, ranking, places. */
    carers: CarersService;
  }
}

/** Carer profiles and search; a profile's check details come from feature verification. */
export const carersPlugin = appPlugin(
  'features/carers',
  [
    'platform/storage',
    'platform/geocoder',
    'platform/rate-limits',
    'features/carer-caches',
    'features/verification',
  ],
  async (app, { config, database: { db } }) => {
    const carers = createCarersService({
      carers: createCarersRepository(db),
      db,
      storage: app.storage,
      publicUrl: config.publicUrl,
      geocoder: app.geocoder,
      rateLimiter: app.rateLimiter,
      searchCacheMs: config.searchCacheMs,
      carerCaches: app.carerCaches,
      searchIndex: app.carerSearchIndex ?? undefined,
    });
    app.decorate('carers', carers);
    registerCarersRoutes(
      app,
      carers,
      app.verification.verification.checksFor,
      app.carerCards,
      config.mapTileUrl,
    );
  },
);
