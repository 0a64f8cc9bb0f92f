import { strToU8, zipSync, type Zippable } from 'fflate';
import { SETTINGS_MESSAGES } from '@contracts/settings';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { createRateLimiter, type RateLimitRule } from '../../platform/rate-limit';
import type { FileStorage } from '../../platform/storage';
import { PRIVACY_MESSAGES } from '@contracts/settings';
import { isHeldBack } from '../subscriptions';
import { toCsv } from '../../platform/csv';
import type { DataExportRepository, ExportedMessage, ExportRecord } from './data-export.repository';

// "Download my data" (decision 0011, UK GDPR rights of access and portability): one ZIP made
// within the request, a JSON and a CSV file per kind of record, the stored files, and a README.

/** Exports are heavy (every table, every file): a few an hour per account. */
export const EXPORT_LIMIT: RateLimitRule = { bucket: 'data-export', limit: 5, windowSeconds: 3600 };

/** The parts of the export: file name, what it holds (for the README). */
export const PARTS = {
  'carer-profile':
    'Your carer profile as families see it, its listing details, and your home postcode and its position (never shown to others: they see only the first part, such as LS6).',
  conversations: 'Your conversations: when they started, the other person by first name and initial.',
  'messages-sent':
    'Every message you sent: its conversation, to whom (first name and initial), when, when read.',
  'messages-received':
    'Every message you received: its conversation, from whom (first name and initial), when, when you read it. A message held back until you have a plan (heldBack true) is listed without its words, as on the site.',
  'reviews-written': 'Reviews you wrote about carers.',
  'reviews-received': 'Reviews families wrote about you (each reviewer by first name and initial).',
  'saved-carers': 'Carers you saved.',
  payments:
    'Your payments: plan, amount in pence, status and dates. Card details are never stored by CareMatch.',
  'billing-subscriptions': 'Your recurring plans (Monthly plan, carer membership) and their state.',
  sessions:
    'Where you are signed in: the browser (device), the network address, when it started and was last used.',
  verifications:
    'The checks you submitted (DBS, right to work, references) and their review. The documents are in files/.',
  insurance:
    'The insurance you added (insurer, policy number, cover, end date) and its review. The documents are in files/.',
  'dbs-status-checks':
    'DBS Update Service status checks CareMatch made on your certificate: when and what they said.',
  uploads: 'The files you uploaded (photos, documents); the files themselves are in files/.',
  blocks: 'People you blocked (first name and initial).',
  'reports-made': 'Reports you made to our safeguarding team, and their outcome.',
  'care-requests':
    'Care requests you posted, with the postcode where care is needed (carers saw only its first part).',
  'care-request-answers':
    'Your answers to families’ care requests (each request by care type and the first part of its postcode).',
  arrangements:
    'Care arrangements you proposed, agreed or declined, the other person by first name and initial.',
  visits:
    'The visits of those arrangements, with any notice or cancellation, and the check-in and check-out times (or the times recorded afterwards, and why).',
  'visit-notes':
    'The carers’ notes about those visits, with their ticks and the replies under them (yours as "you").',
  'cover-backups':
    'Cover plans: the backup carers you named for your arrangements, in order, with the rate agreed; and the families who named you as their backup (each by first name and initial).',
  'cover-offers':
    'Visits offered to backup carers: those your family offered (to whom, who offered, the answer), and those offered to you (by which family, your answer).',
  timesheets:
    'The weekly timesheets of your arrangements (as the carer or the family), with their status and lines.',
  invoices:
    'Invoices and credit notes between you and the other side of your arrangements, as they were issued, and how they were paid.',
  'statement-references':
    'Your own employment-status (HMRC CEST) reference for each carer, as entered on their monthly statements.',
  'care-payments':
    'Card payments of invoices through CareMatch: the invoice, amount, the platform fee, status, any refund, and dates (never the card).',
  'care-payment-disputes': 'Disputes (chargebacks) of those card payments and how they were handled.',
  'care-saved-card':
    'The card you saved to pay invoices: its brand and last four digits, and whether invoices are paid with it automatically.',
  'care-payment-account':
    'Your account with the payment provider for card payments from families: its id and state.',
  payouts: 'Payouts of card payments to your bank account: amount, status and the day they arrive.',
  'compliance-lapses': 'Checks of yours that ran out, and when each was put right.',
  'invoicing-settings':
    'Your invoicing details: the name, address and VAT number on your invoices, your bank details and mileage rate, or your billing name and address.',
  'family-circle':
    'Your family circle: who is in yours (first name and initial) and the circles you are in, with what each may do.',
  'circle-invitations': 'Invitations to your family circle you sent (the links themselves are not included).',
  'notification-settings': 'The kinds of email you turned off in Settings.',
  'push-devices':
    'Devices you turned push notices on for: their names and dates (the push service address and keys are not included).',
  'push-settings': 'The kinds of push notice you turned off, and whether message previews are on.',
  'push-notices': 'Push notices waiting to be sent to you (each is deleted once sent).',
  'contact-enquiries': 'Messages you sent through the contact form.',
  'audit-log': 'Changes recorded about your account ("by": you or CareMatch staff).',
  'email-change-requests': 'Requests to change your email address (the confirmation links are not included).',
  'password-resets': 'Password reset links asked for (the links themselves are not included).',
  'two-factor':
    'Two-factor sign-in: when you set it up and turned it on, and when each recovery code was made and used (never the key or the codes).',
  'failed-sign-ins': 'Failed sign-in attempts naming your email address (when only).',
  'emails-sent': 'Emails we sent to your address (subject and dates).',
} as const;
type Part = keyof typeof PARTS;

