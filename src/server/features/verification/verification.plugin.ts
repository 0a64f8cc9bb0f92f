import { appPlugin } from '../../platform/app-plugin';
import { createClamdScanner } from '../../platform/virus-scan';
import { createComplianceRepository } from './compliance.repository';
import { registerComplianceRoutes } from './compliance.routes';
import { createDocumentStore } from './document-store';
import { createComplianceService, type ComplianceService } from './compliance.service';
import { createVerificationRepository } from './verification.repository';
import { registerVerificationRoutes } from './verification.routes';
import { createVerificationService, type VerificationService } from './verification.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Feature verification's services: a carer's checks, and the checks that stay true (decision 0028). */
    verification: { verification: VerificationService; compliance: ComplianceService };
  }
}

/** A carer's checks and documents, their review by admins, and compliance (reminders, lapses, retention). */
export const verificationPlugin = appPlugin(
  'features/verification',
  ['features/admin-guard', 'features/carer-caches', 'platform/storage', 'platform/mailer'],
  async (app, { config, database: { db } }) => {
    const { storage, mailer } = app;
    if (config.mode === 'production' && !config.clamavUrl) {
      app.log.warn('CLAMAV_URL is not set: verification documents are stored without a virus scan');
    }
    // One scanner, one store: the checks' documents and the insurance's go the same way.
    const documents = createDocumentStore({
      db,
      storage,
      scanner: config.clamavUrl ? createClamdScanner(config.clamavUrl) : undefined,
    });
    const verification = createVerificationService({
      verifications: createVerificationRepository(db),
      db,
      carerCaches: app.carerCaches,
      storage,
      mailer,
      publicUrl: config.publicUrl,
      documents,
    });
    const compliance = createComplianceService({
      repository: createComplianceRepository(db),
      db,
      storage,
      mailer,
      publicUrl: config.publicUrl,
      documents,
    });
    app.decorate('verification', { verification, compliance });
    registerVerificationRoutes(app, verification);
    registerComplianceRoutes(app, compliance);
  },
);
