// Carer verification (decision 0009), the product's central promise. A carer submits their
// checks with documents; an admin approves (the profile becomes Verified) or rejects with a reason.
import { z } from 'zod';
import { multiLine, oneLine } from './text';
import { COMPLIANCE_MESSAGES, DbsStatusCheck, formatCheckDate, ukDay } from './verification-compliance';
import { dateFormat } from './date-format';

/** A carer's latest verification submission's state, as the admin lists show it ('none': never submitted). */
export const VERIFICATION_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const DBS_LEVELS = ['Basic', 'Standard', 'Enhanced', 'Enhanced with Barred List'] as const;
export type DbsLevel = (typeof DBS_LEVELS)[number];

/** The workforce a DBS check was made for: what its barred-list check covered. */
export const DBS_WORKFORCES = ['adult', 'child', 'both'] as const;
export type DbsWorkforce = (typeof DBS_WORKFORCES)[number];
export const DBS_WORKFORCE_LABELS: Record<DbsWorkforce, string> = {
  adult: 'Adult workforce',
  child: 'Child workforce',
  both: 'Adult and child workforce',
};

/** Right to work: a Home Office share code, or a British or Irish passport (scan uploaded). */
export const RIGHT_TO_WORK_METHODS = ['share_code', 'passport'] as const;
export type RightToWorkMethod = (typeof RIGHT_TO_WORK_METHODS)[number];
export const RIGHT_TO_WORK_LABELS: Record<RightToWorkMethod, string> = {
  share_code: 'Share code (from GOV.UK)',
  passport: 'British or Irish passport',
};

/** A DBS certificate older than this, and not on the Update Service, shows "renewal due". */
export const DBS_RENEWAL_YEARS = 3;
export const VERIFICATION_REFERENCE_COUNT = 2;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Scans: PDF or an image. Checked by content, not by the name or the browser's claim. */
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;

/** Multipart file fields of POST /api/carers/my-profile/verification. */
export const VERIFICATION_FILE_FIELDS = ['dbsCertificate', 'rightToWorkDocument', 'photoId'] as const;
export type VerificationFileField = (typeof VERIFICATION_FILE_FIELDS)[number];

/**
 * What a carer whose checks are not approved yet is told (docs/decisions/0026): their profile is
 * not in search or public until an admin approves them, and what is still missing.
 */
export const LISTING_MESSAGES = {
  createdTitle: 'Profile Created Successfully!',
  /** The create-profile toast: a deliberate difference from the spec's "now live" (spec-conformance). */
  createdBody:
    'Your carer profile is saved. Families will find it once an admin has approved your checks: submit them from your dashboard.',
  notListedTitle: 'Your profile is not in search yet',
  notListedBody: 'Families can find and contact you once an admin has approved your checks.',
  missingNone:
    'Still needed: your DBS certificate, proof of your right to work, a photo ID and two references.',
  missingPending:
    'Your checks are waiting for review, usually within two working days. We will email you when they are approved.',
  missingRejected: 'Your checks were not approved. Fix what the reviewer asked for and submit them again.',
  listedOnceApproved: 'Families will find your profile once an admin has approved your checks.',
  previewLink: 'Preview your profile',
  previewBanner:
    'This is a preview of your profile. Families cannot see it until an admin has approved your checks.',
  adminPreviewBanner: 'Families cannot see this profile: its checks are not approved.',
} as const;

