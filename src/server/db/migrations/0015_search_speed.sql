-- Issue 19, search under real traffic (docs/performance.md, "Carer search: how it meets the targets").
-- Carers whose travel area holds a place: the box around each home as far as the carer travels
-- (50 miles, the widest search, when they have not said). A search within 20 miles or more finds
-- its candidates here: far fewer than the homes in a wide circle, since most carers travel 5-25 miles.
CREATE INDEX "carer_profiles_travel_area_idx" ON "carer_profiles" USING gist (earth_box(ll_to_earth("home_latitude", "home_longitude"), coalesce("travel_miles", 50) * 1609.344::float8)) WHERE "carer_profiles"."home_latitude" IS NOT NULL AND "carer_profiles"."home_longitude" IS NOT NULL;
--> statement-breakpoint
-- The rating and price orders of one care type: a walk in the order reads only that type's carers.
CREATE INDEX "carer_profiles_type_rating_idx" ON "carer_profiles" USING btree ("is_active","specialization","rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id");
--> statement-breakpoint
CREATE INDEX "carer_profiles_type_price_idx" ON "carer_profiles" USING btree ("is_active","specialization","hourly_rate_min","id");
