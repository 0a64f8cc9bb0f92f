-- Issue 19: care near me. Distance search needs earthdistance (on cube): both ship with
-- PostgreSQL 15's contrib and with PGlite (decision 0022).
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
CREATE TABLE "place_lookups" (
	"query" text PRIMARY KEY NOT NULL,
	"found" boolean NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"label" text,
	"outward_code" text,
	"looked_up_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carer_profiles" ADD COLUMN "home_postcode" text;--> statement-breakpoint
ALTER TABLE "carer_profiles" ADD COLUMN "home_postcode_checked" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "carer_profiles" ADD COLUMN "home_latitude" double precision;--> statement-breakpoint
ALTER TABLE "carer_profiles" ADD COLUMN "home_longitude" double precision;--> statement-breakpoint
ALTER TABLE "carer_profiles" ADD COLUMN "travel_miles" smallint;--> statement-breakpoint
ALTER TABLE "carer_profiles" ADD COLUMN "availability_slots" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "carer_profiles" ADD COLUMN "availability_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carer_profiles" ADD COLUMN "availability_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_place" text;--> statement-breakpoint
CREATE INDEX "carer_profiles_home_earth_idx" ON "carer_profiles" USING gist (ll_to_earth("home_latitude", "home_longitude")) WHERE "carer_profiles"."home_latitude" IS NOT NULL AND "carer_profiles"."home_longitude" IS NOT NULL;
--> statement-breakpoint
-- Existing profiles get the week their tags stand for (weekFromTags in src/contracts/availability.ts):
-- Weekdays = Monday-Friday mornings and afternoons, Weekends = Saturday and Sunday mornings and
-- afternoons, Evenings = every evening, Nights = every overnight (bit = day * 4 + part).
UPDATE "carer_profiles" SET "availability_slots" =
  (CASE WHEN 'Weekdays' = ANY ("availability") THEN 209715 ELSE 0 END)
  | (CASE WHEN 'Weekends' = ANY ("availability") THEN 53477376 ELSE 0 END)
  | (CASE WHEN 'Evenings' = ANY ("availability") THEN 71582788 ELSE 0 END)
  | (CASE WHEN 'Nights' = ANY ("availability") THEN 143165576 ELSE 0 END);
