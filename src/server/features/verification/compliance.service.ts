import type { Database } from '../../db/client';
import type { Mailer } from '../../platform/mailer';
import type { FileStorage } from '../../platform/storage';
import type { ComplianceRepository } from './compliance.repository';
import { createComplianceDecisions } from './compliance-decisions';
import { createComplianceLapses } from './compliance-lapses';
import { createComplianceReminders } from './compliance-reminders';
import { createComplianceRetention } from './compliance-retention';
import { createComplianceSubmissions } from './compliance-submissions';
import type { DocumentStore } from './document-store';

interface ComplianceDeps {
  repository: ComplianceRepository;
  db: Database;
  storage: FileStorage;
  mailer: Mailer;
  /** The site's address, for the dashboard link in the carer's emails. */
  publicUrl: string;
  /** Scans, stores and records the insurance document. */
  documents: DocumentStore;
  now?: () => Date;
}

/**
 * The checks that stay true (decision 0028), one file per job: the carer's insurance and
 * dashboard (submissions), the admins' decisions and due queue, and the housekeeping runs
 * (reminders, lapses, retention).
 */
export function createComplianceService({ now = () => new Date(), ...deps }: ComplianceDeps) {
  const jobs = { ...deps, now, dashboardUrl: `${deps.publicUrl}/carer-dashboard` };
  const lapses = createComplianceLapses(jobs);
  return {
    ...createComplianceSubmissions(jobs),
    ...createComplianceDecisions({ ...jobs, lapseDue: lapses.lapseDue }),
    ...createComplianceReminders(jobs),
    ...lapses,
    ...createComplianceRetention(jobs),
  };
}
export type ComplianceService = ReturnType<typeof createComplianceService>;
