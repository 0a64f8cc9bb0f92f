import { appPlugin } from '../../platform/app-plugin';
import { createCareRequestsRepository } from './care-requests.repository';
import { registerCareRequestsRoutes } from './care-requests.routes';
import { createCareRequestsService, type CareRequestsService } from './care-requests.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Feature care-requests' service (housekeeping closes due requests and sends the alerts). */
    careRequests: CareRequestsService;
  }
}

/** A family's request for care, sent to carers near it, answered in a conversation. */
export const careRequestsPlugin = appPlugin(
  'features/care-requests',
  [
    'features/carers',
    'features/messaging',
    'features/push',
    'platform/geocoder',
    'platform/rate-limits',
    'platform/mailer',
  ],
  async (app, { config, database: { db } }) => {
    const careRequests = createCareRequestsService({
      repository: createCareRequestsRepository(db),
      db,
      carers: app.carers,
      messaging: app.messaging,
      geocoder: app.geocoder,
      rateLimiter: app.rateLimiter,
      mailer: app.mailer,
      push: app.push,
      publicUrl: config.publicUrl,
    });
    app.decorate('careRequests', careRequests);
    registerCareRequestsRoutes(app, careRequests);
  },
);