export const VERIFICATION_MESSAGES = {
  dbsLevelRequired: 'Choose the level of your DBS check',
  dbsIssueDateRequired: 'Enter the date your DBS certificate was issued',
  dbsIssueDateFuture: 'The issue date cannot be in the future',
  dbsIssueDateTooOld: 'Enter a date after 1 January 2002, when DBS certificates began',
  dbsCertificateNumberInvalid: 'Enter the 12-digit certificate number printed on your DBS certificate',
  dbsUpdateServiceRequired: 'Say whether your certificate is on the DBS Update Service',
  dbsCertificateRequired: 'Upload a scan or photo of your DBS certificate',
  rightToWorkMethodRequired: 'Choose how you prove your right to work',
  dbsWorkforceRequired: 'Choose the workforce on your DBS certificate',
  rightToWorkExpiresInvalid: 'Enter the date your permission to work ends',
  rightToWorkExpiresPast: 'Your permission to work has already ended on this date',
  shareCodeInvalid: 'Enter the 9-character share code, like W12 345 67X',
  passportScanRequired: 'Upload a scan or photo of the photo page of your passport',
  photoIdRequired: 'Upload a photo ID (passport or driving licence)',
  referencesRequired: 'Give two references',
  referenceNameRequired: 'Enter the name of your reference',
  referenceRelationshipRequired: 'Say how you know this person',
  referenceContactRequired: 'Enter an email address or UK phone number for this reference',
  referenceContactInvalid: 'Enter a valid email address or UK phone number',
  documentTooLarge: 'Each document can be at most 10 MB',
  documentType: 'Documents must be PDF, JPEG, PNG or WebP files',
  /** The virus scan (CLAMAV_URL) found something: the file is not stored. */
  documentInfected: 'This file did not pass our virus check. Send a clean scan of the document',
  alreadyPending: 'Your checks are already waiting for review. We will email you when they are reviewed.',
  noProfile: 'Create your carer profile before submitting your checks.',
  verificationNotFound: 'Verification not found.',
  notPending: 'This verification has already been reviewed.',
  rejectionReasonRequired: 'Give the carer a reason, so they know what to fix',
  /** Approving checks that came with no documents needs a reason, for the record. */
  approvalReasonRequired:
    'No documents came with these checks. Write why you are approving them without documents.',
  approvalReasonTooLong: 'The reason can be at most 1,000 characters.',
  documentNotFound: 'Document not found.',
  formUnreadable: 'The form could not be read. Please try again.',
  tooManyParts: 'Send only the form fields and the three documents.',
  // Toasts
  submittedTitle: 'Checks Submitted',
  submittedBody: 'Thank you. An admin will review your documents, usually within two working days.',
  submitFailedTitle: 'Error',
  submitFailedFallback: 'Failed to submit your checks. Please try again.',
  approvedToast: 'Verification approved. The carer now shows as Verified.',
  // The confirmation before approving: it grants the Verified badge.
  approveTitle: (name: string) => `Approve ${name}’s checks?`,
  approveBody:
    'They get the Verified badge, and families are told their DBS check, right to work and references were checked.',
  approveNoDocuments:
    'No documents came with these checks. Approve only if you have seen them another way, and say how.',
  approveReasonLabel: 'Why you are approving without documents',
  approveButton: 'Approve Checks',
  approving: 'Approving...',
  rejectedToast: 'Verification rejected. The carer has been told why.',
  reviewFailedFallback: 'Failed to review the verification.',
} as const;

const ukPhone = /^(?:\+44\s?|0)(?:\d\s?){9,10}$/;

export const VerificationReference = z.object({
  name: oneLine(
    z
      .string({ error: VERIFICATION_MESSAGES.referenceNameRequired })
      .trim()
      .min(1, VERIFICATION_MESSAGES.referenceNameRequired)
      .max(120),
  ),
  relationship: oneLine(
    z
      .string({ error: VERIFICATION_MESSAGES.referenceRelationshipRequired })
      .trim()
      .min(1, VERIFICATION_MESSAGES.referenceRelationshipRequired)
      .max(120),
  ),
  contact: z
    .string({ error: VERIFICATION_MESSAGES.referenceContactRequired })
    .trim()
    .min(1, VERIFICATION_MESSAGES.referenceContactRequired)
    .max(254)
    .refine(
      (value) => z.email().safeParse(value).success || ukPhone.test(value),
      VERIFICATION_MESSAGES.referenceContactInvalid,
    ),
});
export type VerificationReference = z.infer<typeof VerificationReference>;

