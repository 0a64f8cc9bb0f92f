// Every API endpoint with its schemas, by feature (decision 0034). The server registers each route
// from its declaration; the web never loads this module (it holds the schemas, hence zod): it
// calls through src/contracts/endpoints.ts, typed from here, whose methods and paths are a table
// generated from here (npm run generate:endpoints).
import { carersEndpoints } from './carers';
import { circleEndpoints } from './circle';
import { contactEndpoints } from './contact';
import { healthEndpoints } from './health';
import { messagingEndpoints } from './messaging';
import { reportsEndpoints } from './reports';
import { reviewsEndpoints } from './reviews';
import { savedCarersEndpoints } from './saved-carers';

export const endpoints = {
  carers: carersEndpoints,
  circle: circleEndpoints,
  contact: contactEndpoints,
  health: healthEndpoints,
  messaging: messagingEndpoints,
  reports: reportsEndpoints,
  reviews: reviewsEndpoints,
  savedCarers: savedCarersEndpoints,
};

export type DeclaredEndpoints = typeof endpoints;
