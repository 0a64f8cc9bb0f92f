import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
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
    subscriptionType: text('subscription_type', { enum: ['monthly', 'annual'] }),
    subscriptionExpiresAt: timestamp('subscription_expires_at', { withTimezone: true }),
    oidcSubject: text('oidc_subject'),
    ...timestamps,
  },
  (t) => [
    // Case-insensitive uniqueness: 'Anna@Example.com' and 'anna@example.com' are one account.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_subject_key').on(t.oidcSubject),
    check('users_role_check', sql`${t.role} in ('customer', 'carer', 'admin')`),
    check(
      'users_subscription_type_check',
      sql`${t.subscriptionType} is null or ${t.subscriptionType} in ('monthly', 'annual')`,
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
    /** Null for profiles an admin created without an account (SPEC test admin dashboard). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    photoUrl: text('photo_url'),
    specialization: text('specialization').notNull(),
    experience: text('experience').notNull(),
    location: text('location').notNull(),
    postcodeDistrict: text('postcode_district'),
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
    ...timestamps,
  },
  (t) => [
    uniqueIndex('carer_profiles_user_id_key').on(t.userId),
    index('carer_profiles_active_idx').on(t.isActive, t.createdAt),
    index('carer_profiles_best_idx').on(t.isActive, t.rankScore.desc(), t.id),
    index('carer_profiles_type_best_idx').on(t.isActive, t.specialization, t.rankScore.desc(), t.id),
    index('carer_profiles_rating_idx').on(t.isActive, t.rating.desc(), t.reviewCount.desc(), t.id),
    index('carer_profiles_price_idx').on(t.isActive, t.hourlyRateMin, t.id),
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
    index('carer_profiles_district_best_idx').on(
      t.isActive,
      sql`upper(${t.postcodeDistrict})`,
      t.rankScore.desc(),
      t.id,
    ),
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

/** Carers a customer keeps for later (issue 3, "Saved carers"). */
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

/** One thread per customer and carer profile. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    carerId: uuid('carer_id')
      .notNull()
      .references(() => carerProfiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
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
    check('messages_content_length_check', sql`char_length(${t.content}) between 1 and 2000`),
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt),
    index('messages_sender_idx').on(t.senderId),
    index('messages_receiver_idx').on(t.receiverId, t.readAt),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Set null on account deletion: amounts and dates stay for the accounts. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference').notNull(),
    plan: text('plan').notNull(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('gbp'),
    status: text('status').notNull().default('pending'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_reference_key').on(t.provider, t.providerReference),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    check('payments_amount_check', sql`${t.amountPence} > 0`),
    check(
      'payments_status_check',
      sql`${t.status} in ('pending', 'succeeded', 'failed', 'refunded', 'cancelled')`,
    ),
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

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Set null if the acting account is later deleted; the entry itself is never removed. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
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
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type CarerProfileRow = typeof carerProfiles.$inferSelect;