/** Today as YYYY-MM-DD in UK time. */
const ukToday = (): string => ukDay(new Date());

/**
 * The text fields of POST /api/carers/my-profile/verification (multipart: these as fields,
 * `references` as a JSON string; the files as VERIFICATION_FILE_FIELDS). The web form uses it too.
 */
export const VerificationInput = z
  .object({
    dbsLevel: z.enum(DBS_LEVELS, { error: VERIFICATION_MESSAGES.dbsLevelRequired }),
    dbsIssueDate: z
      .string({ error: VERIFICATION_MESSAGES.dbsIssueDateRequired })
      .regex(/^\d{4}-\d{2}-\d{2}$/, VERIFICATION_MESSAGES.dbsIssueDateRequired)
      .refine(
        (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
        VERIFICATION_MESSAGES.dbsIssueDateRequired,
      )
      .refine((value) => value >= '2002-01-01', VERIFICATION_MESSAGES.dbsIssueDateTooOld)
      .refine((value) => value <= ukToday(), VERIFICATION_MESSAGES.dbsIssueDateFuture),
    dbsCertificateNumber: z
      .string({ error: VERIFICATION_MESSAGES.dbsCertificateNumberInvalid })
      .transform((value) => value.replace(/\s+/g, ''))
      .pipe(z.string().regex(/^\d{12}$/, VERIFICATION_MESSAGES.dbsCertificateNumberInvalid)),
    dbsUpdateService: z
      .union([z.boolean(), z.enum(['true', 'false'])], {
        error: VERIFICATION_MESSAGES.dbsUpdateServiceRequired,
      })
      .transform((value) => value === true || value === 'true'),
    /** Optional for older clients; the web form always sends it. */
    dbsWorkforce: z
      .union([z.enum(DBS_WORKFORCES), z.literal('')], { error: VERIFICATION_MESSAGES.dbsWorkforceRequired })
      .optional()
      .transform((value) => value || undefined),
    rightToWorkMethod: z.enum(RIGHT_TO_WORK_METHODS, {
      error: VERIFICATION_MESSAGES.rightToWorkMethodRequired,
    }),
    /** Time-limited permission to work: the day it ends. Empty or absent: no time limit. */
    rightToWorkExpiresOn: z
      .string()
      .optional()
      .transform((value) => value?.trim() || undefined)
      .refine(
        (value) =>
          value === undefined ||
          (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))),
        VERIFICATION_MESSAGES.rightToWorkExpiresInvalid,
      )
      .refine(
        (value) => value === undefined || value > ukToday(),
        VERIFICATION_MESSAGES.rightToWorkExpiresPast,
      ),
    /** Required with 'share_code'; ignored with 'passport'. */
    rightToWorkShareCode: z
      .string()
      .optional()
      .transform((value) => value?.replace(/\s+/g, '').toUpperCase() || undefined),
    references: z
      .union([z.array(VerificationReference), z.string()], {
        error: VERIFICATION_MESSAGES.referencesRequired,
      })
      .transform((value, ctx) => {
        if (Array.isArray(value)) return value;
        try {
          return JSON.parse(value) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: VERIFICATION_MESSAGES.referencesRequired });
          return z.NEVER;
        }
      })
      .pipe(
        z
          .array(VerificationReference, { error: VERIFICATION_MESSAGES.referencesRequired })
          .length(VERIFICATION_REFERENCE_COUNT, VERIFICATION_MESSAGES.referencesRequired),
      ),
  })
  .superRefine((input, ctx) => {
    if (input.rightToWorkMethod === 'share_code' && !/^[A-Z0-9]{9}$/.test(input.rightToWorkShareCode ?? '')) {
      ctx.addIssue({
        code: 'custom',
        message: VERIFICATION_MESSAGES.shareCodeInvalid,
        path: ['rightToWorkShareCode'],
      });
    }
  });
export type VerificationInput = z.infer<typeof VerificationInput>;
export type VerificationFormValues = z.input<typeof VerificationInput>;

