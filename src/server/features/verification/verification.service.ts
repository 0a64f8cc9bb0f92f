import type { VerificationQueueQuery } from '@contracts/verification-queue';
import { PRODUCT_NAME } from '@contracts/pricing';
import {
  VERIFICATION_MESSAGES,
  VerificationInput,
  isDbsRenewalDue,
  type AdminVerification,
  type CarerChecks,
  type DbsLevel,
  type DbsWorkforce,
  type OwnVerification,
  type RightToWorkMethod,
  type VerificationDocument,
  type VerificationFileField,
  type VerificationReference,
} from '@contracts/verification';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { decodeAdminCursor, type AdminPage } from '../../platform/admin-paging';
import type { NotifiedCaches } from '../../platform/notified-caches';
import { AppError, isUniqueViolation } from '../../platform/errors';
import type { Mailer, OutgoingEmail } from '../../platform/mailer';
import type { FileStorage } from '../../platform/storage';
import { createAuditRecorder } from '../audit';
import { hasActiveSubscription } from '../subscriptions';
import { documentUrl, type CheckedDocument, type DocumentStore } from './document-store';
import { sniffDocumentType, type VerificationUpload } from './documents';
import {
  createVerificationRepository,
  type DocumentRow,
  type VerificationRepository,
  type VerificationRow,
  type VerificationWithCarer,
} from './verification.repository';
import { assertEmailConfirmed } from '../auth';
import { ukDay, type CheckSummary, type DbsStatusCheck } from '@contracts/verification-compliance';
import { createComplianceRepository, type ComplianceSnapshot } from './compliance.repository';
import type { AdminActor } from './admin-actor';
import { giveInsuranceGrace, settleStanding } from './compliance-lapses';
import { carerProfileOf, fullName } from './people';

interface VerificationDeps {
  verifications: VerificationRepository;
  db: Database;
  storage: FileStorage;
  mailer: Mailer;
  /** The site's address, for the link in the carer's email. */
  publicUrl: string;
  /** Scans, stores and records the documents of a submission. */
  documents: DocumentStore;
  /** Approved checks kept in memory until the database announces a change to carers (decision 0014). */
  carerCaches?: NotifiedCaches | undefined;
  now?: () => Date;
}

function toOwn(row: VerificationRow, now: Date): OwnVerification {
  return {
    id: row.id,
    status: row.status as OwnVerification['status'],
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    dbsLevel: row.dbsLevel as DbsLevel,
    dbsIssueDate: row.dbsIssueDate,
    dbsUpdateService: row.dbsUpdateService,
    rightToWorkMethod: row.rightToWorkMethod as RightToWorkMethod,
    renewalDue: isDbsRenewalDue(row.dbsIssueDate, row.dbsUpdateService, now),
    dbsWorkforce: (row.dbsWorkforce as DbsWorkforce | null) ?? null,
    rightToWorkExpiresOn: row.rightToWorkExpiresOn,
  };
}

function documentsOf(row: VerificationRow): [VerificationFileField, string | null][] {
  return [
    ['dbsCertificate', row.dbsDocumentId],
    ['rightToWorkDocument', row.rightToWorkDocumentId],
    ['photoId', row.photoIdDocumentId],
  ];
}

function toAdmin(
  row: VerificationWithCarer,
  documents: Map<string, DocumentRow>,
  now: Date,
): Omit<AdminVerification, 'statusChecks'> {
  const docs: VerificationDocument[] = [];
  for (const [field, id] of documentsOf(row)) {
    const doc = id ? documents.get(id) : undefined;
    if (!doc) continue;
    docs.push({
      id: doc.id,
      field,
      contentType: doc.contentType,
      sizeBytes: doc.sizeBytes,
      downloadUrl: documentUrl(doc.id),
    });
  }
  return {
    ...toOwn(row, now),
    carerId: row.carerId,
    carerName: fullName(row.carerFirstName, row.carerLastName),
    carerEmail: row.carerEmail,
    dbsCertificateNumber: row.dbsCertificateNumber,
    rightToWorkShareCode: row.rightToWorkShareCode,
    references: row.references as VerificationReference[],
    documents: docs,
    reviewedBy: row.reviewedBy ? fullName(row.reviewerFirstName, row.reviewerLastName) : null,
    dbsDocumentDeletedAt: row.dbsDocumentDeletedAt?.toISOString() ?? null,
  };
}

