import {
  COMPLIANCE_MESSAGES,
  DUE_QUEUE_DAYS,
  InsuranceInput,
  ukDay,
  type LapsingCheck,
  type OwnCompliance,
  type OwnInsurance,
} from '@contracts/verification-compliance';
import { VERIFICATION_MESSAGES } from '@contracts/verification';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { assertEmailConfirmed } from '../auth';
import { createComplianceRepository, type ComplianceRepository } from './compliance.repository';
import { addToDay, dueOf } from './compliance-rules';
import { toDueItem, toOwnInsurance } from './compliance-views';
import type { DocumentStore } from './document-store';
import { sniffDocumentType } from './documents';
import { carerProfileOf } from './people';

/** The carer's side of compliance: their insurance sent in, and their dashboard. */
export function createComplianceSubmissions({
  repository,
  db,
  documents,
  now,
}: {
  repository: ComplianceRepository;
  db: Database;
  /** Scans, stores and records the insurance document. */
  documents: DocumentStore;
  now: () => Date;
}) {
  return {
    /** 403 for anyone but a carer, 404 without a profile, before the upload is read. */
    async assertCanSubmit(user: UserRow): Promise<void> {
      await carerProfileOf(db, user);
      assertEmailConfirmed(user);
    },

    /** A carer's insurance with its document: scanned, stored and recorded as the checks' are. */
    async submitInsurance(
      user: UserRow,
      upload: { fields: Record<string, string>; document?: Buffer | undefined; tooLarge: boolean },
    ): Promise<OwnInsurance> {
      const profile = await carerProfileOf(db, user);
      assertEmailConfirmed(user);
      const fieldErrors: Record<string, string> = {};
      const parsed = InsuranceInput.safeParse(upload.fields);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? '_')] ??= issue.message;
      } else if (parsed.data.expiresOn <= ukDay(now())) {
        fieldErrors.expiresOn = COMPLIANCE_MESSAGES.expiresOnPast;
      }
      const type = upload.document ? sniffDocumentType(upload.document) : undefined;
      if (upload.tooLarge) fieldErrors.document = VERIFICATION_MESSAGES.documentTooLarge;
      else if (!upload.document) fieldErrors.document = COMPLIANCE_MESSAGES.documentRequired;
      else if (!type) fieldErrors.document = VERIFICATION_MESSAGES.documentType;
      const first = Object.values(fieldErrors)[0];
      if (first !== undefined || !parsed.success || !type || !upload.document) {
        throw AppError.badRequest(first ?? COMPLIANCE_MESSAGES.documentRequired, fieldErrors);
      }
      const input = parsed.data;
      if (await repository.hasPendingInsurance(profile.id, input.kind)) {
        throw AppError.conflict(COMPLIANCE_MESSAGES.alreadyPending);
      }
      try {
        const row = await documents.keep(
          user.id,
          { document: { body: upload.document, type } },
          (tx, documentIds) =>
            createComplianceRepository(tx).insertInsurance({
              carerId: profile.id,
              kind: input.kind,
              insurer: input.insurer,
              policyNumber: input.policyNumber,
              coverPounds: input.coverPounds,
              expiresOn: input.expiresOn,
              documentId: documentIds.document!,
              submittedAt: now(),
            }),
        );
        return toOwnInsurance(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict(COMPLIANCE_MESSAGES.alreadyPending);
        throw error;
      }
    },

    /** The carer's dashboard: why they are out of search, what falls due, their insurance. */
    async mine(user: UserRow): Promise<OwnCompliance> {
      const profile = await carerProfileOf(db, user);
      const [snapshot, lapses, insuranceRows] = await Promise.all([
        repository.snapshotOf(profile.id),
        repository.openLapses(profile.id),
        repository.latestInsurance(profile.id),
      ]);
      return {
        lapses: lapses.map((lapse) => ({
          check: lapse.checkKind as LapsingCheck,
          dueOn: lapse.dueOn,
          lapsedAt: lapse.lapsedAt.toISOString(),
          reason: COMPLIANCE_MESSAGES.lapseReasons[lapse.checkKind as LapsingCheck],
        })),
        due: snapshot
          ? dueOf(snapshot)
              .filter((item) => item.check !== 'dbs_status_check')
              .map((item) => toDueItem(snapshot, item))
          : [],
        insurance: insuranceRows.map(toOwnInsurance),
        checksRenewable:
          lapses.some((lapse) => lapse.checkKind !== 'public_liability') ||
          (snapshot !== undefined &&
            dueOf(snapshot).some(
              (item) =>
                (item.check === 'dbs' || item.check === 'right_to_work') &&
                item.dueOn <= addToDay(ukDay(now()), { days: DUE_QUEUE_DAYS }),
            )),
      };
    },
  };
}
