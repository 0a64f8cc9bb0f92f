// The compliance record that stays true over time: insurance, re-checks, reminders, lapses and
// document retention (docs/decisions/0028-compliance-lapse-rules.md).
import { z } from 'zod';
import { multiLine, oneLine } from './text';
import { dateFormat } from './date-format';

/** Reminder emails go this many days before a check lapses, each once. */
export const REMINDER_DAYS = [30, 7] as const;
/** The admins' queue shows what falls due within this many days (and anything overdue). */
export const DUE_QUEUE_DAYS = 30;
/** A DBS certificate on the Update Service gets a status check at least this often. */
export const STATUS_CHECK_MONTHS = 6;
/** A carer approved without insurance on file has this long to add it. */
export const INSURANCE_GRACE_DAYS = 30;
/** Scans of DBS certificates are deleted this long after the decision on them (DBS guidance). */
export const DBS_SCAN_RETENTION_MONTHS = 6;
/** Right-to-work evidence is kept for this long after the carer leaves (Home Office guidance). */
export const RIGHT_TO_WORK_RETENTION_YEARS = 2;

export const INSURANCE_KINDS = ['public_liability', 'professional_indemnity'] as const;
export type InsuranceKind = (typeof INSURANCE_KINDS)[number];
export const INSURANCE_LABELS: Record<InsuranceKind, string> = {
  public_liability: 'Public liability insurance',
  professional_indemnity: 'Professional indemnity insurance',
};
/** Cover amounts are whole pounds, at most £50 million. */
export const INSURANCE_COVER_MAX_POUNDS = 50_000_000;

/**
 * The checks that can lapse. 'dbs' and 'right_to_work' come from the approved submission,
 * 'public_liability' from approved insurance; each is required for listing.
 */
export const LAPSING_CHECKS = ['dbs', 'right_to_work', 'public_liability'] as const;
export type LapsingCheck = (typeof LAPSING_CHECKS)[number];

/** What can fall due: the lapsing checks, optional insurance, and the admins' status checks. */
export const DUE_CHECKS = [...LAPSING_CHECKS, 'professional_indemnity', 'dbs_status_check'] as const;
export type DueCheck = (typeof DUE_CHECKS)[number];
export const DUE_CHECK_LABELS: Record<DueCheck, string> = {
  dbs: 'DBS certificate (3 years, not on the Update Service)',
  right_to_work: 'Right to work (time-limited permission)',
  public_liability: 'Public liability insurance',
  professional_indemnity: 'Professional indemnity insurance',
  dbs_status_check: 'DBS Update Service status check',
};

export const DBS_STATUS_RESULTS = ['current', 'changed'] as const;
export type DbsStatusResult = (typeof DBS_STATUS_RESULTS)[number];
export const DBS_STATUS_RESULT_LABELS: Record<DbsStatusResult, string> = {
  current: 'Current: no new information',
  changed: 'Changed: the certificate no longer stands',
};

const checkDate = dateFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' → '1 March 2027'. */
export function formatCheckDate(day: string): string {
  return checkDate(new Date(`${day}T00:00:00Z`));
}

const UK_DAY = dateFormat('en-CA', { timeZone: 'Europe/London' });

/** The day in UK time, as YYYY-MM-DD. */
export function ukDay(at: Date): string {
  return UK_DAY(at);
}

export const COMPLIANCE_MESSAGES = {
  insuredUntil: (day: string) => `Insured until ${formatCheckDate(day)}`,
  kindRequired: 'Choose the kind of insurance',
  insurerRequired: 'Enter the name of your insurer',
  policyNumberRequired: 'Enter your policy number',
  coverRequired: 'Enter the amount of cover in pounds, like 5000000',
  coverTooLarge: 'Enter a cover amount of at most £50,000,000',
  expiresOnRequired: 'Enter the date the policy ends',
  expiresOnPast: 'This policy has already ended: add your current policy',
  documentRequired: 'Upload your insurance certificate or schedule',
  alreadyPending: 'This insurance is already waiting for review.',
  insuranceNotFound: 'Insurance not found.',
  notPending: 'This insurance has already been reviewed.',
  rejectionReasonRequired: 'Give the carer a reason, so they know what to fix',
  reasonTooLong: 'The reason can be at most 1,000 characters.',
  submittedToast: 'Insurance sent for review. We will email you when it is approved.',
  approvedToast: 'Insurance approved.',
  rejectedToast: 'Insurance rejected. The carer has been told why.',
  checkedOnRequired: 'Enter the date of the status check',
  checkedOnFuture: 'The status check cannot be in the future',
  resultRequired: 'Choose what the status check said',
  statusCheckNotApproved: 'Status checks are recorded against approved checks on the Update Service.',
  statusCheckRecorded: 'Status check recorded.',
  /** Why a carer left search, on their dashboard and in the email. */
  lapseReasons: {
    dbs: 'Your DBS certificate is due for renewal: it is over 3 years old and not on the Update Service, or a status check showed it no longer stands.',
    right_to_work:
      'Your permission to work in the UK has reached its end date, so your right to work needs checking again.',
    public_liability: 'Your public liability insurance has ended, or none is on file.',
  } satisfies Record<LapsingCheck, string>,
  lapsedTitle: 'Your profile is not in search: a check needs renewing',
  lapsedBody:
    'Families cannot find you until you renew this and an admin approves it. Your Verified badge comes back then.',
  dueSoonTitle: 'Checks due soon',
  insuranceMissing: (day: string) =>
    `Add your public liability insurance by ${formatCheckDate(day)} to stay in search.`,
} as const;