/**
 * Where each table's personal records go in the export (the account's own row is account.json),
 * or why a table has none of the account's records. Every table of db/schema is named here once,
 * so a new table cannot be left out of the export by forgetting it
 * (tests/unit/data-export-tables.test.ts).
 */
export const TABLES_IN_EXPORT = {
  users: ['account'],
  passwordResetTokens: ['password-resets'],
  emailVerificationTokens:
    'Links to confirm an email address: the link is a credential and the address is in the account.',
  twoFactorSecrets: ['two-factor'],
  twoFactorRecoveryCodes: ['two-factor'],
  twoFactorChallenges:
    'A sign-in step that lasts five minutes: nothing about the person beyond the sign-in itself.',
  loginFailures: ['failed-sign-ins'],
  emailChangeRequests: ['email-change-requests'],
  sessions: ['sessions'],
  uploads: ['uploads'],
  outboxEmails: ['emails-sent'],
  rateLimitCounters: 'Counters of attempts by a keyed hash: they name no one.',
  idempotentRequests:
    'Answers kept a day so a repeated click is not done twice: copies of records exported elsewhere.',
  placeLookups: 'Postcodes and towns looked up and their positions: places, not people.',
  carerProfiles: ['carer-profile'],
  reviews: ['reviews-written', 'reviews-received'],
  savedCarers: ['saved-carers'],
  carerVerifications: ['verifications'],
  dbsStatusChecks: ['dbs-status-checks'],
  carerInsurance: ['insurance'],
  complianceReminders: 'Which reminder emails went out: the emails themselves are in emails-sent.',
  complianceLapses: ['compliance-lapses'],
  rightToWorkRecords:
    'Kept by law only after an account is deleted, by name and no longer linked to any account.',
  conversations: ['conversations'],
  messages: ['messages-sent', 'messages-received'],
  userBlocks: ['blocks'],
  reports: ['reports-made'],
  payments: ['payments'],
  billingSubscriptions: ['billing-subscriptions'],
  paymentEvents: "The payment provider's event ids, kept so an event is handled once: they name no one.",
  carePaymentAccounts: ['care-payment-account'],
  carePaymentAttempts: ['care-payments'],
  careSavedCards: ['care-saved-card'],
  carePaymentDisputes: ['care-payment-disputes'],
  carePayouts: ['payouts'],
  auditLog: ['audit-log'],
  contactEnquiries: ['contact-enquiries'],
  careRequests: ['care-requests'],
  careRequestResponses: ['care-request-answers'],
  arrangements: ['arrangements'],
  visits: ['visits'],
  visitNotes: ['visit-notes'],
  visitNoteReplies: ['visit-notes'],
  coverBackups: ['cover-backups'],
  coverOffers: ['cover-offers'],
  circleMembers: ['family-circle'],
  circleInvitations: ['circle-invitations'],
  notificationSettings: ['notification-settings'],
  invoicingSettings: ['invoicing-settings'],
  timesheets: ['timesheets'],
  timesheetLines: ['timesheets'],
  invoices: ['invoices'],
  statementReferences: ['statement-references'],
  pushSubscriptions: ['push-devices'],
  pushSettings: ['push-settings'],
  pushOutbox: ['push-notices'],
  pushVapidKeys: "The site's own keys for push notices: no one's data.",
} satisfies Record<string, (Part | 'account')[] | string>;

