// Every API endpoint with its schemas, by feature (decision 0034). The server registers each route
// from its declaration; the web never loads this module (it holds the schemas, hence zod): it
// calls through src/contracts/endpoints.ts, typed from here, whose methods and paths are a table
// generated from here (npm run generate:endpoints).
import { adminEndpoints } from './admin';
import { arrangementsEndpoints } from './arrangements';
import { auditEndpoints } from './audit';
import { authEndpoints } from './auth';
import { carePaymentsEndpoints } from './care-payments';
import { careRequestsEndpoints } from './care-requests';
import { carersEndpoints } from './carers';
import { circleEndpoints } from './circle';
import { contactEndpoints } from './contact';
import { coverEndpoints } from './cover';
import { demoEndpoints } from './demo';
import { healthEndpoints } from './health';
import { invoicingEndpoints } from './invoicing';
import { liveEventsEndpoints } from './live-events';
import { messagingEndpoints } from './messaging';
import { privacyEndpoints } from './privacy';
import { recordsEndpoints } from './records';
import { pushEndpoints } from './push';
import { reportsEndpoints } from './reports';
import { reviewsEndpoints } from './reviews';
import { safeguardingEndpoints } from './safeguarding';
import { savedCarersEndpoints } from './saved-carers';
import { settingsEndpoints } from './settings';
import { subscriptionsEndpoints } from './subscriptions';
import { uploadsEndpoints } from './uploads';
import { verificationEndpoints } from './verification';
import { visitRecordsEndpoints } from './visit-records';

export const endpoints = {
  admin: adminEndpoints,
  arrangements: arrangementsEndpoints,
  audit: auditEndpoints,
  auth: authEndpoints,
  carePayments: carePaymentsEndpoints,
  careRequests: careRequestsEndpoints,
  carers: carersEndpoints,
  circle: circleEndpoints,
  contact: contactEndpoints,
  cover: coverEndpoints,
  demo: demoEndpoints,
  health: healthEndpoints,
  invoicing: invoicingEndpoints,
  messaging: messagingEndpoints,
  privacy: privacyEndpoints,
  records: recordsEndpoints,
  push: pushEndpoints,
  reports: reportsEndpoints,
  reviews: reviewsEndpoints,
  safeguarding: safeguardingEndpoints,
  savedCarers: savedCarersEndpoints,
  settings: settingsEndpoints,
  subscriptions: subscriptionsEndpoints,
  verification: verificationEndpoints,
  uploads: uploadsEndpoints,
  liveEvents: liveEventsEndpoints,
  visitRecords: visitRecordsEndpoints,
};

export type DeclaredEndpoints = typeof endpoints;
