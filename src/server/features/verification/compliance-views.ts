import type {
  AdminInsurance,
  DueItem,
  InsuranceKind,
  OwnInsurance,
} from '@contracts/verification-compliance';
import type { ComplianceSnapshot, InsuranceRow, InsuranceWithCarer } from './compliance.repository';
import type { Due } from './compliance-rules';
import { documentUrl } from './document-store';
import { fullName } from './people';

/** Insurance as its carer sees it. */
export function toOwnInsurance(row: InsuranceRow): OwnInsurance {
  return {
    id: row.id,
    kind: row.kind as InsuranceKind,
    insurer: row.insurer,
    policyNumber: row.policyNumber,
    coverPounds: row.coverPounds,
    expiresOn: row.expiresOn,
    status: row.status as OwnInsurance['status'],
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
  };
}

/** Insurance as the admins' queue shows it: with its carer, document and reviewer. */
export function toAdminInsurance(row: InsuranceWithCarer): AdminInsurance {
  return {
    ...toOwnInsurance(row),
    carerId: row.carerId,
    carerName: fullName(row.carerFirstName, row.carerLastName),
    documentUrl: row.documentId ? documentUrl(row.documentId) : null,
    reviewedBy: row.reviewedBy ? fullName(row.reviewerFirstName, row.reviewerLastName) : null,
  };
}

/** A check falling due, for the carer's dashboard and the admins' due queue alike. */
export function toDueItem(snapshot: ComplianceSnapshot, item: Due): DueItem {
  return {
    carerId: snapshot.carerId,
    carerName: fullName(snapshot.carerFirstName, snapshot.carerLastName),
    check: item.check,
    dueOn: item.dueOn,
    lapses: item.lapses,
    verificationId: snapshot.verification?.id ?? null,
  };
}
