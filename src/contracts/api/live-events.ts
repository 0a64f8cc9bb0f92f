import { endpoint } from './endpoint';

export const liveEventsEndpoints = {
  /** Server-sent events for the signed-in user (text/event-stream). */
  getEvents: endpoint({ method: 'GET', path: '/api/events' }),
};
