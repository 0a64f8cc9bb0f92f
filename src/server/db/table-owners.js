// @ts-check
/**
 * Who owns each table of db/schema.ts (docs/decisions/0030-table-owners.md).
 *
 * A table's owner is the one module that writes it: `platform` for the platform's own tables,
 * otherwise a feature under src/server/features. Any other feature that needs to change a row
 * calls the owner's store (`features/<owner>/<table>.store.ts`), passing its own transaction, so
 * a rule that goes with a write (a carer profile's `rank_score`, for one) is kept in one place.
 *
 * eslint.config.js turns this map into the boundary: a feature's code may import from db/schema
 * only the tables it owns and the ones listed for it in CROSS_READS, and may never pass a table
 * it does not own to `insert`, `update` or `delete`. `tests/unit/table-owners.test.ts` checks that
 * every table has an owner.
 *
 * Plain JavaScript so that eslint.config.js can import it.
 */

/** @type {Record<string, string>} schema export → owning feature (or 'platform') */
export const TABLE_OWNERS = {
  // accounts and signing in
  users: 'auth',
  passwordResetTokens: 'auth',
  emailVerificationTokens: 'auth',
  twoFactorSecrets: 'auth',
  twoFactorRecoveryCodes: 'auth',
  twoFactorChallenges: 'auth',
  loginFailures: 'auth',
  emailChangeRequests: 'settings',
  // the platform's own tables (src/server/platform)
  sessions: 'platform',
  uploads: 'platform',
  outboxEmails: 'platform',
  rateLimitCounters: 'platform',
  idempotentRequests: 'platform',
  placeLookups: 'platform',
  // carers and what hangs off them
  carerProfiles: 'carers',
  reviews: 'reviews',
  savedCarers: 'saved-carers',
  carerVerifications: 'verification',
  dbsStatusChecks: 'verification',
  carerInsurance: 'verification',
  complianceReminders: 'verification',
  complianceLapses: 'verification',
  rightToWorkRecords: 'verification',
  // messaging and safety
  conversations: 'messaging',
  messages: 'messaging',
  userBlocks: 'messaging',
  reports: 'reports',
  // money
  payments: 'subscriptions',
  billingSubscriptions: 'subscriptions',
  paymentEvents: 'subscriptions',
  carePaymentAccounts: 'care-payments',
  carePaymentAttempts: 'care-payments',
  careSavedCards: 'care-payments',
  carePaymentDisputes: 'care-payments',
  carePayouts: 'care-payments',
  // the rest
  auditLog: 'audit',
  contactEnquiries: 'contact',
  careRequests: 'care-requests',
  careRequestResponses: 'care-requests',
  arrangements: 'arrangements',
  visits: 'arrangements',
  visitNotes: 'arrangements',
  visitNoteReplies: 'arrangements',
  coverBackups: 'arrangements',
  coverOffers: 'arrangements',
  circleMembers: 'circle',
  circleInvitations: 'circle',
  notificationSettings: 'circle',
  invoicingSettings: 'invoicing',
  timesheets: 'invoicing',
  timesheetLines: 'invoicing',
  invoices: 'invoicing',
  statementReferences: 'invoicing',
  pushSubscriptions: 'push',
  pushSettings: 'push',
  pushOutbox: 'push',
  pushVapidKeys: 'push',
};

/**
 * The one exception: the data export and the account erasure (feature `privacy`) read every
 * personal table, whoever owns it, and the erasure deletes or anonymises rows in them. A table
 * whose writes carry a rule of their owner is still changed through the owner: a carer whose
 * reviews go is recounted (and re-ranked) by the carers' store.
 */
export const PRIVACY_EXCEPTION = { feature: 'privacy', writesThroughOwner: ['carerProfiles'] };

/**
 * Tables a feature still reads directly although another feature owns them: joins that build one
 * answer in one query (a name beside a message, a carer's account email in the admin list).
 * Reading only: the lint stops any write to them. New code reads through the owner's store where
 * that costs no extra query; shrinking this list is the way forward, never growing it casually.
 *
 * @type {Record<string, string[]>}
 */
export const CROSS_READS = {
  // the admin lists: profiles with their account's email and latest check; plans and refunds
  admin: ['billingSubscriptions', 'carerProfiles', 'carerVerifications', 'payments', 'uploads', 'users'],
  // arrangement lists and calendar feeds with both people's names; backups only from the family's
  // conversations (decision 0037)
  arrangements: ['carerProfiles', 'conversations', 'users'],
  // audit entries with the names of the people and profiles they are about
  audit: ['carerProfiles', 'carerVerifications', 'users'],
  // matching a request to carers near it who can be emailed and have not blocked the family
  'care-requests': ['carerProfiles', 'userBlocks', 'users'],
  // a carer's public reviews with their authors' names; reminder emails' addresses
  carers: ['reviews', 'users'],
  // the names and addresses on timesheets, invoices and their emails
  invoicing: ['users'],
  // the demo mailbox shows the outbox
  demo: ['outboxEmails'],
  // members' and holders' names and addresses
  circle: ['users'],
  // conversations with both people's names; the new-message notice already queued
  messaging: ['carerProfiles', 'outboxEmails', 'users'],
  // whether a reported conversation or review exists and the reporter was in it
  reports: ['carerProfiles', 'conversations', 'reviews'],
  // whether a customer may review: messages both ways, or an arrangement
  reviews: ['arrangements', 'conversations', 'messages'],
  // the safeguarding queue: each report with its conversation or review and the accounts in it
  safeguarding: ['carerProfiles', 'conversations', 'messages', 'reports', 'reviews', 'users'],
  // no-reply protection: whether the family wrote to carers after paying and a carer answered
  subscriptions: ['careRequestResponses', 'careRequests', 'conversations', 'messages'],
  // a customer's saved carers as cards
  'saved-carers': ['carerProfiles'],
  // check queues with the carer's name and email; the families to tell; the scans' upload rows
  verification: ['arrangements', 'carerProfiles', 'conversations', 'uploads', 'users'],
};
