-- Issue 19, search under real traffic, continued (docs/performance.md, "Carer search: how it meets the targets").
-- The price orders carry hourly_rate_max as a last key: a search with a rate window tests it on the
-- index entries while walking cheapest first, instead of fetching every cheaper carer whose rates
-- end below the window (a high minRate read ~40,000 rows of 100,000).
DROP INDEX IF EXISTS "carer_profiles_price_idx";
--> statement-breakpoint
CREATE INDEX "carer_profiles_price_idx" ON "carer_profiles" USING btree ("is_active","hourly_rate_min","id","hourly_rate_max");
--> statement-breakpoint
DROP INDEX IF EXISTS "carer_profiles_type_price_idx";
--> statement-breakpoint
CREATE INDEX "carer_profiles_type_price_idx" ON "carer_profiles" USING btree ("is_active","specialization","hourly_rate_min","id","hourly_rate_max");
--> statement-breakpoint
-- The distinct locations, in order: a location text too short for the trigram index ('m6', 'l8')
-- is looked for among them (one descent per distinct location), then its carers through this index.
CREATE INDEX "carer_profiles_location_lower_idx" ON "carer_profiles" USING btree (lower("location"));