/** The account's own record, without the password hash. */
function accountRecord(user: UserRow): ExportRecord {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    profileImageUrl: user.profileImageUrl,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionType: user.subscriptionType,
    subscriptionExpiresAt: user.subscriptionExpiresAt,
    signsInWithPassword: user.passwordHash !== null,
    singleSignOnLinked: user.oidcSubject !== null,
    stripeCustomerId: user.stripeCustomerId,
    searchPlace: user.searchPlace,
    suspendedAt: user.suspendedAt,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

/**
 * A received message as the export shows it: the same paywall rule as the thread and the inbox,
 * so a message held back until the family has a plan is listed as held back (who, when), never
 * with its words. The sender's id only served the rule.
 */
function receivedRecord(user: UserRow, { senderId, ...record }: ExportedMessage, at: Date): ExportRecord {
  const heldBack = isHeldBack(user, { senderId }, at);
  return { ...record, content: heldBack ? null : record.content, heldBack };
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

function readme(user: UserRow, at: Date, included: Part[], files: string[], missing: string[]): string {
  const lines = [
    'Your CareMatch data',
    '===================',
    '',
    `Prepared on ${at.toISOString()} for the account ${user.email}.`,
    '',
    'Each kind of record comes twice: as JSON (for other services) and as CSV (for a spreadsheet).',
    'Times are in UTC (ISO 8601). Amounts are in pence. Other people are named by first name and',
    'initial only; their email addresses are not part of your data. In the CSV files, a cell that',
    'starts with = + - or @ has an apostrophe in front so a spreadsheet shows it as text.',
    '',
    'account.json / account.csv',
    '  Your account: name, email, role, plan, dates. Your password is stored only as a one-way hash',
    '  and is not included.',
  ];
  for (const part of included) lines.push('', `${part}.json / ${part}.csv`, `  ${PARTS[part]}`);
  if (files.length > 0) {
    lines.push('', 'files/', '  The files you uploaded, as stored:');
    for (const file of files) lines.push(`  - ${file}`);
  }
  if (missing.length > 0) {
    lines.push('', 'Files we could not find in storage (their records are in uploads.json):');
    for (const file of missing) lines.push(`  - ${file}`);
  }
  lines.push(
    '',
    'Questions about your data, or corrections: use the contact form at /contact.',
    'To delete your account and its personal data: Settings > Delete my account.',
    '',
  );
  return lines.join('\r\n');
}

interface DataExportDeps {
  repository: DataExportRepository;
  db: Database;
  storage: FileStorage;
  secret: string;
  log?: { error(object: unknown, message: string): void };
  now?: () => Date;
}

export interface DataExport {
  filename: string;
  zip: Uint8Array;
}

export function createDataExportService({
  repository,
  db,
  storage,
  secret,
  log,
  now = () => new Date(),
}: DataExportDeps) {
  const rateLimiter = createRateLimiter(db, { secret });

  async function collect(user: UserRow, at: Date) {
    const profile = await repository.carerProfile(user.id);
    const carerId = profile?.id;
    const verifications = carerId ? await repository.verifications(carerId) : [];
    const insurance = carerId ? await repository.insurance(carerId) : [];
    const documentIds = [
      ...verifications.flatMap((row) => [
        row.dbsDocumentId,
        row.rightToWorkDocumentId,
        row.photoIdDocumentId,
      ]),
      ...insurance.map((row) => row.documentId),
    ].filter((id): id is string => typeof id === 'string');
    const uploads = await repository.uploads(user.id, documentIds);
    const parts: Record<Part, ExportRecord[]> = {
      'carer-profile': profile ? [{ ...profile, userId: undefined, rankScore: undefined }] : [],
      conversations: await repository.conversations(user.id, carerId),
      'messages-sent': (await repository.messages(user.id, 'sent')).map(
        ({ senderId: _sender, ...record }) => record,
      ),
      'messages-received': (await repository.messages(user.id, 'received')).map((message) =>
        receivedRecord(user, message, at),
      ),
      'reviews-written': await repository.reviewsWritten(user.id),
      'reviews-received': carerId ? await repository.reviewsReceived(carerId) : [],
      'saved-carers': await repository.savedCarers(user.id),
      payments: await repository.payments(user.id),
      'billing-subscriptions': await repository.billingSubscriptions(user.id),
      sessions: await repository.sessions(user.id),
      verifications,
      insurance,
      'dbs-status-checks': carerId ? await repository.dbsStatusChecks(carerId) : [],
      uploads: uploads.map((row) => ({ ...row, file: `files/${row.storageKey}` })),
      blocks: await repository.blocks(user.id),
      'reports-made': await repository.reportsMade(user.id),
      'care-requests': await repository.careRequests(user.id),
      'care-request-answers': carerId ? await repository.careRequestAnswers(carerId) : [],
      arrangements: await repository.arrangements(user.id, carerId),
      visits: await repository.visits(user.id, carerId),
      'visit-notes': await repository.visitNotes(user.id, carerId),
      'cover-backups': await repository.coverBackups(user.id, carerId),
      'cover-offers': await repository.coverOffers(user.id, carerId),
      timesheets: await repository.timesheets(user.id),
      invoices: await repository.invoices(user.id),
      'invoicing-settings': await repository.invoicingSettings(user.id),
      'statement-references': await repository.statementReferences(user.id),
      'care-payments': await repository.carePayments(user.id),
      'care-payment-disputes': await repository.carePaymentDisputes(user.id),
      'care-saved-card': await repository.careSavedCard(user.id),
      'care-payment-account': await repository.carePaymentAccount(user.id),
      payouts: await repository.carePayouts(user.id),
      'compliance-lapses': carerId ? await repository.complianceLapses(carerId) : [],
      'family-circle': await repository.familyCircle(user.id),
      'circle-invitations': await repository.circleInvitations(user.id),
      'notification-settings': await repository.notificationSettings(user.id),
      'push-devices': await repository.pushDevices(user.id),
      'push-settings': await repository.pushSettings(user.id),
      'push-notices': await repository.pushNotices(user.id),
      'contact-enquiries': await repository.contactEnquiries(user),
      'audit-log': await repository.auditEntries(user.id, carerId),
      'email-change-requests': await repository.emailChangeRequests(user.id),
      'password-resets': await repository.passwordResets(user.id),
      'two-factor': await repository.twoFactor(user.id),
      'failed-sign-ins': await repository.failedSignIns(user.email, user.createdAt),
      'emails-sent': await repository.emailsSent(user.email, user.createdAt),
    };
    return { parts, uploads };
  }

  return {
    async export(user: UserRow): Promise<DataExport> {
      await rateLimiter.enforce(EXPORT_LIMIT, user.id, PRIVACY_MESSAGES.tooManyExports);
      try {
        const at = now();
        const { parts, uploads } = await collect(user, at);
        const entries: Zippable = {};
        const account = accountRecord(user);
        entries['account.json'] = json(account);
        entries['account.csv'] = strToU8(toCsv([account]));
        const included: Part[] = [];
        for (const part of Object.keys(PARTS) as Part[]) {
          const records = parts[part].map((record) =>
            Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)),
          );
          if (records.length === 0) continue;
          included.push(part);
          entries[`${part}.json`] = json(records);
          entries[`${part}.csv`] = strToU8(toCsv(records));
        }
        const files: string[] = [];
        const missing: string[] = [];
        for (const upload of uploads) {
          const name = `files/${upload.storageKey}`;
          const stored = await storage.get(upload.storageKey);
          if (!stored) {
            missing.push(name);
            continue;
          }
          // Photos and PDFs are compressed already: stored as they are.
          entries[name] = [new Uint8Array(stored.body), { level: 0 }];
          files.push(name);
        }
        entries['README.txt'] = strToU8(readme(user, at, included, files, missing));
        const zip = zipSync(entries, { level: 6, mtime: at });
        return { filename: `carematch-data-${at.toISOString().slice(0, 10)}.zip`, zip };
      } catch (error) {
        if (error instanceof AppError) throw error;
        log?.error({ err: error, userId: user.id }, 'data export failed');
        throw new AppError(503, SETTINGS_MESSAGES.exportFailed);
      }
    },
  };
}
export type DataExportService = ReturnType<typeof createDataExportService>;