export const VerificationDocument = z.object({
  id: z.string(),
  field: z.enum(VERIFICATION_FILE_FIELDS),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  /** Admin only: GET /api/admin/verification-documents/{id} (sent as an attachment). */
  downloadUrl: z.string(),
});
export type VerificationDocument = z.infer<typeof VerificationDocument>;

/** The carer's own view: GET /api/carers/my-profile/verification (404 before the first submission). */
export const OwnVerification = z.object({
  id: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** The admin's reason, shown to the carer when rejected. */
  rejectionReason: z.string().nullable(),
  dbsLevel: z.enum(DBS_LEVELS),
  dbsIssueDate: z.string(),
  dbsUpdateService: z.boolean(),
  rightToWorkMethod: z.enum(RIGHT_TO_WORK_METHODS),
  /** True when the certificate is over DBS_RENEWAL_YEARS old and not on the Update Service. */
  renewalDue: z.boolean(),
  dbsWorkforce: z.enum(DBS_WORKFORCES).nullable(),
  /** Time-limited permission to work ends on this day; null: no time limit. */
  rightToWorkExpiresOn: z.string().nullable(),
});
export type OwnVerification = z.infer<typeof OwnVerification>;

/** The admin's queue: GET /api/admin/verifications?status=pending|approved|rejected|all. */
export const AdminVerification = OwnVerification.extend({
  carerId: z.string(),
  carerName: z.string(),
  carerEmail: z.string().nullable(),
  dbsCertificateNumber: z.string(),
  rightToWorkShareCode: z.string().nullable(),
  references: z.array(VerificationReference),
  documents: z.array(VerificationDocument),
  /** The reviewing admin's name ('Alex Morgan'); null while pending. */
  reviewedBy: z.string().nullable(),
  /** The DBS scan was deleted under the retention rule at this time; what was seen stays above. */
  dbsDocumentDeletedAt: z.string().nullable(),
  /** DBS Update Service status checks recorded on it, newest first. */
  statusChecks: z.array(DbsStatusCheck),
});
export type AdminVerification = z.infer<typeof AdminVerification>;

/**
 * POST /api/admin/verifications/{id}/approve: no body, or a reason. The reason is required (400,
 * `fieldErrors.reason`) when the submission has no documents, and kept in the audit log.
 */
export const ApproveVerificationInput = z.preprocess(
  // The spec's approve call sends no body at all.
  (value) => value ?? {},
  z.object({
    reason: multiLine(z.string({ error: VERIFICATION_MESSAGES.approvalReasonRequired }))
      .trim()
      .max(1000, VERIFICATION_MESSAGES.approvalReasonTooLong)
      .default(''),
  }),
);
export type ApproveVerificationInput = z.infer<typeof ApproveVerificationInput>;

/** POST /api/admin/verifications/{id}/reject. */
export const RejectVerificationInput = z.object({
  reason: multiLine(z.string({ error: VERIFICATION_MESSAGES.rejectionReasonRequired }))
    .trim()
    .min(1, VERIFICATION_MESSAGES.rejectionReasonRequired)
    .max(1000, 'The reason can be at most 1,000 characters.'),
});
export type RejectVerificationInput = z.infer<typeof RejectVerificationInput>;

/**
 * The checks behind a Verified badge, as a subscribed customer (or an admin, or the carer) sees
 * them on the profile: the spec's "background check reports" benefit. Null for everyone else and
 * for carers without an approved verification. Added to GET /api/carers/{id} as `checks`.
 */
