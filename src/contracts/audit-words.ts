// The audit log in plain words. The server names the people (actor and
// subject) and describes each entry with these functions; the screen shows the sentences.

/** What an entry is about, as the server found it: a name ('Jane Smith'), or null once deleted. */
export interface AuditSubject {
  name: string | null;
}

import {
  DBS_STATUS_RESULT_LABELS,
  DUE_CHECK_LABELS,
  INSURANCE_LABELS,
  type DbsStatusResult,
  type DueCheck,
  type InsuranceKind,
} from './verification-compliance';
import { dateFormat } from './date-format';
import { formatCount } from './limits';

/**
 * Every action the audit log records. Writers are typed with it (AuditRecord.action), and each
 * has its own sentence in auditSummary; tests/api/audit-words.test.ts performs each one.
 */
export const AUDIT_ACTIONS = [
  'admin.signed-in',
  'admin.promoted',
  'customer.updated',
  'customer.deleted',
  'subscription.activated',
  'subscription.deactivated',
  'subscription.cancelled',
  'subscription.refunded',
  'subscription.no-reply-extended',
  'subscription.no-reply-refunded',
  'payment.refunded',
  'sample-customers.created',
  'carer.created',
  'carer.updated',
  'carer.deleted',
  'verification.approved',
  'verification.rejected',
  'verification.dbs-scan-deleted',
  'dbs-status-check.recorded',
  'insurance.approved',
  'insurance.rejected',
  'compliance.lapsed',
  'user.suspended',
  'user.unsuspended',
  'user.signed-out',
  'report.dismissed',
  'report.warned',
  'report.suspended',
  'account.deleted',
  'arrangements.viewed',
  'care-dispute.handled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Each action in words, for the audit log's filter (the stored code is never shown). */
export const AUDIT_ACTION_WORDS: Record<AuditAction, string> = {
  'admin.signed-in': 'Admin signed in',
  'admin.promoted': 'Account made an admin',
  'customer.updated': 'Customer details changed',
  'customer.deleted': 'Customer account deleted',
  'subscription.activated': 'Plan given',
  'subscription.deactivated': 'Plan ended',
  'subscription.cancelled': 'Plan cancelled',
  'subscription.refunded': 'Plan refunded in the cooling-off period',
  'subscription.no-reply-extended': 'Access extended: no carer replied',
  'subscription.no-reply-refunded': 'Refunded: no carer replied',
  'payment.refunded': 'Payment refunded',
  'sample-customers.created': 'Sample customers created',
  'carer.created': 'Carer profile created',
  'carer.updated': 'Carer profile changed',
  'carer.deleted': 'Carer profile deleted',
  'verification.approved': 'Checks approved',
  'verification.rejected': 'Checks rejected',
  'verification.dbs-scan-deleted': 'DBS certificate scan deleted',
  'dbs-status-check.recorded': 'DBS Update Service check recorded',
  'insurance.approved': 'Insurance approved',
  'insurance.rejected': 'Insurance rejected',
  'compliance.lapsed': 'Checks or insurance lapsed',
  'user.suspended': 'Account suspended',
  'user.unsuspended': 'Suspension lifted',
  'user.signed-out': 'Signed out everywhere',
  'report.dismissed': 'Report dismissed',
  'report.warned': 'Report: warning sent',
  'report.suspended': 'Report: account suspended',
  'account.deleted': 'Account deleted by its holder',
  'arrangements.viewed': 'Arrangements viewed',
  'care-dispute.handled': 'Card dispute handled',
};

/**
 * Who acted, as stored on the entry at the time (so a later deletion or promotion does not change
 * it): an account's role, 'system' for housekeeping, 'operator' for the server's command line.
 */
export const AUDIT_ACTOR_ROLES = ['admin', 'customer', 'carer', 'system', 'operator'] as const;
export type AuditActorRole = (typeof AUDIT_ACTOR_ROLES)[number];

const ROLE_WORDS: Record<string, string> = { admin: 'admin', customer: 'family', carer: 'carer' };
export const OPERATOR_ACTOR = 'Server operator (command line)';

/**
 * Who did it, with their role then: 'Admin: Jane Smith (jane@example.org)', 'Family: Sam Okafor
 * (sam@…)', 'Deleted family account' once the account is gone, 'CareMatch (automatic)'.
 */
export function auditActorWords(actor: {
  role: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}): string {
  if (actor.role === 'system') return SYSTEM_ACTOR;
  if (actor.role === 'operator') return OPERATOR_ACTOR;
  const role = actor.role ? ROLE_WORDS[actor.role] : undefined;
  if (!actor.email) return role ? `Deleted ${role} account` : 'Deleted account';
  const name = [actor.firstName, actor.lastName].filter((part) => part?.trim()).join(' ');
  const who = name ? `${name} (${actor.email})` : actor.email;
  return role ? `${capitalise(role)}: ${who}` : who;
}

/** Shown for a person whose account (or profile) no longer exists. */
export const DELETED_ACCOUNT = 'deleted account';
/** What housekeeping does by itself, with no admin behind it (decision 0028). */
export const SYSTEM_AUDIT_ACTIONS = [
  'compliance.lapsed',
  'verification.dbs-scan-deleted',
  'payment.refunded',
  'subscription.no-reply-extended',
  'subscription.no-reply-refunded',
] as const;
export const SYSTEM_ACTOR = 'CareMatch (automatic)';

/** One changed field in words: 'Changed subscription end date from 1 Jan 2027 to 1 Apr 2027'. */
export interface AuditChangeWords {
  field: string;
  before: string | null;
  after: string | null;
  text: string;
}

const FIELD_LABELS: Record<string, string> = {
  firstName: 'first name',
  lastName: 'last name',
  email: 'email',
  subscriptionStatus: 'subscription status',
  subscriptionType: 'plan',
  subscriptionExpiresAt: 'subscription end date',
  rule: 'expiry rule',
  photoUrl: 'photo',
  specialization: 'specialization',
  experience: 'experience',
  location: 'location',
  hourlyRateMin: 'minimum rate',
  hourlyRateMax: 'maximum rate',
  description: 'description',
  qualifications: 'qualifications',
  availability: 'availability',
  isVerified: 'Verified badge',
  carerIsVerified: 'Verified badge',
  listedUntil: 'listed until',
  status: 'status',
  reviewedAt: 'reviewed on',
  rejectionReason: 'reason given to the carer',
  approvalReason: 'reason for approving',
  documents: 'documents sent',
  suspendedAt: 'suspended since',
  sessionsEnded: 'signed out everywhere',
  carerProfileActive: 'profile shown in search',
  sessions: 'signed-in devices',
  resolution: 'outcome',
  resolutionNote: 'note',
  role: 'role',
  by: 'by',
  arrangements: 'care arrangements seen',
  subscriptionsCancelled: 'recurring plans cancelled',
  renews: 'renews',
  paidUntil: 'paid until',
  via: 'cancelled from',
  refundedPence: 'amount refunded (pence)',
  unusedDays: 'unused days refunded',
  extendedDays: 'days added (no carer replied)',
  renewalsStopped: 'renewals stopped at the payment provider',
  givenBackBy: 'given back by',
  arrangementsEnded: 'care arrangements ended',
  expiresOn: 'cover ends',
  checkedOn: 'checked on',
  result: 'result',
  lapsed: 'checks lapsed',
  retentionMonths: 'kept for (months)',
  postcodeDistrict: 'postcode district',
  invoiceNumber: 'invoice',
  disputedAmount: 'amount disputed',
  disputeOutcome: 'dispute outcome',
  invoiceReleased: 'invoice released from hold',
};

/** Record ids that mean nothing to a person: the entry's subject already names who. */
const HIDDEN_FIELDS = new Set([
  'userId',
  'carerId',
  'reportId',
  'reportedAccountId',
  'id',
  'paymentId',
  'insuranceId',
  // Said by the entry's sentence or its actor: the kind of insurance, how a plan was cancelled,
  // the command line that made an admin; the slots mirror the availability shown.
  'kind',
  'via',
  'by',
  'availabilitySlots',
]);

/** Stored codes in words: the option lists' own labels, never the code. */
const CODE_WORDS: Record<string, Record<string, string>> = {
  kind: INSURANCE_LABELS satisfies Record<InsuranceKind, string>,
  check: DUE_CHECK_LABELS satisfies Record<DueCheck, string>,
  result: DBS_STATUS_RESULT_LABELS satisfies Record<DbsStatusResult, string>,
  role: ROLE_WORDS,
  resolution: { dismiss: 'dismissed', warn: 'warned', suspend: 'suspended' },
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const PLAN_WORDS: Record<string, string> = {
  carer_membership: 'Carer Membership',
  monthly: 'Monthly',
  annual: 'Annual',
  three_month: '3-Month Access',
};

const RULE_WORDS: Record<string, string> = {
  days: '30 or 365 days',
  calendar: 'one calendar month or year',
};

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const shortUkDate = dateFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** '1 Jan 2027', in UK time. */
export function plainDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return shortUkDate(date);
}

/** A stored value in words; null when there was none. */
export function plainValue(key: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return formatCount(value);
  if (Array.isArray(value)) {
    const items = value.map((item) => {
      if (typeof item !== 'object' || item === null) return String(item);
      if ('email' in item) return String(item.email);
      // A lapsed check: 'Public liability insurance (due 1 Jan 2027)'.
      if ('check' in item) {
        const check = plainValue('check', item.check) ?? '';
        const due = 'dueOn' in item ? plainValue('dueOn', item.dueOn) : null;
        return due ? `${check} (due ${due})` : check;
      }
      return plainValue(key, item) ?? '';
    });
    return items.length === 0 ? null : items.join(', ');
  }
  if (typeof value === 'string') {
    if (key === 'subscriptionType' || key === 'plan') return PLAN_WORDS[value] ?? value;
    if (key === 'rule') return RULE_WORDS[value] ?? value;
    const words = CODE_WORDS[key]?.[value];
    if (words) return words;
    if (ISO_DAY.test(value)) return plainDate(`${value}T12:00:00Z`);
    if (key === 'photoUrl') return 'a photo';
    if (key.startsWith('hourlyRate')) return `£${Number(value).toFixed(2).replace(/\.00$/, '')}/hour`;
    if (ISO_DATE_TIME.test(value)) return plainDate(value);
    return value.length > 200 ? `${value.slice(0, 199)}…` : value;
  }
  const text = JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields an entry changed, in words. A field set from nothing reads 'Set plan to Monthly', one
 * cleared 'Cleared subscription end date (was 1 Apr 2027)', anything else 'Changed … from … to …'.
 * A creation lists what was set; a deletion what there was.
 */
export function auditChangeWords(before: unknown, after: unknown): AuditChangeWords[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((key) => !HIDDEN_FIELDS.has(key));
  const changes: AuditChangeWords[] = [];
  for (const key of keys) {
    if (JSON.stringify(b[key]) === JSON.stringify(a[key])) continue;
    // A field the entry did not record afterwards was not changed by it (only a deletion, with
    // no `after` at all, lists what there was).
    if (isRecord(before) && isRecord(after) && !(key in after)) continue;
    const field = FIELD_LABELS[key] ?? key.replace(/([A-Z])/g, ' $1').toLowerCase();
    const was = plainValue(key, b[key]);
    const now = plainValue(key, a[key]);
    if (was === now) continue;
    const onlyAfter = !isRecord(before);
    const onlyBefore = !isRecord(after);
    let text: string;
    if (onlyBefore) text = `${capitalise(field)} was ${was ?? 'empty'}`;
    else if (onlyAfter || was === null) text = `Set ${field} to ${now ?? 'nothing'}`;
    else if (now === null) text = `Cleared ${field} (was ${was})`;
    else text = `Changed ${field} from ${was} to ${now}`;
    changes.push({ field, before: was, after: now, text });
  }
  return changes;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Jane Smith’s", or "a deleted account’s". */
const possessive = (subject: AuditSubject) => `${subject.name ?? `a ${DELETED_ACCOUNT}`}’s`;
const object = (subject: AuditSubject) => subject.name ?? `a ${DELETED_ACCOUNT}`;

/** What an entry did, in one sentence: 'Approved Jane Smith’s checks'. */
export function auditSummary(entry: {
  action: AuditAction | (string & {});
  subject: AuditSubject;
  before: unknown;
  after: unknown;
}): string {
  const { subject } = entry;
  const a = isRecord(entry.after) ? entry.after : {};
  switch (entry.action) {
    case 'customer.updated':
      return `Changed ${possessive(subject)} details`;
    case 'customer.deleted':
      return 'Deleted a customer account';
    case 'subscription.activated': {
      const plan = typeof a.subscriptionType === 'string' ? PLAN_WORDS[a.subscriptionType] : undefined;
      const until =
        typeof a.subscriptionExpiresAt === 'string' ? ` until ${plainDate(a.subscriptionExpiresAt)}` : '';
      return `Gave ${object(subject)} ${plan ? `the ${plan} plan` : 'a plan'}${until}`;
    }
    case 'subscription.deactivated':
      return `Ended ${possessive(subject)} plan`;
    case 'subscription.cancelled':
      return a.via === 'email link'
        ? 'Cancelled their plan from the renewal reminder'
        : 'Cancelled their plan';
    case 'subscription.refunded': {
      const pence = typeof a.refundedPence === 'number' ? a.refundedPence : null;
      return pence === null
        ? 'Cancelled their plan in the cooling-off period: refunded'
        : `Cancelled their plan in the cooling-off period: refunded £${(pence / 100).toFixed(2)}`;
    }
    case 'subscription.no-reply-extended': {
      const days = typeof a.extendedDays === 'number' ? a.extendedDays : null;
      return `No carer replied in the days after ${possessive(subject)} payment: ${days === null ? 'those days' : `${days} days`} added to their access`;
    }
    case 'subscription.no-reply-refunded': {
      const pence = typeof a.refundedPence === 'number' ? ` £${(a.refundedPence / 100).toFixed(2)}` : '';
      return `No carer replied in the days after ${possessive(subject)} payment: refunded${pence} in the cooling-off period`;
    }
    case 'payment.refunded': {
      const pence = typeof a.refundedPence === 'number' ? ` £${(a.refundedPence / 100).toFixed(2)}` : '';
      const plan = typeof a.plan === 'string' ? (PLAN_WORDS[a.plan] ?? a.plan) : 'plan';
      return a.givenBackBy === 'card dispute lost'
        ? `Recorded a card dispute lost: ${possessive(subject)} ${plan} payment taken back (${pence.trim()}); what it paid for ended`
        : `Recorded a refund made at the payment provider:${pence} of ${possessive(subject)} ${plan} payment; what it paid for ended`;
    }
    case 'sample-customers.created': {
      const count = Array.isArray(entry.after) ? entry.after.length : 0;
      return `Created ${count} sample customer account${count === 1 ? '' : 's'}`;
    }
    case 'carer.created':
      return `Created a carer profile for ${object(subject)}`;
    case 'carer.updated':
      return `Changed ${possessive(subject)} carer profile`;
    case 'carer.deleted':
      return 'Deleted a carer profile';
    case 'verification.approved':
      return a.documents === 0
        ? `Approved ${possessive(subject)} checks without documents`
        : `Approved ${possessive(subject)} checks`;
    case 'verification.rejected':
      return `Rejected ${possessive(subject)} checks`;
    case 'verification.dbs-scan-deleted':
      return `Deleted the scan of ${possessive(subject)} DBS certificate (retention period over)`;
    case 'dbs-status-check.recorded':
      return `Recorded a DBS Update Service status check for ${object(subject)}`;
    case 'insurance.approved':
    case 'insurance.rejected': {
      const label = typeof a.kind === 'string' ? plainValue('kind', a.kind) : null;
      const what = label ? label.charAt(0).toLowerCase() + label.slice(1) : 'insurance';
      return `${entry.action === 'insurance.approved' ? 'Approved' : 'Rejected'} ${possessive(subject)} ${what}`;
    }
    case 'compliance.lapsed':
      return `Took ${object(subject)} out of search: a required check lapsed`;
    case 'user.suspended': {
      const ended = typeof a.arrangementsEnded === 'number' ? a.arrangementsEnded : 0;
      return ended > 0
        ? `Suspended ${possessive(subject)} account and ended ${ended} care arrangement${ended === 1 ? '' : 's'}`
        : `Suspended ${possessive(subject)} account`;
    }
    case 'user.unsuspended':
      return `Lifted the suspension of ${possessive(subject)} account`;
    case 'user.signed-out':
      return `Signed ${object(subject)} out everywhere`;
    case 'report.dismissed':
      return subject.name ? `Dismissed a report about ${subject.name}` : 'Dismissed a report';
    case 'report.warned':
      return `Warned ${object(subject)} after a report`;
    case 'report.suspended':
      return `Suspended ${object(subject)} after a report`;
    case 'admin.signed-in':
      return 'Signed in as an admin';
    case 'admin.promoted':
      return `Made ${object(subject)} an admin`;
    case 'account.deleted':
      return 'Deleted their own account';
    case 'arrangements.viewed':
      return `Looked at ${possessive(subject)} care arrangements`;
    case 'care-dispute.handled': {
      const invoice = typeof a.invoiceNumber === 'string' && a.invoiceNumber ? ` ${a.invoiceNumber}` : '';
      const amount = typeof a.disputedAmount === 'string' ? ` (${a.disputedAmount})` : '';
      const released = a.invoiceReleased === true ? '; the invoice is no longer held' : '';
      return `Marked the card dispute on ${possessive(subject)} invoice${invoice}${amount} handled${released}`;
    }
    default:
      return capitalise(entry.action.replace(/[.-]/g, ' '));
  }
}
