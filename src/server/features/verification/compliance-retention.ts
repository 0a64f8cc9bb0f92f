import { DBS_SCAN_RETENTION_MONTHS } from '@contracts/verification-compliance';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../platform/storage';
import { createAuditRecorder } from '../audit';
import { createComplianceRepository, type ComplianceRepository } from './compliance.repository';

/** The housekeeping runs that delete evidence kept past its time (decision 0028). */
export function createComplianceRetention({
  repository,
  db,
  storage,
  now,
}: {
  repository: ComplianceRepository;
  db: Database;
  storage: FileStorage;
  now: () => Date;
}) {
  return {
    /**
     * Housekeeping: DBS certificate scans go DBS_SCAN_RETENTION_MONTHS after the decision on them;
     * the submission (what was seen, when, by whom) stays, with the time the scan went.
     */
    async deleteExpiredScans(): Promise<number> {
      const at = now();
      const cutoff = new Date(at);
      cutoff.setUTCMonth(cutoff.getUTCMonth() - DBS_SCAN_RETENTION_MONTHS);
      let deleted = 0;
      for (const scan of await repository.dbsScansDecidedBefore(cutoff)) {
        await db.transaction(async (tx) => {
          await createComplianceRepository(tx).forgetDbsScan(scan.verificationId, scan.documentId!, at);
          await createAuditRecorder(tx).record({
            actorId: null,
            action: 'verification.dbs-scan-deleted',
            entityType: 'verification',
            entityId: scan.verificationId,
            before: null,
            after: { retentionMonths: DBS_SCAN_RETENTION_MONTHS },
            ipAddress: null,
          });
        });
        // After the commit: a failed delete leaves an orphan file, never a row without its file.
        await storage.delete(scan.storageKey).catch(() => {});
        deleted += 1;
      }
      return deleted;
    },

    /**
     * Housekeeping: right-to-work evidence of carers who left goes once its legal period
     * (RIGHT_TO_WORK_RETENTION_YEARS after they left) is over: the record, then its scan.
     */
    async deleteExpiredRightToWork(): Promise<number> {
      const due = await repository.rightToWorkRecordsDue(now());
      for (const record of due) {
        await repository.deleteRightToWorkRecord(record.id);
        if (record.key) await storage.delete(record.key).catch(() => {});
      }
      return due.length;
    },
  };
}