export const CarerChecks = z.object({
  dbsLevel: z.enum(DBS_LEVELS),
  /** 'YYYY-MM': shown as 'issued March 2026'. */
  dbsIssuedMonth: z.string(),
  dbsUpdateService: z.boolean(),
  rightToWorkConfirmed: z.boolean(),
  referencesChecked: z.boolean(),
  renewalDue: z.boolean(),
  verifiedAt: z.string(),
  /** The dated facts (YYYY-MM-DD each). */
  dbsIssueDate: z.string(),
  dbsWorkforce: z.enum(DBS_WORKFORCES).nullable(),
  /** Whether the barred list(s) of the workforce were checked (an Enhanced with Barred List check). */
  barredListChecked: z.boolean(),
  /** The last DBS Update Service status check an admin recorded; null: none yet. */
  lastStatusCheckOn: z.string().nullable(),
  /** The day the right to work, the ID and the references were checked (the approval). */
  checkedOn: z.string(),
  /** Time-limited permission to work: it must be checked again by this day; null: no limit. */
  rightToWorkRecheckDue: z.string().nullable(),
  referencesConfirmed: z.number().int(),
  /** The last day of approved public liability cover; null: none on file. */
  insuredUntil: z.string().nullable(),
  professionalIndemnityUntil: z.string().nullable(),
});
export type CarerChecks = z.infer<typeof CarerChecks>;

/** The dated facts as lines, for the profile page (each one a sentence a family can read). */
export function describeCheckFacts(checks: CarerChecks): string[] {
  const level = checks.dbsLevel.replace(/^(Basic|Standard|Enhanced)/, '$1 DBS');
  const workforce = checks.dbsWorkforce
    ? ` (${DBS_WORKFORCE_LABELS[checks.dbsWorkforce].toLowerCase()})`
    : '';
  const barred = checks.barredListChecked ? 'barred list checked' : 'no barred list check';
  const lines = [
    `${level}${workforce}: ${barred} · certificate issued ${formatCheckDate(checks.dbsIssueDate)}`,
    checks.dbsUpdateService
      ? `On the DBS Update Service: yes${checks.lastStatusCheckOn ? ` · last status check ${formatCheckDate(checks.lastStatusCheckOn)}` : ''}`
      : 'On the DBS Update Service: no',
    `Right to work checked on ${formatCheckDate(checks.checkedOn)}${checks.rightToWorkRecheckDue ? ` · time-limited permission: re-check due ${formatCheckDate(checks.rightToWorkRecheckDue)}` : ''}`,
    `ID checked on ${formatCheckDate(checks.checkedOn)}`,
    `References: ${checks.referencesConfirmed} confirmed on ${formatCheckDate(checks.checkedOn)}`,
  ];
  if (checks.insuredUntil) lines.push(COMPLIANCE_MESSAGES.insuredUntil(checks.insuredUntil));
  if (checks.professionalIndemnityUntil)
    lines.push(
      `Professional indemnity insurance until ${formatCheckDate(checks.professionalIndemnityUntil)}`,
    );
  return lines;
}

/** 'Enhanced DBS with Barred List · issued March 2026 · on the Update Service' */
const monthYear = dateFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export function describeDbsCheck(
  checks: Pick<CarerChecks, 'dbsLevel' | 'dbsIssuedMonth' | 'dbsUpdateService'>,
): string {
  const level = checks.dbsLevel.replace(/^(Basic|Standard|Enhanced)/, '$1 DBS');
  const [year, month] = checks.dbsIssuedMonth.split('-').map(Number);
  const issued = monthYear(new Date(Date.UTC(year ?? 2000, (month ?? 1) - 1, 1)));
  const parts = [level, `issued ${issued}`];
  if (checks.dbsUpdateService) parts.push('on the Update Service');
  return parts.join(' · ');
}

/** Whether a certificate issued on `issueDate` (YYYY-MM-DD) is due for renewal on `today`. */
export function isDbsRenewalDue(
  issueDate: string,
  onUpdateService: boolean,
  today: Date = new Date(),
): boolean {
  if (onUpdateService) return false;
  const issued = new Date(`${issueDate}T00:00:00Z`);
  const due = new Date(issued);
  due.setUTCFullYear(due.getUTCFullYear() + DBS_RENEWAL_YEARS);
  return today.getTime() >= due.getTime();
}
