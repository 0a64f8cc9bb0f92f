import { z } from 'zod';
import { endpoint } from './endpoint';

const Health = z.object({ status: z.enum(['ok', 'unavailable']) });

export const healthEndpoints = {
  /** Liveness: the process answers. */
  getHealthz: endpoint({ method: 'GET', path: '/healthz', responses: { 200: Health } }),
  /** Readiness: the database answers too (503 while it does not). */
  getReadyz: endpoint({ method: 'GET', path: '/readyz', responses: { 200: Health, 503: Health } }),
};