function decisionEmail(
  to: string,
  firstName: string,
  link: string,
  reason: string | null,
  verified = true,
): OutgoingEmail {
  const approved = reason === null;
  return {
    to,
    subject: approved
      ? `Your checks are approved: you are Verified on ${PRODUCT_NAME}`
      : `Your checks need another look on ${PRODUCT_NAME}`,
    text: [
      `Hello ${firstName},`,
      '',
      ...(approved
        ? [
            'Thank you for sending your checks. We have reviewed your DBS certificate, right to work,',
            ...(verified
              ? ['photo ID and references, and your profile now shows the Verified badge.']
              : [
                  'photo ID and references. A check still needs renewing before your profile shows the',
                  'Verified badge: your dashboard says which.',
                ]),
          ]
        : [
            'Thank you for sending your checks. We could not approve them this time, for this reason:',
            '',
            reason,
            '',
            'You can send your checks again from your dashboard once this is fixed.',
          ]),
      '',
      `Your dashboard: ${link}`,
      '',
      `The ${PRODUCT_NAME} team`,
    ].join('\n'),
  };
}

/** Carer verification (decision 0009): submission with private documents, the admin queue, the checks shown. */
export function createVerificationService({
  verifications,
  db,
  storage,
  mailer,
  publicUrl,
  documents,
  carerCaches,
  now = () => new Date(),
}: VerificationDeps) {
  const compliance = createComplianceRepository(db);
  // Every subscribed customer's profile view shows the carer's checks: the same row for all.
  const approvedCache = carerCaches?.cache<VerificationRow | undefined>(5_000);
  const latestApproved = (carerId: string) =>
    approvedCache
      ? approvedCache.get(carerId, () => verifications.latestApprovedFor(carerId))
      : verifications.latestApprovedFor(carerId);
  // And their cover and status checks (three statements, two after each other): a profile view
  // read them from the database every time. Their tables announce changes too (migration 0040).
  const snapshotCache = carerCaches?.cache<ComplianceSnapshot | undefined>(5_000);
  const complianceOf = (carerId: string) =>
    snapshotCache
      ? snapshotCache.get(carerId, () => compliance.snapshotOf(carerId))
      : compliance.snapshotOf(carerId);

  async function adminViews(rows: VerificationWithCarer[]): Promise<AdminVerification[]> {
    const ids = rows.flatMap((row) => documentsOf(row).flatMap(([, id]) => (id ? [id] : [])));
    const [documentRows, checkRows] = await Promise.all([
      verifications.documents(ids),
      verifications.statusChecks(rows.filter((row) => row.status === 'approved').map((row) => row.id)),
    ]);
    const documents = new Map(documentRows.map((doc) => [doc.id, doc]));
    const at = now();
    return rows.map((row) => ({
      ...toAdmin(row, documents, at),
      statusChecks: checkRows
        .filter((check) => check.verificationId === row.id)
        .map((check) => ({
          id: check.id,
          verificationId: check.verificationId,
          checkedOn: check.checkedOn,
          result: check.result as DbsStatusCheck['result'],
          recordedBy: check.recordedBy ? fullName(check.recorderFirstName, check.recorderLastName) : null,
          recordedAt: check.recordedAt.toISOString(),
        })),
    }));
  }

  const profileOf = (user: UserRow) => carerProfileOf(db, user);

  /** Every rule of a submission, checked before anything is stored; all problems at once. */
  function check(upload: VerificationUpload) {
    const fieldErrors: Record<string, string> = {};
    const parsed = VerificationInput.safeParse(upload.fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.length > 0 ? String(issue.path[0]) : '_';
        fieldErrors[field] ??= issue.message;
        // The web form shows each reference's own mistakes: 'references.1.contact'.
        if (issue.path.length > 1) fieldErrors[issue.path.join('.')] ??= issue.message;
      }
    }
    const method = parsed.success ? parsed.data.rightToWorkMethod : upload.fields.rightToWorkMethod;
    const required: [VerificationFileField, string][] = [
      ['dbsCertificate', VERIFICATION_MESSAGES.dbsCertificateRequired],
      ...(method === 'passport'
        ? ([['rightToWorkDocument', VERIFICATION_MESSAGES.passportScanRequired]] as [
            VerificationFileField,
            string,
          ][])
        : []),
      ['photoId', VERIFICATION_MESSAGES.photoIdRequired],
    ];
    const files: Partial<Record<VerificationFileField, CheckedDocument>> = {};
    for (const [field, missing] of required) {
      const body = upload.files[field];
      if (upload.tooLarge.includes(field)) fieldErrors[field] = VERIFICATION_MESSAGES.documentTooLarge;
      else if (!body) fieldErrors[field] = missing;
      else {
        const type = sniffDocumentType(body);
        if (!type) fieldErrors[field] = VERIFICATION_MESSAGES.documentType;
        else files[field] = { body, type };
      }
    }
    const first = Object.values(fieldErrors)[0];
    if (first !== undefined || !parsed.success) {
      throw AppError.badRequest(first ?? VERIFICATION_MESSAGES.submitFailedFallback, fieldErrors);
    }
    return { input: parsed.data, files };
  }

  return {
    /** 403 for anyone but a carer, 404 for a carer without a profile. */
    async assertCanSubmit(user: UserRow): Promise<void> {
      await profileOf(user);
      assertEmailConfirmed(user);
    },

    /**
     * A carer's submission: its documents are scanned and stored, then recorded with the
     * submission in one transaction (document-store.ts); if that fails, the files go again.
     */
    async submit(user: UserRow, upload: VerificationUpload): Promise<OwnVerification> {
      const profile = await profileOf(user);
      assertEmailConfirmed(user);
      const { input, files } = check(upload);
      if (await verifications.hasPending(profile.id))
        throw AppError.conflict(VERIFICATION_MESSAGES.alreadyPending);
      try {
        const row = await documents.keep(user.id, files, (tx, documentIds) =>
          createVerificationRepository(tx).insert({
            carerId: profile.id,
            dbsLevel: input.dbsLevel,
            dbsIssueDate: input.dbsIssueDate,
            dbsCertificateNumber: input.dbsCertificateNumber,
            dbsUpdateService: input.dbsUpdateService,
            dbsWorkforce: input.dbsWorkforce ?? null,
            rightToWorkExpiresOn: input.rightToWorkExpiresOn ?? null,
            rightToWorkMethod: input.rightToWorkMethod,
            rightToWorkShareCode:
              input.rightToWorkMethod === 'share_code' ? (input.rightToWorkShareCode ?? null) : null,
            references: input.references,
            dbsDocumentId: documentIds.dbsCertificate!,
            rightToWorkDocumentId:
              input.rightToWorkMethod === 'passport' ? (documentIds.rightToWorkDocument ?? null) : null,
            photoIdDocumentId: documentIds.photoId!,
            submittedAt: now(),
          }),
        );
        return toOwn(row, now());
      } catch (error) {
        // Two submissions racing: the one-pending index lets one through.
        if (isUniqueViolation(error)) throw AppError.conflict(VERIFICATION_MESSAGES.alreadyPending);
        throw error;
      }
    },

    /** The carer's latest submission (404 before the first). */
    async mine(user: UserRow): Promise<OwnVerification> {
      const profile = await profileOf(user);
      const row = await verifications.latestFor(profile.id);
      if (!row) throw AppError.notFound(VERIFICATION_MESSAGES.verificationNotFound);
      return toOwn(row, now());
    },

    /** One page of the queue (keyset paging, search by the carer's name or email). */
    async list(query: VerificationQueueQuery): Promise<AdminPage<AdminVerification>> {
      const page = await verifications.list({
        status: query.status,
        q: query.q || undefined,
        after: decodeAdminCursor(query.cursor),
        limit: query.limit,
      });
      return { ...page, rows: await adminViews(page.rows) };
    },

    async get(id: string): Promise<AdminVerification> {
      const row = await verifications.findWithCarer(id);
      if (!row) throw AppError.notFound(VERIFICATION_MESSAGES.verificationNotFound);
      const [view] = await adminViews([row]);
      return view!;
    },

    /**
     * Approves a pending submission: the profile gets the Verified badge, the carer an email,
     * the audit log an entry, all in one transaction. 409 when it was already decided.
     */
    async approve(id: string, actor: AdminActor, approvalReason = ''): Promise<AdminVerification> {
      return this.decide(id, actor, null, approvalReason.trim());
    },

    /**
     * Rejects a pending submission with a reason the carer sees. A carer who is already Verified
     * (from an earlier approved submission) keeps the badge: a rejected renewal or resubmission
     * does not undo checks already approved; an admin removes the badge from the carer's profile.
     */
    async reject(id: string, actor: AdminActor, reason: string): Promise<AdminVerification> {
      return this.decide(id, actor, reason);
    },

    /**
     * `reason`: null approves, text rejects. `approvalReason`: why checks with no documents are
     * approved all the same, for the record: required then (400 `fieldErrors.reason`), and
     * kept in the audit entry whenever it is given.
     */
    async decide(
      id: string,
      actor: AdminActor,
      reason: string | null,
      approvalReason = '',
    ): Promise<AdminVerification> {
      const existing = await verifications.findWithCarer(id);
      if (!existing) throw AppError.notFound(VERIFICATION_MESSAGES.verificationNotFound);
      const status = reason === null ? 'approved' : 'rejected';
      const documentIds = documentsOf(existing).flatMap(([, docId]) => (docId ? [docId] : []));
      const documentCount = (await verifications.documents(documentIds)).length;
      if (status === 'approved' && documentCount === 0 && !approvalReason) {
        throw AppError.badRequest(VERIFICATION_MESSAGES.approvalReasonRequired, {
          reason: VERIFICATION_MESSAGES.approvalReasonRequired,
        });
      }
      const at = now();
      await db.transaction(async (tx) => {
        const repository = createVerificationRepository(tx);
        const decided = await repository.decide(id, {
          status,
          reviewedBy: actor.user.id,
          reviewedAt: at,
          reason,
        });
        if (!decided) throw AppError.conflict(VERIFICATION_MESSAGES.notPending);
        // The badge comes with the approval unless a required check is already past due (decision 0028).
        let verified = existing.carerIsVerified;
        if (status === 'approved') {
          await giveInsuranceGrace(tx, id, decided.carerId, at);
          verified = await settleStanding(tx, decided.carerId, at);
        }
        await createAuditRecorder(tx).record({
          actorId: actor.user.id,
          action: `verification.${status}`,
          entityType: 'verification',
          entityId: id,
          before: { status: 'pending', carerId: decided.carerId, carerIsVerified: existing.carerIsVerified },
          after: {
            status,
            carerId: decided.carerId,
            carerIsVerified: verified,
            reviewedAt: at.toISOString(),
            ...(reason === null ? {} : { rejectionReason: reason }),
            ...(status === 'approved' ? { documents: documentCount } : {}),
            ...(status === 'approved' && approvalReason ? { approvalReason } : {}),
          },
          ipAddress: actor.ipAddress ?? null,
        });
        if (existing.carerEmail) {
          await mailer.enqueue(
            tx,
            decisionEmail(
              existing.carerEmail,
              existing.carerFirstName,
              `${publicUrl}/carer-dashboard`,
              reason,
              verified,
            ),
          );
        }
      });
      mailer.dispatchSoon();
      return this.get(id);
    },

    /** A document for an admin's download; only private document uploads are served. */
    async document(id: string): Promise<{ body: Buffer; contentType: string; filename: string }> {
      const doc = await verifications.findDocument(id);
      const file = doc ? await storage.get(doc.storageKey) : undefined;
      if (!doc || !file) throw AppError.notFound(VERIFICATION_MESSAGES.documentNotFound);
      const extension = doc.storageKey.slice(doc.storageKey.lastIndexOf('.') + 1);
      return { body: file.body, contentType: doc.contentType, filename: `document-${doc.id}.${extension}` };
    },

    /**
     * The checks behind a Verified badge, for the profile page: a subscribed customer, an admin or
     * the carer themself sees the dated facts (`checks`); everyone sees the dates of a Verified
     * carer's checks and cover (`checkSummary`). Both null while the carer is not Verified.
     */
    async checksFor(
      profile: { id: string; userId: string | null; isVerified: boolean },
      viewer: UserRow | null,
    ): Promise<{ checks: CarerChecks | null; checkSummary: CheckSummary | null }> {
      if (!profile.isVerified) return { checks: null, checkSummary: null };
      const at = now();
      const today = ukDay(at);
      const [row, snapshot] = await Promise.all([latestApproved(profile.id), complianceOf(profile.id)]);
      if (!row || !snapshot) return { checks: null, checkSummary: null };
      const current = (until: string | null) => (until !== null && until > today ? until : null);
      const checkedOn = ukDay(row.reviewedAt ?? row.submittedAt);
      const insuredUntil = current(snapshot.publicLiabilityUntil);
      const checkSummary = { checkedOn, insuredUntil };
      const allowed =
        viewer !== null &&
        (viewer.role === 'admin' ||
          (profile.userId !== null && viewer.id === profile.userId) ||
          (viewer.role === 'customer' && hasActiveSubscription(viewer, at)));
      if (!allowed) return { checks: null, checkSummary };
      const statusCheck = snapshot.verification?.id === row.id ? snapshot.lastStatusCheck : null;
      return {
        checkSummary,
        checks: {
          dbsLevel: row.dbsLevel as DbsLevel,
          dbsIssuedMonth: row.dbsIssueDate.slice(0, 7),
          dbsUpdateService: row.dbsUpdateService,
          rightToWorkConfirmed: true,
          referencesChecked: true,
          renewalDue: isDbsRenewalDue(row.dbsIssueDate, row.dbsUpdateService, at),
          verifiedAt: (row.reviewedAt ?? row.submittedAt).toISOString(),
          dbsIssueDate: row.dbsIssueDate,
          dbsWorkforce: (row.dbsWorkforce as DbsWorkforce | null) ?? null,
          barredListChecked: row.dbsLevel === 'Enhanced with Barred List',
          lastStatusCheckOn: row.dbsUpdateService ? (statusCheck?.checkedOn ?? null) : null,
          checkedOn,
          rightToWorkRecheckDue: row.rightToWorkExpiresOn,
          referencesConfirmed: (row.references as unknown[]).length,
          insuredUntil,
          professionalIndemnityUntil: current(snapshot.professionalIndemnityUntil),
        },
      };
    },
  };
}
export type VerificationService = ReturnType<typeof createVerificationService>;
