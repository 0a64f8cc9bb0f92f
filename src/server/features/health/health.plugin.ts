import { appPlugin } from '../../platform/app-plugin';
import { registerHealthRoutes } from './health.routes';

/** /healthz and /readyz: the process, and the database behind it. */
export const healthPlugin = appPlugin('features/health', [], async (app, { database }) => {
  registerHealthRoutes(app, database);
});
