import { appPlugin } from '../../platform/app-plugin';
import { registerDemoMailboxRoutes } from './demo-mailbox.routes';
import { registerDemoTilesRoutes } from './demo-tiles.routes';

/**
 * The demo mailbox (shows every email to anyone) and the blank map tiles: buildApp never registers
 * them in production.
 */
export const demoPlugin = appPlugin('features/demo', [], async (app, { database: { db } }) => {
  registerDemoMailboxRoutes(app, db);
  registerDemoTilesRoutes(app);
});
