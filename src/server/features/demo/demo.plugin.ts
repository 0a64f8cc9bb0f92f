import { appPlugin } from '../../platform/app-plugin';
import { registerDemoMailboxRoutes } from './demo-mailbox.routes';

/** The demo mailbox: shows every email to anyone, so buildApp never registers it in production. */
export const demoPlugin = appPlugin('features/demo', [], async (app, { database: { db } }) => {
  registerDemoMailboxRoutes(app, db);
});
