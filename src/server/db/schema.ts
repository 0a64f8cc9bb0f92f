import { sql } from 'drizzle-orm';
import {
  bigint,
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  primaryKey,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** Null for accounts that cannot sign in with a password (OpenID Connect only, or seeded reviewers). */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    role: text('role', { enum: ['customer', 'carer', 'admin'] })
      .notNull()
      .default('customer'),
    subscriptionStatus: text('subscription_status'),
    subscriptionType: text('subscription_type', { enum: ['monthly', 'annual', 'three_month'] }),
    subscriptionExpiresAt: timestamp('subscription_expires_at', { withTimezone: true }),
    oidcSubject: text('oidc_subject'),
    /** The Stripe Customer of this account, created on its first payment in Stripe mode. */
    stripeCustomerId: text('stripe_customer_id'),
    /** Set by an admin from the safeguarding queue: the account cannot sign in, a carer is not listed. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /**
     * When the account proved it receives mail at `email` (decision 0019): a registration
     * link opened, a confirmed email change, a password reset by email, a provider that verified
     * the address, or an operator who made the account. Null: not proved; messaging, reviews,
     * payments and verification are refused until it is.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A customer's own postcode or town, the carer search's default place; private. */
    searchPlace: text('search_place'),
    /** The keyed hash of the private calendar feed's secret; null: no feed. */
    calendarFeedHash: text('calendar_feed_hash'),
    ...timestamps,
  },
  (t) => [
    // The calendar feed's address names its account by this hash.
    uniqueIndex('users_calendar_feed_key').on(t.calendarFeedHash),
    // Case-insensitive uniqueness: 'Anna@Example.com' and 'anna@example.com' are one account.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_subject_key').on(t.oidcSubject),
    uniqueIndex('users_stripe_customer_id_key').on(t.stripeCustomerId),
    check('users_role_check', sql`${t.role} in ('customer', 'carer', 'admin')`),
    check(
      'users_subscription_type_check',
      sql`${t.subscriptionType} is null or ${t.subscriptionType} in ('monthly', 'annual', 'three_month')`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** HMAC-SHA256 of the cookie's token: a leaked table cannot be replayed as cookies. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_absolute_expires_idx').on(t.absoluteExpiresAt),
  ],
);

