import { DemoMailbox, DemoMailboxQuery } from '../demo';
import { endpoint } from './endpoint';

export const demoEndpoints = {
  /** Demo mode only: the route does not exist in production. */
  getDemoMailbox: endpoint({
    method: 'GET',
    path: '/api/demo/mailbox',
    query: DemoMailboxQuery,
    responses: { 200: DemoMailbox },
    errors: [400],
  }),
};
