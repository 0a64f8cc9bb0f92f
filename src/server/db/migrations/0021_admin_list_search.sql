-- Issue 21 point 11: the admin lists (customers, carers, verifications) are paged in a stable
-- order and searched by name or email. Hand-written (no drizzle snapshot, like 0019): expression
-- and partial indexes that schema.ts does not declare. pg_trgm was created by migration 0001.
--
-- Search: a case-insensitive substring of the name or email, `lower(<expression>) LIKE '%…%'`,
-- answered from trigram indexes on the very expressions the repositories compare.
CREATE INDEX IF NOT EXISTS users_admin_search_trgm_idx ON users
	USING gin ((lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email)) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS carer_profiles_admin_search_trgm_idx ON carer_profiles
	USING gin ((lower(first_name || ' ' || last_name)) gin_trgm_ops);
--> statement-breakpoint
-- Paging: newest first, ties broken by id (the keyset the cursors carry).
CREATE INDEX IF NOT EXISTS users_customers_created_idx ON users (created_at DESC, id DESC)
	WHERE role = 'customer';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS carer_profiles_created_idx ON carer_profiles (created_at DESC, id DESC);