const ymd = (required: string) =>
  z
    .string({ error: required })
    .regex(/^\d{4}-\d{2}-\d{2}$/, required)
    // A real day of the calendar: '2026-02-30' is refused, not rolled over into March.
    .refine((value) => {
      const at = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
    }, required);

/**
 * The text fields of POST /api/carers/my-profile/insurance (multipart, with the file `document`).
 */
export const InsuranceInput = z.object({
  kind: z.enum(INSURANCE_KINDS, { error: COMPLIANCE_MESSAGES.kindRequired }),
  insurer: oneLine(
    z
      .string({ error: COMPLIANCE_MESSAGES.insurerRequired })
      .trim()
      .min(1, COMPLIANCE_MESSAGES.insurerRequired)
      .max(120),
  ),
  policyNumber: oneLine(
    z
      .string({ error: COMPLIANCE_MESSAGES.policyNumberRequired })
      .trim()
      .min(1, COMPLIANCE_MESSAGES.policyNumberRequired)
      .max(60),
  ),
  coverPounds: z
    .union([z.number(), z.string()], { error: COMPLIANCE_MESSAGES.coverRequired })
    .transform((value) => (typeof value === 'number' ? value : Number(value.replace(/[£,\s]/g, ''))))
    .pipe(
      z
        .number({ error: COMPLIANCE_MESSAGES.coverRequired })
        .int(COMPLIANCE_MESSAGES.coverRequired)
        .positive(COMPLIANCE_MESSAGES.coverRequired)
        .max(INSURANCE_COVER_MAX_POUNDS, COMPLIANCE_MESSAGES.coverTooLarge),
    ),
  /** The last day of cover; checked against the server's clock (not already past). */
  expiresOn: ymd(COMPLIANCE_MESSAGES.expiresOnRequired),
});
export type InsuranceInput = z.infer<typeof InsuranceInput>;
export type InsuranceFormValues = z.input<typeof InsuranceInput>;

const InsuranceStatus = z.enum(['pending', 'approved', 'rejected']);

/** The carer's view of one insurance record. */
export const OwnInsurance = z.object({
  id: z.string(),
  kind: z.enum(INSURANCE_KINDS),
  insurer: z.string(),
  policyNumber: z.string(),
  coverPounds: z.number().int(),
  expiresOn: z.string(),
  status: InsuranceStatus,
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});
export type OwnInsurance = z.infer<typeof OwnInsurance>;

/** The admins' view: GET /api/admin/insurance. */
export const AdminInsurance = OwnInsurance.extend({
  carerId: z.string(),
  carerName: z.string(),
  /** GET /api/admin/verification-documents/{id}; null once deleted. */
  documentUrl: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});
export type AdminInsurance = z.infer<typeof AdminInsurance>;

export const AdminInsuranceQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'),
});

/** POST /api/admin/insurance/{id}/reject. */
export const RejectInsuranceInput = z.object({
  reason: multiLine(z.string({ error: COMPLIANCE_MESSAGES.rejectionReasonRequired }))
    .trim()
    .min(1, COMPLIANCE_MESSAGES.rejectionReasonRequired)
    .max(1000, COMPLIANCE_MESSAGES.reasonTooLong),
});

/** POST /api/admin/verifications/{id}/status-checks: one DBS Update Service status check. */
export const DbsStatusCheckInput = z.object({
  checkedOn: ymd(COMPLIANCE_MESSAGES.checkedOnRequired),
  result: z.enum(DBS_STATUS_RESULTS, { error: COMPLIANCE_MESSAGES.resultRequired }),
});
export type DbsStatusCheckInput = z.infer<typeof DbsStatusCheckInput>;

export const DbsStatusCheck = z.object({
  id: z.string(),
  verificationId: z.string(),
  checkedOn: z.string(),
  result: z.enum(DBS_STATUS_RESULTS),
  recordedBy: z.string().nullable(),
  recordedAt: z.string(),
});
export type DbsStatusCheck = z.infer<typeof DbsStatusCheck>;

/** One check falling due: the carer's dashboard and the admins' queue. */
export const DueItem = z.object({
  carerId: z.string(),
  carerName: z.string(),
  check: z.enum(DUE_CHECKS),
  dueOn: z.string(),
  /** Whether the carer leaves search when it passes (the status check is the admins' task). */
  lapses: z.boolean(),
  /** The approved submission it belongs to (for recording a status check). */
  verificationId: z.string().nullable(),
});
export type DueItem = z.infer<typeof DueItem>;

export const ComplianceLapse = z.object({
  check: z.enum(LAPSING_CHECKS),
  dueOn: z.string(),
  lapsedAt: z.string(),
  reason: z.string(),
});
export type ComplianceLapse = z.infer<typeof ComplianceLapse>;

/** GET /api/carers/my-profile/compliance: the carer's dashboard. */
export const OwnCompliance = z.object({
  /** Open lapses: why the carer is out of search. */
  lapses: z.array(ComplianceLapse),
  /** What falls due next (the status check is left out: it is the admins' task). */
  due: z.array(DueItem),
  /** The latest record of each kind. */
  insurance: z.array(OwnInsurance),
  /** The DBS check or right to work lapsed or falls due within DUE_QUEUE_DAYS: renewed checks are asked for. */
  checksRenewable: z.boolean(),
});
export type OwnCompliance = z.infer<typeof OwnCompliance>;

/** What a visitor sees of the checks: the dates only (subscribers see the details). */
export const CheckSummary = z.object({
  /** The day the latest checks were approved. */
  checkedOn: z.string(),
  insuredUntil: z.string().nullable(),
});
export type CheckSummary = z.infer<typeof CheckSummary>;