/**
 * Forgotten-password links (decision 0010): the token is sent by email, only its HMAC is kept; valid
 * for PASSWORD_RESET_TTL_MINUTES and once (`used_at`).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
    index('password_reset_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Links that confirm a new account's email address (decision 0019): only the token's HMAC is
 * kept, valid for EMAIL_VERIFICATION_TTL_HOURS and once. `email` is the address the link was sent
 * to: a link proves only that address, so it does nothing once the account's address has changed.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_verification_tokens_hash_key').on(t.tokenHash),
    index('email_verification_tokens_user_idx').on(t.userId),
    index('email_verification_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** A new email address waiting for its confirmation link to be opened. */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_change_requests_hash_key').on(t.tokenHash),
    index('email_change_requests_user_idx').on(t.userId),
    index('email_change_requests_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Two-factor sign-in with an authenticator app (decision 0012). The TOTP secret
 * is encrypted with a key derived from SESSION_SECRET; `enabled_at` is null while an enrolment
 * waits for its first code. `last_used_step` refuses a code used twice; `failed_count` and
 * `last_failed_at` lock the second step after repeated wrong codes.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  failedCount: integer('failed_count').notNull().default(0),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes: only their HMAC is kept; `used_at` spends one. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * A sign-in half done: the password (or the provider) was right and the second step is due.
 * The browser holds the token in an httpOnly cookie; only its HMAC is stored. `step` is 'code',
 * or 'setup' for an admin in production who must enrol before the first session.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: text('step', { enum: ['code', 'setup'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('two_factor_challenges_user_idx').on(t.userId),
    index('two_factor_challenges_expires_idx').on(t.expiresAt),
    check('two_factor_challenges_step_check', sql`${t.step} in ('code', 'setup')`),
  ],
);

/** Failed sign-ins, kept per account and address so a flood from one place cannot lock out another. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    emailKey: text('email_key').notNull(),
    ipAddress: text('ip_address').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_lookup_idx').on(t.emailKey, t.ipAddress, t.failedAt)],
);

export const carerProfiles = pgTable(
  'carer_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for profiles an admin created without an account (the test admin dashboard, product §2 Admin screens). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    photoUrl: text('photo_url'),
    specialization: text('specialization').notNull(),
    experience: text('experience').notNull(),
    location: text('location').notNull(),
    postcodeDistrict: text('postcode_district'),
    /** The full home postcode: private to the carer, admins and their data export. */
    homePostcode: text('home_postcode'),
    /** False while the postcode could not be checked (the service was down): placed at its district. */
    homePostcodeChecked: boolean('home_postcode_checked').notNull().default(true),
    /** Where the carer lives, for distance search (GiST index on ll_to_earth, decision 0022). */
    homeLatitude: doublePrecision('home_latitude'),
    homeLongitude: doublePrecision('home_longitude'),
    /** How far the carer travels to a family, in miles (1-50); null when they have not said. */
    travelMiles: smallint('travel_miles'),
    hourlyRateMin: numeric('hourly_rate_min', { precision: 7, scale: 2 }).notNull(),
    hourlyRateMax: numeric('hourly_rate_max', { precision: 7, scale: 2 }).notNull(),
    description: text('description').notNull(),
    qualifications: text('qualifications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    availability: text('availability')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The weekly grid as a bit set, bit = day × 4 + part of the day
     * (src/contracts/availability.ts); the `availability` tags are derived from it with live-in
     * and short-notice cover, and written with it.
     */
    availabilitySlots: integer('availability_slots').notNull().default(0),
    /** When the carer last saved their week; null for profiles from before the grid. */
    availabilityUpdatedAt: timestamp('availability_updated_at', { withTimezone: true }),
    /** When the "is your availability still right?" email last went (60 days after an update). */
    availabilityRemindedAt: timestamp('availability_reminded_at', { withTimezone: true }),
    /** Emails about new care requests that fit the carer: on unless turned off in Settings. */
    requestAlerts: boolean('request_alerts').notNull().default(true),
    /** When the last such email went: at most one a day. */
    requestAlertsSentAt: timestamp('request_alerts_sent_at', { withTimezone: true }),
    /** Kept equal to the average of `reviews.rating` in the same transaction as every review write. */
    rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('0'),
    reviewCount: integer('review_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    isVerified: boolean('is_verified').notNull().default(false),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The "best match" score (0-100), stored so search can walk an index in score order. Written
     * with every profile or review change and refreshed daily for the recency part; see
     * docs/decisions/0003-carer-search-ranking.md.
     */
    rankScore: doublePrecision('rank_score').notNull().default(0),
    /**
     * The profile is listed in search (and public) while this is in the future and it is active:
     * 30 days after creation (the introductory period), then the end of the paid membership
     * period (docs/decisions/0006-payments.md). The default covers rows inserted by other paths.
     */
    listedUntil: timestamp('listed_until', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '30 days'`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('carer_profiles_user_id_key').on(t.userId),
    index('carer_profiles_active_idx').on(t.isActive, t.createdAt),
    index('carer_profiles_best_idx').on(t.isActive, t.rankScore.desc(), t.id),
    index('carer_profiles_type_best_idx').on(t.isActive, t.specialization, t.rankScore.desc(), t.id),
    index('carer_profiles_rating_idx').on(t.isActive, t.rating.desc(), t.reviewCount.desc(), t.id),
    // The price order; hourly_rate_max last, so a rate window is tested on the index (migration 0017).
    index('carer_profiles_price_idx').on(t.isActive, t.hourlyRateMin, t.id, t.hourlyRateMax),
    index('carer_profiles_availability_idx').using('gin', t.availability),
    index('carer_profiles_location_trgm_idx').using('gin', sql`lower(${t.location}) gin_trgm_ops`),
    // "Best" order with a location reads exact matches in rank order from these: the town before
    // the first comma (the same expression as the search's), and the postcode district.
    index('carer_profiles_town_best_idx').on(
      t.isActive,
      sql`lower(trim(split_part(${t.location}, ',', 1)))`,
      t.rankScore.desc(),
      t.id,
    ),
    // The same with a care type: 'leeds' + 'Palliative Care' walks only those carers.
    index('carer_profiles_town_type_best_idx').on(
      t.isActive,
      sql`lower(trim(split_part(${t.location}, ',', 1)))`,
      t.specialization,
      t.rankScore.desc(),
      t.id,
    ),
    // Distance search: nearest first by walking this index (cube's GiST distance order), or the
    // carers inside a box around the place (decision 0022).
    index('carer_profiles_home_earth_idx')
      .using('gist', sql`ll_to_earth(${t.homeLatitude}, ${t.homeLongitude})`)
      .where(sql`${t.homeLatitude} IS NOT NULL AND ${t.homeLongitude} IS NOT NULL`),
    index('carer_profiles_district_best_idx').on(
      t.isActive,
      sql`upper(${t.postcodeDistrict})`,
      t.rankScore.desc(),
      t.id,
    ),
    // Carers whose travel area holds a place (migration 0015): the box around the home as far as
    // the carer travels (50 miles when not said); a search within 20 miles or more starts here.
    index('carer_profiles_travel_area_idx')
      .using(
        'gist',
        sql`earth_box(ll_to_earth(${t.homeLatitude}, ${t.homeLongitude}), coalesce(${t.travelMiles}, 50) * 1609.344::float8)`,
      )
      .where(sql`${t.homeLatitude} IS NOT NULL AND ${t.homeLongitude} IS NOT NULL`),
    // The rating and price orders of one care type (migration 0015).
    index('carer_profiles_type_rating_idx').on(
      t.isActive,
      t.specialization,
      t.rating.desc(),
      t.reviewCount.desc(),
      t.id,
    ),
    index('carer_profiles_type_price_idx').on(
      t.isActive,
      t.specialization,
      t.hourlyRateMin,
      t.id,
      t.hourlyRateMax,
    ),
    // The distinct locations in order: a text too short for the trigram index is looked for
    // among them (migration 0017).
    index('carer_profiles_location_lower_idx').on(sql`lower(${t.location})`),
    check(
      'carer_profiles_rates_check',
      sql`${t.hourlyRateMin} > 0 and ${t.hourlyRateMin} <= ${t.hourlyRateMax}`,
    ),
    check('carer_profiles_rating_check', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    check('carer_profiles_review_count_check', sql`${t.reviewCount} >= 0`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carerId: uuid('carer_id')
      .notNull()
      .references(() => carerProfiles.id, { onDelete: 'cascade' }),
    /** Set null when the author deletes their account: the review stays, anonymous. */
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    ...timestamps,
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    uniqueIndex('reviews_carer_customer_key').on(t.carerId, t.customerId),
    index('reviews_carer_created_idx').on(t.carerId, t.createdAt),
    index('reviews_customer_idx').on(t.customerId),
  ],
);

/** Carers a customer keeps for later ("Saved carers"). */
export const savedCarers = pgTable(
  'saved_carers',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    carerId: uuid('carer_id')
      .notNull()
      .references(() => carerProfiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.carerId] }), index('saved_carers_carer_idx').on(t.carerId)],
);

/**
 * One thread per customer and carer profile. Either side may go and the thread
 * stays for the other: a deleted customer account sets `customer_id` null, a deleted carer profile
 * (or carer account, whose profile goes with it) sets `carer_id` null. The carer side reads the
 * thread through the profile's account, so once the profile is gone only the customer sees it; a
 * row with both null has no reader left (reports of it still show its messages to admins).
 * NULLs are distinct in the unique index, so any number of such rows may exist.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    carerId: uuid('carer_id').references(() => carerProfiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** When each side was last emailed about a new message here: at most one email per 15 minutes. */
    customerNotifiedAt: timestamp('customer_notified_at', { withTimezone: true }),
    carerNotifiedAt: timestamp('carer_notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversations_customer_carer_key').on(t.customerId, t.carerId),
    index('conversations_carer_idx').on(t.carerId, t.lastMessageAt),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Set null when an account is deleted: the other person still reads the thread ("Deleted user"). */
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    receiverId: uuid('receiver_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    check('messages_content_length_check', sql`char_length(${t.content}) between 1 and 20000`),
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt),
    index('messages_sender_idx').on(t.senderId),
    index('messages_receiver_idx').on(t.receiverId, t.readAt),
  ],
);

/** Who blocked whom: no message passes between the two, either way, while a row exists. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * Reports of a conversation or a review waiting in the admins' safeguarding queue
 * (decision 0009). Exactly one of `conversation_id` and `review_id` is set.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    reviewId: uuid('review_id').references(() => reviews.id, { onDelete: 'cascade' }),
    /** A report about a carer's profile itself ("Report this carer"). */
    carerId: uuid('carer_id').references(() => carerProfiles.id, { onDelete: 'cascade' }),
    /** One of REPORT_REASONS (src/contracts/reports.ts). */
    reason: text('reason').notNull(),
    details: text('details').notNull(),
    /** 'open' until an admin resolves it. */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** What the admin did: 'dismiss', 'warn' or 'suspend'; null while open. */
    resolution: text('resolution'),
    /** The dismissal note or the warning sent. */
    resolutionNote: text('resolution_note'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check(
      'reports_one_subject_check',
      sql`(${t.conversationId} is not null)::int + (${t.reviewId} is not null)::int + (${t.carerId} is not null)::int = 1`,
    ),
    check('reports_status_check', sql`${t.status} in ('open', 'resolved', 'dismissed')`),
    check('reports_details_length_check', sql`char_length(${t.details}) <= 2000`),
    check(
      'reports_resolution_check',
      sql`${t.resolution} is null or ${t.resolution} in ('dismiss', 'warn', 'suspend')`,
    ),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId),
    index('reports_carer_idx')
      .on(t.carerId)
      .where(sql`${t.carerId} is not null`),
  ],
);

/**
 * Every payment attempt (product.md, difference 3): one-time plans (a PaymentIntent), and each invoice of a
 * recurring plan (the first one, started by the person, and every renewal). Amounts in pence.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Set null on account deletion: amounts and dates stay for the accounts. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    /**
     * The provider's id of what is paid: a PaymentIntent (one-time plans) or an Invoice (recurring
     * plans); the demo provider's own ids likewise. Null only between our insert and the provider's answer.
     */
    providerReference: text('provider_reference'),
    plan: text('plan').notNull(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('gbp'),
    status: text('status').notNull().default('pending'),
    /** The secret the payment form confirms with; kept so a second click gets the same payment. */
    clientSecret: text('client_secret'),
    /** Recurring plans: the subscription this invoice belongs to. */
    billingSubscriptionId: uuid('billing_subscription_id').references(() => billingSubscriptions.id, {
      onDelete: 'set null',
    }),
    providerSubscriptionId: text('provider_subscription_id'),
    /** Recurring plans: the end of the period this invoice paid for. */
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** The card's answer when the attempt failed (never card data). */
    failureMessage: text('failure_message'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A cooling-off refund: the part given back (null: none, or all of it when refused at payment). */
    refundedPence: integer('refunded_pence'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The provider's id of the refund (a Stripe Refund, or the demo provider's own). */
    refundReference: text('refund_reference'),
    /** No-reply protection (decision 0029, point 9): when this payment's first 7 days were checked. */
    noReplyCheckedAt: timestamp('no_reply_checked_at', { withTimezone: true }),
    /** The days its access was extended because no carer replied in them (null: none). */
    noReplyExtendedDays: integer('no_reply_extended_days'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_reference_key').on(t.provider, t.providerReference),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    // Two quick clicks on "Subscribe" start one payment: at most one pending per person and plan.
    uniqueIndex('payments_one_pending_key')
      .on(t.userId, t.plan)
      .where(sql`${t.status} = 'pending'`),
    index('payments_billing_subscription_idx').on(t.billingSubscriptionId),
    index('payments_no_reply_due_idx')
      .on(t.paidAt)
      .where(sql`${t.status} = 'succeeded' AND ${t.noReplyCheckedAt} IS NULL`),
    check('payments_amount_check', sql`${t.amountPence} > 0`),
    check(
      'payments_status_check',
      sql`${t.status} in ('pending', 'succeeded', 'failed', 'refunded', 'cancelled')`,
    ),
    check('payments_plan_check', sql`${t.plan} in ('three_month', 'monthly', 'annual', 'carer_membership')`),
    check(
      'payments_refunded_pence_check',
      sql`${t.refundedPence} is null or (${t.refundedPence} > 0 and ${t.refundedPence} <= ${t.amountPence})`,
    ),
  ],
);

/**
 * Recurring plans: a family's Monthly plan and a carer's membership. Mirrors the provider's
 * subscription (Stripe Billing, or the demo provider's own); access follows the paid periods.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Set null on account deletion, so support can still find the provider's subscription. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose', { enum: ['customer_monthly', 'carer_membership'] }).notNull(),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    /** The provider's status: incomplete, active, past_due, canceled, incomplete_expired, unpaid… */
    status: text('status').notNull(),
    /** The end of the last paid period. */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When the provider's latest applied change happened: older events never overwrite newer ones. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    /** The period end whose renewal reminder was sent: one reminder per period. */
    remindedPeriodEnd: timestamp('reminded_period_end', { withTimezone: true }),
    /** When the person cancelled (renewals stop at `currentPeriodEnd`). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('billing_subscriptions_provider_key').on(t.provider, t.providerSubscriptionId),
    index('billing_subscriptions_user_idx').on(t.userId, t.purpose),
    // The demo provider's renewals: live subscriptions by the end of their period.
    index('billing_subscriptions_renewal_idx')
      .on(t.provider, t.currentPeriodEnd)
      .where(sql`${t.status} = 'active'`),
    check(
      'billing_subscriptions_purpose_check',
      sql`${t.purpose} in ('customer_monthly', 'carer_membership')`,
    ),
  ],
);

/** Provider events already applied: a redelivered webhook is acknowledged and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event_key').on(t.provider, t.eventId),
    index('payment_events_received_idx').on(t.receivedAt),
  ],
);

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('uploads_storage_key_key').on(t.storageKey),
    index('uploads_owner_idx').on(t.ownerId),
    check('uploads_kind_check', sql`${t.kind} in ('photo', 'document')`),
    check('uploads_size_check', sql`${t.sizeBytes} > 0`),
  ],
);

/**
 * A carer's submitted checks (decision 0009), one row per submission; the latest decides the
 * state shown. Documents are private uploads (kind 'document'), served to admins only.
 */
export const carerVerifications = pgTable(
  'carer_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carerId: uuid('carer_id')
      .notNull()
      .references(() => carerProfiles.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    /** One of DBS_LEVELS (src/contracts/verification.ts). */
    dbsLevel: text('dbs_level').notNull(),
    dbsIssueDate: date('dbs_issue_date', { mode: 'string' }).notNull(),
    dbsCertificateNumber: text('dbs_certificate_number').notNull(),
    dbsUpdateService: boolean('dbs_update_service').notNull(),
    rightToWorkMethod: text('right_to_work_method').notNull(),
    rightToWorkShareCode: text('right_to_work_share_code'),
    /** Two { name, relationship, contact } entries. */
    references: jsonb('references').notNull(),
    dbsDocumentId: uuid('dbs_document_id').references(() => uploads.id, { onDelete: 'set null' }),
    rightToWorkDocumentId: uuid('right_to_work_document_id').references(() => uploads.id, {
      onDelete: 'set null',
    }),
    photoIdDocumentId: uuid('photo_id_document_id').references(() => uploads.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    /** 'adult' | 'child' | 'both': the workforce the DBS check (and its barred-list check) covered. */
    dbsWorkforce: text('dbs_workforce'),
    /** Time-limited permission to work ends on this day; null: no time limit. */
    rightToWorkExpiresOn: date('right_to_work_expires_on', { mode: 'string' }),
    /** Approved without insurance on file: insurance is due by this day (decision 0028). */
    insuranceDueOn: date('insurance_due_on', { mode: 'string' }),
    /** When the DBS scan was deleted under the retention rule; the row itself stays. */
    dbsDocumentDeletedAt: timestamp('dbs_document_deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('carer_verifications_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check(
      'carer_verifications_right_to_work_check',
      sql`${t.rightToWorkMethod} in ('share_code', 'passport')`,
    ),
    // At most one submission waits for review per carer.
    uniqueIndex('carer_verifications_one_pending_key')
      .on(t.carerId)
      .where(sql`${t.status} = 'pending'`),
    index('carer_verifications_carer_idx').on(t.carerId, t.submittedAt),
    index('carer_verifications_status_idx').on(t.status, t.submittedAt),
  ],
);

/** DBS Update Service status checks an admin recorded against an approved submission. */
export const dbsStatusChecks = pgTable(
  'dbs_status_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    verificationId: uuid('verification_id')
      .notNull()
      .references(() => carerVerifications.id, { onDelete: 'cascade' }),
    checkedOn: date('checked_on', { mode: 'string' }).notNull(),
    /** 'current': nothing new since the certificate; 'changed': the certificate no longer stands. */
    result: text('result').notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('dbs_status_checks_result_check', sql`${t.result} in ('current', 'changed')`),
    index('dbs_status_checks_verification_idx').on(t.verificationId, t.checkedOn),
  ],
);

/** A carer's insurance (public liability, professional indemnity), reviewed like the other checks. */
export const carerInsurance = pgTable(
  'carer_insurance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carerId: uuid('carer_id')
      .notNull()
      .references(() => carerProfiles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    insurer: text('insurer').notNull(),
    policyNumber: text('policy_number').notNull(),
    coverPounds: integer('cover_pounds').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    documentId: uuid('document_id').references(() => uploads.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
  },
  (t) => [
    check('carer_insurance_kind_check', sql`${t.kind} in ('public_liability', 'professional_indemnity')`),
    check('carer_insurance_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('carer_insurance_cover_check', sql`${t.coverPounds} > 0`),
    uniqueIndex('carer_insurance_one_pending_key')
      .on(t.carerId, t.kind)
      .where(sql`${t.status} = 'pending'`),
    index('carer_insurance_carer_idx').on(t.carerId, t.kind, t.status, t.expiresOn),
    index('carer_insurance_queue_idx').on(t.status, t.submittedAt, t.id),
  ],
);

/** Reminders sent before a check lapses: each (subject, due day, notice) once. */
export const complianceReminders = pgTable(
  'compliance_reminders',
  {
    carerId: uuid('carer_id')
      .notNull()
      .references(() => carerProfiles.id, { onDelete: 'cascade' }),
    /** The check and its record: 'public_liability:<insurance id>', 'dbs:<verification id>'. */
    subject: text('subject').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** '30' or '7': days ahead. */
    notice: text('notice').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'compliance_reminders_pkey', columns: [t.carerId, t.subject, t.dueOn, t.notice] }),
  ],
);

/** A required check that lapsed: the carer is out of search for it until it is renewed. */
export const complianceLapses = pgTable(
  'compliance_lapses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carerId: uuid('carer_id')
      .notNull()
      .references(() => carerProfiles.id, { onDelete: 'cascade' }),
    checkKind: text('check_kind').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'compliance_lapses_check_kind_check',
      sql`${t.checkKind} in ('dbs', 'right_to_work', 'public_liability')`,
    ),
    uniqueIndex('compliance_lapses_open_key')
      .on(t.carerId, t.checkKind)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * Right-to-work evidence of a carer who left (deleted their account), kept for the legal period
 * and then deleted by housekeeping (decision 0028). Nothing else of the account stays.
 */
export const rightToWorkRecords = pgTable(
  'right_to_work_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carerName: text('carer_name').notNull(),
    method: text('method').notNull(),
    shareCode: text('share_code'),
    expiresOn: date('expires_on', { mode: 'string' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    documentStorageKey: text('document_storage_key'),
    documentContentType: text('document_content_type'),
    leftAt: timestamp('left_at', { withTimezone: true }).notNull(),
    deleteAfter: timestamp('delete_after', { withTimezone: true }).notNull(),
  },
  (t) => [index('right_to_work_records_delete_after_idx').on(t.deleteAfter)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Set null if the acting account is later deleted; the entry itself is never removed. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The actor's role when they acted ('admin', 'customer', 'carer'; 'system', 'operator'), so the
     * entry still says who did it after the account is deleted or its role changes.
     */
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_action_idx').on(t.action, t.id),
  ],
);

/**
 * Messages from the public contact form. No network address is kept: the rate limit
 * works on its own short-lived, keyed-hash counters (docs/decisions/0005-mailer-outbox-and-rate-limits.md).
 */
export const contactEnquiries = pgTable(
  'contact_enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short reference quoted to the sender and in support's subject line: 'CM-' + 8 base32 characters. */
    reference: text('reference').notNull(),
    /** The account that sent it, when the sender was signed in; kept anonymous if that account goes. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_enquiries_reference_key').on(t.reference),
    index('contact_enquiries_created_idx').on(t.createdAt),
    index('contact_enquiries_user_idx').on(t.userId),
    check('contact_enquiries_message_length_check', sql`char_length(${t.message}) between 1 and 5000`),
  ],
);

/**
 * The transactional outbox: features insert emails in their own transaction, a dispatcher
 * delivers them afterwards (log in demo, SMTP when configured). `delivered_at` null means pending.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    /** Delivery attempts started (a claim counts, so an attempt cut short by a crash counts too). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Not tried before this time: retry back-off, and the lease of a dispatcher that claimed it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** How it went out: 'log' (demo) or 'smtp'. */
    transport: text('transport'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_emails_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null`),
    index('outbox_emails_delivered_idx').on(t.deliveredAt),
    check('outbox_emails_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/**
 * Fixed-window request counters shared by every app instance: one row per (bucket, key), reset
 * when its window has passed. `key` is a keyed hash, never a raw address.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.key] }),
    index('rate_limit_counters_expires_idx').on(t.expiresAt),
    check('rate_limit_counters_hits_check', sql`${t.hits} > 0`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type CarerProfileRow = typeof carerProfiles.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type BillingSubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type ContactEnquiryRow = typeof contactEnquiries.$inferSelect;
export type OutboxEmailRow = typeof outboxEmails.$inferSelect;
export type TwoFactorSecretRow = typeof twoFactorSecrets.$inferSelect;
export type TwoFactorChallengeRow = typeof twoFactorChallenges.$inferSelect;

/**
 * Answers of the postcode service (POSTCODES_URL), kept so a postcode is asked about once
 * (decision 0023): found places with their coordinates, and places it does not know.
 */
export const placeLookups = pgTable('place_lookups', {
  /** The normalised question: 'postcode:LS6 3AB', 'outcode:LS6', 'place:leeds'. */
  query: text('query').primaryKey(),
  found: boolean('found').notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  label: text('label'),
  outwardCode: text('outward_code'),
  lookedUpAt: timestamp('looked_up_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PlaceLookupRow = typeof placeLookups.$inferSelect;

/** What a family asks for (decision 0024): seen by carers near it, answered with a message. */
export const careRequests = pgTable(
  'care_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    careType: text('care_type').notNull(),
    /** Where care is needed: private to the family; carers see the outward code. */
    postcode: text('postcode').notNull(),
    postcodeDistrict: text('postcode_district').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    startDate: date('start_date').notNull(),
    /** The weekly pattern wanted, as carers' weeks are kept (bit = day × 4 + part of the day). */
    patternSlots: integer('pattern_slots').notNull().default(0),
    liveIn: boolean('live_in').notNull().default(false),
    shortNotice: boolean('short_notice').notNull().default(false),
    hoursPerWeek: smallint('hours_per_week').notNull(),
    budgetMin: numeric('budget_min', { precision: 7, scale: 2 }).notNull(),
    budgetMax: numeric('budget_max', { precision: 7, scale: 2 }).notNull(),
    description: text('description').notNull(),
    /** open, filled, not_needed (closed by the family), expired (closed by housekeeping). */
    status: text('status').notNull().default('open'),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** When the "closes tomorrow" email went. */
    closingNoticeAt: timestamp('closing_notice_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('care_requests_customer_idx').on(t.customerId, t.createdAt),
    // Carers' "requests near me": open ones in a box around the carer's home.
    index('care_requests_open_earth_idx')
      .using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`)
      .where(sql`${t.status} = 'open'`),
    index('care_requests_closes_idx').on(t.status, t.closesAt),
    // The day's new requests, for the carers' alert emails (migration 0018).
    index('care_requests_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    check('care_requests_status_check', sql`${t.status} in ('open', 'filled', 'not_needed', 'expired')`),
  ],
);
export type CareRequestRow = typeof careRequests.$inferSelect;

/** A carer's answer to a care request: one per carer per request; the message is in the conversation. */
export const careRequestResponses = pgTable(
  'care_request_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => careRequests.id, { onDelete: 'cascade' }),
    carerId: uuid('carer_id')
      .notNull()
      .references(() => carerProfiles.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    /** The first message, kept with the response so the family's list can show it. */
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('care_request_responses_request_carer_key').on(t.requestId, t.carerId),
    index('care_request_responses_carer_idx').on(t.carerId),
  ],
);
export type CareRequestResponseRow = typeof careRequestResponses.$inferSelect;

/**
 * A care arrangement (decision 0024; the API's "booking"): the terms a family and a carer agreed, or one
 * of them proposed. Either side's account may go: the other keeps the record, without the name.
 */
export const arrangements = pgTable(
  'arrangements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    carerId: uuid('carer_id').references(() => carerProfiles.id, { onDelete: 'set null' }),
    /** proposed, accepted, declined, ended. */
    status: text('status').notNull().default('proposed'),
    /** customer or carer: who made the proposal on the table (the other answers it). */
    proposedBy: text('proposed_by').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    /** The weekly visits: [{ day, start, end }], UK times. */
    visits: jsonb('visits').notNull(),
    hourlyRate: numeric('hourly_rate', { precision: 7, scale: 2 }).notNull(),
    tasks: text('tasks').notNull().default(''),
    declineReason: text('decline_reason'),
    /** Who the care is for, as the family words it ("Dad — Arthur"). */
    careFor: text('care_for').notNull().default(''),
    /** What the carer needs to know: access, pets, allergies. */
    careNotes: text('care_notes').notNull().default(''),
    /** The quick ticks the family set for visit notes (["Lunch", "Walk"]). */
    noteTicks: jsonb('note_ticks').notNull().default([]),
    /** Minutes after a visit's start without a check-in before the family is alerted (5–120). */
    noShowMinutes: integer('no_show_minutes').notNull().default(15),
    ...timestamps,
  },
  (t) => [
    index('arrangements_customer_idx').on(t.customerId),
    index('arrangements_carer_idx').on(t.carerId),
    // One arrangement in progress per family and carer: changes go through it.
    uniqueIndex('arrangements_open_pair_key')
      .on(t.customerId, t.carerId)
      .where(sql`${t.status} in ('proposed', 'accepted')`),
    check('arrangements_status_check', sql`${t.status} in ('proposed', 'accepted', 'declined', 'ended')`),
    check('arrangements_proposed_by_check', sql`${t.proposedBy} in ('customer', 'carer')`),
    check('arrangements_no_show_minutes_check', sql`${t.noShowMinutes} BETWEEN 5 AND 120`),
  ],
);
export type ArrangementRow = typeof arrangements.$inferSelect;

/** The visits an accepted arrangement makes, a few weeks ahead; each can be cancelled or given a notice. */
export const visits = pgTable(
  'visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    arrangementId: uuid('arrangement_id')
      .notNull()
      .references(() => arrangements.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** scheduled or cancelled. */
    status: text('status').notNull().default('scheduled'),
    /** running_late or cant_make_it, from the carer. */
    notice: text('notice'),
    /** With running_late: how late the carer said they will be, in minutes. */
    noticeMinutes: integer('notice_minutes'),
    noticeNote: text('notice_note'),
    noticeAt: timestamp('notice_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the carer checked in and out (the times only: never a location). */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    /** Set when the carer recorded the times afterwards (the family sees "recorded afterwards"). */
    recordedAfterwardsAt: timestamp('recorded_afterwards_at', { withTimezone: true }),
    recordedReason: text('recorded_reason'),
    /** When the no-show alert went: set once, by the statement that claims the visit (decision 0037). */
    noShowAlertedAt: timestamp('no_show_alerted_at', { withTimezone: true }),
    /** The backup carer who took the visit when the family offered it (decision 0037). */
    coveredBy: uuid('covered_by').references(() => carerProfiles.id, { onDelete: 'set null' }),
    coveredAt: timestamp('covered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('visits_arrangement_start_key').on(t.arrangementId, t.startsAt),
    index('visits_starts_idx').on(t.startsAt),
    check('visits_status_check', sql`${t.status} in ('scheduled', 'cancelled')`),
    index('visits_no_show_due_idx')
      .on(t.startsAt)
      .where(sql`${t.noShowAlertedAt} IS NULL AND ${t.checkedInAt} IS NULL AND ${t.status} = 'scheduled'`),
    index('visits_covered_by_idx')
      .on(t.coveredBy)
      .where(sql`${t.coveredBy} IS NOT NULL`),
    check(
      'visits_check_out_after_in_check',
      sql`${t.checkedOutAt} IS NULL OR (${t.checkedInAt} IS NOT NULL AND ${t.checkedOutAt} > ${t.checkedInAt})`,
    ),
  ],
);
export type VisitRow = typeof visits.$inferSelect;

/** The carer's note about a visit (written at check-out or with the times recorded afterwards). */
export const visitNotes = pgTable('visit_notes', {
  visitId: uuid('visit_id')
    .primaryKey()
    .references(() => visits.id, { onDelete: 'cascade' }),
  text: text('text').notNull().default(''),
  /** The ticks chosen, from the arrangement's set at the time. */
  ticks: jsonb('ticks').notNull().default([]),
  writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
});
export type VisitNoteRow = typeof visitNotes.$inferSelect;

/** The family's replies to a visit note; a deleted author's replies stay, unnamed. */
export const visitNoteReplies = pgTable(
  'visit_note_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visitNotes.visitId, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('visit_note_replies_visit_idx').on(t.visitId, t.createdAt),
    index('visit_note_replies_author_idx').on(t.authorId),
  ],
);
export type VisitNoteReplyRow = typeof visitNoteReplies.$inferSelect;

/** The family's backup carers for an arrangement, in order, each with the rate agreed (decision 0037). */
export const coverBackups = pgTable(
  'cover_backups',
  {
    arrangementId: uuid('arrangement_id')
      .notNull()
      .references(() => arrangements.id, { onDelete: 'cascade' }),
    carerId: uuid('carer_id')
      .notNull()
      .references(() => carerProfiles.id, { onDelete: 'cascade' }),
    /** 1, 2 or 3: who the family would ask first. */
    position: smallint('position').notNull(),
    /** The rate agreed in the conversation, entered by the family and shown to that backup. */
    hourlyRate: numeric('hourly_rate', { precision: 7, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'cover_backups_pkey', columns: [t.arrangementId, t.carerId] }),
    uniqueIndex('cover_backups_position_key').on(t.arrangementId, t.position),
    index('cover_backups_carer_idx').on(t.carerId),
    check('cover_backups_position_check', sql`${t.position} BETWEEN 1 AND 3`),
  ],
);
export type CoverBackupRow = typeof coverBackups.$inferSelect;

/** A visit the family offered to one of its backups; the first to accept takes it (decision 0037). */
export const coverOffers = pgTable(
  'cover_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    /** Null once the backup's profile is gone: an answered offer stays in the family's record. */
    carerId: uuid('carer_id').references(() => carerProfiles.id, { onDelete: 'set null' }),
    hourlyRate: numeric('hourly_rate', { precision: 7, scale: 2 }).notNull(),
    offeredBy: uuid('offered_by').references(() => users.id, { onDelete: 'set null' }),
    /** open, accepted (this backup took it) or taken (another did). */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cover_offers_visit_carer_key').on(t.visitId, t.carerId),
    index('cover_offers_carer_idx').on(t.carerId, t.createdAt),
    check('cover_offers_status_check', sql`${t.status} IN ('open', 'accepted', 'taken')`),
  ],
);
export type CoverOfferRow = typeof coverOffers.$inferSelect;

/**
 * One creating request and the answer it got (decision 0033): a repeat of the same action (the
 * same Idempotency-Key, or without one the same body from the same person within seconds) is
 * answered from here instead of creating a second row. A row with no status is still being
 * answered by the instance holding its claim until `locked_until`. Housekeeping deletes expired rows.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    /** Whose action: 'user:<id>', or for a visitor 'net:<keyed hash of the client's network>'. */
    scope: text('scope').notNull(),
    /** The client's Idempotency-Key, or 'auto:<fingerprint>' for a request sent without one. */
    key: text('key').notNull(),
    /** The account, so its stored answers go with it when it is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Hash of the method, route, parameters and body: the same key with another body is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** Which attempt holds the claim; only it stores the answer. */
    claim: text('claim').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotent_requests_expires_idx').on(t.expiresAt),
    index('idempotent_requests_user_idx').on(t.userId),
  ],
);
export type IdempotentRequestRow = typeof idempotentRequests.$inferSelect;

/**
 * The family circle (decision 0036): a relative with their own account who may see (or also
 * arrange) the holder's care. Either account going takes the row with it.
 */
export const circleMembers = pgTable(
  'circle_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    holderId: uuid('holder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** can_see or can_arrange. */
    role: text('role').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('circle_members_pair_key').on(t.holderId, t.memberId),
    index('circle_members_member_idx').on(t.memberId),
    check('circle_members_role_check', sql`${t.role} in ('can_see', 'can_arrange')`),
    check('circle_members_not_self_check', sql`${t.holderId} <> ${t.memberId}`),
  ],
);
export type CircleMemberRow = typeof circleMembers.$inferSelect;

/** An emailed invitation to a holder's circle: single use, expiring; only a keyed hash of its secret is kept. */
export const circleInvitations = pgTable(
  'circle_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    holderId: uuid('holder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('circle_invitations_token_key').on(t.tokenHash),
    index('circle_invitations_holder_idx').on(t.holderId),
    check('circle_invitations_role_check', sql`${t.role} in ('can_see', 'can_arrange')`),
  ],
);
export type CircleInvitationRow = typeof circleInvitations.$inferSelect;

/** Emails a person turned off, by kind of event (no row: on). Security emails have no kind here. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check(
      'notification_settings_kind_check',
      sql`${t.kind} in ('messages', 'proposals', 'visit_notices', 'no_show_alerts', 'notes', 'renewals', 'timesheets')`,
    ),
  ],
);

/**
 * A person's invoicing details (decision 0038): a carer's name on invoices, business address, VAT
 * number, bank details (shown only to the families they invoice) and mileage rate, with the carer's
 * own gap-free invoice and credit-note counters; a family's billing name and address.
 */
export const invoicingSettings = pgTable(
  'invoicing_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tradingName: text('trading_name').notNull().default(''),
    businessAddress: text('business_address').notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    bankAccountName: text('bank_account_name').notNull().default(''),
    bankSortCode: text('bank_sort_code').notNull().default(''),
    bankAccountNumber: text('bank_account_number').notNull().default(''),
    /** Pence per mile the carer charges for mileage unless a line says otherwise. */
    mileageRatePence: integer('mileage_rate_pence').notNull().default(45),
    billingName: text('billing_name').notNull().default(''),
    billingAddress: text('billing_address').notNull().default(''),
    /** The last invoice number this carer issued: incremented in the issuing transaction. */
    lastInvoiceNumber: integer('last_invoice_number').notNull().default(0),
    lastCreditNoteNumber: integer('last_credit_note_number').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invoicing_settings_mileage_check', sql`${t.mileageRatePence} BETWEEN 0 AND 1000`),
    check(
      'invoicing_settings_counters_check',
      sql`${t.lastInvoiceNumber} >= 0 AND ${t.lastCreditNoteNumber} >= 0`,
    ),
  ],
);
export type InvoicingSettingsRow = typeof invoicingSettings.$inferSelect;

/** One arrangement's week (Monday to Sunday, UK) of visits that happened, for the family to approve. */
export const timesheets = pgTable(
  'timesheets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    arrangementId: uuid('arrangement_id')
      .notNull()
      .references(() => arrangements.id, { onDelete: 'cascade' }),
    /** The carer's account and the family's (the holder) when it was made. */
    carerUserId: uuid('carer_user_id').references(() => users.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The Monday the week starts (UK). */
    weekStart: date('week_start').notNull(),
    /** draft, submitted, queried or approved. */
    status: text('status').notNull().default('draft'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** When the "approved automatically tomorrow" email went: once per submission. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    autoApproved: boolean('auto_approved').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('timesheets_arrangement_week_key').on(t.arrangementId, t.weekStart),
    index('timesheets_carer_idx').on(t.carerUserId, t.weekStart),
    index('timesheets_customer_idx').on(t.customerId, t.weekStart),
    index('timesheets_submitted_idx')
      .on(t.submittedAt)
      .where(sql`${t.status} = 'submitted'`),
    check('timesheets_status_check', sql`${t.status} in ('draft', 'submitted', 'queried', 'approved')`),
  ],
);
export type TimesheetRow = typeof timesheets.$inferSelect;

/** A line of a timesheet: a visit (from its record), mileage or an expense the carer added. */
export const timesheetLines = pgTable(
  'timesheet_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    timesheetId: uuid('timesheet_id')
      .notNull()
      .references(() => timesheets.id, { onDelete: 'cascade' }),
    /** visit, mileage or expense. */
    kind: text('kind').notNull(),
    /** The visit it bills: a visit is on one line at most. */
    visitId: uuid('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    date: date('date').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    minutes: integer('minutes'),
    /** Mileage in tenths of a mile. */
    tenthMiles: integer('tenth_miles'),
    /** Pence an hour (visit) or a mile (mileage). */
    ratePence: integer('rate_pence'),
    amountPence: integer('amount_pence').notNull(),
    note: text('note').notNull().default(''),
    /** A visit line the carer took off the timesheet (kept, so it is not added again). */
    excluded: boolean('excluded').notNull().default(false),
    /** A visit line whose times the carer recorded afterwards rather than checking in and out. */
    recordedAfterwards: boolean('recorded_afterwards').notNull().default(false),
    /** A visit recorded after its own week was submitted, billed on this later week (migration 0036). */
    carriedOver: boolean('carried_over').notNull().default(false),
    queryReason: text('query_reason'),
    queriedAt: timestamp('queried_at', { withTimezone: true }),
    queriedBy: uuid('queried_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('timesheet_lines_timesheet_idx').on(t.timesheetId, t.date),
    uniqueIndex('timesheet_lines_visit_key').on(t.visitId),
    check('timesheet_lines_kind_check', sql`${t.kind} in ('visit', 'mileage', 'expense')`),
    check('timesheet_lines_amount_check', sql`${t.amountPence} >= 0`),
  ],
);
export type TimesheetLineRow = typeof timesheetLines.$inferSelect;

/**
 * The carer's invoice to the family, or a credit note against one (decision 0038). Everything the
 * document says is copied in when it is issued, and never edited: a correction is a credit note.
 * Kept six years after issue, then deleted by housekeeping; either account going leaves it.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** invoice or credit_note. */
    kind: text('kind').notNull().default('invoice'),
    carerUserId: uuid('carer_user_id').references(() => users.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    /** In the carer's own sequence of its kind, from 1, without gaps. */
    number: integer('number').notNull(),
    timesheetId: uuid('timesheet_id').references(() => timesheets.id, { onDelete: 'set null' }),
    arrangementId: uuid('arrangement_id').references(() => arrangements.id, { onDelete: 'set null' }),
    /** A credit note: the invoice it corrects. */
    creditFor: uuid('credit_for').references((): AnyPgColumn => invoices.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    sellerName: text('seller_name').notNull(),
    sellerAddress: text('seller_address').notNull(),
    vatNumber: text('vat_number').notNull().default(''),
    buyerName: text('buyer_name').notNull(),
    buyerAddress: text('buyer_address').notNull(),
    /** [{ date, description, quantity, rate, amountPence }] as printed. */
    lines: jsonb('lines').notNull(),
    totalPence: integer('total_pence').notNull(),
    /**
     * open, marked_paid (the family says it paid by transfer), paid, credited (nothing left to pay),
     * refunded / partly_refunded (a card payment went back, all or part: migration 0036).
     */
    status: text('status').notNull().default('open'),
    paidMethod: text('paid_method'),
    paidReference: text('paid_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    markedPaidAt: timestamp('marked_paid_at', { withTimezone: true }),
    markedPaidBy: uuid('marked_paid_by').references(() => users.id, { onDelete: 'set null' }),
    markedPaidReference: text('marked_paid_reference'),
    /** Set while a card payment is disputed: no payment, credit or mark changes it. */
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    /** Of a card payment: given back by the carer (cumulative). */
    refundedPence: integer('refunded_pence').notNull().default(0),
    /** Of a card payment: taken back by the family's bank in disputes the carer lost. */
    chargedBackPence: integer('charged_back_pence').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_carer_number_key').on(t.carerUserId, t.kind, t.number),
    uniqueIndex('invoices_timesheet_key')
      .on(t.timesheetId)
      .where(sql`${t.kind} = 'invoice'`),
    index('invoices_customer_idx').on(t.customerId, t.issuedAt),
    index('invoices_carer_idx').on(t.carerUserId, t.issuedAt),
    index('invoices_credit_for_idx').on(t.creditFor),
    index('invoices_issued_idx').on(t.issuedAt),
    check('invoices_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check(
      'invoices_status_check',
      sql`${t.status} in ('open', 'marked_paid', 'paid', 'credited', 'refunded', 'partly_refunded')`,
    ),
    check(
      'invoices_refunded_check',
      sql`${t.refundedPence} >= 0 AND ${t.chargedBackPence} >= 0 AND ${t.refundedPence} + ${t.chargedBackPence} <= ${t.totalPence}`,
    ),
    check('invoices_total_check', sql`${t.totalPence} >= 0`),
    check('invoices_number_check', sql`${t.number} > 0`),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/** The family's own employment-status (HMRC CEST) reference for one carer, on their monthly statements. */
export const statementReferences = pgTable(
  'statement_references',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    carerUserId: uuid('carer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cestReference: text('cest_reference').notNull().default(''),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.carerUserId] }),
    index('statement_references_carer_idx').on(t.carerUserId),
  ],
);
export type StatementReferenceRow = typeof statementReferences.$inferSelect;
// ── Paying carers by card (decision 0039, money for care; migration 0034) ─────────────────────

/** A carer's connected account at the payment provider, as its last event described it. */
export const carePaymentAccounts = pgTable(
  'care_payment_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    accountId: text('account_id').notNull(),
    /** needs_details, pending or ready (payment-provider.ts `connectedAccountStatus`). */
    status: text('status').notNull().default('needs_details'),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    requirementsDue: jsonb('requirements_due').$type<string[]>().notNull().default([]),
    /** When the provider said the state applied: an older event never overwrites a newer one. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('care_payment_accounts_user_key').on(t.userId),
    uniqueIndex('care_payment_accounts_account_key').on(t.provider, t.accountId),
    check('care_payment_accounts_status_check', sql`${t.status} IN ('needs_details', 'pending', 'ready')`),
  ],
);
export type CarePaymentAccountRow = typeof carePaymentAccounts.$inferSelect;

/** Every attempt to pay an invoice by card; at most one live per invoice. */
export const carePaymentAttempts = pgTable(
  'care_payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The invoicing feature's invoice (no foreign key: the ledger is a port, decision 0039). */
    invoiceId: uuid('invoice_id').notNull(),
    /** The invoice's number when the attempt was made (for emails: the ledger is not asked again). */
    invoiceNumber: text('invoice_number').notNull(),
    attempt: integer('attempt').notNull(),
    payerId: uuid('payer_id').references(() => users.id, { onDelete: 'set null' }),
    carerId: uuid('carer_id').references(() => users.id, { onDelete: 'set null' }),
    familyId: uuid('family_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    accountId: text('account_id').notNull(),
    amountPence: integer('amount_pence').notNull(),
    feePence: integer('fee_pence').notNull(),
    /** pending (no PaymentIntent yet), requires_payment, processing, succeeded, failed (ended). */
    status: text('status').notNull().default('pending'),
    offSession: boolean('off_session').notNull().default(false),
    providerReference: text('provider_reference'),
    clientSecret: text('client_secret'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    refundedPence: integer('refunded_pence').notNull().default(0),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('care_payment_attempts_invoice_attempt_key').on(t.invoiceId, t.attempt),
    uniqueIndex('care_payment_attempts_live_key')
      .on(t.invoiceId)
      .where(sql`${t.status} IN ('pending', 'requires_payment', 'processing', 'succeeded')`),
    uniqueIndex('care_payment_attempts_reference_key').on(t.provider, t.providerReference),
    index('care_payment_attempts_carer_idx').on(t.carerId, t.createdAt),
    index('care_payment_attempts_succeeded_idx')
      .on(t.succeededAt)
      .where(sql`${t.status} = 'succeeded'`),
    check('care_payment_attempts_amount_check', sql`${t.amountPence} > 0`),
    check('care_payment_attempts_fee_check', sql`${t.feePence} >= 0 AND ${t.feePence} <= ${t.amountPence}`),
    check(
      'care_payment_attempts_refunded_check',
      sql`${t.refundedPence} >= 0 AND ${t.refundedPence} <= ${t.amountPence}`,
    ),
    check(
      'care_payment_attempts_status_check',
      sql`${t.status} IN ('pending', 'requires_payment', 'processing', 'succeeded', 'failed')`,
    ),
  ],
);
export type CarePaymentAttemptRow = typeof carePaymentAttempts.$inferSelect;

/** A family's card saved on the platform's customer, shared to carers' accounts per payment. */
export const careSavedCards = pgTable('care_saved_cards', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  customerId: text('customer_id'),
  /** Null until a setup finishes. */
  paymentMethodId: text('payment_method_id'),
  brand: text('brand'),
  last4: text('last4'),
  autoPay: boolean('auto_pay').notNull().default(false),
  ...timestamps,
});
export type CareSavedCardRow = typeof careSavedCards.$inferSelect;

export const carePaymentDisputes = pgTable(
  'care_payment_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => carePaymentAttempts.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').notNull(),
    provider: text('provider').notNull(),
    disputeRef: text('dispute_ref').notNull(),
    amountPence: integer('amount_pence').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
    /** An admin marked the closed dispute handled: when, who, and what they said was done. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledNote: text('handled_note'),
  },
  (t) => [uniqueIndex('care_payment_disputes_ref_key').on(t.provider, t.disputeRef)],
);
export type CarePaymentDisputeRow = typeof carePaymentDisputes.$inferSelect;

/** Money the provider paid out to a carer's bank (the demo provider: a day after the payment). */
export const carePayouts = pgTable(
  'care_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carerId: uuid('carer_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    accountId: text('account_id').notNull(),
    payoutRef: text('payout_ref').notNull(),
    amountPence: integer('amount_pence').notNull(),
    /** in_transit, paid or failed. */
    status: text('status').notNull(),
    arrivalDate: timestamp('arrival_date', { withTimezone: true }).notNull(),
    failureMessage: text('failure_message'),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('care_payouts_ref_key').on(t.provider, t.payoutRef),
    index('care_payouts_carer_idx').on(t.carerId, t.arrivalDate),
    index('care_payouts_due_idx')
      .on(t.arrivalDate)
      .where(sql`${t.status} = 'in_transit'`),
    check('care_payouts_status_check', sql`${t.status} IN ('in_transit', 'paid', 'failed')`),
  ],
);
export type CarePayoutRow = typeof carePayouts.$inferSelect;

/**
 * Push notices (decision 0044). One row per device a person turned push on for: the browser's
 * push endpoint and keys, tied to the session that turned it on (signing out there, or the session
 * ending, removes it).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionIdHash: text('session_id_hash')
      .notNull()
      .references(() => sessions.idHash, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastPushedAt: timestamp('last_pushed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionIdHash),
  ],
);

/** A person's push choices: the kinds turned off (none by default) and message previews (off by default). */
export const pushSettings = pgTable('push_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kindsOff: text('kinds_off')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  previews: boolean('previews').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Pushes waiting to go, written in the transaction of the change they report (like the email
 * outbox) and deleted once sent: what a notice says is never kept after it went.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    tag: text('tag').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('push_outbox_due_idx').on(t.nextAttemptAt),
    index('push_outbox_user_idx').on(t.userId),
    check(
      'push_outbox_kind_check',
      sql`${t.kind} in ('messages', 'care_requests', 'proposals', 'visit_notices', 'no_show_alerts', 'cover_offers')`,
    ),
  ],
);

/** Demo mode only: the VAPID key pair made at the first start, kept so subscriptions survive restarts. */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: smallint('id').primaryKey(),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('push_vapid_keys_one_row_check', sql`${t.id} = 1`)],
);
